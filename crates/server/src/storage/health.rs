//! Is the store's file still the store? [`Health`] is what the store's threads share about it:
//! the file's identity (device and inode), whether writes are refused and why, and the file's
//! generation (it goes up each time the store opens a new file).
//!
//! - [`check`] looks at the file: still there, the same file, a SQLite header, and a
//!   `quick_check` on a fresh connection (so nothing cached hides damage). It runs at start and
//!   every `--store-check-ms` on its own thread ([`spawn_checker`]); a failed write that
//!   reports corruption triggers the same repair.
//! - [`repair`], on the writer thread: what the open connection still sees is copied out
//!   (`VACUUM INTO`: a deleted or overwritten file is still readable through it), whatever is
//!   at the path is set aside (`sgs.sqlite3.damaged-<ms>`, with its `-wal` and `-shm`), and the
//!   store goes on in the copy — or in a new, empty file when nothing could be copied. Every
//!   room then writes itself into it again (`durable.rs`).
//! - At start a damaged file is set aside the same way and the server starts on a new one
//!   (degraded, not refused); the open rooms that can still be read from the set-aside file are
//!   salvaged.

use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};
use tokio::sync::watch;

use super::schema::db_error;

/// The first 16 bytes of every SQLite database.
const MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// What the store's threads share about its file.
#[derive(Debug)]
pub(super) struct Health {
    pub path: PathBuf,
    identity: Mutex<Option<(u64, u64)>>,
    /// Why writes are refused (`None`: they are not).
    failed: Mutex<Option<String>>,
    /// What happened at start, when the file had to be set aside.
    pub degraded: Mutex<Option<String>>,
    /// A repair has been asked for and not done yet.
    pub repairing: Mutex<bool>,
    pub generation: watch::Sender<u64>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // Plain values: a poisoned lock still holds a usable one.
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// The file's (device, inode), where the platform has them.
pub(super) fn identity(path: &Path) -> io::Result<Option<(u64, u64)>> {
    let metadata = std::fs::metadata(path)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Ok(Some((metadata.dev(), metadata.ino())))
    }
    #[cfg(not(unix))]
    {
        let _ = metadata;
        Ok(None)
    }
}

impl Health {
    pub fn new(path: PathBuf) -> Health {
        let identity = identity(&path).ok().flatten();
        Health {
            path,
            identity: Mutex::new(identity),
            failed: Mutex::new(None),
            degraded: Mutex::new(None),
            repairing: Mutex::new(false),
            generation: watch::channel(0).0,
        }
    }

    pub fn failure(&self) -> Option<String> {
        lock(&self.failed).clone()
    }

    /// Writes are refused from now on, for `reason`. Returns whether this is news.
    pub fn fail(&self, reason: &str) -> bool {
        let mut failed = lock(&self.failed);
        let news = failed.is_none();
        if news {
            *failed = Some(reason.to_string());
        }
        news
    }

    /// The store works again, in a new file.
    pub fn recovered(&self) {
        *lock(&self.identity) = identity(&self.path).ok().flatten();
        *lock(&self.failed) = None;
        *lock(&self.repairing) = false;
        self.generation.send_modify(|g| *g += 1);
    }

    /// Takes the right to repair (once until it is done).
    pub fn begin_repair(&self) -> bool {
        let mut repairing = lock(&self.repairing);
        !std::mem::replace(&mut *repairing, true)
    }

    pub fn status(&self) -> Option<String> {
        match self.failure() {
            Some(reason) => Some(format!("the store is unavailable: {reason}")),
            None => lock(&self.degraded).clone(),
        }
    }
}

/// What is wrong with the store's file, if anything.
pub(super) fn check(health: &Health) -> Option<String> {
    let now = match identity(&health.path) {
        Ok(now) => now,
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            return Some("the store's file was deleted".into())
        }
        Err(error) => return Some(format!("the store's file cannot be read: {error}")),
    };
    let known = *lock(&health.identity);
    if known.is_some() && now != known {
        return Some("the store's file was replaced by another file".into());
    }
    check_file(&health.path).err()
}

