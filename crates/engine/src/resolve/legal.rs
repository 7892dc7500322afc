//! Legal answers: which cards (and conversions) a seat can use or play, and on which targets.
//! The prompts list these, and validation checks against the same lists, so bots, the client
//! and the engine can never disagree.

use crate::action::Action;
use crate::card::{Card, CardId, CardKind, UsedCard};
use crate::def::card::Target;
use crate::def::skill::CardMode;
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

/// One way to make a card: physical cards, the conversion skill (if any) and the result.
pub struct CardOption {
    pub cards: Vec<CardId>,
    pub skill: Option<SkillId>,
    pub card: UsedCard,
}

impl Game {
    /// Every way `seat` can produce a card of `want` (any kind when `None`) in `mode`.
    pub fn card_options(
        &self,
        seat: Seat,
        want: Option<CardKind>,
        mode: CardMode,
    ) -> Vec<CardOption> {
        let cards = &self.table.seats[seat.index()];
        let mut options = Vec::new();
        for &id in &cards.hand {
            let card = self.card(id);
            if want.is_none_or(|k| k == card.kind) {
                options.push(CardOption {
                    cards: vec![id],
                    skill: None,
                    card: UsedCard::real(&card),
                });
            }
        }
        // A hidden general's conversions too: using one reveals it (国战 H-REV-9).
        for skill in self.declarable_skills(seat) {
            let Some(view_as) = &skill.view_as else {
                continue;
            };
            if !(view_as.usable)(self, seat, mode) {
                continue;
            }
            let mut pool: Vec<Card> = cards.hand.iter().map(|c| self.card(*c)).collect();
            if view_as.from_equip {
                pool.extend(cards.equipment().map(|c| self.card(c)));
            }
            let mut consider = |chosen: &[Card]| {
                if let Some(kind) = (view_as.as_kind)(chosen) {
                    let accepted = view_as.accepts.is_none_or(|f| f(self, seat, chosen));
                    if accepted && want.is_none_or(|k| k == kind) {
                        let mut card = UsedCard::converted(kind, chosen, Some(skill.id));
                        if view_as.shared_suit {
                            card = card.with_shared_suit(chosen);
                        }
                        card.nature = view_as.nature;
                        options.push(CardOption {
                            cards: chosen.iter().map(|c| c.id).collect(),
                            skill: Some(skill.id),
                            card,
                        });
                    }
                }
            };
            match view_as.cards {
                1 => pool.iter().for_each(|c| consider(std::slice::from_ref(c))),
                2 => {
                    for i in 0..pool.len() {
                        for j in i + 1..pool.len() {
                            consider(&[pool[i], pool[j]]);
                        }
                    }
                }
                _ => {}
            }
        }
        options
    }

    /// Answers that give a card of `kind` in response, with `targets` fixed by the asker.
    pub(crate) fn response_actions(
        &self,
        seat: Seat,
        kind: CardKind,
        mode: CardMode,
        targets: &[Seat],
    ) -> Vec<Action> {
        self.card_options(seat, Some(kind), mode)
            .into_iter()
            .map(|o| Action::Card {
                cards: o.cards,
                skill: o.skill,
                targets: targets.to_vec(),
            })
            .collect()
    }

