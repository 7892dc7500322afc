//! Reading the SQLite store back: rooms with their members, games with their actions and
//! hashes. Every row is checked as it is parsed; a bad one is an error naming what is wrong.

use rusqlite::{params, Connection, OptionalExtension};
use sgs_engine::{Action, Outcome, Record, Seat};
use sgs_protocol::{PlayerId, RoomState};

use super::{
    AccountRow, BanRow, GameId, GamePlayer, GameStatus, GameSummary, GeneralStats, GeneralTally,
    MemberRow, PlayerRecord, RatingRow, ReportRow, RoomRow, SeatRow, SecretHash, StoredAccounts,
    StoredGame, Tally,
};

/// A `rooms` row as read.
pub(super) struct RoomColumns {
    pub id: String,
    pub state: String,
    pub host: i64,
    pub games: i64,
    pub settings: String,
    pub seats: String,
    pub created_at: i64,
    pub empty_since: Option<i64>,
    pub series: Option<String>,
}

pub(super) fn read_room(conn: &Connection, row: &RoomColumns) -> Result<RoomRow, String> {
    let members = conn
        .prepare_cached("SELECT player, name, token, seat FROM members WHERE room = ?1")
        .and_then(|mut query| {
            query
                .query_map(params![row.id], |row| {
                    Ok(MemberColumns {
                        player: row.get(0)?,
                        name: row.get(1)?,
                        token: row.get(2)?,
                        seat: row.get(3)?,
                    })
                })?
                .collect::<rusqlite::Result<Vec<_>>>()
        })
        .map_err(|e| format!("members: {e}"))?;
    room_row(row, members)
}

/// A `members` row as read.
pub(super) struct MemberColumns {
    pub player: i64,
    pub name: String,
    pub token: Vec<u8>,
    pub seat: Option<i64>,
}

/// A room from its row and its members' rows (any store).
pub(super) fn room_row(row: &RoomColumns, members: Vec<MemberColumns>) -> Result<RoomRow, String> {
    let RoomColumns {
        id,
        state,
        host,
        games,
        settings,
        seats,
        empty_since,
        series,
        ..
    } = row;
    let (host, games, empty_since) = (*host, *games, *empty_since);
    let state: RoomState = serde_json::from_value(serde_json::Value::String(state.into()))
        .map_err(|e| format!("room state {state:?}: {e}"))?;
    let settings = serde_json::from_str(settings).map_err(|e| format!("room settings: {e}"))?;
    let seats: Vec<SeatRow> = serde_json::from_str(seats).map_err(|e| format!("seats: {e}"))?;
    let series = series
        .as_deref()
        .map(serde_json::from_str)
        .transpose()
        .map_err(|e| format!("series: {e}"))?;
    let members = members
        .into_iter()
        .map(
            |MemberColumns {
                 player,
                 name,
                 token,
                 seat,
             }| {
                let token = <[u8; 32]>::try_from(token.as_slice())
                    .map_err(|_| format!("player {player}'s token hash is not 32 bytes"))?;
                let seat = seat
                    .map(|s| u8::try_from(s).map(Seat))
                    .transpose()
                    .map_err(|_| format!("player {player}'s seat is out of range"))?;
                Ok(MemberRow {
                    player: player as u64,
                    name,
                    token: SecretHash(token),
                    seat,
                })
            },
        )
        .collect::<Result<Vec<_>, String>>()?;
    Ok(RoomRow {
        id: id.to_string(),
        settings,
        host: host as u64,
        state,
        games: u32::try_from(games).map_err(|_| format!("{games} games"))?,
        seats,
        members,
        empty_since: empty_since.map(|t| t as u64),
        series,
    })
}

pub(super) const SUMMARY_COLUMNS: &str =
    "id, room, number, status, engine, started_at, finished_at, \
     players, actions, outcome, record_version, setup, seed, final_hash, rules, private, host, \
     series";

