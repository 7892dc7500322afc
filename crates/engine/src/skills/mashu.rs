//! 马术 Mashu — 马超.
//!
//! 锁定技，你与其他角色的距离-1。
//! Compulsory: your distance to other characters is reduced by 1.

use crate::skills::{SkillDef, SkillId, Tags};

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        lord: false,
        per_phase: 0,
    },
    ..SkillDef::named(
        SkillId::Mashu,
        "马术",
        "Mashu",
        "锁定技，你与其他角色的距离-1。",
        "Compulsory: your distance to other characters is reduced by 1.",
    )
};