    /// Everything `seat` may do now in its play phase (ending the phase excluded).
    pub(crate) fn play_actions(&self, seat: Seat) -> Vec<Action> {
        let mut actions = Vec::new();
        for option in self.card_options(seat, None, CardMode::Play) {
            let def = self.card_def(option.card.kind);
            if !(def.can_use)(self, seat, &option.card) {
                continue;
            }
            for targets in self.target_sets(seat, &option.card) {
                actions.push(Action::Card {
                    cards: option.cards.clone(),
                    skill: option.skill,
                    targets,
                });
            }
        }
        actions.extend(
            self.recastable(seat)
                .into_iter()
                .map(|card| Action::Recast { card }),
        );
        // A hidden general's active skills too: using one reveals it (国战 H-REV-2).
        for skill in self.declarable_skills(seat) {
            let Some(active) = &skill.active else {
                continue;
            };
            if self.uses_left(seat, skill.id) && (active.can_use)(self, seat) {
                let target_sets = match skill.active_targets {
                    Some(targets) => targets(self, seat),
                    None => vec![Vec::new()],
                };
                actions.extend(target_sets.into_iter().map(|targets| Action::Skill {
                    skill: skill.id,
                    cards: Vec::new(),
                    targets,
                }));
            }
        }
        // Skills of other seats lent to this one (黄天).
        if self.has_lent {
            for owner in self.order_from(seat) {
                if owner == seat {
                    continue;
                }
                for skill in self.skills(owner) {
                    if let Some(lent) = skill.lent {
                        if self.uses_left(seat, skill.id) {
                            actions.extend(lent(self, owner, seat));
                        }
                    }
                }
            }
        }
        actions
    }

    /// May `user` choose `target` for `card` (card rule and prohibitions)?
    pub fn can_target(&self, user: Seat, target: Seat, card: &UsedCard) -> bool {
        if !self.is_alive(target) || self.is_prohibited(user, target, card) {
            return false;
        }
        match self.card_def(card.kind).target {
            Target::One(filter) | Target::UpTo(_, filter) => filter(self, user, target, card),
            _ => true,
        }
    }

    /// The legal target choices for `user` using `card` in the play phase. An empty choice
    /// means the card picks its own targets; no choices means it cannot be used.
    pub fn target_sets(&self, user: Seat, card: &UsedCard) -> Vec<Vec<Seat>> {
        match self.card_def(card.kind).target {
            Target::None => Vec::new(),
            Target::Implicit(_) => vec![Vec::new()],
            Target::One(_) => self.chosen_targets(user, card, 1),
            Target::UpTo(most, _) => self.chosen_targets(user, card, most as usize),
            Target::Collateral => {
                let mut sets = Vec::new();
                for holder in self.order_from(user) {
                    if holder == user
                        || self.equipped(holder, crate::card::Slot::Weapon).is_none()
                        || self.is_prohibited(user, holder, card)
                    {
                        continue;
                    }
                    for victim in self.order_from(holder) {
                        if victim != holder && self.can_slash(holder, victim) {
                            sets.push(vec![holder, victim]);
                        }
                    }
                }
                sets
            }
        }
    }

    /// Every choice of one to `most` legal targets (more with extra-target modifiers).
    fn chosen_targets(&self, user: Seat, card: &UsedCard, most: usize) -> Vec<Vec<Seat>> {
        let legal: Vec<Seat> = self
            .order_from(user)
            .into_iter()
            .filter(|t| self.can_target(user, *t, card))
            .collect();
        let most = most + self.extra_targets(user, card);
        let mut sets = subsets(&legal, most);
        if self.near_extra_target(user, card) {
            // 短兵: one more, so long as a target is at distance 1.
            sets.extend(
                subsets(&legal, most + 1)
                    .into_iter()
                    .filter(|set| set.len() == most + 1)
                    .filter(|set| set.iter().any(|t| self.distance(user, *t) == 1)),
            );
        }
        sets
    }

    /// Could `user` use an ordinary 杀 on `target` (range and prohibitions)?
    pub fn can_slash(&self, user: Seat, target: Seat) -> bool {
        let slash = UsedCard::virtual_card(CardKind::Slash);
        self.can_target(user, target, &slash)
    }
}

/// Non-empty subsets of `items` with at most `max` elements, in order.
pub(crate) fn subsets(items: &[Seat], max: usize) -> Vec<Vec<Seat>> {
    if max <= 1 {
        return items.iter().map(|s| vec![*s]).collect();
    }
    let mut out = Vec::new();
    let n = items.len().min(16);
    for mask in 1u32..(1u32 << n) {
        if mask.count_ones() as usize <= max {
            out.push(
                (0..n)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| items[i])
                    .collect(),
            );
        }
    }
    out
}
