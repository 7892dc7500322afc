//! The HTTP API of accounts (JSON; `docs/protocol.md`, "Accounts"):
//!
//! - `POST /api/accounts` `{"password", "name"?}` with `Authorization: Bearer <session token>`:
//!   the guest claims its player id (and the games it played under it) as an account, named
//!   `name` or its display name. Answers `201 {"account": {"id", "name"}, "token"}`.
//! - `POST /api/login` `{"name", "password"}`: a new login token for the account. Said as the
//!   `token` of `hello`, it resumes the account's session and its seat.
//! - `POST /api/logout` (bearer: a login token) revokes that token; `?everywhere=true` revokes
//!   every login token of the account and closes its connection.
//! - `GET /api/me` (bearer: a session or login token): who the token is.
//!
//! A write is answered once durable. Wrong passwords back off per client address
//! (`clients.rs`) and per name (`accounts.rs`); password hashing runs on the blocking pool, a
//! few at a time.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sgs_protocol::PlayerId;

use crate::accounts::{password, AccountError};
use crate::api::{bearer, error, storage_error, unauthorized, ApiError};
use crate::clients::{ClientKey, Peer};
use crate::outbound::Close;
use crate::{AppState, Shared};

/// How long a request waits for a permit to hash a password before it is told to retry.
const HASH_WAIT: Duration = Duration::from_secs(5);

/// An account as answered.
#[derive(Debug, Serialize, Deserialize)]
pub struct AccountInfo {
    pub id: PlayerId,
    pub name: String,
}

fn refused(account: AccountError) -> ApiError {
    let status = match &account {
        AccountError::Name(_) => StatusCode::UNPROCESSABLE_ENTITY,
        AccountError::NameTaken(_) | AccountError::AlreadyClaimed => StatusCode::CONFLICT,
        AccountError::BadLogin => StatusCode::UNAUTHORIZED,
        AccountError::TooManyAttempts(_) => StatusCode::TOO_MANY_REQUESTS,
    };
    error(status, account.code(), account.to_string())
}

fn banned(ban: &crate::storage::BanRow) -> ApiError {
    error(
        StatusCode::FORBIDDEN,
        "banned",
        crate::room_moderation::banned_message(ban),
    )
}

fn bad_body(rejection: JsonRejection) -> ApiError {
    error(
        StatusCode::BAD_REQUEST,
        "bad_request",
        rejection.body_text(),
    )
}

fn client_of(state: &AppState, peer: Option<&Peer>, headers: &HeaderMap) -> Option<ClientKey> {
    peer.map(|peer| state.shared.clients.client_of(peer, headers))
}

/// Runs a password hash or check on the blocking pool, holding one of the few permits.
async fn hashing<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let busy = || {
        error(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "too many logins at once; try again in a moment",
        )
    };
    let permit = tokio::time::timeout(HASH_WAIT, state.shared.accounts.hashing.acquire())
        .await
        .map_err(|_| busy())?
        .map_err(|_| busy())?;
    let result = tokio::task::spawn_blocking(work)
        .await
        .map_err(storage_error);
    drop(permit);
    result
}

/// The account a login token names, with its name. With several processes on one store
/// (decision 0021) the store is asked first, so a login another process issued — for an
/// account it made — or revoked counts here at once; if the store cannot be read, what this
/// process knows answers.
pub async fn resolve(shared: &Arc<Shared>, token: &str) -> Option<(PlayerId, String)> {
    if shared.storage.leases().is_some() {
        let hash = crate::storage::SecretHash::of(token);
        let store = shared.clone();
        match tokio::task::spawn_blocking(move || store.storage.login_account(hash)).await {
            Ok(Ok(found)) => shared.accounts.learn_login(hash, found),
            Ok(Err(error)) => tracing::warn!(%error, "cannot check a login with the store"),
            Err(error) => tracing::error!(%error, "checking a login panicked"),
        }
    }
    shared.accounts.resolve(token)
}

/// Before a login by name: with several processes on one store, learns the account of that
/// name from the store (another process may have made it or changed its password).
async fn learn_account(shared: &Arc<Shared>, name: &str) {
    if shared.storage.leases().is_none() {
        return;
    }
    let key = crate::accounts::names::key(name);
    let store = shared.clone();
    match tokio::task::spawn_blocking(move || store.storage.account_by_key(&key)).await {
        Ok(Ok(Some(account))) => shared.accounts.restore(account),
        Ok(Ok(None)) => {}
        Ok(Err(error)) => tracing::warn!(%error, "cannot read an account from the store"),
        Err(error) => tracing::error!(%error, "reading an account panicked"),
    }
}

