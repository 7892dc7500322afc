//! 闭月 Biyue — 貂蝉.
//!
//! 结束阶段开始时，你可以摸一张牌。
//! At the start of your end phase, you may draw a card.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(
        SkillId::Biyue,
        "闭月",
        "Biyue",
        "结束阶段开始时，你可以摸一张牌。",
        "At the start of your end phase, you may draw a card.",
    )
};
