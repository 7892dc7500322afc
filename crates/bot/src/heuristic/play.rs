//! 出牌阶段: score every legal play and make the best one, or end the phase when nothing is
//! worth doing. Equipment and 无中生有 come first, then tricks that weaken enemies, then 杀 on the
//! weakest enemy in range. Cards worth more in hand (a lone 闪, a 桃 at full HP) stay there.

use crate::rules::KindRules;
use sgs_engine::{Action, CardId, CardKind, Choices, Color, Prompt, Role, Seat, SkillId, Slot};

use super::table::{ALLY, ENEMY};
use super::value::{self, weapon_score};
use super::{maneuvering, skills, Ctx};

/// Plays below this score are not worth making.
const WORTHWHILE: f32 = 0.5;

pub fn play(ctx: &Ctx, prompt: &Prompt) -> Action {
    let Choices::Actions { actions } = &prompt.choices else {
        return prompt.default_action();
    };
    let best_slash = best_slash(ctx, actions);
    let mut best: Option<(f32, &Action)> = None;
    for action in actions {
        let Some(score) = play_score(ctx, action, best_slash) else {
            continue;
        };
        if score > WORTHWHILE && best.is_none_or(|(s, _)| score > s) {
            best = Some((score, action));
        }
    }
    best.map_or(Action::Pass, |(_, a)| a.clone())
}

/// The score of one play-phase action (`None`: not a play this agent would consider).
fn play_score(ctx: &Ctx, action: &Action, best_slash: Option<(f32, Seat, f32)>) -> Option<f32> {
    Some(match action {
        Action::Card {
            cards,
            skill,
            targets,
        } => score_card(ctx, cards, *skill, targets, best_slash),
        Action::Skill { skill, .. } if !ctx.memory.may_start(*skill) => return None,
        Action::Skill { skill, targets, .. } => skills::play_score(ctx, *skill, targets),
        Action::Recast { card } => super::heg_deck::recast_score(ctx.card(*card).kind)
            .unwrap_or_else(|| maneuvering::recast_score(ctx, *card)),
        _ => return None,
    })
}

/// The plays worth considering, best first: the one [`play`] makes, then the next best
/// worthwhile ones (at most `count` in all, one per card kind and target), then ending the phase.
/// A search's candidates and prior.
pub fn ranked(ctx: &Ctx, prompt: &Prompt, count: usize) -> Vec<Action> {
    let Choices::Actions { actions } = &prompt.choices else {
        return vec![prompt.default_action()];
    };
    let best_slash = best_slash(ctx, actions);
    let mut scored: Vec<(f32, &Action)> = actions
        .iter()
        .filter_map(|a| play_score(ctx, a, best_slash).map(|s| (s, a)))
        .filter(|(s, _)| *s > WORTHWHILE)
        .collect();
    // Stable: among equal scores the first offered comes first, as in `play`.
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut out: Vec<Action> = Vec::new();
    let mut kinds: Vec<(Option<CardKind>, Option<SkillId>, Vec<Seat>)> = Vec::new();
    for (_, action) in scored {
        if out.len() >= count {
            break;
        }
        let key = match action {
            Action::Card {
                cards,
                skill,
                targets,
            } => (ctx.produced_kind(cards, *skill), None, targets.clone()),
            Action::Skill { skill, targets, .. } => (None, Some(*skill), targets.clone()),
            _ => (None, None, Vec::new()),
        };
        if kinds.contains(&key) {
            continue;
        }
        kinds.push(key);
        out.push(action.clone());
    }
    if prompt.choices.allows(&Action::Pass) {
        out.push(Action::Pass);
    }
    out
}

