//! 桃园结义 God Salvation — 普通锦囊.
//!
//! 出牌阶段，对所有角色使用。每名目标角色回复1点体力。
//! Use on every character: each recovers 1 HP.

use crate::card::{CardKind, Category};
use crate::cards::{always, everyone, CardDef, Target};
use crate::game::Game;
use crate::resolve::{EffectFrame, Step};

pub static DEF: CardDef = CardDef {
    kind: CardKind::GodSalvation,
    name_zh: "桃园结义",
    name_en: "God Salvation",
    text_zh: "出牌阶段，对所有角色使用。每名目标角色回复1点体力。",
    text_en: "Use on every character: each recovers 1 HP.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::Implicit(everyone),
    can_use: always,
    on_start: None,
    effect: Some(effect),
    delayed: None,
};

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    game.recover(frame.target, 1);
    Step::Done
}
