//! The proof of issue 21: three `sgs-server` processes on one PostgreSQL database behind one
//! nginx (Debian's packages, everything on 127.0.0.1), players in rooms on every node through
//! the one proxy address (decisions 0013, 0014, 0021).
//!
//! 1. **A node is killed** (SIGKILL) mid-game: its rooms come back on another node within the
//!    lease time plus a claim and a rebuild, and their clients resume with their session tokens
//!    at the rooms' URLs through the proxy and play on.
//! 2. **A node is stalled** (SIGSTOP) long enough for its leases to expire and its rooms to be
//!    claimed elsewhere, then let go on (SIGCONT): a stale owner with old epochs. It cannot
//!    write any of those rooms again — they stop there, and their clients move to the new owner.
//!
//! Then every game is played to its end, and: every game's stored record replays from scratch
//! through every stored hash; every action a client had acknowledged is in its record, in order
//! (actions lost = 0); and everything each client was shown, on every node it was connected to,
//! is the record's replay from where it had got to (nothing a stale node did was shown).
//!
//! Needs PostgreSQL (`scripts/with-postgres.sh`) and nginx (`apt-get install nginx`); without
//! either the test prints SKIPPED and passes. Bounded: 150 s in all.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use serde_json::json;
use sgs_engine::view::Audience;
use sgs_engine::{Ruleset, Seat};
use sgs_protocol::{RoomOptions, ServerMsg};
use sgs_server::lobby::node_of;
use sgs_server::storage::{PgStorage, Storage};
use tokio::sync::watch;
use tokio::time::{sleep, timeout, Instant};

use crate::behind_nginx::{nginx_binary, start_nginx};
use crate::crash::{check_segments, is_subsequence, play_on, Seen};
use crate::on_postgres::Schema;
use crate::spawn::Incarnation;
use crate::support::*;

const NODES: [&str; 3] = ["n1", "n2", "n3"];
const ROOMS_PER_NODE: usize = 2;
/// Leases last 1.5 s (renewed every 0.5 s): a dead node's rooms are claimed within about 2 s.
const LEASE_MS: u64 = 1_500;
/// The longest a room may be away after its node died or stalled: the lease, a claim loop
/// period, and the claim and rebuild themselves on a loaded 2-core machine.
const TAKEOVER_LIMIT: Duration = Duration::from_millis(LEASE_MS + 8_000);

/// One node's command line.
fn args(url: &str, node: &str) -> Vec<String> {
    [
        "--database-url",
        url,
        "--node-id",
        node,
        "--lease-ms",
        &LEASE_MS.to_string(),
        // Every client comes through nginx from 127.0.0.1.
        "--max-connections-per-client",
        "1000",
        "--max-rooms-per-client",
        "100",
        "--room-creations-per-min",
        "1000",
        // Short clocks; bots take 10–60 ms to answer, so games last a few seconds.
        "--decision-timeout-ms",
        "1500",
        "--play-timeout-ms",
        "1500",
        "--min-timeout-ms",
        "10",
        "--disconnect-grace-ms",
        "8000",
        "--pass-delay-min-ms",
        "10",
        "--pass-delay-max-ms",
        "60",
        "--rate-per-sec",
        "1000",
        "--rate-burst",
        "1000",
    ]
    .into_iter()
    .map(str::to_string)
    .collect()
}

fn log_path(dir: &Path, node: &str) -> PathBuf {
    dir.join(format!("{node}.log"))
}

/// A room of four seats made through the proxy's lobby socket (on whichever node it reached):
/// the host in seat 0, a guest in seat 1 and a spectator who both came in at the room's URL,
/// two bots; started. Every client reconnects at the room's URL.
async fn set_up_game(proxy: SocketAddr, n: usize) -> (String, Vec<(Client, Seen)>) {
    let mut host = Client::connect(proxy).await;
    host.hello(&format!("host{n}"), None).await;
    let options = RoomOptions {
        name: format!("cluster {n}"),
        seats: 4,
        ruleset: Ruleset::standard(),
        fill_bots: true,
        decision_timeout_ms: Some(1_500),
        play_timeout_ms: Some(1_500),
        ..RoomOptions::default()
    };
    let room = room_id(&host.create_room(options).await);
    let path = format!("/rooms/{room}/ws");
    let mut guest = Client::connect_path(proxy, &path).await.unwrap();
    guest.hello(&format!("guest{n}"), None).await;
    assert!(matches!(guest.join(&room).await, ServerMsg::Sync { .. }));
    let mut watcher = Client::connect_path(proxy, &path).await.unwrap();
    watcher.hello(&format!("watcher{n}"), None).await;
    let spectating = watcher
        .command(json!({"type": "spectate", "room": room}))
        .await;
    assert!(matches!(spectating, ServerMsg::Sync { .. }));
    let started = host.command(json!({"type": "start_game"})).await;
    assert!(matches!(started, ServerMsg::Ack { .. }), "{started:?}");
    let clients = [
        (host, Some(Seat(0))),
        (guest, Some(Seat(1))),
        (watcher, None),
    ]
    .into_iter()
    .map(|(client, seat)| {
        let mut seen = Seen::new(
            format!("{room} seat {seat:?}"),
            room.clone(),
            seat,
            client.token.clone(),
        );
        seen.path = path.clone();
        (client, seen)
    })
    .collect();
    (room, clients)
}

