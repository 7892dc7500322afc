//! 遗计 Yiji — 郭嘉.
//!
//! 每当你受到1点伤害后，你可以观看牌堆顶的两张牌，然后将这两张牌任意分配给任意角色。
//! After you take 1 point of damage, you may look at the top two cards of the draw pile and give them to any characters in any split.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(SkillId::Yiji, "遗计", "Yiji", "每当你受到1点伤害后，你可以观看牌堆顶的两张牌，然后将这两张牌任意分配给任意角色。", "After you take 1 point of damage, you may look at the top two cards of the draw pile and give them to any characters in any split.")
};
