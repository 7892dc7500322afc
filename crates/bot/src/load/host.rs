//! The harness's view of the machine: the loopback-only target, the file descriptor limit, the
//! server's CPU and memory from `/proc/<pid>`, and its counters from `GET /metrics`.

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, ToSocketAddrs};
use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::{sleep_until, timeout, Instant};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use super::Run;

/// The address of `url`, refused unless it is on loopback (127.0.0.0/8 or ::1): a load is
/// never sent anywhere else.
pub fn loopback_target(url: &str) -> Result<SocketAddr, String> {
    let request = url
        .into_client_request()
        .map_err(|e| format!("bad URL {url:?}: {e}"))?;
    let uri = request.uri();
    if uri.scheme_str() != Some("ws") {
        return Err(format!("{url:?}: expected ws://127.0.0.1:PORT/ws"));
    }
    let host = uri.host().unwrap_or_default().trim_matches(['[', ']']);
    let port = uri.port_u16().unwrap_or(80);
    let addrs: Vec<SocketAddr> = (host, port)
        .to_socket_addrs()
        .map_err(|e| format!("cannot resolve {host:?}: {e}"))?
        .collect();
    match addrs.iter().find(|a| a.ip().is_loopback()) {
        Some(addr) if addrs.iter().all(|a| a.ip().is_loopback()) => Ok(*addr),
        _ => Err(format!(
            "{url:?} is not on loopback: the load harness only talks to 127.0.0.0/8 or ::1"
        )),
    }
}

/// The loopback source address of room `room` (127.1.x.y), so each room is its own client.
pub fn source_of(room: usize) -> IpAddr {
    let n = room % (250 * 256);
    IpAddr::V4(Ipv4Addr::new(127, 1, (n / 250) as u8, (n % 250 + 1) as u8))
}

/// Raises the soft file descriptor limit to the hard one; returns the limit now in force.
pub fn raise_fd_limit() -> Option<u64> {
    use rustix::process::{getrlimit, setrlimit, Resource};
    let mut limit = getrlimit(Resource::Nofile);
    if limit.current < limit.maximum {
        limit.current = limit.maximum;
        let _ = setrlimit(Resource::Nofile, limit);
    }
    getrlimit(Resource::Nofile).current
}

/// A process's CPU time and resident memory, from `/proc/<pid>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct ProcSample {
    pub cpu_seconds: f64,
    pub rss_bytes: u64,
}

fn ticks_of(stat: &str) -> Option<u64> {
    // The command name is in parentheses and may hold spaces: count the fields after it.
    let fields: Vec<&str> = stat[stat.rfind(')')? + 1..].split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

fn hz() -> f64 {
    rustix::param::clock_ticks_per_second().max(1) as f64
}

impl ProcSample {
    pub fn read(pid: u32) -> Option<ProcSample> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        let statm = std::fs::read_to_string(format!("/proc/{pid}/statm")).ok()?;
        let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
        Some(ProcSample {
            cpu_seconds: ticks_of(&stat)? as f64 / hz(),
            rss_bytes: pages * rustix::param::page_size() as u64,
        })
    }

    /// CPU seconds of the threads of `pid` whose name starts with `prefix`.
    pub fn thread_cpu(pid: u32, prefix: &str) -> Option<f64> {
        let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).ok()?;
        let mut ticks = 0;
        let mut found = false;
        for task in tasks.flatten() {
            let path = task.path();
            let comm = std::fs::read_to_string(path.join("comm")).unwrap_or_default();
            if comm.trim_end().starts_with(prefix) {
                let stat = std::fs::read_to_string(path.join("stat")).unwrap_or_default();
                ticks += ticks_of(&stat).unwrap_or(0);
                found = true;
            }
        }
        found.then(|| ticks as f64 / hz())
    }
}

/// One look at the server and the harness.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Sample {
    pub at_s: f64,
    pub server: Option<ProcSample>,
    /// The store's writer thread (`sgs-store-writer`).
    pub writer_cpu_seconds: Option<f64>,
    pub harness: Option<ProcSample>,
    /// The server's counters (`/metrics`), by series.
    #[serde(skip)]
    pub metrics: BTreeMap<String, f64>,
}

/// `GET /metrics` of the server at `target`, as series → value (empty if it has none).
pub async fn scrape(target: SocketAddr) -> BTreeMap<String, f64> {
    let fetch = async {
        let mut stream = TcpStream::connect(target).await.ok()?;
        let request = "GET /metrics HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
        stream.write_all(request.as_bytes()).await.ok()?;
        let mut body = Vec::new();
        stream.read_to_end(&mut body).await.ok()?;
        let text = String::from_utf8_lossy(&body).to_string();
        let (head, body) = text.split_once("\r\n\r\n")?;
        head.starts_with("HTTP/1.1 200").then(|| body.to_string())
    };
    let text = timeout(Duration::from_secs(5), fetch)
        .await
        .ok()
        .flatten()
        .unwrap_or_default();
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let (series, value) = line.rsplit_once(' ')?;
            Some((series.to_string(), value.parse().ok()?))
        })
        .collect()
}

async fn take(run: &Run) -> Sample {
    let pid = run.options.server_pid;
    Sample {
        at_s: run.began.elapsed().as_secs_f64(),
        server: pid.and_then(ProcSample::read),
        writer_cpu_seconds: pid.and_then(|p| ProcSample::thread_cpu(p, "sgs-store-writ")),
        harness: ProcSample::read(std::process::id()),
        metrics: scrape(run.target).await,
    }
}

/// Samples at the start of the measure, every `sample_every`, and at the deadline.
pub(super) async fn sample(run: Arc<Run>) -> Vec<Sample> {
    let mut samples = Vec::new();
    sleep_until(run.measure_from).await;
    loop {
        samples.push(take(&run).await);
        let next = Instant::now() + run.options.sample_every;
        if next >= run.deadline {
            break;
        }
        sleep_until(next).await;
    }
    sleep_until(run.deadline).await;
    samples.push(take(&run).await);
    samples
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_is_a_target() {
        assert!(loopback_target("ws://127.0.0.1:8080/ws").is_ok());
        assert!(loopback_target("ws://127.3.2.1:8080/ws").is_ok());
        assert!(loopback_target("ws://[::1]:8080/ws").is_ok());
        assert!(loopback_target("ws://localhost:8080/ws").is_ok());
        assert!(loopback_target("ws://10.0.0.1:8080/ws").is_err());
        assert!(loopback_target("ws://192.168.1.1:8080/ws").is_err());
        assert!(loopback_target("wss://127.0.0.1:8080/ws").is_err());
    }

    #[test]
    fn rooms_get_distinct_loopback_sources() {
        assert_eq!(source_of(0), IpAddr::V4(Ipv4Addr::new(127, 1, 0, 1)));
        assert_eq!(source_of(251), IpAddr::V4(Ipv4Addr::new(127, 1, 1, 2)));
        assert!((0..5_000).all(|r| source_of(r).is_loopback()));
    }

    #[test]
    fn this_process_can_be_read() {
        let me = ProcSample::read(std::process::id()).unwrap();
        assert!(me.rss_bytes > 0);
    }
}
