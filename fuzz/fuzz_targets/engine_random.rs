//! The engine: a random game of any registered ruleset (every mode, pack and option variant
//! of `sgs_engine::testing::cases`), seat count and seed, then actions chosen by the bytes,
//! with the invariants checked after every step.
#![no_main]

use std::sync::OnceLock;

use sgs_engine::testing::{cases, Case};
use sgs_engine::{Game, GameConfig};

static CASES: OnceLock<Vec<Case>> = OnceLock::new();

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let cases = CASES.get_or_init(cases);
    if data.len() < 10 || cases.is_empty() {
        return;
    }
    let case = &cases[usize::from(u16::from_le_bytes([data[0], data[1]])) % cases.len()];
    let (min, max) = case.seats;
    let players = min + data[2] % (max - min + 1);
    let seed = u64::from_le_bytes(data[3..11.min(data.len())].try_into().unwrap_or([0; 8]));
    let config = GameConfig {
        auto_pass: data[2] & 0x80 != 0,
        ..GameConfig::new(players, case.ruleset.clone())
    };
    match Game::new(config, seed) {
        Ok(game) => sgs_fuzz::play(game, &data[10..], 3_000),
        Err(error) => panic!("{}: {players} seats refused: {error}", case.name),
    }
});
