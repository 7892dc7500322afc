//! 流离 Liuli — 大乔.
//!
//! 当你成为【杀】的目标时，你可以弃置一张牌并选择你攻击范围内的一名其他角色（不能是此【杀】的使用者），将此【杀】转移给该角色。
//! When you become the target of a Slash, you may discard a card and redirect it to another character within your attack range (not its user).

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(SkillId::Liuli, "流离", "Liuli", "当你成为【杀】的目标时，你可以弃置一张牌并选择你攻击范围内的一名其他角色（不能是此【杀】的使用者），将此【杀】转移给该角色。", "When you become the target of a Slash, you may discard a card and redirect it to another character within your attack range (not its user).")
};
