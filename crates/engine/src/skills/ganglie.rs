//! 刚烈 Ganglie — 夏侯惇.
//!
//! 当你受到伤害后，你可以进行判定：若结果不为♥，则伤害来源选择一项：弃置两张手牌，或受到你造成的1点伤害。
//! After you take damage, you may judge: unless it is a heart, the damage source either discards two hand cards or takes 1 damage from you.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(SkillId::Ganglie, "刚烈", "Ganglie", "当你受到伤害后，你可以进行判定：若结果不为♥，则伤害来源选择一项：弃置两张手牌，或受到你造成的1点伤害。", "After you take damage, you may judge: unless it is a heart, the damage source either discards two hand cards or takes 1 damage from you.")
};