/// The best 杀 on offer: its score, its target and how likely it lands (for 酒).
fn best_slash(ctx: &Ctx, actions: &[Action]) -> Option<(f32, Seat, f32)> {
    let mut best: Option<(f32, Seat, f32)> = None;
    for action in actions {
        let Action::Card {
            cards,
            skill,
            targets,
        } = action
        else {
            continue;
        };
        let [target] = targets[..] else {
            continue;
        };
        if ctx.produced_kind(cards, *skill) != Some(CardKind::Slash) {
            continue;
        }
        let score = score_card(ctx, cards, *skill, targets, None);
        if score > WORTHWHILE && best.is_none_or(|(s, _, _)| score > s) {
            best = Some((score, target, slash_hit_chance(ctx, cards, target)));
        }
    }
    best
}

/// The score of using `cards` (converted by `skill`) on `targets`.
fn score_card(
    ctx: &Ctx,
    cards: &[CardId],
    skill: Option<SkillId>,
    targets: &[Seat],
    best_slash: Option<(f32, Seat, f32)>,
) -> f32 {
    let Some(kind) = ctx.produced_kind(cards, skill) else {
        return f32::MIN;
    };
    let gain = match kind {
        CardKind::Slash => slash_gain(ctx, cards, skill, targets),
        CardKind::Analeptic => maneuvering::analeptic_gain(ctx, best_slash),
        _ => gain(ctx, kind, cards, targets),
    };
    if gain <= 0.0 {
        return gain;
    }
    // A conversion spends cards that may be worth more than what they become.
    let spent: f32 = cards.iter().map(|c| value::value_of(ctx, *c)).sum();
    let penalty = match skill {
        None => 0.0,
        // 乱击 lives on pairs of cards of one suit: half their worth is a fair price.
        Some(SkillId::Luanji) => (0.5 * spent - value::kind_value(ctx, kind)).max(0.0),
        Some(_) => (spent - value::kind_value(ctx, kind)).max(0.0) + 0.3 * cards.len() as f32,
    };
    gain - penalty
}

fn gain(ctx: &Ctx, kind: CardKind, cards: &[CardId], targets: &[Seat]) -> f32 {
    if let Some(gain) = super::heg_deck::gain(ctx, kind, targets) {
        return gain;
    }
    match kind {
        CardKind::ExNihilo => 100.0,
        CardKind::Peach => peach_gain(ctx),
        CardKind::IronChain => maneuvering::iron_chain_gain(ctx, cards, targets),
        CardKind::FireAttack => targets
            .iter()
            .map(|t| maneuvering::fire_attack_gain(ctx, cards, *t))
            .sum(),
        CardKind::SupplyShortage => targets
            .iter()
            .map(|t| maneuvering::supply_gain(ctx, *t))
            .sum(),
        CardKind::Duel => targets.iter().map(|t| duel_gain(ctx, *t)).sum(),
        CardKind::Dismantlement => targets.iter().map(|t| take_gain(ctx, *t, false)).sum(),
        CardKind::Snatch => targets.iter().map(|t| take_gain(ctx, *t, true)).sum(),
        CardKind::Drowning => targets
            .iter()
            .map(|t| super::kof::drowning_gain(ctx, *t))
            .sum(),
        CardKind::Indulgence => targets.iter().map(|t| indulgence_gain(ctx, *t)).sum(),
        CardKind::Lightning => lightning_gain(ctx),
        CardKind::SavageAssault => aoe_gain(ctx, CardKind::Slash),
        CardKind::ArcheryAttack => aoe_gain(ctx, CardKind::Jink),
        CardKind::GodSalvation => salvation_gain(ctx),
        CardKind::AmazingGrace => grace_gain(ctx),
        CardKind::Collateral => collateral_gain(ctx, targets),
        CardKind::Jink | CardKind::Nullification | CardKind::HegNullification => f32::MIN,
        _ => match kind.slot() {
            Some(slot) => equip_gain(ctx, kind, slot),
            None => f32::MIN,
        },
    }
}

