//! One storage test suite, run against both stores: every case in `cases.rs` takes a
//! [`Harness`] (a store it can open, reopen and look into) and runs once on SQLite and once on
//! PostgreSQL (`sqlite::…` and `postgres::…` test names).
//!
//! The PostgreSQL half needs a server: `SGS_TEST_DATABASE_URL` (set by
//! `scripts/with-postgres.sh`, which starts a throwaway cluster). Each test makes its own schema
//! there and drops it at the end. Without the URL these tests print a loud SKIPPED line and pass
//! — unless `SGS_REQUIRE_POSTGRES=1`, which makes that a failure.

mod cases;
mod leases;

use std::sync::atomic::{AtomicU64, Ordering};

use super::{GameId, PgStorage, SqliteStorage, Storage, SyncMode, FILE_NAME};

/// A store under test.
pub trait Harness {
    type Store: Storage;
    /// Opens the store (again: what an earlier open wrote is there).
    fn open(&self) -> Self::Store;
    /// Adds 1 to every stored hash of `game` (behind the store's back).
    fn tamper_hashes(&self, game: GameId);
    /// Is `needle` anywhere in what the store keeps (files or tables)?
    fn contains(&self, needle: &str) -> bool;
}

/// SQLite in a temporary directory.
pub struct Sqlite(tempfile::TempDir);

impl Sqlite {
    pub fn new() -> Sqlite {
        Sqlite(tempfile::tempdir().unwrap())
    }
}

impl Harness for Sqlite {
    type Store = SqliteStorage;

    fn open(&self) -> SqliteStorage {
        SqliteStorage::open(self.0.path(), SyncMode::Full).unwrap()
    }

    fn tamper_hashes(&self, game: GameId) {
        let conn = rusqlite::Connection::open(self.0.path().join(FILE_NAME)).unwrap();
        conn.execute(
            "UPDATE actions SET hash = hash + 1 WHERE game = ?1",
            [game as i64],
        )
        .unwrap();
    }

    fn contains(&self, needle: &str) -> bool {
        let path = self.0.path().join(FILE_NAME);
        let bytes = std::fs::read(&path).unwrap();
        let wal = std::fs::read(self.0.path().join(format!("{FILE_NAME}-wal"))).unwrap_or_default();
        [&bytes, &wal]
            .iter()
            .any(|file| file.windows(needle.len()).any(|w| w == needle.as_bytes()))
    }
}

/// A schema of its own in the test cluster's database.
pub struct Postgres {
    url: String,
    schema: String,
}

/// The test cluster's URL, or `None` (skip) — a failure under `SGS_REQUIRE_POSTGRES=1`.
pub fn postgres_url() -> Option<String> {
    match std::env::var("SGS_TEST_DATABASE_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            let why = "SGS_TEST_DATABASE_URL is not set (run through scripts/with-postgres.sh)";
            if std::env::var("SGS_REQUIRE_POSTGRES").is_ok_and(|v| v == "1") {
                panic!("{why}, and SGS_REQUIRE_POSTGRES=1 requires PostgreSQL");
            }
            eprintln!("SKIPPED: PostgreSQL storage test: {why}");
            None
        }
    }
}

impl Postgres {
    pub fn new() -> Option<Postgres> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let url = postgres_url()?;
        let schema = format!(
            "t{}_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos())
        );
        let harness = Postgres { url, schema };
        harness.sql(&format!("CREATE SCHEMA {}", harness.schema));
        Some(harness)
    }

    fn config(&self) -> ::postgres::Config {
        let mut config: ::postgres::Config = self.url.parse().unwrap();
        config.options(&format!("-c search_path={}", self.schema));
        // So a test can find its own connections among those of the tests running beside it.
        config.application_name(&self.schema);
        config
    }

    /// Runs `sql` in the harness's schema, on a connection of its own.
    pub fn sql(&self, sql: &str) {
        let mut client = self.config().connect(::postgres::NoTls).unwrap();
        client.batch_execute(sql).unwrap();
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        if let Ok(mut client) = self.config().connect(::postgres::NoTls) {
            let _ = client.batch_execute(&format!("DROP SCHEMA {} CASCADE", self.schema));
        }
    }
}

impl Harness for Postgres {
    type Store = PgStorage;

    fn open(&self) -> PgStorage {
        PgStorage::open_config(self.config()).unwrap()
    }

