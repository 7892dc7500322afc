//! 反馈 Fankui — 司马懿.
//!
//! 当你受到伤害后，你可以获得伤害来源的一张牌。
//! After you take damage, you may obtain one card (hand or equipment) from the damage source.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(SkillId::Fankui, "反馈", "Fankui", "当你受到伤害后，你可以获得伤害来源的一张牌。", "After you take damage, you may obtain one card (hand or equipment) from the damage source.")
};
