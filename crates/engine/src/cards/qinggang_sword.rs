//! 青釭剑 Qinggang Sword — 武器, range 2.
//!
//! 锁定技，你的【杀】无视目标角色的防具。 Compulsory: your 杀 ignores the target's armor.

use crate::card::{CardKind, Slot, UsedCard};
use crate::cards::CardDef;
use crate::game::Game;
use crate::seat::Seat;
use crate::skills::{Modifiers, SkillDef, SkillId, Tags};

pub static DEF: CardDef = CardDef::equipment(
    CardKind::QinggangSword,
    [
        "青釭剑",
        "Qinggang Sword",
        "锁定技，你的【杀】无视目标角色的防具。",
        "Compulsory: your Slash ignores the target's armor.",
    ],
    Slot::Weapon,
    2,
    Some(SkillId::QinggangSword),
);

pub static SKILL: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        lord: false,
        per_phase: 0,
    },
    modifiers: Modifiers {
        ignores_armor: Some(slash_ignores_armor),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::QinggangSword,
        "青釭剑",
        "Qinggang Sword",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn slash_ignores_armor(_: &Game, _: Seat, card: &UsedCard) -> bool {
    card.kind == CardKind::Slash
}
