//! 判定 Reading judgments: which results favour the judged seat, for 鬼才 (replace a judgment
//! card to flip it in this side's favour) and 观星 (stack the draw pile before one's own
//! judgments and draws).

use sgs_engine::{Action, Card, CardId, CardKind, Cause, Choices, Prompt, SkillId, Suit};

use super::value;
use super::Ctx;

/// Is `card` a good result for the seat being judged for `cause`? `None` if the judgment is not
/// understood.
pub fn good_for_judged(cause: Cause, card: &Card) -> Option<bool> {
    let red = card.color() == sgs_engine::Color::Red;
    Some(match cause {
        Cause::Card(CardKind::Indulgence) => card.suit == Suit::Heart,
        Cause::Card(CardKind::Lightning) => {
            !(card.suit == Suit::Spade && (2..=9).contains(&card.rank))
        }
        Cause::Skill(SkillId::EightDiagram) => red,
        Cause::Skill(SkillId::Tieqi) => red,
        Cause::Skill(SkillId::Luoshen | SkillId::LuoshenHeg | SkillId::LuoshenEarly) => !red,
        Cause::Skill(SkillId::Ganglie) => card.suit != Suit::Heart,
        // The 2008 刚烈: the source judges, and black costs it.
        Cause::Skill(SkillId::GanglieEarly) => red,
        _ => return None,
    })
}

/// How much the result of a judgment for `cause` matters.
fn stakes(cause: Cause) -> f32 {
    match cause {
        Cause::Card(CardKind::Lightning) => 12.0,
        Cause::Card(CardKind::Indulgence) => 9.0,
        Cause::Skill(SkillId::EightDiagram | SkillId::Tieqi) => 6.0,
        Cause::Skill(SkillId::Ganglie | SkillId::GanglieEarly) => 5.0,
        _ => 2.5,
    }
}

/// 改判 A retrial offer (鬼才): actions are `Skill { cards: [c] }` per usable card, and `Pass`.
pub fn retrial(ctx: &Ctx, prompt: &Prompt, cause: Cause) -> Action {
    let Choices::Actions { actions } = &prompt.choices else {
        return prompt.default_action();
    };
    let Some((judged, current, _)) = ctx.memory.judged else {
        return Action::Pass;
    };
    let current = ctx.card(current);
    let Some(now_good) = good_for_judged(cause, &current) else {
        return Action::Pass;
    };
    let rel = ctx.rel(judged);
    if rel.abs() < 0.2 {
        return Action::Pass;
    }
    let want_good = rel > 0.0;
    if now_good == want_good {
        return Action::Pass;
    }
    let mut best: Option<(f32, &Action)> = None;
    for action in actions {
        let Action::Skill { cards, .. } = action else {
            continue;
        };
        let [card] = cards.as_slice() else {
            continue;
        };
        let c = ctx.card(*card);
        if good_for_judged(cause, &c) != Some(want_good) {
            continue;
        }
        let cost = value::value_of(ctx, *card);
        if best.is_none_or(|(v, _)| cost < v) {
            best = Some((cost, action));
        }
    }
    match best {
        Some((cost, action)) if cost < stakes(cause) * rel.abs() + 2.0 => action.clone(),
        _ => Action::Pass,
    }
}

/// 观星: the cards one's own judgments need first, then the best cards to draw; the rest to the
/// bottom.
pub fn arrange(ctx: &Ctx, prompt: &Prompt) -> Action {
    let Choices::Arrange { cards } = &prompt.choices else {
        return prompt.default_action();
    };
    let mut pool: Vec<CardId> = cards.clone();
    let mut top = Vec::new();
    // Delayed tricks resolve last placed first.
    if ctx.view.phase == Some(sgs_engine::Phase::Start) && ctx.my_turn() {
        for (_, kind) in ctx.my().judge.iter().rev() {
            let cause = Cause::Card(*kind);
            let found = pool
                .iter()
                .position(|c| good_for_judged(cause, &ctx.card(*c)) == Some(true));
            if let Some(i) = found {
                top.push(pool.remove(i));
            }
        }
    }
    let mut priced: Vec<(CardId, f32)> = pool
        .into_iter()
        .map(|c| (c, value::base_value(ctx, &ctx.card(c))))
        .collect();
    priced.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut bottom = Vec::new();
    for (card, v) in priced {
        if v >= 4.5 {
            top.push(card);
        } else {
            bottom.push(card);
        }
    }
    Action::Arrange { top, bottom }
}
