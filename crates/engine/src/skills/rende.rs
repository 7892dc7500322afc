//! 仁德 Rende — 刘备.
//!
//! 出牌阶段，你可以将任意张手牌交给其他角色，当你于本阶段以此法给出的牌首次达到两张或更多时，你回复1点体力。
//! In your play phase you may give any number of hand cards to other characters; the first time
//! this phase the total given reaches two, you recover 1 HP.
//!
//! No use limit. Each invocation names one other character (`Action::Skill` with its target),
//! then the cards (any number, at least one); a split among several characters is several
//! invocations. The running total is this turn's mark (the play phase comes once per turn), so
//! at most one heal per phase. The cards go hand to hand: only the two of them see which.
//!
//! The 2008 text ([`EARLY`], `V-EARLY-4`, `edition = 2008`): 出牌阶段，可以任意地把手牌分发给其他玩家……每分发出
//! 两张手牌刘备加一点体力。不足两张的，不加体力。 Every second card given this turn heals 1 (five cards
//! in any split: 2 HP), however the gifts are split.

use crate::action::Action;
use crate::def::skill::{Active, SkillDef, SkillFrame};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::Step;
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    active: Some(Active { can_use }),
    active_targets: Some(others),
    step: Some(step),
    ..SkillDef::named(SkillId::Rende, "仁德", "Rende", "出牌阶段，你可以将任意张手牌交给其他角色，当你于本阶段以此法给出的牌首次达到两张或更多时，你回复1点体力。", "In your play phase you may give any number of hand cards to other characters; the first time this phase the total given reaches two, you recover 1 HP.")
};

pub(crate) fn can_use(game: &Game, owner: Seat) -> bool {
    !game.hand(owner).is_empty()
}

/// 仁德 as the 2008 leaflet words it: 1 HP for every two cards given.
pub static EARLY: SkillDef = SkillDef {
    active: Some(Active { can_use }),
    active_targets: Some(others),
    step: Some(|game, frame| give_healing(game, frame, SkillId::RendeEarly, |before, after| after / 2 - before / 2)),
    ..SkillDef::named(SkillId::RendeEarly, "仁德", "Rende", "出牌阶段，你可以将任意张手牌交给其他角色，你以此法每给出两张牌，回复1点体力。", "In your play phase you may give any number of hand cards to other characters; for every two cards given you recover 1 HP.")
};

/// Any other living character may receive.
pub(crate) fn others(game: &Game, owner: Seat) -> Vec<Vec<Seat>> {
    game.order_from(owner)
        .into_iter()
        .filter(|s| *s != owner)
        .map(|s| vec![s])
        .collect()
}

/// `frame.seats[0]` receives: choose the cards, give them, heal on reaching two.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    give(game, frame, SkillId::Rende, 2)
}

/// One 仁德 invocation of `skill`: the cards to give, then the gift; the owner recovers 1 HP the
/// first time this turn's total reaches `heals_at` (2 here, 3 in 国战's `rende_heg`).
pub(crate) fn give(game: &mut Game, frame: &mut SkillFrame, skill: SkillId, heals_at: u8) -> Step {
    give_healing(game, frame, skill, |before, after| {
        u8::from(before < heals_at && after >= heals_at)
    })
}

