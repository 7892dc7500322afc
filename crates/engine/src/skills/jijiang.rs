//! 激将 Jijiang — 刘备.
//!
//! 主公技，当你需要使用或打出【杀】时，你可以令其他蜀势力角色选择是否打出一张【杀】（视为由你使用或打出）。
//! Lord skill: when you need to use or play a Slash, you may ask the other Shu characters, in seat order, to play one for you.

use crate::skills::{SkillDef, SkillId, Tags};

pub static DEF: SkillDef = SkillDef {
    tags: Tags { compulsory: false, lord: true, per_phase: 0 },
    ..SkillDef::named(SkillId::Jijiang, "激将", "Jijiang", "主公技，当你需要使用或打出【杀】时，你可以令其他蜀势力角色选择是否打出一张【杀】（视为由你使用或打出）。", "Lord skill: when you need to use or play a Slash, you may ask the other Shu characters, in seat order, to play one for you.")
};
