//! 反间 Fanjian — 周瑜.
//!
//! 出牌阶段限一次，你可以令一名其他角色选择一种花色，然后其获得你的一张手牌并展示之，若此牌花色与其所选的不同，你对其造成1点伤害。
//! Once per play phase, choose another character: they name a suit, take one of your hand cards and reveal it; if its suit differs, you deal them 1 damage.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(SkillId::Fanjian, "反间", "Fanjian", "出牌阶段限一次，你可以令一名其他角色选择一种花色，然后其获得你的一张手牌并展示之，若此牌花色与其所选的不同，你对其造成1点伤害。", "Once per play phase, choose another character: they name a suit, take one of your hand cards and reveal it; if its suit differs, you deal them 1 damage.")
};
