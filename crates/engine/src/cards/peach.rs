//! 桃 Peach — 基本牌.
//!
//! 出牌阶段，对受伤的你使用；或当一名角色处于濒死状态时，对其使用。目标角色回复1点体力。
//! In your play phase, use on yourself while wounded; or use on a dying character at any time.
//! The target recovers 1 HP.

use crate::card::{CardKind, Category, UsedCard};
use crate::cards::{user_only, CardDef, Target};
use crate::game::Game;
use crate::resolve::{EffectFrame, Step};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef {
    kind: CardKind::Peach,
    name_zh: "桃",
    name_en: "Peach",
    text_zh: "出牌阶段，对受伤的你使用；或对处于濒死状态的角色使用。目标角色回复1点体力。",
    text_en: "In your play phase, use on yourself while wounded; or on a dying character. The target recovers 1 HP.",
    category: Category::Basic,
    range: 0,
    skill: None,
    target: Target::Implicit(user_only),
    can_use: wounded,
    on_start: None,
    effect: Some(effect),
    delayed: None,
};

fn wounded(game: &Game, user: Seat, _: &UsedCard) -> bool {
    game.is_wounded(user)
}

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    let bonus = game.peach_bonus(frame.use_id, frame.target);
    game.recover(frame.target, 1 + bonus);
    Step::Done
}
