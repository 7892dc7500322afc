//! [`Moderation`]: what the server's operator and its chat rules keep out. Server bans of an
//! account or an address, each with an optional expiry (read from the store at start, written
//! before they are answered); the chat word filter (`--chat-filter`: a banned word's letters
//! become `*`); a per-player chat rate limit (lobby and rooms alike); and the reports players
//! file, counted per reporter.
//!
//! A room's own bans and mutes, set by its host, live with the room (`room_moderation.rs`).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Mutex, MutexGuard};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use sgs_protocol::PlayerId;

use crate::rate::RateLimit;
use crate::storage::{AccountId, BanRow};

/// Chat lines a player may say in a burst, and per second after it.
pub const CHAT_BURST: f64 = 5.0;
pub const CHAT_PER_SEC: f64 = 0.5;
/// Reports one player may file per hour.
pub const REPORTS_PER_HOUR: u32 = 10;

/// Words the chat filter masks unless the operator names its own (`--chat-filter`).
pub const DEFAULT_FILTER: &[&str] = &["傻逼", "草泥马", "操你妈", "fuck", "shit", "nigger"];

/// What a server ban keeps out.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BanTarget {
    Account(AccountId),
    Address(IpAddr),
}

impl BanTarget {
    /// `(kind, target)` as stored.
    pub fn key(&self) -> (&'static str, String) {
        match self {
            BanTarget::Account(id) => ("account", id.to_string()),
            BanTarget::Address(ip) => ("address", ip.to_string()),
        }
    }

    fn of_row(row: &BanRow) -> Option<BanTarget> {
        match row.kind.as_str() {
            "account" => row.target.parse().ok().map(BanTarget::Account),
            "address" => row.target.parse().ok().map(BanTarget::Address),
            _ => None,
        }
    }
}

/// Unix milliseconds now.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

#[derive(Debug, Default)]
struct Table {
    bans: HashMap<BanTarget, BanRow>,
    chat: HashMap<PlayerId, RateLimit>,
    reports: HashMap<PlayerId, (u32, Instant)>,
}

/// The server's moderation state.
#[derive(Debug)]
pub struct Moderation {
    table: Mutex<Table>,
    /// Lower-cased words the chat filter masks.
    filter: Vec<Vec<char>>,
}

impl Default for Moderation {
    fn default() -> Self {
        Moderation::new(&[])
    }
}

