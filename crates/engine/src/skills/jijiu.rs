//! 急救 Jijiu — 华佗.
//!
//! 你的回合外，你可以将一张红色牌当【桃】使用。
//! Outside your turn, you may use any red card as a Peach.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(
        SkillId::Jijiu,
        "急救",
        "Jijiu",
        "你的回合外，你可以将一张红色牌当【桃】使用。",
        "Outside your turn, you may use any red card as a Peach.",
    )
};
