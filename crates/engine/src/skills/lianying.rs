//! 连营 Lianying — 陆逊.
//!
//! 当你失去最后的手牌后，你可以摸一张牌。
//! After you lose your last hand card, you may draw a card.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(
        SkillId::Lianying,
        "连营",
        "Lianying",
        "当你失去最后的手牌后，你可以摸一张牌。",
        "After you lose your last hand card, you may draw a card.",
    )
};
