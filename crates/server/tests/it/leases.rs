//! Room leases between server processes on one PostgreSQL store (issue 21, decision 0021), in
//! one test process: a room whose lease another server took over stops on its old server at
//! its next write — the action is refused, not shown, not stored — and its players' sockets
//! close with 1012 (reconnect); with their session tokens they resume their seats on the
//! server that runs the room now, and play on there. Needs `SGS_TEST_DATABASE_URL`
//! (`scripts/with-postgres.sh`); without it the test prints SKIPPED and passes.

use std::time::Duration;

use serde_json::json;
use sgs_protocol::ServerMsg;
use sgs_server::config::DatabaseUrl;
use sgs_server::storage::{PgStorage, Storage};
use sgs_server::AppState;
use tokio::time::{sleep, Instant};

use crate::on_postgres::Schema;
use crate::recovery::{store_room, token};
use crate::support::*;

fn node(schema: &Schema, id: &str, lease_ms: u64) -> sgs_server::config::Config {
    let mut config = config();
    config.node_id = Some(id.to_string());
    config.database_url = Some(DatabaseUrl(schema.url.clone()));
    config.lease_ms = lease_ms;
    config
}

/// Servers n1 and n2 on the schema, each with a 60 s lease.
async fn two_nodes(schema: &Schema) -> (Server, Server) {
    let one = Server::serve_state(AppState::new(node(schema, "n1", 60_000)).unwrap()).await;
    let two = Server::serve_state(AppState::new(node(schema, "n2", 60_000)).unwrap()).await;
    (one, two)
}

