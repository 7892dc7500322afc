//! Skills: when each standard general's skills are worth using, keyed by [`SkillId`].
//!
//! Three entry points: [`play_score`] rates an active skill offered in the play phase
//! (苦肉 only with HP to spare, 制衡 only with useless cards …), [`confirm`] answers "use this
//! skill?", and [`choose`] answers a skill's own question, whatever shape its choices take:
//! cards to pay or give (the least useful ones, or those an ally can use), seats to target
//! (enemies for 反间/离间/流离/突袭, allies for 仁德/结姻/青囊), or a numbered option.

use crate::rules::{GeneralRules, KindRules, SkillRules};
use sgs_engine::{
    Action, CardId, CardKind, Cause, Choices, Prompt, Role, Seat, SkillId, Slot, Suit,
};

use super::judge;
use super::table::{ALLY, ENEMY};
use super::value;
use super::Ctx;

/// Hand cards worth less than this are "useless" (制衡 cycles them).
const JUNK: f32 = 3.5;

fn junk(ctx: &Ctx) -> Vec<CardId> {
    value::hand_values(ctx)
        .into_iter()
        .filter(|(_, v)| *v < JUNK)
        .map(|(c, _)| c)
        .collect()
}

fn wounded_allies<'a>(ctx: &'a Ctx<'a>) -> impl Iterator<Item = Seat> + 'a {
    ctx.alive()
        .filter(|s| s.hp < s.max_hp as i8 && ctx.is_ally(s.seat))
        .map(|s| s.seat)
}

fn is_male(ctx: &Ctx, seat: Seat) -> bool {
    ctx.seat(seat).gender == sgs_engine::Gender::Male
}

/// How much healing `seat` by 1 is worth to this seat.
fn heal_worth(ctx: &Ctx, seat: Seat) -> f32 {
    let s = ctx.seat(seat);
    if s.hp >= s.max_hp as i8 {
        return -1.0;
    }
    let low = if s.hp <= 1 { 1.5 } else { 1.0 };
    ctx.rel(seat) * 8.0 * low
}

/// The value of the `n` least useful hand cards.
fn cheapest_hand_cost(ctx: &Ctx, n: usize) -> f32 {
    let mut values: Vec<f32> = value::hand_values(ctx)
        .into_iter()
        .map(|(_, v)| v)
        .collect();
    values.sort_by(f32::total_cmp);
    if values.len() < n {
        return f32::MAX;
    }
    values.iter().take(n).sum()
}

/// How worthwhile an active skill is in the play phase now (≤ 0: not now).
pub fn play_score(ctx: &Ctx, skill: SkillId, targets: &[Seat]) -> f32 {
    let base = base_play_score(ctx, skill);
    if base <= 0.0 || targets.is_empty() {
        return base;
    }
    // Skills that name their targets up front: allies for gifts, enemies for attacks.
    let on: f32 = targets
        .iter()
        .map(|t| match skill {
            SkillId::Quhu => quhu_target(ctx, *t),
            // 献祭 (转世, V-ZS-2): only to a waiting player whose revealed role is this seat's side.
            SkillId::Xianji => {
                let side = ctx.my_role() != Some(sgs_engine::Role::Renegade);
                if side && ctx.rel(*t) > ALLY {
                    ctx.rel(*t) * 2.0
                } else {
                    -100.0
                }
            }
            SkillId::Rende
            | SkillId::RendeHeg
            | SkillId::RendeEarly
            | SkillId::Jieyin
            | SkillId::Qingnang => {
                if ctx.rel(*t) > ALLY || *t == ctx.me {
                    ctx.rel(*t) * 2.0
                } else {
                    -100.0
                }
            }
            _ => {
                if ctx.is_enemy(*t) {
                    -ctx.rel(*t) * 3.0 * ctx.harm_worth(*t)
                } else {
                    -100.0
                }
            }
        })
        .sum();
    base + on
}

/// The highest rank in hand (a 拼点's chances).
/// How many cards given by this 仁德 heal: two, three for the 国战 text (H-SK-rende); the 2008
/// text heals at every second card (V-EARLY-4), so its next heal is at the next even total.
fn rende_heals_at(skill: SkillId, given: u8) -> u8 {
    match skill {
        SkillId::RendeHeg => 3,
        SkillId::RendeEarly => (given / 2 + 1).saturating_mul(2),
        _ => 2,
    }
}

