//! 伤害 Damage, 失去体力 HP loss and 回复 recovery.
//!
//! Damage passes through its timings in the order of the rules (`timing-rulings.md` D.18):
//! the start of its resolution (狂风, 大雾: W-KUANGFENG-1, W-DAWU-1, chain damage included), the
//! source's "when dealing" (寒冰剑, 麒麟弓, 裸衣), the target's "when taking", a window with the
//! amount final (武魂's marks, W-WUHUN-1), HP is reduced and the target enters dying at once if
//! HP ≤ 0, then the source's "after dealing" and — only if the target is still alive — the
//! target's "after taking" (奸雄, 反馈, 刚烈, 遗计).
//!
//! 铁索连环 (D.25): fire or thunder damage to a chained character unchains it as the damage is
//! applied; when that damage is over, every other character chained at that moment, in seat
//! order from the current seat, takes the same damage — same source, nature and card — as
//! chain damage, unchaining as it is hit. Chain damage starts no new chain. Its amount is the
//! damage as the source dealt it (after the source's "when dealing" effects, before the first
//! target's own "when taking" ones, which each chained character applies for itself), and the
//! source's "when dealing" effects do not run again (`docs/rulings.md`).

use crate::modes::identity::anhun;
use serde::{Deserialize, Serialize};

use crate::card::UsedCard;
use crate::event::{Event, Nature};
use crate::flow::dying::DyingFrame;
use crate::game::Game;
use crate::resolve::{Frame, Reply, Step, Timing, TimingData, TriggerFrame};
use crate::seat::Seat;

/// One damage event.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Damage {
    pub source: Option<Seat>,
    pub target: Seat,
    pub amount: u8,
    pub nature: Nature,
    /// The card that caused it (奸雄 takes it).
    pub card: Option<UsedCard>,
    /// The use of that card, while it is being resolved.
    pub use_id: Option<usize>,
    /// Prevented by a "when dealing/taking" effect (寒冰剑).
    pub prevented: bool,
    /// Chain damage (铁索连环): passed on from a chained character; it starts no new chain and
    /// skips the source's "when dealing" effects.
    #[serde(default)]
    pub chained: bool,
    /// The distance from the source to the target at the moment the damage was applied, before
    /// HP changed (狂骨 reads it after the target may have died); `None` before that moment or
    /// without a living source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub distance: Option<i8>,
    /// The skill that dealt it (雷击), if a skill did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skill: Option<crate::ids::SkillId>,
}

impl Damage {
    pub fn new(source: Option<Seat>, target: Seat, amount: u8) -> Self {
        Damage {
            source,
            target,
            amount,
            nature: Nature::Normal,
            card: None,
            use_id: None,
            prevented: false,
            chained: false,
            distance: None,
            skill: None,
        }
    }

    /// Damage caused by the card of a card use.
    pub fn by_card(game: &Game, use_id: usize, source: Option<Seat>, target: Seat) -> Self {
        let card_use = game.card_use(use_id);
        let card = card_use.card.clone();
        Damage {
            nature: card.nature,
            card: Some(card),
            use_id: Some(use_id),
            ..Damage::new(source, target, 1 + card_use.extra_damage)
        }
    }

    /// The card use whose user's "ignore armor" (青釭剑) applies to this damage: its use, unless
    /// it is chain damage — a chained character is no target of the 杀, so its armor works.
    pub fn armor_use(&self) -> Option<usize> {
        if self.chained {
            None
        } else {
            self.use_id
        }
    }

