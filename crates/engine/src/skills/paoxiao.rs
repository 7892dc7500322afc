//! 咆哮 Paoxiao — 张飞.
//!
//! 锁定技，你于出牌阶段内使用【杀】无次数限制。
//! Compulsory: you may use any number of Slashes in your play phase.

use crate::card::UsedCard;
use crate::game::Game;
use crate::seat::Seat;
use crate::skills::{Modifiers, SkillDef, SkillId, Tags};

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        lord: false,
        per_phase: 0,
    },
    modifiers: Modifiers {
        unlimited_slash: Some(always),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Paoxiao,
        "咆哮",
        "Paoxiao",
        "锁定技，你于出牌阶段内使用【杀】无次数限制。",
        "Compulsory: you may use any number of Slashes in your play phase.",
    )
};

fn always(_: &Game, _: Seat, _: &UsedCard) -> bool {
    true
}
