//! 青龙偃月刀 Blade (Green Dragon Crescent Blade) — 武器, range 3.
//!
//! 当你使用的【杀】被【闪】抵消后，你可以对该角色再使用一张【杀】（无距离限制，不计入次数）。
//! After your 杀 is cancelled by a 闪, you may use another 杀 on the same target (no distance
//! limit; it does not count toward the per-phase limit). This can repeat.

use crate::action::Action;
use crate::card::{CardKind, Slot};
use crate::cards::CardDef;
use crate::game::Game;
use crate::prompt::{Cause, Choices, PromptKind};
use crate::resolve::{CardUse, Frame, Timing, TimingData, UseFrame};
use crate::seat::Seat;
use crate::skills::{Ask, CardMode, SkillDef, SkillId, Trigger};

pub static DEF: CardDef = CardDef::equipment(
    CardKind::Blade,
    [
        "青龙偃月刀",
        "Blade",
        "当你使用的【杀】被【闪】抵消后，你可以对该角色再使用一张【杀】。",
        "After your Slash is cancelled by a Jink, you may use another Slash on the same target.",
    ],
    Slot::Weapon,
    3,
    Some(SkillId::Blade),
);

pub static SKILL: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::SlashDodged,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Blade,
        "青龙偃月刀",
        "Blade",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Dodged { use_id, target } = data else {
        return false;
    };
    game.card_use(*use_id).user == owner && game.is_alive(*target)
}

fn ask(game: &Game, owner: Seat, data: &TimingData) -> Option<(PromptKind, Choices)> {
    let TimingData::Dodged { use_id, target } = data else {
        return None;
    };
    let card = &game.card_use(*use_id).card;
    if game.is_prohibited(owner, *target, card) {
        return None;
    }
    let mut actions =
        game.response_actions(owner, CardKind::Slash, CardMode::UseInResponse, &[*target]);
    if actions.is_empty() {
        return None;
    }
    actions.push(Action::Pass);
    let kind = PromptKind::Respond {
        card: CardKind::Slash,
        cause: Cause::Skill(SkillId::Blade),
        from: None,
        remaining: 1,
    };
    Some((kind, Choices::actions(actions)))
}

fn on_trigger(
    game: &mut Game,
    owner: Seat,
    data: &mut TimingData,
    action: &Action,
) -> Option<Frame> {
    let TimingData::Dodged { target, .. } = data else {
        return None;
    };
    let Action::Card { cards, skill, .. } = action else {
        return None;
    };
    let card = game.make_used_card(cards, *skill, Some(CardKind::Slash))?;
    Some(Frame::Use(UseFrame::new(CardUse::new(
        owner,
        card,
        vec![*target],
    ))))
}