/// A `games` row as read.
pub(super) struct SummaryRow {
    pub(super) id: i64,
    pub(super) room: String,
    pub(super) number: i64,
    pub(super) status: String,
    pub(super) engine: String,
    pub(super) started_at: i64,
    pub(super) finished_at: Option<i64>,
    pub(super) players: String,
    pub(super) actions: i64,
    pub(super) outcome: Option<String>,
    pub(super) record_version: i64,
    pub(super) setup: String,
    pub(super) seed: i64,
    pub(super) final_hash: Option<i64>,
    pub(super) rules: Option<String>,
    pub(super) private: bool,
    pub(super) host: Option<i64>,
    pub(super) series: Option<String>,
}

pub(super) fn summary_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<SummaryRow> {
    Ok(SummaryRow {
        id: row.get(0)?,
        room: row.get(1)?,
        number: row.get(2)?,
        status: row.get(3)?,
        engine: row.get(4)?,
        started_at: row.get(5)?,
        finished_at: row.get(6)?,
        players: row.get(7)?,
        actions: row.get(8)?,
        outcome: row.get(9)?,
        record_version: row.get(10)?,
        setup: row.get(11)?,
        seed: row.get(12)?,
        final_hash: row.get(13)?,
        rules: row.get(14)?,
        private: row.get(15)?,
        host: row.get(16)?,
        series: row.get(17)?,
    })
}

impl SummaryRow {
    /// The summary, and the record without its actions.
    pub(super) fn into_summary(self) -> Result<(GameSummary, Record), String> {
        let id = self.id;
        let bad = |what: &str, e: serde_json::Error| format!("game {id}: {what}: {e}");
        let status = GameStatus::parse(&self.status)
            .ok_or_else(|| format!("game {id}: unknown status {:?}", self.status))?;
        let players: Vec<GamePlayer> =
            serde_json::from_str(&self.players).map_err(|e| bad("players", e))?;
        let outcome: Option<Outcome> = self
            .outcome
            .as_deref()
            .map(serde_json::from_str)
            .transpose()
            .map_err(|e| bad("outcome", e))?;
        let series: Option<sgs_engine::Series> = self
            .series
            .as_deref()
            .map(serde_json::from_str)
            .transpose()
            .map_err(|e| bad("series", e))?;
        // Read as the engine reads a record, so a game of server 0.1.0 (record format 1, no
        // rules column) is converted the same way.
        let setup: serde_json::Value =
            serde_json::from_str(&self.setup).map_err(|e| bad("setup", e))?;
        let rules: serde_json::Value = match &self.rules {
            Some(rules) => serde_json::from_str(rules).map_err(|e| bad("rules", e))?,
            None => serde_json::Value::Array(Vec::new()),
        };
        let record = Record::from_value(serde_json::json!({
            "version": self.record_version,
            "engine": self.engine,
            "rules": rules,
            "setup": setup,
            "seed": self.seed as u64,
            "actions": [],
        }))
        .map_err(|e| format!("game {id}: {e}"))?;
        let summary = GameSummary {
            id: id as u64,
            room: self.room,
            number: u32::try_from(self.number).unwrap_or(u32::MAX),
            status,
            engine: self.engine,
            started_at: self.started_at as u64,
            finished_at: self.finished_at.map(|t| t as u64),
            players,
            actions: self.actions as u64,
            outcome,
            private: self.private,
            host: self.host.map(|h| h as u64),
            series,
        };
        Ok((summary, record))
    }
}

/// A whole game: its row, then its actions in order (a gap is an error).
pub(super) fn read_game(conn: &Connection, id: GameId) -> Result<Option<StoredGame>, String> {
    let row = conn
        .prepare_cached(&format!(
            "SELECT {SUMMARY_COLUMNS} FROM games WHERE id = ?1"
        ))
        .and_then(|mut query| query.query_row(params![id as i64], summary_row).optional())
        .map_err(|e| format!("game {id}: {e}"))?;
    let Some(row) = row else { return Ok(None) };
    let rows = conn
        .prepare_cached("SELECT n, seat, action, hash FROM actions WHERE game = ?1 ORDER BY n")
        .and_then(|mut query| {
            query
                .query_map(params![id as i64], |row| {
                    Ok((
                        row.get::<_, i64>(0)?,
                        row.get::<_, i64>(1)?,
                        row.get::<_, String>(2)?,
                        row.get::<_, Option<i64>>(3)?,
                    ))
                })?
                .collect::<rusqlite::Result<Vec<_>>>()
        })
        .map_err(|e| format!("game {id}: actions: {e}"))?;
    stored_game(row, rows).map(Some)
}

