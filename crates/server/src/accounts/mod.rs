//! [`Accounts`]: players who come back. A guest plays at once (a session, `session.rs`); at any
//! time it may claim its player id as an account with a name and a password, keeping the games
//! it played under that id. An account logs in from any device and gets a **login token**: said
//! as the `token` of `hello`, it resumes the account's session — and its seat — on that
//! connection. Login tokens are revocable (one, or every one: "log out everywhere") and stored
//! only as hashes; passwords only as Argon2id hashes (`password.rs`).
//!
//! Names are unique by their key (`names.rs`: width, case, look-alike characters folded); a
//! guest that says hello with an account's name is shown with a guest mark instead.
//!
//! The registry lives in memory (read from the store at start) behind one mutex; every change
//! is written to the store, and acknowledged to the client only once durable. A login is
//! rate-limited per name ([`Accounts::may_try`]: a back-off after a few wrong passwords) on top
//! of the per-address back-off of `clients.rs`, and password hashing runs a few at a time on the
//! blocking pool ([`Accounts::hashing`]).

pub mod names;
pub mod password;

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use rand::rngs::OsRng;
use rand::RngCore;
use tokio::sync::Semaphore;

use crate::storage::{AccountId, AccountRow, SecretHash, StoredAccounts};

/// Wrong passwords for one name before each further try waits (1 s, 2 s, … 5 min).
pub const FREE_TRIES: u32 = 5;
/// Password hashes computed at once (each takes ~19 MiB and a core for tens of ms).
pub const HASHING: usize = 2;

/// Why an account operation was refused. Each has a stable code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AccountError {
    #[error(transparent)]
    Name(#[from] names::NameError),
    /// Another account has this name (or one that looks the same).
    #[error("the name {0:?} is taken")]
    NameTaken(String),
    /// The player already is an account.
    #[error("this player already has an account")]
    AlreadyClaimed,
    /// Wrong name or password (which of them is not said).
    #[error("wrong name or password")]
    BadLogin,
    /// Too many wrong passwords for this name: wait.
    #[error("too many wrong passwords for this name; wait {0} s")]
    TooManyAttempts(u64),
}

impl AccountError {
    pub fn code(&self) -> &'static str {
        match self {
            AccountError::Name(error) => error.code(),
            AccountError::NameTaken(_) => "name_taken",
            AccountError::AlreadyClaimed => "already_claimed",
            AccountError::BadLogin => "bad_login",
            AccountError::TooManyAttempts(_) => "too_many_attempts",
        }
    }
}

#[derive(Debug, Default)]
struct Failures {
    count: u32,
    last: Option<Instant>,
    next_try: Option<Instant>,
}

#[derive(Debug, Default)]
struct Table {
    by_id: HashMap<AccountId, AccountRow>,
    by_key: HashMap<String, AccountId>,
    logins: HashMap<SecretHash, AccountId>,
    failures: HashMap<String, Failures>,
}

/// Every account of the server.
#[derive(Debug)]
pub struct Accounts {
    table: Mutex<Table>,
    /// Words no name may contain, besides [`names::BANNED`].
    banned: Vec<String>,
    /// Permits to hash a password.
    pub hashing: Semaphore,
}

impl Default for Accounts {
    fn default() -> Self {
        Accounts::new(Vec::new())
    }
}