fn peach_gain(ctx: &Ctx) -> f32 {
    let me = ctx.my();
    if me.hp >= me.max_hp as i8 {
        return f32::MIN;
    }
    let over_limit = ctx.hand.len() as i32 > me.hp as i32;
    if me.hp <= 1 || over_limit {
        30.0
    } else if me.hp * 2 <= me.max_hp as i8 {
        // Half HP: heal unless an ally (the lord above all) may need it soon.
        let lord = ctx.lord();
        let lord_low = lord != ctx.me && ctx.is_ally(lord) && ctx.hp(lord) <= 2;
        if lord_low {
            -1.0
        } else {
            8.0
        }
    } else {
        -1.0
    }
}

/// How likely a 杀 on `target` gets through.
fn slash_hit_chance(ctx: &Ctx, cards: &[CardId], target: Seat) -> f32 {
    let t = ctx.seat(target);
    let mut p: f32 = match t.hand_count {
        0 => 0.95,
        1 => 0.7,
        2 => 0.55,
        _ => 0.45,
    };
    let ignores_armor = ctx.equipped_kind(ctx.me, Slot::Weapon) == Some(CardKind::QinggangSword);
    if !ignores_armor {
        match ctx.equipped_kind(target, Slot::Armor) {
            Some(CardKind::EightDiagram) => p *= 0.55,
            Some(CardKind::RenwangShield) => {
                let black =
                    cards.iter().all(|c| ctx.card(*c).color() == Color::Black) && !cards.is_empty();
                if black {
                    p = 0.0;
                }
            }
            _ => {}
        }
    }
    if ctx.i_have(SkillId::Wushuang) {
        p = 1.0 - (1.0 - p) * 0.5;
    }
    if ctx.equipped_kind(ctx.me, Slot::Weapon) == Some(CardKind::Axe) && ctx.hand.len() >= 3 {
        p = 1.0 - (1.0 - p) * 0.5;
    }
    p
}

fn slash_gain(ctx: &Ctx, cards: &[CardId], skill: Option<SkillId>, targets: &[Seat]) -> f32 {
    let nature = maneuvering::slash_nature(ctx, cards, skill);
    let mut total = 0.0;
    for &t in targets {
        let rel = ctx.rel(t);
        if rel > ENEMY || t == ctx.me || maneuvering::vine_stops(ctx, t, nature) {
            return f32::MIN;
        }
        // The lord avoids killing seats that might be loyal.
        if ctx.my_role() == Some(Role::Lord) && rel > -0.3 && ctx.hp(t) <= 1 {
            return f32::MIN;
        }
        let hit = slash_hit_chance(ctx, cards, t);
        // 藤甲, 白银狮子, 酒 and 古锭刀 change the damage; fire or thunder on a chained target
        // burns the rest of the chain too.
        let damage = maneuvering::slash_damage(ctx, t, nature);
        let mut g = -rel * 10.0 * ctx.harm_worth(t) * hit * damage;
        if nature != sgs_engine::Nature::Normal {
            g += hit * maneuvering::chain_worth(ctx, t, damage as u8, nature);
        }
        g += threat_to_lord(ctx, t);
        let ganglie = ctx.has_skill(t, SkillId::Ganglie) || ctx.has_skill(t, SkillId::GanglieEarly);
        if ganglie && ctx.hp(ctx.me) <= 2 {
            g -= 3.0;
        }
        if ctx.has_skill(t, SkillId::Fankui)
            || ctx.has_skill(t, SkillId::FankuiEarly)
            || ctx.has_skill(t, SkillId::Jianxiong)
        {
            g -= 1.0;
        }
        if ctx.has_skill(t, SkillId::Yiji) && ctx.hp(t) > 1 {
            g -= 1.5;
        }
        total += g;
    }
    // Keep a lone 杀 when the hand would rather defend against 决斗 or 南蛮入侵? Only when the
    // attack is weak.
    total - 1.0
}

