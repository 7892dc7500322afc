//! 奇袭 Qixi — 甘宁.
//!
//! 你可以将一张黑色牌当【过河拆桥】使用。
//! You may use any black card as Dismantlement.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(
        SkillId::Qixi,
        "奇袭",
        "Qixi",
        "你可以将一张黑色牌当【过河拆桥】使用。",
        "You may use any black card as Dismantlement.",
    )
};