    /// Was this damage dealt by a 杀 (of the source's use)?
    pub fn is_by_slash(&self) -> bool {
        self.card
            .as_ref()
            .is_some_and(|c| c.kind == crate::card::CardKind::Slash)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum DamageStep {
    Dealing,
    Taking,
    Apply,
    Dealt,
    Taken,
    Chain,
    End,
    /// 伤害结算开始时 (狂风, 大雾): before the source's "when dealing".
    Start,
    /// The amount is final; HP is reduced next (武魂).
    Reducing,
    /// 伤害结算开始时 of a damage moved to a new target (天香): its own 狂风 and 大雾 apply; the
    /// source's "when dealing" is skipped.
    MovedStart,
}

/// A damage event in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageFrame {
    pub damage: Damage,
    step: DamageStep,
    /// The amount as the source dealt it (chain damage passes this on).
    #[serde(default)]
    dealt: u8,
    /// The characters the damage passes on to (铁索连环), next first.
    #[serde(default)]
    chain: Vec<Seat>,
}

impl DamageFrame {
    pub fn new(damage: Damage) -> Self {
        let step = DamageStep::Start;
        DamageFrame {
            dealt: damage.amount,
            damage,
            step,
            chain: Vec::new(),
        }
    }

    /// Damage moved to a new target (天香): it begins anew for that target (狂风's +1 and 大雾
    /// apply to it), then goes to its "when taking" stage — the source's "when dealing" effects
    /// are not applied again (W-TIANXIANG-2) — and otherwise goes on as any damage (it may start
    /// a chain).
    pub fn transferred(damage: Damage) -> Self {
        DamageFrame {
            step: DamageStep::MovedStart,
            ..DamageFrame::new(damage)
        }
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        if let Reply::Timing(TimingData::Damage(changed)) = game.take_reply() {
            self.damage = changed;
        }
        match self.step {
            DamageStep::Start => {
                self.step = if self.damage.chained {
                    DamageStep::Taking
                } else {
                    DamageStep::Dealing
                };
                if game.hooked & (1 << Timing::DamageStart as u32) != 0 {
                    return self.trigger(Timing::DamageStart);
                }
                Step::Again
            }
            DamageStep::MovedStart => {
                self.step = DamageStep::Taking;
                if game.hooked & (1 << Timing::DamageStart as u32) != 0 {
                    return self.trigger(Timing::DamageStart);
                }
                Step::Again
            }
            DamageStep::Dealing => {
                if self.damage.prevented {
                    // Prevented as it began (大雾): the source never sees it (W-DAWU-1).
                    return Step::Done;
                }
                self.step = DamageStep::Taking;
                if self.damage.source.is_some() {
                    return self.trigger(Timing::DealingDamage);
                }
                Step::Again
            }
            DamageStep::Taking => {
                if self.stopped(game) {
                    return Step::Done;
                }
                if !self.damage.chained {
                    self.dealt = self.damage.amount;
                }
                self.step = DamageStep::Reducing;
                self.trigger(Timing::TakingDamage)
            }
            DamageStep::Reducing => {
                self.step = DamageStep::Apply;
                if !self.stopped(game) && game.hooked & (1 << Timing::HpReducing as u32) != 0 {
                    return self.trigger(Timing::HpReducing);
                }
                Step::Again
            }
            DamageStep::Apply => {
                if self.stopped(game) {
                    return Step::Done;
                }
                let target = self.damage.target;
                // 暗魂: dealing damage is an attack; the protected stays at 1 HP at least, the
                // excess prevented (V-AH-2, V-AH-3).
                if let Some(source) = self.damage.source {
                    anhun::attacked(game, source, target);
                }
                match anhun::cap(game, target, self.damage.amount) {
                    0 => return Step::Done,
                    amount => self.damage.amount = amount,
                }
                self.damage.distance = self
                    .damage
                    .source
                    .filter(|s| game.is_alive(*s))
                    .map(|s| game.distance(s, target).clamp(0, i32::from(i8::MAX)) as i8);
                if self.damage.nature.is_elemental() && game.is_chained(target) {
                    // The chain passes it on to the others chained now (not to chain damage).
                    if !self.damage.chained {
                        self.chain = game
                            .order_from_current()
                            .into_iter()
                            .filter(|s| *s != target && game.is_chained(*s))
                            .collect();
                    }
                    game.set_chained(target, false);
                }
                let state = &mut game.seats[target.index()];
                state.hp -= self.damage.amount as i8;
                let hp = state.hp;
                game.emit(Event::Damaged {
                    source: self.damage.source,
                    target,
                    amount: self.damage.amount,
                    nature: self.damage.nature,
                    hp,
                });
                self.step = DamageStep::Dealt;
                if hp <= 0 {
                    return Step::Push(Frame::Dying(DyingFrame::new(target, self.damage.source)));
                }
                Step::Again
            }
            DamageStep::Dealt => {
                self.step = DamageStep::Taken;
                if self.damage.source.is_some() {
                    return self.trigger(Timing::DamageDealt);
                }
                Step::Again
            }
            DamageStep::Taken => {
                self.step = DamageStep::Chain;
                if game.is_alive(self.damage.target) {
                    return self.trigger(Timing::DamageTaken);
                }
                Step::Again
            }
            DamageStep::Chain => {
                while !self.chain.is_empty() {
                    let next = self.chain.remove(0);
                    if !game.is_alive(next) || !game.is_chained(next) {
                        continue;
                    }
                    let damage = Damage {
                        target: next,
                        amount: self.dealt,
                        chained: true,
                        prevented: false,
                        ..self.damage.clone()
                    };
                    return Step::Push(Frame::Damage(DamageFrame::new(damage)));
                }
                self.step = DamageStep::End;
                Step::Again
            }
            DamageStep::End => {
                // A general that died of this damage is followed by the next one now (1v1).
                match game.after_damage(self.damage.target) {
                    Some(entry) => Step::Push(entry),
                    None => Step::Done,
                }
            }
        }
    }

