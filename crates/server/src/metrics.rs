//! `GET /metrics`: the server's figures in the Prometheus text format.
//!
//! Counters and histograms are recorded where things happen, through the `metrics` facade, into
//! one process-wide recorder (`metrics-exporter-prometheus`) installed by the first
//! [`AppState`](crate::AppState). Gauges that are cheaper to read than to keep (connections,
//! rooms by state, the process's CPU time and resident memory) are read when `/metrics` is
//! asked. What is recorded, by name:
//!
//! | metric | kind | what |
//! |---|---|---|
//! | `sgs_connections` | gauge | open WebSocket connections |
//! | `sgs_rooms{state}` | gauge | open rooms, `waiting` / `playing` / `finished` |
//! | `sgs_games_started_total`, `sgs_games_finished_total` | counter | games |
//! | `sgs_actions_total{by}` | counter | accepted actions, by a `player` or the `server` (bots, trusteeship, automatic passes); its rate is actions per second |
//! | `sgs_decision_seconds{by}` | histogram | from a prompt being asked to its answer being applied |
//! | `sgs_act_seconds` | histogram | from an `act` read off the socket to its `update`s and `ack` queued (includes the durable write) |
//! | `sgs_store_commit_seconds`, `sgs_store_batch_jobs` | histogram | each group commit of the store: how long, how many jobs |
//! | `sgs_messages_sent_total`, `sgs_bytes_sent_total` | counter | server messages queued to connections |
//! | `sgs_outbound_dropped_total` | counter | messages dropped because a connection's queue was full (the connection is closed) |
//! | `sgs_errors_total{code}` | counter | `error` messages sent, by code |
//! | `sgs_bot_searches_total{result}` | counter | search bots' decisions (room option `bot_level: search`): `searched` within the budget, `over_budget` (the heuristic answered), `busy` (every search permit taken; the heuristic answered) |
//! | `sgs_room_leases` | gauge | rooms this process holds a lease on (several processes on one store, decision 0021) |
//! | `sgs_rooms_taken_over_total` | counter | rooms claimed from a process whose leases expired, and rebuilt here |
//! | `sgs_room_leases_lost_total` | counter | rooms this process ran whose lease another took over (each stopped here) |
//! | `process_cpu_seconds_total`, `process_resident_memory_bytes` | counter, gauge | the process, from `/proc/self` |

use std::sync::OnceLock;
use std::time::Duration;

use metrics::{Counter, Histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use sgs_protocol::{ErrorCode, RoomState};

use crate::Shared;

/// Latency buckets, in seconds: 100 µs to 30 s (decisions by people take seconds).
const SECONDS: &[f64] = &[
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
    5.0, 10.0, 30.0,
];

/// Jobs per group commit.
const JOBS: &[f64] = &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0];

static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// Handles of the metrics recorded for every message and action, registered once: looking a
/// metric up by name on each use cost a few percent of the server's work at full load.
pub struct Hot {
    pub messages_sent: Counter,
    pub bytes_sent: Counter,
    pub actions_by_player: Counter,
    pub actions_by_server: Counter,
    pub decision_by_player: Histogram,
    pub decision_by_server: Histogram,
    pub act_seconds: Histogram,
}

static HOT: OnceLock<Hot> = OnceLock::new();

/// The hot metrics' handles: registered with the recorder of [`install`] (before it, or
/// without it, they record nothing).
pub fn hot() -> &'static Hot {
    HOT.get_or_init(|| {
        let register = HANDLE.get().is_some();
        let counter = |name: &'static str, by: Option<&'static str>| match (register, by) {
            (false, _) => Counter::noop(),
            (true, None) => metrics::counter!(name),
            (true, Some(by)) => metrics::counter!(name, "by" => by),
        };
        let histogram = |name: &'static str, by: Option<&'static str>| match (register, by) {
            (false, _) => Histogram::noop(),
            (true, None) => metrics::histogram!(name),
            (true, Some(by)) => metrics::histogram!(name, "by" => by),
        };
        Hot {
            messages_sent: counter("sgs_messages_sent_total", None),
            bytes_sent: counter("sgs_bytes_sent_total", None),
            actions_by_player: counter("sgs_actions_total", Some(by(true))),
            actions_by_server: counter("sgs_actions_total", Some(by(false))),
            decision_by_player: histogram("sgs_decision_seconds", Some(by(true))),
            decision_by_server: histogram("sgs_decision_seconds", Some(by(false))),
            act_seconds: histogram("sgs_act_seconds", None),
        }
    })
}

