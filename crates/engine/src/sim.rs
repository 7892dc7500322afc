//! Random play: a uniform chooser over legal answers and a game loop that drives it. The
//! baseline opponent, the simulator's engine and the property tests' source of games.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::action::Action;
use crate::config::GameConfig;
use crate::error::SetupError;
use crate::game::Game;
use crate::prompt::{Choices, Prompt};
use crate::seat::Seat;

/// A uniformly random legal answer to `prompt`.
pub fn random_action(prompt: &Prompt, rng: &mut impl Rng) -> Action {
    match &prompt.choices {
        Choices::Actions { actions } => actions.choose(rng).cloned().unwrap_or(Action::Pass),
        Choices::Cards {
            from,
            min,
            max,
            can_pass,
        } => {
            let max = (*max as usize).min(from.len());
            let min = (*min as usize).min(max);
            if *can_pass && rng.gen_bool(0.5) {
                return Action::Pass;
            }
            let k = rng.gen_range(min..=max);
            if k == 0 && *can_pass {
                return Action::Pass;
            }
            let mut cards = from.clone();
            cards.shuffle(rng);
            cards.truncate(k);
            Action::Cards { cards }
        }
        Choices::Arrange { cards } => {
            let mut cards = cards.clone();
            cards.shuffle(rng);
            let split = rng.gen_range(0..=cards.len());
            let bottom = cards.split_off(split);
            Action::Arrange { top: cards, bottom }
        }
    }
}

/// Which pending prompt random play answers next (windows have several).
pub fn random_prompt<'a>(game: &'a Game, rng: &mut impl Rng) -> Option<&'a Prompt> {
    game.prompts().choose(rng)
}

/// A game played to the end by random choices; `on_step` sees the game after every action.
pub fn play_random(
    config: GameConfig,
    seed: u64,
    max_actions: usize,
    mut on_step: impl FnMut(&Game, Seat, &Action),
) -> Result<Game, SetupError> {
    let mut game = Game::new(config, seed)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_5eed);
    while !game.is_over() && game.action_count() < max_actions {
        let Some(prompt) = random_prompt(&game, &mut rng) else {
            break;
        };
        let seat = prompt.seat;
        let action = random_action(prompt, &mut rng);
        if let Err(e) = game.act(seat, action.clone()) {
            // A random legal choice must never be rejected: that is an engine bug.
            panic!("legal action rejected: {e} ({action:?})");
        }
        on_step(&game, seat, &action);
    }
    Ok(game)
}