fn best_rank(ctx: &Ctx) -> u8 {
    ctx.hand.iter().map(|c| c.rank).max().unwrap_or(0)
}

/// 驱虎 on `tiger`: worth it when another enemy stands in the tiger's range (a win makes the
/// tiger hurt it), better when the tiger is itself an enemy (it loses its 拼点 card).
fn quhu_target(ctx: &Ctx, tiger: Seat) -> f32 {
    let prey = ctx
        .alive()
        .filter(|s| s.seat != tiger && ctx.is_enemy(s.seat) && ctx.in_range(tiger, s.seat))
        .map(|s| -ctx.rel(s.seat) * 3.0 * ctx.harm_worth(s.seat))
        .fold(f32::MIN, f32::max);
    if prey == f32::MIN || ctx.is_ally(tiger) {
        return -100.0;
    }
    prey + if ctx.is_enemy(tiger) { 1.0 } else { 0.0 }
}

fn base_play_score(ctx: &Ctx, skill: SkillId) -> f32 {
    if let Some(score) = super::gods::play_base(ctx, skill) {
        return score;
    }
    if let Some(score) = super::guhuo::play_base(ctx, skill) {
        return score;
    }
    let me = ctx.my();
    let hp = me.hp;
    let hand = ctx.hand.len();
    match skill {
        // 天义: only with a high card, and a 杀 to use with the bonus (a loss forbids 杀); before
        // any 杀, so that they have the bonus.
        SkillId::Tianyi => {
            let slashes = ctx.can_produce(CardKind::Slash);
            if best_rank(ctx) >= 11 && slashes >= 1 && hand >= 2 {
                40.0 + slashes as f32
            } else {
                0.0
            }
        }
        // 强袭: 1 damage for 1 HP (with HP to spare) or a weapon card; the target decides the rest.
        SkillId::Qiangxi
            if hp >= 3 || ctx.hand.iter().any(|c| c.kind.slot() == Some(Slot::Weapon)) =>
        {
            3.0
        }
        // 驱虎: only with a high card (a loss hurts 荀彧); the target decides the rest.
        SkillId::Quhu if best_rank(ctx) >= 11 && hp >= 2 => 3.0,
        SkillId::Zhiheng | SkillId::ZhihengHeg => {
            let n = junk(ctx).len();
            if n > 0 {
                5.0 + n as f32
            } else {
                0.0
            }
        }
        // 奋迅: a card for reach, when a 杀 is in hand and an enemy is out of range.
        SkillId::Fenxun
            if hand >= 2
                && ctx.can_produce(CardKind::Slash) > 0
                && ctx
                    .others()
                    .any(|s| ctx.is_enemy(s.seat) && !ctx.in_range(ctx.me, s.seat)) =>
        {
            3.0
        }
        // 直谏: an equipment card this seat has no use for (its slot is filled) to a friend whose
        // slot is empty, and a card drawn.
        SkillId::Zhijian => {
            let spare = ctx.hand.iter().filter_map(|c| c.kind.slot()).any(|slot| {
                ctx.equipped(ctx.me, slot).is_some()
                    && ctx
                        .others()
                        .any(|s| ctx.rel(s.seat) > ALLY && ctx.equipped(s.seat, slot).is_none())
            });
            if spare {
                4.0
            } else {
                0.0
            }
        }
        SkillId::Qingcheng | SkillId::Huoshui => super::heg_roster::play_worth(ctx, skill),
        // 乱武 (限定技): when the others are mostly enemies, who then fight each other or bleed.
        SkillId::Luanwu => {
            let enemies = ctx.others().filter(|s| ctx.is_enemy(s.seat)).count();
            let allies = ctx.others().filter(|s| ctx.rel(s.seat) > ALLY).count();
            if enemies >= 2 && enemies > 2 * allies {
                5.0
            } else {
                0.0
            }
        }
        // 雄异 (限定技): three cards for each friend; early enough to use them, or when hurt.
        SkillId::Xiongyi if hand <= 2 || ctx.is_wounded(ctx.me) => 5.0,
        SkillId::Kurou | SkillId::KurouEarly => {
            let spare = hp >= 3 || (hp == 2 && ctx.can_produce(CardKind::Peach) > 0);
            if spare && hand <= hp as usize + 4 {
                6.0
            } else {
                0.0
            }
        }
        SkillId::Rende | SkillId::RendeHeg | SkillId::RendeEarly => {
            if !ctx.others().any(|s| ctx.rel(s.seat) > ALLY) || hand == 0 {
                return 0.0;
            }
            let surplus = hand as i32 - hp as i32;
            let need = rende_heals_at(skill, ctx.memory.rende_given);
            let heal = ctx.is_wounded(ctx.me)
                && ctx.memory.rende_given < need
                && hand >= usize::from(need - ctx.memory.rende_given);
            if heal {
                7.0
            } else if surplus > 0 {
                4.0
            } else {
                0.0
            }
        }
        // 献祭: a card brings a fallen ally closer to coming back; worth more than a cheap card,
        // not the last 闪 or 桃 (the cheapest card goes).
        SkillId::Xianji if hand > 0 => 7.0 - cheapest_hand_cost(ctx, 1),
        SkillId::Fanjian if hand > 0 && ctx.others().any(|s| ctx.rel(s.seat) < -0.3) => 4.0,
        SkillId::Jieyin => {
            if hand < 2 {
                return 0.0;
            }
            let partner = ctx
                .others()
                .filter(|s| s.hp < s.max_hp as i8 && is_male(ctx, s.seat))
                .map(|s| ctx.rel(s.seat))
                .fold(f32::MIN, f32::max);
            let cost = cheapest_hand_cost(ctx, 2);
            if ctx.is_wounded(ctx.me) && partner > ENEMY {
                12.0 + 6.0 * partner - cost
            } else if partner > ALLY {
                6.0 * partner + 4.0 - cost
            } else {
                0.0
            }
        }
        // The 2008 青囊: himself, any of his cards, as often as he is wounded.
        SkillId::QingnangEarly => {
            let cards = hand + ctx.seat(ctx.me).equip.len();
            if cards == 0 || !ctx.is_wounded(ctx.me) {
                return 0.0;
            }
            heal_worth(ctx, ctx.me) - 0.5 * cheapest_hand_cost(ctx, 1)
        }
        SkillId::Qingnang => {
            // The same reckoning as the follow-up question, so the skill is not started to be
            // declined.
            let best = wounded_allies(ctx)
                .map(|t| heal_worth(ctx, t))
                .fold(f32::MIN, f32::max);
            if hand == 0 || best == f32::MIN {
                return 0.0;
            }
            best - 0.5 * cheapest_hand_cost(ctx, 1)
        }
        // 激将 in the play phase: let another Shu character 杀 for the lord, when the lord's own
        // hand has none.
        SkillId::Jijiang
            if ctx.can_produce(CardKind::Slash) == 0
                && ctx.others().any(|s| ctx.is_ally(s.seat)) =>
        {
            2.0
        }
        // 黄天: a 闪 (or 闪电) to a 张角 lord on this seat's side, when it has one to spare.
        SkillId::Huangtian => {
            let lord = ctx.lord();
            let spare = ctx.count_in_hand(CardKind::Jink) >= 2
                || ctx.count_in_hand(CardKind::Lightning) >= 1;
            if lord != ctx.me && ctx.rel(lord) > ALLY && spare {
                3.0
            } else {
                0.0
            }
        }
        SkillId::Lijian | SkillId::LijianHeg => {
            let males: Vec<Seat> = ctx
                .others()
                .filter(|s| is_male(ctx, s.seat))
                .map(|s| s.seat)
                .collect();
            let enemies = males.iter().filter(|s| ctx.rel(**s) < -0.3).count();
            if males.len() >= 2 && enemies >= 1 && (hand > 0 || !me.equip.is_empty()) {
                5.0
            } else {
                0.0
            }
        }
        _ => 0.0,
    }
}

