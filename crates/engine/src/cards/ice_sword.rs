//! 寒冰剑 Ice Sword (EX) — 武器, range 2.
//!
//! 当你使用【杀】对目标角色造成伤害时，若其有牌，你可以防止此伤害，然后依次弃置其两张牌。
//! When your 杀 would deal damage to a target who has cards (hand or equipment), you may prevent
//! the damage and instead discard two of their cards, one at a time.

use crate::action::Action;
use crate::card::{CardKind, Slot};
use crate::cards::CardDef;
use crate::game::Game;
use crate::prompt::Cause;
use crate::resolve::pick::Areas;
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;
use crate::skills::{Ask, SkillDef, SkillFrame, SkillId, Trigger};

pub static DEF: CardDef = CardDef::equipment(
    CardKind::IceSword,
    ["寒冰剑", "Ice Sword", "当你使用【杀】对目标角色造成伤害时，若其有牌，你可以防止此伤害，然后依次弃置其两张牌。", "When your Slash would deal damage to a target with cards, you may prevent it and discard two of their cards instead."],
    Slot::Weapon,
    2,
    Some(SkillId::IceSword),
);

pub static SKILL: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DealingDamage,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::IceSword,
        "寒冰剑",
        "Ice Sword",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Damage(damage) = data else {
        return false;
    };
    damage.source == Some(owner)
        && damage.is_by_slash()
        && !damage.prevented
        && game.has_cards_in(damage.target, Areas::HAND_AND_EQUIP)
}

fn on_trigger(_: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::Damage(damage) = data else {
        return None;
    };
    damage.prevented = true;
    let mut frame = SkillFrame::new(SkillId::IceSword, owner);
    frame.seats = vec![damage.target];
    Some(Frame::Skill(frame))
}

/// Discards two of the target's cards, one at a time.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let target = frame.seats[0];
    if frame.step == 1 {
        if let Some((_, action)) = game.take_answer() {
            if let Some(card) = game.take_pick(target, &action) {
                game.discard(&[card]);
            }
        }
        frame.n += 1;
        frame.step = 0;
        return Step::Again;
    }
    if frame.n >= 2 || !game.has_cards_in(target, Areas::HAND_AND_EQUIP) {
        return Step::Done;
    }
    frame.step = 1;
    let cause = Cause::Skill(SkillId::IceSword);
    Step::ask(game.pick_prompt(frame.owner, target, Areas::HAND_AND_EQUIP, cause, false))
}
