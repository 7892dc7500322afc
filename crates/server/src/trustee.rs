//! [`Trustee`]: who answers for a seat when its player does not — after a timeout, during an
//! absence, by the player's choice (托管 trusteeship), and for bot seats. A small seam so the
//! bot crate can plug in its AI; until then the server uses the prompt's default answer for
//! trusteeship and random legal play for bots.
//!
//! A trustee sees exactly what the seat may see (its `View`), never the full game.

use rand::RngCore;
use sgs_engine::{sim, Action, Prompt, View};

/// Answers a prompt for a seat.
pub trait Trustee: Send + Sync {
    /// An answer to `prompt`, given what the seat may see. Should be legal; the room falls back
    /// to the prompt's default answer if the engine refuses it.
    fn answer(&self, view: &View, prompt: &Prompt, rng: &mut dyn RngCore) -> Action;
}

/// The prompt's own timeout answer: pass where passing is allowed, the first legal answer
/// otherwise (ends the play phase, discards the first cards …).
#[derive(Clone, Copy, Debug, Default)]
pub struct DefaultAnswer;

impl Trustee for DefaultAnswer {
    fn answer(&self, _view: &View, prompt: &Prompt, _rng: &mut dyn RngCore) -> Action {
        prompt.default_action()
    }
}

/// A uniformly random legal answer (the engine's baseline agent).
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPlay;

impl Trustee for RandomPlay {
    fn answer(&self, _view: &View, prompt: &Prompt, mut rng: &mut dyn RngCore) -> Action {
        sim::random_action(prompt, &mut rng)
    }
}
