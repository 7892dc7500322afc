//! [`Position`]: a game resumed in the middle of a seat's play phase from an explicit table —
//! every card where it lies (hands, equipment, judgment areas, the whole draw pile in order, the
//! discard pile), every role, and the bookkeeping of the turn under way (杀 used, cards used,
//! skill uses, the numbers skills keep for the turn). Built by a searching bot from a sample of
//! what its seat cannot see (`Game::from_position`); the engine never builds one itself.
//!
//! The game starts at the seat's next play, with the phase's start behind it: no event of the
//! phase's opening is emitted again and no "start of phase" skill fires.

use serde::{Deserialize, Serialize};

use crate::game::Turn;
use crate::ids::SkillId;
use crate::scenario::Scenario;
use crate::seat::Seat;
use crate::zone::Visibility;

/// A table in the middle of `scenario.current`'s play phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// The table. Its `phase` must be the play phase; its `draw_pile_top` should name the whole
    /// draw pile (what it leaves out is shuffled below, from the seed).
    pub scenario: Scenario,
    /// The turn's bookkeeping (its `seat`, `phase` and `announced` are set from the scenario).
    /// A `number` of 0 keeps the scenario's 1.
    pub turn: Turn,
    /// Rounds begun (0: 1).
    pub round: u32,
    /// Uses of limited skills in their current periods: seat, skill, count (the period is the
    /// skill's own).
    pub usage: Vec<(Seat, SkillId, u8)>,
    /// Piles started and emptied since (a view still lists them; a scenario cannot hold one,
    /// nor a dead seat's): owner, skill, visibility.
    #[serde(default)]
    pub empty_piles: Vec<(Seat, SkillId, Visibility)>,
}
