//! One fold of events into a table, in the browser too: whole random games of every registered
//! ruleset (`sgs_engine::content::cases`) are played; for every seat and a spectator the test
//! writes its first view and, per action, the events it received and the view the engine shows
//! after them; `js/fold-check.mjs` folds those events with the browser client's `web/js/fold.js`
//! under Node and must arrive at the engine's view every time.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use serde_json::json;
use serde_json::value::RawValue;
use sgs_e2e::run_node_check;
use sgs_engine::content::cases;
use sgs_engine::{sim, Game, GameConfig, Seat};
use sgs_protocol::Catalog;

/// One update as a viewer sees it: its events and the engine's view after them.
#[derive(Serialize)]
struct Step {
    events: Box<RawValue>,
    expected: Box<RawValue>,
}

/// One viewer's whole game: its first view and every update.
#[derive(Serialize)]
struct Run {
    name: String,
    initial: Box<RawValue>,
    steps: Vec<Step>,
}

/// `value` as JSON text, kept as text: building a `serde_json::Value` tree of every view after
/// every action was most of this test's time.
fn raw(value: &impl Serialize) -> Box<RawValue> {
    serde_json::value::to_raw_value(value).expect("JSON")
}

/// The view of `viewer`; without the card table after the first (it never changes).
fn snapshot(game: &Game, viewer: Option<Seat>, first: bool) -> Box<RawValue> {
    let mut view = match viewer {
        Some(seat) => game.view(seat),
        None => game.view_spectator(),
    };
    if !first {
        view.deck = sgs_engine::Deck::default();
    }
    raw(&view)
}

/// How many tests share the cases (they run in parallel, each with its own Node process).
const SHARDS: usize = 2;

/// Runs handed to Node at a time: every step holds a whole view as JSON, so a shard's runs all
/// at once took over 20 GB once the registry passed 200 cases.
const BATCH_RUNS: usize = 50;

#[test]
fn the_browser_clients_fold_gives_the_engines_views_0() {
    fold_check(0);
}

#[test]
fn the_browser_clients_fold_gives_the_engines_views_1() {
    fold_check(1);
}

/// Plays the cases of shard `shard` and has the browser's fold replay every viewer's events,
/// [`BATCH_RUNS`] runs at a time.
fn fold_check(shard: usize) {
    let catalog = Catalog::engine();
    let mut runs = Vec::new();
    for (index, case) in cases().iter().enumerate() {
        if index % SHARDS != shard {
            continue;
        }
        let games: u64 = if case.is_variant() { 1 } else { 2 };
        // Long enough for every kind of move; games are cut at 600 actions.
        for n in 0..games {
            let players = case.seats.0
                + ((index as u64 * 3 + n * 5) % u64::from(case.seats.1 - case.seats.0 + 1)) as u8;
            let seed = 7_000 + index as u64 * 100 + n;
            let mut game =
                Game::new(GameConfig::new(players, case.ruleset.clone()), seed).expect("a game");
            game.take_events();
            let viewers: Vec<Option<Seat>> =
                (0..players).map(|i| Some(Seat(i))).chain([None]).collect();
            let mut per_viewer: Vec<(Box<RawValue>, Vec<Step>)> = viewers
                .iter()
                .map(|v| (snapshot(&game, *v, true), Vec::new()))
                .collect();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while !game.is_over() && game.action_count() < 600 {
                let Some(prompt) = sim::random_prompt(&game, &mut rng) else {
                    break;
                };
                let seat = prompt.seat;
                let action = sim::random_action(prompt, &mut rng);
                let events = game.act(seat, action).expect("a legal action");
                for (viewer, (_, steps)) in viewers.iter().zip(per_viewer.iter_mut()) {
                    steps.push(Step {
                        events: raw(&events.for_viewer(*viewer)),
                        expected: snapshot(&game, *viewer, false),
                    });
                }
            }
            for (viewer, (initial, steps)) in viewers.iter().zip(per_viewer) {
                runs.push(Run {
                    name: format!(
                        "{} with {players} seats, seed {seed}, viewer {viewer:?}",
                        case.name
                    ),
                    initial,
                    steps,
                });
            }
            if runs.len() >= BATCH_RUNS {
                check(&catalog, std::mem::take(&mut runs));
            }
        }
    }
    if !runs.is_empty() {
        check(&catalog, runs);
    }
}

/// Has Node fold `runs` with the browser's fold; fails on the first view that differs.
fn check(catalog: &Catalog, runs: Vec<Run>) {
    #[derive(Serialize)]
    struct Data {
        catalog: serde_json::Value,
        runs: Vec<Run>,
    }
    let data = Data {
        catalog: json!({"generals": catalog.generals, "card_kinds": catalog.card_kinds}),
        runs,
    };
    let printed = run_node_check(
        "fold-check.mjs",
        &data,
        "the browser's fold differs from the engine's",
    );
    eprintln!("{printed}");
}
