//! Routing by room (decision 0014): a room's players use `/rooms/{id}/ws`, a URL that names the
//! room, so a proxy in front of several processes sends them to the one that holds it. Room ids
//! begin with the node id of the process that made them (`--node-id`); a process answers `404`
//! for a room it does not hold, before any upgrade; and after a restart each process rebuilds
//! only its own rooms of a shared store.

use sgs_protocol::{RoomOptions, ServerMsg};
use sgs_server::config::DatabaseUrl;
use sgs_server::lobby::node_of;
use sgs_server::AppState;

use crate::on_postgres::Schema;
use crate::support::*;

fn node(id: &str) -> sgs_server::config::Config {
    let mut config = config();
    config.node_id = Some(id.to_string());
    config
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_is_reached_at_its_own_url_on_the_process_that_holds_it() {
    let one = Server::start(node("n1")).await;
    let two = Server::start(node("n2")).await;
    let mut host = one.client("Cao Cao").await;
    let room = room_id(&host.create_room(RoomOptions::default()).await);
    assert_eq!(node_of(&room), Some("n1"), "{room}");

    // Another process does not hold the room: 404 before any upgrade (a proxy tries the next).
    let path = format!("/rooms/{room}/ws");
    assert_eq!(Client::connect_path(two.addr, &path).await.err(), Some(404));
    assert_eq!(
        Client::connect_path(one.addr, "/rooms/n1-nothere/ws")
            .await
            .err(),
        Some(404)
    );

    // The one that holds it speaks the usual protocol on it.
    let mut guest = Client::connect_path(one.addr, &path).await.unwrap();
    guest.hello("Liu Bei", None).await;
    let joined = guest.join(&room).await;
    assert_eq!(room_id(&joined), room);
    // A rejoin after a reconnect, with the session token, on the room's URL.
    let token = guest.token.clone();
    drop(guest);
    let mut back = Client::connect_path(one.addr, &path).await.unwrap();
    let welcome = back.hello("Liu Bei", Some(&token)).await;
    assert!(
        matches!(&welcome, ServerMsg::Welcome { resumed: true, room: Some(r), .. } if *r == room),
        "{welcome:?}"
    );
    drop((host, back));
    one.stop().await;
    two.stop().await;
}

/// Two processes on one PostgreSQL database: their guests get distinct ids, each makes a room;
/// after both stop, a process started again as `n1` rebuilds n1's room and leaves n2's to n2.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_process_rebuilds_only_its_own_rooms_of_a_shared_store() {
    let Some(schema) = Schema::new("nodes") else {
        return;
    };
    let on_db = |id: &str| {
        let mut config = node(id);
        config.database_url = Some(DatabaseUrl(schema.url.clone()));
        config
    };
    let one = Server::serve_state(AppState::new(on_db("n1")).unwrap()).await;
    let two = Server::serve_state(AppState::new(on_db("n2")).unwrap()).await;
    let mut a = one.client("Sun Quan").await;
    let room_one = room_id(&a.create_room(RoomOptions::default()).await);
    let mut b = two.client("Zhou Yu").await;
    let room_two = room_id(&b.create_room(RoomOptions::default()).await);
    // Player ids come from the shared store: the two processes never give out the same one.
    let more = [one.client("x").await, two.client("y").await];
    let mut ids = vec![a.player, b.player, more[0].player, more[1].player];
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 4, "{ids:?}");
    one.state.shared.storage.flush().await.unwrap();
    two.state.shared.storage.flush().await.unwrap();
    drop((a, b, more));
    one.stop().await;
    two.stop().await;

    let state = AppState::with_parts(
        on_db("n1"),
        Box::new(sgs_server::storage::PgStorage::open(&schema.url).unwrap()),
        Box::new(sgs_server::trustee::Heuristic),
    );
    let recovered = state.recover().unwrap();
    assert_eq!(recovered.rooms, 1);
    assert!(state.shared.lobby.get(&room_one).is_some());
    assert!(state.shared.lobby.get(&room_two).is_none());
    let again = Server::serve_state(state).await;
    let path = format!("/rooms/{room_one}/ws");
    Client::connect_path(again.addr, &path).await.unwrap();
    let path = format!("/rooms/{room_two}/ws");
    assert_eq!(
        Client::connect_path(again.addr, &path).await.err(),
        Some(404)
    );
    again.stop().await;
}
