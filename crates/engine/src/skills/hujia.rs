//! 护驾 Hujia — 曹操.
//!
//! 主公技，当你需要使用或打出【闪】时，你可以令其他魏势力角色选择是否打出一张【闪】（视为由你使用或打出）。
//! Lord skill: when you need to use or play a Jink, you may ask the other Wei characters, in seat order, to play one for you.

use crate::skills::{SkillDef, SkillId, Tags};

pub static DEF: SkillDef = SkillDef {
    tags: Tags { compulsory: false, lord: true, per_phase: 0 },
    ..SkillDef::named(SkillId::Hujia, "护驾", "Hujia", "主公技，当你需要使用或打出【闪】时，你可以令其他魏势力角色选择是否打出一张【闪】（视为由你使用或打出）。", "Lord skill: when you need to use or play a Jink, you may ask the other Wei characters, in seat order, to play one for you.")
};
