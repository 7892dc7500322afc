//! The PostgreSQL store's schema, one step per version, and [`migrate`], which applies the
//! steps a database lacks — the same rules as the SQLite store's (`storage/schema.rs`): each
//! step runs in its own transaction together with its version bump, so a crash mid-migration
//! leaves the previous version, and a database newer than the server is refused. The version
//! lives in the one-row table `schema_version`. Several servers may start at once on one
//! database: each step is taken under a transaction-scoped advisory lock, and the version is
//! read again under it.
//!
//! Step 1 is the SQLite schema as of its version 8, in PostgreSQL's types: `BIGINT` for ids,
//! times and hashes (u64 values are stored as the i64 with the same bits, as in SQLite),
//! `BOOLEAN` for flags, `BYTEA` for token hashes, `TEXT` for JSON (kept as written, so what is
//! read back parses exactly as in SQLite). A later change to the schema adds a step here and
//! one to `storage::MIGRATIONS`.

use std::io;

use postgres::Client;

/// Any advisory lock key of ours: "sgs-migr".
const MIGRATION_LOCK: i64 = 0x7367_732d_6d69_6772;

pub(super) fn pg_error(error: postgres::Error) -> io::Error {
    io::Error::other(error)
}

/// The schema, one step per version: `PG_MIGRATIONS[i]` takes version `i` to `i + 1`.
pub const PG_MIGRATIONS: &[&str] = &[
    // 1: everything of the SQLite schema version 8 (rooms, members, games, actions, chat,
    // game_players, accounts, logins, records, ratings, moderation), and the sequence that
    // numbers games across every server process sharing the database.
    "CREATE TABLE rooms (
        id          TEXT PRIMARY KEY,
        state       TEXT NOT NULL,      -- waiting | playing | finished | closed | failed
        host        BIGINT NOT NULL,
        games       BIGINT NOT NULL,    -- games started
        settings    TEXT NOT NULL,      -- RoomSettings (JSON; the password only as a hash)
        seats       TEXT NOT NULL,      -- [SeatRow] (JSON)
        created_at  BIGINT NOT NULL,    -- unix ms
        updated_at  BIGINT NOT NULL,
        empty_since BIGINT              -- since when nobody is connected
    );
    CREATE INDEX rooms_open ON rooms (created_at, id) WHERE state NOT IN ('closed', 'failed');
    CREATE TABLE members (
        room   TEXT NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
        player BIGINT NOT NULL,
        name   TEXT NOT NULL,
        token  BYTEA NOT NULL,          -- SHA-256 of the session token, never the token
        seat   BIGINT,                  -- NULL: a spectator
        PRIMARY KEY (room, player)
    );
    CREATE SEQUENCE game_ids INCREMENT BY 64;
    CREATE TABLE games (
        id             BIGINT PRIMARY KEY,   -- from blocks of game_ids
        room           TEXT NOT NULL,
        number         BIGINT NOT NULL,      -- the room's n-th game
        status         TEXT NOT NULL,        -- playing | finished | abandoned | failed
        record_version BIGINT NOT NULL,
        engine         TEXT NOT NULL,
        rules          TEXT,                 -- [sgs_engine::RulesVersion] (JSON)
        setup          TEXT NOT NULL,        -- sgs_engine::Setup (JSON)
        seed           BIGINT NOT NULL,
        players        TEXT NOT NULL,        -- [GamePlayer] (JSON)
        started_at     BIGINT NOT NULL,
        finished_at    BIGINT,
        actions        BIGINT NOT NULL DEFAULT 0,   -- set when the game ends
        outcome        TEXT,                 -- sgs_engine::Outcome (JSON)
        final_hash     BIGINT,
        private        BOOLEAN NOT NULL DEFAULT FALSE,
        host           BIGINT,
        mode           TEXT,
        rated          BOOLEAN NOT NULL DEFAULT FALSE
    );
    CREATE INDEX games_room ON games (room, id);
    CREATE INDEX games_finished ON games (id) WHERE status = 'finished';
    CREATE INDEX games_public ON games (id) WHERE status = 'finished' AND NOT private;
    CREATE TABLE actions (
        game   BIGINT NOT NULL REFERENCES games (id),
        n      BIGINT NOT NULL,         -- position in the record, from 0
        seat   BIGINT NOT NULL,
        action TEXT NOT NULL,           -- sgs_engine::Action (JSON)
        hash   BIGINT,                  -- Game::hash() after this action, every HASH_EVERY
        PRIMARY KEY (game, n)
    );
    CREATE TABLE chat (
        id     BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        room   TEXT NOT NULL,
        game   BIGINT,
        player BIGINT NOT NULL,
        name   TEXT NOT NULL,
        text   TEXT NOT NULL,
        at     BIGINT NOT NULL
    );
    CREATE INDEX chat_room ON chat (room, id);
    CREATE TABLE game_players (
        game    BIGINT NOT NULL REFERENCES games (id),
        seat    BIGINT NOT NULL,
        player  BIGINT,                 -- NULL: a bot
        general TEXT,
        role    TEXT,
        won     BOOLEAN,
        escaped BOOLEAN,
        PRIMARY KEY (game, seat)
    );
    CREATE INDEX game_players_player ON game_players (player, game) WHERE player IS NOT NULL;
    CREATE TABLE accounts (
        id         BIGINT PRIMARY KEY,    -- the player id the guest had when it claimed it
        name       TEXT NOT NULL,
        name_key   TEXT NOT NULL UNIQUE,  -- accounts::names::key: unique across accounts
        password   TEXT NOT NULL,         -- Argon2id, PHC string
        created_at BIGINT NOT NULL,
        private    BOOLEAN NOT NULL DEFAULT FALSE
    );
    CREATE TABLE logins (
        token      BYTEA PRIMARY KEY,     -- SHA-256 of the login token, never the token
        account    BIGINT NOT NULL REFERENCES accounts (id),
        created_at BIGINT NOT NULL
    );
    CREATE INDEX logins_account ON logins (account);
    CREATE TABLE general_stats (
        mode    TEXT NOT NULL,
        general TEXT NOT NULL,
        role    TEXT NOT NULL,
        games   BIGINT NOT NULL,
        wins    BIGINT NOT NULL,
        PRIMARY KEY (mode, general, role)
    );
    CREATE TABLE mode_stats (
        mode  TEXT PRIMARY KEY,
        games BIGINT NOT NULL,
        seats BIGINT NOT NULL
    );
    CREATE TABLE ratings (
        account     BIGINT NOT NULL REFERENCES accounts (id),
        mode        TEXT NOT NULL,
        rating      DOUBLE PRECISION NOT NULL,
        uncertainty DOUBLE PRECISION NOT NULL,
        score       DOUBLE PRECISION NOT NULL,
        games       BIGINT NOT NULL,
        hidden      BOOLEAN NOT NULL DEFAULT FALSE,
        PRIMARY KEY (account, mode)
    );
    CREATE INDEX ratings_board ON ratings (mode, hidden, score DESC);
    CREATE TABLE bans (
        kind       TEXT NOT NULL,
        target     TEXT NOT NULL,
        until      BIGINT,
        reason     TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (kind, target)
    );
    CREATE TABLE reports (
        id       BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        reporter BIGINT NOT NULL,
        player   BIGINT NOT NULL,
        game     BIGINT,
        reason   TEXT NOT NULL,
        at       BIGINT NOT NULL
    );
    CREATE TABLE room_bans (
        room   TEXT NOT NULL,
        player BIGINT NOT NULL,
        until  BIGINT,
        PRIMARY KEY (room, player)
    );",
    // 2: player ids for every process sharing the database, a block of 64 at a time (guests'
    // ids, which accounts keep), starting above every id stored so far.
    "CREATE SEQUENCE player_ids INCREMENT BY 64;
    SELECT setval('player_ids',
                  GREATEST((SELECT COALESCE(MAX(player), 0) FROM members),
                           (SELECT COALESCE(MAX(player), 0) FROM game_players),
                           (SELECT COALESCE(MAX(id), 0) FROM accounts)) + 1,
                  false);",
    // 3: 计分赛 series (issue 18), as the SQLite store's step 9.
    "ALTER TABLE rooms ADD COLUMN series TEXT;
    ALTER TABLE games ADD COLUMN series TEXT;",
    // 4: room leases (issue 21, decision 0021): which process runs each open room, until when
    // (the database's clock, unix ms), and the epoch that fences its writes. Epochs come from
    // one sequence, so no two claims of any room ever share one. PostgreSQL only: one SQLite
    // process owns every room.
    "CREATE SEQUENCE lease_epochs;
    CREATE TABLE room_leases (
        room       TEXT PRIMARY KEY,
        owner      TEXT NOT NULL,       -- the node id (--node-id) of the process running it
        epoch      BIGINT NOT NULL,     -- from lease_epochs; every write of the room names it
        expires_at BIGINT NOT NULL      -- unix ms, database clock
    );
    CREATE INDEX room_leases_owner ON room_leases (owner);",
    // 5: the public room list shared by the processes (decision 0021) reads the rooms changed
    // since its last look; `updated_at` is on the database's clock from now on.
    "CREATE INDEX rooms_updated ON rooms (updated_at);",
    // 6: guest sessions shared by the processes (issue 21): a guest's token made on one
    // process is honoured on every other (its player id and name). PostgreSQL only: one SQLite
    // process keeps its sessions in memory. Rows older than `GUEST_DAYS` are deleted.
    "CREATE TABLE guest_sessions (
        token      BYTEA PRIMARY KEY,   -- SHA-256 of the session token
        player     BIGINT NOT NULL,
        name       TEXT NOT NULL,
        created_at BIGINT NOT NULL      -- unix ms
    );
    CREATE INDEX guest_sessions_created ON guest_sessions (created_at);",
];