/// The file has a SQLite header and passes `quick_check` (read through a fresh connection).
pub(super) fn check_file(path: &Path) -> Result<(), String> {
    let mut header = [0u8; 16];
    let read = std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut header));
    match read {
        Ok(()) if &header == MAGIC => {}
        Ok(()) => return Err("the store's file has no SQLite header".into()),
        Err(error) if error.kind() == io::ErrorKind::UnexpectedEof => {
            return Err("the store's file is truncated".into())
        }
        Err(error) => return Err(format!("the store's file cannot be read: {error}")),
    }
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| format!("the store cannot be opened: {e}"))?;
    let _ = conn.busy_timeout(Duration::from_secs(10));
    let verdict: String = conn
        .query_row("PRAGMA quick_check(1)", [], |row| row.get(0))
        .map_err(|e| format!("the store's integrity check failed: {e}"))?;
    if verdict == "ok" {
        Ok(())
    } else {
        Err(format!("the store's integrity check failed: {verdict}"))
    }
}

/// Is this SQLite error a sign of a damaged file?
pub(super) fn is_damage(error: &rusqlite::Error) -> bool {
    matches!(
        error.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase)
    )
}

/// Renames `path` and its `-wal` and `-shm` aside as `<name>.damaged-<stamp>`; returns the
/// new name of the database file (if there was one).
pub(super) fn set_aside(path: &Path, stamp: u64) -> io::Result<Option<PathBuf>> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut moved = None;
    for suffix in ["", "-wal", "-shm"] {
        let from = path.with_file_name(format!("{name}{suffix}"));
        if !from.exists() {
            continue;
        }
        let to = path.with_file_name(format!("{name}.damaged-{stamp}{suffix}"));
        std::fs::rename(&from, &to)?;
        if suffix.is_empty() {
            moved = Some(to);
        }
    }
    Ok(moved)
}

/// Copies what `old` still sees into a new file at `health.path` (or leaves the path empty
/// when nothing can be copied), setting aside whatever is there. Returns whether data was
/// rescued.
pub(super) fn repair(old: Connection, health: &Health, stamp: u64) -> io::Result<bool> {
    let path = &health.path;
    let rescue = path.with_file_name(format!("{}.rescue-{stamp}", super::FILE_NAME));
    let copied = old
        .execute("VACUUM INTO ?1", [rescue.to_string_lossy().as_ref()])
        .map_err(db_error)
        .and_then(|_| check_file(&rescue).map_err(io::Error::other));
    drop(old);
    let rescued = match copied {
        Ok(()) => true,
        Err(error) => {
            tracing::error!(%error, "nothing could be copied out of the damaged store");
            let _ = std::fs::remove_file(&rescue);
            false
        }
    };
    let aside = set_aside(path, stamp)?;
    if rescued {
        std::fs::rename(&rescue, path)?;
    }
    tracing::error!(
        set_aside = ?aside,
        rescued,
        "the store's file was set aside; the store goes on in {} file",
        if rescued { "a copy of what it held, in a new" } else { "a new, empty" }
    );
    Ok(rescued)
}

/// Checks the file every `every` until `stop` is dropped; on a problem, refuses writes and
/// asks the writer (through `repair`) to set the file aside.
pub(super) fn spawn_checker(
    health: std::sync::Arc<Health>,
    every: Duration,
    stop: std::sync::mpsc::Receiver<()>,
    repair: impl Fn(String) + Send + 'static,
) -> io::Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new()
        .name("sgs-store-check".into())
        .spawn(move || loop {
            match stop.recv_timeout(every) {
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                _ => return,
            }
            if health.failure().is_some() && !*lock(&health.repairing) {
                // A repair failed: try it again.
                if let Some(reason) = health.failure() {
                    if health.begin_repair() {
                        repair(reason);
                    }
                }
                continue;
            }
            if let Some(problem) = check(&health) {
                if health.fail(&problem) {
                    tracing::error!(%problem, "the store is damaged: writes stop until it is repaired");
                }
                if health.begin_repair() {
                    repair(problem);
                }
            }
        })
}
