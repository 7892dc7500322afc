//! 蛊惑 Guhuo (于吉, both texts): when 于吉 uses it, what he names and which card he puts face
//! down, and when another seat challenges (质疑) — all from the seat's own view.
//!
//! The one number behind every choice is how likely the face-down card is genuine, as a seat
//! can reckon it: the copies of the named kind it has not seen (its own hand, the discard pile,
//! the cards in processing, every equipment and judgment area) spread over the cards it cannot
//! see, and 于吉 holding at least one of them among the hand he chose from (a sound 于吉 plays a
//! genuine card when he has one, as this agent does).
//!
//! 于吉 names 无中生有, 桃 while wounded, or a 杀 he lacks with an enemy in reach: genuinely when
//! he holds one (a wrong challenger is punished, he loses nothing), as a bluff with his least
//! useful card when no enemy is likely to call it (a common kind: 杀 more than 无中生有). A seat challenges only an enemy 于吉, only when the card is more likely false than
//! the text's penalty makes worth risking: under the 2013 text a wrong challenge gains 缠怨
//! (ruinous at 1 HP); under the 2009 text it costs 1 HP, and a right one draws a card.

use sgs_engine::{Action, CardId, CardKind, Cause, Choices, Prompt, Seat, SkillId};

use super::table::Ctx;
use super::value;

/// The kinds 于吉 names: what a face-down card is worth most as.
const NAMED: [CardKind; 3] = [CardKind::ExNihilo, CardKind::Peach, CardKind::Slash];

fn is_guhuo(skill: SkillId) -> bool {
    matches!(skill, SkillId::Guhuo | SkillId::GuhuoOld)
}

/// How likely a face-down card is a genuine `kind`, chosen from `hand` cards: as this seat sees
/// the table, or (`own_hand` false) as any other seat does, from the public zones alone.
pub fn genuine_chance(ctx: &Ctx, kind: CardKind, hand: usize, own_hand: bool) -> f32 {
    let view = ctx.view;
    let mut seen: Vec<CardId> = Vec::new();
    if own_hand {
        seen.extend(ctx.hand.iter().map(|c| c.id));
    }
    seen.extend(&view.discard_pile);
    seen.extend(&view.processing);
    for s in &view.seats {
        seen.extend(&s.equip);
        seen.extend(s.judge.iter().map(|(id, _)| *id));
    }
    let copies = view.deck.cards().iter().filter(|c| c.kind == kind).count();
    let seen_copies = seen.iter().filter(|id| ctx.card(**id).kind == kind).count();
    let unseen = view.deck.len().saturating_sub(seen.len()).max(1);
    let per_card = copies.saturating_sub(seen_copies) as f32 / unseen as f32;
    1.0 - (1.0 - per_card.min(1.0)).powi(hand.max(1) as i32)
}

/// Would this seat challenge `owner`'s face-down `kind`?
fn would_challenge(ctx: &Ctx, owner: Seat, kind: CardKind, old_text: bool) -> bool {
    if !ctx.is_enemy(owner) {
        return false;
    }
    // The card came from his hand: he chose it from one more than he holds now.
    let hand = usize::from(ctx.seat(owner).hand_count) + 1;
    let genuine = genuine_chance(ctx, kind, hand, true);
    let hp = ctx.hp(ctx.me);
    if old_text {
        // Wrong: lose 1 HP (never at 1 HP); right: the card is void and a card drawn.
        hp >= 2 && genuine < 0.4
    } else if hp <= 1 {
        // Wrong at 1 HP: 缠怨 silences every other skill at once.
        genuine < 0.2
    } else {
        genuine < 0.5
    }
}

