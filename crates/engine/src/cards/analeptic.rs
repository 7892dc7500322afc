//! 酒 Analeptic — 基本牌 (军争).
//!
//! ①出牌阶段，对你使用，本回合你使用的下一张【杀】的伤害+1（每回合限一次）；②当你处于濒死状态时，
//! 对你使用，你回复1点体力。
//! ① In your play phase, once per turn: the next 杀 you use this turn deals 1 more damage (used
//! up by that 杀 whether or not it hits; lost at the end of the turn). ② While you are dying:
//! recover 1 HP. Only for yourself: nobody can save another character with 酒
//! (`timing-rulings.md` D.19, F.26). The dying use does not count toward the limit.

use crate::card::{CardKind, Category, UsedCard};
use crate::def::card::{user_only, CardDef, Target};
use crate::game::Game;
use crate::resolve::{EffectFrame, Step};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef {
    kind: CardKind::Analeptic,
    name_zh: "酒",
    name_en: "Analeptic",
    text_zh: "①出牌阶段，对你使用，本回合你使用的下一张【杀】的伤害+1（每回合限一次）；②当你处于濒死状态时，对你使用，你回复1点体力。",
    text_en: "① Once per turn in your play phase: the next Slash you use this turn deals 1 more damage. ② While you are dying: you recover 1 HP.",
    category: Category::Basic,
    range: 0,
    skill: None,
    target: Target::Implicit(user_only),
    can_use: once_per_turn,
    on_start: None,
    effect: Some(effect),
    delayed: None,
    recast: false,
    on_unequip: None,
    after_effects: None,
};

/// ① At most one 酒 a turn for its +1 (the dying use is not counted).
fn once_per_turn(game: &Game, user: Seat, _: &UsedCard) -> bool {
    game.turn.seat == user && game.turn.used(CardKind::Analeptic) == 0
}

/// ② while dying (HP 0 or less) it heals; ① otherwise the next 杀 deals 1 more.
fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    if game.hp(frame.target) <= 0 {
        game.recover(frame.target, 1);
    } else {
        game.drink(frame.target);
    }
    Step::Done
}
