//! Test support: the real `sgs-server` binary as a child process (for kills and limits).

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use tokio::time::{sleep, Instant};

/// One run of the server binary.
pub struct Incarnation {
    pub child: Child,
    pub addr: SocketAddr,
}

impl Incarnation {
    /// Starts the binary on 127.0.0.1 (any port) over `data` with `args`, under a file
    /// descriptor limit of `fd_limit` if given (set by the shell that starts it); its log goes
    /// to `log`.
    pub async fn launch(
        data: &Path,
        log: PathBuf,
        args: &[&str],
        fd_limit: Option<u32>,
    ) -> Incarnation {
        let file = std::fs::File::create(&log).unwrap();
        let binary = env!("CARGO_BIN_EXE_sgs-server");
        let mut command = match fd_limit {
            Some(limit) => {
                let mut command = Command::new("sh");
                command
                    .arg("-c")
                    .arg(format!("ulimit -n {limit} && exec \"$0\" \"$@\""))
                    .arg(binary);
                command
            }
            None => Command::new(binary),
        };
        let child = command
            .args(["--addr", "127.0.0.1:0", "--data"])
            .arg(data)
            .args(args)
            .env("RUST_LOG", "info")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(file.try_clone().unwrap())
            .stderr(file)
            .spawn()
            .unwrap();
        // Owned at once, so a failure below still kills it.
        let mut incarnation = Incarnation {
            child,
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let text = std::fs::read_to_string(&log).unwrap_or_default();
            if let Some(rest) = text.split("listening on http://").nth(1) {
                incarnation.addr = rest.split_whitespace().next().unwrap().parse().unwrap();
                return incarnation;
            }
            assert!(
                Instant::now() < deadline,
                "the server did not start:\n{text}"
            );
            sleep(Duration::from_millis(20)).await;
        }
    }

    /// SIGKILL: no shutdown, no flush.
    pub fn kill(self) {
        drop(self);
    }
}

impl Drop for Incarnation {
    /// Never leaves a server running, even when the test fails.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Incarnation {
    /// The child's resident memory in KiB (Linux).
    pub fn rss_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// Whether the process is still running.
    pub fn is_alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}
