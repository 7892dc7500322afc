//! 仁德 Rende — 刘备.
//!
//! 出牌阶段，你可以将任意张手牌交给其他角色，当你于本阶段以此法给出的牌首次达到两张或更多时，你回复1点体力。
//! In your play phase you may give any number of hand cards to other characters; the first time this phase the total given reaches two, you recover 1 HP.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(SkillId::Rende, "仁德", "Rende", "出牌阶段，你可以将任意张手牌交给其他角色，当你于本阶段以此法给出的牌首次达到两张或更多时，你回复1点体力。", "In your play phase you may give any number of hand cards to other characters; the first time this phase the total given reaches two, you recover 1 HP.")
};
