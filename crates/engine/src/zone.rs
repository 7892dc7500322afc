//! Where cards are: [`Zone`]s and the [`Table`] that holds every card in exactly one of them.
//!
//! Invariant (checked by `Table::check_conservation` in tests): every card in play is in exactly
//! one zone, and `location[id]` names that zone.

use serde::{Deserialize, Serialize};

use crate::card::{CardId, CardKind, Slot};
use crate::ids::SkillId;
use crate::seat::Seat;

/// 区域 A place a card can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "zone", content = "seat", rename_all = "snake_case")]
pub enum Zone {
    /// 牌堆 (face down; order hidden).
    DrawPile,
    /// 弃牌堆 (face up).
    DiscardPile,
    /// 处理区: cards being used, played or judged (face up).
    Processing,
    /// 手牌 (seen only by its owner).
    Hand(Seat),
    /// 装备区 (face up).
    Equip(Seat),
    /// 判定区 (face up).
    Judge(Seat),
    /// Not part of this game (EX cards left out).
    Out,
    /// 武将牌上的牌 A pile of cards on `owner`'s general, kept by `skill` (不屈, 七星). Face up
    /// or seen only by the owner, as the pile's [`Visibility`] says.
    Pile { owner: Seat, skill: SkillId },
}

/// Who may see a pile's cards, or a mark's count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    /// Everyone.
    #[default]
    Public,
    /// Only the seat it belongs to.
    Owner,
}

/// 武将牌上的牌 A pile of cards on a general.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pile {
    /// The skill that keeps it.
    pub skill: SkillId,
    pub visibility: Visibility,
    /// In the order put there.
    pub cards: Vec<CardId>,
}

impl Zone {
    /// Cards in this zone are face up for everyone. (A pile's face depends on the pile: ask
    /// the table, [`Table::is_public`].)
    pub fn is_public(self) -> bool {
        matches!(
            self,
            Zone::DiscardPile | Zone::Processing | Zone::Equip(_) | Zone::Judge(_)
        )
    }
}

/// A delayed trick in a judgment area, with the kind it counts as (国色 puts a ♦ card there as
/// 乐不思蜀).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DelayedTrick {
    pub card: CardId,
    pub kind: CardKind,
}

/// The cards of one seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatCards {
    pub hand: Vec<CardId>,
    /// Indexed by [`Slot::index`].
    pub equip: [Option<CardId>; 4],
    /// In the order placed (the last placed resolves first).
    pub judge: Vec<DelayedTrick>,
    /// Piles on the general, in the order they were started.
    pub piles: Vec<Pile>,
}

impl SeatCards {
    pub fn equipped(&self, slot: Slot) -> Option<CardId> {
        self.equip[slot.index()]
    }

    pub fn equipment(&self) -> impl Iterator<Item = CardId> + '_ {
        self.equip.iter().flatten().copied()
    }

    /// The cards a character holds: its hand, then its equipment (what "a card of yours" means
    /// for a cost: 离间, 流离, 强袭, 鬼道 …).
    pub fn held(&self) -> impl Iterator<Item = CardId> + '_ {
        self.hand.iter().copied().chain(self.equipment())
    }

    /// Cards in hand, equipment and judgment area (piles are not the seat's cards).
    pub fn count_all(&self) -> usize {
        self.hand.len() + self.equipment().count() + self.judge.len()
    }

    /// The pile `skill` keeps, if it has been started.
    pub fn pile(&self, skill: SkillId) -> Option<&Pile> {
        self.piles.iter().find(|p| p.skill == skill)
    }
}

/// All the cards of a game, by zone.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Table {
    /// The top of the pile is the *last* element.
    pub draw_pile: Vec<CardId>,
    pub discard_pile: Vec<CardId>,
    pub processing: Vec<CardId>,
    pub seats: Vec<SeatCards>,
    /// Where each card is, indexed by [`CardId::index`].
    pub location: Vec<Zone>,
}

impl Table {
    pub fn new(seats: usize, total_cards: usize) -> Self {
        Table {
            draw_pile: Vec::new(),
            discard_pile: Vec::new(),
            processing: Vec::new(),
            seats: vec![SeatCards::default(); seats],
            location: vec![Zone::Out; total_cards],
        }
    }

    pub fn zone_of(&self, card: CardId) -> Zone {
        self.location[card.index()]
    }

    /// Takes `card` out of its zone. Returns the zone it was in.
    pub fn remove(&mut self, card: CardId) -> Zone {
        let zone = self.location[card.index()];
        let remove_from = |v: &mut Vec<CardId>| {
            if let Some(i) = v.iter().position(|c| *c == card) {
                v.remove(i);
            }
        };
        match zone {
            Zone::DrawPile => remove_from(&mut self.draw_pile),
            Zone::DiscardPile => remove_from(&mut self.discard_pile),
            Zone::Processing => remove_from(&mut self.processing),
            Zone::Hand(s) => remove_from(&mut self.seats[s.index()].hand),
            Zone::Equip(s) => {
                for slot in self.seats[s.index()].equip.iter_mut() {
                    if *slot == Some(card) {
                        *slot = None;
                    }
                }
            }
            Zone::Judge(s) => self.seats[s.index()].judge.retain(|d| d.card != card),
            Zone::Pile { owner, skill } => {
                if let Some(pile) = self.seats[owner.index()]
                    .piles
                    .iter_mut()
                    .find(|p| p.skill == skill)
                {
                    pile.cards.retain(|c| *c != card);
                }
            }
            Zone::Out => {}
        }
        self.location[card.index()] = Zone::Out;
        zone
    }

