//! 仁王盾 Renwang Shield (EX) — 防具.
//!
//! 锁定技，黑色【杀】对你无效。 Compulsory: black 杀 have no effect on you. (A colourless 杀, such
//! as 丈八蛇矛 with one red and one black card, is not black.)

use crate::card::{CardKind, Color, Slot};
use crate::cards::CardDef;
use crate::game::Game;
use crate::seat::Seat;
use crate::skills::{Modifiers, SkillDef, SkillId, Tags};

pub static DEF: CardDef = CardDef::equipment(
    CardKind::RenwangShield,
    [
        "仁王盾",
        "Renwang Shield",
        "锁定技，黑色【杀】对你无效。",
        "Compulsory: black Slashes have no effect on you.",
    ],
    Slot::Armor,
    0,
    Some(SkillId::RenwangShield),
);

pub static SKILL: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        lord: false,
        per_phase: 0,
    },
    modifiers: Modifiers {
        immune: Some(black_slash),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::RenwangShield,
        "仁王盾",
        "Renwang Shield",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn black_slash(game: &Game, owner: Seat, use_id: usize) -> bool {
    let card = &game.card_use(use_id).card;
    card.kind == CardKind::Slash
        && card.color == Color::Black
        && game.equipped_kind(owner, Slot::Armor) == Some(CardKind::RenwangShield)
        && game.armor_works(owner, Some(use_id))
}
