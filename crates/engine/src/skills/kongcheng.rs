//! 空城 Kongcheng — 诸葛亮.
//!
//! 锁定技，若你没有手牌，你不能成为【杀】或【决斗】的目标。
//! Compulsory: while you have no hand cards, you cannot be targeted by Slash or Duel.

use crate::skills::{SkillDef, SkillId, Tags};

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        lord: false,
        per_phase: 0,
    },
    ..SkillDef::named(
        SkillId::Kongcheng,
        "空城",
        "Kongcheng",
        "锁定技，若你没有手牌，你不能成为【杀】或【决斗】的目标。",
        "Compulsory: while you have no hand cards, you cannot be targeted by Slash or Duel.",
    )
};