/// A whole game from its row and its action rows `(n, seat, action, hash)` in order (any
/// store); a gap is an error.
pub(super) fn stored_game(
    row: SummaryRow,
    rows: Vec<(i64, i64, String, Option<i64>)>,
) -> Result<StoredGame, String> {
    let id = row.id;
    let final_hash = row.final_hash;
    let (mut summary, mut record) = row.into_summary()?;
    let mut hashes = Vec::new();
    for (expected, (n, seat, action, hash)) in rows.into_iter().enumerate() {
        if n != expected as i64 {
            return Err(format!("game {id}: action {expected} is missing"));
        }
        let seat = u8::try_from(seat).map_err(|_| format!("game {id}: action {n}: seat {seat}"))?;
        let action: Action =
            serde_json::from_str(&action).map_err(|e| format!("game {id}: action {n}: {e}"))?;
        record.actions.push((Seat(seat), action));
        if let Some(hash) = hash {
            hashes.push((n as u64 + 1, hash as u64));
        }
    }
    let count = record.actions.len() as u64;
    if summary.status == GameStatus::Finished {
        if summary.actions != count {
            return Err(format!(
                "game {id}: {count} actions stored, {} when it finished",
                summary.actions
            ));
        }
        if let Some(hash) = final_hash {
            if hashes.last().is_none_or(|&(n, _)| n != count) {
                hashes.push((count, hash as u64));
            }
        }
    }
    summary.actions = count;
    Ok(StoredGame {
        summary,
        record,
        hashes,
    })
}

/// Every account and login token hash.
pub(super) fn read_accounts(conn: &Connection) -> Result<StoredAccounts, String> {
    let accounts = conn
        .prepare_cached("SELECT id, name, name_key, password, created_at, private FROM accounts")
        .and_then(|mut query| {
            query
                .query_map([], |row| {
                    Ok(AccountRow {
                        id: row.get::<_, i64>(0)? as u64,
                        name: row.get(1)?,
                        key: row.get(2)?,
                        password: row.get(3)?,
                        created_at: row.get::<_, i64>(4)? as u64,
                        private: row.get(5)?,
                    })
                })?
                .collect::<rusqlite::Result<Vec<_>>>()
        })
        .map_err(|e| format!("accounts: {e}"))?;
    let logins = conn
        .prepare_cached("SELECT token, account FROM logins")
        .and_then(|mut query| {
            query
                .query_map([], |row| {
                    Ok((row.get::<_, Vec<u8>>(0)?, row.get::<_, i64>(1)?))
                })?
                .collect::<rusqlite::Result<Vec<_>>>()
        })
        .map_err(|e| format!("logins: {e}"))?
        .into_iter()
        .filter_map(|(token, account)| {
            // A hash of the wrong size names no token anyone holds: skip it.
            let token = <[u8; 32]>::try_from(token.as_slice()).ok()?;
            Some((SecretHash(token), account as u64))
        })
        .collect();
    Ok(StoredAccounts { accounts, logins })
}

/// `player`'s totals over its recorded games: overall and by role, general and mode. Through
/// `game_players_player`: one index range of the player's rows.
pub(super) fn read_player_record(
    conn: &Connection,
    player: PlayerId,
) -> rusqlite::Result<PlayerRecord> {
    let tallies = |by: &str| -> rusqlite::Result<Vec<Tally>> {
        let sql = format!(
            "SELECT COALESCE({by}, ''), COUNT(*), SUM(won), SUM(escaped) FROM game_players
             WHERE player = ?1 AND won IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1"
        );
        let mut query = conn.prepare_cached(&sql)?;
        let rows = query.query_map(params![player as i64], |row| {
            Ok(Tally {
                key: row.get(0)?,
                games: row.get::<_, i64>(1)? as u64,
                wins: row.get::<_, Option<i64>>(2)?.unwrap_or(0) as u64,
                escapes: row.get::<_, Option<i64>>(3)?.unwrap_or(0) as u64,
            })
        })?;
        rows.collect()
    };
    let total = tallies("''")?.into_iter().next().unwrap_or_default();
    Ok(PlayerRecord {
        total,
        by_role: tallies("role")?,
        by_general: tallies("general")?,
        by_mode: tallies("(SELECT mode FROM games WHERE games.id = game)")?,
    })
}

