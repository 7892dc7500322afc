//! The operator's HTTP API, and players' reports (JSON; `docs/protocol.md`, "Moderation").
//!
//! Every `/api/admin/*` route needs `Authorization: Bearer <token>` where the token is the
//! `SGS_ADMIN_TOKEN` environment variable; without the variable every request is refused
//! (`403 admin_disabled`), with a missing or wrong token `401 unauthorized`.
//!
//! - `GET /api/admin/bans`: every server ban in force.
//! - `POST /api/admin/bans` `{"account": 7 | "address": "203.0.113.9", "minutes"?, "reason"?}`:
//!   bans an account (its connection is closed; it cannot log in, say hello with its login
//!   token, create or join a room) or an address (no WebSocket, no login) — for `minutes`, or
//!   until lifted.
//! - `POST /api/admin/unban` `{"account" | "address"}`.
//! - `POST /api/admin/rename` `{"account": 7, "name": "…"}`: a new account name (unique, as
//!   any).
//! - `GET /api/admin/reports?before=ID&limit=N`: players' reports, newest first.
//!
//! `POST /api/reports` `{"player": 9, "game"?: 42, "reason": "…"}` (bearer: a session or login
//! token): a player reports another (at most 10 an hour).

use std::net::IpAddr;

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;
use sgs_protocol::{ErrorCode, PlayerId, ServerMsg};

use crate::api::{bearer, blocking, caller, error, storage_error, unauthorized, ApiError};
use crate::clients::ClientKey;
use crate::moderation::{now_ms, BanTarget};
use crate::outbound::Close;
use crate::storage::{BanRow, GameId, ReportRow, SecretHash};
use crate::AppState;

/// Refuses a request without the operator's token.
fn operator(state: &AppState, headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(expected) = &state.shared.config.admin_token else {
        return Err(error(
            StatusCode::FORBIDDEN,
            "admin_disabled",
            "the admin API is off: set SGS_ADMIN_TOKEN to turn it on",
        ));
    };
    // Compared as hashes: the time taken says nothing about the token.
    match bearer(headers) {
        Some(token) if SecretHash::of(token) == SecretHash::of(expected) => Ok(()),
        _ => Err(unauthorized()),
    }
}

fn bad_json(rejection: JsonRejection) -> ApiError {
    error(
        StatusCode::BAD_REQUEST,
        "bad_request",
        rejection.body_text(),
    )
}

#[derive(Debug, Deserialize)]
pub struct TargetBody {
    #[serde(default)]
    account: Option<PlayerId>,
    #[serde(default)]
    address: Option<String>,
    #[serde(default)]
    minutes: Option<u64>,
    #[serde(default)]
    reason: Option<String>,
}

fn target_of(body: &TargetBody) -> Result<BanTarget, ApiError> {
    match (&body.account, &body.address) {
        (Some(account), None) => Ok(BanTarget::Account(*account)),
        (None, Some(address)) => address
            .trim()
            .parse::<IpAddr>()
            // As connections are counted: IPv6 by its /64.
            .map(|ip| BanTarget::Address(ClientKey::of(ip).ip()))
            .map_err(|_| error(StatusCode::BAD_REQUEST, "bad_request", "not an IP address")),
        _ => Err(error(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "name exactly one of `account` and `address`",
        )),
    }
}

/// `GET /api/admin/bans`
pub async fn bans(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    operator(&state, &headers)?;
    Ok(Json(json!({"bans": state.shared.moderation.bans()})).into_response())
}

/// `POST /api/admin/bans`
pub async fn ban(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Json<TargetBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    operator(&state, &headers)?;
    let Json(body) = body.map_err(bad_json)?;
    let target = target_of(&body)?;
    let (kind, key) = target.key();
    let now = now_ms();
    let row = BanRow {
        kind: kind.to_string(),
        target: key,
        until: body
            .minutes
            .map(|m| now.saturating_add(m.saturating_mul(60_000))),
        reason: crate::text::clean_name(body.reason.as_deref().unwrap_or(""), 200),
        created_at: now,
    };
    let shared = &state.shared;
    shared.storage.save_ban(&row).await.map_err(storage_error)?;
    shared.moderation.ban(target.clone(), row.clone());
    if let BanTarget::Account(account) = target {
        // Its logins end, and so does its connection.
        shared.accounts.revoke_all(account);
        let _ = shared.storage.revoke_logins(account, None).await;
        if let Some(conn) = shared.sessions.sign_out(account) {
            conn.send(ServerMsg::error(
                None,
                ErrorCode::Banned,
                "banned by the operator",
            ));
            conn.close(Close::BANNED);
        }
    }
    tracing::warn!(kind = %row.kind, target = %row.target, until = ?row.until, "banned");
    Ok((StatusCode::CREATED, Json(json!({"ban": row}))).into_response())
}