/// "Use this skill?"
pub fn confirm(ctx: &Ctx, prompt: &Prompt, skill: SkillId) -> Action {
    let yes = prompt
        .choices
        .allows(&Action::Skill {
            skill,
            cards: Vec::new(),
            targets: Vec::new(),
        })
        .then(|| Action::Skill {
            skill,
            cards: Vec::new(),
            targets: Vec::new(),
        });
    let Some(yes) = yes else {
        return prompt.default_action();
    };
    let source = ctx.memory.damage.and_then(|(s, _)| s);
    let slash_target = ctx
        .memory
        .slash
        .as_ref()
        .and_then(|(_, t)| t.first().copied());
    let want = match skill {
        // Taking a card from the source: not from an ally.
        SkillId::Fankui | SkillId::FankuiEarly => {
            source.is_none_or(|s| !ctx.is_ally(s) || s == ctx.me)
        }
        SkillId::Ganglie | SkillId::GanglieEarly => {
            source.is_some_and(|s| s != ctx.me && !ctx.is_ally(s))
        }
        SkillId::Tuxi => ctx
            .others()
            .any(|s| s.hand_count > 0 && ctx.rel(s.seat) < ENEMY),
        SkillId::Luoyi => {
            let attackers = ctx.can_produce(CardKind::Slash) + ctx.count_in_hand(CardKind::Duel);
            let target = ctx
                .others()
                .any(|s| ctx.is_enemy(s.seat) && ctx.in_range(ctx.me, s.seat));
            attackers >= 1 && target
        }
        SkillId::Tieqi | SkillId::KylinBow | SkillId::DoubleSwords => {
            slash_target.is_none_or(|t| !ctx.is_ally(t))
        }
        SkillId::IceSword => slash_target.is_some_and(|t| {
            let s = ctx.seat(t);
            ctx.is_ally(t) || (s.hp >= 3 && s.hand_count as usize + s.equip.len() >= 2)
        }),
        SkillId::Liuli => ctx.others().any(|s| ctx.is_enemy(s.seat)),
        // 烈弓: no 闪 for the target — unless it is a friend.
        SkillId::Liegong => slash_target.is_none_or(|t| !ctx.is_ally(t)),
        // 据守: a turn given up for two cards — when this one had little to do, or to hold on.
        SkillId::Jushou => ctx.hand.len() <= 1 || ctx.my().hp <= 2,
        // The 2009 据守 draws three: worth a skipped turn more often.
        SkillId::JushouOld => ctx.hand.len() <= 3 || ctx.my().hp <= 2,
        // 双雄: one card and the 决斗 instead of two — when there is an enemy to duel.
        SkillId::Shuangxiong => ctx.hand.len() >= 2 && ctx.others().any(|s| ctx.is_enemy(s.seat)),
        // 奋激: 1 HP for two cards — only for a friend who just lost a card to 过河拆桥 or
        // 顺手牵羊, and with HP to spare.
        SkillId::Fenji => {
            let victim = ctx.memory.trick.as_ref().and_then(|(_, kind, targets)| {
                matches!(kind, CardKind::Dismantlement | CardKind::Snatch)
                    .then(|| targets.first().copied())
                    .flatten()
            });
            victim.is_some_and(|v| ctx.rel(v) > ALLY) && ctx.my().hp >= 3
        }
        // 再起 reveals as many cards as HP lost instead of drawing two.
        SkillId::Zaiqi => ctx.my().max_hp as i32 - ctx.my().hp as i32 >= 2,
        // 好施: four cards instead of two, unless half the hand must then go (more than five).
        SkillId::Haoshi => ctx.hand.len() <= 1,
        // 放权: the play phase for a friend's extra turn — only with a friend to give it to, a
        // card to pay with and little to play.
        SkillId::Fangquan => {
            ctx.others().any(|s| ctx.rel(s.seat) > ALLY)
                && ctx.hand.len() == 1
                && ctx.can_produce(CardKind::Slash) == 0
        }
        _ => true,
    };
    if want {
        yes
    } else {
        Action::Pass
    }
}

