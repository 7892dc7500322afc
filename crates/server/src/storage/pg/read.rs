//! Reading the PostgreSQL store back. The rows are parsed by the same code as the SQLite
//! store's (`storage/read.rs`: [`room_row`], [`stored_game`], [`SummaryRow`]), so both stores
//! give the same values for the same rows.

use postgres::{Client, Row};
use sgs_protocol::PlayerId;

use crate::storage::read::{room_row, stored_game, MemberColumns, RoomColumns, SummaryRow};
use crate::storage::{
    AccountRow, BanRow, GameId, GameSummary, GeneralStats, GeneralTally, OpenRoom, PlayerRecord,
    RatingRow, ReportRow, SecretHash, StoredAccounts, StoredGame, Tally,
};

pub(super) type Result<T> = std::result::Result<T, String>;

fn text(error: postgres::Error) -> String {
    error.to_string()
}

pub(super) const SUMMARY_COLUMNS: &str =
    "games.id, room, number, status, engine, started_at, finished_at, \
     players, actions, outcome, record_version, setup, seed, final_hash, rules, private, host, \
     games.series";

fn summary_row(row: &Row) -> std::result::Result<SummaryRow, postgres::Error> {
    Ok(SummaryRow {
        id: row.try_get(0)?,
        room: row.try_get(1)?,
        number: row.try_get(2)?,
        status: row.try_get(3)?,
        engine: row.try_get(4)?,
        started_at: row.try_get(5)?,
        finished_at: row.try_get(6)?,
        players: row.try_get(7)?,
        actions: row.try_get(8)?,
        outcome: row.try_get(9)?,
        record_version: row.try_get(10)?,
        setup: row.try_get(11)?,
        seed: row.try_get(12)?,
        final_hash: row.try_get(13)?,
        rules: row.try_get(14)?,
        private: row.try_get(15)?,
        host: row.try_get(16)?,
        series: row.try_get(17)?,
    })
}

/// Game summaries: `SELECT … FROM games {rest}`.
pub(super) fn summaries(
    client: &mut Client,
    rest: &str,
    params: &[&(dyn postgres::types::ToSql + Sync)],
) -> Result<Vec<GameSummary>> {
    let rows = client
        .query(
            &format!("SELECT {SUMMARY_COLUMNS} FROM games {rest}"),
            params,
        )
        .map_err(text)?;
    rows.iter()
        .map(|row| {
            let row = summary_row(row).map_err(text)?;
            row.into_summary().map(|(summary, _)| summary)
        })
        .collect()
}

/// A whole game: its row, then its actions in order.
pub(super) fn read_game(client: &mut Client, id: GameId) -> Result<Option<StoredGame>> {
    let row = client
        .query_opt(
            &format!("SELECT {SUMMARY_COLUMNS} FROM games WHERE id = $1"),
            &[&(id as i64)],
        )
        .map_err(|e| format!("game {id}: {e}"))?;
    let Some(row) = row else { return Ok(None) };
    let row = summary_row(&row).map_err(|e| format!("game {id}: {e}"))?;
    let actions = client
        .query(
            "SELECT n, seat, action, hash FROM actions WHERE game = $1 ORDER BY n",
            &[&(id as i64)],
        )
        .and_then(|rows| {
            rows.iter()
                .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?)))
                .collect::<std::result::Result<Vec<_>, postgres::Error>>()
        })
        .map_err(|e| format!("game {id}: actions: {e}"))?;
    stored_game(row, actions).map(Some)
}

