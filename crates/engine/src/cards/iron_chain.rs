//! 铁索连环 Iron Chain — 普通锦囊 (军争).
//!
//! 出牌阶段，对一至两名角色使用。目标角色横置或重置其武将牌。重铸：出牌阶段，你可以将此牌置入
//! 弃牌堆，然后摸一张牌。
//! Use on one or two characters (yourself included, any distance): each target is chained, or
//! unchained if it was. Each target has its own 无懈可击 window (`timing-rulings.md` C.13). Or,
//! in your play phase, recast it: discard it and draw one — not a use, so nothing that reacts to
//! a use fires and 无懈可击 cannot answer it (C.16, F.28).

use crate::card::{CardKind, Category, UsedCard};
use crate::def::card::{always, CardDef, Target};
use crate::game::Game;
use crate::resolve::{EffectFrame, Step};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef {
    kind: CardKind::IronChain,
    name_zh: "铁索连环",
    name_en: "Iron Chain",
    text_zh: "出牌阶段，对一至两名角色使用。目标角色横置或重置其武将牌。此牌可以重铸（将此牌置入弃牌堆，然后摸一张牌）。",
    text_en: "Use on one or two characters: each is chained, or unchained if it was. You may instead recast it (discard it and draw a card).",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::UpTo(2, any_character),
    can_use: always,
    on_start: None,
    effect: Some(effect),
    delayed: None,
    recast: true,
    on_unequip: None,
    after_effects: None,
};

fn any_character(_: &Game, _: Seat, _: Seat, _: &UsedCard) -> bool {
    true
}

/// 横置或重置: the target's chain flips.
fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    let chained = game.is_chained(frame.target);
    game.set_chained(frame.target, !chained);
    Step::Done
}
