//! [`Trustee`]: who answers for a seat when its player does not — after a timeout, during an
//! absence, by the player's choice (托管 trusteeship), and for bot seats.
//!
//! A trustee makes one [`Agent`] per seat at the start of each game. The room feeds every
//! seat's agent that seat's filtered events ([`EventView`](sgs_engine::EventView)s, the same
//! the seat's player receives) as the game moves on, so an agent that takes over mid-game knows
//! what the seat has seen; it decides from the seat's `View` and its own pending prompt, never
//! the full game. The server plays with [`Heuristic`] (`sgs_bot::HeuristicAgent`, decisions in
//! microseconds) for 托管 and for bots at the default level; [`RandomPlay`] and
//! [`DefaultAnswer`] exist for tests and comparisons. Bots at another `bot_level` are made in
//! `thinking.rs`.

use sgs_bot::{Agent, HeuristicAgent, RandomAgent};
use sgs_engine::{Action, EventView, Prompt, Ruleset, Seat, View};

/// An agent the room may keep in its task (rooms move between threads).
pub type SeatAgent = Box<dyn Agent + Send>;

/// Makes the agent that answers for one seat during one game.
pub trait Trustee: Send + Sync {
    /// A fresh agent for `seat` at a table of `ruleset` (a 计分赛 series makes the heuristic
    /// play for points); `seed` comes from the room's RNG (for agents that draw).
    fn agent(&self, seat: Seat, seed: u64, ruleset: &Ruleset) -> SeatAgent;
}

/// The role-aware heuristic player of `sgs-bot`: what the server uses.
#[derive(Clone, Copy, Debug, Default)]
pub struct Heuristic;

impl Trustee for Heuristic {
    fn agent(&self, seat: Seat, _seed: u64, ruleset: &Ruleset) -> SeatAgent {
        Box::new(HeuristicAgent::for_ruleset(seat, ruleset))
    }
}

/// A uniformly random legal answer (the baseline agent).
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPlay;

impl Trustee for RandomPlay {
    fn agent(&self, _seat: Seat, seed: u64, _: &Ruleset) -> SeatAgent {
        Box::new(RandomAgent::new(seed))
    }
}

/// The prompt's own timeout answer: pass where passing is allowed, the first legal answer
/// otherwise (ends the play phase, discards the first cards …).
#[derive(Clone, Copy, Debug, Default)]
pub struct DefaultAnswer;

impl Trustee for DefaultAnswer {
    fn agent(&self, _seat: Seat, _seed: u64, _: &Ruleset) -> SeatAgent {
        Box::new(DefaultAgent)
    }
}

/// The agent of [`DefaultAnswer`].
struct DefaultAgent;

impl Agent for DefaultAgent {
    fn observe(&mut self, _: &[EventView]) {}

    fn decide(&mut self, _: &View, prompt: &Prompt) -> Action {
        prompt.default_action()
    }

    fn name(&self) -> &'static str {
        "default"
    }
}

// Tests only: an unwrap here fails the test, no client input reaches it.
#[cfg(test)]
mod tests {
    use super::*;
    use sgs_engine::{Game, GameConfig};

    /// Every trustee answers legally from the seat's view, and the heuristic agent decides
    /// well under a millisecond (the room's task must never wait on it).
    #[test]
    fn trustees_answer_legally_and_fast() {
        let trustees: [&dyn Trustee; 3] = [&Heuristic, &RandomPlay, &DefaultAnswer];
        for (t, trustee) in trustees.into_iter().enumerate() {
            let config = GameConfig {
                players: 8,
                ..GameConfig::default()
            };
            let mut game = Game::new(config, 7 + t as u64).unwrap();
            let opening = game.take_events();
            let mut agents: Vec<SeatAgent> = (0..game.seat_count())
                .map(|i| {
                    let seat = Seat(i as u8);
                    let mut agent = trustee.agent(seat, i as u64, game.ruleset());
                    agent.observe(&opening.for_viewer(Some(seat)));
                    agent
                })
                .collect();
            let mut decisions = 0u32;
            let mut thinking = std::time::Duration::ZERO;
            while !game.is_over() && game.action_count() < 20_000 {
                let prompt = game.prompts()[0].clone();
                let seat = prompt.seat;
                let started = std::time::Instant::now();
                let action = agents[seat.index()].decide(&game.view(seat), &prompt);
                thinking += started.elapsed();
                decisions += 1;
                assert!(prompt.choices.allows(&action), "{action:?} for {prompt:?}");
                let events = game.act(seat, action).unwrap();
                for (i, agent) in agents.iter_mut().enumerate() {
                    agent.observe(&events.for_viewer(Some(Seat(i as u8))));
                }
            }
            let name = agents[0].name();
            if name != "default" {
                assert!(game.is_over(), "a game of {name} agents ends");
            }
            // Unoptimized test builds are several times slower than the server's release build.
            let limit = if cfg!(debug_assertions) { 5_000 } else { 1_000 };
            let average = thinking / decisions;
            assert!(
                average < std::time::Duration::from_micros(limit),
                "{name} agents take {average:?} per decision"
            );
        }
    }
}
