//! 谦逊 Qianxun — 陆逊.
//!
//! 锁定技，你不能成为【顺手牵羊】和【乐不思蜀】的目标。
//! Compulsory: you cannot be targeted by Snatch or Indulgence.

use crate::skills::{SkillDef, SkillId, Tags};

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        lord: false,
        per_phase: 0,
    },
    ..SkillDef::named(
        SkillId::Qianxun,
        "谦逊",
        "Qianxun",
        "锁定技，你不能成为【顺手牵羊】和【乐不思蜀】的目标。",
        "Compulsory: you cannot be targeted by Snatch or Indulgence.",
    )
};
