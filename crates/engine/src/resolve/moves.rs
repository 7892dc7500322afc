//! Moving cards between zones: the one place that changes `Table`, emits `CardsMoved`, refills
//! the draw pile, and notes moves that skills react to (连营, 枭姬) or that an equipment card
//! reacts to as it leaves (白银狮子).

use rand::seq::SliceRandom;

use crate::card::{CardId, CardKind, Slot};
use crate::event::{Event, Known, Outcome};
use crate::game::Game;
use crate::resolve::{Timing, TimingData};
use crate::seat::Seat;
use crate::zone::{Visibility, Zone};

impl Game {
    /// Moves `cards` to `to`. Who sees them follows the zones: face-up zones are public; a move
    /// between hidden zones is seen by the seats whose hands are involved.
    pub(crate) fn move_cards(&mut self, cards: &[CardId], to: Zone) {
        self.move_cards_seen_by(cards, to, &[]);
    }

    /// As [`Game::move_cards`], also shown to `also` (e.g. the seat arranging the draw pile).
    pub(crate) fn move_cards_seen_by(&mut self, cards: &[CardId], to: Zone, also: &[Seat]) {
        self.move_cards_known(cards, to, also, false);
    }

    /// As [`Game::move_cards`], shown to everyone (反间: the card taken is revealed).
    pub(crate) fn move_cards_shown(&mut self, cards: &[CardId], to: Zone) {
        self.move_cards_known(cards, to, &[], true);
    }

    fn move_cards_known(&mut self, cards: &[CardId], to: Zone, also: &[Seat], shown: bool) {
        if cards.is_empty() {
            return;
        }
        if let Some((card, owner, by)) = self.picked.take() {
            if cards.contains(&card) && self.table.zone_of(card) == Zone::Hand(owner) {
                self.notices
                    .insert(0, TimingData::HandTaken { seat: owner, by });
            }
        }
        // One event per source visibility, so face-up cards stay visible to everyone.
        let mut hidden = Vec::new();
        let mut public = Vec::new();
        for card in cards {
            let from = self.table.zone_of(*card);
            if shown || self.table.is_public(from) || self.table.is_public(to) {
                public.push(*card);
            } else {
                hidden.push(*card);
            }
        }
        for (group, is_public) in [(public, true), (hidden, false)] {
            if group.is_empty() {
                continue;
            }
            let from: Vec<Zone> = group.iter().map(|c| self.table.remove(*c)).collect();
            if to == Zone::DiscardPile && self.turn.phase == Some(crate::prompt::Phase::Discard) {
                let own = self.turn.seat;
                let n = from
                    .iter()
                    .filter(|z| matches!(z, Zone::Hand(s) | Zone::Equip(s) if *s == own))
                    .count();
                self.turn.discarded = self.turn.discarded.saturating_add(n as u8);
                for (card, zone) in group.iter().zip(&from) {
                    if *zone == Zone::Hand(own) {
                        self.turn.discarded_cards.push(*card);
                    }
                }
            }
            for card in &group {
                self.put_card(*card, to);
            }
            let known = if is_public {
                Known::All
            } else {
                // A hand's owner sees its cards (and the partner the mode gives it, 2v2); an
                // owner-only pile's owner sees its own.
                let mut seats: Vec<Seat> = also.to_vec();
                for zone in from.iter().chain(std::iter::once(&to)) {
                    if let Zone::Hand(s) | Zone::Pile { owner: s, .. } = zone {
                        if !seats.contains(s) {
                            seats.push(*s);
                        }
                    }
                    if let Zone::Hand(s) = zone {
                        if let Some(partner) = (self.mode.partner)(self, *s) {
                            if !seats.contains(&partner) {
                                seats.push(partner);
                            }
                        }
                    }
                }
                seats.sort();
                Known::Seats(seats)
            };
            self.note_losses(&from);
            let left: Vec<(Seat, CardId)> = group
                .iter()
                .zip(&from)
                .filter_map(|(card, zone)| match zone {
                    Zone::Equip(seat) => Some((*seat, *card)),
                    _ => None,
                })
                .collect();
            self.emit(Event::CardsMoved {
                cards: group,
                from,
                to,
                known,
                bottom: false,
            });
            self.unequipped(&left);
        }
    }

