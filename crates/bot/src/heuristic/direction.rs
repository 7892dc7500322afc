//! 3v3's direction (M-3V3-8): which way round a card that targets everyone goes. A card that
//! gives (五谷丰登, 桃园结义) starts with a friend, so friends pick first; a card that harms
//! (南蛮入侵, 万箭齐发) starts with an enemy, who answers before its friends can see how it went.

use sgs_engine::resolve::direction::{NEXT_FIRST, PREVIOUS_FIRST};
use sgs_engine::{Action, CardKind, Cause, Choices, Prompt, Seat};

use super::Ctx;

/// The first living seat after `me` going one way round (`step` 1: turn order; `n - 1`: against).
fn first_living(ctx: &Ctx, step: usize) -> Option<Seat> {
    let n = ctx.view.seats.len();
    (1..n)
        .map(|k| (ctx.me.index() + k * step) % n)
        .find(|i| ctx.view.seats[*i].alive)
        .map(|i| Seat(i as u8))
}

/// Answers the direction question, or `None` for any other prompt.
pub fn choose(ctx: &Ctx, prompt: &Prompt, cause: Cause) -> Option<Action> {
    let Cause::Card(kind) = cause else {
        return None;
    };
    let Choices::Actions { actions } = &prompt.choices else {
        return None;
    };
    let next = Action::Option { index: NEXT_FIRST };
    let previous = Action::Option {
        index: PREVIOUS_FIRST,
    };
    if actions.len() != 2 || !actions.contains(&next) || !actions.contains(&previous) {
        return None;
    }
    let n = ctx.view.seats.len();
    let rel = |seat: Option<Seat>| seat.map_or(0.0, |s| ctx.rel(s));
    let (ahead, behind) = (rel(first_living(ctx, 1)), rel(first_living(ctx, n - 1)));
    let gives = matches!(kind, CardKind::AmazingGrace | CardKind::GodSalvation);
    let forwards = if gives {
        ahead >= behind
    } else {
        ahead <= behind
    };
    Some(if forwards { next } else { previous })
}
