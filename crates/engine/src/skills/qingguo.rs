//! 倾国 Qingguo — 甄姬.
//!
//! 你可以将一张黑色手牌当【闪】使用或打出。
//! You may use or play a black hand card as a Jink.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(
        SkillId::Qingguo,
        "倾国",
        "Qingguo",
        "你可以将一张黑色手牌当【闪】使用或打出。",
        "You may use or play a black hand card as a Jink.",
    )
};
