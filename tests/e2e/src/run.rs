//! The skip-or-fail policy and the harness every browser test runs in: is a browser installed,
//! one browser test at a time, each on its own runtime with a time limit.

use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use crate::browser::chromium;
use crate::Result;

fn on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
}

/// Whether the browser tests can run. Without chromium/chromedriver: fails when
/// `SGS_REQUIRE_BROWSER=1`, otherwise prints a loud SKIPPED line and returns `false`.
pub fn browser_available() -> bool {
    let found = on_path("chromedriver").is_some() && chromium().is_file();
    if found {
        return true;
    }
    let required = std::env::var("SGS_REQUIRE_BROWSER").is_ok_and(|v| v == "1");
    assert!(
        !required,
        "SGS_REQUIRE_BROWSER=1 but chromium ({}) or chromedriver (on PATH) is not installed",
        chromium().display()
    );
    eprintln!("\n**************************************************************");
    eprintln!("SKIPPED: chromium/chromedriver not installed");
    eprintln!(
        "  (apt-get install chromium chromium-driver; SGS_REQUIRE_BROWSER=1 makes this fail)"
    );
    eprintln!("**************************************************************\n");
    false
}

/// Browser tests run one at a time (each starts one or two Chromium processes; the machines
/// that run them are small). Hold the guard for the whole test.
pub fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs a browser test: skips without a browser, runs one at a time on its own runtime, and
/// fails after `limit`.
pub fn run_browser_test<F>(limit: Duration, test: impl FnOnce() -> F)
where
    F: std::future::Future<Output = Result>,
{
    if !browser_available() {
        return;
    }
    let _serial = serial();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let outcome = runtime.block_on(async { tokio::time::timeout(limit, test()).await });
    match outcome {
        Ok(Ok(())) => {}
        Ok(Err(error)) => panic!("{error}"),
        Err(_) => panic!("the test took longer than {limit:?}"),
    }
}
