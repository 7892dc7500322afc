//! 使用牌 Using a card: the one procedure every card use goes through.
//!
//! In the order of the rules: the card goes to the processing area and the use is announced;
//! "card used" triggers; each target is chosen and confirmed (流离, 雌雄双股剑, 铁骑); then for
//! each target in turn a trick may be nullified, the target may be immune, and the card's effect
//! resolves; finally what is left of the card goes to the discard pile.

use serde::{Deserialize, Serialize};

use crate::card::{CardId, CardKind, Category, UsedCard};
use crate::event::Event;
use crate::game::Game;
use crate::resolve::{Frame, NullifyFrame, Reply, Step, Timing, TimingData, TriggerFrame};
use crate::seat::Seat;
use crate::zone::Zone;

/// A card use being resolved. Lives in `Game::uses`; frames refer to it by index.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardUse {
    pub user: Seat,
    pub card: UsedCard,
    pub targets: Vec<Seat>,
    /// Cannot be answered with 无懈可击 (离间's 决斗).
    pub unnullifiable: bool,
    /// Targets that may not use 闪 against this 杀 (铁骑).
    pub no_jink: Vec<Seat>,
    /// Targets this 杀 hits even though it was dodged (贯石斧).
    pub forced_hit: Vec<Seat>,
    /// Cards revealed for this use (五谷丰登).
    pub pool: Vec<CardId>,
    /// The seat 借刀杀人 names as the victim.
    pub victim: Option<Seat>,
    /// Seats that must give two cards to answer this card (无双).
    pub need_two: Vec<Seat>,
    /// Added to the damage this card deals (酒 drunk before this 杀).
    #[serde(default)]
    pub extra_damage: u8,
    /// The targets its effect has reached so far (not cancelled, not immune), in order
    /// (以逸待劳: they discard afterwards).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub affected: Vec<Seat>,
    /// 无懈可击·国 "for the whole faction" (H-PROC-GUOWUXIE): the seats it is cancelled for
    /// without a window when their turn comes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faction_cancelled: Vec<Seat>,
    /// Targets cancelled as they became targets (国战 空城, 谦逊, H-TURN-2): removed from the
    /// targets before any "after targeting" effect.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cancelled: Vec<Seat>,
    /// Targets the card has no effect on (无效), though they stay its targets (享乐 unpaid).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub no_effect: Vec<Seat>,
}

