//! The HTTP API of finished games (JSON), for the replay viewer (`web/replay.html`) and anyone
//! who wants the records:
//!
//! - `GET /api/games?before=ID&limit=N`: finished games of public rooms, newest first (`limit`
//!   1..=100, default 20); `next_before` pages on. `?mine=true` lists instead the games the
//!   caller played in, private ones included.
//! - `GET /api/games/{id}`: one finished game's summary, whether this server can replay it, and
//!   — for its players and host only — its record.
//! - `GET /api/games/{id}/replay?viewer=S|spectator|all`: every step of the game as seat `S`, a
//!   spectator, or everyone (all cards open) saw it, computed by the engine from the record.
//!
//! Only FINISHED games are served: a running game's record would reveal every hand. **Who may
//! see what** ([`Access`]): the caller names itself with `Authorization: Bearer <token>` (the
//! session token of `welcome`, or an account's login token). A game of a private or password
//! room exists only for its players and its host (anyone else gets `no_such_game`); the record
//! and the replays from a seat or with all cards open are for them only (`forbidden`); the
//! spectator's replay of a public room's game is for everyone. Errors are `{"error": {"code",
//! "message"}}` with a stable code. Store reads and replays run on the blocking pool, never on
//! the async workers.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sgs_engine::view::{Audience, ReplayStep};
use sgs_engine::Seat;

use sgs_protocol::PlayerId;

use crate::storage::{GameId, GameStatus, GameSummary, StoredGame};
use crate::AppState;

/// Games per page when `limit` is not given, and the most a page holds.
pub const DEFAULT_LIMIT: u32 = 20;
pub const MAX_LIMIT: u32 = 100;

/// A refused request: its status and stable code.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: String,
    message: String,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({"error": {"code": self.code, "message": self.message}});
        (self.status, Json(body)).into_response()
    }
}

pub(crate) fn error(status: StatusCode, code: &str, message: impl Into<String>) -> ApiError {
    ApiError {
        status,
        code: code.to_string(),
        message: message.into(),
    }
}

pub(crate) fn storage_error(message: impl std::fmt::Display) -> ApiError {
    tracing::error!(%message, "store read failed");
    error(
        StatusCode::INTERNAL_SERVER_ERROR,
        "storage",
        "the store could not be read",
    )
}

/// Runs a blocking store read or replay off the async workers.
pub(crate) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|e| Err(storage_error(e)))
}

/// The player a request speaks for, from its `Authorization: Bearer` token (`None`: anyone):
/// a session's token, or an account's login token (`account_api::resolve`).
pub async fn caller(state: &AppState, headers: &HeaderMap) -> Option<PlayerId> {
    let token = bearer(headers)?;
    let shared = &state.shared;
    if let Some(player) = shared.sessions.player_of(token) {
        return Some(player);
    }
    crate::account_api::resolve(shared, token)
        .await
        .map(|(id, _)| id)
}

/// The token of `Authorization: Bearer <token>`.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let token = value.strip_prefix("Bearer ")?.trim();
    (!token.is_empty()).then_some(token)
}

/// What a caller may see of one finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Not even that it exists (a private room's game, to a stranger).
    None,
    /// Its summary and the spectator's replay.
    Public,
    /// Everything: the record, every seat's replay, all cards open (its players and host).
    Player,
}

impl Access {
    pub fn of(game: &GameSummary, caller: Option<PlayerId>) -> Access {
        match caller {
            Some(player) if game.involves(player) => Access::Player,
            _ if game.private => Access::None,
            _ => Access::Public,
        }
    }
}

#[derive(Debug, Deserialize)]
pub struct ListQuery {
    before: Option<GameId>,
    limit: Option<u32>,
    #[serde(default)]
    mine: bool,
}

/// A page of the game list.
#[derive(Debug, Serialize, Deserialize)]
pub struct GameList {
    pub games: Vec<GameSummary>,
    /// Pass as `before` for the next page (`null`: no more).
    pub next_before: Option<GameId>,
}

/// `GET /api/games`
pub async fn list_games(
    State(state): State<AppState>,
    headers: HeaderMap,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = match query {
        Ok(query) => query,
        Err(rejection) => {
            return Err(error(
                StatusCode::BAD_REQUEST,
                "bad_request",
                rejection.body_text(),
            ))
        }
    };
    let limit = query.limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
    let mine = match (query.mine, caller(&state, &headers).await) {
        (false, _) => None,
        (true, Some(player)) => Some(player),
        (true, None) => return Err(unauthorized()),
    };
    let shared = state.shared.clone();
    let games = blocking(move || {
        match mine {
            Some(player) => shared.storage.games_of(player, query.before, limit),
            None => shared.storage.finished_games(query.before, limit),
        }
        .map_err(storage_error)
    })
    .await;
    match games {
        Ok(games) => {
            let next_before = (games.len() == limit as usize)
                .then(|| games.last().map(|g| g.id))
                .flatten();
            Ok(Json(GameList { games, next_before }).into_response())
        }
        Err(error) => Err(error),
    }
}

