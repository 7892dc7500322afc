//! 龙胆 Longdan — 赵云.
//!
//! 你可以将一张【杀】当【闪】、【闪】当【杀】使用或打出。
//! You may use or play a Slash as a Jink, or a Jink as a Slash.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(
        SkillId::Longdan,
        "龙胆",
        "Longdan",
        "你可以将一张【杀】当【闪】、【闪】当【杀】使用或打出。",
        "You may use or play a Slash as a Jink, or a Jink as a Slash.",
    )
};
