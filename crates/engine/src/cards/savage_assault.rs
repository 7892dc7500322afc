//! 南蛮入侵 Savage Assault — 普通锦囊.
//!
//! 出牌阶段，对所有其他角色使用。每名目标角色须打出一张【杀】，否则受到你造成的1点伤害。
//! Use on every other character: each must play a 杀 or take 1 damage from you.

use crate::card::{CardKind, Category};
use crate::cards::{all_others, always, CardDef, Target};
use crate::game::Game;
use crate::resolve::{EffectFrame, RespondMode, Step};

pub static DEF: CardDef = CardDef {
    kind: CardKind::SavageAssault,
    name_zh: "南蛮入侵",
    name_en: "Savage Assault",
    text_zh:
        "出牌阶段，对所有其他角色使用。每名目标角色须打出一张【杀】，否则受到你造成的1点伤害。",
    text_en: "Use on every other character: each must play a Slash or take 1 damage from you.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::Implicit(all_others),
    can_use: always,
    on_start: None,
    effect: Some(effect),
    delayed: None,
};

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    super::archery_attack::respond_or_damage(game, frame, CardKind::Slash, RespondMode::Play)
}
