//! 军争 (Maneuvering) sense: how the 160-card game's cards change a play. 酒 before a 杀 that is
//! likely to land, 铁索连环 on enemies before fire (recast when a chain helps nobody), 火攻 only
//! with a likely suit match, 兵粮寸断 on the strongest enemy in reach, and 藤甲 / 白银狮子 /
//! chains in the value of every damage.

use sgs_engine::{
    Action, CardId, CardKind, Cause, Choices, MarkId, Nature, Prompt, Seat, SkillId, Slot, Suit,
};

use super::table::ENEMY;
use super::{value, Ctx};

/// The nature of the 杀 that `cards` make under `skill` (朱雀羽扇 makes fire; other conversions
/// make a normal 杀).
pub fn slash_nature(ctx: &Ctx, cards: &[CardId], skill: Option<SkillId>) -> Nature {
    match (skill, cards) {
        (Some(SkillId::ZhuqueFan), _) => Nature::Fire,
        (None, [card]) => ctx.card(*card).nature,
        _ => Nature::Normal,
    }
}

fn ignores_armor(ctx: &Ctx) -> bool {
    ctx.equipped_kind(ctx.me, Slot::Weapon) == Some(CardKind::QinggangSword)
}

/// Does 藤甲 stop this 杀 on `target`?
pub fn vine_stops(ctx: &Ctx, target: Seat, nature: Nature) -> bool {
    nature == Nature::Normal
        && !ignores_armor(ctx)
        && ctx.equipped_kind(target, Slot::Armor) == Some(CardKind::Vine)
}

/// How much damage `amount` of `nature` does to `target` after its armor.
pub fn damage_to(ctx: &Ctx, target: Seat, amount: u8, nature: Nature, armor_ignored: bool) -> f32 {
    let armor = if armor_ignored {
        None
    } else {
        ctx.equipped_kind(target, Slot::Armor)
    };
    let mut amount = amount;
    if armor == Some(CardKind::Vine) && nature == Nature::Fire {
        amount += 1;
    }
    if armor == Some(CardKind::SilverLion) {
        amount = amount.min(1);
    }
    f32::from(amount)
}

/// The worth of the chain damage that elemental damage to a chained `target` passes on: the
/// other chained characters, each by how much this seat wants it hurt.
pub fn chain_worth(ctx: &Ctx, target: Seat, amount: u8, nature: Nature) -> f32 {
    if nature == Nature::Normal || !ctx.seat(target).chained {
        return 0.0;
    }
    ctx.alive()
        .filter(|s| s.seat != target && s.chained)
        .map(|s| {
            let hurt = damage_to(ctx, s.seat, amount, nature, false);
            let me = if s.seat == ctx.me { 1.5 } else { 1.0 };
            -ctx.rel(s.seat) * me * 6.0 * hurt * ctx.harm_worth(s.seat)
        })
        .sum()
}

/// The damage a 杀 of `nature` deals `target` (酒, 古锭刀, armor), relative to a plain 1.
pub fn slash_damage(ctx: &Ctx, target: Seat, nature: Nature) -> f32 {
    let mut amount = 1 + u8::from(is_drunk(ctx));
    if ctx.equipped_kind(ctx.me, Slot::Weapon) == Some(CardKind::GudingBlade)
        && ctx.seat(target).hand_count == 0
    {
        amount += 1;
    }
    damage_to(ctx, target, amount, nature, ignores_armor(ctx))
}

pub fn is_drunk(ctx: &Ctx) -> bool {
    ctx.my()
        .marks
        .iter()
        .any(|m| m.id == MarkId::Card(CardKind::Analeptic) && m.count > 0)
}

/// 酒 now: worth it just before the best 杀 when that 杀 is likely to land and its target takes
/// the extra point (no 白银狮子). At 1 HP it is kept to save oneself.
pub fn analeptic_gain(ctx: &Ctx, best_slash: Option<(f32, Seat, f32)>) -> f32 {
    if is_drunk(ctx) || ctx.hp(ctx.me) <= 1 {
        return f32::MIN;
    }
    let Some((score, target, hit)) = best_slash else {
        return f32::MIN;
    };
    let capped =
        ctx.equipped_kind(target, Slot::Armor) == Some(CardKind::SilverLion) && !ignores_armor(ctx);
    if hit < 0.6 || capped || score <= 2.0 {
        return f32::MIN;
    }
    // Above the 杀 itself, so that the 酒 comes first.
    score + 1.0
}

