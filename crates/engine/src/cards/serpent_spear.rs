//! 丈八蛇矛 Serpent Spear — 武器, range 3.
//!
//! 你可以将两张手牌当【杀】使用或打出。 You may use or play two hand cards as a 杀 (red if both
//! are red, black if both are black, otherwise colourless).

use crate::card::{Card, CardKind, Slot};
use crate::cards::CardDef;
use crate::game::Game;
use crate::seat::Seat;
use crate::skills::{CardMode, SkillDef, SkillId, ViewAs};

pub static DEF: CardDef = CardDef::equipment(
    CardKind::SerpentSpear,
    [
        "丈八蛇矛",
        "Serpent Spear",
        "你可以将两张手牌当【杀】使用或打出。",
        "You may use or play two hand cards as a Slash.",
    ],
    Slot::Weapon,
    3,
    Some(SkillId::SerpentSpear),
);

pub static SKILL: SkillDef = SkillDef {
    view_as: Some(ViewAs {
        cards: 2,
        from_equip: false,
        as_kind: two_as_slash,
        usable: any_time,
    }),
    ..SkillDef::named(
        SkillId::SerpentSpear,
        "丈八蛇矛",
        "Serpent Spear",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn two_as_slash(cards: &[Card]) -> Option<CardKind> {
    (cards.len() == 2).then_some(CardKind::Slash)
}

fn any_time(_: &Game, _: Seat, _: CardMode) -> bool {
    true
}
