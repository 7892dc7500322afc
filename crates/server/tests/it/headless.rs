//! Headless bots (`sgs_bot::client`, the library behind the `sgs-bot` binary) against the real
//! server over real sockets: a room of only headless bots plays to the end; a bot whose
//! connection drops reconnects with its token and finishes the game; a kick and a shutdown end a
//! bot cleanly; a wrong room is an error.

use std::time::Duration;

use serde_json::json;
use sgs_bot::client::{self, ClientError, Ending, Options, Report, Target};
use sgs_bot::AgentKind;
use sgs_engine::Ruleset;
use sgs_protocol::{ErrorCode, Occupant, RoomOptions, ServerMsg};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{oneshot, watch};
use tokio::task::JoinHandle;
use tokio::time::timeout;

use crate::support::*;

/// A whole game of bots must end well within this.
const GAME: Duration = Duration::from_secs(120);

fn bot(url: &str, room: &str, name: &str, agent: AgentKind) -> Options {
    Options {
        games: Some(1),
        seed: name.len() as u64,
        rate_per_sec: 500.0,
        backoff: Duration::from_millis(50),
        ..Options::join(url, room, name, agent)
    }
}

/// A bot that creates a room of `seats` (short clocks, standard generals), hosts it and starts
/// it once every seat is taken. Returns its task and the room's code.
async fn host_bot(url: &str, seats: u8) -> (JoinHandle<Result<Report, ClientError>>, String) {
    let options = Options {
        target: Target::Create(Box::new(RoomOptions {
            name: "headless".into(),
            seats,
            ruleset: Ruleset::standard(),
            decision_timeout_ms: Some(3_000),
            play_timeout_ms: Some(3_000),
            ..RoomOptions::default()
        })),
        start: true,
        ..bot(url, "", "host", AgentKind::Heuristic)
    };
    let (tx, rx) = oneshot::channel();
    let mut tx = Some(tx);
    let task = tokio::spawn(client::run_with(options, move |room| {
        if let Some(tx) = tx.take() {
            let _ = tx.send(room.to_string());
        }
    }));
    let room = timeout(WAIT, rx).await.unwrap().unwrap();
    (task, room)
}

async fn finish(tasks: Vec<JoinHandle<Result<Report, ClientError>>>) -> Vec<Report> {
    let mut reports = Vec::new();
    for task in tasks {
        let report = timeout(GAME, task).await.expect("a bot hung").unwrap();
        reports.push(report.unwrap_or_else(|e| panic!("a bot failed: {e}")));
    }
    reports
}

fn check_one_game_each(reports: &[Report]) {
    for report in reports {
        assert_eq!(report.ending, Ending::GamesPlayed, "{report:?}");
        assert_eq!(report.outcomes.len(), 1);
        assert_eq!(
            report.outcomes[0], reports[0].outcomes[0],
            "one game for all"
        );
        assert!(report.acted > 0, "every bot answered prompts: {report:?}");
    }
}

/// A room of five headless bots over the protocol: a heuristic host and `agents`, playing one
/// game on a fresh server; their reports.
async fn a_room_of_five(agents: [AgentKind; 4]) -> (Server, Vec<Report>) {
    let server = Server::start(config()).await;
    let url = format!("ws://{}/ws", server.addr);
    let (host, room) = host_bot(&url, 5).await;
    let mut tasks = vec![host];
    for (i, agent) in agents.into_iter().enumerate() {
        let options = bot(&url, &room, &format!("bot{i}"), agent);
        tasks.push(tokio::spawn(client::run(options)));
    }
    let reports = finish(tasks).await;
    (server, reports)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_of_only_headless_bots_plays_to_the_end() {
    let (server, reports) = a_room_of_five([
        AgentKind::Heuristic,
        AgentKind::Random,
        AgentKind::Heuristic,
        AgentKind::Random,
    ])
    .await;
    check_one_game_each(&reports);
    let mut seats: Vec<_> = reports.iter().map(|r| r.seat.unwrap().0).collect();
    seats.sort();
    assert_eq!(seats, [0, 1, 2, 3, 4], "five bots, five seats");
    server.stop().await;
}

/// Issue 22 (`sgs-bot --agent search` over the protocol): two search bots learn the table's
/// ruleset from the room's `sync`, build the search agent from it and play a whole standard
/// game against heuristic bots; their searches run (the sampled games ask the very prompt the
/// server asked), so the client's view and the room's rules agree with the engine's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn search_bots_play_a_whole_game_over_the_protocol() {
    let (server, reports) = a_room_of_five([
        AgentKind::Search,
        AgentKind::Heuristic,
        AgentKind::Search,
        AgentKind::Heuristic,
    ])
    .await;
    check_one_game_each(&reports);
    let searched: u64 = reports.iter().map(|r| r.search.searched).sum();
    let failed: u64 = reports.iter().map(|r| r.search.failed_samples).sum();
    let simulations: u64 = reports.iter().map(|r| r.search.simulations).sum();
    eprintln!("searched {searched}, simulations {simulations}, failed samples {failed}");
    assert!(
        searched > 0 && simulations > 0,
        "the search bots searched: {reports:?}"
    );
    assert!(
        failed * 4 <= simulations,
        "most samples fit the client's view ({failed} failed, {simulations} simulations)"
    );
    server.stop().await;
}

