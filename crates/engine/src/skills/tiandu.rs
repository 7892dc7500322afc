//! 天妒 Tiandu — 郭嘉.
//!
//! 当你的判定牌生效后，你可以获得此牌。
//! After your judgment card takes effect, you may obtain it.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(
        SkillId::Tiandu,
        "天妒",
        "Tiandu",
        "当你的判定牌生效后，你可以获得此牌。",
        "After your judgment card takes effect, you may obtain it.",
    )
};
