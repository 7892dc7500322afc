//! Scenario validation: any bytes as a practice table (`Scenario` JSON, as `create_room`
//! carries it). Setup must refuse a bad one with an error, never a panic; a table it accepts is
//! played on with actions chosen by the same bytes, the invariants checked after every step.
#![no_main]

use sgs_engine::{Game, Scenario};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(scenario) = serde_json::from_slice::<Scenario>(data) else {
        return;
    };
    if scenario.seats.len() > 12 {
        return;
    }
    if let Ok(game) = Game::from_scenario(scenario) {
        sgs_fuzz::play(game, data, 500);
    }
});
