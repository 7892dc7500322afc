//! 铁骑 Tieqi — 马超.
//!
//! 当你使用【杀】指定一名角色为目标后，你可以进行判定：若结果为红色，该角色不能使用【闪】响应此【杀】。
//! After you target a character with a Slash, you may judge: if red, they cannot use a Jink
//! against it. Each target of the 杀 is judged for separately. Nothing stands in for the 闪 then
//! either: 八卦阵 is never asked.

use crate::action::Action;
use crate::card::{CardKind, Color};
use crate::game::Game;
use crate::prompt::Cause;
use crate::resolve::judge::judged_card;
use crate::resolve::{Frame, JudgeFrame, Step, Timing, TimingData};
use crate::seat::Seat;
use crate::skills::{Ask, SkillDef, SkillFrame, SkillId, Trigger};

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::TargetConfirmed,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(SkillId::Tieqi, "铁骑", "Tieqi", "当你使用【杀】指定一名角色为目标后，你可以进行判定：若结果为红色，该角色不能使用【闪】响应此【杀】。", "After you target a character with a Slash, you may judge: if red, they cannot use a Jink against it.")
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Target { use_id, target } = data else {
        return false;
    };
    let card_use = game.card_use(*use_id);
    card_use.user == owner && card_use.card.kind == CardKind::Slash && game.is_alive(*target)
}

fn on_trigger(_: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::Target { use_id, target } = data else {
        return None;
    };
    let mut frame = SkillFrame::new(SkillId::Tieqi, owner);
    frame.use_id = Some(*use_id);
    frame.seats = vec![*target];
    Some(Frame::Skill(frame))
}

/// Judges; on red the target may not answer this 杀 with 闪.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    if frame.step == 0 {
        frame.step = 1;
        return Step::Push(Frame::Judge(JudgeFrame::new(
            frame.owner,
            Cause::Skill(SkillId::Tieqi),
        )));
    }
    let red = judged_card(game.take_reply()).is_some_and(|c| c.color() == Color::Red);
    if let (true, Some(use_id), Some(&target)) = (red, frame.use_id, frame.seats.first()) {
        game.card_use_mut(use_id).no_jink.push(target);
    }
    Step::Done
}
