//! One fold of events into a table (`View::apply_all`), checked against the engine's own
//! snapshot: for every registered ruleset (`testing::cases`) and seat count, whole random games
//! are folded for every seat and a spectator from their first snapshot, and after every action
//! the folded view must equal `Game::view` exactly.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sgs_engine::testing::cases;
use sgs_engine::{sim, Game, GameConfig, Seat, View, REGISTRY};

/// Games per (case, seat count); a variant of a case gets one.
const GAMES: u64 = 3;

fn snapshot(game: &Game, viewer: Option<Seat>) -> View {
    match viewer {
        Some(seat) => game.view(seat),
        None => game.view_spectator(),
    }
}

#[test]
fn folded_views_equal_the_engines_through_whole_games() {
    for (index, case) in cases().iter().enumerate() {
        let games = if case.is_variant() { 1 } else { GAMES };
        for players in case.seats.0..=case.seats.1 {
            for n in 0..games {
                let seed = index as u64 * 1_000 + u64::from(players) * 10 + n;
                let config = GameConfig {
                    auto_pass: seed.is_multiple_of(2),
                    ..GameConfig::new(players, case.ruleset.clone())
                };
                let mut game = Game::new(config, seed).unwrap();
                game.take_events();
                let viewers: Vec<Option<Seat>> =
                    (0..players).map(|i| Some(Seat(i))).chain([None]).collect();
                let mut views: Vec<View> = viewers.iter().map(|v| snapshot(&game, *v)).collect();
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                while !game.is_over() && game.action_count() < 20_000 {
                    let Some(prompt) = sim::random_prompt(&game, &mut rng) else {
                        break;
                    };
                    let seat = prompt.seat;
                    let action = sim::random_action(prompt, &mut rng);
                    let events = game.act(seat, action).unwrap();
                    for (view, viewer) in views.iter_mut().zip(&viewers) {
                        let context = format!(
                            "{} with {players} seats, seed {seed}, action {}, viewer {viewer:?}",
                            case.name,
                            game.action_count()
                        );
                        if let Err(e) = view.apply_all(&events.for_viewer(*viewer), &REGISTRY) {
                            panic!("{context}: {e}");
                        }
                        let expected = snapshot(&game, *viewer);
                        view.set_pending(expected.waiting.clone(), expected.prompt.clone());
                        assert_eq!(*view, expected, "{context}");
                    }
                }
            }
        }
    }
}