/// A login token: 32 random bytes from the OS, hex-encoded.
fn new_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl Accounts {
    pub fn new(banned: Vec<String>) -> Accounts {
        Accounts {
            table: Mutex::default(),
            banned,
            hashing: Semaphore::new(HASHING),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Table> {
        // Every change is one insert or remove: a poisoned lock leaves nothing half-done.
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes in what the store holds (at start).
    pub fn load(&self, stored: StoredAccounts) {
        let mut table = self.lock();
        for account in stored.accounts {
            table.by_key.insert(account.key.clone(), account.id);
            table.by_id.insert(account.id, account);
        }
        for (token, account) in stored.logins {
            if table.by_id.contains_key(&account) {
                table.logins.insert(token, account);
            }
        }
    }

    pub fn len(&self) -> usize {
        self.lock().by_id.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The largest account id (new players count on from there).
    pub fn max_id(&self) -> AccountId {
        self.lock().by_id.keys().copied().max().unwrap_or(0)
    }

    /// The account a login token names, with its name.
    pub fn resolve(&self, token: &str) -> Option<(AccountId, String)> {
        let table = self.lock();
        let id = *table.logins.get(&SecretHash::of(token))?;
        table.by_id.get(&id).map(|a| (id, a.name.clone()))
    }

    pub fn get(&self, id: AccountId) -> Option<AccountRow> {
        self.lock().by_id.get(&id).cloned()
    }

    /// A name a guest may show: an account's name gets a guest mark (so nobody passes for
    /// someone else).
    pub fn guest_name(&self, name: &str) -> String {
        let cleaned = crate::text::clean_name(name, names::MAX_NAME);
        if cleaned.is_empty() || !self.lock().by_key.contains_key(&names::key(&cleaned)) {
            return cleaned;
        }
        let short: String = cleaned.chars().take(names::MAX_NAME - 3).collect();
        format!("{short}(游客)")
    }

    /// The display name and key `name` would have as an account, or why it cannot.
    pub fn check_name(&self, name: &str) -> Result<(String, String), AccountError> {
        let display = names::display(name)?;
        names::check(&display, &self.banned)?;
        let key = names::key(&display);
        if self.lock().by_key.contains_key(&key) {
            return Err(AccountError::NameTaken(display));
        }
        Ok((display, key))
    }

    /// Makes player `id` an account named `name` with the password hash `password` (checked
    /// again under the lock, so two claims of one name cannot both win).
    pub fn claim(
        &self,
        id: AccountId,
        name: &str,
        password: String,
        now_ms: u64,
    ) -> Result<AccountRow, AccountError> {
        let (display, key) = self.check_name(name)?;
        let mut table = self.lock();
        if table.by_id.contains_key(&id) {
            return Err(AccountError::AlreadyClaimed);
        }
        if table.by_key.contains_key(&key) {
            return Err(AccountError::NameTaken(display));
        }
        let account = AccountRow {
            id,
            name: display,
            key: key.clone(),
            password,
            created_at: now_ms,
            private: false,
        };
        table.by_key.insert(key, id);
        table.by_id.insert(id, account.clone());
        Ok(account)
    }

    /// Sets whether `id` hides its history; returns the changed account.
    pub fn set_private(&self, id: AccountId, private: bool) -> Option<AccountRow> {
        let mut table = self.lock();
        let account = table.by_id.get_mut(&id)?;
        account.private = private;
        Some(account.clone())
    }

    /// Renames account `id` (the operator's doing): `(before, after)`. An unknown account is
    /// `BadLogin`.
    pub fn rename(
        &self,
        id: AccountId,
        name: &str,
    ) -> Result<(AccountRow, AccountRow), AccountError> {
        let (display, key) = self.check_name(name)?;
        let mut table = self.lock();
        if table.by_key.get(&key).is_some_and(|owner| *owner != id) {
            return Err(AccountError::NameTaken(display));
        }
        let account = table.by_id.get_mut(&id).ok_or(AccountError::BadLogin)?;
        let before = account.clone();
        account.name = display;
        account.key = key.clone();
        let after = account.clone();
        table.by_key.remove(&before.key);
        table.by_key.insert(key, id);
        Ok((before, after))
    }

    /// Puts an account back as it was (a write failed).
    pub fn restore(&self, account: AccountRow) {
        let mut table = self.lock();
        if let Some(current) = table.by_id.get(&account.id) {
            let key = current.key.clone();
            table.by_key.remove(&key);
        }
        table.by_key.insert(account.key.clone(), account.id);
        table.by_id.insert(account.id, account);
    }

    /// What the shared store says of login `token` now (several processes on one store): its
    /// account, which this process learns (or learns again), or `None` — the login was revoked,
    /// perhaps by another process, and is dropped here too.
    pub fn learn_login(&self, token: SecretHash, account: Option<AccountRow>) {
        match account {
            Some(account) => {
                let id = account.id;
                self.restore(account);
                self.lock().logins.insert(token, id);
            }
            None => {
                self.lock().logins.remove(&token);
            }
        }
    }

    /// Undoes a claim whose write failed.
    pub fn unclaim(&self, id: AccountId) {
        let mut table = self.lock();
        if let Some(account) = table.by_id.remove(&id) {
            table.by_key.remove(&account.key);
        }
        table.logins.retain(|_, a| *a != id);
    }

    /// The account named `name` (by key) and its password hash.
    pub fn password_of(&self, name: &str) -> Option<(AccountId, String)> {
        let table = self.lock();
        let id = *table.by_key.get(&names::key(name))?;
        table.by_id.get(&id).map(|a| (id, a.password.clone()))
    }

    /// May a password be tried for `name` now?
    pub fn may_try(&self, name: &str, now: Instant) -> Result<(), AccountError> {
        let table = self.lock();
        match table
            .failures
            .get(&names::key(name))
            .and_then(|f| f.next_try)
        {
            Some(at) if at > now => Err(AccountError::TooManyAttempts(
                at.duration_since(now).as_secs() + 1,
            )),
            _ => Ok(()),
        }
    }

    /// A wrong password for `name`: past [`FREE_TRIES`], each further try waits twice as long
    /// (a quarter of an hour without one forgives them).
    pub fn failed(&self, name: &str, now: Instant) {
        let mut table = self.lock();
        if table.failures.len() > 100_000 {
            // Bounded: forget the forgiven ones first.
            let quiet = Duration::from_secs(900);
            table
                .failures
                .retain(|_, f| f.last.is_some_and(|at| now < at + quiet));
        }
        let failures = table.failures.entry(names::key(name)).or_default();
        if failures
            .last
            .is_some_and(|at| now >= at + Duration::from_secs(900))
        {
            *failures = Failures::default();
        }
        failures.count = failures.count.saturating_add(1);
        failures.last = Some(now);
        if let Some(over) = failures.count.checked_sub(FREE_TRIES) {
            let wait = Duration::from_secs(1u64 << over.min(9)).min(Duration::from_secs(300));
            failures.next_try = Some(now + wait);
        }
    }

    /// The right password for `name`: its failures are forgotten.
    pub fn succeeded(&self, name: &str) {
        self.lock().failures.remove(&names::key(name));
    }

    /// A new login token for `id` (to be stored by its hash before it is handed out).
    pub fn new_login(&self, id: AccountId) -> (String, SecretHash) {
        let token = new_token();
        let hash = SecretHash::of(&token);
        self.lock().logins.insert(hash, id);
        (token, hash)
    }

    /// Revokes one login token; returns its account.
    pub fn revoke(&self, token: &str) -> Option<AccountId> {
        self.lock().logins.remove(&SecretHash::of(token))
    }

    /// Revokes every login token of `id`; returns how many there were.
    pub fn revoke_all(&self, id: AccountId) -> usize {
        let mut table = self.lock();
        let before = table.logins.len();
        table.logins.retain(|_, a| *a != id);
        before - table.logins.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_claimed_once_whatever_it_looks_like() {
        let accounts = Accounts::default();
        let account = accounts.claim(7, " CaoCao ", "x".into(), 1).unwrap();
        assert_eq!((account.id, account.name.as_str()), (7, "CaoCao"));
        assert_eq!(
            accounts.claim(8, "ｃａｏ ｃａｏ", "x".into(), 1),
            Err(AccountError::NameTaken("cao cao".into()))
        );
        assert_eq!(
            accounts.claim(7, "Liu Bei", "x".into(), 1),
            Err(AccountError::AlreadyClaimed)
        );
        assert_eq!(
            accounts
                .claim(9, "ADMIN", "x".into(), 1)
                .map_err(|e| e.code()),
            Err("name_offensive")
        );
        assert_eq!(accounts.guest_name("cao_cao"), "cao_cao(游客)");
        assert_eq!(accounts.guest_name("Liu Bei"), "Liu Bei");
        accounts.unclaim(7);
        assert!(accounts.claim(8, "cao cao", "x".into(), 1).is_ok());
    }

    #[test]
    fn login_tokens_resolve_until_revoked() {
        let accounts = Accounts::default();
        accounts.claim(3, "孔明", "x".into(), 1).unwrap();
        let (one, _) = accounts.new_login(3);
        let (two, _) = accounts.new_login(3);
        assert_eq!(accounts.resolve(&one), Some((3, "孔明".into())));
        assert_eq!(accounts.revoke(&one), Some(3));
        assert_eq!(accounts.resolve(&one), None);
        assert_eq!(accounts.resolve(&two), Some((3, "孔明".into())));
        accounts.new_login(3);
        assert_eq!(accounts.revoke_all(3), 2);
        assert_eq!(accounts.resolve(&two), None);
    }

    #[test]
    fn wrong_passwords_for_a_name_back_off() {
        let accounts = Accounts::default();
        let now = Instant::now();
        for _ in 0..FREE_TRIES {
            assert_eq!(accounts.may_try("Zhou Yu", now), Ok(()));
            accounts.failed("zhou_yu", now);
        }
        accounts.failed("ZHOU YU", now);
        assert_eq!(
            accounts.may_try("zhouyu", now),
            Err(AccountError::TooManyAttempts(3))
        );
        assert_eq!(
            accounts.may_try("zhouyu", now + Duration::from_secs(3)),
            Ok(())
        );
        accounts.succeeded("zhou yu");
        assert_eq!(accounts.may_try("zhouyu", now), Ok(()));
    }
}
