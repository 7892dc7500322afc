//! The HTTP API of records and ratings (JSON, paged; `docs/protocol.md`, "Records"):
//!
//! - `GET /api/players/{id}`: a player's profile — name, whether it is an account, its record
//!   (games, wins and escapes overall and by role, general and mode, with rates) and its
//!   ratings per mode.
//! - `GET /api/players/{id}/games?before=ID&limit=N`: its recent finished games, newest first,
//!   each with a link to its replay (a private room's game only to those who played it).
//! - `GET /api/generals?mode=M&offset=N&limit=N`: per general in a mode, its pick rate and its
//!   games and win rate by role.
//! - `GET /api/leaderboard?mode=M&offset=N&limit=N`: the best ratings of a mode.
//! - `POST /api/me/privacy` `{"private": true}` (bearer: a login token): the account hides its
//!   profile, games and rating from everyone else.
//!
//! Store reads run on the blocking pool.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sgs_protocol::PlayerId;

use crate::api::{bearer, blocking, caller, error, storage_error, unauthorized, Access, ApiError};
use crate::storage::{GameId, GeneralStats, RatingRow, Tally};
use crate::AppState;

const DEFAULT_LIMIT: u32 = 20;
const MAX_LIMIT: u32 = 100;

fn bad_query(rejection: QueryRejection) -> ApiError {
    error(
        StatusCode::BAD_REQUEST,
        "bad_request",
        rejection.body_text(),
    )
}

fn player_id(id: &str) -> Result<PlayerId, ApiError> {
    id.parse().map_err(|_| {
        error(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "a player id is a number",
        )
    })
}

fn no_such_player(id: PlayerId) -> ApiError {
    error(
        StatusCode::NOT_FOUND,
        "no_such_player",
        format!("no player {id} to show"),
    )
}

/// A share, rounded to 0.1 %: `part / whole` (0 of nothing).
fn rate(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        (part as f64 * 1000.0 / whole as f64).round() / 1000.0
    }
}

/// A tally with its rates.
#[derive(Debug, Serialize)]
struct Rated<'a> {
    #[serde(skip_serializing_if = "str::is_empty")]
    key: &'a str,
    games: u64,
    wins: u64,
    escapes: u64,
    win_rate: f64,
    escape_rate: f64,
}

fn list(tallies: &[Tally]) -> Vec<Rated<'_>> {
    tallies.iter().map(rated).collect()
}

fn rated(tally: &Tally) -> Rated<'_> {
    Rated {
        key: &tally.key,
        games: tally.games,
        wins: tally.wins,
        escapes: tally.escapes,
        win_rate: rate(tally.wins, tally.games),
        escape_rate: rate(tally.escapes, tally.games),
    }
}

/// The player `caller` may look at: `Err` when it hides its history from them.
fn visible(state: &AppState, id: PlayerId, caller: Option<PlayerId>) -> Result<(), ApiError> {
    match state.shared.accounts.get(id) {
        Some(account) if account.private && caller != Some(id) => Err(no_such_player(id)),
        _ => Ok(()),
    }
}

/// `GET /api/players/{id}`
pub async fn player(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let id = player_id(&id)?;
    let caller = caller(&state, &headers).await;
    visible(&state, id, caller)?;
    let shared = state.shared.clone();
    let (record, ratings) = blocking(move || {
        let record = shared.storage.player_record(id).map_err(storage_error)?;
        let ratings = shared.storage.ratings_of(id).map_err(storage_error)?;
        Ok((record, ratings))
    })
    .await?;
    let account = state.shared.accounts.get(id);
    let name = match &account {
        Some(account) => Some(account.name.clone()),
        None => state.shared.sessions.name_of(id),
    };
    if account.is_none() && name.is_none() && record.total.games == 0 {
        return Err(no_such_player(id));
    }
    Ok(Json(json!({
        "player": id,
        "name": name,
        "account": account.is_some(),
        "private": account.as_ref().is_some_and(|a| a.private),
        "record": {
            "total": rated(&record.total),
            "by_role": list(&record.by_role),
            "by_general": list(&record.by_general),
            "by_mode": list(&record.by_mode),
        },
        "ratings": ratings,
        "games": format!("/api/players/{id}/games"),
    }))
    .into_response())
}

#[derive(Debug, Deserialize)]
pub struct GamesQuery {
    before: Option<GameId>,
    limit: Option<u32>,
}

/// `GET /api/players/{id}/games`
pub async fn player_games(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    query: Result<Query<GamesQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let id = player_id(&id)?;
    let Query(query) = query.map_err(bad_query)?;
    let caller = caller(&state, &headers).await;
    visible(&state, id, caller)?;
    let limit = query.limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
    let shared = state.shared.clone();
    let games = blocking(move || {
        shared
            .storage
            .games_of(id, query.before, limit)
            .map_err(storage_error)
    })
    .await?;
    let next_before = (games.len() == limit as usize)
        .then(|| games.last().map(|g| g.id))
        .flatten();
    let games: Vec<_> = games
        .into_iter()
        .filter(|game| Access::of(game, caller) != Access::None)
        .map(|game| {
            let replay = format!("/replay.html#game={}", game.id);
            let mut value = json!(game);
            value["replay"] = json!(replay);
            value
        })
        .collect();
    Ok(Json(json!({"games": games, "next_before": next_before})).into_response())
}

