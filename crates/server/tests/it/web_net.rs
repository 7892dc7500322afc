//! The browser client's choice of socket with several server processes behind one proxy
//! (`web/js/net.js`, decision 0021): the lobby socket `/ws`, a routed room's own
//! `/rooms/{id}/ws` once in it and to reconnect after a failover, back to `/ws` when the room is
//! left or gone, and a move to a room's socket before entering it. Checked under Node with a
//! fake WebSocket (`tests/web/net.test.mjs`). Without Node the test prints SKIPPED and passes.

use std::path::Path;
use std::process::Command;

#[test]
fn the_browser_client_uses_a_rooms_own_socket_once_in_it() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/web/net.test.mjs");
    let output = match Command::new("node").arg(&script).output() {
        Ok(output) => output,
        Err(error) => {
            eprintln!("SKIPPED: the browser client's socket test needs Node ({error})");
            return;
        }
    };
    assert!(
        output.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