/// A skill's (or equipment's) own question.
/// 3v3's order (M-3V3-5/7), asked of a marshal. Which camp first (option 3 warm, 4 cool): in
/// the turn order (M-3V3-7) its own; in the draft (M-3V3-5, while generals are on show) the
/// other, since picking 1-2-2-…-1 the second camp takes two of the best before the first picks
/// again (all-heuristic 3v3 games, 2,000 each, crates/bot/README.md: the warm marshal letting
/// the cool camp pick first took the warm camp from 35.6% to about 50%). In a unit the marshal
/// acts itself first when it is in danger (2 HP or less), else it sends the vanguards, the one
/// with more cards first (options 0 itself, 1 left first, 2 right first).
fn order(ctx: &Ctx, prompt: &Prompt, actions: &[Action]) -> Action {
    let option = |index: u8| actions.iter().find(|a| **a == Action::Option { index });
    let warm = matches!(ctx.my_role(), Some(Role::Lord | Role::Loyalist));
    let drafting = !ctx.view.draft.is_empty();
    // Own camp first, except for the draft's first pick.
    let warm_first = warm != drafting;
    if let Some(first) = option(if warm_first { 3 } else { 4 }) {
        return first.clone();
    }
    if ctx.hp(ctx.me) <= 2 {
        if let Some(me) = option(0) {
            return me.clone();
        }
    }
    let n = ctx.view.seats.len();
    let cards = |offset: usize| {
        let seat = (ctx.me.index() + offset) % n;
        ctx.view.seats[seat].hand_count
    };
    let (left, right) = (cards(n - 1), cards(1));
    let pick = if right > left { option(2) } else { option(1) };
    pick.or_else(|| option(1))
        .or_else(|| option(2))
        .cloned()
        .unwrap_or_else(|| prompt.default_action())
}

