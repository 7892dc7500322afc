//! One fold of events into a table: [`View::apply`] keeps a seat's (or a spectator's) view
//! current from the events it receives, the way every client must between two snapshots — the
//! bots use it as it is, the browser client's `state.js` does the same and is checked against it
//! over whole recorded games. A property test folds whole games for every registered ruleset and
//! compares the result with the engine's own snapshot after every action.
//!
//! What a fold cannot learn from events — who is asked what, and the viewer's own prompt — comes
//! beside them (`set_pending`). The definitions it needs (a general's kingdom and skills, an
//! equipment card's slot) come from the registry.

use thiserror::Error;

use crate::card::{CardId, CardKind, UsedCard};
use crate::def::Registry;
use crate::event::{Event, Known};
use crate::game::Mark;
use crate::prompt::Prompt;
use crate::seat::Seat;
use crate::view::{EventView, PartnerOffer, PileView, SeatView, View, Waiting};
use crate::zone::Zone;

/// An event that does not fit the view it is folded into (a seat it does not have, a card that
/// is not where the event says): the view is stale and needs a fresh snapshot.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("the event does not fit the view: {0}")]
pub struct FoldError(String);

fn misfit(what: impl Into<String>) -> FoldError {
    FoldError(what.into())
}

impl View {
    /// Sets who is asked what and the viewer's own prompt (they travel beside the events).
    pub fn set_pending(&mut self, waiting: Vec<Waiting>, prompt: Option<Prompt>) {
        self.waiting = waiting;
        self.prompt = prompt;
    }

    /// Folds a batch of events (all of one update), in order. A card used as a delayed trick
    /// and placed in a judgment area come in one batch: the placement counts it as what the use
    /// made it (国色: a ♦ card as 乐不思蜀).
    pub fn apply_all(
        &mut self,
        events: &[EventView],
        registry: &Registry,
    ) -> Result<(), FoldError> {
        let mut used = None;
        events
            .iter()
            .try_for_each(|e| self.fold(e, registry, &mut used))
    }

    /// Folds one event into the view (a batch of one).
    pub fn apply(&mut self, event: &EventView, registry: &Registry) -> Result<(), FoldError> {
        self.fold(event, registry, &mut None)
    }

