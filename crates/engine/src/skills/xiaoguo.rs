//! 骁果 Xiaoguo — 乐进 (国战, H-SK-xiaoguo).
//!
//! 其他角色的结束阶段开始时，你可以弃置一张基本牌，然后该角色选择一项：弃置一张装备牌，或受到你造成的1点伤害。
//! At the start of another character's end phase, you may discard a basic card; that character
//! then either discards an equipment card (in hand or equipped) or takes 1 damage from you.
//!
//! The cost is a basic hand card (the answer names it). The character then answers with an
//! equipment card or `Pass` (the damage) — asked even with no equipment card, which is its secret
//! when its hand is not empty. 乐进 is likewise asked whenever he has a hand card.

use crate::action::Action;
use crate::card::{CardId, Category};
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Phase, Prompt, PromptKind};
use crate::resolve::{Damage, DamageFrame, Frame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::PhaseStart,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Xiaoguo,
        "骁果",
        "Xiaoguo",
        "其他角色的结束阶段开始时，你可以弃置一张基本牌，然后该角色选择一项：弃置一张装备牌，或受到你造成的1点伤害。",
        "At the start of another character's end phase, you may discard a basic card; that character then either discards an equipment card or takes 1 damage from you.",
    )
};

fn of_category(game: &Game, cards: impl Iterator<Item = CardId>, basic: bool) -> Vec<CardId> {
    cards
        .filter(|c| {
            let category = game.card_def(game.card(*c).kind).category;
            if basic {
                category == Category::Basic
            } else {
                matches!(category, Category::Equip(_))
            }
        })
        .collect()
}

/// One of `from`, or pass.
fn one_of(from: Vec<CardId>) -> Choices {
    Choices::Cards {
        from,
        min: 1,
        max: 1,
        can_pass: true,
    }
}

fn basics(game: &Game, owner: Seat) -> Vec<CardId> {
    of_category(game, game.hand(owner).iter().copied(), true)
}

/// Asked whenever 乐进 has a hand card: whether one is basic is his secret (the answer may only
/// be `Pass` when none is).
fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Finish }
        if *seat != owner && game.is_alive(*seat))
        && !game.hand(owner).is_empty()
}

fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Xiaoguo),
    };
    Some((kind, one_of(basics(game, owner))))
}

fn on_trigger(
    game: &mut Game,
    owner: Seat,
    data: &mut TimingData,
    action: &Action,
) -> Option<Frame> {
    let (TimingData::Phase { seat, .. }, Action::Cards { cards }) = (data, action) else {
        return None;
    };
    game.discard(cards);
    let mut frame = SkillFrame::new(SkillId::Xiaoguo, owner);
    frame.seats = vec![*seat];
    Some(Frame::Skill(frame))
}

/// The character chooses: an equipment card to discard, or the damage (`Pass`).
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let Some(&target) = frame.seats.first() else {
        return Step::Done;
    };
    match frame.step {
        0 => {
            frame.step = 1;
            if !game.is_alive(target) {
                return Step::Done;
            }
            // Always asked: whether its hand holds an equipment card is its secret (the answer
            // may only be `Pass`, the damage, when none does).
            let held: Vec<CardId> = game.table().seats[target.index()].held().collect();
            let equips = of_category(game, held.into_iter(), false);
            Step::ask(Prompt::new(
                target,
                PromptKind::Choose {
                    cause: Cause::Skill(SkillId::Xiaoguo),
                },
                one_of(equips),
            ))
        }
        1 => {
            frame.step = 2;
            if let Some((_, Action::Cards { cards })) = game.take_answer() {
                game.discard(&cards);
                return Step::Done;
            }
            if !game.is_alive(target) {
                return Step::Done;
            }
            let source = game.is_alive(frame.owner).then_some(frame.owner);
            Step::Push(Frame::Damage(DamageFrame::new(Damage::new(
                source, target, 1,
            ))))
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
    use crate::card::CardKind::*;
    use crate::ids::SkillId;
    use crate::prompt::Phase;
    use crate::seat::Role::*;
    use crate::testing::{cards, roster_check, seat, table, Check};

    /// Seat 0's end phase; 乐进 is seat 1 with a 闪.
    fn yuejin(equip: &[crate::card::CardKind]) -> Check {
        let mut s = table(&[Lord, Rebel]);
        s.phase = Phase::Finish;
        seat(&mut s, 0).equip = cards(equip);
        seat(&mut s, 0).hand = cards(&[Chitu]);
        seat(&mut s, 1).gained = vec![SkillId::Xiaoguo];
        seat(&mut s, 1).hand = cards(&[Jink, Nullification]);
        roster_check(s)
    }

    fn pay(c: &mut Check) {
        let jink = c.hand_card(1, Jink);
        assert!(!c.allows(
            1,
            &Action::Cards {
                cards: vec![c.hand_card(1, Nullification)]
            }
        ));
        c.act(1, Action::Cards { cards: vec![jink] });
    }

    #[test]
    fn h_sk_xiaoguo_the_target_discards_an_equipment_card() {
        let mut c = yuejin(&[Crossbow]);
        pay(&mut c);
        let crossbow = c.game.table().seats[0].equipment().next().unwrap();
        // A -1 horse in hand counts too; the equipped 诸葛连弩 is chosen.
        c.act(
            0,
            Action::Cards {
                cards: vec![crossbow],
            },
        );
        assert_eq!(c.hp(0), 4);
        assert!(c.equipment(0).is_empty());
        assert_eq!(c.discard_pile(), vec![Jink, Crossbow]);
    }

    #[test]
    fn h_sk_xiaoguo_the_target_may_take_the_damage_instead() {
        let mut c = yuejin(&[]);
        pay(&mut c);
        c.pass(0);
        assert_eq!(c.hp(0), 3);
        assert_eq!(c.hand(0), vec![Chitu]);
    }
}
