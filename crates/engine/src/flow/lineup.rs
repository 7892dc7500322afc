//! 阵容 Line-ups: modes where a seat owns several generals and plays them one after another
//! (1v1, M-1V1-2…5). The generals a seat holds but has not brought out (its reserve), the
//! face-up generals still to be drafted, and the generals that have fallen. When a seat's
//! general dies and it still has generals to bring out, the next one enters: the seat is
//! revived with the new general's full HP, face up, unchained, and draws its starting hand.
//! A death from damage brings the next general in only once that damage has finished; a death
//! in the dead general's own turn ends that turn.

use serde::{Deserialize, Serialize};

use crate::def::mode::ModeFrame;
use crate::game::Game;
use crate::ids::GeneralId;
use crate::resolve::Frame;
use crate::seat::Seat;

/// Every seat's line-up (empty in modes without one).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lineups {
    /// The face-up generals not drafted yet.
    pub pool: Vec<GeneralId>,
    /// Each seat's generals not brought out yet, in the order it took them.
    pub reserve: Vec<Vec<GeneralId>>,
    /// Generals drafted face up: everyone knows who holds them.
    pub open: Vec<GeneralId>,
    /// Each seat's generals that have died, in order.
    pub fallen: Vec<Vec<GeneralId>>,
    /// Generals each seat has brought out so far (the one in play included).
    pub entered: Vec<u8>,
    /// A mode's procedures waiting until the damage to a seat has finished (the next general's
    /// entry after a death from damage, M-1V1-5).
    pub after_damage: Vec<(Seat, ModeFrame)>,
}

impl Lineups {
    /// Line-ups for `seats` seats, each with its first general out.
    pub fn new(seats: usize) -> Self {
        Lineups {
            reserve: vec![Vec::new(); seats],
            fallen: vec![Vec::new(); seats],
            entered: vec![1; seats],
            ..Lineups::default()
        }
    }

    /// Is this a game with line-ups?
    pub fn is_empty(&self) -> bool {
        self.entered.is_empty()
    }

    /// `seat`'s reserve (empty for a seat without one).
    pub fn reserve(&self, seat: Seat) -> &[GeneralId] {
        self.reserve.get(seat.index()).map_or(&[], Vec::as_slice)
    }
}

impl Game {
    /// `seat`'s line-up: its reserve, fallen generals and how many it has brought out.
    pub fn lineups(&self) -> &Lineups {
        &self.lineups
    }

    /// Moves `general` from `seat`'s reserve into play: the seat plays it from now on with full
    /// HP (as the mode gives it), face up and unchained, alive, and shows it.
    pub(crate) fn bring_out(&mut self, seat: Seat, general: GeneralId) {
        if let Some(reserve) = self.lineups.reserve.get_mut(seat.index()) {
            if let Some(i) = reserve.iter().position(|g| *g == general) {
                reserve.remove(i);
            }
        }
        crate::flow::selection::take_general(self, seat, general);
    }

    /// After `seat`'s general died: its fallen list grows, and `entry` (the mode's procedure
    /// that brings out the next general) runs now — or, if the death came from damage to `seat`
    /// still being dealt, once that damage has finished. A death in the dead general's own turn
    /// ends that turn.
    pub(crate) fn general_fell(&mut self, seat: Seat, entry: ModeFrame) -> Option<Frame> {
        let general = self.seats[seat.index()].general;
        if let Some(fallen) = self.lineups.fallen.get_mut(seat.index()) {
            fallen.push(general);
        }
        let own_turn = self
            .stack
            .iter()
            .any(|f| matches!(f, Frame::Turn(t) if t.seat == seat));
        if own_turn && self.turn.seat == seat {
            self.turn.over = true;
        }
        let from_damage = self
            .stack
            .iter()
            .any(|f| matches!(f, Frame::Damage(d) if d.damage.target == seat));
        if from_damage {
            self.lineups.after_damage.push((seat, entry));
            return None;
        }
        Some(Frame::Mode(entry))
    }

    /// The procedure waiting for the damage to `seat` to finish, if any.
    pub(crate) fn after_damage(&mut self, seat: Seat) -> Option<Frame> {
        let i = self
            .lineups
            .after_damage
            .iter()
            .position(|(s, _)| *s == seat)?;
        Some(Frame::Mode(self.lineups.after_damage.remove(i).1))
    }

    /// The mode's turn order names the next turn (3v3): `seat`, beginning a new round or not.
    pub(crate) fn set_next_turn(&mut self, seat: Seat, new_round: bool) {
        self.next_turn = Some((seat, new_round));
    }
}
