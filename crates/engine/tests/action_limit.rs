//! The action limit of a setup (`GameConfig::action_limit`, `Scenario::action_limit`): a game
//! that reaches it ends in a draw with every role shown, the same way on replay; without one a
//! game is as it always was.

use sgs_engine::scenario::Scenario;
use sgs_engine::{sim, Event, Game, GameConfig, Record, Role};

/// A random game of `config`, played until it is over or 5,000 actions.
fn play(config: GameConfig, seed: u64) -> Game {
    sim::play_random(config, seed, 5_000, |_, _, _| {}).expect("a valid config")
}

#[test]
fn a_game_that_reaches_its_action_limit_ends_in_a_draw_with_every_role_shown() {
    let limit = 40;
    let mut tested = 0;
    for seed in 0..20 {
        // Only games that would have gone on past the limit test it.
        let unlimited = play(GameConfig::standard(5), seed);
        if unlimited.action_count() <= limit {
            continue;
        }
        let config = GameConfig {
            action_limit: Some(limit as u32),
            ..GameConfig::standard(5)
        };
        let mut events = Vec::new();
        let mut game = Game::new(config.clone(), seed).expect("a valid config");
        events.extend(game.take_events().0);
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
        while !game.is_over() {
            let prompt = sim::random_prompt(&game, &mut rng).expect("a pending prompt");
            let seat = prompt.seat;
            let action = sim::random_action(prompt, &mut rng);
            events.extend(game.act(seat, action).expect("a legal action").0);
        }
        assert_eq!(game.action_count(), limit, "seed {seed}");
        let outcome = game.outcome().expect("an outcome");
        assert_eq!(outcome.winner, None, "seed {seed}: a draw");
        assert!(outcome.winners.is_empty());
        assert_eq!(outcome.roles.len(), 5);
        assert!(game.prompts().is_empty(), "nobody is asked anything more");
        let tail: Vec<&Event> = events.iter().rev().take(2).collect();
        assert!(
            matches!(tail[1], Event::ActionLimitReached { limit: l } if *l == limit as u32),
            "seed {seed}: {tail:?}"
        );
        assert!(matches!(tail[0], Event::GameOver { .. }), "seed {seed}");
        // The record names the limit, so a replay ends the same way.
        let record: Record = serde_json::from_str(&serde_json::to_string(&game.record()).unwrap())
            .expect("the record reads back");
        let replayed = record.replay().expect("the record replays");
        assert!(replayed.is_over());
        assert_eq!(replayed.hash(), game.hash());
        tested += 1;
    }
    assert!(tested >= 5, "only {tested} games went past {limit} actions");
}

#[test]
fn without_a_limit_the_setup_reads_and_writes_as_before() {
    let config = GameConfig::standard(5);
    let json = serde_json::to_value(&config).unwrap();
    assert!(json.get("action_limit").is_none(), "{json}");
    let scenario = Scenario::with_roles(&[Role::Lord, Role::Rebel]);
    let json = serde_json::to_value(&scenario).unwrap();
    assert!(json.get("action_limit").is_none(), "{json}");
    // A limit that is never reached changes nothing.
    let limited = GameConfig {
        action_limit: Some(1_000_000),
        ..GameConfig::standard(5)
    };
    for seed in 0..5 {
        let a = play(GameConfig::standard(5), seed);
        let b = play(limited.clone(), seed);
        assert_eq!(a.hash(), b.hash(), "seed {seed}");
    }
}

#[test]
fn a_practice_table_has_the_limit_too() {
    let scenario = Scenario {
        action_limit: Some(3),
        ..Scenario::with_roles(&[Role::Lord, Role::Rebel])
    };
    let mut game = Game::from_scenario(scenario).expect("a valid table");
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(7);
    while !game.is_over() {
        let prompt = sim::random_prompt(&game, &mut rng).expect("a pending prompt");
        let seat = prompt.seat;
        let action = sim::random_action(prompt, &mut rng);
        game.act(seat, action).expect("a legal action");
    }
    assert_eq!(game.action_count(), 3);
    assert_eq!(game.outcome().map(|o| o.winner), Some(None), "a draw");
}
