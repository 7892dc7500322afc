//! One test per ruling of `shared/rules/timing-rulings.md` (sections A–E and G) that spans
//! several cards or the turn flow; each test names its ruling. Rulings about one card are
//! tested in that card's file:
//!
//! - A.8 one card of a name per judgment area: `cards::indulgence`, `cards::lightning`;
//!   one card per equipment slot: `cards::horse`.
//! - C.14 nullified 乐不思蜀 discarded: `cards::indulgence::tests::nullified_it_is_discarded_without_effect`;
//!   nullified or missed 闪电 moves on, skipping seats that hold one: `cards::lightning`.
//! - C.15 闪电 ♠2–9 deals 3 thunder damage with no source; 乐不思蜀 unless ♥: `cards::lightning`,
//!   `cards::indulgence`.
//! - C.16 no window for basic and equipment cards: `cards::nullification`.
//! - E.23 顺手牵羊 distance 1 with horses: `cards::snatch`; horses: `cards::horse`.
//! - G.29–30 the effects of each card: the card's own file.
//! - F.25–28 (军争) and the 军争 parts of C.13–16, D.17, E.23: `maneuvering.rs`; the 军争 cards
//!   with the standard generals: `maneuvering_generals.rs`; 火攻, 白银狮子, 古锭刀, 朱雀羽扇 and
//!   骅骝 in their cards' files.

mod support;

mod cards;
mod damage;
mod distance;
mod maneuvering;
mod maneuvering_generals;
mod nullification;
mod setup;
mod turn;