    /// Equipment that left its holder's area: what its card does then (白银狮子).
    fn unequipped(&mut self, left: &[(Seat, CardId)]) {
        for &(seat, card) in left {
            if let Some(effect) = self.card_def(self.deck.card(card).kind).on_unequip {
                effect(self, seat);
            }
        }
    }

    /// Puts `card` (already removed) into `to`: equipment into the slot of its kind, a card put
    /// in a judgment area as the kind it is.
    fn put_card(&mut self, card: CardId, to: Zone) {
        match to {
            Zone::Equip(seat) => {
                let kind = self.card(card).kind;
                let slot = self.card_def(kind).category.slot().unwrap_or(Slot::Weapon);
                self.table.put_equip(card, seat, slot);
            }
            Zone::Judge(seat) => {
                let kind = self.card(card).kind;
                self.table.place_delayed(card, seat, kind);
            }
            Zone::Pile { owner, skill } => {
                let visibility = self.table.seats[owner.index()]
                    .pile(skill)
                    .map_or(Visibility::Public, |p| p.visibility);
                self.table.put_on_pile(card, owner, skill, visibility);
            }
            _ => self.table.put(card, to),
        }
    }

    /// Puts `cards` on top of the draw pile, the first topmost, seen only by `seer` (观星).
    /// Moving the top cards onto the top again in the same order is how `seer` looks at them.
    pub(crate) fn put_on_top(&mut self, cards: &[CardId], seer: Seat) {
        if cards.is_empty() {
            return;
        }
        let from: Vec<Zone> = cards.iter().map(|c| self.table.remove(*c)).collect();
        for card in cards.iter().rev() {
            self.table.put(*card, Zone::DrawPile);
        }
        self.note_losses(&from);
        self.emit(Event::CardsMoved {
            cards: cards.to_vec(),
            from,
            to: Zone::DrawPile,
            known: Known::Seats(vec![seer]),
            bottom: false,
        });
    }

    /// Puts `cards` at the bottom of the draw pile, seen only by `seer` (观星). They read from
    /// the top down in the order given: the last one is the very bottom.
    pub(crate) fn put_on_bottom(&mut self, cards: &[CardId], seer: Seat) {
        if cards.is_empty() {
            return;
        }
        let from: Vec<Zone> = cards.iter().map(|c| self.table.remove(*c)).collect();
        for card in cards {
            self.table.put_bottom(*card);
        }
        self.note_losses(&from);
        self.emit(Event::CardsMoved {
            cards: cards.to_vec(),
            from,
            to: Zone::DrawPile,
            known: Known::Seats(vec![seer]),
            bottom: true,
        });
    }

    /// Places a delayed trick into `seat`'s judgment area as `kind`.
    pub(crate) fn place_delayed(&mut self, card: CardId, seat: Seat, kind: CardKind) {
        let from = self.table.remove(card);
        self.table.place_delayed(card, seat, kind);
        self.note_losses(&[from]);
        self.emit(Event::CardsMoved {
            cards: vec![card],
            from: vec![from],
            to: Zone::Judge(seat),
            known: Known::All,
            bottom: false,
        });
    }

    /// Puts `cards` into the discard pile.
    pub(crate) fn discard(&mut self, cards: &[CardId]) {
        if self.hooked & (1 << Timing::CardsMoved as u32) != 0 {
            self.note_discards(cards);
        }
        self.move_cards(cards, Zone::DiscardPile);
    }

    /// Puts `cards` into the discard pile without discarding them (弃置): a recast card, the
    /// equipment a new one replaces. "After your cards are discarded" skills (礼让) do not see it.
    pub(crate) fn put_in_discard_pile(&mut self, cards: &[CardId]) {
        self.move_cards(cards, Zone::DiscardPile);
    }

    /// Notes, for skills that react, each seat whose own cards (hand or equipment) are being
    /// discarded, with those cards (礼让).
    fn note_discards(&mut self, cards: &[CardId]) {
        let mut owners: Vec<(Seat, Vec<CardId>)> = Vec::new();
        for card in cards {
            let (Zone::Hand(seat) | Zone::Equip(seat)) = self.table.zone_of(*card) else {
                continue;
            };
            match owners.iter_mut().find(|(s, _)| *s == seat) {
                Some((_, own)) => own.push(*card),
                None => owners.push((seat, vec![*card])),
            }
        }
        for (seat, cards) in owners {
            if self.has_trigger(seat, Timing::CardsMoved) {
                self.notices
                    .insert(0, TimingData::Discarded { seat, cards });
            }
        }
    }