/// Every general's totals in `mode`, most picked first.
pub(super) fn read_general_stats(conn: &Connection, mode: &str) -> rusqlite::Result<GeneralStats> {
    let (games, seats) = conn
        .prepare_cached("SELECT games, seats FROM mode_stats WHERE mode = ?1")?
        .query_row(params![mode], |row| {
            Ok((row.get::<_, i64>(0)? as u64, row.get::<_, i64>(1)? as u64))
        })
        .optional()?
        .unwrap_or((0, 0));
    let mut query = conn.prepare_cached(
        "SELECT general, role, games, wins FROM general_stats WHERE mode = ?1
         ORDER BY general, role",
    )?;
    let generals = query
        .query_map(params![mode], |row| {
            Ok(GeneralTally {
                general: row.get(0)?,
                role: row.get(1)?,
                games: row.get::<_, i64>(2)? as u64,
                wins: row.get::<_, i64>(3)? as u64,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(GeneralStats {
        games,
        seats,
        generals,
    })
}

/// A page of `mode`'s leaderboard: the page's accounts are found in `ratings_board` alone
/// (hidden accounts skipped there), then only its rows are read whole.
pub(super) fn read_leaderboard(
    conn: &Connection,
    mode: &str,
    offset: u32,
    limit: u32,
) -> rusqlite::Result<Vec<RatingRow>> {
    read_ratings(
        conn,
        "WHERE mode = ?1 AND account IN (
             SELECT account FROM ratings WHERE mode = ?1 AND hidden = 0
             ORDER BY score DESC, account LIMIT ?3 OFFSET ?2)
         ORDER BY score DESC, account",
        params![mode, offset, limit],
    )
}

/// Ratings with their accounts' names: `SELECT … FROM ratings JOIN accounts {rest}`.
pub(super) fn read_ratings(
    conn: &Connection,
    rest: &str,
    params: &[&dyn rusqlite::ToSql],
) -> rusqlite::Result<Vec<RatingRow>> {
    let sql = format!(
        "SELECT account, accounts.name, mode, rating, uncertainty, score, games
         FROM ratings JOIN accounts ON accounts.id = account {rest}"
    );
    let mut query = conn.prepare_cached(&sql)?;
    let rows = query.query_map(params, |row| {
        Ok(RatingRow {
            account: row.get::<_, i64>(0)? as u64,
            name: row.get(1)?,
            mode: row.get(2)?,
            rating: row.get(3)?,
            uncertainty: row.get(4)?,
            score: row.get(5)?,
            games: row.get::<_, i64>(6)? as u64,
        })
    })?;
    rows.collect()
}

/// Every server ban.
pub(super) fn read_bans(conn: &Connection) -> rusqlite::Result<Vec<BanRow>> {
    let mut query =
        conn.prepare_cached("SELECT kind, target, until, reason, created_at FROM bans")?;
    let rows = query.query_map([], |row| {
        Ok(BanRow {
            kind: row.get(0)?,
            target: row.get(1)?,
            until: row.get::<_, Option<i64>>(2)?.map(|t| t as u64),
            reason: row.get(3)?,
            created_at: row.get::<_, i64>(4)? as u64,
        })
    })?;
    rows.collect()
}

/// Reports with ids below `before`, newest first.
pub(super) fn read_reports(
    conn: &Connection,
    before: i64,
    limit: u32,
) -> rusqlite::Result<Vec<ReportRow>> {
    let mut query = conn.prepare_cached(
        "SELECT id, reporter, player, game, reason, at FROM reports WHERE id < ?1
         ORDER BY id DESC LIMIT ?2",
    )?;
    let rows = query.query_map(params![before, limit], |row| {
        Ok(ReportRow {
            id: row.get::<_, i64>(0)? as u64,
            reporter: row.get::<_, i64>(1)? as u64,
            player: row.get::<_, i64>(2)? as u64,
            game: row.get::<_, Option<i64>>(3)?.map(|g| g as u64),
            reason: row.get(4)?,
            at: row.get::<_, i64>(5)? as u64,
        })
    })?;
    rows.collect()
}