fn duel_gain(ctx: &Ctx, target: Seat) -> f32 {
    let rel = ctx.rel(target);
    if rel > ENEMY {
        return f32::MIN;
    }
    let mine = ctx.can_produce(CardKind::Slash) as f32;
    let theirs = ctx.seat(target).hand_count as f32 * 0.3
        + if ctx.has_skill(target, SkillId::Wusheng) || ctx.has_skill(target, SkillId::Longdan) {
            0.8
        } else {
            0.0
        };
    let mut win = if ctx.seat(target).hand_count == 0 {
        1.0
    } else if mine >= theirs + 1.0 {
        0.85
    } else if mine >= theirs {
        0.6
    } else if mine == 0.0 {
        0.25
    } else {
        0.4
    };
    if ctx.i_have(SkillId::Wushuang) {
        win = (win + 0.25_f32).min(1.0);
    }
    if ctx.has_skill(target, SkillId::Wushuang) {
        win *= 0.5;
    }
    let gain = -rel * 10.0 * ctx.harm_worth(target) * win;
    let my_loss = 8.0 * ctx.harm_worth(ctx.me) * (1.0 - win);
    gain - my_loss - 1.0
}

/// 过河拆桥 / 顺手牵羊 on `target`: clear an ally's judgment area, or strip an enemy.
fn take_gain(ctx: &Ctx, target: Seat, keep: bool) -> f32 {
    let bonus = if keep { 1.5 } else { 0.0 };
    let t = ctx.seat(target);
    if t.seat == ctx.me {
        return f32::MIN;
    }
    let rel = ctx.rel(target);
    if rel > ALLY || (rel > 0.0 && ctx.is_ally(target)) {
        let bad = ctx.has_delayed(target, CardKind::Indulgence)
            || ctx.has_delayed(target, CardKind::Lightning);
        return if bad { 12.0 * rel + bonus } else { f32::MIN };
    }
    if rel > ENEMY {
        return f32::MIN;
    }
    let best_equip = t
        .equip
        .iter()
        .map(|c| match ctx.card(*c).kind.slot() {
            Some(Slot::Armor) => 8.0,
            Some(Slot::DefensiveHorse) => 6.5,
            Some(Slot::Weapon) => 5.0,
            _ => 4.0,
        })
        .fold(0.0_f32, f32::max);
    let hand = if t.hand_count > 0 {
        4.0 + if t.hand_count <= 2 && t.hp <= 2 {
            2.0
        } else {
            0.0
        }
    } else {
        0.0
    };
    let worth = best_equip.max(hand);
    if worth == 0.0 {
        return f32::MIN;
    }
    -rel * (worth + bonus) * ctx.harm_worth(target).sqrt()
}

fn indulgence_gain(ctx: &Ctx, target: Seat) -> f32 {
    let rel = ctx.rel(target);
    if rel > ENEMY || ctx.has_delayed(target, CardKind::Indulgence) {
        return f32::MIN;
    }
    let t = ctx.seat(target);
    -rel * (9.0 + t.hand_count as f32 * 0.5 + if t.hp >= 3 { 1.0 } else { 0.0 })
}

fn lightning_gain(ctx: &Ctx) -> f32 {
    if ctx.has_delayed(ctx.me, CardKind::Lightning) {
        return f32::MIN;
    }
    let (enemies, allies) = ctx.side_counts();
    let others = ctx.others().count() as f32;
    // It will pass through everyone; worth it only when most of the table is hostile.
    let hostile = enemies as f32 / (others + 1.0);
    if hostile > 0.6 && allies <= 2 {
        2.0
    } else {
        -1.0
    }
}

