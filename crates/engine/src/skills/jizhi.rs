//! 集智 Jizhi — 黄月英.
//!
//! 当你使用非转化的普通锦囊牌时，你可以摸一张牌。
//! When you use a non-converted ordinary trick, you may draw a card.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(
        SkillId::Jizhi,
        "集智",
        "Jizhi",
        "当你使用非转化的普通锦囊牌时，你可以摸一张牌。",
        "When you use a non-converted ordinary trick, you may draw a card.",
    )
};
