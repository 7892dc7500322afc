//! 结姻 Jieyin — 孙尚香.
//!
//! 出牌阶段限一次，你可以弃置两张手牌并选择一名受伤的男性角色，你与其各回复1点体力。
//! Once per play phase, discard two hand cards and choose a wounded male character: you and they each recover 1 HP.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(SkillId::Jieyin, "结姻", "Jieyin", "出牌阶段限一次，你可以弃置两张手牌并选择一名受伤的男性角色，你与其各回复1点体力。", "Once per play phase, discard two hand cards and choose a wounded male character: you and they each recover 1 HP.")
};