/// Applies the migrations the database lacks. Returns how many were applied.
pub fn migrate(client: &mut Client) -> io::Result<usize> {
    let mut applied = 0;
    loop {
        let mut tx = client.transaction().map_err(pg_error)?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
            .map_err(pg_error)?;
        tx.batch_execute(
            "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL);
             INSERT INTO schema_version (version)
                 SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM schema_version);",
        )
        .map_err(pg_error)?;
        let version: i64 = tx
            .query_one("SELECT MAX(version) FROM schema_version", &[])
            .and_then(|row| row.try_get::<_, Option<i64>>(0))
            .map_err(pg_error)?
            .unwrap_or(0);
        let version = usize::try_from(version).unwrap_or(usize::MAX);
        if version > PG_MIGRATIONS.len() {
            return Err(io::Error::other(format!(
                "the database has schema version {version}; this server knows up to {}: \
                 use a newer server",
                PG_MIGRATIONS.len()
            )));
        }
        let Some(sql) = PG_MIGRATIONS.get(version) else {
            tx.commit().map_err(pg_error)?;
            return Ok(applied);
        };
        tx.batch_execute(sql).map_err(pg_error)?;
        tx.execute(
            "UPDATE schema_version SET version = $1",
            &[&(version as i64 + 1)],
        )
        .map_err(pg_error)?;
        tx.commit().map_err(pg_error)?;
        applied += 1;
        tracing::info!(version = version + 1, "store schema migrated (PostgreSQL)");
    }
}
