//! Answers outside one's own play: 闪 and 杀 when asked, 桃 for the dying (allies are saved,
//! enemies left to die), 无懈可击 for allies and against enemies' gains, and which card to take
//! from someone (过河拆桥, 顺手牵羊, 反馈 …).

use crate::rules::KindRules;
use sgs_engine::{Action, CardKind, Cause, Choices, Pick, Prompt, Role, Seat, SkillId, Slot};

use super::table::{ALLY, ENEMY};
use super::value;
use super::Ctx;

/// The cheapest way to answer with a card: a free provider (八卦阵) first, then the card or
/// conversion that costs least.
fn cheapest_answer(ctx: &Ctx, actions: &[Action]) -> Option<(Action, f32)> {
    let mut best: Option<(Action, f32)> = None;
    for action in actions {
        let cost = match action {
            Action::Skill { skill, .. } => provider_cost(*skill),
            Action::Card { cards, .. } => {
                cards.iter().map(|c| value::value_of(ctx, *c)).sum::<f32>()
                    + 0.2 * (cards.len() as f32 - 1.0)
            }
            _ => continue,
        };
        if best.as_ref().is_none_or(|(_, c)| cost < *c) {
            best = Some((action.clone(), cost));
        }
    }
    best
}

/// Providers cost nothing of one's own.
fn provider_cost(skill: SkillId) -> f32 {
    match skill {
        SkillId::EightDiagram | SkillId::Bazhen => -1.0,
        // Asking the kingdom (护驾, 激将) costs the lord nothing; the helpers decide.
        SkillId::Hujia | SkillId::Jijiang => 0.5,
        _ => 1.0,
    }
}

/// A request for a card of `card`.
pub fn respond(
    ctx: &Ctx,
    prompt: &Prompt,
    card: CardKind,
    cause: Cause,
    from: Option<Seat>,
) -> Action {
    let Choices::Actions { actions } = &prompt.choices else {
        return prompt.default_action();
    };
    let Some((answer, cost)) = cheapest_answer(ctx, actions) else {
        return Action::Pass;
    };
    // 乱武: a 杀 on the least friendly of the nearest, unless that is an ally and 1 HP is spare.
    if cause == Cause::Skill(SkillId::Luanwu) {
        let target_of = |a: &Action| match a {
            Action::Card { targets, .. } => targets.first().map(|t| ctx.rel(*t)),
            _ => None,
        };
        let best = actions
            .iter()
            .filter_map(|a| target_of(a).map(|rel| (a, rel)))
            .min_by(|a, b| a.1.total_cmp(&b.1));
        return match best {
            Some((action, rel)) if rel < ALLY || ctx.hp(ctx.me) <= 2 => action.clone(),
            _ => Action::Pass,
        };
    }
    let give = match cause {
        // 借刀杀人: 杀 the victim unless it is an ally; otherwise the weapon goes.
        Cause::Card(CardKind::Collateral) => {
            let victim = match &answer {
                Action::Card { targets, .. } => targets.first().copied(),
                _ => None,
            };
            let weapon = ctx
                .equipped(ctx.me, Slot::Weapon)
                .map_or(0.0, |w| value::owned_equip_value(ctx, w.id));
            victim.is_some_and(|v| ctx.rel(v) < ALLY && cost < weapon + 4.0 - 4.0 * ctx.rel(v))
        }
        // 青龙偃月刀: chase the dodger if it is an enemy and the 杀 is cheap.
        Cause::Skill(SkillId::Blade) => {
            let target = match &answer {
                Action::Card { targets, .. } => targets.first().copied(),
                _ => None,
            }
            .or_else(|| {
                ctx.memory
                    .slash
                    .as_ref()
                    .and_then(|(_, t)| t.first().copied())
            });
            target.is_some_and(|t| ctx.is_enemy(t) && cost < 7.0)
        }
        // 激将 / 护驾: give the lord a card when it is an ally.
        Cause::Skill(SkillId::Jijiang | SkillId::Hujia) => {
            let lord = from.unwrap_or(ctx.lord());
            ctx.rel(lord) > ALLY && cost < 8.0
        }
        // A 杀 in a 决斗 against an ally who attacked us is not worth it, otherwise fight.
        Cause::Card(CardKind::Duel) => {
            let other = from.unwrap_or(ctx.view.current);
            !ctx.is_ally(other) || ctx.hp(ctx.me) <= 1
        }
        _ => {
            // 闪 against 杀 / 万箭齐发, 杀 against 南蛮入侵: always worth it, unless it would cost a
            // 桃 that the seat would rather keep while healthy.
            card != CardKind::Jink && card != CardKind::Slash || cost < 9.5 || ctx.hp(ctx.me) <= 2
        }
    };
    if give {
        answer
    } else {
        Action::Pass
    }
}

