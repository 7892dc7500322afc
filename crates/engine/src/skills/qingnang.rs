//! 青囊 Qingnang — 华佗.
//!
//! 出牌阶段限一次，你可以弃置一张手牌并选择一名已受伤的角色，令其回复1点体力。
//! Once per play phase, discard a hand card to let a wounded character recover 1 HP.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(
        SkillId::Qingnang,
        "青囊",
        "Qingnang",
        "出牌阶段限一次，你可以弃置一张手牌并选择一名已受伤的角色，令其回复1点体力。",
        "Once per play phase, discard a hand card to let a wounded character recover 1 HP.",
    )
};
