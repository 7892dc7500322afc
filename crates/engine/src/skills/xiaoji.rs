//! 枭姬 Xiaoji — 孙尚香.
//!
//! 当你失去装备区里的一张牌后，你可以摸两张牌。
//! After you lose a card from your equipment area, you may draw two cards.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(
        SkillId::Xiaoji,
        "枭姬",
        "Xiaoji",
        "当你失去装备区里的一张牌后，你可以摸两张牌。",
        "After you lose a card from your equipment area, you may draw two cards.",
    )
};
