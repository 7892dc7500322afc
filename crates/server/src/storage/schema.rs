//! The store's schema, one step per version, and [`migrate`], which applies the steps a
//! database lacks. The version lives in `PRAGMA user_version`; each step runs in its own
//! transaction together with its version bump, so a crash mid-migration leaves the previous
//! version. A database newer than the server is refused rather than guessed at.

use std::io;

use rusqlite::Connection;

pub(super) fn db_error(error: rusqlite::Error) -> io::Error {
    io::Error::other(error)
}

/// The schema, one step per version: `MIGRATIONS[i]` takes version `i` to `i + 1`.
pub const MIGRATIONS: &[&str] = &[
    // 1: rooms, members, games, actions, chat.
    "CREATE TABLE rooms (
        id         TEXT PRIMARY KEY,
        state      TEXT NOT NULL,      -- waiting | playing | finished | closed | failed
        host       INTEGER NOT NULL,
        games      INTEGER NOT NULL,   -- games started
        settings   TEXT NOT NULL,      -- RoomSettings (JSON; the password only as a hash)
        seats      TEXT NOT NULL,      -- [SeatRow] (JSON)
        created_at INTEGER NOT NULL,   -- unix ms
        updated_at INTEGER NOT NULL
    );
    CREATE INDEX rooms_open ON rooms (state) WHERE state NOT IN ('closed', 'failed');
    CREATE TABLE members (
        room   TEXT NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
        player INTEGER NOT NULL,
        name   TEXT NOT NULL,
        token  BLOB NOT NULL,          -- SHA-256 of the session token, never the token
        seat   INTEGER,                -- NULL: a spectator
        PRIMARY KEY (room, player)
    );
    CREATE TABLE games (
        id             INTEGER PRIMARY KEY,
        room           TEXT NOT NULL,
        number         INTEGER NOT NULL,   -- the room's n-th game
        status         TEXT NOT NULL,      -- playing | finished | abandoned | failed
        record_version INTEGER NOT NULL,
        engine         TEXT NOT NULL,
        setup          TEXT NOT NULL,      -- sgs_engine::Setup (JSON)
        seed           INTEGER NOT NULL,
        players        TEXT NOT NULL,      -- [GamePlayer] (JSON)
        started_at     INTEGER NOT NULL,
        finished_at    INTEGER,
        actions        INTEGER NOT NULL DEFAULT 0,   -- set when the game ends
        outcome        TEXT,               -- sgs_engine::Outcome (JSON)
        final_hash     INTEGER
    );
    CREATE INDEX games_room ON games (room, id);
    CREATE INDEX games_finished ON games (id) WHERE status = 'finished';
    CREATE TABLE actions (
        game   INTEGER NOT NULL REFERENCES games (id),
        n      INTEGER NOT NULL,       -- position in the record, from 0
        seat   INTEGER NOT NULL,
        action TEXT NOT NULL,          -- sgs_engine::Action (JSON)
        hash   INTEGER,                -- Game::hash() after this action, every HASH_EVERY
        PRIMARY KEY (game, n)
    ) WITHOUT ROWID;
    CREATE TABLE chat (
        id     INTEGER PRIMARY KEY,
        room   TEXT NOT NULL,
        game   INTEGER,
        player INTEGER NOT NULL,
        name   TEXT NOT NULL,
        text   TEXT NOT NULL,
        at     INTEGER NOT NULL
    );
    CREATE INDEX chat_room ON chat (room, id);",
    // 2: the rules version of everything a game uses (record format 2); NULL for the games of
    // server 0.1.0, whose records are format 1 and are converted when read.
    "ALTER TABLE games ADD COLUMN rules TEXT;   -- [sgs_engine::RulesVersion] (JSON)",
    // 3: since when nobody is connected to a room (abandoned rooms do not come back).
    "ALTER TABLE rooms ADD COLUMN empty_since INTEGER;",
    // 4: who may see a game. `private`: its room was private or had a password (only its
    // players and host may see it); `host`: the room's host when it began. Games stored before
    // take both from their room. `game_players`: who held each seat, indexed by player, for the
    // records of a player and the lists of their own games.
    "ALTER TABLE games ADD COLUMN private INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN host INTEGER;
    UPDATE games SET
        private = COALESCE((SELECT json_extract(settings, '$.private') = 1
                                   OR json_extract(settings, '$.password') IS NOT NULL
                            FROM rooms WHERE rooms.id = games.room), 0),
        host = (SELECT host FROM rooms WHERE rooms.id = games.room);
    DROP INDEX games_finished;
    CREATE INDEX games_public ON games (id) WHERE status = 'finished' AND private = 0;
    CREATE TABLE game_players (
        game   INTEGER NOT NULL REFERENCES games (id),
        seat   INTEGER NOT NULL,
        player INTEGER,                -- NULL: a bot
        PRIMARY KEY (game, seat)
    ) WITHOUT ROWID;
    CREATE INDEX game_players_player ON game_players (player, game) WHERE player IS NOT NULL;
    INSERT INTO game_players (game, seat, player)
        SELECT games.id, json_extract(p.value, '$.seat'), json_extract(p.value, '$.player')
        FROM games, json_each(games.players) AS p;",
    // 5: accounts (a claimed player id keeps its id and its games) and their login tokens.
    "CREATE TABLE accounts (
        id         INTEGER PRIMARY KEY,    -- the player id the guest had when it claimed it
        name       TEXT NOT NULL,          -- as shown
        name_key   TEXT NOT NULL UNIQUE,   -- accounts::names::key: unique across accounts
        password   TEXT NOT NULL,          -- Argon2id, PHC string
        created_at INTEGER NOT NULL,
        private    INTEGER NOT NULL DEFAULT 0   -- the player hides its history
    );
    CREATE TABLE logins (
        token      BLOB PRIMARY KEY,       -- SHA-256 of the login token, never the token
        account    INTEGER NOT NULL REFERENCES accounts (id),
        created_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX logins_account ON logins (account);",
    // 6: records. Each finished game's mode, and each seat's general, role, result and whether
    // its player escaped (left, or in trusteeship at the end); totals per general for the
    // general pages. Games stored before take their mode from their setup (every such game is
    // an identity game), roles and results from their outcome; their generals are unknown and
    // they count in no general's totals. Practice tables (scenarios) count in no record.
    "ALTER TABLE games ADD COLUMN mode TEXT;
    ALTER TABLE game_players ADD COLUMN general TEXT;
    ALTER TABLE game_players ADD COLUMN role TEXT;
    ALTER TABLE game_players ADD COLUMN won INTEGER;
    ALTER TABLE game_players ADD COLUMN escaped INTEGER;
    UPDATE games SET mode = COALESCE(json_extract(setup, '$.value.ruleset.mode'), 'identity')
        WHERE status = 'finished' AND outcome IS NOT NULL
          AND COALESCE(json_extract(setup, '$.kind'), 'config') = 'config';
    UPDATE game_players SET
        role = (SELECT json_extract(g.outcome, '$.roles[' || game_players.seat || ']')
                FROM games g WHERE g.id = game_players.game),
        won = (SELECT EXISTS (SELECT 1 FROM json_each(g.outcome, '$.winners') AS w
                              WHERE w.value = game_players.seat)
               FROM games g WHERE g.id = game_players.game),
        escaped = 0
        WHERE game IN (SELECT id FROM games WHERE mode IS NOT NULL);
    CREATE TABLE general_stats (
        mode    TEXT NOT NULL,
        general TEXT NOT NULL,
        role    TEXT NOT NULL,
        games   INTEGER NOT NULL,
        wins    INTEGER NOT NULL,
        PRIMARY KEY (mode, general, role)
    ) WITHOUT ROWID;
    CREATE TABLE mode_stats (
        mode  TEXT PRIMARY KEY,
        games INTEGER NOT NULL,   -- recorded games
        seats INTEGER NOT NULL    -- seats in them (the denominator of a pick rate)
    ) WITHOUT ROWID;",
    // 7: ratings (decision 0011): one Weng-Lin rating per account per mode; `score` is
    // rating − 3 × uncertainty, what the leaderboard orders by; `hidden` mirrors the account's
    // `private`, so a leaderboard page is found in the index alone. `games.rated`: the game
    // updated ratings.
    "ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE ratings (
        account     INTEGER NOT NULL REFERENCES accounts (id),
        mode        TEXT NOT NULL,
        rating      REAL NOT NULL,
        uncertainty REAL NOT NULL,
        score       REAL NOT NULL,
        games       INTEGER NOT NULL,
        hidden      INTEGER NOT NULL DEFAULT 0,  -- the account hides its history
        PRIMARY KEY (account, mode)
    ) WITHOUT ROWID;
    CREATE INDEX ratings_board ON ratings (mode, hidden, score DESC);",
    // 8: moderation. Server bans (an account or an address) with an optional expiry,
    // players' reports for the operator, and hosts' bans from their open rooms.
    "CREATE TABLE bans (
        kind       TEXT NOT NULL,      -- account | address
        target     TEXT NOT NULL,      -- the account id, or the address
        until      INTEGER,            -- unix ms; NULL: until lifted
        reason     TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (kind, target)
    ) WITHOUT ROWID;
    CREATE TABLE reports (
        id       INTEGER PRIMARY KEY,
        reporter INTEGER NOT NULL,     -- player id
        player   INTEGER NOT NULL,     -- the reported player
        game     INTEGER,
        reason   TEXT NOT NULL,
        at       INTEGER NOT NULL
    );
    CREATE TABLE room_bans (           -- a host's bans, while its room is open
        room   TEXT NOT NULL,
        player INTEGER NOT NULL,
        until  INTEGER,                -- unix ms; NULL: as long as the room lives
        PRIMARY KEY (room, player)
    ) WITHOUT ROWID;",
    // 9: 计分赛 series (issue 18): a room's series in progress, and with each finished game of
    // a series the series as it stood after it (both `sgs_engine::Series`, JSON).
    "ALTER TABLE rooms ADD COLUMN series TEXT;
    ALTER TABLE games ADD COLUMN series TEXT;",
];