/// 南蛮入侵 / 万箭齐发: how much more it hurts enemies than friends. `answer` is what each
/// target must give to avoid damage.
fn aoe_gain(ctx: &Ctx, answer: CardKind) -> f32 {
    let mut total = 0.0;
    for s in ctx.others() {
        if ctx.equipped_kind(s.seat, Slot::Armor) == Some(CardKind::Vine) {
            // 藤甲: no effect on it.
            continue;
        }
        let mut hurt = match s.hand_count {
            0 => 1.0,
            1 => 0.75,
            2 => 0.6,
            3 => 0.5,
            _ => 0.4,
        };
        if answer == CardKind::Jink
            && ctx.equipped_kind(s.seat, Slot::Armor) == Some(CardKind::EightDiagram)
        {
            hurt *= 0.55;
        }
        if ctx.equipped_kind(s.seat, Slot::Armor) == Some(CardKind::RenwangShield)
            && answer == CardKind::Slash
        {
            // 仁王盾 does not stop tricks.
        }
        let rel = ctx.rel(s.seat);
        let weight = if rel < 0.0 { 1.0 } else { 1.3 };
        let lord_needed = s.seat == ctx.lord() && rel > 0.0;
        if (rel > 0.5 && s.hp <= 1 && s.hand_count <= 2) || (lord_needed && s.hp <= 1) {
            // Never gamble an ally's life (the lord's above all) on an area attack.
            return f32::MIN;
        }
        let lord = if s.seat == ctx.lord() && rel > 0.0 {
            2.0
        } else {
            1.0
        };
        total += -rel * weight * lord * hurt * 8.0 * ctx.harm_worth(s.seat);
    }
    total - 2.0
}

fn salvation_gain(ctx: &Ctx) -> f32 {
    let total: f32 = ctx
        .alive()
        .filter(|s| s.hp < s.max_hp as i8)
        .map(|s| ctx.rel(s.seat) * 8.0 * if s.hp <= 1 { 1.5 } else { 1.0 })
        .sum();
    total - 1.0
}

fn grace_gain(ctx: &Ctx) -> f32 {
    let total: f32 = ctx.others().map(|s| ctx.rel(s.seat) * 2.5).sum();
    // The user picks first.
    total + 3.0 - 1.5
}

fn collateral_gain(ctx: &Ctx, targets: &[Seat]) -> f32 {
    let [holder, victim] = targets else {
        return f32::MIN;
    };
    let (rh, rv) = (ctx.rel(*holder), ctx.rel(*victim));
    if rv > ALLY || *victim == ctx.me || rh > ALLY {
        return f32::MIN;
    }
    // Either the holder hits our enemy or we take its weapon.
    -rh * 4.0 + -rv * 4.0 * ctx.harm_worth(*victim) - 1.0
}

fn equip_gain(ctx: &Ctx, kind: CardKind, slot: Slot) -> f32 {
    let current = ctx.equipped_kind(ctx.me, slot);
    let xiaoji = ctx.i_have(SkillId::Xiaoji) || ctx.i_have(SkillId::XiaojiHeg);
    let fresh = match slot {
        Slot::Weapon => 20.0 + weapon_score(ctx, kind),
        Slot::Armor => 45.0,
        Slot::DefensiveHorse => 40.0,
        Slot::OffensiveHorse => 30.0,
    };
    match current {
        None => fresh,
        Some(_) if xiaoji => fresh * 0.8,
        Some(old) if slot == Slot::Weapon => {
            if weapon_score(ctx, kind) > weapon_score(ctx, old) + 0.5 {
                15.0
            } else {
                f32::MIN
            }
        }
        Some(CardKind::RenwangShield) if kind == CardKind::EightDiagram => 2.0,
        Some(_) => f32::MIN,
    }
}

/// For the lord's side: how much `seat` threatens the lord (an enemy that can reach it).
fn threat_to_lord(ctx: &Ctx, seat: Seat) -> f32 {
    let lord = ctx.lord();
    let guards = match ctx.my_role() {
        Some(Role::Lord | Role::Loyalist) => true,
        Some(Role::Renegade) => ctx.rel(lord) > 0.5,
        _ => false,
    };
    if seat == lord || !guards {
        return 0.0;
    }
    if ctx.rel(seat) < ENEMY && ctx.in_range(seat, lord) {
        3.0 + if ctx.hp(lord) <= 2 { 3.0 } else { 0.0 }
    } else {
        0.0
    }
}
