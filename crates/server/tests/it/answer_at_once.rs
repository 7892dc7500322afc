//! Issue 13: the default rate limits never stall a room of people who answer at once. Every
//! new prompt is owed its answer (it gives the connection a token), so eight seats answering
//! each prompt the moment it arrives — at the full speed of a game without delays, hundreds of
//! prompts a second — are never refused and never wait for a deadline.

use std::time::Duration;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sgs_engine::sim;
use sgs_protocol::{ErrorCode, RoomOptions, ServerMsg};
use sgs_server::config::Config;
use tokio::time::{timeout, Instant};

use crate::support::*;

/// Plays the seat, answering every new prompt at once, until the game is over. Returns the
/// acts sent and every refusal but a raced window.
async fn answer_at_once(mut client: Client, seed: u64) -> (usize, Vec<ErrorCode>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut answered, mut sent, mut refused) = (0, 0, Vec::new());
    loop {
        let msg = client.recv().await;
        match &msg {
            ServerMsg::GameOver { .. } => return (sent, refused),
            ServerMsg::Error { code, .. }
                if !matches!(code, ErrorCode::StalePrompt | ErrorCode::NotYourTurn) =>
            {
                refused.push(*code);
            }
            _ => {}
        }
        if let Some(pending) = prompt_of(&msg).filter(|p| p.prompt_id != answered) {
            answered = pending.prompt_id;
            sent += 1;
            let action = sim::random_action(&pending.prompt, &mut rng);
            client.act(100_000 + sent as u64, pending, action).await;
        }
    }
}

#[tokio::test]
async fn default_limits_never_stall_seats_that_answer_at_once() {
    let defaults = Config::default();
    let config = Config {
        // The limits under test, as shipped.
        rate_per_sec: defaults.rate_per_sec,
        rate_burst: defaults.rate_burst,
        flood_strikes: defaults.flood_strikes,
        // A stalled seat would wait for this; the game must end well before it could.
        decision_timeout_ms: 30_000,
        play_timeout_ms: 30_000,
        ..config()
    };
    let server = Server::start(config).await;
    let mut host = server.client("host").await;
    let options = RoomOptions {
        seats: 8,
        ..RoomOptions::default()
    };
    let room = room_id(&host.create_room(options).await);
    let mut seats = Vec::new();
    for n in 1..8 {
        let mut guest = server.client(&format!("guest{n}")).await;
        assert!(matches!(guest.join(&room).await, ServerMsg::Sync { .. }));
        seats.push(guest);
    }
    let started = Instant::now();
    host.command(serde_json::json!({"type": "start_game"}))
        .await;
    seats.push(host);
    let players: Vec<_> = seats
        .into_iter()
        .enumerate()
        .map(|(n, client)| tokio::spawn(answer_at_once(client, n as u64)))
        .collect();
    let mut acts = 0;
    for player in players {
        let (sent, refused) = timeout(Duration::from_secs(25), player)
            .await
            .expect("a seat stalled")
            .unwrap();
        assert_eq!(refused, [], "refused under the default limits");
        acts += sent;
    }
    let took = started.elapsed();
    println!(
        "8 seats answering at once under the default limits: {acts} acts in {:.2} s ({:.0} acts/s)",
        took.as_secs_f64(),
        acts as f64 / took.as_secs_f64()
    );
    assert!(took < Duration::from_secs(25));
    // The game shows in `/metrics`.
    let (status, text) = get_text(server.addr, "/metrics").await;
    assert_eq!(status, 200);
    for name in [
        "sgs_connections",
        "sgs_rooms{state=\"finished\"}",
        "sgs_games_started_total",
        "sgs_games_finished_total",
        "sgs_actions_total{by=\"player\"}",
        "sgs_decision_seconds_bucket",
        "sgs_act_seconds_bucket",
        "sgs_store_commit_seconds_bucket",
        "sgs_store_batch_jobs_bucket",
        "sgs_messages_sent_total",
        "process_cpu_seconds_total",
        "process_resident_memory_bytes",
    ] {
        assert!(text.contains(name), "no {name} in /metrics:\n{text}");
    }
    server.stop().await;
}
