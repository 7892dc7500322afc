//! The 神 gods' skills: the kingdom a god plays for, and when each god skill is worth using.
//!
//! 业炎 only on enemies (never on itself or a friend), form (b) only for a kill worth 3 HP; 七星
//! keeps the best cards in hand and swaps a star in when it beats the worst hand card; 大雾 shields
//! itself and friends in danger, 狂风 marks the weakest enemy only with stars to spare; 琴音 heals
//! or hurts everyone by who gains more; 攻心 takes an enemy's best ♥ card; 涉猎 keeps the best card
//! of each suit; 武魂's revenge falls on an enemy.

use sgs_engine::{Action, CardId, Choices, Kingdom, Prompt, Seat, SkillId};

use super::table::ALLY;
use super::value;
use super::Ctx;

/// The kingdom a god plays for: the lord's when on the lord's side (its lord skills may then
/// help), else 群.
pub fn kingdom(ctx: &Ctx, prompt: &Prompt) -> Action {
    let lord = ctx.lord();
    let wanted = if ctx.rel(lord) > ALLY && lord != ctx.me {
        ctx.seat(lord).kingdom
    } else {
        Kingdom::Qun
    };
    let index = Kingdom::CHOOSABLE
        .iter()
        .position(|k| *k == wanted)
        .unwrap_or(3) as u8;
    let action = Action::Option { index };
    if prompt.choices.allows(&action) {
        action
    } else {
        prompt.default_action()
    }
}

/// The base score of a god's active skill in the play phase (targets are scored by the caller:
/// enemies up, anyone else −100). `None`: not a god skill.
pub fn play_base(ctx: &Ctx, skill: SkillId) -> Option<f32> {
    Some(match skill {
        SkillId::Gongxin => {
            if ctx
                .others()
                .any(|s| ctx.is_enemy(s.seat) && s.hand_count > 0)
            {
                3.0
            } else {
                0.0
            }
        }
        // Once per game: for two or more enemies, or one it may finish.
        SkillId::Yeyan => {
            let enemies: Vec<i8> = ctx
                .others()
                .filter(|s| ctx.is_enemy(s.seat))
                .map(|s| s.hp)
                .collect();
            if enemies.len() >= 2 || enemies.iter().any(|hp| *hp <= 1) {
                1.0
            } else {
                0.0
            }
        }
        _ => return None,
    })
}

/// A god skill's own question; `None` for any other.
pub fn choose(ctx: &Ctx, prompt: &Prompt, skill: SkillId) -> Option<Action> {
    let action = match (skill, &prompt.choices) {
        (SkillId::Shelie, Choices::Cards { from, .. }) => best_one(ctx, from),
        // 攻心 is started on enemies only (`play_base`): take the best ♥ card.
        (SkillId::Gongxin, Choices::Cards { from, .. }) if from.is_empty() => Action::Pass,
        (SkillId::Gongxin, Choices::Cards { from, .. }) => best_one(ctx, from),
        // Discard it (option 0).
        (SkillId::Gongxin, Choices::Actions { .. }) => Action::Option { index: 0 },
        (SkillId::Qinyin, Choices::Actions { actions }) => qinyin(ctx, actions),
        (SkillId::Yeyan, Choices::Actions { actions }) => yeyan(ctx, actions),
        (SkillId::Wuhun, Choices::Actions { actions }) => worst_for_enemy(ctx, actions),
        (
            SkillId::Qixing,
            Choices::Cards {
                from,
                min,
                max,
                can_pass,
            },
        ) => qixing(ctx, from, *min as usize, *max as usize, *can_pass),
        (SkillId::Kuangfeng, Choices::Actions { actions }) => kuangfeng(ctx, actions),
        (SkillId::Dawu, Choices::Cards { from, max, .. }) => dawu_stars(ctx, from, *max as usize),
        (SkillId::Dawu, Choices::Actions { actions }) => most_friendly(ctx, actions),
        _ => return None,
    };
    Some(if prompt.choices.allows(&action) {
        action
    } else {
        prompt.default_action()
    })
}

fn best_one(ctx: &Ctx, from: &[CardId]) -> Action {
    let best = from
        .iter()
        .copied()
        .max_by(|a, b| value::value_of(ctx, *a).total_cmp(&value::value_of(ctx, *b)));
    Action::Cards {
        cards: best.into_iter().collect(),
    }
}

/// Everyone recovers (0) or loses (1): by the sum of what it means to this seat.
fn qinyin(ctx: &Ctx, actions: &[Action]) -> Action {
    let heal: f32 = ctx
        .alive()
        .filter(|s| s.hp < s.max_hp as i8)
        .map(|s| ctx.rel(s.seat))
        .sum();
    let hurt: f32 = ctx
        .alive()
        .map(|s| -ctx.rel(s.seat) * if s.hp <= 1 { 2.5 } else { 1.0 })
        .sum();
    let heal_ok = actions.contains(&Action::Option { index: 0 });
    if heal_ok && heal >= hurt && heal > 0.5 {
        Action::Option { index: 0 }
    } else if hurt > 0.5 && ctx.my().hp > 1 {
        Action::Option { index: 1 }
    } else {
        Action::Pass
    }
}