    /// Folds `event`; `used` is the card used last in this batch.
    fn fold(
        &mut self,
        event: &EventView,
        registry: &Registry,
        used: &mut Option<UsedCard>,
    ) -> Result<(), FoldError> {
        use Event as E;
        match event {
            E::GameStarted { .. }
            | E::SkillInvoked { .. }
            | E::SuitNamed { .. }
            | E::EffectCancelled { .. }
            | E::Judged { .. }
            | E::Dying { .. }
            | E::CardsShown { .. }
            | E::Pindian { .. }
            | E::ActionLimitReached { .. }
            | E::CardRecast { .. }
            | E::GeneralSeen { .. }
            | E::Bid { .. } => {}
            // A partner's offer and pick (2v2): only the partner is told them.
            E::GeneralsOffered { seat, generals, .. } => {
                self.partner_offer = Some(PartnerOffer {
                    seat: *seat,
                    generals: generals.clone(),
                    picked: None,
                })
            }
            E::DraftPool { generals } => self.draft = generals.clone(),
            // 暗魂: public; the seat shows it while it holds.
            E::Protection { seat, on } => self.seat_mut(*seat)?.protected = *on,
            E::GeneralPicked { seat, general, to } => {
                // A draft pick (1v1): out of the pool, into the picker's reserve.
                if let Known::All = to {
                    self.draft.retain(|g| g != general);
                }
                if Some(*seat) == self.viewer && self.partner_offer.is_none() {
                    self.reserve.push(*general);
                }
                if let Some(offer) = self.partner_offer.as_mut().filter(|o| o.seat == *seat) {
                    offer.picked = Some(*general);
                }
            }
            E::RoleDealt { seat, role } | E::RoleShown { seat, role } => {
                self.seat_mut(*seat)?.role = Some(*role)
            }
            E::GeneralShown {
                seat,
                general,
                hp,
                max_hp,
            } => {
                // The picks are shown: the selection is over.
                self.partner_offer = None;
                // A general brought out leaves the reserve that held it: the viewer's own
                // (1v1), or its marshal's picks (3v3). A white general, which a 1v1 line-up
                // without general packs holds twice, leaves only with the viewer's own.
                let held = Some(*seat) == self.viewer || *general != registry.white.id;
                if let Some(i) = self
                    .reserve
                    .iter()
                    .position(|g| g == general)
                    .filter(|_| held)
                {
                    self.reserve.remove(i);
                }
                let def = registry.general(*general);
                let s = self.seat_mut(*seat)?;
                // 1v1: the next general revives the seat, its state fresh.
                s.alive = true;
                s.limited_used.clear();
                s.awakened.clear();
                s.general = *general;
                s.kingdom = def.kingdom;
                s.gender = def.gender;
                s.hp = *hp;
                s.max_hp = *max_hp;
                s.skills = std::borrow::Cow::Borrowed(def.skills);
            }
            E::KingdomChosen { seat, kingdom } => self.seat_mut(*seat)?.kingdom = *kingdom,
            E::GeneralsChosen { seat, main, deputy } => {
                self.seat_mut(*seat)?.duo = Some(super::DuoView {
                    main: *main,
                    deputy: *deputy,
                    main_shown: false,
                    deputy_shown: false,
                    careerist: false,
                    main_lost: false,
                    deputy_lost: false,
                })
            }
            E::GeneralRevealed {
                seat,
                general,
                deputy,
                careerist,
            } => {
                // As `Game::reveal_general`: the seat shows its main general once it is up,
                // else its deputy; the general's skills join its own.
                let def = registry.general(*general);
                let s = self.seat_mut(*seat)?;
                let duo = s
                    .duo
                    .as_mut()
                    .ok_or_else(|| misfit(format!("{seat} reveals without generals")))?;
                if !duo.main_shown && !duo.deputy_shown {
                    duo.careerist = *careerist;
                }
                // 断肠: a general whose skills were lost comes up without them.
                let lost = if *deputy {
                    duo.deputy_lost
                } else {
                    duo.main_lost
                };
                if *deputy {
                    duo.deputy = Some(*general);
                    duo.deputy_shown = true;
                } else {
                    duo.main = Some(*general);
                    duo.main_shown = true;
                }
                if !*deputy || !duo.main_shown {
                    s.general = *general;
                    s.gender = def.gender;
                }
                s.kingdom = def.kingdom;
                for skill in def.skills.iter().filter(|_| !lost) {
                    if !s.skills.contains(skill) {
                        s.skills.to_mut().push(*skill);
                    }
                }
            }
            E::GeneralSkillsLost { seat, deputy } => {
                let duo =
                    self.seat_mut(*seat)?.duo.as_mut().ok_or_else(|| {
                        misfit(format!("{seat} loses a general without generals"))
                    })?;
                if *deputy {
                    duo.deputy_lost = true;
                } else {
                    duo.main_lost = true;
                }
            }
            E::GeneralHidden {
                seat,
                deputy,
                general,
            } => {
                // As `Game::hide_general`: face down again; the seat shows its other general.
                let s = self.seat_mut(*seat)?;
                let duo = s
                    .duo
                    .as_mut()
                    .ok_or_else(|| misfit(format!("{seat} hides without generals")))?;
                let other = if *deputy {
                    duo.deputy_shown = false;
                    duo.deputy = *general;
                    duo.main
                } else {
                    duo.main_shown = false;
                    duo.main = *general;
                    duo.deputy
                };
                let other = other.ok_or_else(|| misfit(format!("{seat}'s other general")))?;
                s.general = other;
                s.gender = registry.general(other).gender;
            }
            E::Reincarnated {
                seat,
                general,
                hp,
                max_hp,
            } => {
                // 转世: back at its seat with a new general, as new (V-ZS-4); the role stays
                // known (it was revealed at the death).
                let def = registry.general(*general);
                let s = self.seat_mut(*seat)?;
                s.general = *general;
                s.kingdom = def.kingdom;
                s.gender = def.gender;
                s.hp = *hp;
                s.max_hp = *max_hp;
                s.skills = std::borrow::Cow::Borrowed(def.skills);
                s.alive = true;
                s.turned = false;
                s.chained = false;
                s.limited_used.clear();
                s.awakened.clear();
            }
            E::TurnStarted { seat } => {
                self.current = *seat;
                self.turn_number += 1;
                self.phase = None;
            }
            E::PhaseStarted { seat, phase } | E::PhaseSkipped { seat, phase } => {
                self.current = *seat;
                self.phase = Some(*phase);
            }
            E::TurnEnded { .. } => self.phase = None,
            E::CardsMoved {
                cards, from, to, ..
            } => {
                if cards.len() != from.len() {
                    return Err(misfit("a move names more cards than places"));
                }
                for (card, from) in cards.iter().zip(from) {
                    let kind = self.take(*card, *from)?;
                    let kind = kind.or_else(|| {
                        used.as_ref()
                            .filter(|u| card.is_some_and(|c| u.cards.contains(&c)))
                            .map(|u| u.kind)
                    });
                    self.put(*card, *to, kind, registry)?;
                }
            }
            E::CardUsed { card, .. } | E::CardPlayed { card, .. } => *used = Some(card.clone()),
            E::Damaged {
                target: seat, hp, ..
            }
            | E::HpLost { seat, hp, .. }
            | E::Recovered { seat, hp, .. } => self.seat_mut(*seat)?.hp = *hp,
            E::Died { seat, role, .. } => {
                let s = self.seat_mut(*seat)?;
                s.alive = false;
                s.role = Some(*role);
            }
            E::DeckReshuffled { count } => {
                self.discard_pile.clear();
                self.draw_pile = self.draw_pile.saturating_add(*count);
            }
            E::GameOver { outcome } => {
                for (s, role) in self.seats.iter_mut().zip(&outcome.roles) {
                    s.role = Some(*role);
                }
                self.outcome = Some(outcome.clone());
            }
            E::MarkChanged {
                seat,
                mark,
                count,
                visibility,
            } => {
                let marks = &mut self.seat_mut(*seat)?.marks;
                match marks.iter().position(|m| m.id == *mark) {
                    Some(i) if *count == 0 => {
                        marks.remove(i);
                    }
                    Some(i) => {
                        marks[i].count = *count;
                        marks[i].visibility = *visibility;
                    }
                    None if *count == 0 => {}
                    None => marks.push(Mark {
                        id: *mark,
                        count: *count,
                        visibility: *visibility,
                    }),
                }
            }
            E::TurnedOver { seat, face_down } => self.seat_mut(*seat)?.turned = *face_down,
            E::ChainChanged { seat, chained } => self.seat_mut(*seat)?.chained = *chained,
            E::SkillGained { seat, skill } => {
                let skills = &mut self.seat_mut(*seat)?.skills;
                if !skills.contains(skill) {
                    skills.to_mut().push(*skill);
                }
            }
            E::SkillLost { seat, skill } => {
                self.seat_mut(*seat)?.skills.to_mut().retain(|s| s != skill)
            }
            E::LimitedSkillUsed { seat, skill } => self.seat_mut(*seat)?.limited_used.push(*skill),
            E::Awakened { seat, skill } => self.seat_mut(*seat)?.awakened.push(*skill),
            E::PileStarted {
                seat,
                skill,
                visibility,
            } => {
                let seen =
                    *visibility == crate::zone::Visibility::Public || self.viewer == Some(*seat);
                self.seat_mut(*seat)?.piles.push(PileView {
                    skill: *skill,
                    visibility: *visibility,
                    count: 0,
                    cards: seen.then(Vec::new),
                });
            }
        }
        Ok(())
    }

