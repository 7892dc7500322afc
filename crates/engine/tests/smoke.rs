//! Quick smoke test: random games with white and standard generals finish with cards conserved.
//! The thorough property tests live in `simulation.rs`.

use sgs_engine::{sim, GameConfig};

fn run(config: GameConfig, seeds: u64) {
    let players = config.players;
    for seed in 0..seeds {
        let game = sim::play_random(config.clone(), seed, 50_000, |g, _, _| {
            if let Err(e) = g.table().check_conservation() {
                panic!("{e}");
            }
        })
        .unwrap();
        assert!(
            game.is_over(),
            "players {players} seed {seed} did not finish: {} actions",
            game.action_count()
        );
    }
}

#[test]
fn random_games_finish() {
    for players in 2..=10u8 {
        run(GameConfig::white(players), 10);
        run(
            GameConfig {
                players,
                ..GameConfig::default()
            },
            10,
        );
    }
}