impl CardUse {
    pub fn new(user: Seat, card: UsedCard, targets: Vec<Seat>) -> Self {
        CardUse {
            user,
            card,
            targets,
            unnullifiable: false,
            no_jink: Vec::new(),
            forced_hit: Vec::new(),
            pool: Vec::new(),
            victim: None,
            need_two: Vec::new(),
            extra_damage: 0,
            affected: Vec::new(),
            faction_cancelled: Vec::new(),
            cancelled: Vec::new(),
            no_effect: Vec::new(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum UseStep {
    Announce,
    Used,
    TargetChosen,
    TargetConfirmed,
    Start,
    Nullify,
    Effect,
    Finish,
    /// After every target's effect: the card's own follow-up (以逸待劳), then `Finish`.
    AfterEffects,
}

/// The use procedure in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UseFrame {
    new_use: Option<Box<CardUse>>,
    id: usize,
    step: UseStep,
    index: usize,
    /// The user was asked the direction of its targets (M-3V3-8).
    #[serde(default)]
    direction_asked: bool,
    /// The "after it resolved" triggers ran (巨象), before the card goes to the discard pile.
    #[serde(default)]
    resolved_triggered: bool,
}

impl UseFrame {
    pub fn new(card_use: CardUse) -> Self {
        UseFrame {
            new_use: Some(Box::new(card_use)),
            id: 0,
            step: UseStep::Announce,
            index: 0,
            direction_asked: false,
            resolved_triggered: false,
        }
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        match self.step {
            UseStep::Announce => self.announce(game),
            UseStep::Used => {
                self.step = UseStep::TargetChosen;
                trigger(Timing::CardUsed, TimingData::Used { use_id: self.id })
            }
            UseStep::TargetChosen => {
                game.take_reply();
                let targets = &game.card_use(self.id).targets;
                let Some(&target) = targets.get(self.index) else {
                    self.index = 0;
                    self.step = UseStep::Start;
                    return Step::Again;
                };
                self.step = UseStep::TargetConfirmed;
                let data = TimingData::Target {
                    use_id: self.id,
                    target,
                };
                trigger(Timing::TargetChosen, data)
            }
            UseStep::TargetConfirmed => {
                // 流离 may have moved the target: the data carries the new one.
                if let Reply::Timing(TimingData::Target { target, .. }) = game.take_reply() {
                    if let Some(slot) = game.card_use_mut(self.id).targets.get_mut(self.index) {
                        *slot = target;
                    }
                }
                let target = game.card_use(self.id).targets[self.index];
                self.step = UseStep::TargetChosen;
                // H-TURN-2: a target cancelled as it became one is no target any more.
                if game.card_use(self.id).cancelled.contains(&target) {
                    let card_use = game.card_use_mut(self.id);
                    card_use.targets.remove(self.index);
                    card_use.cancelled.retain(|s| *s != target);
                    return Step::Again;
                }
                self.index += 1;
                trigger(
                    Timing::TargetConfirmed,
                    TimingData::Target {
                        use_id: self.id,
                        target,
                    },
                )
            }
            UseStep::Start => {
                game.take_reply();
                self.step = UseStep::Nullify;
                if let Some(start) = game.card_def(game.card_use(self.id).card.kind).on_start {
                    start(game, self.id);
                }
                Step::Again
            }
            UseStep::Nullify => self.nullify(game),
            UseStep::Effect => self.effect(game),
            UseStep::AfterEffects => {
                self.step = UseStep::Finish;
                let after = game
                    .card_def(game.card_use(self.id).card.kind)
                    .after_effects;
                match after.and_then(|after| after(game, self.id)) {
                    Some(frame) => Step::Push(frame),
                    None => Step::Again,
                }
            }
            UseStep::Finish => {
                if !self.resolved_triggered && game.hooked & (1 << Timing::UseResolved as u32) != 0
                {
                    // Skills that act once the card has resolved, while it is still on the table.
                    self.resolved_triggered = true;
                    return trigger(Timing::UseResolved, TimingData::Used { use_id: self.id });
                }
                if self.resolved_triggered {
                    game.take_reply();
                }
                let card_use = &game.uses[self.id];
                let mut leftovers = card_use.card.cards.clone();
                leftovers.extend(card_use.pool.iter().copied());
                game.discard_from_processing(&leftovers);
                game.uses.truncate(self.id);
                Step::Done
            }
        }
    }

    fn announce(&mut self, game: &mut Game) -> Step {
        // 3v3: the user of a card that targets everyone chooses the direction first (M-3V3-8).
        if let Some(card_use) = self.new_use.as_deref_mut() {
            if self.direction_asked {
                let answer = game.take_answer().map(|(_, action)| action);
                super::direction::apply(&mut card_use.targets, card_use.user, answer.as_ref());
            } else if super::direction::applies(game, card_use) {
                self.direction_asked = true;
                return Step::ask(super::direction::prompt(card_use));
            }
        }
        let Some(card_use) = self.new_use.take() else {
            return Step::Done;
        };
        let card_use = *card_use;
        self.id = game.uses.len();
        let (user, card, targets) = (
            card_use.user,
            card_use.card.clone(),
            card_use.targets.clone(),
        );
        game.uses.push(card_use);
        game.emit(Event::CardUsed {
            seat: user,
            card: card.clone(),
            targets: targets.clone(),
        });
        // 暗魂: 杀, 决斗 and 火攻 attack their targets (V-AH-3).
        crate::modes::identity::anhun::card_used(game, user, card.kind, &targets);
        if card.kind == CardKind::Slash {
            // 酒: the user's pending 酒 goes into this 杀, hit or not (F.26).
            game.card_use_mut(self.id).extra_damage += game.take_drink(user);
        }
        match game.card_def(card.kind).category {
            Category::Equip(slot) => {
                // 装备: replaces whatever is in the slot.
                if let Some(old) = game.equipped(user, slot) {
                    game.put_in_discard_pile(&[old]);
                }
                game.move_cards(&card.cards, Zone::Equip(user));
                self.step = UseStep::Finish;
            }
            Category::DelayedTrick => {
                let target = targets.first().copied().unwrap_or(user);
                if let Some(&physical) = card.cards.first() {
                    game.place_delayed(physical, target, card.kind);
                }
                self.step = UseStep::Finish;
            }
            _ => {
                game.move_cards(&card.cards, Zone::Processing);
                self.step = UseStep::Used;
            }
        }
        Step::Again
    }

    fn nullify(&mut self, game: &mut Game) -> Step {
        // Whatever the previous target's effect left behind is not ours.
        game.take_reply();
        let card_use = game.card_use(self.id);
        let Some(&target) = card_use.targets.get(self.index) else {
            self.step = UseStep::AfterEffects;
            return Step::Again;
        };
        self.step = UseStep::Effect;
        let kind = card_use.card.kind;
        if !game.is_alive(target) || game.card_def(kind).effect.is_none() {
            return Step::Again;
        }
        // 无懈可击·国 for the whole faction: cancelled with no window (H-PROC-GUOWUXIE).
        if card_use.faction_cancelled.contains(&target) {
            game.reply = Reply::Nullified(true);
            return Step::Again;
        }
        if game.card_def(kind).category == Category::Trick && !card_use.unnullifiable {
            let frame = NullifyFrame::for_use(kind, target, self.id);
            return Step::Push(Frame::Nullify(frame));
        }
        Step::Again
    }

    fn effect(&mut self, game: &mut Game) -> Step {
        let target = game.card_use(self.id).targets[self.index];
        let kind = game.card_use(self.id).card.kind;
        self.index += 1;
        self.step = UseStep::Nullify;
        let nullified = matches!(game.take_reply(), Reply::Nullified(true));
        if !game.is_alive(target) || game.card_def(kind).effect.is_none() {
            return Step::Again;
        }
        if nullified
            || game.is_immune(target, self.id)
            || game.card_use(self.id).no_effect.contains(&target)
        {
            game.emit(Event::EffectCancelled { card: kind, target });
            return Step::Again;
        }
        game.card_use_mut(self.id).affected.push(target);
        Step::Push(Frame::Effect(EffectFrame::new(self.id, target)))
    }
}

fn trigger(timing: Timing, data: TimingData) -> Step {
    Step::Push(Frame::Trigger(TriggerFrame::new(timing, data)))
}

/// A card's effect on one target, stepped by the card's own `effect` function.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectFrame {
    pub use_id: usize,
    pub target: Seat,
    /// The card's own progress marker.
    pub step: u8,
    /// The card's own counter.
    pub n: u8,
    /// The card's own remembered seat (the other side of a 决斗 …).
    pub seat: Option<Seat>,
}

impl EffectFrame {
    pub fn new(use_id: usize, target: Seat) -> Self {
        EffectFrame {
            use_id,
            target,
            step: 0,
            n: 0,
            seat: None,
        }
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        let kind = game.card_use(self.use_id).card.kind;
        match game.card_def(kind).effect {
            Some(effect) => effect(game, self),
            None => Step::Done,
        }
    }
}
