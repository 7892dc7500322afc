//! 英姿 Yingzi — 周瑜.
//!
//! 摸牌阶段，你可以多摸一张牌。
//! In your draw phase you may draw one extra card.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(
        SkillId::Yingzi,
        "英姿",
        "Yingzi",
        "摸牌阶段，你可以多摸一张牌。",
        "In your draw phase you may draw one extra card.",
    )
};