    fn seat_mut(&mut self, seat: Seat) -> Result<&mut SeatView, FoldError> {
        self.seats
            .get_mut(seat.index())
            .ok_or_else(|| misfit(format!("no {seat}")))
    }

    /// Takes `card` out of `zone`; returns the kind it counted as in a judgment area.
    fn take(&mut self, card: Option<CardId>, zone: Zone) -> Result<Option<CardKind>, FoldError> {
        let remove = |list: &mut Vec<CardId>| -> Result<(), FoldError> {
            if let Some(card) = card {
                let at = list
                    .iter()
                    .position(|c| *c == card)
                    .ok_or_else(|| misfit(format!("{card:?} is not in {zone:?}")))?;
                list.remove(at);
            }
            Ok(())
        };
        match zone {
            Zone::DrawPile => self.draw_pile = self.draw_pile.saturating_sub(1),
            Zone::DiscardPile => remove(&mut self.discard_pile)?,
            Zone::Processing => remove(&mut self.processing)?,
            Zone::Hand(seat) => {
                let s = self.seat_mut(seat)?;
                s.hand_count = s.hand_count.saturating_sub(1);
                if let Some(hand) = &mut s.hand {
                    remove(hand)?;
                }
            }
            Zone::Equip(seat) => remove(&mut self.seat_mut(seat)?.equip)?,
            Zone::Judge(seat) => {
                let s = self.seat_mut(seat)?;
                let card = card.ok_or_else(|| misfit("a judgment area card face down"))?;
                let at = s
                    .judge
                    .iter()
                    .position(|(c, _)| *c == card)
                    .ok_or_else(|| misfit(format!("{card:?} is not in {seat}'s judgment area")))?;
                return Ok(Some(s.judge.remove(at).1));
            }
            Zone::Pile { owner, skill } => {
                let pile = self.pile_mut(owner, skill)?;
                pile.count = pile.count.saturating_sub(1);
                if let Some(cards) = &mut pile.cards {
                    remove(cards)?;
                }
            }
            Zone::Out => {}
        }
        Ok(None)
    }

