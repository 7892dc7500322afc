//! 无懈可击 Nullification — 普通锦囊.
//!
//! 一张锦囊牌对一名目标角色生效前，对此牌使用。抵消此锦囊牌对该角色产生的效果。
//! Use when a trick is about to take effect on one target: cancel its effect on that target.
//! It can itself be answered by another 无懈可击 (see `resolve/nullify.rs`).

use crate::card::{CardKind, Category};
use crate::cards::{never, CardDef, Target};

pub static DEF: CardDef = CardDef {
    kind: CardKind::Nullification,
    name_zh: "无懈可击",
    name_en: "Nullification",
    text_zh: "一张锦囊牌对一名目标角色生效前，对此牌使用：抵消此锦囊牌对该角色产生的效果。",
    text_en: "Use when a trick would take effect on a target: cancel its effect on that target.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::None,
    can_use: never,
    on_start: None,
    effect: None,
    delayed: None,
};
