//! 不屈 Buqu — 周泰 [锁定技] (2013 text).
//!
//! 锁定技，每当你处于濒死状态时，你将牌堆顶的一张牌置于你的武将牌上，称为"创"：若此牌的点数与已有的"创"点数均不同，你将体力回复至1点；若点数相同，将此牌置入弃牌堆。若你的武将牌上有"创"，你的手牌上限等于"创"的数量。
//! Compulsory: whenever you are dying, put the top card of the draw pile face up on your general
//! (a "wound"): if its rank differs from every wound already there, recover to 1 HP; otherwise
//! put it into the discard pile. While you have wounds, your hand limit is their number.
//!
//! W-BUQU-1: when the rescue reaches 周泰 himself, before he is asked for 桃 (ruling O-2: those
//! before him in the order may already have saved him); one card per dying. W-BUQU-2: a duplicate
//! rank goes to the discard pile and the rescue goes on; the hand limit is the pile's size even
//! below his HP. W-BUQU-3: the pile is public, not his hand, and goes to the discard pile when he
//! dies.
//!
//! The 2009 text ([`ORIGINAL`], `W-BUQU-OLD`, not compulsory): 每当你扣减1点体力后，若你当前的体力值为0或更低，
//! 你可以将牌堆顶的一张牌置于你的武将牌上；若这些牌点数均不同，你不会进入濒死状态。每当你回复1点体力后，你将武将牌上的一张牌置入弃牌堆。
//! Each time you lose a point of HP and are then at 0 HP or lower, you may put the top card of
//! the draw pile on your general; while no two of them share a rank you do not enter dying. Each
//! time you recover 1 HP, put one of them into the discard pile. W-BUQU-OLD-1: the pile is kept
//! at 1 − HP cards while HP ≤ 0 (he is asked once per fall, for every point of it), and every
//! card goes at HP 1 or more. The card a recovery removes is chosen for him: a card whose rank
//! is doubled first, else the last placed (ruling in docs/rulings.md). W-BUQU-OLD-2: a doubled
//! rank puts him in dying; if recoveries during the rescue clear the double he survives at 0 HP
//! or below, else he dies. W-BUQU-OLD-3 (losing 不屈 below 1 HP) cannot happen with the packs
//! registered: nothing takes a skill away.

use crate::action::Action;
use crate::card::CardId;
use crate::def::skill::{Ask, Modifiers, SkillDef, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Visibility;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    triggers: &[Trigger {
        timing: Timing::SavingSelf,
        can_trigger,
        ask: Ask::Never,
        on_trigger,
    }],
    modifiers: Modifiers {
        hand_limit: Some(hand_limit),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Buqu,
        "不屈",
        "Buqu",
        "锁定技，每当你处于濒死状态时，你将牌堆顶的一张牌置于你的武将牌上，称为“创”：若此牌的点数与已有的“创”点数均不同，你将体力回复至1点；若点数相同，将此牌置入弃牌堆。若你的武将牌上有“创”，你的手牌上限等于“创”的数量。",
        "Compulsory: whenever you are dying, put the top card of the draw pile on your general as a wound: if its rank differs from every other wound, recover to 1 HP; otherwise discard it. While you have wounds, your hand limit equals their number.",
    )
};

/// 不屈 as the 2009 print words it.
pub static ORIGINAL: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::BelowOne,
        can_trigger: wounds_wanting,
        ask: Ask::Confirm,
        on_trigger: add_wounds,
    }],
    modifiers: Modifiers {
        alive_below_one: Some(wounds_differ),
        ..Modifiers::NONE
    },
    recovered: Some(give_back_wounds),
    ..SkillDef::named(
        SkillId::BuquOld,
        "不屈",
        "Buqu",
        "每当你扣减1点体力后，若你当前的体力值为0或更低，你可以将牌堆顶的一张牌置于你的武将牌上；若这些牌点数均不同，你不会进入濒死状态。每当你回复1点体力后，你将武将牌上的一张牌置入弃牌堆。",
        "Each time you lose 1 HP and are then at 0 HP or lower, you may put the top card of the draw pile on your general: while no two of those cards share a rank, you do not enter dying. Each time you recover 1 HP, put one of them into the discard pile.",
    )
};

/// The wounds 周泰 should hold at his HP: 1 − HP while at 0 or below.
fn wounds_due(game: &Game, owner: Seat) -> usize {
    (1 - i32::from(game.hp(owner))).max(0) as usize
}

