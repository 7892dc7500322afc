//! 制衡 Zhiheng — 孙权.
//!
//! 出牌阶段限一次，你可以弃置任意张牌，然后摸等量的牌。
//! Once per play phase, you may discard any number of cards, then draw that many.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(
        SkillId::Zhiheng,
        "制衡",
        "Zhiheng",
        "出牌阶段限一次，你可以弃置任意张牌，然后摸等量的牌。",
        "Once per play phase, you may discard any number of cards, then draw that many.",
    )
};
