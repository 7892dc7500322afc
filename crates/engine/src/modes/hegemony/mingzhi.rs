//! 明置 Revealing at the start of the preparation phase (H-REV-1, H-PROC-TURNSTART): a character
//! with a hidden general may reveal its main general, its deputy, or both. The choice is offered
//! among its other "start of preparation phase" skills, in the order it picks (the engine's one
//! trigger ordering). Every seat has this rule as a skill of the mode (`ModeDef::role_skills`).
//!
//! After an ordinary reveal the victory check runs (H-WIN-2); if the game goes on and both
//! generals are now shown for the first time, the rewards follow: 珠联璧合 (recover 1 HP if
//! wounded, or draw 2, or nothing — H-REW-2), then the leftover half (may draw 1 — H-REW-3),
//! each once per game (H-REW-5).

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Phase, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::PhaseStart,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Mingzhi,
        "明置",
        "Reveal",
        "准备阶段开始时，你可以明置你的主将、副将或两者。你首次明置武将时确定势力；你的两张武将牌均明置后，若为珠联璧合，你可以回复1点体力或摸两张牌；若体力有剩余的半个阴阳鱼，你可以摸一张牌。",
        "At the start of your preparation phase, you may reveal your main general, your deputy, or both. Your first reveal fixes your faction; once both are shown, a companion pair may recover 1 HP or draw two, and a leftover half 阴阳鱼 may draw one.",
    )
};

/// The answers: reveal the main general, the deputy, both.
pub const MAIN: u8 = 0;
pub const DEPUTY: u8 = 1;
pub const BOTH: u8 = 2;
/// The companion reward's answers (H-REW-2), and the leftover half's (H-REW-3).
pub const RECOVER: u8 = 3;
pub const DRAW_TWO: u8 = 4;
pub const DRAW_ONE: u8 = 5;

const COMPANIONS: u8 = 1;
const COMPANIONS_ANSWERED: u8 = 2;
const HALF: u8 = 3;
const HALF_ANSWERED: u8 = 4;

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Start } if *seat == owner)
        && game.duo(owner).is_some_and(|d| d.has_hidden())
        && !game.reveal_blocked(owner)
}

fn cause() -> PromptKind {
    PromptKind::Choose {
        cause: Cause::Skill(SkillId::Mingzhi),
    }
}

fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let duo = game.duo(owner)?;
    let mut actions = Vec::new();
    if !duo.main_shown {
        actions.push(Action::Option { index: MAIN });
    }
    if !duo.deputy_shown {
        actions.push(Action::Option { index: DEPUTY });
    }
    if actions.len() == 2 {
        actions.push(Action::Option { index: BOTH });
    }
    actions.push(Action::Pass);
    Some((cause(), Choices::actions(actions)))
}

fn on_trigger(game: &mut Game, owner: Seat, _: &mut TimingData, action: &Action) -> Option<Frame> {
    let Action::Option { index } = action else {
        return None;
    };
    if matches!(*index, MAIN | BOTH) {
        game.reveal_general(owner, false);
    }
    if matches!(*index, DEPUTY | BOTH) {
        game.reveal_general(owner, true);
    }
    after_reveal(game, owner)
}

/// H-PROC-REVEAL (3): the victory check, then the rewards if both generals are now shown.
pub(crate) fn after_reveal(game: &mut Game, seat: Seat) -> Option<Frame> {
    if let Some(outcome) = (game.mode.victory)(game) {
        game.finish(outcome);
        return None;
    }
    let duo = game.duo(seat)?;
    if !duo.all_shown() || duo.rewarded || !game.is_alive(seat) {
        return None;
    }
    game.duos[seat.index()].rewarded = true;
    let mut frame = SkillFrame::new(SkillId::Mingzhi, seat);
    frame.step = COMPANIONS;
    Some(Frame::Skill(frame))
}

/// Are `seat`'s two generals a 珠联璧合 pair?
pub fn companions(game: &Game, seat: Seat) -> bool {
    game.duo(seat)
        .is_some_and(|d| game.general(d.main).is_companion_of(game.general(d.deputy)))
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let step = rewards(game, frame);
    if matches!(step, Step::Done) {
        // A reveal to use a skill: the skill resolves now (H-REW-4).
        game.release_held_answer();
    }
    step
}

fn rewards(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let seat = frame.owner;
    match frame.step {
        COMPANIONS => {
            frame.step = HALF;
            if !companions(game, seat) {
                return Step::Again;
            }
            frame.step = COMPANIONS_ANSWERED;
            let mut actions = Vec::new();
            if game.is_wounded(seat) {
                actions.push(Action::Option { index: RECOVER });
            }
            actions.push(Action::Option { index: DRAW_TWO });
            actions.push(Action::Pass);
            Step::ask(Prompt::new(seat, cause(), Choices::actions(actions)))
        }
        COMPANIONS_ANSWERED => {
            frame.step = HALF;
            match game.take_answer() {
                Some((_, Action::Option { index: RECOVER })) if game.is_wounded(seat) => {
                    game.recover(seat, 1);
                }
                Some((_, Action::Option { index: DRAW_TWO })) => game.draw(seat, 2),
                _ => {}
            }
            Step::Again
        }
        HALF => {
            if !game.duo(seat).is_some_and(|d| d.half_left) || !game.is_alive(seat) {
                return Step::Done;
            }
            frame.step = HALF_ANSWERED;
            Step::ask(Prompt::new(
                seat,
                cause(),
                Choices::actions(vec![Action::Option { index: DRAW_ONE }, Action::Pass]),
            ))
        }
        HALF_ANSWERED => {
            if let Some((_, Action::Option { index: DRAW_ONE })) = game.take_answer() {
                game.draw(seat, 1);
            }
            Step::Done
        }
        _ => Step::Done,
    }
}