/// A dying seat asks for 桃.
pub fn save(ctx: &Ctx, prompt: &Prompt, dying: Seat) -> Action {
    let Choices::Actions { actions } = &prompt.choices else {
        return prompt.default_action();
    };
    let Some((answer, _)) = cheapest_answer(ctx, actions) else {
        return Action::Pass;
    };
    if dying == ctx.me {
        return answer;
    }
    let rel = ctx.rel(dying);
    let lord = ctx.lord();
    let worth = if dying == lord {
        // Loyalists and a renegade with others still around keep the lord alive.
        rel > 0.0
    } else if ctx.my_role() == Some(Role::Renegade) {
        // A renegade saves only to keep the sides balanced.
        rel > 0.45
    } else {
        let peaches = ctx.can_produce(CardKind::Peach);
        rel > ALLY && (peaches >= 2 || ctx.hp(ctx.me) >= 2 || rel > 0.8)
            // 计分赛: a teammate alive at the end is worth points to this seat itself.
            || super::score::saves_for_points(ctx, dying)
    };
    if worth {
        answer
    } else {
        Action::Pass
    }
}

/// What `trick` does to its target: > 0 good for the target, < 0 bad.
fn trick_effect(ctx: &Ctx, trick: CardKind, target: Seat) -> f32 {
    let t = ctx.seat(target);
    match trick {
        CardKind::ExNihilo => 5.0,
        CardKind::GodSalvation if t.hp < t.max_hp as i8 => 6.0,
        CardKind::GodSalvation => 0.0,
        CardKind::AmazingGrace => 1.5,
        CardKind::Indulgence => -9.0,
        CardKind::Lightning => -4.0,
        CardKind::Duel | CardKind::SavageAssault | CardKind::ArcheryAttack => {
            let answer = if trick == CardKind::ArcheryAttack {
                CardKind::Jink
            } else {
                CardKind::Slash
            };
            let can_answer = if target == ctx.me {
                ctx.can_produce(answer) > 0
            } else {
                t.hand_count >= 3
            };
            let base = if can_answer { -2.0 } else { -7.0 };
            base * if t.hp <= 1 { 2.0 } else { 1.0 }
        }
        CardKind::Dismantlement | CardKind::Snatch => {
            if t.equip.is_empty() && t.hand_count == 0 {
                // Only the judgment area can be hit: removing 乐不思蜀 helps.
                2.0
            } else {
                -3.0
            }
        }
        CardKind::Collateral => -3.0,
        // The 国战 deck: a look at one's secrets; two cards to filter; 远交近攻 is the user's gain.
        CardKind::KnownBoth => -1.0,
        CardKind::AwaitExhausted => 1.5,
        CardKind::BefriendAttacking => 0.0,
        _ => super::maneuvering::trick_effect(ctx, trick, target).unwrap_or(0.0),
    }
}

