//! Card sense: what each card in hand is worth keeping, so that discards, costs and conversions
//! give up the least useful cards. Values depend on the hand (a second 闪 is worth less than the
//! first), the seat's skills (武圣 makes red cards 杀, 急救 makes them 桃) and its equipment.

use crate::rules::KindRules;
use sgs_engine::{Action, Card, CardId, CardKind, Category, Choices, Prompt, SkillId, Slot};

use super::Ctx;

/// How good a weapon is for this seat (0 = not worth a slot).
pub fn weapon_score(ctx: &Ctx, kind: CardKind) -> f32 {
    let slashes = ctx.can_produce(CardKind::Slash) as f32;
    match kind {
        CardKind::Crossbow => {
            if ctx.i_have(SkillId::Paoxiao) || ctx.i_have(SkillId::Feijiang) {
                1.0
            } else {
                2.0 + 2.0 * (slashes - 1.0).max(0.0)
            }
        }
        // 连弩 (the 3v3 deck): up to three more 杀.
        CardKind::VsCrossbow => {
            if ctx.i_have(SkillId::Paoxiao) || ctx.i_have(SkillId::Feijiang) {
                1.0
            } else {
                2.0 + 2.0 * (slashes - 1.0).clamp(0.0, 3.0)
            }
        }
        CardKind::QinggangSword => 4.0,
        CardKind::IceSword => 3.0,
        CardKind::DoubleSwords => 3.0,
        CardKind::Blade => 4.0,
        CardKind::SerpentSpear => 3.5,
        CardKind::Axe => 4.0,
        CardKind::Halberd => 3.0,
        CardKind::KylinBow => 3.5,
        CardKind::GudingBlade => 3.5,
        CardKind::ZhuqueFan => 3.0,
        _ => 0.0,
    }
}

/// The value of each hand card, in hand order.
pub fn hand_values(ctx: &Ctx) -> Vec<(CardId, f32)> {
    let mut seen: Vec<(CardKind, u8)> = Vec::new();
    // The lord is everyone's target: every 闪 it holds may be needed before its next turn.
    let more_jinks = if ctx.my_role() == Some(sgs_engine::Role::Lord) {
        0.85
    } else {
        0.55
    };
    ctx.hand
        .iter()
        .map(|card| {
            let base = base_value(ctx, card);
            // Diminishing returns for repeats of what a card is used as.
            let as_kind = best_use(ctx, card);
            let n = match seen.iter_mut().find(|(k, _)| *k == as_kind) {
                Some((_, n)) => {
                    *n += 1;
                    *n
                }
                None => {
                    seen.push((as_kind, 1));
                    1
                }
            };
            let value = match (as_kind, n) {
                (CardKind::Jink, 1) => base,
                (CardKind::Jink, _) => base * more_jinks,
                (CardKind::Slash, 1) => base,
                (CardKind::Slash, _) if unlimited_slash(ctx) => base * 0.9,
                (CardKind::Slash, _) => base * 0.6,
                (CardKind::Peach, _) => base,
                (_, 1) => base,
                (_, _) => base * 0.85,
            };
            (card.id, value)
        })
        .collect()
}

fn unlimited_slash(ctx: &Ctx) -> bool {
    ctx.i_have(SkillId::Paoxiao)
        || ctx.i_have(SkillId::Feijiang)
        || ctx.equipped_kind(ctx.me, Slot::Weapon) == Some(CardKind::Crossbow)
}

/// What a hand card is mostly used as, given the seat's skills.
fn best_use(ctx: &Ctx, card: &Card) -> CardKind {
    let red = card.color() == sgs_engine::Color::Red;
    if ctx.i_have(SkillId::Jijiu) && red && card.kind != CardKind::Peach {
        return CardKind::Peach;
    }
    card.kind
}

/// The value of one card held in hand, before diminishing returns.
pub fn base_value(ctx: &Ctx, card: &Card) -> f32 {
    let own = kind_value(ctx, card.kind);
    let red = card.color() == sgs_engine::Color::Red;
    let mut value = own;
    if ctx.i_have(SkillId::Wusheng) && red {
        value = value.max(4.5);
    }
    if ctx.i_have(SkillId::Qingguo) && !red {
        value = value.max(5.0);
    }
    // The 2008 倾国: any hand card is a 闪.
    if ctx.i_have(SkillId::QingguoEarly) {
        value = value.max(5.0);
    }
    if ctx.i_have(SkillId::Longdan) && matches!(card.kind, CardKind::Slash | CardKind::Jink) {
        value = value.max(6.0);
    }
    if ctx.i_have(SkillId::Jijiu) && red {
        value = value.max(7.0);
    }
    if ctx.i_have(SkillId::Qixi) && !red {
        value = value.max(4.0);
    }
    if ctx.i_have(SkillId::Guose) && card.suit == sgs_engine::Suit::Diamond {
        value = value.max(4.5);
    }
    let early_trick = matches!(
        card.kind.category(),
        Category::Trick | Category::DelayedTrick
    );
    if (ctx.i_have(SkillId::Jizhi) && card.kind.category() == Category::Trick)
        || (ctx.i_have(SkillId::JizhiEarly) && early_trick)
    {
        value += 1.0;
    }
    value
}

