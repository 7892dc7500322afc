//! 离间 Lijian — 貂蝉.
//!
//! 出牌阶段限一次，你可以弃置一张牌并选择两名其他男性角色，令后选择的角色视为对先选择的角色使用一张不能被【无懈可击】响应的【决斗】。
//! Once per play phase, discard a card (hand or equipment) and choose two other male characters:
//! the second chosen is treated as using a 决斗 on the first chosen; it cannot be nullified.
//!
//! First the card (passing cancels), then the two characters in order (passing still cancels,
//! nothing is paid yet). The first chosen must be a legal 决斗 target of the second (空城 …).
//! The 决斗 is virtual: it is made of no card, so nobody can obtain it (奸雄).

use crate::action::Action;
use crate::card::{CardKind, UsedCard};
use crate::def::skill::{Active, Limit, SkillDef, SkillFrame, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{CardUse, Frame, Step, UseFrame};
use crate::seat::{Gender, Seat};
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    tags: Tags::NONE,
    limit: Some(Limit::ONCE_PER_PHASE),
    active: Some(Active { can_use }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Lijian,
        "离间",
        "Lijian",
        "出牌阶段限一次，你可以弃置一张牌并选择两名其他男性角色，令后选择的角色视为对先选择的角色使用一张不能被【无懈可击】响应的【决斗】。",
        "Once per play phase, discard a card and choose two other male characters: the second is treated as using an unnullifiable Duel on the first.",
    )
};

const CARD: u8 = 0;
const SEATS: u8 = 1;
const PAY: u8 = 2;
const DUEL: u8 = 3;
const DONE: u8 = 4;

fn duel(skill: SkillId) -> UsedCard {
    UsedCard {
        skill: Some(skill),
        ..UsedCard::virtual_card(CardKind::Duel)
    }
}

/// Ordered pairs (first, second) of other male characters where the second may duel the first.
fn pairs(game: &Game, owner: Seat, skill: SkillId) -> Vec<(Seat, Seat)> {
    let males: Vec<Seat> = game
        .order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && game.gender(*s) == Some(Gender::Male))
        .collect();
    let mut pairs = Vec::new();
    for &first in &males {
        for &second in &males {
            if first != second && game.can_target(second, first, &duel(skill)) {
                pairs.push((first, second));
            }
        }
    }
    pairs
}

fn own_cards(game: &Game, owner: Seat) -> Vec<crate::card::CardId> {
    let cards = &game.table.seats[owner.index()];
    cards.held().collect()
}

fn can_use(game: &Game, owner: Seat) -> bool {
    usable(game, owner, SkillId::Lijian)
}

/// Has the owner a card to pay and a pair of other males for `skill`'s 决斗?
pub(crate) fn usable(game: &Game, owner: Seat, skill: SkillId) -> bool {
    !own_cards(game, owner).is_empty() && !pairs(game, owner, skill).is_empty()
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    sow_discord(game, frame, SkillId::Lijian, true)
}

