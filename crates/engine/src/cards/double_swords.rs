//! 雌雄双股剑 Double Swords — 武器, range 2.
//!
//! 当你使用【杀】指定一名异性角色为目标后，你可以令其选择一项：弃置一张手牌，或令你摸一张牌。
//! After your 杀 targets a character of the other gender, you may make them choose: discard a hand
//! card, or let you draw a card (if they have no hand card, you draw).

use crate::action::Action;
use crate::card::{CardKind, Slot};
use crate::cards::CardDef;
use crate::game::Game;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;
use crate::skills::{Ask, SkillDef, SkillFrame, SkillId, Trigger};

pub static DEF: CardDef = CardDef::equipment(
    CardKind::DoubleSwords,
    ["雌雄双股剑", "Double Swords", "当你使用【杀】指定一名异性角色为目标后，你可以令其选择一项：弃置一张手牌，或令你摸一张牌。", "After your Slash targets a character of the other gender, you may make them discard a hand card or let you draw a card."],
    Slot::Weapon,
    2,
    Some(SkillId::DoubleSwords),
);

pub static SKILL: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::TargetConfirmed,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::DoubleSwords,
        "雌雄双股剑",
        "Double Swords",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Target { use_id, target } = data else {
        return false;
    };
    let card_use = game.card_use(*use_id);
    card_use.user == owner
        && card_use.card.kind == CardKind::Slash
        && game.seat(owner).gender != game.seat(*target).gender
}

fn on_trigger(_: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::Target { target, .. } = data else {
        return None;
    };
    let mut frame = SkillFrame::new(SkillId::DoubleSwords, owner);
    frame.seats = vec![*target];
    Some(Frame::Skill(frame))
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let target = frame.seats[0];
    if frame.step == 0 {
        let hand = game.hand(target).to_vec();
        if hand.is_empty() {
            game.draw(frame.owner, 1);
            return Step::Done;
        }
        frame.step = 1;
        return Step::ask(Prompt::new(
            target,
            PromptKind::Choose {
                cause: Cause::Skill(SkillId::DoubleSwords),
            },
            Choices::Cards {
                from: hand,
                min: 1,
                max: 1,
                can_pass: true,
            },
        ));
    }
    match game.take_answer() {
        Some((_, Action::Cards { cards })) => game.discard(&cards),
        _ => game.draw(frame.owner, 1),
    }
    Step::Done
}
