//! 无中生有 Ex Nihilo — 普通锦囊.
//!
//! 出牌阶段，对你使用。你摸两张牌。 Use on yourself: draw two cards.

use crate::card::{CardKind, Category};
use crate::cards::{always, user_only, CardDef, Target};
use crate::game::Game;
use crate::resolve::{EffectFrame, Step};

pub static DEF: CardDef = CardDef {
    kind: CardKind::ExNihilo,
    name_zh: "无中生有",
    name_en: "Ex Nihilo",
    text_zh: "出牌阶段，对你使用。你摸两张牌。",
    text_en: "Use on yourself: draw two cards.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::Implicit(user_only),
    can_use: always,
    on_start: None,
    effect: Some(effect),
    delayed: None,
};

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    game.draw(frame.target, 2);
    Step::Done
}
