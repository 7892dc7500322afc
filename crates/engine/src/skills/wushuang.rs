//! 无双 Wushuang — 吕布.
//!
//! 锁定技，你使用【杀】指定的目标须使用两张【闪】才能抵消；与你进行【决斗】的角色每次须打出两张【杀】。
//! Compulsory: your Slash needs two Jinks to cancel; in a Duel with you, your opponent must play two Slashes each time.

use crate::skills::{SkillDef, SkillId, Tags};

pub static DEF: SkillDef = SkillDef {
    tags: Tags { compulsory: true, lord: false, per_phase: 0 },
    ..SkillDef::named(SkillId::Wushuang, "无双", "Wushuang", "锁定技，你使用【杀】指定的目标须使用两张【闪】才能抵消；与你进行【决斗】的角色每次须打出两张【杀】。", "Compulsory: your Slash needs two Jinks to cancel; in a Duel with you, your opponent must play two Slashes each time.")
};