pub(crate) fn unauthorized() -> ApiError {
    error(
        StatusCode::UNAUTHORIZED,
        "unauthorized",
        "this needs `Authorization: Bearer <token>` with a live session or login token",
    )
}

fn forbidden(id: GameId) -> ApiError {
    error(
        StatusCode::FORBIDDEN,
        "forbidden",
        format!("only the players and the host of game {id} may see its cards"),
    )
}

/// A finished game from the store that `caller` may know of, with what it may see of it, or
/// the error response (the same `no_such_game` for a private game as for no game at all).
fn finished_game(
    state: &AppState,
    id: GameId,
    caller: Option<PlayerId>,
) -> Result<(StoredGame, Access), ApiError> {
    let missing = || {
        error(
            StatusCode::NOT_FOUND,
            "no_such_game",
            format!("no finished game {id}"),
        )
    };
    match state.shared.storage.game(id) {
        Ok(Some(game)) if game.summary.status == GameStatus::Finished => {
            match Access::of(&game.summary, caller) {
                Access::None => Err(missing()),
                access => Ok((game, access)),
            }
        }
        Ok(_) => Err(missing()),
        Err(e) => Err(storage_error(e)),
    }
}

/// Whether this server can replay a record (checked without replaying it).
#[derive(Debug, Serialize, Deserialize)]
pub struct Replayable {
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// `GET /api/games/{id}`
pub async fn game(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let Ok(id) = id.parse::<GameId>() else {
        return Err(error(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "a game id is a number",
        ));
    };
    let caller = caller(&state, &headers).await;
    let found = blocking(move || {
        let (game, access) = finished_game(&state, id, caller)?;
        let replayable = match game.record.replay_prefix(0) {
            Ok(_) => Replayable {
                ok: true,
                code: None,
                message: None,
            },
            Err(e) => Replayable {
                ok: false,
                code: Some(e.code().to_string()),
                message: Some(e.to_string()),
            },
        };
        Ok((game, access, replayable))
    })
    .await;
    match found {
        Ok((game, access, replayable)) => Ok(Json(json!({
            "game": game.summary,
            // The record opens every hand: for the game's players and host only.
            "record": (access == Access::Player).then_some(game.record),
            "replayable": replayable,
        }))
        .into_response()),
        Err(error) => Err(error),
    }
}

#[derive(Debug, Deserialize)]
pub struct ReplayQuery {
    viewer: Option<String>,
}

/// `viewer=3`, `viewer=spectator` or `viewer=all`; `None` when absent (then `all` for the
/// game's players, `spectator` for anyone else).
fn audience(viewer: Option<&str>) -> Option<Option<Audience>> {
    let Some(viewer) = viewer else {
        return Some(None);
    };
    Some(Some(match viewer {
        "all" => Audience::Everyone,
        "spectator" => Audience::Spectator,
        seat => Audience::Seat(Seat(seat.parse::<u8>().ok()?)),
    }))
}

/// A replay as served.
#[derive(Debug, Serialize, Deserialize)]
pub struct Replay {
    pub game: GameSummary,
    /// `"all"`, `"spectator"` or the seat number.
    pub viewer: serde_json::Value,
    /// The game's card table (card ids to faces), once: the steps' views leave it out.
    pub deck: sgs_engine::Deck,
    pub steps: Vec<ReplayStep>,
}

/// `GET /api/games/{id}/replay`
pub async fn replay(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    query: Result<Query<ReplayQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Ok(id) = id.parse::<GameId>() else {
        return Err(error(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "a game id is a number",
        ));
    };
    let viewer = query.ok().and_then(|Query(q)| q.viewer);
    let Some(audience) = audience(viewer.as_deref()) else {
        return Err(error(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "viewer is a seat number, `spectator` or `all`",
        ));
    };
    let caller = caller(&state, &headers).await;
    let replayed = blocking(move || {
        let (game, access) = finished_game(&state, id, caller)?;
        let audience = match (audience, access) {
            (Some(audience), Access::Player) => audience,
            (None, Access::Player) => Audience::Everyone,
            (None | Some(Audience::Spectator), _) => Audience::Spectator,
            (Some(_), _) => return Err(forbidden(id)),
        };
        if let Audience::Seat(seat) = audience {
            if seat.index() >= game.summary.players.len() {
                return Err(error(
                    StatusCode::BAD_REQUEST,
                    "bad_request",
                    format!("game {id} has no seat {}", seat.0),
                ));
            }
        }
        let mut steps = sgs_engine::content::replay(&game.record, audience)
            .map_err(|e| error(StatusCode::CONFLICT, e.code(), e.to_string()))?;
        let deck = steps
            .first()
            .map(|step| step.view.deck.clone())
            .unwrap_or_default();
        for step in &mut steps {
            step.view.deck = sgs_engine::Deck::default();
        }
        let viewer = match audience {
            Audience::Seat(seat) => json!(seat.0),
            Audience::Spectator => json!("spectator"),
            Audience::Everyone => json!("all"),
        };
        Ok(Replay {
            game: game.summary,
            viewer,
            deck,
            steps,
        })
    })
    .await;
    match replayed {
        Ok(replay) => Ok(Json(replay).into_response()),
        Err(error) => Err(error),
    }
}
