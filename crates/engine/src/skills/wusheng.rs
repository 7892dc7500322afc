//! 武圣 Wusheng — 关羽.
//!
//! 你可以将一张红色牌当【杀】使用或打出。
//! You may use or play any red card (hand or equipment) as a Slash.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(
        SkillId::Wusheng,
        "武圣",
        "Wusheng",
        "你可以将一张红色牌当【杀】使用或打出。",
        "You may use or play any red card (hand or equipment) as a Slash.",
    )
};
