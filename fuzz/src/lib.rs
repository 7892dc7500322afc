//! What the fuzz targets share: driving a game with choices taken from the fuzzer's bytes, and
//! the invariants checked after every step.
//!
//! - [`decode_client_msg`]: the server's own decoding of a text frame (`connection::parse`, and
//!   the id read for a rate-limited frame) must never panic, and what it accepts must survive a
//!   round trip through JSON.
//! - [`play`]: from any started game, take actions chosen by the bytes (legal ones, and now and
//!   then one that may not be): a legal action is accepted, a refused one leaves the game
//!   unchanged, and after every step every card is in exactly one zone and every prompt's
//!   default answer is legal.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sgs_engine::{sim, Action, Game, Seat};

/// Decodes `data` as the server does a text frame.
pub fn decode_client_msg(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = sgs_server::connection::command_id(text);
    if let Ok(msg) = sgs_server::connection::parse(text) {
        let json = serde_json::to_string(&msg).expect("an accepted message serializes");
        let again = sgs_server::connection::parse(&json)
            .unwrap_or_else(|(_, e)| panic!("a serialized message must parse again: {e}: {json}"));
        assert_eq!(
            serde_json::to_value(&again).ok(),
            serde_json::to_value(&msg).ok(),
            "round trip changed {json}"
        );
    }
}

/// Checks what must hold of `game` at every step.
pub fn check_invariants(game: &Game) {
    if let Err(error) = game.table().check_conservation() {
        panic!("cards not conserved: {error}");
    }
    for prompt in game.prompts() {
        let default = prompt.default_action();
        assert!(
            prompt.choices.allows(&default),
            "the default answer {default:?} of {prompt:?} is not legal"
        );
    }
}

/// Plays at most `max_actions` from `game`, choices drawn from a generator seeded by `data`.
pub fn play(mut game: Game, data: &[u8], max_actions: usize) {
    let mut seed = [0u8; 32];
    for (i, byte) in data.iter().enumerate() {
        seed[i % 32] ^= byte.rotate_left((i / 32) as u32 % 8);
    }
    let mut rng = ChaCha8Rng::from_seed(seed);
    check_invariants(&game);
    for _ in 0..max_actions {
        if game.is_over() {
            break;
        }
        let prompts = game.prompts().to_vec();
        let Some(prompt) = prompts.get(rng.gen_range(0..prompts.len().max(1))) else {
            break;
        };
        if rng.gen_ratio(1, 8) {
            // An answer that may be wrong: another seat's, or a pass where none is allowed.
            let seat = Seat(rng.gen_range(0..game.seat_count() as u8 + 1));
            let action = if rng.gen_bool(0.5) {
                Action::Pass
            } else {
                sim::random_action(prompt, &mut rng)
            };
            let before = game.hash();
            let count = game.action_count();
            if game.act(seat, action).is_err() {
                assert_eq!(game.hash(), before, "a refused action changed the game");
                assert_eq!(game.action_count(), count);
            }
        } else {
            let action = sim::random_action(prompt, &mut rng);
            if let Err(error) = game.act(prompt.seat, action.clone()) {
                panic!("a legal action was refused: {error} ({action:?} for {prompt:?})");
            }
        }
        check_invariants(&game);
    }
}
