//! 大雾 Dawu — 神诸葛亮.
//!
//! 结束阶段开始时，你可以将X张“星”置入弃牌堆并选择X名角色，若如此做，直到你的下回合开始前，防止这些角色受到的非雷电伤害。
//! At the start of your end phase, you may put X stars into the discard pile and choose X
//! characters: until the start of your next turn, all non-thunder damage they would take is
//! prevented.
//!
//! W-DAWU-1: X ≥ 1 stars for X characters (public 大雾 marks); the damage is prevented at the start
//! of its resolution (`DamageStart`), so no source-side effect (寒冰剑, 古锭刀) sees it; normal and
//! fire damage, chain damage included; thunder is not prevented, nor HP loss. He names the stars,
//! then the characters. W-DAWU-2: the marks go when his next turn starts or when he dies (七星
//! lifts both skills' marks then).

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::event::Nature;
use crate::game::Game;
use crate::ids::{MarkId, SkillId};
use crate::prompt::{Cause, Choices, Phase, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Visibility;

/// The 大雾 mark.
pub const FOG: MarkId = MarkId::Skill(SkillId::Dawu);

pub static DEF: SkillDef = SkillDef {
    triggers: &[
        Trigger {
            timing: Timing::PhaseStart,
            can_trigger: end_phase_with_stars,
            ask: Ask::Custom(ask),
            on_trigger: choose_characters,
        },
        Trigger {
            timing: Timing::DamageStart,
            can_trigger: non_thunder_on_a_marked_target,
            ask: Ask::Never,
            on_trigger: prevent,
        },
    ],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Dawu,
        "大雾",
        "Dawu",
        "结束阶段开始时，你可以将X张“星”置入弃牌堆并选择X名角色，若如此做，直到你的下回合开始前，防止这些角色受到的非雷电伤害。",
        "At the start of your end phase, you may put X Stars into the discard pile and choose X characters: until the start of your next turn, all non-thunder damage they would take is prevented.",
    )
};

fn cause() -> PromptKind {
    PromptKind::Choose {
        cause: Cause::Skill(SkillId::Dawu),
    }
}

fn end_phase_with_stars(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Finish } if *seat == owner)
        && !game.pile(owner, SkillId::Qixing).is_empty()
}

/// The stars first (X of them, at most one per living character).
fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let stars = game.pile(owner, SkillId::Qixing);
    let most = stars.len().min(game.order_from(owner).len()) as u8;
    Some((
        cause(),
        Choices::Cards {
            from: stars.to_vec(),
            min: 1,
            max: most,
            can_pass: true,
        },
    ))
}

fn choose_characters(
    _: &mut Game,
    owner: Seat,
    _: &mut TimingData,
    action: &Action,
) -> Option<Frame> {
    let Action::Cards { cards } = action else {
        return None;
    };
    let mut frame = SkillFrame::new(SkillId::Dawu, owner);
    frame.cards = cards.clone();
    Some(Frame::Skill(frame))
}

/// Then X characters; the stars go to the discard pile and the marks are set.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        0 => {
            frame.step = 1;
            let all = game.order_from(owner);
            let x = frame.cards.len();
            let actions = crate::resolve::legal::subsets(&all, x)
                .into_iter()
                .filter(|s| s.len() == x)
                .map(|seats| Action::Seats { seats })
                .collect();
            Step::ask(Prompt::new(owner, cause(), Choices::actions(actions)))
        }
        _ => {
            let Some((_, Action::Seats { seats })) = game.take_answer() else {
                return Step::Done;
            };
            let stars = std::mem::take(&mut frame.cards);
            game.discard(&stars);
            for seat in seats {
                game.set_mark(seat, FOG, 1, Visibility::Public);
            }
            Step::Done
        }
    }
}

fn non_thunder_on_a_marked_target(game: &Game, _: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Damage(d)
        if d.nature != Nature::Thunder && !d.prevented && game.mark(d.target, FOG) > 0)
}

fn prevent(_: &mut Game, _: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    if let TimingData::Damage(d) = data {
        d.prevented = true;
    }
    None
}