/// `POST /api/admin/unban`
pub async fn unban(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Json<TargetBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    operator(&state, &headers)?;
    let Json(body) = body.map_err(bad_json)?;
    let target = target_of(&body)?;
    let (kind, key) = target.key();
    state
        .shared
        .storage
        .remove_ban(kind, &key)
        .await
        .map_err(storage_error)?;
    let lifted = state.shared.moderation.unban(&target);
    Ok(Json(json!({"lifted": lifted})).into_response())
}

#[derive(Debug, Deserialize)]
pub struct RenameBody {
    account: PlayerId,
    name: String,
}

/// `POST /api/admin/rename`
pub async fn rename(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Json<RenameBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    operator(&state, &headers)?;
    let Json(body) = body.map_err(bad_json)?;
    let shared = &state.shared;
    let (old, renamed) = shared
        .accounts
        .rename(body.account, &body.name)
        .map_err(|e| {
            let status = match e {
                crate::accounts::AccountError::NameTaken(_) => StatusCode::CONFLICT,
                crate::accounts::AccountError::BadLogin => StatusCode::NOT_FOUND,
                _ => StatusCode::UNPROCESSABLE_ENTITY,
            };
            let code = match e {
                crate::accounts::AccountError::BadLogin => "no_such_player",
                ref other => other.code(),
            };
            error(status, code, e.to_string())
        })?;
    if let Err(e) = shared.storage.save_account(&renamed).await {
        shared.accounts.restore(old);
        return Err(storage_error(e));
    }
    shared.sessions.set_account(renamed.id, &renamed.name);
    Ok(Json(json!({"account": {"id": renamed.id, "name": renamed.name}})).into_response())
}

#[derive(Debug, Deserialize)]
pub struct ReportsQuery {
    before: Option<u64>,
    limit: Option<u32>,
}

/// `GET /api/admin/reports`
pub async fn reports(
    State(state): State<AppState>,
    headers: HeaderMap,
    query: Result<Query<ReportsQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    operator(&state, &headers)?;
    let Query(query) =
        query.map_err(|r| error(StatusCode::BAD_REQUEST, "bad_request", r.body_text()))?;
    let limit = query.limit.unwrap_or(50).clamp(1, 100);
    let shared = state.shared.clone();
    let reports = blocking(move || {
        shared
            .storage
            .reports(query.before, limit)
            .map_err(storage_error)
    })
    .await?;
    let next_before = (reports.len() == limit as usize)
        .then(|| reports.last().map(|r| r.id))
        .flatten();
    Ok(Json(json!({"reports": reports, "next_before": next_before})).into_response())
}

#[derive(Debug, Deserialize)]
pub struct ReportBody {
    player: PlayerId,
    #[serde(default)]
    game: Option<GameId>,
    reason: String,
}

/// `POST /api/reports`
pub async fn report(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Json<ReportBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(body) = body.map_err(bad_json)?;
    let reporter = caller(&state, &headers).await.ok_or_else(unauthorized)?;
    let reason = crate::text::clean_name(&body.reason, 500);
    if reason.is_empty() || body.player == reporter {
        return Err(error(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "a report names another player and a reason",
        ));
    }
    let shared = &state.shared;
    if !shared
        .moderation
        .may_report(reporter, std::time::Instant::now())
    {
        return Err(error(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_attempts",
            "too many reports; try again later",
        ));
    }
    let row = ReportRow {
        id: 0,
        reporter,
        player: body.player,
        game: body.game,
        reason,
        at: now_ms(),
    };
    shared
        .storage
        .save_report(&row)
        .await
        .map_err(storage_error)?;
    Ok((StatusCode::CREATED, Json(json!({"reported": true}))).into_response())
}
