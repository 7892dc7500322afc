//! The crash test: the real `sgs-server` binary is killed with SIGKILL at random points while
//! several games are played by connected clients, and restarted on the same data directory. The
//! clients reconnect with their tokens and play on to the end. Then:
//! - every game's stored record is the one replayed from scratch (through every stored hash);
//! - nothing a client saw or had acknowledged was lost: each connection's view at (re)connect
//!   and every update after it match the record's replay, at or after the point the client had
//!   already seen, and every acknowledged action is in the record, in order.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use sgs_engine::view::{Audience, ReplayStep};
use sgs_engine::{Action, EventView, Record, Ruleset, Seat, View};
use sgs_protocol::{ErrorCode, RoomOptions, ServerMsg, PROTOCOL_VERSION};
use sgs_server::storage::{SqliteStorage, SyncMode};
use tokio::sync::watch;
use tokio::time::{sleep, timeout, Instant};

use crate::spawn::Incarnation;
use crate::support::*;

const GAMES: usize = 3;
/// Short clocks, a small anti-leak delay, no rate limit.
const CRASH_ARGS: &[&str] = &[
    "--decision-timeout-ms",
    "1500",
    "--play-timeout-ms",
    "1500",
    "--min-timeout-ms",
    "10",
    "--disconnect-grace-ms",
    "5000",
    "--pass-delay-min-ms",
    "2",
    "--pass-delay-max-ms",
    "8",
    "--rate-per-sec",
    "1000",
    "--rate-burst",
    "1000",
];
const KILLS: usize = 3;

/// What one connection to the room saw after connecting: the view of its `sync`, then the
/// events of every `update`.
#[derive(Debug)]
pub struct Segment {
    pub view: View,
    pub updates: Vec<Vec<EventView>>,
}

/// What one client saw over the whole game.
#[derive(Debug)]
pub struct Seen {
    pub name: String,
    pub room: String,
    pub seat: Option<Seat>,
    pub token: String,
    /// Where it connects again: `/ws`, or the room's own URL `/rooms/{id}/ws` (behind a proxy
    /// in front of several servers).
    pub path: String,
    pub acked: Vec<(Seat, Action)>,
    pub segments: Vec<Segment>,
    pub record: Option<Record>,
    pub reconnects: usize,
}

impl Seen {
    /// Nothing seen yet by `seat` (or a spectator) of `room`, connected with `token`.
    pub fn new(name: String, room: String, seat: Option<Seat>, token: String) -> Seen {
        Seen {
            name,
            room,
            seat,
            token,
            path: "/ws".into(),
            acked: Vec::new(),
            segments: Vec::new(),
            record: None,
            reconnects: 0,
        }
    }
}

/// Connects to the current server and resumes the session; waits for the next server while
/// there is none.
async fn reconnect(addrs: &mut watch::Receiver<SocketAddr>, seen: &Seen) -> Client {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        assert!(Instant::now() < deadline, "{}: cannot reconnect", seen.name);
        let addr = *addrs.borrow_and_update();
        let client = if seen.path == "/ws" {
            Client::try_connect(addr).await
        } else {
            Client::connect_path(addr, &seen.path).await.ok()
        };
        if let Some(mut client) = client {
            let hello = json!({"type": "hello", "version": PROTOCOL_VERSION, "token": seen.token});
            if client.try_send_json(&hello).await {
                while let Some(msg) = client.next().await {
                    if let ServerMsg::Welcome { resumed, room, .. } = msg {
                        assert!(resumed, "{}: the token no longer resumes", seen.name);
                        assert_eq!(room.as_deref(), Some(seen.room.as_str()));
                        return client;
                    }
                }
            }
        }
        let _ = timeout(Duration::from_millis(100), addrs.changed()).await;
    }
}

