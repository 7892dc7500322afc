//! 闪 Jink — 基本牌.
//!
//! 以你为目标的【杀】生效前，对此【杀】使用。抵消此【杀】的效果。
//! Use when a 杀 targeting you is about to take effect: cancel it. Never used on its own.

use crate::card::{CardKind, Category};
use crate::cards::{never, CardDef, Target};

pub static DEF: CardDef = CardDef {
    kind: CardKind::Jink,
    name_zh: "闪",
    name_en: "Jink",
    text_zh: "以你为目标的【杀】生效前，对此【杀】使用：抵消此【杀】的效果。",
    text_en: "Use when a Slash targeting you would take effect: cancel it.",
    category: Category::Basic,
    range: 0,
    skill: None,
    target: Target::None,
    can_use: never,
    on_start: None,
    effect: None,
    delayed: None,
};