fn wounds_wanting(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Dying { seat, .. } if *seat == owner)
        && game.pile(owner, SkillId::BuquOld).len() < wounds_due(game, owner)
}

/// One card from the top of the draw pile for every point lost at 0 HP or below.
fn add_wounds(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    let missing = wounds_due(game, owner).saturating_sub(game.pile(owner, SkillId::BuquOld).len());
    let cards = game.take_from_top(missing);
    game.move_to_pile(&cards, owner, SkillId::BuquOld, Visibility::Public);
    None
}

/// The cards placed are at least 1 − HP and no two share a rank.
fn wounds_differ(game: &Game, owner: Seat) -> bool {
    let pile = game.pile(owner, SkillId::BuquOld);
    pile.len() >= wounds_due(game, owner) && doubled(game, pile).is_none()
}

/// The last card of `pile` whose rank an earlier card has.
fn doubled(game: &Game, pile: &[CardId]) -> Option<CardId> {
    let rank = |c: &CardId| game.deck().card(*c).rank;
    pile.iter()
        .enumerate()
        .rev()
        .find(|(i, c)| pile[..*i].iter().any(|e| rank(e) == rank(c)))
        .map(|(_, c)| *c)
}

/// After a recovery the pile shrinks to 1 − HP: a doubled rank goes first, then the last
/// placed.
fn give_back_wounds(game: &mut Game, owner: Seat) {
    loop {
        let pile = game.pile(owner, SkillId::BuquOld).to_vec();
        if pile.len() <= wounds_due(game, owner) {
            return;
        }
        let Some(card) = doubled(game, &pile).or(pile.last().copied()) else {
            return;
        };
        game.discard(&[card]);
    }
}

fn can_trigger(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Dying { seat, .. } if *seat == owner)
}

fn on_trigger(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    let &card = game.take_from_top(1).first()?;
    let rank = game.deck().card(card).rank;
    let duplicate = game
        .pile(owner, SkillId::Buqu)
        .iter()
        .any(|c| game.deck().card(*c).rank == rank);
    game.move_to_pile(&[card], owner, SkillId::Buqu, Visibility::Public);
    if duplicate {
        game.discard(&[card]);
    } else {
        let missing = 1 - i32::from(game.hp(owner));
        game.recover(owner, missing.clamp(0, i32::from(u8::MAX)) as u8);
    }
    None
}