    /// Moves whatever of `cards` is still in the processing area to the discard pile.
    pub(crate) fn discard_from_processing(&mut self, cards: &[CardId]) {
        let left: Vec<CardId> = cards
            .iter()
            .copied()
            .filter(|c| self.table.zone_of(*c) == Zone::Processing)
            .collect();
        self.discard(&left);
    }

    /// Takes up to `n` cards from the top of the draw pile (reshuffling the discard pile when it
    /// runs out). If both piles are empty the game ends in a draw and fewer cards come back.
    pub(crate) fn take_from_top(&mut self, n: usize) -> Vec<CardId> {
        let mut taken = Vec::with_capacity(n);
        for _ in 0..n {
            if self.table.draw_pile.is_empty() && !self.reshuffle() {
                self.end_in_draw();
                break;
            }
            // Lift the top card out now so a reshuffle later in this call cannot see it twice.
            if let Some(card) = self.table.draw_pile.pop() {
                self.table.location[card.index()] = Zone::Out;
                taken.push(card);
            }
        }
        // Put them back on top in order so the move below reports `from: DrawPile`.
        for card in taken.iter().rev() {
            self.table.put(*card, Zone::DrawPile);
        }
        taken
    }

    /// 摸牌 `seat` draws `n` cards.
    pub(crate) fn draw(&mut self, seat: Seat, n: usize) {
        let cards = self.take_from_top(n);
        self.move_cards(&cards, Zone::Hand(seat));
    }

    /// Shuffles the discard pile into a new draw pile. False if there was nothing to shuffle.
    fn reshuffle(&mut self) -> bool {
        if self.table.discard_pile.is_empty() {
            return false;
        }
        let mut cards = std::mem::take(&mut self.table.discard_pile);
        cards.shuffle(&mut self.rng);
        for card in &cards {
            self.table.location[card.index()] = Zone::DrawPile;
        }
        let count = cards.len() as u8;
        cards.extend(std::mem::take(&mut self.table.draw_pile));
        self.table.draw_pile = cards;
        self.emit(Event::DeckReshuffled { count });
        true
    }

    /// Ends the game with nobody winning (both piles empty, or the action limit reached).
    pub(crate) fn end_in_draw(&mut self) {
        if self.outcome.is_some() {
            return;
        }
        let outcome = Outcome {
            winner: None,
            winners: Vec::new(),
            roles: self.seats.iter().map(|s| s.role).collect(),
        };
        self.finish(outcome);
    }

    /// Ends the game with `outcome`.
    pub(crate) fn finish(&mut self, outcome: Outcome) {
        // 国战: the hidden generals are shown (H-WIN-2 step 3; the losers' too, as roles are).
        self.reveal_everyone();
        self.emit(Event::GameOver {
            outcome: outcome.clone(),
        });
        self.outcome = Some(outcome);
    }

    /// Notes the seats that lost equipment or emptied their hand, for skills that react.
    fn note_losses(&mut self, from: &[Zone]) {
        for (i, zone) in from.iter().enumerate() {
            let seat = match zone {
                Zone::Hand(s) | Zone::Equip(s) => *s,
                _ => continue,
            };
            if from[..i]
                .iter()
                .any(|z| matches!(z, Zone::Hand(s) | Zone::Equip(s) if *s == seat))
            {
                continue;
            }
            if !self.has_trigger(seat, Timing::CardsMoved) {
                continue;
            }
            let equips = from.iter().filter(|z| **z == Zone::Equip(seat)).count() as u8;
            let lost_hand = from.contains(&Zone::Hand(seat));
            let hand_emptied = lost_hand && self.table.seats[seat.index()].hand.is_empty();
            if equips > 0 || hand_emptied {
                self.notices.insert(
                    0,
                    TimingData::Lost {
                        seat,
                        equips,
                        hand_emptied,
                    },
                );
            }
        }
    }
}
