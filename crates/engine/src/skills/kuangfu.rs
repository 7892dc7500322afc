//! 狂斧 Kuangfu — 潘凤 (国战, H-SK-kuangfu).
//!
//! 每当你使用的【杀】对目标角色造成伤害后，你可以选择其装备区里的一张牌，将之置入你的装备区或弃置之。
//! After a 杀 you used deals damage to a target, you may choose one card in its equipment area
//! and either put it into your equipment area (its slot there must be empty) or discard it.
//!
//! Not for chain damage nor damage moved to another (天香): only a target of the 杀. With the
//! slot taken, the card is discarded without asking.

use crate::action::{Action, Pick};
use crate::card::Slot;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::pick::Areas;
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DamageDealt,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Kuangfu,
        "狂斧",
        "Kuangfu",
        "每当你使用的【杀】对目标角色造成伤害后，你可以选择其装备区里的一张牌，将之置入你的装备区或弃置之。",
        "After a Slash you used deals damage to a target, you may put one card of its equipment area into yours or discard it.",
    )
};

const EQUIP: Areas = Areas {
    hand: false,
    equip: true,
    judge: false,
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Damage(damage) = data else {
        return false;
    };
    let target = damage.target;
    damage.source == Some(owner)
        && damage.is_by_slash()
        && !damage.chained
        && damage.use_id.is_some_and(|id| {
            game.uses
                .get(id)
                .is_some_and(|u| u.user == owner && u.targets.contains(&target))
        })
        && target != owner
        && game.is_alive(target)
        && game.has_cards_in(target, EQUIP)
}

fn on_trigger(_: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::Damage(damage) = data else {
        return None;
    };
    let mut frame = SkillFrame::new(SkillId::Kuangfu, owner);
    frame.seats = vec![damage.target];
    Some(Frame::Skill(frame))
}

fn slot_free(game: &Game, owner: Seat, card: crate::card::CardId) -> bool {
    let kind = game.card(card).kind;
    let slot = game.card_def(kind).category.slot().unwrap_or(Slot::Weapon);
    game.equipped(owner, slot).is_none()
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let Some(&target) = frame.seats.first() else {
        return Step::Done;
    };
    let owner = frame.owner;
    match frame.step {
        0 => {
            if !game.has_cards_in(target, EQUIP) {
                return Step::Done;
            }
            frame.step = 1;
            let cause = Cause::Skill(SkillId::Kuangfu);
            Step::ask(game.pick_prompt(owner, target, EQUIP, cause, false))
        }
        1 => {
            let Some((
                _,
                Action::Pick {
                    pick: Pick::Card { card },
                },
            )) = game.take_answer()
            else {
                return Step::Done;
            };
            if !game.table().seats[target.index()]
                .equipment()
                .any(|c| c == card)
            {
                return Step::Done;
            }
            frame.cards = vec![card];
            frame.step = 2;
            if !slot_free(game, owner, card) {
                game.discard(&[card]);
                return Step::Done;
            }
            // 0: put it into your equipment area; 1: discard it.
            let actions = vec![Action::Option { index: 0 }, Action::Option { index: 1 }];
            let kind = PromptKind::Choose {
                cause: Cause::Skill(SkillId::Kuangfu),
            };
            Step::ask(Prompt::new(owner, kind, Choices::actions(actions)))
        }
        _ => {
            let keep = matches!(game.take_answer(), Some((_, Action::Option { index: 0 })));
            let Some(&card) = frame.cards.first() else {
                return Step::Done;
            };
            if !game.table().seats[target.index()]
                .equipment()
                .any(|c| c == card)
            {
                return Step::Done;
            }
            if keep && game.is_alive(owner) && slot_free(game, owner, card) {
                game.move_cards(&[card], Zone::Equip(owner));
            } else {
                game.discard(&[card]);
            }
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Pick};
    use crate::card::CardKind::*;
    use crate::ids::SkillId;
    use crate::seat::Role::*;
    use crate::testing::{cards, roster_check, seat, table, Check};

    fn panfeng(own: &[crate::card::CardKind]) -> Check {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).gained = vec![SkillId::Kuangfu];
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(own);
        seat(&mut s, 1).equip = cards(&[Crossbow]);
        let mut c = roster_check(s);
        c.card(0, Slash, &[1]).pass(1);
        c.skill(0, SkillId::Kuangfu);
        let crossbow = c.game.table().seats[1].equipment().next().unwrap();
        c.act(
            0,
            Action::Pick {
                pick: Pick::Card { card: crossbow },
            },
        );
        c
    }

    #[test]
    fn h_sk_kuangfu_takes_the_weapon_into_an_empty_slot() {
        let mut c = panfeng(&[]);
        c.act(0, Action::Option { index: 0 });
        assert_eq!(c.equipment(0), vec![Crossbow]);
        assert!(c.equipment(1).is_empty());
        c.assert_conserved();
    }

    #[test]
    fn h_sk_kuangfu_discards_when_the_slot_is_taken() {
        let c = panfeng(&[Axe]);
        assert_eq!(c.equipment(0), vec![Axe]);
        assert!(c.equipment(1).is_empty());
        assert!(c.discard_pile().contains(&Crossbow));
    }
}
