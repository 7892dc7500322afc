//! The 2013 1v1 deck's sense (M-1V1-6): 水淹七军 on an enemy, answering it (lose the equipment
//! or take the damage, whichever costs less), and 过河拆桥's 2013 choice of area and of the hand
//! card it looks at.

use crate::rules::KindRules;
use sgs_engine::cards::{dismantlement, drowning};
use sgs_engine::{Action, CardId, CardKind, Cause, Choices, Prompt, Seat, Slot};

use super::table::ENEMY;
use super::{value, Ctx};

/// What losing a seat's equipment is worth to it, by slot.
fn equipment_worth(ctx: &Ctx, seat: Seat) -> f32 {
    ctx.seat(seat)
        .equip
        .iter()
        .map(|c| match ctx.card(*c).kind.slot() {
            Some(Slot::Armor) => 7.0,
            Some(Slot::DefensiveHorse) => 6.0,
            Some(Slot::Weapon) => 4.0,
            _ => 3.5,
        })
        .sum()
}

/// What 1 damage to `seat` is worth (the scale of a peach).
fn damage_worth(ctx: &Ctx, seat: Seat) -> f32 {
    10.0 * ctx.harm_worth(seat)
}

/// 水淹七军 on `target`: it pays the cheaper of its equipment and 1 damage.
pub fn drowning_gain(ctx: &Ctx, target: Seat) -> f32 {
    let rel = ctx.rel(target);
    if target == ctx.me || rel > ENEMY {
        return f32::MIN;
    }
    let damage = damage_worth(ctx, target);
    let cost = if ctx.seat(target).equip.is_empty() {
        damage
    } else {
        equipment_worth(ctx, target).min(damage)
    };
    -rel * cost - 1.0
}

/// Answers the 1v1 deck's choices, or `None` for any other prompt.
pub fn choose(ctx: &Ctx, prompt: &Prompt, cause: Cause) -> Option<Action> {
    match (cause, &prompt.choices) {
        (Cause::Card(CardKind::Drowning), Choices::Actions { .. }) => {
            let keep = equipment_worth(ctx, ctx.me) > damage_worth(ctx, ctx.me);
            let index = if keep {
                drowning::TAKE_DAMAGE
            } else {
                drowning::DISCARD_EQUIPMENT
            };
            Some(Action::Option { index })
        }
        (Cause::Card(CardKind::Dismantlement), Choices::Actions { actions })
            if actions.contains(&Action::Option {
                index: dismantlement::HAND,
            }) =>
        {
            let target = match &ctx.memory.trick {
                Some((user, CardKind::Dismantlement, targets)) if *user == ctx.me => {
                    *targets.first()?
                }
                _ => return None,
            };
            let hand = 4.0 + ctx.seat(target).hand_count.min(2) as f32;
            let index = if equipment_worth(ctx, target) > hand {
                dismantlement::EQUIPMENT
            } else {
                dismantlement::HAND
            };
            Some(Action::Option { index })
        }
        (Cause::Card(CardKind::Dismantlement), Choices::Cards { from, .. }) => {
            let best: Option<&CardId> = from.iter().max_by(|a, b| {
                let a = value::kind_value(ctx, ctx.card(**a).kind);
                let b = value::kind_value(ctx, ctx.card(**b).kind);
                a.total_cmp(&b)
            });
            best.map(|c| Action::Cards { cards: vec![*c] })
        }
        _ => None,
    }
}
