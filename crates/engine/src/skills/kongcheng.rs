//! 空城 Kongcheng — 诸葛亮.
//!
//! 锁定技，若你没有手牌，你不能成为【杀】或【决斗】的目标。
//! Compulsory: while you have no hand cards, you cannot be chosen as a target of Slash or Duel.
//!
//! It only stops him being *chosen*: a 决斗 already aimed at him goes on after he plays his last
//! hand card, and a 杀 already targeting him still resolves.

use crate::card::{CardKind, UsedCard};
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
        prohibit: Some(empty_hand),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Kongcheng,
        "空城",
        "Kongcheng",
        "锁定技，若你没有手牌，你不能成为【杀】或【决斗】的目标。",
        "Compulsory: while you have no hand cards, you cannot be targeted by Slash or Duel.",
    )
};

fn empty_hand(game: &Game, owner: Seat, _user: Seat, card: &UsedCard) -> bool {
    matches!(card.kind, CardKind::Slash | CardKind::Duel) && game.hand(owner).is_empty()
}