pub fn choose(ctx: &Ctx, prompt: &Prompt, cause: Cause) -> Action {
    if let Choices::Actions { actions } = &prompt.choices {
        let retrial = actions.iter().any(|a| {
            matches!(a, Action::Skill { skill, cards, .. }
                if cards.len() == 1 && (*skill == SkillId::Guicai || skill.def().retrial.is_some()))
        });
        if retrial {
            return judge::retrial(ctx, prompt, cause);
        }
    }
    if let Some(action) = super::guhuo::choose(ctx, prompt, cause) {
        return action;
    }
    if let Some(action) = super::kof::choose(ctx, prompt, cause) {
        return action;
    }
    if let Some(action) = super::direction::choose(ctx, prompt, cause) {
        return action;
    }
    if let Some(action) = super::heg_deck::choose(ctx, prompt, cause) {
        return action;
    }
    let skill = match cause {
        Cause::Skill(skill) => Some(skill),
        _ => None,
    };
    if let Some(action) = skill.and_then(|s| super::gods::choose(ctx, prompt, s)) {
        return action;
    }
    if let Some(action) = skill.and_then(|s| super::hegemony::choose(ctx, prompt, s)) {
        return action;
    }
    if let Some(action) = skill.and_then(|s| super::heg_roster::choose(ctx, prompt, s)) {
        return action;
    }
    // 叫地主: among equal players the farmers win more often (crates/bot/README.md), so never
    // bid; the landlord is then whoever the bidding leaves.
    if cause == Cause::Bid {
        return Action::Pass;
    }
    if let (Cause::Order, Choices::Actions { actions }) = (cause, &prompt.choices) {
        return order(ctx, prompt, actions);
    }
    if let (Cause::Death(_), Choices::Actions { actions }) = (cause, &prompt.choices) {
        if actions.iter().any(|a| matches!(a, Action::Option { .. })) {
            return legacy(ctx, actions);
        }
    }
    match &prompt.choices {
        Choices::Cards {
            from,
            min,
            max,
            can_pass,
        } => choose_cards(ctx, skill, from, *min as usize, *max as usize, *can_pass),
        Choices::Actions { actions } => {
            let mut best: Option<(f32, &Action)> = None;
            for action in actions {
                let score = score_action(ctx, skill, action);
                if best.is_none_or(|(s, _)| score > s) {
                    best = Some((score, action));
                }
            }
            best.map_or_else(|| prompt.default_action(), |(_, a)| a.clone())
        }
        Choices::Arrange { .. } => judge::arrange(ctx, prompt),
    }
}

/// 拼点: the initiator plays its highest rank; a target plays its highest rank against an
/// enemy and its least useful card for an ally (letting it win).
pub fn pindian(ctx: &Ctx, prompt: &Prompt, with: Seat) -> Action {
    let Choices::Cards { from, .. } = &prompt.choices else {
        return prompt.default_action();
    };
    let initiator = ctx.view.current == ctx.me;
    let card = if initiator || !ctx.is_ally(with) {
        from.iter().copied().max_by_key(|c| {
            let card = ctx.card(*c);
            (
                card.rank,
                std::cmp::Reverse((value::value_of(ctx, *c) * 10.0) as i32),
            )
        })
    } else {
        value::cheapest(ctx, from, 1).first().copied()
    };
    match card {
        Some(card) => Action::Cards { cards: vec![card] },
        None => prompt.default_action(),
    }
}