/// A 无懈可击 window for `trick` on `target`. `countering` = using one now would cancel a
/// 无懈可击 and let the trick take effect.
pub fn nullify(
    ctx: &Ctx,
    prompt: &Prompt,
    trick: CardKind,
    target: Option<Seat>,
    countering: bool,
) -> Action {
    let Choices::Actions { actions } = &prompt.choices else {
        return prompt.default_action();
    };
    let Some((answer, cost)) = cheapest_answer(ctx, actions) else {
        return Action::Pass;
    };
    let Some(target) = target else {
        return Action::Pass;
    };
    // The trick's effect, weighed by how much this seat cares about its target.
    let mut effect = trick_effect(ctx, trick, target);
    if matches!(trick, CardKind::Dismantlement | CardKind::Snatch)
        && ctx
            .memory
            .trick
            .as_ref()
            .is_some_and(|(user, _, _)| ctx.is_ally(*user))
    {
        // An ally's 过河拆桥 on a friend is clearing its judgment area.
        effect = effect.abs();
    }
    let rel = ctx.rel(target);
    let weight = if target == ctx.me {
        1.3
    } else if target == ctx.lord() && rel > 0.0 {
        // The lord's side (and a renegade keeping it alive) guards the lord first.
        2.0
    } else {
        1.0
    };
    let for_me = effect * rel * weight * ctx.harm_worth(target).sqrt();
    // Positive = the effect is good for this seat. Use a 无懈可击 to stop what is bad (or, when
    // countering, to restore what is good), if it matters more than the card.
    let stakes = if countering { for_me } else { -for_me };
    let threshold = (cost * 0.6).max(2.5);
    if stakes > threshold {
        answer
    } else {
        Action::Pass
    }
}

/// Choose a card of `owner`'s: from an enemy the most useful, from an ally what hurts it.
pub fn pick_card(ctx: &Ctx, prompt: &Prompt, owner: Seat, _cause: Cause) -> Action {
    let Choices::Actions { actions } = &prompt.choices else {
        return prompt.default_action();
    };
    let friendly = owner == ctx.me || ctx.rel(owner) > ENEMY.max(0.0);
    let o = ctx.seat(owner);
    let mut best: Option<(f32, &Action)> = None;
    for action in actions {
        let score = match action {
            Action::Pick {
                pick: Pick::Card { card },
            } => {
                let c = ctx.card(*card);
                let in_judge = o.judge.iter().any(|(id, _)| id == card);
                if in_judge {
                    let kind = o
                        .judge
                        .iter()
                        .find(|(id, _)| id == card)
                        .map_or(c.kind, |(_, k)| *k);
                    let harm = if kind == CardKind::Indulgence {
                        9.0
                    } else {
                        4.0
                    };
                    if friendly {
                        harm + 5.0
                    } else {
                        -harm
                    }
                } else {
                    let v = match c.kind.slot() {
                        Some(Slot::Armor) => 8.0,
                        Some(Slot::DefensiveHorse) => 6.5,
                        Some(Slot::Weapon) => 5.0,
                        _ => 4.0,
                    };
                    let xiaoji = ctx.has_skill(owner, SkillId::Xiaoji)
                        || ctx.has_skill(owner, SkillId::XiaojiHeg);
                    if friendly {
                        if xiaoji {
                            3.0
                        } else {
                            -v
                        }
                    } else if xiaoji {
                        v - 4.0
                    } else {
                        v
                    }
                }
            }
            Action::Pick {
                pick: Pick::Hand { .. },
            } => {
                let few = o.hand_count <= 2 && o.hp <= 2;
                let lianying = ctx.has_skill(owner, SkillId::Lianying) && o.hand_count == 1;
                let base = if few { 6.0 } else { 4.5 } - if lianying { 2.0 } else { 0.0 };
                if friendly {
                    -base + 0.5
                } else {
                    base
                }
            }
            Action::Pass => {
                if friendly {
                    0.0
                } else {
                    -1.0
                }
            }
            _ => continue,
        };
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, action));
        }
    }
    best.map_or_else(|| prompt.default_action(), |(_, a)| a.clone())
}
