//! 国战 roster skills whose questions need more than the generic chooser: 巧变 (which phase to
//! skip, which card to move), 断肠 (which of the killer's generals loses its skills) and 倾城
//! (which general to turn face down); and when 邹氏's active skills are worth using.

use sgs_engine::skills::{duanchang, qingcheng};
use sgs_engine::{Action, CardKind, Choices, Phase, Prompt, Seat, SkillId};

use super::table::Ctx;
use super::value;
use crate::rules::{GeneralRules, KindRules};

/// How worthwhile 倾城 or 祸水 is in the play phase now (≤ 0: not now).
pub fn play_worth(ctx: &Ctx, skill: SkillId) -> f32 {
    match skill {
        // 倾城: an equipment card in hand turns an enemy's general face down (its skills stop).
        SkillId::Qingcheng => {
            let spare = ctx.hand.iter().any(|c| c.kind.slot().is_some());
            let shown = |s: &sgs_engine::SeatView| {
                s.duo
                    .as_ref()
                    .is_some_and(|d| d.main_shown && d.deputy_shown)
            };
            if spare && ctx.others().any(|s| ctx.is_enemy(s.seat) && shown(s)) {
                3.0
            } else {
                0.0
            }
        }
        // 祸水: revealing 邹氏 keeps the others from revealing in her turn.
        SkillId::Huoshui => 2.0,
        _ => 0.0,
    }
}

/// The answer to one of these skills' questions, if this is one.
pub fn choose(ctx: &Ctx, prompt: &Prompt, skill: SkillId) -> Option<Action> {
    let Choices::Actions { actions } = &prompt.choices else {
        return None;
    };
    match skill {
        // 断肠: the killer is the source of the fatal damage.
        SkillId::Duanchang => {
            let killer = ctx.memory.damage.and_then(|(source, _)| source);
            Some(pick_side(
                ctx,
                actions,
                killer,
                duanchang::MAIN,
                duanchang::DEPUTY,
            ))
        }
        SkillId::Qingcheng if actions.iter().any(|a| matches!(a, Action::Option { .. })) => {
            Some(pick_side(
                ctx,
                actions,
                None,
                qingcheng::HIDE_MAIN,
                qingcheng::HIDE_DEPUTY,
            ))
        }
        SkillId::Qiaobian => qiaobian(ctx, actions),
        _ => None,
    }
}

/// Which of `target`'s generals: the shown one with more skills (a hidden one counts none),
/// else the main general.
fn pick_side(ctx: &Ctx, actions: &[Action], target: Option<Seat>, main: u8, deputy: u8) -> Action {
    let has = |index: u8| actions.contains(&Action::Option { index });
    let skills = |deputy_side: bool| -> usize {
        let Some(seat) = target.map(|s| ctx.seat(s)) else {
            return 0;
        };
        let Some(duo) = &seat.duo else { return 0 };
        let general = if deputy_side { duo.deputy } else { duo.main };
        general.map_or(0, |g| g.general().skills.len())
    };
    let index = if has(deputy) && (!has(main) || skills(true) > skills(false)) {
        deputy
    } else {
        main
    };
    Action::Option { index }
}

/// The phase about to begin: the one after the last announced.
fn next_phase(ctx: &Ctx) -> Option<Phase> {
    match ctx.view.phase? {
        Phase::Start => Some(Phase::Judge),
        Phase::Judge => Some(Phase::Draw),
        Phase::Draw => Some(Phase::Play),
        Phase::Play => Some(Phase::Discard),
        _ => None,
    }
}

/// How much a move of `card` from `from` to `to` helps this seat's side.
fn move_worth(ctx: &Ctx, card: sgs_engine::CardId, from: Seat, to: Seat) -> f32 {
    let delayed = ctx.seat(from).judge.iter().any(|(c, _)| *c == card);
    let (rf, rt) = (ctx.rel(from), ctx.rel(to));
    if delayed {
        (rf - rt) * 3.0
    } else {
        (rt - rf) * 3.0
    }
}

fn qiaobian(ctx: &Ctx, actions: &[Action]) -> Option<Action> {
    let first = actions.iter().find_map(|a| match a {
        Action::Skill { cards, targets, .. } => Some((cards.len(), targets.len())),
        _ => None,
    })?;
    match first {
        // Which card to move, or none.
        (1, 2) => {
            let best = actions
                .iter()
                .filter_map(|a| match a {
                    Action::Skill { cards, targets, .. }
                        if cards.len() == 1 && targets.len() == 2 =>
                    {
                        Some((move_worth(ctx, cards[0], targets[0], targets[1]), a))
                    }
                    _ => None,
                })
                .max_by(|x, y| x.0.total_cmp(&y.0));
            Some(match best {
                Some((worth, action)) if worth > 0.5 => action.clone(),
                _ => Action::Pass,
            })
        }
        // Which hand card pays to skip the phase about to begin, or none.
        (1, 0) => {
            let hand: Vec<_> = ctx.hand.iter().map(|c| c.id).collect();
            let me = ctx.my();
            let skip = match next_phase(ctx) {
                Some(Phase::Judge) => me
                    .judge
                    .iter()
                    .any(|(_, k)| matches!(k, CardKind::Indulgence | CardKind::SupplyShortage)),
                Some(Phase::Draw) => {
                    ctx.others()
                        .filter(|s| s.hand_count > 0 && ctx.is_enemy(s.seat))
                        .count()
                        >= 2
                }
                Some(Phase::Discard) => hand.len() as i32 - 1 > i32::from(me.hp) + 1,
                _ => false,
            };
            let card = value::cheapest(ctx, &hand, 1).first().copied();
            Some(match (skip, card) {
                (true, Some(card)) => actions
                    .iter()
                    .find(|a| matches!(a, Action::Skill { cards, .. } if cards == &[card]))
                    .cloned()
                    .unwrap_or(Action::Pass),
                _ => Action::Pass,
            })
        }
        // The take after a skipped draw phase: the generic chooser (as 突袭).
        _ => None,
    }
}
