use sgs_engine::{sim, GameConfig};

#[test]
fn random_games_finish() {
    for players in 2..=10u8 {
        for seed in 0..20 {
            let game = sim::play_random(GameConfig::white(players), seed, 50_000, |g, _, _| {
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
}
