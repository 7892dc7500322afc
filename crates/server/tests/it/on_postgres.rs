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
        let url = format!("{admin}{separator}options=-c%20search_path%3D{name}");
        Some(Schema { url, admin, name })
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
