//! Issue 12, "timing tells stay weak" (decision record 0006): a spectator times every window
//! (a request for 闪, 桃 or 无懈可击) of a person-like seat, whose think times come from one
//! realistic distribution whether or not it holds an answer (when it does, it thinks and then
//! passes, so what is shown is the same). The spectator's best rule "slower than t ⇒ it held an
//! answer" must be right at most 60% of the time (balanced over both kinds of window). And a
//! table of bots alone keeps its speed: no delay is added without people.

use std::collections::HashMap;
use std::time::Duration;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use sgs_engine::{PromptKind, Ruleset};
use sgs_protocol::{ClientMsg, RoomOptions, ServerMsg};
use sgs_server::storage::NoStorage;
use sgs_server::trustee::Heuristic;
use sgs_server::AppState;
use tokio::time::{sleep, timeout, Instant};

use crate::support::*;

/// Tables played at once, and how long the measure runs.
const TABLES: usize = 10;
const RUN: Duration = Duration::from_secs(12);

/// Real time is scaled down 50× to keep the test short.
const SCALE: f64 = 50.0;

/// A person's think time: log-normal, median 1.6 s, one in four slower than 2.5 s (most
/// between 0.5 s and 5 s), scaled down.
fn think(rng: &mut impl Rng) -> Duration {
    let z: f64 = (0..12).map(|_| rng.gen_range(0.0..1.0)).sum::<f64>() - 6.0;
    Duration::from_secs_f64(1.6 * (0.6 * z).exp() / SCALE)
}

fn is_window(kind: &PromptKind) -> bool {
    matches!(
        kind,
        PromptKind::Respond { .. } | PromptKind::Save { .. } | PromptKind::Nullify { .. }
    )
}

/// One window of the person's seat: the updates (counted from the game's `sync`) that opened
/// and closed it, and whether the seat could have answered.
#[derive(Debug)]
struct Window {
    game: u32,
    opened: usize,
    closed: usize,
    held_answer: bool,
}

/// Plays seat 0 like a person until `until`; returns its windows.
async fn person(mut client: Client, until: Instant, seed: u64) -> Vec<Window> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut windows = Vec::new();
    let (mut game, mut update) = (0, 0);
    let mut open: Option<(u64, usize, bool)> = None;
    let mut next_id = 10_000;
    let mut answered = 0;
    while Instant::now() < until {
        let Ok(Some(msg)) = timeout(Duration::from_secs(5), client.next()).await else {
            break;
        };
        match &msg {
            ServerMsg::Sync { room, .. } => {
                game = room.games;
                update = 0;
                open = None;
            }
            ServerMsg::Update { .. } => update += 1,
            ServerMsg::GameOver { .. } => {
                open = None;
                next_id += 1;
                client
                    .send_json(&json!({"type": "rematch", "id": next_id}))
                    .await;
                continue;
            }
            _ => {}
        }
        let pending = prompt_of(&msg).cloned();
        // The window open so far closes with the first update that no longer asks it.
        if let Some((prompt_id, opened, held)) = open {
            if pending.as_ref().map(|p| p.prompt_id) != Some(prompt_id) {
                windows.push(Window {
                    game,
                    opened,
                    closed: update,
                    held_answer: held,
                });
                open = None;
            }
        }
        let Some(pending) = pending.filter(|p| p.prompt_id != answered) else {
            continue;
        };
        answered = pending.prompt_id;
        let prompt = &pending.prompt;
        let window = is_window(&prompt.kind);
        let choice = prompt.choices.has_option_besides_pass();
        if window {
            open = Some((pending.prompt_id, update, choice));
        }
        if window && !choice {
            continue; // the server passes for it
        }
        if window {
            sleep(think(&mut rng)).await; // thinks, then passes anyway
        }
        next_id += 1;
        let act = ClientMsg::Act {
            id: Some(next_id),
            seat: prompt.seat,
            action: prompt.default_action(),
            prompt_id: Some(pending.prompt_id),
        };
        client.send_json(&serde_json::to_value(act).unwrap()).await;
    }
    windows
}

/// Watches until `until`: when each update of each game arrived.
async fn spectator(mut client: Client, until: Instant) -> HashMap<u32, Vec<Instant>> {
    let mut arrivals: HashMap<u32, Vec<Instant>> = HashMap::new();
    let mut game = 0;
    while Instant::now() < until {
        let Ok(Some(msg)) = timeout(Duration::from_secs(5), client.next()).await else {
            break;
        };
        let now = Instant::now();
        match msg {
            ServerMsg::Sync { room, .. } => {
                game = room.games;
                arrivals.insert(game, vec![now]);
            }
            ServerMsg::Update { .. } => arrivals.entry(game).or_default().push(now),
            _ => {}
        }
    }
    arrivals
}