/// One 离间 of `skill`: the card, the two males, the payment, then the 决斗 — which 无懈可击
/// cannot answer when `unnullifiable` (the identity text; 国战's `lijian_heg` has no such clause).
pub(crate) fn sow_discord(
    game: &mut Game,
    frame: &mut SkillFrame,
    skill: SkillId,
    unnullifiable: bool,
) -> Step {
    let owner = frame.owner;
    let kind = PromptKind::Choose {
        cause: Cause::Skill(skill),
    };
    match frame.step {
        CARD => {
            frame.step = SEATS;
            let choices = Choices::Cards {
                from: own_cards(game, owner),
                min: 1,
                max: 1,
                can_pass: true,
            };
            Step::ask(Prompt::new(owner, kind, choices))
        }
        SEATS => {
            let Some((_, Action::Cards { cards })) = game.take_answer() else {
                return Step::Done;
            };
            frame.cards = cards;
            frame.step = PAY;
            let mut actions: Vec<Action> = pairs(game, owner, skill)
                .into_iter()
                .map(|(first, second)| Action::Seats {
                    seats: vec![first, second],
                })
                .collect();
            actions.push(Action::Pass);
            Step::ask(Prompt::new(owner, kind, Choices::actions(actions)))
        }
        PAY => {
            let Some((_, Action::Seats { seats })) = game.take_answer() else {
                return Step::Done;
            };
            let mine = |c: &crate::card::CardId| matches!(game.table.zone_of(*c), Zone::Hand(s) | Zone::Equip(s) if s == owner);
            if seats.len() != 2 || !frame.cards.iter().all(mine) {
                return Step::Done;
            }
            game.invoke(owner, skill, seats.clone());
            game.discard(&frame.cards);
            frame.seats = seats;
            frame.step = DUEL;
            Step::Again
        }
        DUEL => {
            frame.step = DONE;
            let (first, second) = (frame.seats[0], frame.seats[1]);
            if !game.is_alive(first) || !game.is_alive(second) {
                return Step::Done;
            }
            let card_use = CardUse {
                unnullifiable,
                ..CardUse::new(second, duel(skill), vec![first])
            };
            Step::Push(Frame::Use(UseFrame::new(card_use)))
        }
        _ => {
            game.take_reply();
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::{self, *};
    use crate::event::Event;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::PromptKind;
    use crate::seat::{Role::*, Seat};
    use crate::testing::{cards, seat, table, Check};

    /// 貂蝉 at seat 0 holding `hand`; seats 1 and 2 male, seat 3 female (甄姬).
    fn diaochan(hand: &[CardKind], one: &[CardKind], two: &[CardKind]) -> Check {
        let mut s = table(&[Lord, Rebel, Loyalist, Renegade]);
        seat(&mut s, 0).general = GeneralId::Diaochan;
        seat(&mut s, 0).hand = cards(hand);
        seat(&mut s, 1).hand = cards(one);
        seat(&mut s, 2).hand = cards(two);
        seat(&mut s, 3).general = GeneralId::Zhenji;
        seat(&mut s, 3).hand = cards(&[Nullification]);
        Check::new(s)
    }

    fn start(c: &mut Check) -> &mut Check {
        c.skill(0, SkillId::Lijian)
    }

    fn pay_first_card(c: &mut Check) -> &mut Check {
        let card = c.game.hand(Seat(0))[0];
        c.act(0, Action::Cards { cards: vec![card] })
    }

    fn choose(c: &mut Check, first: u8, second: u8) -> &mut Check {
        c.act(
            0,
            Action::Seats {
                seats: vec![Seat(first), Seat(second)],
            },
        )
    }

    fn offered(c: &Check) -> bool {
        c.allows(
            0,
            &Action::Skill {
                skill: SkillId::Lijian,
                cards: vec![],
                targets: vec![],
            },
        )
    }

    #[test]
    fn the_second_chosen_duels_the_first_and_it_cannot_be_nullified() {
        let mut c = diaochan(&[Peach], &[Nullification], &[]);
        start(&mut c);
        pay_first_card(&mut c);
        // Seat 3 is female: she cannot be chosen.
        assert!(!c.allows(
            0,
            &Action::Seats {
                seats: vec![Seat(1), Seat(3)]
            }
        ));
        choose(&mut c, 1, 2);
        // No 无懈可击 window, although seats 1 and 3 hold one: seat 1 must answer with a 杀.
        assert!(!c
            .game
            .prompts()
            .iter()
            .any(|p| matches!(p.kind, PromptKind::Nullify { .. })));
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { card: Slash, .. })));
        c.pass(1);
        assert_eq!(c.hp(1), 3);
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Damaged {
                source: Some(Seat(2)),
                target: Seat(1),
                ..
            }
        )));
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::CardUsed { seat: Seat(2), card, targets }
                if card.kind == Duel && card.cards.is_empty() && targets == &vec![Seat(1)]
        )));
        assert_eq!(c.hand(0), Vec::<CardKind>::new());
        // Once per play phase.
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        assert!(!offered(&c));
        c.assert_conserved();
    }

    #[test]
    fn the_duel_is_fought_out_between_the_two() {
        let mut c = diaochan(&[Peach], &[Slash], &[Slash, Slash]);
        start(&mut c);
        pay_first_card(&mut c);
        choose(&mut c, 2, 1);
        // Seat 2 (first chosen, the target) plays first.
        c.card(2, Slash, &[])
            .card(1, Slash, &[])
            .card(2, Slash, &[])
            .pass(1);
        assert_eq!(c.hp(1), 3);
        assert_eq!(c.hp(2), 4);
    }

    #[test]
    fn wushuang_applies_when_lvbu_is_made_to_duel() {
        let mut s = table(&[Lord, Rebel, Loyalist]);
        seat(&mut s, 0).general = GeneralId::Diaochan;
        seat(&mut s, 0).hand = cards(&[Peach]);
        seat(&mut s, 1).hand = cards(&[Slash]);
        seat(&mut s, 2).general = GeneralId::Lvbu;
        let mut c = Check::new(s);
        start(&mut c);
        pay_first_card(&mut c);
        choose(&mut c, 1, 2);
        // 吕布 uses the 决斗: seat 1 needs two 杀 and has one.
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { remaining: 2, .. })));
        c.card(1, Slash, &[]).pass(1);
        assert_eq!(c.hp(1), 3);
        assert!(c.hand(1).is_empty());
    }

    #[test]
    fn an_equipment_card_may_pay() {
        let mut s = table(&[Lord, Rebel, Loyalist]);
        seat(&mut s, 0).general = GeneralId::Diaochan;
        seat(&mut s, 0).equip = cards(&[Chitu]);
        let mut c = Check::new(s);
        start(&mut c);
        let horse = c.game.table().seats[0].equipment().next().unwrap();
        c.act(0, Action::Cards { cards: vec![horse] });
        choose(&mut c, 1, 2).pass(1);
        assert!(c.equipment(0).is_empty());
        assert_eq!(c.hp(1), 3);
    }

    #[test]
    fn cancelling_after_the_card_costs_nothing() {
        let mut c = diaochan(&[Peach], &[], &[]);
        start(&mut c);
        pay_first_card(&mut c).pass(0);
        assert_eq!(c.hand(0), vec![Peach]);
        assert!(offered(&c));
    }

    #[test]
    fn needs_two_other_males_and_a_card() {
        let c = diaochan(&[], &[], &[]);
        assert!(!offered(&c));
        let mut s = table(&[Lord, Rebel, Loyalist]);
        seat(&mut s, 0).general = GeneralId::Diaochan;
        seat(&mut s, 0).hand = cards(&[Peach]);
        seat(&mut s, 2).general = GeneralId::Zhenji;
        let c = Check::new(s);
        assert!(!offered(&c));
    }
}