/// 业炎: the form (form (b) only with HP to pay and a target worth 3), then the split.
/// What `cards` are worth to this seat together.
fn cost(ctx: &Ctx, cards: &[CardId]) -> f32 {
    cards.iter().map(|c| value::value_of(ctx, *c)).sum()
}

fn yeyan(ctx: &Ctx, actions: &[Action]) -> Action {
    let options: Vec<u8> = actions
        .iter()
        .filter_map(|a| match a {
            Action::Option { index } => Some(*index),
            _ => None,
        })
        .collect();
    if options.first() == Some(&0) {
        // Form (b) (an answer naming four cards of four suits) only with HP to spare: the
        // cheapest four.
        let cheapest = actions
            .iter()
            .filter_map(|a| match a {
                Action::Cards { cards } => Some((cards, a)),
                _ => None,
            })
            .min_by(|(a, _), (b, _)| cost(ctx, a).total_cmp(&cost(ctx, b)));
        return match cheapest {
            Some((_, action)) if ctx.my().hp >= 5 => action.clone(),
            _ => Action::Option { index: 0 },
        };
    }
    if options.contains(&3) {
        return Action::Option { index: 3 };
    }
    // Who takes 2: the enemy closest to dying.
    actions
        .iter()
        .min_by_key(|a| match a {
            Action::Seats { seats } => seats.first().map_or(i8::MAX, |s| ctx.hp(*s)),
            _ => i8::MAX,
        })
        .cloned()
        .unwrap_or(Action::Pass)
}

fn worst_for_enemy(ctx: &Ctx, actions: &[Action]) -> Action {
    actions
        .iter()
        .min_by(|a, b| rel_of(ctx, a).total_cmp(&rel_of(ctx, b)))
        .cloned()
        .unwrap_or(Action::Pass)
}

fn rel_of(ctx: &Ctx, action: &Action) -> f32 {
    match action {
        Action::Skill { targets, .. } | Action::Seats { seats: targets } => {
            targets.iter().map(|t| ctx.rel(*t)).sum()
        }
        _ => 0.0,
    }
}

fn most_friendly(ctx: &Ctx, actions: &[Action]) -> Action {
    actions
        .iter()
        .max_by(|a, b| rel_of(ctx, a).total_cmp(&rel_of(ctx, b)))
        .cloned()
        .unwrap_or(Action::Pass)
}

/// The stars: set aside the least useful 7; later take a star for a worse hand card.
fn qixing(ctx: &Ctx, from: &[CardId], min: usize, max: usize, can_pass: bool) -> Action {
    if !can_pass {
        // Setting aside (7) or giving back (as many as taken): the cheapest.
        return Action::Cards {
            cards: value::cheapest(ctx, from, min.max(1).min(max.max(1))),
        };
    }
    // Which stars to take: those worth more than the worst hand cards, pairwise.
    let mut stars: Vec<(CardId, f32)> = from
        .iter()
        .map(|c| (*c, value::value_of(ctx, *c)))
        .collect();
    stars.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut hand: Vec<f32> = value::hand_values(ctx)
        .into_iter()
        .map(|(_, v)| v)
        .collect();
    hand.sort_by(f32::total_cmp);
    let take: Vec<CardId> = stars
        .iter()
        .zip(&hand)
        .take(max)
        .take_while(|((_, star), worst)| *star > **worst + 0.5)
        .map(|((c, _), _)| *c)
        .collect();
    if take.is_empty() {
        Action::Pass
    } else {
        Action::Cards { cards: take }
    }
}

/// Friends to shield: itself when hurt, and friends at 2 HP or less.
fn shielded(ctx: &Ctx) -> Vec<Seat> {
    ctx.alive()
        .filter(|s| s.hp <= 2 && (s.seat == ctx.me || ctx.rel(s.seat) > ALLY))
        .map(|s| s.seat)
        .collect()
}

fn dawu_stars(ctx: &Ctx, from: &[CardId], max: usize) -> Action {
    let x = shielded(ctx).len().min(max);
    if x == 0 {
        return Action::Pass;
    }
    Action::Cards {
        cards: value::cheapest(ctx, from, x),
    }
}

/// 狂风 on the weakest enemy, only with stars to spare (four or more).
fn kuangfeng(ctx: &Ctx, actions: &[Action]) -> Action {
    let stars = ctx
        .my()
        .piles
        .iter()
        .find(|p| p.skill == SkillId::Qixing)
        .map_or(0, |p| p.count);
    if stars < 4 {
        return Action::Pass;
    }
    actions
        .iter()
        .filter(|a| match a {
            Action::Skill { targets, .. } => targets.iter().all(|t| ctx.is_enemy(*t)),
            _ => false,
        })
        .min_by(|a, b| {
            let hp = |a: &Action| match a {
                Action::Skill { targets, cards, .. } => (
                    targets.first().map_or(i8::MAX, |t| ctx.hp(*t)),
                    cards.first().map_or(0.0, |c| value::value_of(ctx, *c)),
                ),
                _ => (i8::MAX, 0.0),
            };
            let (ha, va) = hp(a);
            let (hb, vb) = hp(b);
            ha.cmp(&hb).then(va.total_cmp(&vb))
        })
        .cloned()
        .unwrap_or(Action::Pass)
}