/// Plays (or watches) until the game is over, through any number of server deaths.
pub async fn play_on(
    mut client: Client,
    mut addrs: watch::Receiver<SocketAddr>,
    mut seen: Seen,
) -> Seen {
    let mut seat = RandomSeat::new(seen.token.len() as u64 ^ client.player, 6);
    loop {
        let Some(msg) = client.next().await else {
            client = reconnect(&mut addrs, &seen).await;
            seen.reconnects += 1;
            // Prompts are asked afresh after a restart; unanswered commands are lost.
            seat.forget();
            continue;
        };
        match &msg {
            ServerMsg::Sync {
                view: Some(view), ..
            } => {
                let over = view.outcome.is_some();
                seen.segments.push(Segment {
                    view: (**view).clone(),
                    updates: Vec::new(),
                });
                if over {
                    // The game ended while the server was down; its record is in the store.
                    return seen;
                }
            }
            ServerMsg::Update { events, .. } => {
                let segment = seen.segments.last_mut().expect("an update before any sync");
                segment.updates.push(events.clone());
            }
            ServerMsg::Ack { id } => {
                if let Some(action) = seat.acked(*id) {
                    seen.acked.push(action);
                }
            }
            // A spectator's game_over has no record (issue 15): `seen.record` stays `None`.
            ServerMsg::GameOver { record, .. } => {
                seen.record = record.as_deref().cloned();
                return seen;
            }
            // `storage_unavailable`: a server stopped in the middle of a write (behind a
            // proxy, with others taking its rooms over) pauses the room; nothing was applied.
            ServerMsg::Error { code, message, .. } => assert!(
                matches!(
                    code,
                    ErrorCode::StalePrompt | ErrorCode::NotYourTurn | ErrorCode::StorageUnavailable
                ),
                "{}: refused: {code:?} {message}",
                seen.name
            ),
            _ => {}
        }
        if seen.seat.is_some() {
            seat.answer(&mut client, &msg).await;
        }
    }
}

/// Where the steps of one update end: an update carries the events of one or more consecutive
/// steps (an answer and the passes it took along), so its events are those of the steps from
/// `start` on, the fewest that make them up. `None`: no run of steps does.
pub fn update_end(steps: &[ReplayStep], start: usize, events: &[EventView]) -> Option<usize> {
    let mut taken = 0;
    for (end, step) in steps.iter().enumerate().skip(start) {
        let rest = events.get(taken..)?;
        if !rest.starts_with(&step.events) {
            return None;
        }
        taken += step.events.len();
        if taken == events.len() {
            return Some(end + 1);
        }
    }
    None
}

/// Each segment starts at a step of the record's replay no earlier than what the client had
/// already seen, and its updates are the record's next steps, each update one or more of them.
pub fn check_segments(seen: &Seen, steps: &[ReplayStep]) {
    let mut floor = 0;
    for (i, segment) in seen.segments.iter().enumerate() {
        let fits = |start: usize| {
            if steps[start].view != segment.view {
                return None;
            }
            segment
                .updates
                .iter()
                .try_fold(start + 1, |next, events| update_end(steps, next, events))
        };
        let Some(end) = (floor..steps.len()).find_map(fits) else {
            panic!(
                "{}: connection {i} saw something that is not in the record at or after action {floor}",
                seen.name
            );
        };
        floor = end - 1;
    }
    // Steps after the last update that showed this client nothing are not missed.
    let unseen = steps.get(floor + 1..).unwrap_or_default();
    assert!(
        unseen.iter().all(|step| step.events.is_empty()),
        "{} saw the game to its end",
        seen.name
    );
}

/// `acked` in order within `actions`.
pub fn is_subsequence(acked: &[(Seat, Action)], actions: &[(Seat, Action)]) -> bool {
    let mut rest = actions.iter();
    acked.iter().all(|a| rest.any(|b| b == a))
}

