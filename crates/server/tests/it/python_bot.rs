//! The example Python bot (`examples/python-bot/bot.py`) plays a seat against the real server:
//! the protocol works from outside Rust.
//!
//! Needs `python3` with the `websockets` package (`scripts/install-test-deps.sh` installs it).
//! Without them the test prints a loud SKIPPED line and passes — unless `SGS_REQUIRE_BROWSER=1`
//! (the CI flag), when it fails.

use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::json;
use sgs_engine::Ruleset;
use sgs_protocol::{Occupant, RoomOptions, ServerMsg};
use tokio::time::timeout;

use crate::support::*;

fn script() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/python-bot/bot.py")
}

/// Is `python3` with `websockets` there? Otherwise skip, or fail under `SGS_REQUIRE_BROWSER=1`.
fn python_ready() -> bool {
    let ready = Command::new("python3")
        .args(["-c", "import websockets"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if ready {
        return true;
    }
    let why = "python3 with the `websockets` package is not available \
               (run scripts/install-test-deps.sh)";
    if std::env::var("SGS_REQUIRE_BROWSER").is_ok_and(|v| v == "1") {
        panic!("{why}, and SGS_REQUIRE_BROWSER=1 requires it");
    }
    eprintln!("\n######## SKIPPED python_bot: {why} ########\n");
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_example_bot_plays_a_seat_to_the_end() {
    if !python_ready() {
        return;
    }
    let server = Server::start(config()).await;
    let mut host = server.client("host").await;
    let options = RoomOptions {
        name: "python".into(),
        seats: 4,
        ruleset: Ruleset::standard(),
        fill_bots: true,
        decision_timeout_ms: Some(5_000),
        play_timeout_ms: Some(5_000),
        ..RoomOptions::default()
    };
    let room = room_id(&host.create_room(options).await);
    let url = format!("ws://{}/ws", server.addr);
    let mut python = Command::new("python3")
        .arg(script())
        .args([
            "--url", &url, "--room", &room, "--name", "python", "--games", "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 starts");
    // The Python bot takes a seat; the host starts (the other seats go to server bots).
    let seated = timeout(
        WAIT,
        host.recv_until(|m| match m {
            ServerMsg::RoomState { room, .. } => room
                .seats
                .iter()
                .any(|s| matches!(&s.occupant, Occupant::Player { name, .. } if name == "python")),
            _ => false,
        }),
    )
    .await;
    if seated.is_err() {
        let _ = python.kill();
        let output = python.wait_with_output().unwrap();
        panic!(
            "the python bot did not join: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let started = host.command(json!({"type": "start_game"})).await;
    assert!(matches!(started, ServerMsg::Ack { .. }), "{started:?}");
    let host = timeout(WAIT * 6, play_randomly(host, 5)).await.unwrap();
    assert!(host
        .received
        .iter()
        .any(|m| matches!(m, ServerMsg::GameOver { .. })));

    let output = timeout(
        WAIT,
        tokio::task::spawn_blocking(move || python.wait_with_output()),
    )
    .await
    .expect("the python bot leaves after its game")
    .unwrap()
    .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the python bot failed: {stdout}\n{stderr}"
    );
    let answers: u64 = stdout
        .lines()
        .find_map(|l| l.strip_prefix("python-bot: done (played) after 1 game(s), "))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no summary line: {stdout}\n{stderr}"));
    assert!(answers > 0, "the python bot answered prompts: {stdout}");
    assert!(
        !stderr.contains("refused"),
        "the server refused an answer of the python bot: {stderr}"
    );
    server.stop().await;
}
