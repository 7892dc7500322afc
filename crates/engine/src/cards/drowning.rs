//! 水淹七军 Drowning — 普通锦囊 of the 2013 1v1 deck (`modes.md` M-1V1-6).
//!
//! 出牌阶段，对一名其他角色使用。目标角色选择一项：弃置装备区里的所有牌（至少一张）；或受到你造成的1点伤害。
//! Use on another character (in 1v1: your opponent). It chooses: discard every card in its
//! equipment area (only if it has at least one), or take 1 damage from you.
//!
//! Ruling M-1V1-6-DROWN (docs/rulings.md): a target with no equipment is not asked; it takes the
//! damage. The choice is asked with two options, [`DISCARD_EQUIPMENT`] and [`TAKE_DAMAGE`].

use crate::action::Action;
use crate::card::{CardKind, Category, UsedCard};
use crate::def::card::{always, CardDef, Target};
use crate::game::Game;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Damage, DamageFrame, EffectFrame, Frame, Step};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef {
    kind: CardKind::Drowning,
    name_zh: "水淹七军",
    name_en: "Drowning",
    text_zh: "出牌阶段，对一名其他角色使用。目标角色选择一项：弃置装备区里的所有牌（至少一张）；或受到你造成的1点伤害。",
    text_en: "Use on another character: it chooses to discard every card in its equipment area (at least one) or to take 1 damage from you.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::One(another),
    can_use: always,
    on_start: None,
    effect: Some(effect),
    delayed: None,
    recast: false,
    on_unequip: None,
    after_effects: None,
};

/// The target's first option: discard its whole equipment area.
pub const DISCARD_EQUIPMENT: u8 = 0;
/// The target's second option: take 1 damage from the user.
pub const TAKE_DAMAGE: u8 = 1;

fn another(_: &Game, user: Seat, target: Seat, _: &UsedCard) -> bool {
    user != target
}

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    let id = frame.use_id;
    let user = game.card_use(id).user;
    let target = frame.target;
    match frame.step {
        0 => {
            if game.table.seats[target.index()]
                .equipment()
                .next()
                .is_none()
            {
                frame.step = 2;
                return damage(game, id, user, target);
            }
            frame.step = 1;
            Step::ask(Prompt::new(
                target,
                PromptKind::Choose {
                    cause: Cause::Card(CardKind::Drowning),
                },
                Choices::actions(vec![
                    Action::Option {
                        index: DISCARD_EQUIPMENT,
                    },
                    Action::Option { index: TAKE_DAMAGE },
                ]),
            ))
        }
        1 => {
            frame.step = 2;
            let chosen = match game.take_answer() {
                Some((_, Action::Option { index })) => index,
                _ => TAKE_DAMAGE,
            };
            let equipment: Vec<_> = game.table.seats[target.index()].equipment().collect();
            if chosen == DISCARD_EQUIPMENT && !equipment.is_empty() {
                game.discard(&equipment);
                return Step::Done;
            }
            damage(game, id, user, target)
        }
        _ => Step::Done,
    }
}

/// 1 damage from the user, caused by this card.
fn damage(game: &Game, use_id: usize, user: Seat, target: Seat) -> Step {
    let damage = Damage::by_card(game, use_id, Some(user), target);
    Step::Push(Frame::Damage(DamageFrame::new(damage)))
}

#[cfg(test)]
mod tests {
    use super::{DISCARD_EQUIPMENT, TAKE_DAMAGE};
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::GeneralId;
    use crate::prompt::{Cause, PromptKind};
    use crate::ruleset::{PackChoice, Ruleset};
    use crate::scenario::Scenario;
    use crate::seat::{Role, Seat};
    use crate::testing::{cards, seat, Check};

    /// A 1v1 table with the 2013 deck (the only deck holding 水淹七军): seat 0 in its play phase.
    fn table() -> Scenario {
        let mut s = Scenario::with_roles(&[Role::Loyalist, Role::Rebel]);
        s.ruleset = Ruleset {
            mode: "1v1".into(),
            cards: vec![PackChoice::new("kof")],
            ..Ruleset::standard()
        };
        seat(&mut s, 0).general = GeneralId::White;
        seat(&mut s, 1).general = GeneralId::White;
        s.current = Some(Seat(0));
        s
    }

    fn asked_to_choose(c: &Check, who: u8) -> bool {
        c.is_asked(who, |k| {
            *k == PromptKind::Choose {
                cause: Cause::Card(Drowning),
            }
        })
    }

    #[test]
    fn m_1v1_6_the_target_discards_all_its_equipment() {
        let mut s = table();
        seat(&mut s, 0).hand = cards(&[Drowning]);
        seat(&mut s, 1).equip = cards(&[Crossbow, EightDiagram]);
        let mut c = Check::new(s);
        c.card(0, Drowning, &[1]).pass_windows();
        assert!(asked_to_choose(&c, 1));
        c.act(
            1,
            Action::Option {
                index: DISCARD_EQUIPMENT,
            },
        );
        assert!(c.equipment(1).is_empty());
        assert_eq!(c.hp(1), 4);
        assert!(c.discard_pile().contains(&Crossbow));
        assert!(c.discard_pile().contains(&EightDiagram));
        c.assert_conserved();
    }

    #[test]
    fn m_1v1_6_or_takes_one_damage_from_the_user() {
        let mut s = table();
        seat(&mut s, 0).hand = cards(&[Drowning]);
        seat(&mut s, 1).equip = cards(&[Crossbow]);
        let mut c = Check::new(s);
        c.card(0, Drowning, &[1]).pass_windows();
        c.act(1, Action::Option { index: TAKE_DAMAGE });
        assert_eq!(c.equipment(1), vec![Crossbow]);
        assert_eq!(c.hp(1), 3);
        c.assert_conserved();
    }

    #[test]
    fn m_1v1_6_a_target_without_equipment_takes_the_damage_unasked() {
        let mut s = table();
        seat(&mut s, 0).hand = cards(&[Drowning]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        let mut c = Check::new(s);
        c.card(0, Drowning, &[1]).pass_windows();
        assert!(!asked_to_choose(&c, 1));
        assert_eq!(c.hp(1), 3);
    }

    #[test]
    fn m_1v1_6_nullification_cancels_it() {
        let mut s = table();
        seat(&mut s, 0).hand = cards(&[Drowning]);
        seat(&mut s, 1).hand = cards(&[Nullification]);
        seat(&mut s, 1).equip = cards(&[Crossbow]);
        let mut c = Check::new(s);
        c.card(0, Drowning, &[1]);
        c.card(1, Nullification, &[]).pass_windows();
        assert!(!asked_to_choose(&c, 1));
        assert_eq!(c.hp(1), 4);
        assert_eq!(c.equipment(1), vec![Crossbow]);
    }
}
