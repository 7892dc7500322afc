//! Checks of the browser client's own modules under Node.js: a Rust test writes what the engine
//! says as JSON, a script in `js/` runs the client's code over it.

use std::process::Command;

use serde::Serialize;

/// Writes `data` to a temporary file, runs `js/<script>` on it with Node and returns what it
/// printed; panics with its output when it fails (`what` says what disagreed).
pub fn run_node_check(script: &str, data: &impl Serialize, what: &str) -> String {
    // A directory per call: tests run in parallel threads of one process.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("sgs-node-{}-{call}-{script}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let file = dir.join("data.json");
    let text = serde_json::to_string(data).expect("the data as JSON");
    std::fs::write(&file, text).expect("the data file");
    let path = format!("{}/js/{script}", env!("CARGO_MANIFEST_DIR"));
    let output = Command::new("node")
        .arg(path)
        .arg(&file)
        .output()
        .expect("Node.js runs (scripts/install-test-deps.sh installs it)");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        output.status.success(),
        "{what}:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}