/// One invocation of a 仁德 text: the cards to give, then the gift; the owner then recovers
/// `heal(total before, total after)` HP (this turn's running total).
fn give_healing(
    game: &mut Game,
    frame: &mut SkillFrame,
    skill: SkillId,
    heal: impl Fn(u8, u8) -> u8,
) -> Step {
    let owner = frame.owner;
    let Some(&target) = frame.seats.first() else {
        return Step::Done;
    };
    if frame.step == 0 {
        let hand = game.hand(owner).to_vec();
        if hand.is_empty() || target == owner || !game.is_alive(target) {
            return Step::Done;
        }
        frame.step = 1;
        let max = hand.len() as u8;
        return Step::ask(Prompt::new(
            owner,
            PromptKind::Choose {
                cause: Cause::Skill(skill),
            },
            Choices::Cards {
                from: hand,
                min: 1,
                max,
                can_pass: true,
            },
        ));
    }
    let Some((_, Action::Cards { cards })) = game.take_answer() else {
        return Step::Done;
    };
    game.invoke(owner, skill, vec![target]);
    game.move_cards(&cards, Zone::Hand(target));
    let before = game.turn.mark(skill);
    let after = before.saturating_add(cards.len() as u8);
    game.turn.set_mark(skill, after);
    let points = heal(before, after);
    if points > 0 {
        game.recover(owner, points);
    }
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind;
    use crate::event::Event;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::seat::{Role, Seat};
    use crate::testing::{cards, seat, table, Check};

    /// 刘备 (seat 0, 2 of 4 HP) in his play phase with `hand`.
    fn liubei(hand: &[CardKind]) -> Check {
        let mut s = table(&[Role::Lord, Role::Rebel, Role::Renegade]);
        seat(&mut s, 0).general = GeneralId::Liubei;
        seat(&mut s, 0).hp = Some(2);
        seat(&mut s, 0).hand = cards(hand);
        Check::new(s)
    }

    /// Gives the hand cards of these kinds to `to`.
    fn give(c: &mut Check, to: u8, kinds: &[CardKind]) {
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Rende,
                cards: Vec::new(),
                targets: vec![Seat(to)],
            },
        );
        let mut chosen = Vec::new();
        for kind in kinds {
            let card = c
                .game
                .hand(Seat(0))
                .iter()
                .copied()
                .find(|id| c.game.card(*id).kind == *kind && !chosen.contains(id))
                .expect("card in hand");
            chosen.push(card);
        }
        c.act(0, Action::Cards { cards: chosen });
    }

    #[test]
    fn the_second_card_given_this_phase_heals_once() {
        let mut c = liubei(&[
            CardKind::Slash,
            CardKind::Jink,
            CardKind::Peach,
            CardKind::Duel,
        ]);
        give(&mut c, 1, &[CardKind::Slash]);
        assert_eq!(c.hp(0), 2);
        assert_eq!(c.hand(1), vec![CardKind::Slash]);
        give(&mut c, 2, &[CardKind::Jink]);
        assert_eq!(c.hp(0), 3, "the running total reached two");
        give(&mut c, 1, &[CardKind::Peach, CardKind::Duel]);
        assert_eq!(c.hp(0), 3, "at most one heal per phase");
        assert!(c.hand(0).is_empty());
        assert_eq!(c.hand(1).len(), 3);
        // No cards left: nothing more to give.
        assert!(!c.allows(
            0,
            &Action::Skill {
                skill: SkillId::Rende,
                cards: Vec::new(),
                targets: vec![Seat(1)],
            }
        ));
        c.assert_conserved();
    }

    #[test]
    fn two_at_once_heal_and_only_the_two_of_them_see_the_cards() {
        let mut c = liubei(&[CardKind::Slash, CardKind::Jink]);
        let before = c.events.len();
        give(&mut c, 1, &[CardKind::Slash, CardKind::Jink]);
        assert_eq!(c.hp(0), 3);
        let log = crate::game::Events(c.events[before..].to_vec());
        let seen_by = |viewer: u8| {
            log.for_viewer(Some(Seat(viewer))).into_iter().any(|e| {
                matches!(e, Event::CardsMoved { cards, .. } if cards.iter().all(Option::is_some))
            })
        };
        assert!(seen_by(0) && seen_by(1));
        assert!(!seen_by(2));
    }

    #[test]
    fn choosing_no_card_gives_nothing() {
        let mut c = liubei(&[CardKind::Slash]);
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Rende,
                cards: Vec::new(),
                targets: vec![Seat(2)],
            },
        );
        c.pass(0);
        assert_eq!(c.hand(0), vec![CardKind::Slash]);
        assert!(c.has_prompt(0), "back in the play phase");
    }

    #[test]
    fn the_count_starts_again_next_turn() {
        // Two seats: 刘备 gives one card in each of two turns and never reaches two per turn.
        let mut s = table(&[Role::Lord, Role::Rebel]);
        seat(&mut s, 0).general = GeneralId::Liubei;
        seat(&mut s, 0).hp = Some(2);
        seat(&mut s, 0).hand = cards(&[CardKind::Slash]);
        let mut c = Check::new(s);
        give(&mut c, 1, &[CardKind::Slash]);
        c.pass(0); // end of the play phase; nothing to discard
        c.pass(1); // seat 1's play phase (draws 2, holds 3 of 4 HP)
        assert!(c.has_prompt(0), "刘备's next play phase");
        let card = c.hand(0)[0];
        give(&mut c, 1, &[card]);
        assert_eq!(c.hp(0), 2);
        let card = c.hand(0)[0];
        give(&mut c, 1, &[card]);
        assert_eq!(c.hp(0), 3);
    }

    /// V-EARLY-4: the 2008 刘备 heals 1 for every second card given this turn, however split.
    #[test]
    fn v_early_4_the_2008_rende_heals_per_two_cards() {
        let mut s = table(&[Role::Lord, Role::Rebel, Role::Renegade]);
        s.ruleset.edition = crate::ruleset::EARLY_EDITION.to_string();
        seat(&mut s, 0).general = GeneralId::LiubeiEarly;
        seat(&mut s, 0).hp = Some(1);
        seat(&mut s, 0).hand = cards(&[CardKind::Slash; 6]);
        let mut c = Check::new(s);
        let mut hp = Vec::new();
        for (to, n) in [(1, 1), (2, 1), (1, 1), (2, 2), (1, 1)] {
            c.act(
                0,
                Action::Skill {
                    skill: SkillId::RendeEarly,
                    cards: Vec::new(),
                    targets: vec![Seat(to)],
                },
            );
            let chosen = c.game.hand(Seat(0))[..n].to_vec();
            c.act(0, Action::Cards { cards: chosen });
            hp.push(c.hp(0));
        }
        assert_eq!(hp, vec![1, 2, 2, 3, 4]);
        assert_eq!((c.hand(1).len(), c.hand(2).len()), (3, 3));
    }
}
