//! 贯石斧 Axe (Stone-Piercing Axe) — 武器, range 3.
//!
//! 当你使用的【杀】被【闪】抵消后，你可以弃置两张牌，令此【杀】依然造成伤害。
//! After your 杀 is cancelled by a 闪, you may discard two cards (hand or equipment, not the axe)
//! to make it deal its damage anyway.

use crate::action::Action;
use crate::card::{CardKind, Slot};
use crate::cards::CardDef;
use crate::game::Game;
use crate::prompt::{Cause, Choices, PromptKind};
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;
use crate::skills::{Ask, SkillDef, SkillId, Trigger};

pub static DEF: CardDef = CardDef::equipment(
    CardKind::Axe,
    ["贯石斧", "Axe", "当你使用的【杀】被【闪】抵消后，你可以弃置两张牌，令此【杀】依然造成伤害。", "After your Slash is cancelled by a Jink, you may discard two cards to make it deal damage anyway."],
    Slot::Weapon,
    3,
    Some(SkillId::Axe),
);

pub static SKILL: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::SlashDodged,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    ..SkillDef::named(SkillId::Axe, "贯石斧", "Axe", DEF.text_zh, DEF.text_en)
};

fn payable(game: &Game, owner: Seat) -> Vec<crate::card::CardId> {
    let axe = game.equipped(owner, Slot::Weapon);
    let cards = &game.table().seats[owner.index()];
    cards
        .hand
        .iter()
        .copied()
        .chain(cards.equipment())
        .filter(|c| Some(*c) != axe)
        .collect()
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Dodged { use_id, target } = data else {
        return false;
    };
    game.card_use(*use_id).user == owner
        && game.is_alive(*target)
        && payable(game, owner).len() >= 2
}

fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let from = payable(game, owner);
    (from.len() >= 2).then_some((
        PromptKind::Choose {
            cause: Cause::Skill(SkillId::Axe),
        },
        Choices::Cards {
            from,
            min: 2,
            max: 2,
            can_pass: true,
        },
    ))
}

fn on_trigger(game: &mut Game, _: Seat, data: &mut TimingData, action: &Action) -> Option<Frame> {
    let TimingData::Dodged { use_id, target } = data else {
        return None;
    };
    let Action::Cards { cards } = action else {
        return None;
    };
    game.discard(cards);
    game.card_use_mut(*use_id).forced_hit.push(*target);
    None
}
