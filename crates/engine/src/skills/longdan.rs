//! 龙胆 Longdan — 赵云.
//!
//! 你可以将一张【杀】当【闪】、【闪】当【杀】使用或打出。
//! You may use or play a Slash as a Jink, or a Jink as a Slash (hand cards only).

use crate::card::{Card, CardKind};
use crate::game::Game;
use crate::seat::Seat;
use crate::skills::{CardMode, SkillDef, SkillId, ViewAs};

pub static DEF: SkillDef = SkillDef {
    view_as: Some(ViewAs {
        cards: 1,
        from_equip: false,
        as_kind: swap,
        usable: any_time,
    }),
    ..SkillDef::named(
        SkillId::Longdan,
        "龙胆",
        "Longdan",
        "你可以将一张【杀】当【闪】、【闪】当【杀】使用或打出。",
        "You may use or play a Slash as a Jink, or a Jink as a Slash.",
    )
};

fn swap(cards: &[Card]) -> Option<CardKind> {
    match cards {
        [card] if card.kind == CardKind::Slash => Some(CardKind::Jink),
        [card] if card.kind == CardKind::Jink => Some(CardKind::Slash),
        _ => None,
    }
}

fn any_time(_: &Game, _: Seat, _: CardMode) -> bool {
    true
}
