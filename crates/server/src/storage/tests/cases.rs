//! The cases of the storage suite: what every store must do (see `mod.rs`).

use sgs_engine::{Game, GameConfig, Outcome, Seat};
use sgs_protocol::{RoomOptions, RoomState};

use super::Harness;
use crate::room::Holder;
use crate::settings::RoomSettings;
use crate::storage::{
    AccountRow, BanRow, GameId, GamePlayer, GameResults, GameStatus, MemberRow, NewGame,
    RebuildError, ReportRow, RoomRow, SeatResult, SeatRow, SecretHash, Storage, HASH_EVERY,
};

const NO_OUTCOME: Outcome = Outcome {
    winner: None,
    winners: Vec::new(),
    roles: Vec::new(),
};

/// Plays `n` default answers of a 4-seat game of `players` (bots where `None`) in room `abc`,
/// logging each; returns the game and its id.
fn play_logged_by(
    storage: &dyn Storage,
    n: usize,
    players: [Option<u64>; 4],
    private: bool,
) -> (Game, GameId) {
    let mut game = Game::new(GameConfig::white(4), 11).unwrap();
    let start = game.record();
    let players = (0..4)
        .map(|i| GamePlayer {
            seat: Seat(i),
            player: players[usize::from(i)],
            name: format!("p{i}"),
        })
        .collect();
    let new_game = NewGame {
        room: "abc",
        number: 1,
        start: &start,
        players,
        private,
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

pub fn play_logged(storage: &dyn Storage, n: usize) -> (Game, GameId) {
    play_logged_by(storage, n, [None; 4], false)
}

pub fn a_rebuild_hands_over_the_whole_event_stream(harness: &impl Harness) {
    let storage = harness.open();
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

pub fn a_stored_game_reads_back_as_its_record_with_its_hashes(harness: &impl Harness) {
    let storage = harness.open();
    let (game, id) = play_logged(&storage, 40);
    let stored = storage.game(id).unwrap().unwrap();
    assert_eq!(stored.record, game.record());
    assert_eq!(stored.summary.status, GameStatus::Playing);
    let at: Vec<u64> = stored.hashes.iter().map(|(n, _)| *n).collect();
    assert_eq!(at, [16, 32], "a hash every {HASH_EVERY} actions");
    assert_eq!(stored.rebuild().unwrap().hash(), game.hash());
    assert!(storage.finished_games(None, 10).unwrap().is_empty());
    assert!(storage.game(id + 1_000_000).unwrap().is_none());
    drop(storage);

    // Reopened: the next game gets a new id.
    let storage = harness.open();
    let (_, second) = play_logged(&storage, 3);
    assert!(second > id);
}

pub fn a_finished_game_is_listed_newest_first_and_pages(harness: &impl Harness) {
    let storage = harness.open();
    let mut ids = Vec::new();
    for _ in 0..3 {
        let (game, id) = play_logged(&storage, 5);
        let mut log = storage.resume("abc", id, 5);
        log.finish(&NO_OUTCOME, game.hash()).wait().unwrap();
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

pub fn a_tampered_record_fails_its_hash_check(harness: &impl Harness) {
    let storage = harness.open();
    let (_, id) = play_logged(&storage, 20);
    drop(storage);
    harness.tamper_hashes(id);
    let storage = harness.open();
    let stored = storage.game(id).unwrap().unwrap();
    let error = stored.rebuild().unwrap_err();
    assert!(
        matches!(error, RebuildError::Hash { actions: 16, .. }),
        "{error}"
    );
}

pub fn rooms_are_stored_with_token_hashes_until_closed(harness: &impl Harness) {
    let storage = harness.open();
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
        // A 计分赛 series under way (V-JF-2) reads back with the room.
        series: Some(a_series()),
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
    storage
        .chat("room1", None, 7, "Cao Cao", "hello")
        .wait()
        .unwrap();

    // The token itself is nowhere in the store.
    storage.flush().wait().unwrap();
    drop(storage);
    assert!(
        harness.contains("Cao Cao"),
        "the check looks in the right place"
    );
    assert!(!harness.contains(&token));

    let storage = harness.open();
    storage.close_room("room1", false).wait().unwrap();
    assert!(storage.open_rooms().unwrap().is_empty());
}

/// A process with a node id reads only its own open rooms (decision 0014).
pub fn a_node_reads_only_its_own_open_rooms(harness: &impl Harness) {
    let storage = harness.open();
    let settings =
        RoomSettings::from_options(RoomOptions::default(), &crate::config::Config::default())
            .unwrap();
    for id in ["n1-abc", "n2-def", "ghi", "n10-jkl"] {
        let row = RoomRow {
            id: id.into(),
            settings: settings.clone(),
            host: 1,
            state: RoomState::Waiting,
            games: 0,
            seats: Vec::new(),
            members: Vec::new(),
            empty_since: None,
            series: None,
        };
        storage.save_room(&row).wait().unwrap();
    }
    let ids = |node: &str| -> Vec<String> {
        let rooms = storage.open_rooms_of(node).unwrap();
        rooms.into_iter().map(|r| r.id).collect()
    };
    assert_eq!(ids("n1"), ["n1-abc"]);
    assert_eq!(ids("n10"), ["n10-jkl"]);
    assert!(ids("n3").is_empty());
    assert_eq!(storage.open_rooms().unwrap().len(), 4);
}

fn account(id: u64, name: &str) -> AccountRow {
    AccountRow {
        id,
        name: name.into(),
        key: name.to_lowercase(),
        password: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into(),
        created_at: 1_700_000_000_000 + id,
        private: false,
    }
}

pub fn accounts_logins_bans_and_reports_read_back(harness: &impl Harness) {
    let storage = harness.open();
    let (one, two) = (account(3, "Liu Bei"), account(9, "Guan Yu"));
    storage.save_account(&one).wait().unwrap();
    storage.save_account(&two).wait().unwrap();
    let (a, b) = (SecretHash::of("a"), SecretHash::of("b"));
    storage.save_login(3, a).wait().unwrap();
    storage.save_login(3, b).wait().unwrap();
    storage.save_login(9, SecretHash::of("c")).wait().unwrap();
    storage.revoke_logins(3, Some(a)).wait().unwrap();
    let stored = storage.accounts().unwrap();
    let mut accounts = stored.accounts.clone();
    accounts.sort_by_key(|a| a.id);
    assert_eq!(accounts, [one.clone(), two.clone()]);
    let mut logins = stored.logins.clone();
    logins.sort_by_key(|l| l.1);
    assert_eq!(logins, [(b, 3), (SecretHash::of("c"), 9)]);
    storage.revoke_logins(3, None).wait().unwrap();
    assert_eq!(storage.accounts().unwrap().logins.len(), 1);
    assert_eq!(storage.max_player().unwrap(), 9);

    let ban = BanRow {
        kind: "account".into(),
        target: "3".into(),
        until: Some(2_000_000_000_000),
        reason: "spam".into(),
        created_at: 1,
    };
    storage.save_ban(&ban).wait().unwrap();
    let lifted = BanRow {
        until: None,
        ..ban.clone()
    };
    storage.save_ban(&lifted).wait().unwrap();
    storage
        .save_ban(&BanRow {
            kind: "address".into(),
            target: "192.0.2.1".into(),
            ..ban.clone()
        })
        .wait()
        .unwrap();
    storage.remove_ban("address", "192.0.2.1").wait().unwrap();
    assert_eq!(
        storage.bans().unwrap(),
        [lifted],
        "replaced, then one lifted"
    );

    storage.ban_from_room("r1", 5, Some(10)).wait().unwrap();
    storage.ban_from_room("r1", 5, None).wait().unwrap();
    storage.ban_from_room("r2", 6, None).wait().unwrap();
    let mut bans = storage.room_bans().unwrap();
    bans.sort();
    assert_eq!(bans, [("r1".into(), 5, None), ("r2".into(), 6, None)]);
    storage.close_room("r1", false).wait().unwrap();
    assert_eq!(storage.room_bans().unwrap(), [("r2".into(), 6, None)]);

    for at in 0..3 {
        let report = ReportRow {
            id: 0,
            reporter: 3,
            player: 9,
            game: (at > 0).then_some(at),
            reason: format!("r{at}"),
            at,
        };
        storage.save_report(&report).wait().unwrap();
    }
    let page = storage.reports(None, 2).unwrap();
    let reasons: Vec<&str> = page.iter().map(|r| r.reason.as_str()).collect();
    assert_eq!(reasons, ["r2", "r1"], "newest first");
    let rest = storage.reports(Some(page[1].id), 2).unwrap();
    assert_eq!(rest.len(), 1);
    assert_eq!((rest[0].reason.as_str(), rest[0].game), ("r0", None));
}

/// A game of four accounts (players 1–4) played to its end and recorded.
fn recorded_game(storage: &dyn Storage, private: bool, won: [bool; 4]) -> GameId {
    let (game, id) = play_logged_by(storage, 4, [Some(1), Some(2), Some(3), Some(4)], private);
    let mut log = storage.resume("abc", id, 4);
    log.finish(&NO_OUTCOME, game.hash()).wait().unwrap();
    let seats = (0..4u8)
        .map(|i| SeatResult {
            seat: Seat(i),
            general: ["caocao", "liubei", "sunquan", "zhouyu"][usize::from(i)].into(),
            role: if i == 0 { "lord" } else { "rebel" }.into(),
            won: won[usize::from(i)],
            held_by: Some(u64::from(i) + 1),
            // Seat 3 ends in trusteeship: it escaped.
            trusteeship: i == 3,
        })
        .collect();
    let results = GameResults {
        game: id,
        mode: "identity".into(),
        seats,
        default_clocks: true,
        series: None,
    };
    storage.record_results(&results).wait().unwrap();
    id
}

/// A 5-seat 计分赛 series after two games.
fn a_series() -> sgs_engine::Series {
    let mut series = sgs_engine::Series::new(5, Seat(0));
    series.played = vec![
        sgs_engine::SeriesGame {
            lord: Seat(0),
            points: vec![8, 6, 0, 0, 1],
            first_out: Some(Seat(2)),
        },
        sgs_engine::SeriesGame {
            lord: Seat(1),
            points: vec![0, 0, 9, 6, 0],
            first_out: None,
        },
    ];
    series
}

/// Issue 18: a game of a 计分赛 series is stored with the series as it stood after it, and
/// the game list (`/api/games`) and the stored game read it back; a game of no series has none.
pub fn a_series_game_reads_back_with_its_series(harness: &impl Harness) {
    let storage = harness.open();
    let plain = recorded_game(&storage, false, [true, false, false, true]);
    let (game, id) = play_logged_by(&storage, 4, [Some(1), Some(2), Some(3), Some(4)], false);
    let mut log = storage.resume("abc", id, 4);
    log.finish(&NO_OUTCOME, game.hash()).wait().unwrap();
    let results = GameResults {
        game: id,
        mode: "identity".into(),
        seats: Vec::new(),
        default_clocks: true,
        series: Some(a_series()),
    };
    storage.record_results(&results).wait().unwrap();
    let storage = harness.open();
    let listed = storage.finished_games(None, 10).unwrap();
    let series_of = |id: GameId| {
        listed
            .iter()
            .find(|g| g.id == id)
            .map(|g| g.series.clone())
            .unwrap()
    };
    assert_eq!(series_of(id), Some(a_series()));
    assert_eq!(series_of(plain), None);
    let stored = storage.game(id).unwrap().unwrap();
    assert_eq!(stored.summary.series, Some(a_series()));
}

pub fn results_make_records_stats_and_ratings(harness: &impl Harness) {
    let storage = harness.open();
    for i in 1..=4 {
        storage
            .save_account(&account(i, &format!("player{i}")))
            .wait()
            .unwrap();
    }
    let public = recorded_game(&storage, false, [true, false, false, true]);
    let hidden = recorded_game(&storage, true, [false, true, true, true]);

    let listed: Vec<GameId> = storage
        .finished_games(None, 10)
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(listed, [public], "a private game is not public");
    let all: Vec<GameId> = storage
        .all_finished_games(None, 10)
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(all, [hidden, public]);
    let mine: Vec<GameId> = storage
        .games_of(2, None, 10)
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(mine, [hidden, public]);
    assert_eq!(storage.games_of(2, Some(hidden), 10).unwrap().len(), 1);

    let record = storage.player_record(1).unwrap();
    assert_eq!((record.total.games, record.total.wins), (2, 1));
    assert_eq!(record.by_role.len(), 1);
    assert_eq!(record.by_mode[0].key, "identity");
    // Seat 3 won with its camp but was in trusteeship at the end: an escape, not a win.
    let escaped = storage.player_record(4).unwrap();
    assert_eq!(
        (
            escaped.total.games,
            escaped.total.wins,
            escaped.total.escapes
        ),
        (2, 0, 2)
    );

    let stats = storage.general_stats("identity").unwrap();
    assert_eq!((stats.games, stats.seats), (2, 8));
    let caocao: Vec<_> = stats
        .generals
        .iter()
        .filter(|g| g.general == "caocao")
        .map(|g| (g.role.as_str(), g.games, g.wins))
        .collect();
    assert_eq!(caocao, [("lord", 2, 1)]);

    let ratings = storage.ratings_of(1).unwrap();
    assert_eq!(ratings.len(), 1);
    assert_eq!(
        (ratings[0].mode.as_str(), ratings[0].games),
        ("identity", 2)
    );
    let board = storage.leaderboard("identity", 0, 10).unwrap();
    assert_eq!(board.len(), 4);
    assert!(board.windows(2).all(|w| w[0].score >= w[1].score));
    assert_eq!(storage.leaderboard("identity", 3, 10).unwrap().len(), 1);
    // A private account leaves the leaderboard.
    let mut private = account(1, "player1");
    private.private = true;
    storage.save_account(&private).wait().unwrap();
    let board = storage.leaderboard("identity", 0, 10).unwrap();
    assert!(board.iter().all(|r| r.account != 1), "{board:?}");
}

pub fn a_game_written_whole_replaces_what_was_stored(harness: &impl Harness) {
    let storage = harness.open();
    let (game, id) = play_logged(&storage, 20);
    let record = game.record();
    let start = sgs_engine::Record {
        actions: Vec::new(),
        ..record.clone()
    };
    let players = (0..4)
        .map(|i| GamePlayer {
            seat: Seat(i),
            player: Some(50 + u64::from(i)),
            name: "again".into(),
        })
        .collect();
    let new_game = NewGame {
        room: "abc",
        number: 1,
        start: &start,
        players,
        private: false,
        host: Some(50),
    };
    storage.replace_game(id, new_game, &record).wait().unwrap();
    let stored = storage.game(id).unwrap().unwrap();
    assert_eq!(stored.record, record);
    assert_eq!(stored.summary.players[0].player, Some(50));
    assert_eq!(stored.summary.host, Some(50));
    assert_eq!(stored.rebuild().unwrap().hash(), game.hash());
    assert_eq!(storage.max_player().unwrap(), 53);
}

/// A write whose answer was lost (a dropped connection during `COMMIT`) may have committed:
/// the room goes back to its last acknowledged action and appends from there, over it.
pub fn a_reopened_log_appends_over_what_a_lost_commit_left(harness: &impl Harness) {
    let storage = harness.open();
    let (game, id) = play_logged(&storage, 20);
    // The room believes only 18 actions are durable; it plays them again from there.
    let mut again = game.record().replay_prefix(18).unwrap();
    let mut log = storage.resume("abc", id, 18);
    let prompt = again.prompts()[0].clone();
    let action = prompt.default_action();
    again.act(prompt.seat, action.clone()).unwrap();
    log.append(prompt.seat, &action, again.hash())
        .wait()
        .unwrap();
    let stored = storage.game(id).unwrap().unwrap();
    assert_eq!(stored.record.actions.len(), 19, "the later rows are gone");
    assert_eq!(stored.rebuild().unwrap().hash(), again.hash());
}

/// Group commit: a job that fails does not undo the others of its batch.
pub fn writes_in_one_batch_fail_alone(harness: &impl Harness) {
    let storage = harness.open();
    let first = storage.save_account(&account(1, "Zhang Fei"));
    let clash = storage.save_account(&account(2, "Zhang Fei"));
    let other = storage.save_account(&account(3, "Zhao Yun"));
    first.wait().unwrap();
    assert!(clash.wait().is_err(), "a second account with the same name");
    other.wait().unwrap();
    let ids: Vec<u64> = {
        let mut ids: Vec<u64> = storage
            .accounts()
            .unwrap()
            .accounts
            .iter()
            .map(|a| a.id)
            .collect();
        ids.sort();
        ids
    };
    assert_eq!(ids, [1, 3]);
}