async fn set_up_game(addr: SocketAddr, n: usize) -> Vec<(Client, Seen)> {
    let mut host = Client::connect(addr).await;
    host.hello(&format!("host{n}"), None).await;
    let options = RoomOptions {
        name: format!("crash {n}"),
        seats: 4,
        ruleset: Ruleset::standard(),
        fill_bots: true,
        decision_timeout_ms: Some(1_500),
        play_timeout_ms: Some(1_500),
        ..RoomOptions::default()
    };
    let room = room_id(&host.create_room(options).await);
    let mut guest = Client::connect(addr).await;
    guest.hello(&format!("guest{n}"), None).await;
    assert!(matches!(guest.join(&room).await, ServerMsg::Sync { .. }));
    let mut watcher = Client::connect(addr).await;
    watcher.hello(&format!("watcher{n}"), None).await;
    let spectating = watcher
        .command(json!({"type": "spectate", "room": room}))
        .await;
    assert!(matches!(spectating, ServerMsg::Sync { .. }));
    let started = host.command(json!({"type": "start_game"})).await;
    assert!(matches!(started, ServerMsg::Ack { .. }), "{started:?}");
    [
        (host, Some(Seat(0))),
        (guest, Some(Seat(1))),
        (watcher, None),
    ]
    .into_iter()
    .map(|(client, seat)| {
        let seen = Seen::new(
            format!("game {n} seat {seat:?}"),
            room.clone(),
            seat,
            client.token.clone(),
        );
        (client, seen)
    })
    .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_survive_the_server_being_killed() {
    let dir = tempfile::tempdir().unwrap();
    let run = tokio::spawn(run(dir.path().to_path_buf()));
    let result = timeout(Duration::from_secs(90), run).await;
    if !matches!(result, Ok(Ok(Ok(())))) {
        for n in 0..=KILLS {
            let text = std::fs::read_to_string(log_path(dir.path(), n)).unwrap_or_default();
            eprintln!("---- server {n} ----\n{text}");
        }
    }
    match result {
        Ok(Ok(Ok(()))) => {}
        Ok(Ok(Err(panic))) => std::panic::resume_unwind(panic),
        Ok(Err(error)) => std::panic::resume_unwind(error.into_panic()),
        Err(_) => panic!("the crash test took more than 90 s"),
    }
}

type Panic = Box<dyn std::any::Any + Send>;

fn log_path(dir: &Path, n: usize) -> PathBuf {
    dir.join(format!("server-{n}.log"))
}

async fn run(dir: PathBuf) -> Result<(), Panic> {
    let began = Instant::now();
    let data = &dir.join("data");
    let log = |n: usize| log_path(&dir, n);
    let mut server = Incarnation::launch(data, log(0), CRASH_ARGS, None).await;
    let (addr_tx, addr_rx) = watch::channel(server.addr);
    let mut tasks = Vec::new();
    for n in 0..GAMES {
        for (client, seen) in set_up_game(server.addr, n).await {
            tasks.push(tokio::spawn(play_on(client, addr_rx.clone(), seen)));
        }
    }

    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut kills_mid_game = 0;
    for n in 1..=KILLS {
        sleep(Duration::from_millis(rng.gen_range(300..1_000))).await;
        let running = tasks.iter().filter(|t| !t.is_finished()).count();
        kills_mid_game += usize::from(running > 0);
        server.kill();
        server = Incarnation::launch(data, log(n), CRASH_ARGS, None).await;
        addr_tx.send_replace(server.addr);
    }
    let mut seen = Vec::new();
    for task in tasks {
        match timeout(Duration::from_secs(60), task).await {
            Ok(Ok(s)) => seen.push(s),
            Ok(Err(error)) => return Err(error.into_panic()),
            Err(_) => panic!("a game did not end"),
        }
    }
    let final_addr = server.addr;
    let (status, list) = get_json(final_addr, "/api/games?limit=100").await;
    assert_eq!(status, 200);
    server.kill();
    assert!(kills_mid_game >= 1, "no kill landed during a game");

    // Every finished game replays from its stored record through every stored hash.
    let storage = SqliteStorage::open(data, SyncMode::Full).unwrap();
    assert_eq!(verify_replays(&storage), GAMES);
    let games = list["games"].as_array().unwrap();
    let mut summary = Vec::new();
    for game in games {
        let room = game["room"].as_str().unwrap();
        let id = game["id"].as_u64().unwrap();
        let stored = sgs_server::storage::Storage::game(&storage, id)
            .unwrap()
            .unwrap();
        let record = stored.record;
        let replayed = record.replay().unwrap();
        assert!(replayed.is_over());
        assert_eq!(replayed.record(), record, "the record equals its replay");
        let clients: Vec<&Seen> = seen.iter().filter(|s| s.room == room).collect();
        assert_eq!(clients.len(), 3);
        for client in clients {
            if let Some(told) = &client.record {
                assert_eq!(
                    told, &record,
                    "{}: game_over showed the stored record",
                    client.name
                );
            }
            assert!(
                is_subsequence(&client.acked, &record.actions),
                "{}: an acknowledged action is missing from the record",
                client.name
            );
            let audience = client.seat.map_or(Audience::Spectator, Audience::Seat);
            check_segments(
                client,
                &sgs_engine::content::replay(&record, audience).unwrap(),
            );
        }
        summary.push(record.actions.len());
    }
    assert_eq!(summary.len(), GAMES);
    let reconnects: usize = seen.iter().map(|s| s.reconnects).sum();
    eprintln!(
        "crash test: {KILLS} kills ({kills_mid_game} during games), {reconnects} reconnects, \
         actions per game {summary:?}, {:.1} s",
        began.elapsed().as_secs_f64()
    );
    Ok(())
}
