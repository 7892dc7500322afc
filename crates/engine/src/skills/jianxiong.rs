//! 奸雄 Jianxiong — 曹操.
//!
//! 当你受到伤害后，你可以获得对你造成伤害的牌。
//! After you take damage, you may obtain the card(s) that caused it.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(
        SkillId::Jianxiong,
        "奸雄",
        "Jianxiong",
        "当你受到伤害后，你可以获得对你造成伤害的牌。",
        "After you take damage, you may obtain the card(s) that caused it.",
    )
};