    /// Are cards in `zone` face up for everyone?
    pub fn is_public(&self, zone: Zone) -> bool {
        match zone {
            Zone::Pile { owner, skill } => self.seats[owner.index()]
                .pile(skill)
                .is_none_or(|p| p.visibility == Visibility::Public),
            other => other.is_public(),
        }
    }

    /// Puts `card` (already removed) on top of `owner`'s pile kept by `skill`, starting the pile
    /// with `visibility` if there is none yet.
    pub fn put_on_pile(
        &mut self,
        card: CardId,
        owner: Seat,
        skill: SkillId,
        visibility: Visibility,
    ) {
        let piles = &mut self.seats[owner.index()].piles;
        match piles.iter_mut().find(|p| p.skill == skill) {
            Some(pile) => pile.cards.push(card),
            None => piles.push(Pile {
                skill,
                visibility,
                cards: vec![card],
            }),
        }
        self.location[card.index()] = Zone::Pile { owner, skill };
    }

    /// Puts `card` (already removed) into `zone`. For [`Zone::DrawPile`] it goes on top.
    /// Equipment and judgment areas need more than a zone: use [`Table::put_equip`] and
    /// [`Table::place_delayed`] (the game's `put_card` chooses for a card it knows).
    pub fn put(&mut self, card: CardId, zone: Zone) {
        match zone {
            Zone::DrawPile => self.draw_pile.push(card),
            Zone::DiscardPile => self.discard_pile.push(card),
            Zone::Processing => self.processing.push(card),
            Zone::Hand(s) => self.seats[s.index()].hand.push(card),
            Zone::Equip(s) => {
                debug_assert!(false, "invariant: equipment goes in through put_equip");
                self.put_equip(card, s, Slot::Weapon);
                return;
            }
            Zone::Judge(s) => {
                debug_assert!(
                    false,
                    "invariant: delayed tricks go in through place_delayed"
                );
                self.seats[s.index()].judge.push(DelayedTrick {
                    card,
                    kind: CardKind::Indulgence,
                });
            }
            Zone::Pile { owner, skill } => {
                self.put_on_pile(card, owner, skill, Visibility::Public);
                return;
            }
            Zone::Out => {}
        }
        self.location[card.index()] = zone;
    }

    /// Puts `card` (already removed) into `seat`'s equipment `slot`.
    pub fn put_equip(&mut self, card: CardId, seat: Seat, slot: Slot) {
        self.seats[seat.index()].equip[slot.index()] = Some(card);
        self.location[card.index()] = Zone::Equip(seat);
    }

    /// Puts `card` (already removed) into `seat`'s judgment area as `kind`.
    pub fn place_delayed(&mut self, card: CardId, seat: Seat, kind: CardKind) {
        self.seats[seat.index()]
            .judge
            .push(DelayedTrick { card, kind });
        self.location[card.index()] = Zone::Judge(seat);
    }

    /// Puts `card` (already removed) at the bottom of the draw pile.
    pub fn put_bottom(&mut self, card: CardId) {
        self.draw_pile.insert(0, card);
        self.location[card.index()] = Zone::DrawPile;
    }

    /// Checks that every card is in exactly one zone and `location` agrees.
    /// Returns a description of the first violation.
    pub fn check_conservation(&self) -> Result<(), String> {
        let mut seen = vec![None::<Zone>; self.location.len()];
        let mut note = |card: CardId, zone: Zone| -> Result<(), String> {
            let slot = seen
                .get_mut(card.index())
                .ok_or_else(|| format!("unknown card {card:?}"))?;
            if let Some(previous) = slot {
                return Err(format!("{card:?} in {previous:?} and {zone:?}"));
            }
            *slot = Some(zone);
            Ok(())
        };
        for c in &self.draw_pile {
            note(*c, Zone::DrawPile)?;
        }
        for c in &self.discard_pile {
            note(*c, Zone::DiscardPile)?;
        }
        for c in &self.processing {
            note(*c, Zone::Processing)?;
        }
        for (i, s) in self.seats.iter().enumerate() {
            let seat = Seat(i as u8);
            for c in &s.hand {
                note(*c, Zone::Hand(seat))?;
            }
            for c in s.equipment() {
                note(c, Zone::Equip(seat))?;
            }
            for d in &s.judge {
                note(d.card, Zone::Judge(seat))?;
            }
            for pile in &s.piles {
                for c in &pile.cards {
                    note(
                        *c,
                        Zone::Pile {
                            owner: seat,
                            skill: pile.skill,
                        },
                    )?;
                }
            }
        }
        for (i, zone) in self.location.iter().enumerate() {
            let actual = seen[i].unwrap_or(Zone::Out);
            if actual != *zone {
                return Err(format!(
                    "card {i} recorded in {zone:?} but found in {actual:?}"
                ));
            }
        }
        Ok(())
    }

    /// Number of cards in play (not [`Zone::Out`]).
    pub fn cards_in_play(&self) -> usize {
        self.location.iter().filter(|z| **z != Zone::Out).count()
    }
}
