//! Room leases and the fence (issue 21, decision 0021): PostgreSQL only — one SQLite process
//! owns every room, with nothing to fence.

use std::time::Duration;

use sgs_engine::{Game, GameConfig, Seat};
use sgs_protocol::{RoomOptions, RoomState};

use super::{Harness, Postgres};
use crate::room::Holder;
use crate::settings::RoomSettings;
use crate::storage::{
    GameLog, GamePlayer, MemberRow, NewGame, PgStorage, RoomRow, SeatRow, SecretHash, Storage,
};

/// A store of the process named `node`, whose leases last `ttl_ms`.
fn node(harness: &Postgres, node: &str, ttl_ms: u64) -> PgStorage {
    let mut storage = harness.open();
    storage.enable_leases(node, Duration::from_millis(ttl_ms));
    storage
}

fn room(id: &str) -> RoomRow {
    let settings =
        RoomSettings::from_options(RoomOptions::default(), &crate::config::Config::default())
            .unwrap();
    let seats = usize::from(settings.seats);
    RoomRow {
        id: id.into(),
        settings,
        host: 1,
        state: RoomState::Playing,
        games: 1,
        seats: vec![
            SeatRow {
                holder: Holder::Bot,
                trusteeship: false,
                trusteeship_reason: None,
            };
            seats
        ],
        members: vec![MemberRow {
            player: 1,
            name: "Cao Cao".into(),
            token: SecretHash::of("token"),
            seat: None,
        }],
        empty_since: None,
        series: None,
    }
}

/// Begins a 4-seat game in `room` on `storage`.
fn begin(storage: &dyn Storage, room: &str) -> (Game, Box<dyn GameLog>) {
    let game = Game::new(GameConfig::white(4), 11).unwrap();
    let start = game.record();
    let players = (0..4)
        .map(|i| GamePlayer {
            seat: Seat(i),
            player: None,
            name: format!("p{i}"),
        })
        .collect();
    let new_game = NewGame {
        room,
        number: 1,
        start: &start,
        players,
        private: false,
        host: Some(1),
    };
    let (log, ack) = storage.begin(new_game).unwrap();
    ack.wait().unwrap();
    (game, log)
}

/// The game's next default answer, played and appended; the append's result.
fn step(game: &mut Game, log: &mut dyn GameLog) -> std::io::Result<()> {
    let prompt = game.prompts()[0].clone();
    let action = prompt.default_action();
    game.act(prompt.seat, action.clone()).unwrap();
    log.append(prompt.seat, &action, game.hash()).wait()
}

/// A process takes a lease with its room's first write and renews it; another claims the room
/// only once the lease expired, reads every write made before its claim, and from then on the
/// first process's writes fail (fenced) — its appends, its room row, its closing — while the
/// claimer's go through after them.
#[test]
fn a_claimed_room_fences_out_its_previous_owner() {
    let Some(harness) = Postgres::new() else {
        return;
    };
    let one = node(&harness, "n1", 1_500);
    let two = node(&harness, "n2", 1_500);
    one.save_room(&room("n1-abc")).wait().unwrap();
    let (mut game, mut log) = begin(&one, "n1-abc");
    step(&mut game, log.as_mut()).unwrap();
    step(&mut game, log.as_mut()).unwrap();

    // Held and renewed: nobody else may claim it, past the time its first lease ended.
    assert!(two.claim_rooms(false).unwrap().unwrap().is_empty());
    std::thread::sleep(Duration::from_millis(900));
    assert!(one.renew_leases().unwrap().is_empty(), "renewed");
    std::thread::sleep(Duration::from_millis(900));
    assert!(two.claim_rooms(false).unwrap().unwrap().is_empty());

    // The lease expires: n2 claims the room, with every action written before.
    std::thread::sleep(Duration::from_millis(1_700));
    let claimed = two.claim_rooms(false).unwrap().unwrap();
    assert_eq!(claimed.len(), 1);
    assert_eq!(claimed[0].id, "n1-abc");
    let stored = claimed[0].game.as_ref().unwrap().as_ref().unwrap();
    assert_eq!(stored.record.actions.len(), 2);
    assert_eq!(stored.record, game.record());

    // n1 is stale: its append fails and tells it so; so do its other writes of the room.
    let mut stale = game.record().replay_prefix(2).unwrap();
    assert!(step(&mut stale, log.as_mut()).is_err(), "fenced");
    assert!(one.leases().unwrap().is_lost("n1-abc"));
    assert!(one.save_room(&room("n1-abc")).wait().is_err());
    assert!(one.close_room("n1-abc", false).wait().is_err());
    assert!(one.renew_leases().unwrap().is_empty(), "nothing held");

    // n2 goes on from the record.
    let mut game = stored.rebuild().unwrap();
    let mut log = two.resume("n1-abc", stored.summary.id, 2);
    step(&mut game, log.as_mut()).unwrap();
    step(&mut game, log.as_mut()).unwrap();
    let after = two.game(stored.summary.id).unwrap().unwrap();
    assert_eq!(after.record, game.record(), "only n2's actions follow");
    assert_eq!(two.open_rooms().unwrap().len(), 1, "still open");
}

