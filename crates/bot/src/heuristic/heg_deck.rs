//! The 国战 deck's sense (`hegemony.md` §7.1): 知己知彼 (recast rather than look: the agent has
//! no use for what it would see), 以逸待劳 (one card's worth of filtering per friend), 远交近攻
//! (three cards for the price of one to another faction), the discards 以逸待劳 asks, 无懈可击·国's
//! whole-faction choice, and 三尖两刃刀's strike.

use sgs_engine::cards::known_both;
use sgs_engine::{Action, CardKind, Cause, Choices, Prompt, Seat, SkillId};

use super::table::ENEMY;
use super::{value, Ctx};

/// Living seats the agent counts as its own faction (itself included).
fn friends(ctx: &Ctx) -> usize {
    ctx.alive().filter(|s| ctx.rel(s.seat) >= 1.0).count()
}

/// The gain of using one of the 国战 deck's tricks, or `None` for any other card.
pub fn gain(ctx: &Ctx, kind: CardKind, targets: &[Seat]) -> Option<f32> {
    Some(match kind {
        // Seeing a card or a general helps a person more than this agent: recast it instead
        // (`recast_score`).
        CardKind::KnownBoth => 0.2,
        // 以逸待劳: each target draws two and discards its two worst.
        CardKind::AwaitExhausted => 2.0 * friends(ctx) as f32,
        // 远交近攻: the enemy draws one, this seat three.
        CardKind::BefriendAttacking => targets.iter().map(|t| 3.0 * 4.0 + ctx.rel(*t) * 4.0).sum(),
        _ => return None,
    })
}

/// 重铸 知己知彼.
pub fn recast_score(kind: CardKind) -> Option<f32> {
    (kind == CardKind::KnownBoth).then_some(1.2)
}

/// Answers the 国战 deck's choices, or `None` for any other prompt.
pub fn choose(ctx: &Ctx, prompt: &Prompt, cause: Cause) -> Option<Action> {
    match (cause, &prompt.choices) {
        // Cancel a trick for the whole faction whenever it may be: it was worth cancelling for
        // one of them.
        (Cause::Card(CardKind::HegNullification), Choices::Actions { actions }) => {
            let whole = Action::Option {
                index: sgs_engine::cards::heg_nullification::WHOLE_FACTION,
            };
            Some(if actions.contains(&whole) {
                whole
            } else {
                prompt.default_action()
            })
        }
        // Look at a hidden general before the hand.
        (Cause::Card(CardKind::KnownBoth), Choices::Actions { actions }) => {
            let pick = [known_both::MAIN, known_both::DEPUTY, known_both::HAND]
                .into_iter()
                .map(|index| Action::Option { index })
                .find(|a| actions.contains(a));
            Some(pick.unwrap_or_else(|| prompt.default_action()))
        }
        // 以逸待劳's discards: the cheapest cards.
        (Cause::Card(CardKind::AwaitExhausted), Choices::Cards { from, min, .. }) => {
            Some(Action::Cards {
                cards: value::cheapest(ctx, from, *min as usize),
            })
        }
        (Cause::Skill(SkillId::Triblade), Choices::Actions { actions }) => {
            Some(triblade_strike(ctx, actions).unwrap_or(Action::Pass))
        }
        _ => None,
    }
}

/// 三尖两刃刀: the cheapest hand card against the most hostile character offered, if any is an
/// enemy and the card is worth less than the damage.
fn triblade_strike(ctx: &Ctx, actions: &[Action]) -> Option<Action> {
    let mut best: Option<(f32, &Action)> = None;
    for action in actions {
        let Action::Skill {
            skill: SkillId::Triblade,
            cards,
            targets,
        } = action
        else {
            continue;
        };
        let (&[card], &[victim]) = (cards.as_slice(), targets.as_slice()) else {
            continue;
        };
        let rel = ctx.rel(victim);
        if rel > ENEMY {
            continue;
        }
        let score = -rel * 10.0 * ctx.harm_worth(victim) - value::value_of(ctx, card);
        if score > 0.0 && best.is_none_or(|(s, _)| score > s) {
            best = Some((score, action));
        }
    }
    best.map(|(_, a)| a.clone())
}
