//! A finished game's results as the PostgreSQL writer records them (`write.rs`): each seat's
//! part, the general and mode totals, and a rated game's ratings — in the transaction of the
//! `Results` job.

use postgres::Transaction;

use super::write::Statements;
use crate::storage::batch::{new_ratings, RatingSeatRow};
use crate::storage::GameResults;

/// Updates the ratings of a rated game's accounts, in the transaction that records its results.
fn rate_game(
    tx: &mut Transaction<'_>,
    statements: &mut Statements,
    game: i64,
    results: &GameResults,
) -> Result<(), postgres::Error> {
    let rows = statements.query(
        tx,
        "SELECT gp.player, gp.role, gp.won, gp.escaped, a.id IS NOT NULL, r.rating,
                r.uncertainty, COALESCE(r.games, 0)
         FROM game_players gp
         LEFT JOIN accounts a ON a.id = gp.player
         LEFT JOIN ratings r ON r.account = gp.player AND r.mode = $2
         WHERE gp.game = $1 ORDER BY gp.seat",
        &[&game, &results.mode],
    )?;
    let rows = rows
        .iter()
        .map(|row| {
            Ok(RatingSeatRow {
                player: row.try_get(0)?,
                role: row.try_get::<_, Option<String>>(1)?.unwrap_or_default(),
                won: row.try_get::<_, Option<bool>>(2)?.unwrap_or(false),
                escaped: row.try_get::<_, Option<bool>>(3)?.unwrap_or(false),
                account: row.try_get(4)?,
                rating: row.try_get(5)?,
                uncertainty: row.try_get(6)?,
                games: row.try_get(7)?,
            })
        })
        .collect::<Result<Vec<_>, postgres::Error>>()?;
    let Some(after) = new_ratings(&rows, results) else {
        return Ok(());
    };
    for (account, rating, games) in after {
        statements.exec(
            tx,
            "INSERT INTO ratings (account, mode, rating, uncertainty, score, games, hidden)
             VALUES ($1, $2, $3, $4, $5, $6,
                     COALESCE((SELECT private FROM accounts WHERE id = $1), FALSE))
             ON CONFLICT (account, mode) DO UPDATE SET rating = excluded.rating,
               uncertainty = excluded.uncertainty, score = excluded.score, games = excluded.games",
            &[
                &account,
                &results.mode,
                &rating.rating,
                &rating.uncertainty,
                &rating.score(),
                &games,
            ],
        )?;
    }
    statements.exec(tx, "UPDATE games SET rated = TRUE WHERE id = $1", &[&game])?;
    Ok(())
}

/// A finished game's results: its mode, each seat's part, the general and mode totals, and
/// the ratings of a rated game.
pub(super) fn results_job(
    tx: &mut Transaction<'_>,
    statements: &mut Statements,
    results: &GameResults,
) -> Result<(), postgres::Error> {
    let game = results.game as i64;
    statements.exec(
        tx,
        "UPDATE games SET mode = $2, series = $3 WHERE id = $1",
        &[
            &game,
            &results.mode,
            &results
                .series
                .as_ref()
                .and_then(|s| serde_json::to_string(s).ok()),
        ],
    )?;
    for result in &results.seats {
        // A player who escaped did not win, whatever its camp did.
        statements.exec(
            tx,
            "UPDATE game_players SET general = $3, role = $4,
               escaped = (player IS NOT NULL AND (player IS DISTINCT FROM $6 OR $7)),
               won = ($5 AND NOT (player IS NOT NULL AND (player IS DISTINCT FROM $6 OR $7)))
             WHERE game = $1 AND seat = $2",
            &[
                &game,
                &i64::from(result.seat.0),
                &result.general,
                &result.role,
                &result.won,
                &result.held_by.map(|p| p as i64),
                &result.trusteeship,
            ],
        )?;
        statements.exec(
            tx,
            "INSERT INTO general_stats (mode, general, role, games, wins)
             VALUES ($1, $2, $3, 1, $4)
             ON CONFLICT (mode, general, role) DO UPDATE SET
               games = general_stats.games + 1, wins = general_stats.wins + excluded.wins",
            &[
                &results.mode,
                &result.general,
                &result.role,
                &i64::from(result.won),
            ],
        )?;
    }
    statements.exec(
        tx,
        "INSERT INTO mode_stats (mode, games, seats) VALUES ($1, 1, $2)
         ON CONFLICT (mode) DO UPDATE SET
           games = mode_stats.games + 1, seats = mode_stats.seats + excluded.seats",
        &[&results.mode, &(results.seats.len() as i64)],
    )?;
    rate_game(tx, statements, game, results)
}
