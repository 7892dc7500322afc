//! 裸衣 Luoyi — 许褚.
//!
//! 摸牌阶段，你可以少摸一张牌；若如此做，本回合你使用【杀】或【决斗】造成的伤害+1。
//! In your draw phase you may draw one card fewer; if you do, damage from your Slash or Duel is +1 this turn.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(SkillId::Luoyi, "裸衣", "Luoyi", "摸牌阶段，你可以少摸一张牌；若如此做，本回合你使用【杀】或【决斗】造成的伤害+1。", "In your draw phase you may draw one card fewer; if you do, damage from your Slash or Duel is +1 this turn.")
};
