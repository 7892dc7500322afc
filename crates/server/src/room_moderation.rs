//! A room's own moderation, by its host: bans (kept out of the room, by player id — an
//! account's id is its player id — for some minutes or as long as the room lives; stored, so
//! they hold across a restart) and chat mutes (10 minutes unless said otherwise; not stored).
//! Both expire by themselves; neither outlives the room (server-wide bans are the operator's,
//! `moderation.rs`).

use std::collections::HashMap;
use std::time::Duration;

use sgs_protocol::{ErrorCode, LeaveReason, PlayerId};
use tokio::time::Instant;

use crate::error::ServerError;
use crate::room::Room;

/// How long a mute lasts when the host names no time.
pub const DEFAULT_MUTE: Duration = Duration::from_secs(600);

/// The room's bans and mutes: until when (`None`: as long as the room lives).
#[derive(Debug, Default)]
pub(crate) struct RoomModeration {
    bans: HashMap<PlayerId, Option<Instant>>,
    mutes: HashMap<PlayerId, Instant>,
}

impl RoomModeration {
    /// The bans stored for a room (`until` in unix ms), as a restart finds them.
    pub fn from_stored(bans: impl IntoIterator<Item = (PlayerId, Option<u64>)>) -> Self {
        let now_ms = crate::moderation::now_ms();
        let now = Instant::now();
        let bans = bans
            .into_iter()
            .filter(|(_, until)| until.is_none_or(|until| until > now_ms))
            .map(|(player, until)| {
                let until = until.map(|until| now + Duration::from_millis(until - now_ms));
                (player, until)
            })
            .collect();
        RoomModeration {
            bans,
            mutes: HashMap::new(),
        }
    }

    /// Is `player` banned from the room now?
    pub fn is_banned(&mut self, player: PlayerId, now: Instant) -> bool {
        match self.bans.get(&player) {
            Some(Some(until)) if *until <= now => {
                self.bans.remove(&player);
                false
            }
            Some(_) => true,
            None => false,
        }
    }

    /// Seconds left of `player`'s mute, if muted now.
    pub fn muted_for(&mut self, player: PlayerId, now: Instant) -> Option<u64> {
        let until = *self.mutes.get(&player)?;
        if until <= now {
            self.mutes.remove(&player);
            return None;
        }
        Some(until.duration_since(now).as_secs() + 1)
    }
}

fn refuse(code: ErrorCode, message: impl Into<String>) -> Result<(), ServerError> {
    Err(ServerError::new(code, message))
}

fn minutes(n: u32) -> Duration {
    Duration::from_secs(u64::from(n) * 60)
}

impl Room {
    /// Host: `target` leaves the room (if in it) and may not come back for `for_minutes`
    /// (`None`: as long as the room lives).
    pub(crate) async fn ban(
        &mut self,
        player: PlayerId,
        target: PlayerId,
        for_minutes: Option<u32>,
    ) -> Result<(), ServerError> {
        self.host_only(player)?;
        if target == player {
            refuse(ErrorCode::NoSuchPlayer, "the host cannot ban itself")?;
        }
        let until = for_minutes.map(|n| Instant::now() + minutes(n));
        let until_ms = for_minutes.map(|n| crate::moderation::now_ms() + u64::from(n) * 60_000);
        // Durable before it is acknowledged: a restart keeps the player out too.
        let stored = self
            .shared
            .storage
            .ban_from_room(&self.id, target, until_ms);
        if let Err(error) = stored.await {
            self.stall(&error);
            return Err(crate::durable::unavailable());
        }
        self.moderation.bans.insert(target, until);
        if let Some(index) = self.members.iter().position(|m| m.player == target) {
            self.remove_member(index, LeaveReason::Kicked);
        }
        tracing::info!(room = %self.id, target, ?for_minutes, "banned from the room");
        Ok(())
    }

    /// Host: `target`'s chat is silenced for `for_minutes` (default 10; 0 lifts the mute).
    pub(crate) fn mute(
        &mut self,
        player: PlayerId,
        target: PlayerId,
        for_minutes: Option<u32>,
    ) -> Result<(), ServerError> {
        self.host_only(player)?;
        if !self.members.iter().any(|m| m.player == target) {
            return refuse(ErrorCode::NoSuchPlayer, "no such player in this room");
        }
        match for_minutes {
            Some(0) => {
                self.moderation.mutes.remove(&target);
            }
            n => {
                let length = n.map_or(DEFAULT_MUTE, minutes);
                self.moderation
                    .mutes
                    .insert(target, Instant::now() + length);
            }
        }
        Ok(())
    }

    /// Refuses a player the room (or the server) bans.
    pub(crate) fn check_not_banned(&mut self, player: PlayerId) -> Result<(), ServerError> {
        if self.moderation.is_banned(player, Instant::now()) {
            return refuse(ErrorCode::Banned, "the host banned you from this room");
        }
        if let Some(ban) = self.shared.moderation.account_ban(player) {
            return refuse(ErrorCode::Banned, banned_message(&ban));
        }
        Ok(())
    }

    /// Refuses a chat line from a muted or too fast member.
    pub(crate) fn check_may_chat(&mut self, player: PlayerId) -> Result<(), ServerError> {
        if let Some(seconds) = self.moderation.muted_for(player, Instant::now()) {
            return refuse(
                ErrorCode::Muted,
                format!("the host muted you for {seconds} s more"),
            );
        }
        if !self
            .shared
            .moderation
            .may_chat(player, std::time::Instant::now())
        {
            return refuse(ErrorCode::ChatTooFast, "too many chat lines; wait a little");
        }
        Ok(())
    }
}

/// What a banned player is told: until when, and why.
pub fn banned_message(ban: &crate::storage::BanRow) -> String {
    match ban.until {
        Some(until) => {
            let left = until.saturating_sub(crate::moderation::now_ms()) / 1000 + 1;
            format!("banned for {left} s more: {}", ban.reason)
        }
        None => format!("banned: {}", ban.reason),
    }
}
