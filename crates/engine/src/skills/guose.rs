//! 国色 Guose — 大乔.
//!
//! 你可以将一张♦牌当【乐不思蜀】使用。
//! You may use any diamond card as Indulgence.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(
        SkillId::Guose,
        "国色",
        "Guose",
        "你可以将一张♦牌当【乐不思蜀】使用。",
        "You may use any diamond card as Indulgence.",
    )
};