/// 铁索连环 on `targets`: chain enemies (more when fire or thunder is at hand), unchain allies.
pub fn iron_chain_gain(ctx: &Ctx, cards: &[CardId], targets: &[Seat]) -> f32 {
    let elemental = ctx.hand.iter().any(|c| {
        !cards.contains(&c.id)
            && ((c.kind == CardKind::Slash && c.nature != Nature::Normal)
                || c.kind == CardKind::FireAttack)
    });
    let mut total = 0.0;
    for &t in targets {
        let rel = ctx.rel(t);
        let chained = ctx.seat(t).chained;
        let g = if chained {
            // Unchaining: good for friends, bad for enemies.
            rel * 3.0
        } else if rel < ENEMY {
            -rel * if elemental { 4.5 } else { 2.5 }
        } else {
            -3.0 - rel.max(0.0) * 3.0
        };
        if g <= 0.0 {
            return f32::MIN;
        }
        total += g;
    }
    total - 1.5
}

/// 重铸: a fresh card for a 铁索连环 nobody needs chained. Below every worthwhile use of it (the
/// play phase makes the best play first), above ending the phase with it in hand.
pub fn recast_score(ctx: &Ctx, card: CardId) -> f32 {
    let face = ctx.card(card);
    if face.kind == CardKind::IronChain {
        1.2
    } else if face.suit == Suit::Club && ctx.i_have(SkillId::Lianhuan) {
        // 连环 recasts any ♣ card: worth it for a card of little use.
        2.0 - 0.4 * value::value_of(ctx, card)
    } else {
        f32::MIN
    }
}

/// 火攻 on `target`: only when the rest of the hand likely matches the suit it shows.
pub fn fire_attack_gain(ctx: &Ctx, cards: &[CardId], target: Seat) -> f32 {
    let rel = ctx.rel(target);
    if target == ctx.me || rel > ENEMY {
        return f32::MIN;
    }
    let mut suits: Vec<Suit> = ctx
        .hand
        .iter()
        .filter(|c| !cards.contains(&c.id))
        .map(|c| c.suit)
        .collect();
    suits.sort_by_key(|s| *s as u8);
    suits.dedup();
    // The target chooses what to show: one card shows whatever it wants.
    let p = match (suits.len(), ctx.seat(target).hand_count) {
        (0, _) => 0.0,
        (n, 1) => n as f32 / 4.0,
        (n, _) => (n as f32 / 4.0) * 0.75,
    };
    if p < 0.5 {
        return f32::MIN;
    }
    let hurt = damage_to(ctx, target, 1, Nature::Fire, false);
    let worth =
        -rel * 10.0 * hurt * ctx.harm_worth(target) + chain_worth(ctx, target, 1, Nature::Fire);
    // It costs a card of that suit too.
    p * (worth - 3.0) - 1.0
}

/// 兵粮寸断 on `target`: the strongest enemy in reach (many HP and cards).
pub fn supply_gain(ctx: &Ctx, target: Seat) -> f32 {
    let rel = ctx.rel(target);
    if rel > ENEMY || ctx.has_delayed(target, CardKind::SupplyShortage) {
        return f32::MIN;
    }
    let t = ctx.seat(target);
    -rel * (6.5 + f32::from(t.hp.max(0) as u8) * 0.6 + f32::from(t.hand_count) * 0.3)
}

/// 展示 for 火攻: show the card worth least (its suit is the user's to match).
pub fn show(ctx: &Ctx, prompt: &Prompt) -> Action {
    match &prompt.choices {
        Choices::Cards { from, .. } => match value::cheapest(ctx, from, 1).first() {
            Some(card) => Action::Cards { cards: vec![*card] },
            None => prompt.default_action(),
        },
        _ => prompt.default_action(),
    }
}

/// 火攻's payment: discard the cheapest matching card when the target is an enemy.
pub fn fire_attack_pay(ctx: &Ctx, prompt: &Prompt) -> Action {
    let target = match &ctx.memory.trick {
        Some((user, CardKind::FireAttack, targets)) if *user == ctx.me => targets.first().copied(),
        _ => None,
    };
    let hostile = target.is_some_and(|t| t != ctx.me && ctx.rel(t) < ENEMY);
    match &prompt.choices {
        Choices::Cards { from, .. } if hostile => match value::cheapest(ctx, from, 1).first() {
            Some(card) if value::value_of(ctx, *card) < 9.0 => Action::Cards { cards: vec![*card] },
            _ => Action::Pass,
        },
        _ => Action::Pass,
    }
}

/// Is this the user's question of a 火攻?
pub fn is_fire_attack_payment(cause: Cause) -> bool {
    cause == Cause::Card(CardKind::FireAttack)
}

/// What a 军争 trick does to its target, for 无懈可击: > 0 good for the target.
pub fn trick_effect(ctx: &Ctx, trick: CardKind, target: Seat) -> Option<f32> {
    let t = ctx.seat(target);
    Some(match trick {
        CardKind::SupplyShortage => -6.0,
        CardKind::FireAttack if t.hp <= 1 => -6.0,
        CardKind::FireAttack => -2.0,
        CardKind::IronChain if t.chained => 0.5,
        CardKind::IronChain => -1.0,
        _ => return None,
    })
}
