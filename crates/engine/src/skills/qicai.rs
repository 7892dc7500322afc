//! 奇才 Qicai — 黄月英.
//!
//! 锁定技，你使用锦囊牌无距离限制。
//! Compulsory: your tricks have no distance limit (顺手牵羊 may target anyone; `cards/snatch.rs`
//! asks [`Game::ignores_distance`]). It does not touch 杀 or attack range.

use crate::card::UsedCard;
use crate::game::Game;
use crate::seat::Seat;
use crate::skills::{Modifiers, SkillDef, SkillId, Tags};

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        lord: false,
        per_phase: 0,
    },
    modifiers: Modifiers {
        no_distance_limit: Some(is_trick),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Qicai,
        "奇才",
        "Qicai",
        "锁定技，你使用锦囊牌无距离限制。",
        "Compulsory: your tricks have no distance limit.",
    )
};

fn is_trick(_: &Game, _: Seat, card: &UsedCard) -> bool {
    card.kind.is_trick()
}
