//! 观星 Guanxing — 诸葛亮.
//!
//! 准备阶段开始时，你可以观看牌堆顶的X张牌（X为存活角色数且至多为5），然后将其中任意数量的牌以任意顺序置于牌堆顶，其余以任意顺序置于牌堆底。
//! At the start of your preparation phase you may look at the top X cards (X = living
//! characters, at most 5) and put any of them back on top in any order and the rest at the
//! bottom in any order.
//!
//! Only 诸葛亮 learns the cards: they are moved from the top of the pile onto the top again,
//! seen by him alone, and the prompt listing them is his. Everyone sees how many go where.

use crate::action::Action;
use crate::game::Game;
use crate::prompt::{Choices, Phase, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;
use crate::skills::{Ask, SkillDef, SkillFrame, SkillId, Trigger};

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::PhaseStart,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(SkillId::Guanxing, "观星", "Guanxing", "准备阶段开始时，你可以观看牌堆顶的X张牌（X为存活角色数且至多为5），然后将其中任意数量的牌以任意顺序置于牌堆顶，其余以任意顺序置于牌堆底。", "At the start of your preparation phase you may look at the top X cards (X = living characters, at most 5) and put them back on top and at the bottom in any order.")
};

fn can_trigger(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Start } if *seat == owner)
}

fn on_trigger(_: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    Some(Frame::Skill(SkillFrame::new(SkillId::Guanxing, owner)))
}

/// Look at the top X cards, then put them back as arranged.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        0 => {
            let x = game.alive_count().min(5);
            let cards = game.take_from_top(x);
            if cards.is_empty() {
                return Step::Done;
            }
            game.put_on_top(&cards, owner);
            frame.cards = cards;
            frame.step = 1;
            Step::Again
        }
        1 => {
            frame.step = 2;
            Step::ask(Prompt::new(
                owner,
                PromptKind::Arrange,
                Choices::Arrange {
                    cards: frame.cards.clone(),
                },
            ))
        }
        _ => {
            if let Some((_, Action::Arrange { top, bottom })) = game.take_answer() {
                game.put_on_bottom(&bottom, owner);
                game.put_on_top(&top, owner);
            }
            Step::Done
        }
    }
}
