//! 武圣 Wusheng — 关羽.
//!
//! 你可以将一张红色牌当【杀】使用或打出。
//! You may use or play any red card (hand or equipment) as a Slash.
//!
//! A red weapon used this way no longer lends its range to the 杀 it becomes, and a red −1 horse
//! no longer shortens its distance (`cards/slash.rs`).

use crate::card::{Card, CardKind, Color};
use crate::game::Game;
use crate::seat::Seat;
use crate::skills::{CardMode, SkillDef, SkillId, ViewAs};

pub static DEF: SkillDef = SkillDef {
    view_as: Some(ViewAs {
        cards: 1,
        from_equip: true,
        as_kind: red_as_slash,
        usable: any_time,
    }),
    ..SkillDef::named(
        SkillId::Wusheng,
        "武圣",
        "Wusheng",
        "你可以将一张红色牌当【杀】使用或打出。",
        "You may use or play any red card (hand or equipment) as a Slash.",
    )
};

fn red_as_slash(cards: &[Card]) -> Option<CardKind> {
    match cards {
        [card] if card.color() == Color::Red => Some(CardKind::Slash),
        _ => None,
    }
}

fn any_time(_: &Game, _: Seat, _: CardMode) -> bool {
    true
}