/// Waits until some node serves `room` at its URL through the proxy; returns when.
async fn served_again(proxy: SocketAddr, room: &str, since: Instant) -> Duration {
    let path = format!("/rooms/{room}/ws");
    loop {
        if Client::connect_path(proxy, &path).await.is_ok() {
            return since.elapsed();
        }
        assert!(
            since.elapsed() < TAKEOVER_LIMIT,
            "{room} did not come back within {TAKEOVER_LIMIT:?}"
        );
        sleep(Duration::from_millis(25)).await;
    }
}

/// Runs `sql` on its own connection (off the async runtime); returns the first column of each
/// row, as text.
async fn query(url: &str, sql: &'static str) -> Vec<String> {
    let url = url.to_string();
    tokio::task::spawn_blocking(move || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        client
            .query(sql, &[])
            .unwrap()
            .iter()
            .map(|row| row.get::<_, String>(0))
            .collect()
    })
    .await
    .unwrap()
}

fn signal(node: &Incarnation, signal: &str) {
    let status = Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(node.child.id().to_string())
        .status()
        .unwrap();
    assert!(status.success(), "kill -{signal}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_servers_behind_nginx_lose_no_game_when_one_dies_and_one_stalls() {
    let Some(nginx) = nginx_binary() else {
        return;
    };
    let Some(schema) = Schema::new("cluster") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let run = tokio::spawn(run(schema.url.clone(), dir.path().to_path_buf(), nginx));
    let result = timeout(Duration::from_secs(150), run).await;
    if !matches!(result, Ok(Ok(()))) {
        for node in NODES {
            let text = std::fs::read_to_string(log_path(dir.path(), node)).unwrap_or_default();
            eprintln!("---- {node} ----\n{text}");
        }
    }
    match result {
        Ok(Ok(())) => {}
        Ok(Err(error)) => std::panic::resume_unwind(error.into_panic()),
        Err(_) => panic!("the cluster test took more than 150 s"),
    }
}

async fn run(url: String, dir: PathBuf, nginx: PathBuf) {
    let began = Instant::now();
    let mut nodes = Vec::new();
    for node in NODES {
        let args = args(&url, node);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        nodes.push(Incarnation::launch(&dir.join(node), log_path(&dir, node), &args, None).await);
    }
    let upstreams: Vec<(&str, SocketAddr)> = NODES
        .into_iter()
        .zip(nodes.iter().map(|n| n.addr))
        .collect();
    let proxy = start_nginx(&nginx, &upstreams);
    let (_proxy_tx, proxy_rx) = watch::channel(proxy.addr);

    // Two rooms on every node (so that each has a game still running when its turn comes),
    // all made and joined through the one proxy address.
    let mut rooms: Vec<String> = Vec::new();
    let mut tasks = Vec::new();
    let on =
        |node: &str, rooms: &[String]| rooms.iter().filter(|r| node_of(r) == Some(node)).count();
    for n in 0..12 {
        if NODES.iter().all(|node| on(node, &rooms) >= ROOMS_PER_NODE) {
            break;
        }
        let (room, clients) = set_up_game(proxy.addr, n).await;
        for (client, seen) in clients {
            let task = tokio::spawn(play_on(client, proxy_rx.clone(), seen));
            tasks.push((room.clone(), task));
        }
        rooms.push(room);
    }
    for node in NODES {
        assert!(on(node, &rooms) >= 1, "no room on {node}: {rooms:?}");
    }
    let running = |node: &str, tasks: &[(String, tokio::task::JoinHandle<Seen>)]| {
        tasks
            .iter()
            .filter(|(room, task)| node_of(room) == Some(node) && !task.is_finished())
            .count()
    };

    // 1. SIGKILL n1 mid-game: another node claims its rooms once their leases expire.
    sleep(Duration::from_millis(600)).await;
    assert!(
        running("n1", &tasks) > 0,
        "n1's games ended before the kill"
    );
    let killed_at = Instant::now();
    drop(nodes.remove(0));
    let mut failover = Duration::ZERO;
    for room in rooms.iter().filter(|r| node_of(r) == Some("n1")) {
        failover = failover.max(served_again(proxy.addr, room, killed_at).await);
    }

    // 2. SIGSTOP n2 until every room it runs is claimed by n3, then SIGCONT: n2 is a stale
    // owner with old epochs.
    let held: Vec<String> = query(&url, "SELECT room FROM room_leases WHERE owner = 'n2'").await;
    assert!(!held.is_empty(), "n2 runs no room any more");
    let stopped_at = Instant::now();
    signal(&nodes[0], "STOP");
    loop {
        let still = query(&url, "SELECT room FROM room_leases WHERE owner = 'n2'").await;
        if still.is_empty() {
            break;
        }
        assert!(
            stopped_at.elapsed() < TAKEOVER_LIMIT,
            "n2's rooms were not claimed: {still:?}"
        );
        sleep(Duration::from_millis(25)).await;
    }
    let takeover = stopped_at.elapsed();
    signal(&nodes[0], "CONT");

    // Every game is played to its end (on n3, for most).
    let mut seen = Vec::new();
    for (_, task) in tasks {
        match timeout(Duration::from_secs(90), task).await {
            Ok(Ok(s)) => seen.push(s),
            Ok(Err(error)) => std::panic::resume_unwind(error.into_panic()),
            Err(_) => panic!("a game did not end"),
        }
    }
    drop(proxy);
    drop(nodes);

    // The stale n2 wrote none of the rooms it lost: each stopped there.
    let n2 = std::fs::read_to_string(log_path(&dir, "n2")).unwrap_or_default();
    let stopped = n2.matches("room stopped here").count();
    assert!(stopped >= 1, "n2 held {held:?} and stopped none of them");

    // Every game's record replays through every stored hash; every acknowledged action is in
    // it; everything each client was shown is the record's replay.
    let store_url = url.clone();
    let (checked, games) = tokio::task::spawn_blocking(move || {
        let storage = PgStorage::open(&store_url).unwrap();
        let checked = verify_replays(&storage);
        let games = storage.all_finished_games(None, 100).unwrap();
        let games: Vec<_> = games
            .into_iter()
            .map(|summary| storage.game(summary.id).unwrap().unwrap())
            .collect();
        (checked, games)
    })
    .await
    .unwrap();
    assert_eq!(checked, rooms.len());
    assert_eq!(games.len(), rooms.len());
    let mut acked = 0;
    for game in &games {
        let record = &game.record;
        let replayed = record.replay().unwrap();
        assert!(replayed.is_over());
        assert_eq!(&replayed.record(), record, "the record equals its replay");
        let clients: Vec<&Seen> = seen
            .iter()
            .filter(|s| s.room == game.summary.room)
            .collect();
        assert_eq!(clients.len(), 3);
        for client in clients {
            if let Some(told) = &client.record {
                assert_eq!(
                    told, record,
                    "{}: game_over showed the stored record",
                    client.name
                );
            }
            assert!(
                is_subsequence(&client.acked, &record.actions),
                "{}: an acknowledged action is missing from the record",
                client.name
            );
            acked += client.acked.len();
            let audience = client.seat.map_or(Audience::Spectator, Audience::Seat);
            check_segments(
                client,
                &sgs_engine::content::replay(record, audience).unwrap(),
            );
        }
    }
    let reconnects: usize = seen.iter().map(|s| s.reconnects).sum();
    let actions: Vec<usize> = games.iter().map(|g| g.record.actions.len()).collect();
    eprintln!(
        "cluster test: {} rooms on 3 nodes; n1 killed: its rooms back in {:.2} s (lease {:.1} s); \
         n2 stalled: its {} rooms claimed in {:.2} s, {stopped} stopped on n2 after it went on; \
         {reconnects} reconnects; {acked} acknowledged actions, 0 lost; actions per game \
         {actions:?}; {:.1} s",
        rooms.len(),
        failover.as_secs_f64(),
        LEASE_MS as f64 / 1000.0,
        held.len(),
        takeover.as_secs_f64(),
        began.elapsed().as_secs_f64()
    );
}