/// Applies the migrations `conn` lacks. Returns how many were applied.
pub fn migrate(conn: &mut Connection) -> io::Result<usize> {
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .map_err(db_error)?;
    let version = usize::try_from(version).unwrap_or(usize::MAX);
    if version > MIGRATIONS.len() {
        return Err(io::Error::other(format!(
            "the database has schema version {version}; this server knows up to {}: \
             use a newer server",
            MIGRATIONS.len()
        )));
    }
    for (step, sql) in MIGRATIONS.iter().enumerate().skip(version) {
        let tx = conn.transaction().map_err(db_error)?;
        tx.execute_batch(sql).map_err(db_error)?;
        tx.pragma_update(None, "user_version", (step + 1) as i64)
            .map_err(db_error)?;
        tx.commit().map_err(db_error)?;
        tracing::info!(version = step + 1, "store schema migrated");
    }
    Ok(MIGRATIONS.len() - version)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::FILE_NAME;

    fn table_names(conn: &Connection) -> Vec<String> {
        let mut query = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .unwrap();
        let names = query.query_map([], |row| row.get(0)).unwrap();
        names.collect::<rusqlite::Result<_>>().unwrap()
    }

    #[test]
    fn a_fresh_database_migrates_and_reopening_is_a_no_op() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        let mut conn = Connection::open(&path).unwrap();
        assert_eq!(migrate(&mut conn).unwrap(), MIGRATIONS.len());
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(version, MIGRATIONS.len() as i64);
        let tables = table_names(&conn);
        for table in [
            "accounts",
            "actions",
            "bans",
            "chat",
            "game_players",
            "games",
            "logins",
            "members",
            "ratings",
            "reports",
            "room_bans",
            "rooms",
        ] {
            assert!(tables.contains(&table.to_string()), "{tables:?}");
        }
        conn.execute(
            "INSERT INTO chat (room, player, name, text, at) VALUES ('r', 1, 'a', 'hi', 0)",
            [],
        )
        .unwrap();
        drop(conn);

        let mut again = Connection::open(&path).unwrap();
        assert_eq!(migrate(&mut again).unwrap(), 0, "nothing to do");
        assert_eq!(table_names(&again), tables);
        let kept: i64 = again
            .query_row("SELECT COUNT(*) FROM chat", [], |r| r.get(0))
            .unwrap();
        assert_eq!(kept, 1, "data survives a re-open");

        // A database from a newer server is refused, not guessed at.
        again
            .pragma_update(None, "user_version", MIGRATIONS.len() as i64 + 1)
            .unwrap();
        let error = migrate(&mut again).unwrap_err();
        assert!(error.to_string().contains("newer server"), "{error}");
    }

    #[test]
    fn games_stored_before_take_privacy_and_players_from_their_rooms_and_records_from_outcomes() {
        let mut conn = Connection::open_in_memory().unwrap();
        let tx = conn.transaction().unwrap();
        for sql in &MIGRATIONS[..3] {
            tx.execute_batch(sql).unwrap();
        }
        tx.pragma_update(None, "user_version", 3).unwrap();
        tx.commit().unwrap();
        conn.execute_batch(
            r#"INSERT INTO rooms VALUES ('open', 'closed', 1, 1, '{"private":false,"password":null}', '[]', 0, 0, NULL);
            INSERT INTO rooms VALUES ('pw', 'closed', 2, 1, '{"private":false,"password":[1,2]}', '[]', 0, 0, NULL);
            INSERT INTO rooms VALUES ('hid', 'closed', 3, 1, '{"private":true,"password":null}', '[]', 0, 0, NULL);
            INSERT INTO games (id, room, number, status, record_version, engine, setup, seed, players, started_at, outcome)
                VALUES (1, 'open', 1, 'finished', 2, 'e', '{"kind":"config","value":{"ruleset":{"mode":"identity"}}}', 0, '[{"seat":0,"player":1,"name":"a"},{"seat":1,"player":null,"name":"bot"}]', 0,
                        '{"winner":"rebels","winners":[1],"roles":["lord","rebel"]}');
            INSERT INTO games (id, room, number, status, record_version, engine, setup, seed, players, started_at)
                VALUES
                       (2, 'pw', 1, 'finished', 2, 'e', '{}', 0, '[{"seat":0,"player":2,"name":"b"}]', 0),
                       (3, 'hid', 1, 'finished', 2, 'e', '{}', 0, '[{"seat":0,"player":3,"name":"c"}]', 0),
                       (4, 'gone', 1, 'finished', 2, 'e', '{}', 0, '[]', 0);"#,
        )
        .unwrap();
        assert_eq!(migrate(&mut conn).unwrap(), MIGRATIONS.len() - 3);
        let games: Vec<(i64, bool, Option<i64>)> = conn
            .prepare("SELECT id, private, host FROM games ORDER BY id")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert_eq!(
            games,
            [
                (1, false, Some(1)),
                (2, true, Some(2)),
                (3, true, Some(3)),
                (4, false, None)
            ]
        );
        let seats: Vec<(i64, i64, Option<i64>)> = conn
            .prepare("SELECT game, seat, player FROM game_players ORDER BY game, seat")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert_eq!(
            seats,
            [
                (1, 0, Some(1)),
                (1, 1, None),
                (2, 0, Some(2)),
                (3, 0, Some(3))
            ]
        );
        // Version 6: the records of games stored before, from their outcomes.
        type Recorded = (i64, Option<String>, Option<bool>, Option<String>);
        let records: Vec<Recorded> = conn
            .prepare(
                "SELECT seat, role, won, (SELECT mode FROM games WHERE id = game)
                 FROM game_players WHERE game = 1 ORDER BY seat",
            )
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        let identity = Some("identity".to_string());
        assert_eq!(
            records,
            [
                (0, Some("lord".into()), Some(false), identity.clone()),
                (1, Some("rebel".into()), Some(true), identity)
            ]
        );
        let unrecorded: i64 = conn
            .query_row(
                "SELECT COUNT(*) FROM game_players WHERE won IS NOT NULL AND game > 1",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(unrecorded, 0, "games without an outcome count in no record");
    }
}
