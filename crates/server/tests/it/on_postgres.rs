//! The server on PostgreSQL (`--database-url`): rooms written there come back after a restart
//! (recovery), a player's token gets its seat and prompt back, and its next action is stored
//! after the others — then the server stops, a new one starts on the same database and finds
//! the room again with that action. Needs `SGS_TEST_DATABASE_URL` (`scripts/with-postgres.sh`);
//! without it the test prints SKIPPED and passes, unless `SGS_REQUIRE_POSTGRES=1`.

use serde_json::json;
use sgs_protocol::ServerMsg;
use sgs_server::config::DatabaseUrl;
use sgs_server::storage::{PgStorage, Storage};
use sgs_server::AppState;

use crate::recovery::{store_room, token};
use crate::support::*;

/// A schema of its own in the test cluster: its URL, and a connection to drop it at the end.
pub struct Schema {
    pub url: String,
    admin: String,
    name: String,
}

impl Schema {
    /// `None` (skip) without a cluster; a failure under `SGS_REQUIRE_POSTGRES=1`.
    pub fn new(tag: &str) -> Option<Schema> {
        let admin = match std::env::var("SGS_TEST_DATABASE_URL") {
            Ok(url) if !url.is_empty() => url,
            _ => {
                let why = "SGS_TEST_DATABASE_URL is not set (run through scripts/with-postgres.sh)";
                if std::env::var("SGS_REQUIRE_POSTGRES").is_ok_and(|v| v == "1") {
                    panic!("{why}, and SGS_REQUIRE_POSTGRES=1 requires PostgreSQL");
                }
                eprintln!("SKIPPED: PostgreSQL test: {why}");
                return None;
            }
        };
        let name = format!("it_{tag}_{}", std::process::id());
        let sql = format!("DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name}");
        let admin_url = admin.clone();
        // The sync client must not run on a tokio worker.
        std::thread::spawn(move || {
            let mut client = postgres::Client::connect(&admin_url, postgres::NoTls).unwrap();
            client.batch_execute(&sql).unwrap();
        })
        .join()
        .unwrap();
        let separator = if admin.contains('?') { '&' } else { '?' };
        // Its own application name, so a test can find its connections among the others'.
        let url =
            format!("{admin}{separator}options=-c%20search_path%3D{name}&application_name={name}");
        Some(Schema { url, admin, name })
    }
}

impl Schema {
    /// Ends every connection of the servers on this schema (as a database restart does).
    pub fn drop_connections(&self) {
        let admin = self.admin.clone();
        let sql = format!(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE application_name = '{}' AND pid <> pg_backend_pid()",
            self.name
        );
        std::thread::spawn(move || {
            let mut client = postgres::Client::connect(&admin, postgres::NoTls).unwrap();
            client.batch_execute(&sql).unwrap();
        })
        .join()
        .unwrap();
    }
}