#[derive(Debug, Deserialize)]
pub struct ModeQuery {
    mode: Option<String>,
    offset: Option<u32>,
    limit: Option<u32>,
}

fn mode_of(query: &ModeQuery) -> String {
    query
        .mode
        .clone()
        .unwrap_or_else(|| sgs_engine::Ruleset::standard().mode)
}

/// One general's figures in a mode.
#[derive(Debug, Serialize)]
struct GeneralFigures {
    general: String,
    games: u64,
    wins: u64,
    pick_rate: f64,
    win_rate: f64,
    by_role: Vec<serde_json::Value>,
}

fn figures(stats: &GeneralStats) -> Vec<GeneralFigures> {
    let mut out: Vec<GeneralFigures> = Vec::new();
    for tally in &stats.generals {
        let entry = match out.iter_mut().find(|f| f.general == tally.general) {
            Some(entry) => entry,
            None => {
                out.push(GeneralFigures {
                    general: tally.general.clone(),
                    games: 0,
                    wins: 0,
                    pick_rate: 0.0,
                    win_rate: 0.0,
                    by_role: Vec::new(),
                });
                let last = out.len() - 1;
                &mut out[last]
            }
        };
        entry.games += tally.games;
        entry.wins += tally.wins;
        entry.by_role.push(json!({
            "role": tally.role,
            "games": tally.games,
            "wins": tally.wins,
            "win_rate": rate(tally.wins, tally.games),
        }));
    }
    for entry in &mut out {
        entry.pick_rate = rate(entry.games, stats.seats);
        entry.win_rate = rate(entry.wins, entry.games);
    }
    out.sort_by(|a, b| b.games.cmp(&a.games).then(a.general.cmp(&b.general)));
    out
}

/// `GET /api/generals`
pub async fn generals(
    State(state): State<AppState>,
    query: Result<Query<ModeQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(bad_query)?;
    let mode = mode_of(&query);
    let offset = query.offset.unwrap_or(0) as usize;
    let limit = query.limit.unwrap_or(MAX_LIMIT).clamp(1, MAX_LIMIT) as usize;
    let shared = state.shared.clone();
    let wanted = mode.clone();
    let stats =
        blocking(move || shared.storage.general_stats(&wanted).map_err(storage_error)).await?;
    let all = figures(&stats);
    let total = all.len();
    let page: Vec<_> = all.into_iter().skip(offset).take(limit).collect();
    let next_offset = (offset + page.len() < total).then_some(offset + page.len());
    Ok(Json(json!({
        "mode": mode,
        "games": stats.games,
        "seats": stats.seats,
        "generals": page,
        "total": total,
        "next_offset": next_offset,
    }))
    .into_response())
}

/// `GET /api/leaderboard`
pub async fn leaderboard(
    State(state): State<AppState>,
    query: Result<Query<ModeQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(bad_query)?;
    let mode = mode_of(&query);
    let offset = query.offset.unwrap_or(0);
    let limit = query.limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
    let shared = state.shared.clone();
    let wanted = mode.clone();
    let rows: Vec<RatingRow> = blocking(move || {
        shared
            .storage
            .leaderboard(&wanted, offset, limit)
            .map_err(storage_error)
    })
    .await?;
    let next_offset = (rows.len() == limit as usize).then_some(offset + limit);
    let ranked: Vec<_> = rows
        .iter()
        .zip(offset + 1..)
        .map(|(row, rank)| {
            let mut value = json!(row);
            value["rank"] = json!(rank);
            value
        })
        .collect();
    Ok(Json(json!({"mode": mode, "players": ranked, "next_offset": next_offset})).into_response())
}

#[derive(Debug, Deserialize)]
pub struct PrivacyBody {
    private: bool,
}

/// `POST /api/me/privacy`
pub async fn privacy(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Json<PrivacyBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(body) =
        body.map_err(|r| error(StatusCode::BAD_REQUEST, "bad_request", r.body_text()))?;
    let shared = &state.shared;
    let token = bearer(&headers).ok_or_else(unauthorized)?;
    let (id, _) = crate::account_api::resolve(shared, token)
        .await
        .ok_or_else(unauthorized)?;
    let Some(account) = shared.accounts.set_private(id, body.private) else {
        return Err(unauthorized());
    };
    if let Err(e) = shared.storage.save_account(&account).await {
        shared.accounts.set_private(id, !body.private);
        return Err(storage_error(e));
    }
    Ok(Json(json!({"private": account.private})).into_response())
}