/// The value of holding a card of `kind`.
pub fn kind_value(ctx: &Ctx, kind: CardKind) -> f32 {
    match kind {
        CardKind::Peach => 10.0,
        CardKind::Jink => 6.5,
        CardKind::Nullification => 6.0,
        CardKind::Slash => 5.0,
        CardKind::ExNihilo => 9.0,
        CardKind::Snatch => 6.5,
        CardKind::Dismantlement => 5.5,
        CardKind::Duel => 5.0,
        CardKind::Indulgence => 6.0,
        CardKind::SavageAssault => 4.5,
        CardKind::ArcheryAttack => 5.0,
        CardKind::Collateral => 3.0,
        CardKind::AmazingGrace => 2.5,
        CardKind::GodSalvation => 2.5,
        CardKind::Lightning => 1.0,
        // 军争
        CardKind::Analeptic => 5.0,
        CardKind::IronChain => 3.5,
        CardKind::FireAttack => 4.0,
        CardKind::SupplyShortage => 5.5,
        // The 2013 1v1 deck
        CardKind::Drowning => 5.0,
        // The 国战 deck
        CardKind::HegNullification => 6.5,
        CardKind::BefriendAttacking => 7.0,
        CardKind::AwaitExhausted => 4.0,
        CardKind::KnownBoth => 2.5,
        _ => match kind.slot() {
            Some(slot) => equip_value(ctx, kind, slot),
            None => 3.0,
        },
    }
}

/// An equipment card in hand: worth a lot if it would fill an empty slot or improve on it.
fn equip_value(ctx: &Ctx, kind: CardKind, slot: Slot) -> f32 {
    match ctx.equipped_kind(ctx.me, slot) {
        None => 6.0,
        Some(current) if slot == Slot::Weapon => {
            if weapon_score(ctx, kind) > weapon_score(ctx, current) + 0.5 {
                4.0
            } else {
                1.5
            }
        }
        Some(_) => 1.5,
    }
}

/// The `count` least useful of `from` (ids, any zone of the seat's own).
pub fn cheapest(ctx: &Ctx, from: &[CardId], count: usize) -> Vec<CardId> {
    let values = hand_values(ctx);
    let mut priced: Vec<(CardId, f32)> = from
        .iter()
        .map(|id| {
            let v = values
                .iter()
                .find(|(c, _)| c == id)
                .map(|(_, v)| *v)
                .unwrap_or_else(|| owned_equip_value(ctx, *id));
            (*id, v)
        })
        .collect();
    priced.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    priced.into_iter().take(count).map(|(c, _)| c).collect()
}

/// The value of a card in the seat's equipment (or elsewhere outside the hand).
pub fn owned_equip_value(ctx: &Ctx, id: CardId) -> f32 {
    let card = ctx.card(id);
    let xiaoji = if ctx.i_have(SkillId::Xiaoji) || ctx.i_have(SkillId::XiaojiHeg) {
        -4.0
    } else {
        0.0
    };
    let v = match card.kind.slot() {
        Some(Slot::Armor) => 7.0,
        Some(Slot::DefensiveHorse) => 6.0,
        Some(Slot::Weapon) => 3.0 + weapon_score(ctx, card.kind) * 0.5,
        Some(Slot::OffensiveHorse) => 4.0,
        None => kind_value(ctx, card.kind),
    };
    v + xiaoji
}

/// The value of one card by id, wherever the seat holds it.
pub fn value_of(ctx: &Ctx, id: CardId) -> f32 {
    hand_values(ctx)
        .into_iter()
        .find(|(c, _)| *c == id)
        .map(|(_, v)| v)
        .unwrap_or_else(|| owned_equip_value(ctx, id))
}

/// 弃牌阶段: discard the least useful cards.
pub fn discard(ctx: &Ctx, prompt: &Prompt, count: usize) -> Action {
    match &prompt.choices {
        Choices::Cards { from, min, .. } => Action::Cards {
            cards: cheapest(ctx, from, count.max(*min as usize)),
        },
        _ => prompt.default_action(),
    }
}

/// 五谷丰登: take the card worth most to this seat.
pub fn pool(ctx: &Ctx, prompt: &Prompt, cards: &[CardId]) -> Action {
    let best = cards
        .iter()
        .map(|c| (*c, pool_value(ctx, *c)))
        .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)));
    match best {
        Some((card, _)) => {
            let action = Action::Pick {
                pick: sgs_engine::Pick::Card { card },
            };
            if prompt.choices.allows(&action) {
                action
            } else {
                prompt.default_action()
            }
        }
        None => prompt.default_action(),
    }
}

fn pool_value(ctx: &Ctx, id: CardId) -> f32 {
    let card = ctx.card(id);
    let mut v = base_value(ctx, &card);
    if card.kind == CardKind::Jink && ctx.can_produce(CardKind::Jink) == 0 {
        v += 1.5;
    }
    if card.kind == CardKind::Peach && ctx.is_wounded(ctx.me) {
        v += 2.0;
    }
    v
}
