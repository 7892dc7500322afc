//! 奇才 Qicai — 黄月英.
//!
//! 锁定技，你使用锦囊牌无距离限制。
//! Compulsory: your tricks have no distance limit.

use crate::skills::{SkillDef, SkillId, Tags};

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        lord: false,
        per_phase: 0,
    },
    ..SkillDef::named(
        SkillId::Qicai,
        "奇才",
        "Qicai",
        "锁定技，你使用锦囊牌无距离限制。",
        "Compulsory: your tricks have no distance limit.",
    )
};
