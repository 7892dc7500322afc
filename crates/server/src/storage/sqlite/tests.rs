//! Tests of the SQLite store: migrations, durability acks, hashes, reading back.

use super::*;
use crate::room::Holder;
use crate::settings::RoomSettings;
use crate::storage::{GamePlayer, GameStatus, MemberRow, SeatRow, SecretHash};
use sgs_engine::{Game, GameConfig, Seat};
use sgs_protocol::RoomOptions;

/// Plays `n` default answers, logging each; returns the game.
fn play_logged(storage: &SqliteStorage, n: usize) -> (Game, GameId) {
    let mut game = Game::new(GameConfig::white(4), 11).unwrap();
    let start = game.record();
    let players = (0..4)
        .map(|i| GamePlayer {
            seat: Seat(i),
            player: None,
            name: "bot".into(),
        })
        .collect();
    let new_game = NewGame {
        room: "abc",
        number: 1,
        start: &start,
        players,
        private: false,
        host: None,
    };
    let (mut log, ack) = storage.begin(new_game).unwrap();
    ack.wait().unwrap();
    for _ in 0..n {
        let prompt = game.prompts()[0].clone();
        let action = prompt.default_action();
        game.act(prompt.seat, action.clone()).unwrap();
        log.append(prompt.seat, &action, game.hash())
            .wait()
            .unwrap();
    }
    (game, log.id())
}

#[test]
fn a_rebuild_hands_over_the_whole_event_stream() {
    let dir = tempfile::tempdir().unwrap();
    let storage = SqliteStorage::open(dir.path(), Sync::Full).unwrap();
    let (game, id) = play_logged(&storage, 40);
    let stored = storage.game(id).unwrap().unwrap();
    let mut seen = Vec::new();
    let rebuilt = stored
        .rebuild_observed(|events| seen.extend(events.0))
        .unwrap();
    assert_eq!(rebuilt.hash(), game.hash());
    // The same stream, opening included, as playing the record afresh gives.
    let mut fresh = stored.record.replay_prefix(0).unwrap();
    let mut expected = fresh.take_events().0;
    for (seat, action) in &stored.record.actions {
        expected.extend(fresh.act(*seat, action.clone()).unwrap().0);
    }
    assert_eq!(seen, expected);
}

#[test]
fn a_stored_game_reads_back_as_its_record_with_its_hashes() {
    let dir = tempfile::tempdir().unwrap();
    let storage = SqliteStorage::open(dir.path(), Sync::Full).unwrap();
    let (game, id) = play_logged(&storage, 40);
    let stored = storage.game(id).unwrap().unwrap();
    assert_eq!(stored.record, game.record());
    assert_eq!(stored.summary.status, GameStatus::Playing);
    let at: Vec<u64> = stored.hashes.iter().map(|(n, _)| *n).collect();
    assert_eq!(at, [16, 32], "a hash every {HASH_EVERY} actions");
    assert_eq!(stored.rebuild().unwrap().hash(), game.hash());
    assert!(storage.finished_games(None, 10).unwrap().is_empty());
    drop(storage);

    // Reopened: the next game gets a new id.
    let storage = SqliteStorage::open(dir.path(), Sync::Normal).unwrap();
    let (_, second) = play_logged(&storage, 3);
    assert!(second > id);
}

#[test]
fn a_finished_game_is_listed_newest_first_and_pages() {
    let dir = tempfile::tempdir().unwrap();
    let storage = SqliteStorage::open(dir.path(), Sync::Full).unwrap();
    let mut ids = Vec::new();
    for _ in 0..3 {
        let (game, id) = play_logged(&storage, 5);
        let outcome = sgs_engine::Outcome {
            winner: None,
            winners: Vec::new(),
            roles: Vec::new(),
        };
        let mut log = storage.resume(id, 5);
        log.finish(&outcome, game.hash()).wait().unwrap();
        ids.push(id);
    }
    let page = storage.finished_games(None, 2).unwrap();
    let listed: Vec<GameId> = page.iter().map(|g| g.id).collect();
    assert_eq!(listed, [ids[2], ids[1]]);
    let rest = storage.finished_games(Some(ids[1]), 2).unwrap();
    assert_eq!(rest.iter().map(|g| g.id).collect::<Vec<_>>(), [ids[0]]);
    let stored = storage.game(ids[0]).unwrap().unwrap();
    assert_eq!(stored.summary.status, GameStatus::Finished);
    assert_eq!(stored.summary.actions, 5);
    assert_eq!(stored.hashes.last().map(|h| h.0), Some(5), "the final hash");
    stored.rebuild().unwrap();
}

#[test]
fn a_tampered_record_fails_its_hash_check() {
    let dir = tempfile::tempdir().unwrap();
    let storage = SqliteStorage::open(dir.path(), Sync::Full).unwrap();
    let (_, id) = play_logged(&storage, 20);
    drop(storage);
    let conn = Connection::open(dir.path().join(FILE_NAME)).unwrap();
    conn.execute(
        "UPDATE actions SET hash = hash + 1 WHERE game = ?1",
        [id as i64],
    )
    .unwrap();
    drop(conn);
    let storage = SqliteStorage::open(dir.path(), Sync::Full).unwrap();
    let stored = storage.game(id).unwrap().unwrap();
    let error = stored.rebuild().unwrap_err();
    assert!(
        matches!(
            error,
            crate::storage::RebuildError::Hash { actions: 16, .. }
        ),
        "{error}"
    );
}

#[test]
fn rooms_are_stored_with_token_hashes_until_closed() {
    let dir = tempfile::tempdir().unwrap();
    let storage = SqliteStorage::open(dir.path(), Sync::Full).unwrap();
    let settings =
        RoomSettings::from_options(RoomOptions::default(), &crate::config::Config::default())
            .unwrap();
    let token = "f".repeat(64);
    let mut row = RoomRow {
        id: "room1".into(),
        settings,
        host: 7,
        state: RoomState::Waiting,
        games: 0,
        seats: vec![
            SeatRow {
                holder: Holder::Empty,
                trusteeship: false,
                trusteeship_reason: None,
            };
            5
        ],
        members: vec![MemberRow {
            player: 7,
            name: "Cao Cao".into(),
            token: SecretHash::of(&token),
            seat: Some(Seat(0)),
        }],
        empty_since: Some(1_700_000_000_000),
    };
    row.seats[0].holder = Holder::Player(7);
    storage.save_room(&row).wait().unwrap();
    row.seats[1].holder = Holder::Bot;
    storage.save_room(&row).wait().unwrap();
    let open = storage.open_rooms().unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].room.as_ref().unwrap(), &row);
    assert!(open[0].game.is_none());
    assert_eq!(storage.max_player().unwrap(), 7);

    // The token itself is nowhere in the file.
    storage.flush().wait().unwrap();
    drop(storage);
    let bytes = std::fs::read(dir.path().join(FILE_NAME)).unwrap();
    let wal = std::fs::read(dir.path().join(format!("{FILE_NAME}-wal"))).unwrap_or_default();
    for file in [&bytes, &wal] {
        assert!(!file.windows(64).any(|w| w == token.as_bytes()));
    }

    let storage = SqliteStorage::open(dir.path(), Sync::Full).unwrap();
    storage.close_room("room1", false).wait().unwrap();
    assert!(storage.open_rooms().unwrap().is_empty());
}
