//! 诸葛连弩 Crossbow — 武器, range 1.
//!
//! 锁定技，你于出牌阶段内使用【杀】无次数限制。
//! Compulsory: no limit on the 杀 you use in your play phase. A 杀 that *is* this crossbow (via a
//! conversion) does not get the bonus.

use crate::card::{CardKind, Slot, UsedCard};
use crate::cards::CardDef;
use crate::game::Game;
use crate::seat::Seat;
use crate::skills::{Modifiers, SkillDef, SkillId, Tags};

pub static DEF: CardDef = CardDef::equipment(
    CardKind::Crossbow,
    [
        "诸葛连弩",
        "Crossbow",
        "锁定技，你于出牌阶段内使用【杀】无次数限制。",
        "Compulsory: you may use any number of Slashes in your play phase.",
    ],
    Slot::Weapon,
    1,
    Some(SkillId::Crossbow),
);

pub static SKILL: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        lord: false,
        per_phase: 0,
    },
    modifiers: Modifiers {
        unlimited_slash: Some(unlimited),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Crossbow,
        "诸葛连弩",
        "Crossbow",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn unlimited(game: &Game, owner: Seat, card: &UsedCard) -> bool {
    game.equipped(owner, Slot::Weapon)
        .is_some_and(|weapon| !card.cards.contains(&weapon))
}