/// Cards chosen for a skill: which and how many, or pass.
fn choose_cards(
    ctx: &Ctx,
    skill: Option<SkillId>,
    from: &[CardId],
    min: usize,
    max: usize,
    can_pass: bool,
) -> Action {
    let max = max.min(from.len());
    let min = min.min(max);
    let pass_or = |cards: Vec<CardId>| {
        if cards.is_empty() && can_pass {
            Action::Pass
        } else {
            Action::Cards { cards }
        }
    };
    let cheapest = |n: usize| value::cheapest(ctx, from, n.clamp(min, max));
    let cost = |n: usize| -> f32 { cheapest(n).iter().map(|c| value::value_of(ctx, *c)).sum() };
    let Some(skill) = skill else {
        return pass_or(cheapest(min.max(usize::from(!can_pass))));
    };
    match skill {
        SkillId::Zhiheng | SkillId::ZhihengHeg => {
            let junk = junk(ctx);
            let mut cards: Vec<CardId> =
                from.iter().copied().filter(|c| junk.contains(c)).collect();
            cards.truncate(max);
            if cards.len() < min.max(1) {
                cards = cheapest(min.max(1));
            }
            pass_or(cards)
        }
        SkillId::Rende | SkillId::RendeHeg | SkillId::RendeEarly => {
            let surplus = ctx
                .hand
                .len()
                .saturating_sub(ctx.hp(ctx.me).max(0) as usize);
            let heal = if ctx.is_wounded(ctx.me) {
                let need = rende_heals_at(skill, ctx.memory.rende_given);
                usize::from(need).saturating_sub(ctx.memory.rende_given as usize)
            } else {
                0
            };
            pass_or(cheapest(surplus.max(heal).max(1)))
        }
        // Paying a cost for an attack on the 杀's target.
        SkillId::Axe => {
            let target = ctx
                .memory
                .slash
                .as_ref()
                .and_then(|(_, t)| t.first().copied());
            let worth = target.map_or(0.0, |t| -ctx.rel(t) * 9.0 * ctx.harm_worth(t));
            if worth > cost(2) * 0.8 || !can_pass {
                pass_or(cheapest(2))
            } else {
                Action::Pass
            }
        }
        // The target of 雌雄双股剑: discard a cheap card rather than let an enemy draw.
        SkillId::DoubleSwords => {
            let user = ctx.memory.slash.as_ref().map(|(u, _)| *u);
            let enemy = user.is_some_and(|u| !ctx.is_ally(u));
            if enemy && cost(1) < 4.0 || !can_pass {
                pass_or(cheapest(1))
            } else {
                Action::Pass
            }
        }
        // The source of 刚烈: discard two cards, or take 1 damage (pass; 2008: lose 1 HP).
        SkillId::Ganglie | SkillId::GanglieEarly => {
            let hp = ctx.hp(ctx.me);
            if hp <= 1 || cost(2) < 9.0 || !can_pass {
                pass_or(cheapest(2))
            } else {
                Action::Pass
            }
        }
        // 飞扬: two cards for a delayed trick that would cost a turn's phase (or a 闪电 at low
        // HP); not for cards worth more than the trick.
        SkillId::Feiyang => {
            let judge = &ctx.seat(ctx.me).judge;
            let threat: f32 = judge
                .iter()
                .map(|(_, kind)| match kind {
                    CardKind::Indulgence => 10.0,
                    CardKind::SupplyShortage => 7.0,
                    CardKind::Lightning if ctx.hp(ctx.me) <= 3 => 6.0,
                    _ => 0.0,
                })
                .fold(0.0, f32::max);
            if threat > cost(2) * 0.7 || !can_pass {
                pass_or(cheapest(2))
            } else {
                Action::Pass
            }
        }
        // Costs of skills already decided on: the cheapest cards.
        _ => pass_or(cheapest(min.max(1))),
    }
}

