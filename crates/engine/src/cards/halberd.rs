//! 方天画戟 Halberd (Sky Piercing Halberd) — 武器, range 4.
//!
//! 你使用【杀】时，若此【杀】是你最后的手牌，你可以额外选择至多两个目标。
//! When the 杀 you use is your last hand card(s), you may choose up to two extra targets.

use crate::card::{CardKind, Slot, UsedCard};
use crate::cards::CardDef;
use crate::game::Game;
use crate::seat::Seat;
use crate::skills::{Modifiers, SkillDef, SkillId};

pub static DEF: CardDef = CardDef::equipment(
    CardKind::Halberd,
    [
        "方天画戟",
        "Halberd",
        "你使用【杀】时，若此【杀】是你最后的手牌，你可以额外选择至多两个目标。",
        "When the Slash you use is your last hand card(s), you may choose up to two extra targets.",
    ],
    Slot::Weapon,
    4,
    Some(SkillId::Halberd),
);

pub static SKILL: SkillDef = SkillDef {
    modifiers: Modifiers {
        extra_targets: Some(last_hand_cards),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Halberd,
        "方天画戟",
        "Halberd",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn last_hand_cards(game: &Game, owner: Seat, card: &UsedCard) -> u8 {
    let hand = game.hand(owner);
    let is_last = card.kind == CardKind::Slash
        && !card.cards.is_empty()
        && hand.len() == card.cards.len()
        && card.cards.iter().all(|c| hand.contains(c));
    if is_last {
        2
    } else {
        0
    }
}
