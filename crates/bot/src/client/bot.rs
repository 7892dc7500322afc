//! The bot's state across connections ([`Bot`]) and its small helpers (logging, command ids).

use sgs_engine::{Prompt, Seat};

use super::socket::Pace;
use super::{Ending, Options, Report};
use crate::agent::Agent;
use crate::tracker::Tracker;

/// Told the room's code (see [`run_with`](super::run_with)).
type OnRoom = Box<dyn FnMut(&str) + Send>;

/// The bot's state across connections.
pub(super) struct Bot {
    pub(super) options: Options,
    pub(super) report: Report,
    pub(super) token: Option<String>,
    pub(super) connected_once: bool,
    /// `welcome` arrived on the current connection.
    pub(super) welcomed: bool,
    /// The room it sits in (once joined).
    pub(super) room: Option<String>,
    pub(super) seat: Option<Seat>,
    /// `room.games` of the game the agent plays.
    pub(super) game: u32,
    pub(super) agent: Option<Box<dyn Agent + Send>>,
    pub(super) tracker: Option<Tracker>,
    /// The prompt of the seat now pending, with its id.
    pub(super) pending: Option<(u64, Prompt)>,
    /// The last prompt id answered.
    pub(super) answered: u64,
    /// `act` command ids → the prompt they answered, for falling back on a refusal.
    pub(super) acts: Vec<(u64, u64)>,
    pub(super) next_id: u64,
    /// The host sent `start_game` / `rematch` for this many games already.
    pub(super) started: u32,
    /// The last prompt answered with its default after the engine refused the agent's answer.
    pub(super) fell_back: u64,
    /// Told the room's code when the bot first enters it.
    pub(super) on_room: Option<OnRoom>,
    pub(super) pace: Pace,
}

impl Bot {
    pub(super) fn new(options: Options) -> Bot {
        Bot {
            pace: Pace::new(options.rate_per_sec),
            options,
            report: Report {
                ending: Ending::RoomClosed,
                room: None,
                seat: None,
                outcomes: Vec::new(),
                acted: 0,
                reconnects: 0,
                search: Default::default(),
            },
            token: None,
            connected_once: false,
            welcomed: false,
            room: None,
            seat: None,
            game: 0,
            agent: None,
            tracker: None,
            pending: None,
            answered: 0,
            acts: Vec::new(),
            next_id: 0,
            started: 0,
            fell_back: 0,
            on_room: None,
        }
    }

    pub(super) fn log(&self, line: &str) {
        if self.options.verbose {
            eprintln!("[sgs-bot {}] {line}", self.options.name);
        }
    }

    pub(super) fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }
}