/// A renewal finds a lease taken over (the process was cut off longer than the lease) and
/// reports the room lost; at start a process claims the rooms its node owns at once, even
/// unexpired (a restart), and never another node's live room.
#[test]
fn renewal_reports_a_lost_lease_and_a_restart_claims_its_own_rooms() {
    let Some(harness) = Postgres::new() else {
        return;
    };
    let one = node(&harness, "n1", 300);
    one.save_room(&room("n1-a")).wait().unwrap();
    let two = node(&harness, "n2", 60_000);
    two.save_room(&room("n2-b")).wait().unwrap();
    std::thread::sleep(Duration::from_millis(400));
    let claimed = two.claim_rooms(false).unwrap().unwrap();
    let ids: Vec<&str> = claimed.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, ["n1-a"]);
    assert_eq!(one.renew_leases().unwrap(), ["n1-a"], "lost");
    assert!(one.leases().unwrap().is_lost("n1-a"));

    // n2 restarts (a new process, same node id): it claims both its rooms at once, with new
    // epochs; the old process is fenced out of them.
    let again = node(&harness, "n2", 60_000);
    let mut ids: Vec<String> = again
        .claim_rooms(true)
        .unwrap()
        .unwrap()
        .into_iter()
        .map(|r| r.id)
        .collect();
    ids.sort();
    assert_eq!(ids, ["n1-a", "n2-b"]);
    assert!(two.save_room(&room("n2-b")).wait().is_err(), "fenced");
    again.save_room(&room("n2-b")).wait().unwrap();

    // A third process at start takes nothing: every room is leased and live.
    let three = node(&harness, "n3", 60_000);
    assert!(three.claim_rooms(true).unwrap().unwrap().is_empty());

    // Closing a room ends its lease: nobody claims it.
    again.close_room("n1-a", false).wait().unwrap();
    assert!(again.renew_leases().unwrap().is_empty());
    assert_eq!(again.open_rooms().unwrap().len(), 1);
}

/// One batch of writes with one room's lease taken over: that room's write fails alone, the
/// others' go through (the batch's single check of every epoch falls back to one per job).
#[test]
fn a_fenced_write_fails_alone_in_its_batch() {
    let Some(harness) = Postgres::new() else {
        return;
    };
    let one = node(&harness, "n1", 60_000);
    // The writer waits a moment for more jobs after the first: the two appends share a batch.
    one.set_commit_window(Duration::from_millis(50));
    one.save_room(&room("n1-lost")).wait().unwrap();
    one.save_room(&room("n1-kept")).wait().unwrap();
    let (mut lost_game, mut lost_log) = begin(&one, "n1-lost");
    let (mut kept_game, mut kept_log) = begin(&one, "n1-kept");
    // n1-lost's lease lapses (as if n1 had missed its renewals) and n2 claims it.
    harness.sql("UPDATE room_leases SET expires_at = 0 WHERE room = 'n1-lost'");
    let two = node(&harness, "n2", 60_000);
    let claimed = two.claim_rooms(false).unwrap().unwrap();
    assert_eq!(claimed.len(), 1);
    assert_eq!(claimed[0].id, "n1-lost");

    for _ in 0..3 {
        // Queued together: one batch (the commit window above).
        let lost_prompt = lost_game.prompts()[0].clone();
        let kept_prompt = kept_game.prompts()[0].clone();
        let (lost_action, kept_action) =
            (lost_prompt.default_action(), kept_prompt.default_action());
        let mut lost_next = lost_game
            .record()
            .replay_prefix(lost_game.action_count())
            .unwrap();
        lost_next
            .act(lost_prompt.seat, lost_action.clone())
            .unwrap();
        kept_game
            .act(kept_prompt.seat, kept_action.clone())
            .unwrap();
        let lost_ack = lost_log.append(lost_prompt.seat, &lost_action, lost_next.hash());
        let kept_ack = kept_log.append(kept_prompt.seat, &kept_action, kept_game.hash());
        assert!(lost_ack.wait().is_err(), "fenced");
        kept_ack.wait().unwrap();
        lost_game = lost_next;
    }
    assert!(one.leases().unwrap().is_lost("n1-lost"));
    assert!(!one.leases().unwrap().is_lost("n1-kept"));
    let kept = one.game(kept_log.id()).unwrap().unwrap();
    assert_eq!(kept.record, kept_game.record());
    let lost = one.game(lost_log.id()).unwrap().unwrap();
    assert!(
        lost.record.actions.is_empty(),
        "nothing of the stale owner's"
    );
}