impl Drop for Schema {
    fn drop(&mut self) {
        let (admin, sql) = (
            self.admin.clone(),
            format!("DROP SCHEMA {} CASCADE", self.name),
        );
        let _ = std::thread::spawn(move || {
            if let Ok(mut client) = postgres::Client::connect(&admin, postgres::NoTls) {
                let _ = client.batch_execute(&sql);
            }
        })
        .join();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_on_postgres_come_back_after_a_restart() {
    let Some(schema) = Schema::new("recovery") else {
        return;
    };
    let storage = PgStorage::open(&schema.url).unwrap();
    let game = store_room(&storage, "pgroom", 10, 40).await;
    drop(storage);

    // A server started with --database-url rebuilds the room from the database.
    let mut config = config();
    config.database_url = Some(DatabaseUrl(schema.url.clone()));
    let state = AppState::new(config.clone()).unwrap();
    let server = Server::serve_state(state).await;
    let seat = game.prompts()[0].seat;
    let mut client = Client::connect(server.addr).await;
    let welcome = client.hello("again", Some(&token("pgroom", seat.0))).await;
    assert!(
        matches!(&welcome, ServerMsg::Welcome { resumed: true, room: Some(r), .. } if r == "pgroom"),
        "{welcome:?}"
    );
    let ServerMsg::Sync { view, prompt, .. } = client
        .recv_until(|m| matches!(m, ServerMsg::Sync { .. }))
        .await
    else {
        unreachable!()
    };
    assert_eq!(*view.unwrap(), game.view(seat));
    let pending = prompt.expect("its prompt is pending");
    let action = pending.prompt.default_action();
    let answer = client
        .command(json!({"type": "act", "seat": seat.0, "action": action, "prompt_id": pending.prompt_id}))
        .await;
    assert!(matches!(answer, ServerMsg::Ack { .. }), "{answer:?}");
    drop(client);
    server.stop().await;

    // Stopped and started again on the same database: the room is there with that action.
    let storage = PgStorage::open(&schema.url).unwrap();
    let open = tokio::task::spawn_blocking(move || storage.open_rooms().unwrap())
        .await
        .unwrap();
    let ids: Vec<&str> = open.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, ["pgroom"]);
    let stored = open[0].game.as_ref().unwrap().as_ref().unwrap();
    assert_eq!(stored.record.actions.len(), 41);
    assert_eq!(stored.record.actions[40], (seat, action));
    let state = AppState::new(config).unwrap();
    let again = Server::serve_state(state).await;
    let mut client = Client::connect(again.addr).await;
    let welcome = client.hello("third", Some(&token("pgroom", seat.0))).await;
    assert!(
        matches!(&welcome, ServerMsg::Welcome { resumed: true, room: Some(r), .. } if r == "pgroom"),
        "{welcome:?}"
    );
    drop(client);
    again.stop().await;
}

/// The database drops the server's connections mid-game: the action caught in it is not shown
/// (the room pauses with `storage_unavailable`), the room goes on by itself once the store has
/// connected again, and the record holds exactly the actions that were acknowledged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_database_connection_pauses_the_room_and_it_goes_on() {
    let Some(schema) = Schema::new("lost") else {
        return;
    };
    let storage = PgStorage::open(&schema.url).unwrap();
    let mut game = store_room(&storage, "lost", 10, 20).await;
    drop(storage);
    let mut config = config();
    config.database_url = Some(DatabaseUrl(schema.url.clone()));
    config.store_retry_ms = 50;
    let server = Server::serve_state(AppState::new(config).unwrap()).await;
    let mut clients = Vec::new();
    for seat in 0..4u8 {
        let mut client = Client::connect(server.addr).await;
        client.hello("p", Some(&token("lost", seat))).await;
        clients.push(client);
    }

    let (mut acked, mut paused) = (0, 0);
    for round in 0..4 {
        if round == 1 {
            schema.drop_connections();
        }
        let prompt = game.prompts()[0].clone();
        let action = prompt.default_action();
        let client = &mut clients[prompt.seat.index()];
        let deadline = std::time::Instant::now() + WAIT;
        loop {
            let act = json!({"type": "act", "seat": prompt.seat.0, "action": action});
            match client.command(act).await {
                ServerMsg::Ack { .. } => break,
                ServerMsg::Error {
                    code: sgs_protocol::ErrorCode::StorageUnavailable,
                    ..
                } => {
                    paused += 1;
                    assert!(
                        std::time::Instant::now() < deadline,
                        "the room stays paused"
                    );
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                }
                other => panic!("{other:?}"),
            }
        }
        acked += 1;
        game.act(prompt.seat, action).unwrap();
    }
    assert!(paused >= 1, "the lost connection paused the room");
    let open = server.state.shared.storage.open_rooms().unwrap();
    let stored = open[0].game.as_ref().unwrap().as_ref().unwrap();
    assert_eq!(stored.record.actions.len(), 20 + acked);
    assert_eq!(stored.rebuild().unwrap().hash(), game.hash());
    drop(clients);
    server.stop().await;
}