/// A new login token for `id`, stored before it is handed out.
async fn issue_login(state: &AppState, id: PlayerId) -> Result<String, ApiError> {
    let accounts = &state.shared.accounts;
    let (token, hash) = accounts.new_login(id);
    if let Err(e) = state.shared.storage.save_login(id, hash).await {
        accounts.revoke(&token);
        return Err(storage_error(e));
    }
    Ok(token)
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

#[derive(Debug, Deserialize)]
pub struct ClaimBody {
    password: String,
    #[serde(default)]
    name: Option<String>,
}

/// `POST /api/accounts`
pub async fn claim(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Json<ClaimBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(body) = body.map_err(bad_body)?;
    let shared = state.shared.clone();
    let player = bearer(&headers)
        .and_then(|token| shared.sessions.player_of(token))
        .ok_or_else(unauthorized)?;
    if shared.accounts.get(player).is_some() {
        return Err(refused(AccountError::AlreadyClaimed));
    }
    let name = match body.name {
        Some(name) => name,
        None => shared.sessions.name_of(player).unwrap_or_default(),
    };
    // Another process may have given the name to an account already.
    learn_account(&shared, &name).await;
    // Refused before the costly hash; checked again when claimed.
    shared.accounts.check_name(&name).map_err(refused)?;
    let secret = body.password;
    let hashed = hashing(&state, move || password::hash(&secret))
        .await?
        .map_err(|e| match e {
            password::PasswordError::BadLength => error(
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad_password",
                e.to_string(),
            ),
            password::PasswordError::Hash(message) => storage_error(message),
        })?;
    let account = shared
        .accounts
        .claim(player, &name, hashed, now_ms())
        .map_err(refused)?;
    if let Err(e) = shared.storage.save_account(&account).await {
        shared.accounts.unclaim(player);
        return Err(storage_error(e));
    }
    shared.sessions.set_account(player, &account.name);
    let token = issue_login(&state, player).await?;
    tracing::info!(player, name = %account.name, "account claimed");
    let info = AccountInfo {
        id: player,
        name: account.name,
    };
    Ok((
        StatusCode::CREATED,
        Json(json!({"account": info, "token": token})),
    )
        .into_response())
}

#[derive(Debug, Deserialize)]
pub struct LoginBody {
    name: String,
    password: String,
}

/// `POST /api/login`
pub async fn login(
    State(state): State<AppState>,
    peer: Option<Extension<Peer>>,
    headers: HeaderMap,
    body: Result<Json<LoginBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(body) = body.map_err(bad_body)?;
    let shared = state.shared.clone();
    let client = client_of(&state, peer.as_deref(), &headers);
    if let Some(client) = client {
        shared.clients.may_guess(client).map_err(|e| {
            error(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_attempts",
                e.message,
            )
        })?;
    }
    if let Some(ban) = client.and_then(|c| shared.moderation.address_ban(c.ip())) {
        return Err(banned(&ban));
    }
    let now = Instant::now();
    shared.accounts.may_try(&body.name, now).map_err(refused)?;
    learn_account(&shared, &body.name).await;
    // An unknown name is checked against a decoy, so it costs what a wrong password does.
    let found = shared.accounts.password_of(&body.name);
    let stored = found
        .as_ref()
        .map_or_else(|| password::decoy().to_string(), |(_, hash)| hash.clone());
    let secret = body.password;
    let matches = hashing(&state, move || password::verify(&secret, &stored)).await?;
    let id = match (found, matches) {
        (Some((id, _)), true) => id,
        _ => {
            if let Some(client) = client {
                shared.clients.guessed_wrong(client);
            }
            shared.accounts.failed(&body.name, now);
            return Err(refused(AccountError::BadLogin));
        }
    };
    shared.accounts.succeeded(&body.name);
    if let Some(ban) = shared.moderation.account_ban(id) {
        return Err(banned(&ban));
    }
    let token = issue_login(&state, id).await?;
    let name = shared.accounts.get(id).map(|a| a.name).unwrap_or_default();
    tracing::info!(player = id, "logged in");
    Ok(Json(json!({"account": AccountInfo { id, name }, "token": token})).into_response())
}

#[derive(Debug, Deserialize)]
pub struct LogoutQuery {
    #[serde(default)]
    everywhere: bool,
}

/// `POST /api/logout`
pub async fn logout(
    State(state): State<AppState>,
    headers: HeaderMap,
    query: Result<Query<LogoutQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let shared = state.shared.clone();
    let everywhere = query.is_ok_and(|Query(q)| q.everywhere);
    let token = bearer(&headers).ok_or_else(unauthorized)?;
    let id = resolve(&shared, token)
        .await
        .map(|(id, _)| id)
        .ok_or_else(unauthorized)?;
    let revoked = if everywhere {
        let revoked = shared.accounts.revoke_all(id);
        shared
            .storage
            .revoke_logins(id, None)
            .await
            .map_err(storage_error)?;
        if let Some(conn) = shared.sessions.sign_out(id) {
            conn.send(sgs_protocol::ServerMsg::error(
                None,
                sgs_protocol::ErrorCode::Replaced,
                "logged out everywhere",
            ));
            conn.close(Close::REPLACED);
        }
        revoked
    } else {
        shared.accounts.revoke(token);
        let hash = crate::storage::SecretHash::of(token);
        shared
            .storage
            .revoke_logins(id, Some(hash))
            .await
            .map_err(storage_error)?;
        1
    };
    Ok(Json(json!({"revoked": revoked})).into_response())
}

/// `GET /api/me`
pub async fn me(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let shared = &state.shared;
    let player = crate::api::caller(&state, &headers)
        .await
        .ok_or_else(unauthorized)?;
    let account = shared.accounts.get(player);
    let name = match &account {
        Some(account) => account.name.clone(),
        None => shared.sessions.name_of(player).unwrap_or_default(),
    };
    Ok(Json(json!({
        "player": player,
        "name": name,
        "account": account.is_some(),
    }))
    .into_response())
}