impl Moderation {
    /// `filter`: the operator's words (none: [`DEFAULT_FILTER`]).
    pub fn new(filter: &[String]) -> Moderation {
        let words: Vec<String> = if filter.is_empty() {
            DEFAULT_FILTER.iter().map(|w| w.to_string()).collect()
        } else {
            filter.to_vec()
        };
        Moderation {
            table: Mutex::default(),
            filter: words
                .iter()
                .map(|w| w.trim().chars().flat_map(char::to_lowercase).collect())
                .filter(|w: &Vec<char>| !w.is_empty())
                .collect(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Table> {
        // Each change is one insert or remove: a poisoned lock holds nothing half-done.
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes in the stored bans (at start).
    pub fn load(&self, bans: Vec<BanRow>) {
        let mut table = self.lock();
        for row in bans {
            if let Some(target) = BanTarget::of_row(&row) {
                table.bans.insert(target, row);
            }
        }
    }

    /// The ban in force on `target`, if any (an expired one is forgotten).
    pub fn ban_of(&self, target: &BanTarget) -> Option<BanRow> {
        let mut table = self.lock();
        let ban = table.bans.get(target)?;
        if ban.until.is_some_and(|until| until <= now_ms()) {
            table.bans.remove(target);
            return None;
        }
        Some(ban.clone())
    }

    pub fn account_ban(&self, account: AccountId) -> Option<BanRow> {
        self.ban_of(&BanTarget::Account(account))
    }

    pub fn address_ban(&self, ip: IpAddr) -> Option<BanRow> {
        self.ban_of(&BanTarget::Address(ip))
    }

    pub fn ban(&self, target: BanTarget, row: BanRow) {
        self.lock().bans.insert(target, row);
    }

    /// Brings the bans in line with the store's `stored` ones, read at `now` (Unix ms), when
    /// several processes share the store: bans made or lifted by another process count here
    /// too. A ban held here but not in `stored` is kept while younger than `settle_ms` (one made
    /// here a moment ago may have been written after `stored` was read).
    pub fn sync_bans(&self, stored: Vec<BanRow>, now: u64, settle_ms: u64) {
        let mut fresh = HashMap::new();
        for row in stored {
            if let Some(target) = BanTarget::of_row(&row) {
                fresh.insert(target, row);
            }
        }
        let mut table = self.lock();
        table.bans.retain(|target, row| {
            fresh.contains_key(target) || row.created_at.saturating_add(settle_ms) > now
        });
        table.bans.extend(fresh);
    }

    /// Lifts a ban; returns whether there was one.
    pub fn unban(&self, target: &BanTarget) -> bool {
        self.lock().bans.remove(target).is_some()
    }

    /// Every ban in force.
    pub fn bans(&self) -> Vec<BanRow> {
        let now = now_ms();
        let mut table = self.lock();
        table
            .bans
            .retain(|_, ban| ban.until.is_none_or(|until| until > now));
        let mut bans: Vec<BanRow> = table.bans.values().cloned().collect();
        bans.sort_by(|a, b| (&a.kind, &a.target).cmp(&(&b.kind, &b.target)));
        bans
    }

    /// May `player` say a chat line now? (Lobby and rooms share one budget.)
    pub fn may_chat(&self, player: PlayerId, now: Instant) -> bool {
        let mut table = self.lock();
        if table.chat.len() > 100_000 {
            table.chat.clear();
        }
        table
            .chat
            .entry(player)
            .or_insert_with(|| RateLimit::new(CHAT_PER_SEC, CHAT_BURST))
            .allow(now)
    }

    /// The chat line with every filtered word's letters masked as `*` (case-insensitively).
    pub fn filter_chat(&self, text: &str) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        let lower: Vec<char> = chars
            .iter()
            .map(|c| c.to_lowercase().next().unwrap_or(*c))
            .collect();
        for word in &self.filter {
            if word.len() > lower.len() {
                continue;
            }
            for start in 0..=lower.len() - word.len() {
                if lower[start..start + word.len()] == word[..] {
                    chars[start..start + word.len()].fill('*');
                }
            }
        }
        chars.into_iter().collect()
    }

    /// May `reporter` file one more report now? Counts it if so.
    pub fn may_report(&self, reporter: PlayerId, now: Instant) -> bool {
        let mut table = self.lock();
        if table.reports.len() > 100_000 {
            // Bounded: forget the reporters whose hour is over.
            table
                .reports
                .retain(|_, (_, since)| now.duration_since(*since).as_secs() < 3600);
        }
        let entry = table.reports.entry(reporter).or_insert((0, now));
        if now.duration_since(entry.1).as_secs() >= 3600 {
            *entry = (0, now);
        }
        if entry.0 >= REPORTS_PER_HOUR {
            return false;
        }
        entry.0 += 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(kind: &str, target: &str, until: Option<u64>) -> BanRow {
        BanRow {
            kind: kind.into(),
            target: target.into(),
            until,
            reason: "r".into(),
            created_at: 0,
        }
    }

    #[test]
    fn bans_hold_until_they_expire_or_are_lifted() {
        let moderation = Moderation::default();
        moderation.load(vec![
            row("account", "7", None),
            row("address", "10.0.0.1", Some(now_ms() + 60_000)),
            row("account", "8", Some(1)),
            row("nonsense", "x", None),
        ]);
        assert!(moderation.account_ban(7).is_some());
        assert!(moderation
            .address_ban("10.0.0.1".parse().unwrap())
            .is_some());
        assert!(moderation.account_ban(8).is_none(), "expired");
        assert_eq!(moderation.bans().len(), 2);
        assert!(moderation.unban(&BanTarget::Account(7)));
        assert!(moderation.account_ban(7).is_none());
    }

    #[test]
    fn the_chat_filter_masks_words_and_the_rate_holds_a_flood() {
        let moderation = Moderation::new(&["darn".into(), "坏话".into()]);
        assert_eq!(
            moderation.filter_chat("Oh DARN it, 坏话!"),
            "Oh **** it, **!"
        );
        assert_eq!(moderation.filter_chat("fine"), "fine");
        assert_eq!(Moderation::default().filter_chat("傻逼"), "**");
        let now = Instant::now();
        let allowed = (0..20).filter(|_| moderation.may_chat(1, now)).count();
        assert_eq!(allowed, CHAT_BURST as usize);
        assert!(moderation.may_chat(2, now), "per player");
        assert!(moderation.may_chat(1, now + std::time::Duration::from_secs(3)));
        let reports = (0..20).filter(|_| moderation.may_report(1, now)).count();
        assert_eq!(reports, REPORTS_PER_HOUR as usize);
    }
}