/// With wounds, the limit is their number: the HP-based limit is replaced.
fn hand_limit(game: &Game, owner: Seat) -> i32 {
    let wounds = game.pile(owner, SkillId::Buqu).len() as i32;
    if wounds == 0 {
        return 0;
    }
    wounds - i32::from(game.hp(owner).max(0))
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::ids::{GeneralId, SkillId};
    use crate::prompt::PromptKind;
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// Seat 0 slashes 周泰 (seat 1, 1 HP); the draw pile starts with `top`.
    fn zhoutai(top: Vec<CardSpec>, wounds: Vec<CardSpec>) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel]), "wind");
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).general = GeneralId::Zhoutai;
        seat(&mut s, 1).hp = Some(1);
        seat(&mut s, 1).piles = if wounds.is_empty() {
            Vec::new()
        } else {
            vec![crate::scenario::PileSpec {
                skill: SkillId::Buqu,
                visibility: crate::zone::Visibility::Public,
                cards: wounds,
            }]
        };
        s.draw_pile_top = top;
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        c
    }

    #[test]
    fn w_buqu_1_when_the_rescue_reaches_him_a_new_rank_saves_him() {
        let mut c = zhoutai(vec![CardSpec::exact(Jink, Suit::Heart, 13)], Vec::new());
        // Seat 0 is asked first and passes; then 不屈, before 周泰 is asked.
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Save { .. })));
        c.pass(0);
        assert_eq!(c.hp(1), 1);
        assert_eq!(c.game.pile(Seat(1), SkillId::Buqu).len(), 1);
        assert!(c.alive(1));
        // W-BUQU-2: hand limit = 1 wound.
        assert_eq!(c.game.hand_limit(Seat(1)), 1);
    }

    #[test]
    fn w_buqu_2_a_duplicate_rank_is_discarded_and_the_rescue_goes_on() {
        let mut c = zhoutai(
            vec![CardSpec::exact(Jink, Suit::Heart, 13)],
            vec![CardSpec::exact(Slash, Suit::Diamond, 13)],
        );
        c.pass(0);
        assert_eq!(c.game.pile(Seat(1), SkillId::Buqu).len(), 1);
        assert!(c.discard_pile().contains(&Jink));
        // He is asked for 桃 himself, then dies.
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Save { .. })));
        c.pass(1);
        assert!(!c.alive(1));
        // W-BUQU-3: the wounds go to the discard pile.
        assert!(c.game.pile(Seat(1), SkillId::Buqu).is_empty());
        c.assert_conserved();
    }

    /// The 2009 周泰 (seat 1, 1 HP, holding `hand`): seat 0 slashes him and he takes it; then
    /// seat 0 duels him and he has no 杀. The draw pile starts with `top`.
    fn zhoutai_2009(top: Vec<CardSpec>, hand: &[crate::card::CardKind], confirm: bool) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel]), "wind");
        s.ruleset.edition = crate::ruleset::ORIGINAL_EDITION.to_string();
        seat(&mut s, 0).hand = cards(&[Slash, Duel]);
        seat(&mut s, 1).general = GeneralId::ZhoutaiOld;
        seat(&mut s, 1).hp = Some(1);
        seat(&mut s, 1).hand = cards(hand);
        s.draw_pile_top = top;
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        // At 0 HP: 不屈 asks whether to put a card on his general.
        assert!(c.is_asked(1, |k| *k
            == PromptKind::Confirm {
                skill: SkillId::BuquOld
            }));
        if !confirm {
            c.pass(1);
            return c;
        }
        c.skill(1, SkillId::BuquOld);
        // No 无懈可击 from either; no 杀 from him.
        c.card(0, Duel, &[1]).pass(1).pass(0).pass(1);
        c.skill(1, SkillId::BuquOld);
        c
    }

    #[test]
    fn w_buqu_old_1_a_card_per_point_below_one_and_no_dying_while_ranks_differ() {
        let top = vec![
            CardSpec::exact(Jink, Suit::Heart, 13),
            CardSpec::exact(Slash, Suit::Club, 5),
        ];
        let c = zhoutai_2009(top, &[], true);
        assert!(c.alive(1));
        assert_eq!(c.hp(1), -1);
        assert_eq!(
            c.game.pile(Seat(1), SkillId::BuquOld).len(),
            2,
            "1 − HP cards"
        );
        assert!(
            !c.events
                .iter()
                .any(|e| matches!(e, crate::event::Event::Dying { .. })),
            "he never entered dying"
        );
        c.assert_conserved();
    }

    #[test]
    fn w_buqu_old_2_a_doubled_rank_means_dying_and_a_recovery_that_clears_it_saves_him() {
        let top = vec![
            CardSpec::exact(Jink, Suit::Heart, 13),
            CardSpec::exact(Slash, Suit::Diamond, 13),
        ];
        let mut c = zhoutai_2009(top, &[Peach], true);
        // Two Ks: he is dying. Seat 0 is asked first, then he saves himself with a 桃.
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Save { .. })));
        c.pass(0);
        c.card(1, Peach, &[]);
        assert!(c.alive(1));
        assert_eq!(c.hp(1), 0, "alive at 0 HP");
        let pile = c.game.pile(Seat(1), SkillId::BuquOld).to_vec();
        assert_eq!(pile.len(), 1, "the recovery gave back the doubled card");
        c.assert_conserved();
    }

    #[test]
    fn w_buqu_old_2_a_doubled_rank_not_cleared_kills_him() {
        let top = vec![
            CardSpec::exact(Jink, Suit::Heart, 13),
            CardSpec::exact(Slash, Suit::Diamond, 13),
        ];
        let mut c = zhoutai_2009(top, &[], true);
        c.pass(0).pass(1);
        assert!(!c.alive(1));
        assert!(c.game.pile(Seat(1), SkillId::BuquOld).is_empty());
        c.assert_conserved();
    }

    #[test]
    fn w_buqu_old_declined_he_enters_dying_as_anyone() {
        let mut c = zhoutai_2009(vec![CardSpec::exact(Jink, Suit::Heart, 13)], &[], false);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Save { .. })));
        c.pass(0).pass(1);
        assert!(!c.alive(1));
    }
}