    /// Puts `card` into `zone`; `kind` is what it counts as if it goes into a judgment area.
    fn put(
        &mut self,
        card: Option<CardId>,
        zone: Zone,
        kind: Option<CardKind>,
        registry: &Registry,
    ) -> Result<(), FoldError> {
        match zone {
            Zone::DrawPile => self.draw_pile = self.draw_pile.saturating_add(1),
            Zone::DiscardPile => self.discard_pile.extend(card),
            Zone::Processing => self.processing.extend(card),
            Zone::Hand(seat) => {
                let s = self.seat_mut(seat)?;
                s.hand_count = s.hand_count.saturating_add(1);
                if let (Some(hand), Some(card)) = (&mut s.hand, card) {
                    hand.push(card);
                }
            }
            Zone::Equip(seat) => {
                let card = card.ok_or_else(|| misfit("equipment face down"))?;
                let deck = self.deck.clone();
                let slot = |c: &CardId| {
                    deck.get(*c)
                        .and_then(|face| registry.card_def(face.kind).category.slot())
                        .map(|s| s.index())
                };
                let equip = &mut self.seat_mut(seat)?.equip;
                // In slot order, as the engine lists equipment.
                equip.push(card);
                equip.sort_by_key(slot);
            }
            Zone::Judge(seat) => {
                let card = card.ok_or_else(|| misfit("a judgment area card face down"))?;
                // A delayed trick counts as what it counted as before, or what it was used as.
                let kind = kind
                    .or_else(|| self.deck.get(card).map(|c| c.kind))
                    .ok_or_else(|| misfit(format!("{card:?} is not in the deck")))?;
                self.seat_mut(seat)?.judge.push((card, kind));
            }
            Zone::Pile { owner, skill } => {
                let pile = self.pile_mut(owner, skill)?;
                pile.count = pile.count.saturating_add(1);
                if let (Some(cards), Some(card)) = (&mut pile.cards, card) {
                    cards.push(card);
                }
            }
            Zone::Out => {}
        }
        Ok(())
    }

    fn pile_mut(
        &mut self,
        owner: Seat,
        skill: crate::ids::SkillId,
    ) -> Result<&mut PileView, FoldError> {
        self.seat_mut(owner)?
            .piles
            .iter_mut()
            .find(|p| p.skill == skill)
            .ok_or_else(|| misfit(format!("{owner} has no pile of {skill:?}")))
    }
}