/// 斗地主's legacy (挑选遗产): recover when low and wounded, else draw two.
fn legacy(ctx: &Ctx, actions: &[Action]) -> Action {
    let recover = Action::Option { index: 1 };
    let draw = Action::Option { index: 0 };
    if ctx.hp(ctx.me) <= 2 && actions.contains(&recover) {
        return recover;
    }
    if actions.contains(&draw) {
        return draw;
    }
    actions.first().cloned().unwrap_or(Action::Pass)
}

/// A seat as a target of `skill`: how good choosing it is.
fn seat_score(ctx: &Ctx, skill: Option<SkillId>, seat: Seat, position: usize) -> f32 {
    let rel = ctx.rel(seat);
    let harm = -rel * 6.0 * ctx.harm_worth(seat);
    let s = ctx.seat(seat);
    match skill {
        Some(SkillId::Tuxi) => {
            if s.hand_count == 0 {
                -5.0
            } else {
                2.0 - rel * 3.0
            }
        }
        Some(SkillId::Fanjian | SkillId::Liuli) => harm,
        // 离间: the second seat chosen duels the first.
        Some(SkillId::Lijian | SkillId::LijianHeg) => {
            if position == 0 {
                harm
            } else {
                harm * 0.5
                    + if rel > 0.0 {
                        s.hand_count as f32 * 0.5
                    } else {
                        0.0
                    }
            }
        }
        // Cards, a draw or a turn for a friend (淑慎, 礼让, 放权).
        Some(
            SkillId::Rende
            | SkillId::RendeHeg
            | SkillId::RendeEarly
            | SkillId::Yiji
            | SkillId::Shushen
            | SkillId::Lirang
            | SkillId::Fangquan
            | SkillId::Zhijian,
        ) => {
            let needy = if s.hand_count <= 1 && rel > 0.0 {
                1.0
            } else {
                0.0
            };
            let lord = if seat == ctx.lord() && rel > 0.0 {
                1.0
            } else {
                0.0
            };
            rel * 4.0 + needy + lord
        }
        Some(SkillId::Jieyin | SkillId::Qingnang | SkillId::QingnangEarly) => heal_worth(ctx, seat),
        // 奋迅: an enemy out of reach.
        Some(SkillId::Fenxun) => {
            if ctx.in_range(ctx.me, seat) {
                harm * 0.2
            } else {
                harm + 3.0 * f32::from(rel < 0.0)
            }
        }
        // 节命: the ally (or this seat) who draws the most.
        Some(SkillId::Jieming) => {
            let short = (s.max_hp.min(5) as i32 - s.hand_count as i32).max(0) as f32;
            if rel > 0.0 || seat == ctx.me {
                short * rel.max(0.5)
            } else {
                -short - 1.0
            }
        }
        // Seats to take a card from or hurt by default.
        _ => harm * 0.5,
    }
}

fn score_action(ctx: &Ctx, skill: Option<SkillId>, action: &Action) -> f32 {
    match action {
        Action::Pass => match skill {
            // Declining 突袭 means drawing as usual.
            Some(SkillId::Tuxi) => 0.0,
            Some(SkillId::Liuli) => 0.0,
            _ => -0.5,
        },
        Action::Seats { seats } => {
            let total: f32 = seats
                .iter()
                .enumerate()
                .map(|(i, s)| seat_score(ctx, skill, *s, i))
                .sum();
            match skill {
                // 突袭 replaces a draw of two: fewer seats means fewer cards.
                Some(SkillId::Tuxi) => total - (2usize.saturating_sub(seats.len())) as f32 * 3.0,
                _ => total,
            }
        }
        Action::Skill { cards, targets, .. } | Action::Card { cards, targets, .. } => {
            let spent: f32 = cards.iter().map(|c| value::value_of(ctx, *c)).sum();
            let on: f32 = targets
                .iter()
                .enumerate()
                .map(|(i, s)| seat_score(ctx, skill, *s, i))
                .sum();
            match skill {
                Some(SkillId::Liuli) => {
                    if targets.iter().any(|t| ctx.rel(*t) > 0.0) {
                        return -100.0;
                    }
                    let avoided = if ctx.can_produce(CardKind::Jink) > 0 {
                        2.5
                    } else {
                        6.0
                    };
                    on + avoided - spent * 0.5
                }
                Some(SkillId::Tuxi) => on - (2usize.saturating_sub(targets.len())) as f32 * 3.0,
                // 遗计: cards handed out are cards not kept; give them where they help more.
                Some(SkillId::Yiji) => on - 2.0 * cards.len() as f32,
                // 放权: the extra turn goes to a friend, or to nobody.
                Some(SkillId::Fangquan) if targets.iter().any(|t| ctx.rel(*t) <= ALLY) => -1.0,
                // 礼让: the cards are in the discard pile, not ours: only a friend gets them.
                Some(SkillId::Lirang) => {
                    if targets.iter().all(|t| ctx.rel(*t) > 0.0) {
                        on
                    } else {
                        -1.0
                    }
                }
                // 神速: each 杀 costs a skipped phase (two draws, or the play phase): only for a
                // blow worth it.
                Some(SkillId::Shensu) => on - spent * 0.5 - 4.0,
                // 强袭 paid with HP: worth a card or two, and never the last ones.
                Some(SkillId::Qiangxi) if cards.is_empty() => {
                    if ctx.hp(ctx.me) >= 3 {
                        on - 4.0
                    } else {
                        -100.0
                    }
                }
                _ => on - spent * 0.5,
            }
        }
        Action::General { general } => general_score(ctx, *general),
        Action::Cards { cards } => {
            -cards.iter().map(|c| value::value_of(ctx, *c)).sum::<f32>() * 0.3
        }
        Action::Option { index } => option_score(ctx, skill, *index),
        Action::Pick { .. } => 0.0,
        Action::Arrange { .. } => 0.0,
        // Recasting is only offered in the play phase (`play.rs` scores it).
        Action::Recast { .. } => -1.0,
    }
}