    fn tamper_hashes(&self, game: GameId) {
        self.sql(&format!(
            "UPDATE actions SET hash = hash + 1 WHERE game = {game}"
        ));
    }

    fn contains(&self, needle: &str) -> bool {
        let mut client = self.config().connect(::postgres::NoTls).unwrap();
        let tables = client
            .query(
                "SELECT table_name::TEXT FROM information_schema.tables WHERE table_schema = $1",
                &[&self.schema],
            )
            .unwrap();
        tables.iter().any(|row| {
            let table: String = row.get(0);
            let rows = client
                .query(&format!("SELECT t::TEXT FROM {table} t"), &[])
                .unwrap();
            rows.iter().any(|r| r.get::<_, String>(0).contains(needle))
        })
    }
}

/// `#[test]`s running each case on both stores.
macro_rules! suite {
    ($($case:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[test]
                fn $case() {
                    super::cases::$case(&super::Sqlite::new());
                }
            )*
        }
        mod postgres {
            $(
                #[test]
                fn $case() {
                    if let Some(harness) = super::Postgres::new() {
                        super::cases::$case(&harness);
                    }
                }
            )*
        }
    };
}

suite!(
    a_rebuild_hands_over_the_whole_event_stream,
    a_stored_game_reads_back_as_its_record_with_its_hashes,
    a_finished_game_is_listed_newest_first_and_pages,
    a_tampered_record_fails_its_hash_check,
    rooms_are_stored_with_token_hashes_until_closed,
    a_node_reads_only_its_own_open_rooms,
    accounts_logins_bans_and_reports_read_back,
    results_make_records_stats_and_ratings,
    a_series_game_reads_back_with_its_series,
    a_game_written_whole_replaces_what_was_stored,
    a_reopened_log_appends_over_what_a_lost_commit_left,
    writes_in_one_batch_fail_alone,
);

/// What only the PostgreSQL store has to face: a database that drops its connections.
mod postgres_only {
    use super::{Harness, Postgres};
    use crate::storage::Storage;

    /// Ends every connection of the store (as a database restart or failover does).
    fn drop_connections(harness: &Postgres) {
        harness.sql(&format!(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE application_name = '{}' AND pid <> pg_backend_pid()",
            harness.schema
        ));
    }

    /// A lost connection fails the writes caught in it — a room then pauses and retries — and
    /// the store connects again by itself: the next writes and reads go through, nothing
    /// acknowledged before is lost, and the status says what happened meanwhile.
    #[test]
    fn the_store_connects_again_after_the_database_dropped_it() {
        let Some(harness) = Postgres::new() else {
            return;
        };
        let storage = harness.open();
        storage.chat("r", None, 1, "a", "before").wait().unwrap();
        assert_eq!(storage.max_player().unwrap(), 0);
        drop_connections(&harness);
        // The first write after it may fail (its connection was gone); within a few tries the
        // writer is connected again.
        let mut failures = 0;
        while storage.chat("r", None, 1, "a", "after").wait().is_err() {
            failures += 1;
            assert!(storage.status().is_some(), "the status says why");
            assert!(failures < 5, "the store does not come back");
        }
        assert_eq!(storage.status(), None, "recovered");
        // A read on a lost connection connects again and runs once more.
        assert_eq!(storage.max_player().unwrap(), 0);
        assert_eq!(storage.max_player().unwrap(), 0);
        drop(storage);
        assert!(harness.contains("before") && harness.contains("after"));
    }

    /// Two processes on one database: the second open finds the schema migrated, and their
    /// game ids and player ids never meet (blocks of the sequences).
    #[test]
    fn processes_sharing_a_database_never_hand_out_the_same_ids() {
        let Some(harness) = Postgres::new() else {
            return;
        };
        let (one, two) = (harness.open(), harness.open());
        let games = |storage: &crate::storage::PgStorage| -> Vec<u64> {
            (0..3)
                .map(|_| super::cases::play_logged(storage, 0).1)
                .collect()
        };
        let (mut a, b) = (games(&one), games(&two));
        a.extend(b);
        let blocks = [&one, &two].map(|s| s.player_id_blocks().unwrap());
        let firsts: Vec<u64> = blocks.iter().map(|next| next().unwrap()).collect();
        assert!(firsts[0].abs_diff(firsts[1]) >= crate::storage::PLAYER_ID_BLOCK);
        a.sort();
        a.dedup();
        assert_eq!(a.len(), 6, "{a:?}");
    }
}
