//! 麒麟弓 Kylin Bow — 武器, range 5.
//!
//! 当你使用【杀】对目标角色造成伤害时，你可以弃置其装备区里的一张坐骑牌。
//! When your 杀 would deal damage to a target, you may discard one horse from their equipment
//! (the damage is still dealt).

use crate::action::{Action, Pick};
use crate::card::{CardKind, Slot};
use crate::cards::CardDef;
use crate::game::Game;
use crate::prompt::{Cause, Choices, PromptKind};
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;
use crate::skills::{Ask, SkillDef, SkillId, Trigger};

pub static DEF: CardDef = CardDef::equipment(
    CardKind::KylinBow,
    [
        "麒麟弓",
        "Kylin Bow",
        "当你使用【杀】对目标角色造成伤害时，你可以弃置其装备区里的一张坐骑牌。",
        "When your Slash deals damage to a target, you may discard a horse from their equipment.",
    ],
    Slot::Weapon,
    5,
    Some(SkillId::KylinBow),
);

pub static SKILL: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DealingDamage,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::KylinBow,
        "麒麟弓",
        "Kylin Bow",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn horses(game: &Game, seat: Seat) -> Vec<crate::card::CardId> {
    [Slot::DefensiveHorse, Slot::OffensiveHorse]
        .into_iter()
        .filter_map(|slot| game.equipped(seat, slot))
        .collect()
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Damage(damage) = data else {
        return false;
    };
    damage.source == Some(owner)
        && damage.is_by_slash()
        && !damage.prevented
        && !horses(game, damage.target).is_empty()
}

fn ask(game: &Game, _: Seat, data: &TimingData) -> Option<(PromptKind, Choices)> {
    let TimingData::Damage(damage) = data else {
        return None;
    };
    let mut actions: Vec<Action> = horses(game, damage.target)
        .into_iter()
        .map(|card| Action::Pick {
            pick: Pick::Card { card },
        })
        .collect();
    actions.push(Action::Pass);
    let kind = PromptKind::PickCard {
        owner: damage.target,
        cause: Cause::Skill(SkillId::KylinBow),
    };
    Some((kind, Choices::actions(actions)))
}

fn on_trigger(game: &mut Game, _: Seat, data: &mut TimingData, action: &Action) -> Option<Frame> {
    let TimingData::Damage(damage) = data else {
        return None;
    };
    let Action::Pick {
        pick: Pick::Card { card },
    } = action
    else {
        return None;
    };
    if horses(game, damage.target).contains(card) {
        game.discard(&[*card]);
    }
    None
}