/// The best accuracy of any rule "slower than t ⇒ held an answer" (or "faster than t"),
/// balanced over windows with and without an answer.
fn best_threshold(with: &[f64], without: &[f64]) -> f64 {
    let mut best: f64 = 0.5;
    for &t in with.iter().chain(without) {
        let slow = |d: &[f64]| d.iter().filter(|&&x| x > t).count() as f64 / d.len() as f64;
        best = best.max(0.5 + (slow(with) - slow(without)).abs() / 2.0);
    }
    best
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_cannot_tell_from_timing_whether_a_person_held_an_answer() {
    let mut config = config();
    // The server's default range (600–2,500 ms), scaled down: what the first passes are drawn
    // from, before a person has a history (and, before decision 0006, every pass).
    config.pass_delay_min_ms = (600.0 / SCALE) as u64;
    config.pass_delay_max_ms = (2_500.0 / SCALE) as u64;
    config.max_rooms_per_client = 100;
    config.room_creations_per_min = 6_000.0;
    let state = AppState::with_parts(config, Box::new(NoStorage), Box::new(Heuristic));
    let server = Server::serve_state(state).await;
    let until = Instant::now() + RUN;
    let mut tables = Vec::new();
    for t in 0..TABLES {
        let mut host = server.client(&format!("person{t}")).await;
        let options = RoomOptions {
            seats: 2,
            ruleset: Ruleset::standard().white(),
            fill_bots: true,
            ..RoomOptions::default()
        };
        let room = room_id(&host.create_room(options).await);
        let mut watcher = server.client(&format!("watcher{t}")).await;
        watcher
            .command(json!({"type": "spectate", "room": room}))
            .await;
        host.command(json!({"type": "start_game"})).await;
        tables.push((
            tokio::spawn(person(host, until, t as u64)),
            tokio::spawn(spectator(watcher, until)),
        ));
    }
    let (mut with, mut without) = (Vec::new(), Vec::new());
    for (person, spectator) in tables {
        let windows = person.await.unwrap();
        let arrivals = spectator.await.unwrap();
        for w in windows {
            let Some(times) = arrivals.get(&w.game) else {
                continue;
            };
            let (Some(open), Some(close)) = (times.get(w.opened), times.get(w.closed)) else {
                continue;
            };
            let delay = close.duration_since(*open).as_secs_f64() * 1000.0;
            if w.held_answer {
                with.push(delay);
            } else {
                without.push(delay);
            }
        }
    }
    let accuracy = best_threshold(&with, &without);
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(0.0)
    };
    eprintln!(
        "timing: {} windows with an answer (median {:.0} ms), {} without (median {:.0} ms); \
         best threshold rule right {:.1}%",
        with.len(),
        median(&mut with),
        without.len(),
        median(&mut without),
        accuracy * 100.0
    );
    assert!(
        with.len() >= 120 && without.len() >= 120,
        "enough windows measured"
    );
    assert!(accuracy <= 0.60, "timing tells: {accuracy:.3}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_of_bots_alone_keeps_its_speed() {
    let mut config = config();
    config.pass_delay_min_ms = 300;
    config.pass_delay_max_ms = 600;
    let state = AppState::with_parts(config, Box::new(NoStorage), Box::new(Heuristic));
    let server = Server::serve_state(state).await;
    let mut host = server.client("host").await;
    let options = RoomOptions {
        seats: 5,
        ruleset: Ruleset::standard(),
        fill_bots: true,
        ..RoomOptions::default()
    };
    let room = room_id(&host.create_room(options).await);
    let mut watcher = server.client("watcher").await;
    watcher
        .command(json!({"type": "spectate", "room": room}))
        .await;
    host.command(json!({"type": "start_game"})).await;
    // The only person leaves: its seat goes to a bot, and bots alone do not wait.
    host.command(json!({"type": "leave_room"})).await;
    let left = Instant::now();
    let mut updates = 0;
    let finished = timeout(Duration::from_secs(30), async {
        loop {
            match watcher.recv().await {
                ServerMsg::Update { .. } => updates += 1,
                ServerMsg::GameOver { .. } => return,
                _ => {}
            }
        }
    })
    .await;
    let took = left.elapsed();
    assert!(finished.is_ok(), "the bots' game ended");
    eprintln!("all-bot table: {updates} actions in {took:?} after the person left");
    assert!(updates >= 40, "a whole game's worth of actions ({updates})");
    // With a 300–600 ms pause per answer these would take at least 12 s.
    assert!(
        took < Duration::from_secs(8),
        "{updates} actions took {took:?}"
    );
}