/// The player of `seat` in the stored `room`, back with its token at `addr`: its socket and the
/// prompt it is asked again.
async fn resume_seat(
    addr: std::net::SocketAddr,
    room: &str,
    seat: sgs_engine::Seat,
) -> (Client, sgs_protocol::PendingPrompt) {
    let mut player = Client::connect(addr).await;
    let welcome = player.hello("p", Some(&token(room, seat.0))).await;
    assert!(
        matches!(welcome, ServerMsg::Welcome { resumed: true, .. }),
        "{welcome:?}"
    );
    let ServerMsg::Sync { prompt, .. } = player
        .recv_until(|m| matches!(m, ServerMsg::Sync { .. }))
        .await
    else {
        unreachable!()
    };
    (player, prompt.expect("its prompt"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_taken_over_stops_on_its_old_server_and_its_players_resume_on_the_new_one() {
    let Some(schema) = Schema::new("leases") else {
        return;
    };
    let storage = PgStorage::open(&schema.url).unwrap();
    let mut game = store_room(&storage, "n1-lease", 10, 12).await;
    drop(storage);

    // n1 starts first and claims the room (it has no lease yet); n2, started after, finds it
    // leased and live, and claims nothing.
    let one = Server::serve_state(AppState::new(node(&schema, "n1", 60_000)).unwrap()).await;
    let two = Server::serve_state(AppState::new(node(&schema, "n2", 300)).unwrap()).await;
    assert!(one.state.shared.lobby.get("n1-lease").is_some());
    assert!(two.state.shared.lobby.get("n1-lease").is_none());

    let seat = game.prompts()[0].seat;
    let (mut player, pending) = resume_seat(one.addr, "n1-lease", seat).await;

    // n1 misses its renewals (as a process paused or cut off from the database would): its
    // lease expires, and n2 claims the room and rebuilds it from its record.
    let admin = schema.url.clone();
    tokio::task::spawn_blocking(move || {
        let mut client = postgres::Client::connect(&admin, postgres::NoTls).unwrap();
        client
            .execute("UPDATE room_leases SET expires_at = 0", &[])
            .unwrap();
    })
    .await
    .unwrap();
    let deadline = Instant::now() + WAIT;
    while two.state.shared.lobby.get("n1-lease").is_none() {
        assert!(Instant::now() < deadline, "n2 never took the room over");
        sleep(Duration::from_millis(20)).await;
    }

    // The stale n1 cannot store the action: the room stops there, the action is not
    // acknowledged, and the socket closes with "reconnect".
    let action = pending.prompt.default_action();
    let act = json!({"type": "act", "seat": seat.0, "action": action, "prompt_id": pending.prompt_id, "id": 7});
    player.send_json(&act).await;
    let mut acked = false;
    while let Some(msg) = player.next().await {
        acked |= matches!(msg, ServerMsg::Ack { .. });
    }
    assert!(!acked, "a fenced action is never acknowledged");
    let (code, _) = player.until_closed().await.expect("a close frame");
    assert_eq!(u16::from(code), 1012);
    let path = "/rooms/n1-lease/ws";
    assert_eq!(Client::connect_path(one.addr, path).await.err(), Some(404));
    // The takeover and the lost lease show in /metrics (one recorder for this test process).
    let (_, metrics) = get_text(two.addr, "/metrics").await;
    for line in [
        "sgs_rooms_taken_over_total ",
        "sgs_room_leases_lost_total ",
        "sgs_room_leases ",
    ] {
        assert!(metrics.contains(line), "{line} in {metrics}");
    }

    // On n2 the token resumes the seat, at the same point of the game, and the action goes in.
    let mut back = Client::connect_path(two.addr, path).await.unwrap();
    let welcome = back.hello("p", Some(&token("n1-lease", seat.0))).await;
    assert!(
        matches!(&welcome, ServerMsg::Welcome { resumed: true, room: Some(r), .. } if r == "n1-lease"),
        "{welcome:?}"
    );
    let ServerMsg::Sync { view, prompt, .. } = back
        .recv_until(|m| matches!(m, ServerMsg::Sync { .. }))
        .await
    else {
        unreachable!()
    };
    assert_eq!(*view.unwrap(), game.view(seat));
    let pending = prompt.expect("its prompt, asked again");
    let answer = back
        .command(json!({"type": "act", "seat": seat.0, "action": action, "prompt_id": pending.prompt_id}))
        .await;
    assert!(matches!(answer, ServerMsg::Ack { .. }), "{answer:?}");
    game.act(seat, action.clone()).unwrap();

    // The record: the 12 actions before, then the one acknowledged on n2 — nothing of n1's
    // refused attempt.
    let store = PgStorage::open(&schema.url).unwrap();
    let open = tokio::task::spawn_blocking(move || store.open_rooms().unwrap())
        .await
        .unwrap();
    let stored = open[0].game.as_ref().unwrap().as_ref().unwrap();
    assert_eq!(stored.record.actions.len(), 13);
    assert_eq!(stored.record.actions[12], (seat, action));
    assert_eq!(stored.rebuild().unwrap().hash(), game.hash());
    drop(back);
    one.stop().await;
    two.stop().await;
}

/// A graceful shutdown hands the rooms over (decision 0021): the room stops, its player's socket
/// closes, and once every write is stored its lease ends, so another process claims it at its
/// next look — well before the 60 s lease would have run out — and the player resumes there
/// with the action it made before the shutdown in the record.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_shut_down_gracefully_hands_its_rooms_over_at_once() {
    let Some(schema) = Schema::new("handover") else {
        return;
    };
    let storage = PgStorage::open(&schema.url).unwrap();
    let mut game = store_room(&storage, "n1-hand", 11, 12).await;
    drop(storage);

    let one = Server::serve_state(AppState::new(node(&schema, "n1", 60_000)).unwrap()).await;
    let two = Server::serve_state(AppState::new(node(&schema, "n2", 600)).unwrap()).await;
    assert!(one.state.shared.lobby.get("n1-hand").is_some());

    // One action on n1, acknowledged (so stored) before the shutdown.
    let seat = game.prompts()[0].seat;
    let (mut player, pending) = resume_seat(one.addr, "n1-hand", seat).await;
    let action = pending.prompt.default_action();
    let answer = player
        .command(json!({"type": "act", "seat": seat.0, "action": action, "prompt_id": pending.prompt_id}))
        .await;
    assert!(matches!(answer, ServerMsg::Ack { .. }), "{answer:?}");
    game.act(seat, action.clone()).unwrap();

    let stopped = Instant::now();
    one.stop().await;
    assert!(player.until_closed().await.is_some(), "the socket closes");
    let deadline = stopped + Duration::from_secs(20);
    while two.state.shared.lobby.get("n1-hand").is_none() {
        assert!(
            Instant::now() < deadline,
            "n2 did not take the room over before its 60 s lease would have ended"
        );
        sleep(Duration::from_millis(20)).await;
    }

    let path = "/rooms/n1-hand/ws";
    let mut back = Client::connect_path(two.addr, path).await.unwrap();
    let welcome = back.hello("p", Some(&token("n1-hand", seat.0))).await;
    assert!(
        matches!(&welcome, ServerMsg::Welcome { resumed: true, .. }),
        "{welcome:?}"
    );
    let ServerMsg::Sync { view, .. } = back
        .recv_until(|m| matches!(m, ServerMsg::Sync { .. }))
        .await
    else {
        unreachable!()
    };
    assert_eq!(
        *view.unwrap(),
        game.view(seat),
        "the action made on n1 is there"
    );
    drop(back);
    two.stop().await;
}

/// A guest's session token is honoured on every process (issue 21): a guest who says hello in
/// n2's lobby and then enters a room of n1 at the room's socket keeps its player id and name
/// there; a token no process made starts a new session.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_token_made_on_one_process_is_honoured_on_every_other() {
    let Some(schema) = Schema::new("guests") else {
        return;
    };
    let (one, two) = two_nodes(&schema).await;
    let mut host = one.client("host").await;
    let room = room_id(&host.create_room(Default::default()).await);

    let mut lobby = Client::connect(two.addr).await;
    let ServerMsg::Welcome {
        player,
        token,
        name,
        resumed: false,
        ..
    } = lobby.hello("小乔", None).await
    else {
        panic!("a new guest session on n2")
    };
    // The session is stored without holding up the welcome: wait for its row.
    let url = schema.url.clone();
    tokio::task::spawn_blocking(move || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        let deadline = std::time::Instant::now() + WAIT;
        loop {
            let row = client
                .query_one("SELECT count(*) FROM guest_sessions", &[])
                .unwrap();
            if row.get::<_, i64>(0) == 2 {
                break; // the host's and the guest's
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the guest session is never stored"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    })
    .await
    .unwrap();
    lobby.close().await;

    let mut guest = Client::connect_path(one.addr, &format!("/rooms/{room}/ws"))
        .await
        .unwrap();
    let welcome = guest.hello("小乔", Some(&token)).await;
    assert!(
        matches!(&welcome, ServerMsg::Welcome { resumed: true, player: p, name: n, .. } if *p == player && *n == name),
        "{welcome:?}"
    );
    guest.join(&room).await;

    let mut stranger = Client::connect(one.addr).await;
    let welcome = stranger.hello("x", Some(&"0".repeat(64))).await;
    assert!(
        matches!(&welcome, ServerMsg::Welcome { resumed: false, player: p, .. } if *p != player),
        "{welcome:?}"
    );
    drop((guest, stranger, host));
    one.stop().await;
    two.stop().await;
}

/// The public room list is shared (decision 0021): a lobby subscriber on n2 is pushed the
/// public room made on n1 and its changes, read from the store, and its removal when it closes;
/// a private room is listed nowhere; n1 lists its own room once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_process_lists_the_public_rooms_of_every_other() {
    let Some(schema) = Schema::new("listing") else {
        return;
    };
    let with_poll = |id: &str| {
        let mut config = node(&schema, id, 60_000);
        config.room_list_poll_ms = 50;
        config
    };
    let one = Server::serve_state(AppState::new(with_poll("n1")).unwrap()).await;
    let two = Server::serve_state(AppState::new(with_poll("n2")).unwrap()).await;
    let mut lobby = two.client("lobby").await;
    lobby
        .command(json!({"type": "subscribe_lobby", "on": true}))
        .await;
    let first = lobby
        .recv_until(|m| matches!(m, ServerMsg::RoomList { id: None, .. }))
        .await;
    assert!(
        matches!(&first, ServerMsg::RoomList { total: 0, .. }),
        "{first:?}"
    );

    let mut host = one.client("host").await;
    let private = sgs_protocol::RoomOptions {
        private: true,
        ..Default::default()
    };
    let mut hidden = one.client("hidden").await;
    hidden.create_room(private).await;
    let room = room_id(&host.create_room(Default::default()).await);
    let update = lobby
        .recv_until(|m| matches!(m, ServerMsg::LobbyUpdate { .. }))
        .await;
    let ServerMsg::LobbyUpdate { changed, total, .. } = update else {
        unreachable!()
    };
    assert_eq!(total, 1, "the private room is not listed");
    assert_eq!(changed.len(), 1);
    assert_eq!(
        (changed[0].id.as_str(), changed[0].players),
        (room.as_str(), 1)
    );

    // A guest joins on n1: n2's subscriber sees the seat taken.
    let mut guest = Client::connect_path(one.addr, &format!("/rooms/{room}/ws"))
        .await
        .unwrap();
    guest.hello("guest", None).await;
    guest.join(&room).await;
    let update = lobby
        .recv_until(|m| matches!(m, ServerMsg::LobbyUpdate { changed, .. } if changed.iter().any(|c| c.players == 2)))
        .await;
    assert!(matches!(update, ServerMsg::LobbyUpdate { total: 1, .. }));
    let page = lobby.command(json!({"type": "list_rooms"})).await;
    assert!(
        matches!(&page, ServerMsg::RoomList { rooms, total: 1, .. } if rooms[0].id == room),
        "{page:?}"
    );
    // n1 lists its own room once, from itself.
    let mut local = one.client("local").await;
    let page = local.command(json!({"type": "list_rooms"})).await;
    assert!(
        matches!(&page, ServerMsg::RoomList { total: 1, .. }),
        "{page:?}"
    );

    // The room closes on n1: it leaves n2's list.
    guest.command(json!({"type": "leave_room"})).await;
    host.command(json!({"type": "leave_room"})).await;
    let update = lobby
        .recv_until(|m| matches!(m, ServerMsg::LobbyUpdate { removed, .. } if !removed.is_empty()))
        .await;
    assert!(
        matches!(&update, ServerMsg::LobbyUpdate { removed, total: 0, .. } if *removed == vec![room.clone()]),
        "{update:?}"
    );
    drop((lobby, hidden, local));
    one.stop().await;
    two.stop().await;
}

/// Accounts across processes (decision 0021): the store is the truth about logins. An account
/// made on n1 (after n2 started) logs in by name on n2, its login token from n1 is honoured on
/// n2 — over HTTP and in a `hello` — its name cannot be claimed again on n2, and once logged
/// out everywhere on n1 none of its tokens works on n2 either.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_made_on_one_process_logs_in_and_out_on_every_other() {
    let Some(schema) = Schema::new("accounts") else {
        return;
    };
    let (one, two) = two_nodes(&schema).await;
    let password = "correct horse battery";
    let guest = one.client("Zhuge Liang").await;
    let (status, claimed) = post_json(
        one.addr,
        "/api/accounts",
        Some(&guest.token),
        &json!({"password": password}),
    )
    .await;
    assert_eq!(status, 201, "{claimed}");
    let player = guest.player;
    let token = claimed["token"].as_str().unwrap().to_string();

    // n2 honours n1's login token, in HTTP and in a hello.
    let (status, me) = get_json_as(two.addr, "/api/me", &token).await;
    assert_eq!((status, &me["player"]), (200, &json!(player)), "{me}");
    let mut client = Client::connect(two.addr).await;
    let welcome = client.hello("x", Some(&token)).await;
    assert!(
        matches!(&welcome, ServerMsg::Welcome { player: p, name, .. } if *p == player && name == "Zhuge Liang"),
        "{welcome:?}"
    );
    drop(client);
    // A login by name on n2.
    let (status, logged) = post_json(
        two.addr,
        "/api/login",
        None,
        &json!({"name": "Zhuge Liang", "password": password}),
    )
    .await;
    assert_eq!(status, 200, "{logged}");
    let fresh = logged["token"].as_str().unwrap().to_string();
    // The name is taken on n2 too.
    let other = two.client("Zhuge Liang").await;
    let (status, refused) = post_json(
        two.addr,
        "/api/accounts",
        Some(&other.token),
        &json!({"password": password, "name": "Zhuge Liang"}),
    )
    .await;
    assert_eq!(status, 409, "{refused}");

    // Logged out everywhere on n1: neither token works on n2 any more.
    let (status, out) = post_json(
        one.addr,
        "/api/logout?everywhere=true",
        Some(&token),
        &json!({}),
    )
    .await;
    assert_eq!(status, 200, "{out}");
    for token in [&token, &fresh] {
        let (status, body) = get_json_as(two.addr, "/api/me", token).await;
        assert_eq!(status, 401, "{body}");
        let mut client = Client::connect(two.addr).await;
        let welcome = client.hello("x", Some(token)).await;
        assert!(
            matches!(welcome, ServerMsg::Welcome { resumed: false, player: p, .. } if p != player),
            "{welcome:?}"
        );
    }
    drop((guest, other));
    one.stop().await;
    two.stop().await;
}

/// Server bans across processes (decision 0021): an account banned by the operator on n1
/// cannot log in on n2 once n2 has read the bans again (every fifth look at the shared list),
/// and logs in there again once the ban is lifted on n1.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ban_made_on_one_process_holds_on_every_other() {
    let Some(schema) = Schema::new("bans") else {
        return;
    };
    const ADMIN: &str = "the operator's secret";
    let with_admin = |id: &str| {
        let mut config = node(&schema, id, 60_000);
        config.admin_token = Some(ADMIN.into());
        config.room_list_poll_ms = 50;
        config
    };
    let one = Server::serve_state(AppState::new(with_admin("n1")).unwrap()).await;
    let two = Server::serve_state(AppState::new(with_admin("n2")).unwrap()).await;
    let password = "a long password";
    let guest = one.client("Lu Bu").await;
    let (status, claimed) = post_json(
        one.addr,
        "/api/accounts",
        Some(&guest.token),
        &json!({"password": password}),
    )
    .await;
    assert_eq!(status, 201, "{claimed}");
    let login = || async {
        post_json(
            two.addr,
            "/api/login",
            None,
            &json!({"name": "Lu Bu", "password": password}),
        )
        .await
    };
    assert_eq!(login().await.0, 200);

    let ban = json!({"account": guest.player, "minutes": 60, "reason": "betrayal"});
    let (status, body) = post_json(one.addr, "/api/admin/bans", Some(ADMIN), &ban).await;
    assert_eq!(status, 201, "{body}");
    let deadline = Instant::now() + WAIT;
    loop {
        let (status, body) = login().await;
        if status == 403 {
            assert_eq!(body["error"]["code"], "banned", "{body}");
            break;
        }
        assert!(
            Instant::now() < deadline,
            "n2 never saw the ban: {status} {body}"
        );
        sleep(Duration::from_millis(50)).await;
    }

    let lift = json!({"account": guest.player});
    let (status, body) = post_json(one.addr, "/api/admin/unban", Some(ADMIN), &lift).await;
    assert_eq!(status, 200, "{body}");
    let deadline = Instant::now() + WAIT;
    while login().await.0 != 200 {
        assert!(Instant::now() < deadline, "n2 never saw the ban lifted");
        sleep(Duration::from_millis(50)).await;
    }
    drop(guest);
    one.stop().await;
    two.stop().await;
}