/// Which open rooms to read.
pub(super) enum Which<'a> {
    All,
    /// Those whose id names this node (`n1-…`).
    Node(&'a str),
    /// These.
    Ids(&'a [String]),
}

/// Every room not closed (of `which`), with its latest game.
pub(super) fn read_open_rooms(client: &mut Client, which: Which<'_>) -> Result<Vec<OpenRoom>> {
    // Node ids are letters and digits: nothing in the pattern is a wildcard but its `%`.
    let (pattern, ids) = match which {
        Which::All => (None, None),
        Which::Node(node) => (Some(format!("{node}-%")), None),
        Which::Ids(ids) => (None, Some(ids)),
    };
    let rows = client
        .query(
            "SELECT id, state, host, games, settings, seats, created_at, empty_since, series
             FROM rooms
             WHERE state NOT IN ('closed', 'failed') AND ($1::TEXT IS NULL OR id LIKE $1)
               AND ($2::TEXT[] IS NULL OR id = ANY($2))
             ORDER BY created_at, id",
            &[&pattern, &ids],
        )
        .map_err(text)?;
    let mut open = Vec::with_capacity(rows.len());
    for row in rows {
        let columns = RoomColumns {
            id: row.try_get(0).map_err(text)?,
            state: row.try_get(1).map_err(text)?,
            host: row.try_get(2).map_err(text)?,
            games: row.try_get(3).map_err(text)?,
            settings: row.try_get(4).map_err(text)?,
            seats: row.try_get(5).map_err(text)?,
            created_at: row.try_get(6).map_err(text)?,
            empty_since: row.try_get(7).map_err(text)?,
            series: row.try_get(8).map_err(text)?,
        };
        let members = client
            .query(
                "SELECT player, name, token, seat FROM members WHERE room = $1",
                &[&columns.id],
            )
            .and_then(|rows| {
                rows.iter()
                    .map(|r| {
                        Ok(MemberColumns {
                            player: r.try_get(0)?,
                            name: r.try_get(1)?,
                            token: r.try_get(2)?,
                            seat: r.try_get(3)?,
                        })
                    })
                    .collect::<std::result::Result<Vec<_>, postgres::Error>>()
            })
            .map_err(|e| format!("members: {e}"));
        let room = members.and_then(|members| room_row(&columns, members));
        let latest: Option<i64> = client
            .query_opt(
                // By the room's game number: game ids come in blocks per process, so after a
                // failover a later game may have a smaller id.
                "SELECT id FROM games WHERE room = $1 AND started_at >= $2
                 ORDER BY number DESC, id DESC LIMIT 1",
                &[&columns.id, &columns.created_at],
            )
            .map_err(text)?
            .map(|row| row.try_get(0))
            .transpose()
            .map_err(text)?;
        let game = latest.map(|game| match read_game(client, game as u64) {
            Ok(Some(game)) => Ok(game),
            Ok(None) => Err(format!("game {game} vanished")),
            Err(error) => Err(error),
        });
        open.push(OpenRoom {
            id: columns.id,
            room,
            game,
            salvaged: false,
        });
    }
    Ok(open)
}

/// Every account and login token hash.
pub(super) fn read_accounts(client: &mut Client) -> Result<StoredAccounts> {
    let accounts = client
        .query(
            "SELECT id, name, name_key, password, created_at, private FROM accounts",
            &[],
        )
        .and_then(|rows| {
            rows.iter()
                .map(|row| {
                    Ok(AccountRow {
                        id: row.try_get::<_, i64>(0)? as u64,
                        name: row.try_get(1)?,
                        key: row.try_get(2)?,
                        password: row.try_get(3)?,
                        created_at: row.try_get::<_, i64>(4)? as u64,
                        private: row.try_get(5)?,
                    })
                })
                .collect::<std::result::Result<Vec<_>, postgres::Error>>()
        })
        .map_err(|e| format!("accounts: {e}"))?;
    let logins = client
        .query("SELECT token, account FROM logins", &[])
        .and_then(|rows| {
            rows.iter()
                .map(|row| Ok((row.try_get::<_, Vec<u8>>(0)?, row.try_get::<_, i64>(1)?)))
                .collect::<std::result::Result<Vec<_>, postgres::Error>>()
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

/// The one account `SELECT … FROM accounts a {rest}` finds, if any.
pub(super) fn read_account(
    client: &mut Client,
    rest: &str,
    params: &[&(dyn postgres::types::ToSql + Sync)],
) -> Result<Option<AccountRow>> {
    let row = client
        .query_opt(
            &format!(
                "SELECT a.id, a.name, a.name_key, a.password, a.created_at, a.private
                 FROM accounts a {rest}"
            ),
            params,
        )
        .map_err(|e| format!("account: {e}"))?;
    row.map(|row| {
        Ok(AccountRow {
            id: row.try_get::<_, i64>(0)? as u64,
            name: row.try_get(1)?,
            key: row.try_get(2)?,
            password: row.try_get(3)?,
            created_at: row.try_get::<_, i64>(4)? as u64,
            private: row.try_get(5)?,
        })
    })
    .transpose()
    .map_err(|e: postgres::Error| format!("account: {e}"))
}

/// `player`'s totals over its recorded games: overall and by role, general and mode.
pub(super) fn read_player_record(client: &mut Client, player: PlayerId) -> Result<PlayerRecord> {
    let mut tallies = |by: &str| -> Result<Vec<Tally>> {
        let sql = format!(
            "SELECT COALESCE({by}, ''), COUNT(*), COUNT(*) FILTER (WHERE won),
                    COUNT(*) FILTER (WHERE escaped)
             FROM game_players
             WHERE player = $1 AND won IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1"
        );
        let rows = client.query(&sql, &[&(player as i64)]).map_err(text)?;
        rows.iter()
            .map(|row| {
                Ok(Tally {
                    key: row.try_get(0)?,
                    games: row.try_get::<_, i64>(1)? as u64,
                    wins: row.try_get::<_, i64>(2)? as u64,
                    escapes: row.try_get::<_, i64>(3)? as u64,
                })
            })
            .collect::<std::result::Result<Vec<_>, postgres::Error>>()
            .map_err(text)
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
pub(super) fn read_general_stats(client: &mut Client, mode: &str) -> Result<GeneralStats> {
    let (games, seats) = client
        .query_opt(
            "SELECT games, seats FROM mode_stats WHERE mode = $1",
            &[&mode],
        )
        .map_err(text)?
        .map(|row| {
            Ok::<_, postgres::Error>((
                row.try_get::<_, i64>(0)? as u64,
                row.try_get::<_, i64>(1)? as u64,
            ))
        })
        .transpose()
        .map_err(text)?
        .unwrap_or((0, 0));
    let generals = client
        .query(
            "SELECT general, role, games, wins FROM general_stats WHERE mode = $1
             ORDER BY general, role",
            &[&mode],
        )
        .and_then(|rows| {
            rows.iter()
                .map(|row| {
                    Ok(GeneralTally {
                        general: row.try_get(0)?,
                        role: row.try_get(1)?,
                        games: row.try_get::<_, i64>(2)? as u64,
                        wins: row.try_get::<_, i64>(3)? as u64,
                    })
                })
                .collect::<std::result::Result<Vec<_>, postgres::Error>>()
        })
        .map_err(text)?;
    Ok(GeneralStats {
        games,
        seats,
        generals,
    })
}

/// Ratings with their accounts' names: `SELECT … FROM ratings JOIN accounts {rest}`.
pub(super) fn read_ratings(
    client: &mut Client,
    rest: &str,
    params: &[&(dyn postgres::types::ToSql + Sync)],
) -> Result<Vec<RatingRow>> {
    let sql = format!(
        "SELECT account, accounts.name, mode, rating, uncertainty, score, games
         FROM ratings JOIN accounts ON accounts.id = account {rest}"
    );
    let rows = client.query(&sql, params).map_err(text)?;
    rows.iter()
        .map(|row| {
            Ok(RatingRow {
                account: row.try_get::<_, i64>(0)? as u64,
                name: row.try_get(1)?,
                mode: row.try_get(2)?,
                rating: row.try_get(3)?,
                uncertainty: row.try_get(4)?,
                score: row.try_get(5)?,
                games: row.try_get::<_, i64>(6)? as u64,
            })
        })
        .collect::<std::result::Result<Vec<_>, postgres::Error>>()
        .map_err(text)
}

/// Every server ban.
pub(super) fn read_bans(client: &mut Client) -> Result<Vec<BanRow>> {
    let rows = client
        .query(
            "SELECT kind, target, until, reason, created_at FROM bans",
            &[],
        )
        .map_err(text)?;
    rows.iter()
        .map(|row| {
            Ok(BanRow {
                kind: row.try_get(0)?,
                target: row.try_get(1)?,
                until: row.try_get::<_, Option<i64>>(2)?.map(|t| t as u64),
                reason: row.try_get(3)?,
                created_at: row.try_get::<_, i64>(4)? as u64,
            })
        })
        .collect::<std::result::Result<Vec<_>, postgres::Error>>()
        .map_err(text)
}

/// Reports with ids below `before`, newest first.
pub(super) fn read_reports(client: &mut Client, before: i64, limit: i64) -> Result<Vec<ReportRow>> {
    let rows = client
        .query(
            "SELECT id, reporter, player, game, reason, at FROM reports WHERE id < $1
             ORDER BY id DESC LIMIT $2",
            &[&before, &limit],
        )
        .map_err(text)?;
    rows.iter()
        .map(|row| {
            Ok(ReportRow {
                id: row.try_get::<_, i64>(0)? as u64,
                reporter: row.try_get::<_, i64>(1)? as u64,
                player: row.try_get::<_, i64>(2)? as u64,
                game: row.try_get::<_, Option<i64>>(3)?.map(|g| g as u64),
                reason: row.try_get(4)?,
                at: row.try_get::<_, i64>(5)? as u64,
            })
        })
        .collect::<std::result::Result<Vec<_>, postgres::Error>>()
        .map_err(text)
}

/// Every open room's bans: (room, player, until).
pub(super) fn read_room_bans(client: &mut Client) -> Result<Vec<(String, PlayerId, Option<u64>)>> {
    let rows = client
        .query("SELECT room, player, until FROM room_bans", &[])
        .map_err(text)?;
    rows.iter()
        .map(|row| {
            Ok((
                row.try_get::<_, String>(0)?,
                row.try_get::<_, i64>(1)? as u64,
                row.try_get::<_, Option<i64>>(2)?.map(|t| t as u64),
            ))
        })
        .collect::<std::result::Result<Vec<_>, postgres::Error>>()
        .map_err(text)
}

/// The largest player id ever stored.
pub(super) fn read_max_player(client: &mut Client) -> Result<PlayerId> {
    let row = client
        .query_one(
            "SELECT GREATEST((SELECT COALESCE(MAX(player), 0) FROM members),
                             (SELECT COALESCE(MAX(player), 0) FROM game_players),
                             (SELECT COALESCE(MAX(id), 0) FROM accounts))",
            &[],
        )
        .map_err(text)?;
    Ok(row.try_get::<_, i64>(0).map_err(text)? as u64)
}

/// The rooms changed after `since` (every open one without it), each with its line in the
/// public list (`None`: closed, private or unreadable), and the database's time before it
/// looked.
pub(super) fn read_listings(
    client: &mut Client,
    since: Option<i64>,
) -> Result<crate::storage::Listings> {
    use crate::lobby::listing;
    use crate::room::Holder;
    use crate::settings::RoomSettings;
    use crate::storage::SeatRow;
    use sgs_protocol::RoomState;

    let now: i64 = client
        .query_one(concat!("SELECT ", db_now_ms!()), &[])
        .and_then(|row| row.try_get(0))
        .map_err(text)?;
    let rows = client
        .query(
            "SELECT r.id, r.state, r.settings, r.seats,
                    (SELECT COUNT(*) FROM members m WHERE m.room = r.id AND m.seat IS NULL)
             FROM rooms r
             WHERE ($1::BIGINT IS NULL AND r.state NOT IN ('closed', 'failed'))
                OR r.updated_at > $1",
            &[&since],
        )
        .map_err(text)?;
    let mut changed = Vec::with_capacity(rows.len());
    for row in rows {
        let id: String = row.try_get(0).map_err(text)?;
        let state: String = row.try_get(1).map_err(text)?;
        let settings: String = row.try_get(2).map_err(text)?;
        let seats: String = row.try_get(3).map_err(text)?;
        let spectators: i64 = row.try_get(4).map_err(text)?;
        let open = state != "closed" && state != "failed";
        let state = serde_json::from_value::<RoomState>(serde_json::Value::String(state));
        let settings = serde_json::from_str::<RoomSettings>(&settings);
        let seats = serde_json::from_str::<Vec<SeatRow>>(&seats);
        let line = match (open, state, settings, seats) {
            (true, Ok(state), Ok(settings), Ok(seats)) => listing(
                &id,
                &settings,
                state,
                seats
                    .iter()
                    .map(|s| s.holder)
                    .collect::<Vec<Holder>>()
                    .into_iter(),
                usize::try_from(spectators).unwrap_or(0),
            ),
            _ => None,
        };
        changed.push((id, line));
    }
    Ok((now, changed))
}