/// A TCP proxy whose open connections can be cut (the listener stays): a dropped network.
async fn proxy(upstream: std::net::SocketAddr) -> (std::net::SocketAddr, watch::Sender<u32>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (cut, _) = watch::channel(0u32);
    let cuts = cut.clone();
    tokio::spawn(async move {
        while let Ok((mut inbound, _)) = listener.accept().await {
            let mut cut = cuts.subscribe();
            cut.borrow_and_update();
            tokio::spawn(async move {
                let Ok(mut outbound) = TcpStream::connect(upstream).await else {
                    return;
                };
                tokio::select! {
                    _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                    _ = cut.changed() => {}
                }
            });
        }
    });
    (addr, cut)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_headless_bot_reconnects_with_its_token_and_finishes_the_game() {
    let server = Server::start(config()).await;
    let url = format!("ws://{}/ws", server.addr);
    let (via, cut) = proxy(server.addr).await;
    let flaky_url = format!("ws://{via}/ws");
    let (host, room) = host_bot(&url, 4).await;
    let mut tasks = vec![host];
    for i in 0..2 {
        let options = bot(&url, &room, &format!("bot{i}"), AgentKind::Heuristic);
        tasks.push(tokio::spawn(client::run(options)));
    }
    let mut watcher = server.client("watcher").await;
    let spectating = watcher
        .command(json!({"type": "spectate", "room": room}))
        .await;
    assert!(matches!(spectating, ServerMsg::Sync { .. }));
    let flaky = bot(&flaky_url, &room, "flaky", AgentKind::Heuristic);
    tasks.push(tokio::spawn(client::run(flaky)));
    // As soon as the game runs, cut the flaky bot's connection: it drops, then comes back.
    watcher
        .recv_until(|m| matches!(m, ServerMsg::Update { .. }))
        .await;
    cut.send_replace(1);
    watcher.clear_inbox();
    let flaky_connected = |connected: bool| {
        move |m: &ServerMsg| match m {
            ServerMsg::RoomState { room, .. } => room.seats.iter().any(|s| {
                matches!(&s.occupant, Occupant::Player { name, connected: c, .. }
                    if name == "flaky" && *c == connected)
            }),
            _ => false,
        }
    };
    watcher.recv_until(flaky_connected(false)).await;
    watcher.recv_until(flaky_connected(true)).await;
    let reports = finish(tasks).await;
    check_one_game_each(&reports);
    let flaky = reports.last().unwrap();
    assert!(flaky.reconnects >= 1, "the flaky bot came back: {flaky:?}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kick_and_a_shutdown_end_a_bot_cleanly_and_a_wrong_room_is_an_error() {
    let server = Server::start(config()).await;
    let url = format!("ws://{}/ws", server.addr);

    let wrong = client::run(bot(&url, "nosuch", "lost", AgentKind::Random)).await;
    assert!(
        matches!(
            wrong,
            Err(ClientError::Refused {
                code: ErrorCode::NoSuchRoom,
                ..
            })
        ),
        "{wrong:?}"
    );

    let mut host = server.client("host").await;
    let room = room_id(&host.create_room(RoomOptions::default()).await);
    let kicked = tokio::spawn(client::run(bot(&url, &room, "kicked", AgentKind::Random)));
    let name_of = |wanted: &'static str| {
        move |m: &ServerMsg| match m {
            ServerMsg::RoomState { room, .. } => {
                room.seats.iter().find_map(|s| match &s.occupant {
                    Occupant::Player { player, name, .. } if name == wanted => Some(*player),
                    _ => None,
                })
            }
            _ => None,
        }
    };
    let joined = host.recv_until(|m| name_of("kicked")(m).is_some()).await;
    let player = name_of("kicked")(&joined).unwrap();
    let answer = host
        .command(json!({"type": "kick", "player": player}))
        .await;
    assert!(matches!(answer, ServerMsg::Ack { .. }), "{answer:?}");
    let report = timeout(WAIT, kicked).await.unwrap().unwrap().unwrap();
    assert_eq!(report.ending, Ending::Kicked);

    let staying = tokio::spawn(client::run(bot(&url, &room, "staying", AgentKind::Random)));
    host.recv_until(|m| name_of("staying")(m).is_some()).await;
    server.stop().await;
    let report = timeout(WAIT, staying).await.unwrap().unwrap().unwrap();
    assert_eq!(report.ending, Ending::Shutdown);
}