    fn stopped(&self, game: &Game) -> bool {
        self.damage.prevented || self.damage.amount == 0 || !game.is_alive(self.damage.target)
    }

    fn trigger(&self, timing: Timing) -> Step {
        Step::Push(Frame::Trigger(TriggerFrame::new(
            timing,
            TimingData::Damage(self.damage.clone()),
        )))
    }
}

/// 失去体力 HP loss in progress (not damage: no source, no damage timings).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoseHpFrame {
    pub seat: Seat,
    pub amount: u8,
    done: bool,
}

impl LoseHpFrame {
    pub fn new(seat: Seat, amount: u8) -> Self {
        LoseHpFrame {
            seat,
            amount,
            done: false,
        }
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        if self.done || !game.is_alive(self.seat) {
            return Step::Done;
        }
        self.done = true;
        // 暗魂: never below 1 HP while protected (V-AH-2).
        self.amount = anhun::cap(game, self.seat, self.amount);
        if self.amount == 0 {
            return Step::Done;
        }
        let state = &mut game.seats[self.seat.index()];
        state.hp -= self.amount as i8;
        let hp = state.hp;
        game.emit(Event::HpLost {
            seat: self.seat,
            amount: self.amount,
            hp,
        });
        if hp <= 0 {
            return Step::Push(Frame::Dying(DyingFrame::new(self.seat, None)));
        }
        Step::Done
    }
}

impl Game {
    /// 回复 `seat` recovers up to `amount` HP (never above its max).
    pub(crate) fn recover(&mut self, seat: Seat, amount: u8) {
        let state = &mut self.seats[seat.index()];
        if !state.alive {
            return;
        }
        let room = (state.max_hp as i8 - state.hp).max(0) as u8;
        let amount = amount.min(room);
        if amount == 0 {
            return;
        }
        state.hp += amount as i8;
        let hp = state.hp;
        self.emit(Event::Recovered { seat, amount, hp });
        if self.hooked & (1 << Timing::Recovered as u32) != 0 {
            // "After it recovers" skills (淑慎) react once the step that recovered is done, as
            // the card moves' notices do: a step that recovers does not also ask.
            self.notices
                .insert(0, TimingData::Recovered { seat, amount });
        }
        if self.has_recovered_hooks {
            let hooks: Vec<fn(&mut Game, Seat)> =
                self.skills(seat).filter_map(|s| s.recovered).collect();
            for hook in hooks {
                hook(self, seat);
            }
        }
    }
}