/// Installs the process-wide recorder (once; later calls do nothing). Without it every
/// recording is a no-op, so tests that build no `AppState` pay nothing.
pub fn install() {
    HANDLE.get_or_init(|| {
        let built = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), SECONDS)
            .and_then(|b| {
                b.set_buckets_for_metric(Matcher::Full("sgs_store_batch_jobs".into()), JOBS)
            })
            .and_then(|b| b.install_recorder());
        match built {
            Ok(handle) => {
                // Histogram samples wait in the recorder until they are folded into buckets:
                // fold them regularly, whether or not anyone scrapes.
                let upkeep = handle.clone();
                let spawned = std::thread::Builder::new()
                    .name("metrics-upkeep".into())
                    .spawn(move || loop {
                        std::thread::sleep(Duration::from_secs(5));
                        upkeep.run_upkeep();
                    });
                if let Err(error) = spawned {
                    tracing::warn!(%error, "cannot start the metrics upkeep thread");
                }
                Some(handle)
            }
            Err(error) => {
                // Another recorder is installed (an embedding program's): record into it.
                tracing::warn!(%error, "cannot install the Prometheus recorder; /metrics is empty");
                None
            }
        }
    });
    hot();
}

/// The wire name of an error code (`rate_limited`).
pub fn code_name(code: ErrorCode) -> String {
    match serde_json::to_value(code) {
        Ok(serde_json::Value::String(name)) => name,
        _ => "unknown".to_string(),
    }
}

fn state_name(state: RoomState) -> &'static str {
    match state {
        RoomState::Waiting => "waiting",
        RoomState::Playing => "playing",
        RoomState::Finished => "finished",
    }
}

/// Everything, in the Prometheus text format.
pub fn render(shared: &Shared) -> String {
    metrics::gauge!("sgs_connections").set(shared.connection_count() as f64);
    for (state, count) in shared.lobby.rooms_by_state() {
        metrics::gauge!("sgs_rooms", "state" => state_name(state)).set(count as f64);
    }
    if let Some(leases) = shared.storage.leases() {
        metrics::gauge!("sgs_room_leases").set(leases.held_count() as f64);
    }
    let mut text = HANDLE
        .get()
        .and_then(Option::as_ref)
        .map(PrometheusHandle::render)
        .unwrap_or_default();
    if let Some(process) = Process::read() {
        text.push_str(&process.render());
    }
    text
}

/// The process's own figures, from `/proc/self` (Linux).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Process {
    pub cpu_seconds: f64,
    pub resident_bytes: u64,
}

impl Process {
    pub fn read() -> Option<Process> {
        let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
        let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
        Process::parse(&stat, &statm)
    }

    /// From the text of `/proc/<pid>/stat` and `/proc/<pid>/statm`.
    pub fn parse(stat: &str, statm: &str) -> Option<Process> {
        // The command name is in parentheses and may hold spaces: count fields after it.
        let rest = &stat[stat.rfind(')')? + 1..];
        let fields: Vec<&str> = rest.split_whitespace().collect();
        // utime and stime are fields 14 and 15 of the line; `rest` starts at field 3.
        let ticks: u64 =
            fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
        let hz = rustix::param::clock_ticks_per_second().max(1);
        Some(Process {
            cpu_seconds: ticks as f64 / hz as f64,
            resident_bytes: pages.saturating_mul(rustix::param::page_size() as u64),
        })
    }

    fn render(&self) -> String {
        format!(
            "# HELP process_cpu_seconds_total CPU time of the process (user and system).\n\
             # TYPE process_cpu_seconds_total counter\n\
             process_cpu_seconds_total {}\n\
             # HELP process_resident_memory_bytes Resident memory of the process.\n\
             # TYPE process_resident_memory_bytes gauge\n\
             process_resident_memory_bytes {}\n",
            self.cpu_seconds, self.resident_bytes
        )
    }
}

/// Who gave an answer, as a label.
fn by(player: bool) -> &'static str {
    if player {
        "player"
    } else {
        "server"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proc_lines_are_read() {
        let stat = "1234 (sgs server) S 1 1 1 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 9 0 1 2 3";
        let process = Process::parse(stat, "5000 300 100 1 0 200 0").unwrap();
        let hz = rustix::param::clock_ticks_per_second() as f64;
        assert!((process.cpu_seconds - 300.0 / hz).abs() < 1e-9);
        assert_eq!(
            process.resident_bytes,
            300 * rustix::param::page_size() as u64
        );
        assert!(Process::read().is_some_and(|p| p.resident_bytes > 0));
    }

    #[test]
    fn codes_have_their_wire_names() {
        assert_eq!(code_name(ErrorCode::RateLimited), "rate_limited");
    }
}