/// A numbered option: 反间's suit (guess the one least seen), otherwise prefer the first.
fn option_score(ctx: &Ctx, skill: Option<SkillId>, index: u8) -> f32 {
    match skill {
        Some(SkillId::Fanjian) => {
            let Some(suit) = Suit::ALL.get(index as usize) else {
                return -1.0;
            };
            // The hidden hand is most likely of the suit seen least elsewhere.
            let seen = ctx
                .view
                .discard_pile
                .iter()
                .chain(ctx.hand.iter().map(|c| &c.id))
                .chain(ctx.view.seats.iter().flat_map(|s| s.equip.iter()))
                .filter(|c| ctx.card(**c).suit == *suit)
                .count();
            -(seen as f32)
        }
        _ => -(index as f32) * 0.01,
    }
}

/// 选将 How good a general is for this seat: a rough strength order of the standard roster,
/// with a bonus for the lord's own lord skill.
fn general_score(ctx: &Ctx, general: sgs_engine::GeneralId) -> f32 {
    use sgs_engine::GeneralId as G;
    const ORDER: [G; 25] = [
        G::Huatuo,
        G::Sunquan,
        G::Liubei,
        G::Guojia,
        G::Simayi,
        G::Zhugeliang,
        G::Zhaoyun,
        G::Lvbu,
        G::Huanggai,
        G::Daqiao,
        G::Diaochan,
        G::Ganning,
        G::Zhenji,
        G::Guanyu,
        G::Zhangfei,
        G::Machao,
        G::Xiahoudun,
        G::Zhangliao,
        G::Caocao,
        G::Sunshangxiang,
        G::Luxun,
        G::Huangyueying,
        G::Zhouyu,
        G::Lvmeng,
        G::Xuchu,
    ];
    let rank = ORDER
        .iter()
        .position(|g| *g == general)
        .unwrap_or(ORDER.len());
    let lord_bonus =
        if ctx.my_role() == Some(sgs_engine::Role::Lord) && general.general().lord_candidate {
            6.0
        } else {
            0.0
        };
    let hp = general.general().max_hp as f32;
    -(rank as f32) + lord_bonus + hp
}

/// The cause of a prompt whose kind this agent does not know: a choice among exactly the four
/// suits is 反间's, anything else is answered generically.
pub fn guess_cause(prompt: &Prompt) -> Cause {
    let suits = match &prompt.choices {
        Choices::Actions { actions } => {
            actions.len() == Suit::ALL.len()
                && actions
                    .iter()
                    .enumerate()
                    .all(|(i, a)| *a == Action::Option { index: i as u8 })
        }
        _ => false,
    };
    if suits {
        Cause::Skill(SkillId::Fanjian)
    } else {
        Cause::Phase(sgs_engine::Phase::Play)
    }
}
