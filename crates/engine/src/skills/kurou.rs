//! 苦肉 Kurou — 黄盖.
//!
//! 出牌阶段，你可以失去1点体力，然后摸两张牌。
//! In your play phase you may lose 1 HP, then draw two cards.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(
        SkillId::Kurou,
        "苦肉",
        "Kurou",
        "出牌阶段，你可以失去1点体力，然后摸两张牌。",
        "In your play phase you may lose 1 HP, then draw two cards.",
    )
};