/// The best use of 蛊惑 now, if any: the kind to name, the card to put face down, its worth.
fn plan(ctx: &Ctx) -> Option<(CardKind, CardId, f32)> {
    let wounded = ctx.is_wounded(ctx.me);
    let challengers: Vec<Seat> = ctx
        .others()
        .filter(|s| s.hp > 0 && !s.skills.contains(&SkillId::Chanyuan))
        .map(|s| s.seat)
        .collect();
    let mut best: Option<(CardKind, CardId, f32)> = None;
    for kind in NAMED {
        let wanted = match kind {
            CardKind::Peach => wounded,
            // A 杀 he lacks, with an enemy in reach (one in hand is used as it is).
            CardKind::Slash => {
                ctx.count_in_hand(kind) == 0
                    && ctx
                        .others()
                        .any(|s| ctx.is_enemy(s.seat) && ctx.in_range(ctx.me, s.seat))
            }
            _ => true,
        };
        if !wanted {
            continue;
        }
        let worth = value::kind_value(ctx, kind);
        let candidate = match ctx.hand.iter().find(|c| c.kind == kind) {
            // Genuine: nothing to lose; a challenger is punished.
            Some(card) => (kind, card.id, 1.0),
            None => {
                let cheapest =
                    value::cheapest(ctx, &ctx.hand.iter().map(|c| c.id).collect::<Vec<_>>(), 1);
                let Some(&card) = cheapest.first() else {
                    continue;
                };
                // Would a seat that is not surely a friend call it, reckoning as this agent
                // does (from what every seat sees)?
                let likely = genuine_chance(ctx, kind, ctx.hand.len(), false);
                let called = likely < 0.5 && challengers.iter().any(|s| !ctx.is_ally(*s));
                if called {
                    continue;
                }
                (kind, card, worth - value::value_of(ctx, card))
            }
        };
        if best.is_none_or(|(_, _, w)| candidate.2 > w) {
            best = Some(candidate);
        }
    }
    best.filter(|(_, _, worth)| *worth > 0.0)
}

/// How worthwhile starting 蛊惑 is in the play phase (`None` for other skills).
pub fn play_base(ctx: &Ctx, skill: SkillId) -> Option<f32> {
    if !is_guhuo(skill) {
        return None;
    }
    Some(plan(ctx).map_or(0.0, |(_, _, worth)| 4.0 + worth))
}

/// 蛊惑's questions: which kind to name, which card to put face down, and — to another seat —
/// whether to challenge. `None` for every other prompt.
pub fn choose(ctx: &Ctx, prompt: &Prompt, cause: Cause) -> Option<Action> {
    let Choices::Actions { actions } = &prompt.choices else {
        return None;
    };
    // To another seat: challenge?
    if let Some(challenge) = actions.iter().find(|a| {
        matches!(a, Action::Skill { skill, cards, targets }
            if is_guhuo(*skill) && cards.is_empty() && targets.len() == 1 && targets[0] != ctx.me)
    }) {
        let (Action::Skill { skill, targets, .. }, Cause::Card(kind)) = (challenge, cause) else {
            return Some(Action::Pass);
        };
        let old_text = *skill == SkillId::GuhuoOld;
        return Some(if would_challenge(ctx, targets[0], kind, old_text) {
            challenge.clone()
        } else {
            Action::Pass
        });
    }
    // 于吉 names a kind.
    if matches!(cause, Cause::Skill(skill) if is_guhuo(skill)) {
        let named = plan(ctx).map(|(kind, _, _)| Action::Option { index: kind as u8 });
        return Some(match named {
            Some(option) if actions.contains(&option) => option,
            _ => Action::Pass,
        });
    }
    // 于吉 puts a card face down (the kind is named): the planned card, else the cheapest.
    let face_down: Vec<&Action> = actions
        .iter()
        .filter(|a| matches!(a, Action::Card { skill: Some(skill), .. } if is_guhuo(*skill)))
        .collect();
    if face_down.is_empty() {
        return None;
    }
    let Cause::Card(kind) = cause else {
        return None;
    };
    let card = match plan(ctx) {
        Some((planned, card, _)) if planned == kind => card,
        _ => match ctx.hand.iter().find(|c| c.kind == kind) {
            Some(genuine) => genuine.id,
            None => *value::cheapest(ctx, &ctx.hand.iter().map(|c| c.id).collect::<Vec<_>>(), 1)
                .first()?,
        },
    };
    // Targets: a harmful card at enemies, any other at friends (and himself).
    let kind_helps = matches!(
        kind,
        CardKind::Peach | CardKind::ExNihilo | CardKind::GodSalvation | CardKind::AmazingGrace
    );
    let target_worth = |targets: &[Seat]| -> f32 {
        targets
            .iter()
            .map(|t| {
                let rel = if *t == ctx.me { 1.0 } else { ctx.rel(*t) };
                if kind_helps {
                    rel
                } else {
                    -rel
                }
            })
            .sum()
    };
    face_down
        .into_iter()
        .filter(|a| matches!(a, Action::Card { cards, .. } if cards == &[card]))
        .max_by(|a, b| {
            let worth = |a: &Action| match a {
                Action::Card { targets, .. } => target_worth(targets),
                _ => f32::MIN,
            };
            worth(a).total_cmp(&worth(b))
        })
        .cloned()
        .or(Some(Action::Pass))
}
