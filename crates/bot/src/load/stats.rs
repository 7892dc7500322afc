//! What a run counted ([`Tally`], per connection, then merged) and the one JSON [`Summary`]
//! it prints.

use std::collections::BTreeMap;

use serde::Serialize;

use super::host::Sample;
use super::{LoadOptions, Pace, Soak};

/// What connections counted (merged over all of them at the end).
#[derive(Debug, Default)]
pub struct Tally {
    pub connect_us: Vec<u32>,
    pub ack_us: Vec<u32>,
    pub update_us: Vec<u32>,
    /// Messages and bytes received while measuring.
    pub received: u64,
    pub bytes: u64,
    pub sent: u64,
    /// `act`s sent while measuring.
    pub acts: u64,
    pub errors: BTreeMap<String, u64>,
    pub reconnects: u64,
    pub disconnects: u64,
    pub storms: u64,
    pub malformed: u64,
    pub slow_reads: u64,
}

impl Tally {
    pub fn count_error(&mut self, code: &str) {
        *self.errors.entry(code.to_string()).or_default() += 1;
    }

    pub fn merge(&mut self, other: Tally) {
        self.connect_us.extend(other.connect_us);
        self.ack_us.extend(other.ack_us);
        self.update_us.extend(other.update_us);
        self.received += other.received;
        self.bytes += other.bytes;
        self.sent += other.sent;
        self.acts += other.acts;
        for (code, n) in other.errors {
            *self.errors.entry(code).or_default() += n;
        }
        self.reconnects += other.reconnects;
        self.disconnects += other.disconnects;
        self.storms += other.storms;
        self.malformed += other.malformed;
        self.slow_reads += other.slow_reads;
    }
}

/// Percentiles of a latency, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Latency {
    pub count: usize,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
}

impl Latency {
    pub fn of(mut micros: Vec<u32>) -> Latency {
        if micros.is_empty() {
            return Latency::default();
        }
        micros.sort_unstable();
        let at = |q: f64| {
            let i = ((micros.len() as f64 - 1.0) * q).round() as usize;
            f64::from(micros[i.min(micros.len() - 1)]) / 1_000.0
        };
        Latency {
            count: micros.len(),
            p50_ms: at(0.5),
            p99_ms: at(0.99),
            max_ms: at(1.0),
        }
    }
}

/// The server as seen from outside during the measure.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ServerFigures {
    /// Of one core (100 = one core busy).
    pub cpu_percent: Option<f64>,
    pub rss_mib: Option<f64>,
    pub rss_max_mib: Option<f64>,
    /// The store's writer thread, of one core.
    pub store_writer_cpu_percent: Option<f64>,
    /// From `/metrics`: accepted actions per second, by players and by the server itself.
    pub player_actions_per_sec: Option<f64>,
    pub server_actions_per_sec: Option<f64>,
    /// From `/metrics`: group commits per second and jobs per commit.
    pub store_commits_per_sec: Option<f64>,
    pub store_jobs_per_commit: Option<f64>,
    /// `[seconds since start, RSS MiB]` at each sample.
    pub rss_series: Vec<(f64, f64)>,
}

/// One run, as printed.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub connections: usize,
    pub rooms: usize,
    pub room_size: u8,
    pub pace: Pace,
    pub soak: Option<Soak>,
    pub seconds: f64,
    pub fd_limit: Option<u64>,
    /// Connections that reached `welcome` (reconnects included).
    pub connects: usize,
    pub connect: Latency,
    pub act_to_ack: Latency,
    pub act_to_update: Latency,
    /// `act`s sent per second while measuring (by the harness's seats).
    pub acts_per_sec: f64,
    pub messages_per_sec: f64,
    pub bytes_per_sec: f64,
    pub errors: BTreeMap<String, u64>,
    pub games_finished: u64,
    pub reconnects: u64,
    pub disconnects: u64,
    pub storms: u64,
    pub malformed_frames: u64,
    pub slow_reads: u64,
    /// Rooms whose game stopped moving (soak), and rooms where a member lost its seat.
    pub rooms_stuck: usize,
    pub rooms_lost: usize,
    pub server: ServerFigures,
    /// The harness's own CPU, of one core.
    pub harness_cpu_percent: Option<f64>,
}

pub(super) struct Parts<'a> {
    pub options: &'a LoadOptions,
    pub tally: Tally,
    pub samples: Vec<Sample>,
    pub rooms: usize,
    pub rooms_stuck: usize,
    pub rooms_lost: usize,
    pub games: u64,
    pub fd_limit: Option<u64>,
}

const MIB: f64 = 1024.0 * 1024.0;

fn metric(sample: &Sample, series: &str) -> Option<f64> {
    sample.metrics.get(series).copied()
}

fn server_figures(samples: &[Sample]) -> ServerFigures {
    let (Some(first), Some(last)) = (samples.first(), samples.last()) else {
        return ServerFigures::default();
    };
    let span = (last.at_s - first.at_s).max(1e-9);
    let percent = |a: Option<f64>, b: Option<f64>| Some((b? - a?) / span * 100.0);
    let rate = |series: &str| Some((metric(last, series)? - metric(first, series)?) / span);
    let commits = rate("sgs_store_batch_jobs_count");
    let jobs = rate("sgs_store_batch_jobs_sum");
    ServerFigures {
        cpu_percent: percent(
            first.server.map(|s| s.cpu_seconds),
            last.server.map(|s| s.cpu_seconds),
        ),
        rss_mib: last.server.map(|s| s.rss_bytes as f64 / MIB),
        rss_max_mib: samples
            .iter()
            .filter_map(|s| s.server.map(|p| p.rss_bytes as f64 / MIB))
            .reduce(f64::max),
        store_writer_cpu_percent: percent(first.writer_cpu_seconds, last.writer_cpu_seconds),
        player_actions_per_sec: rate("sgs_actions_total{by=\"player\"}"),
        server_actions_per_sec: rate("sgs_actions_total{by=\"server\"}"),
        store_commits_per_sec: commits,
        store_jobs_per_commit: match (commits, jobs) {
            (Some(c), Some(j)) if c > 0.0 => Some(j / c),
            _ => None,
        },
        rss_series: samples
            .iter()
            .filter_map(|s| Some((s.at_s, s.server?.rss_bytes as f64 / MIB)))
            .collect(),
    }
}

pub(super) fn summarize(parts: Parts<'_>) -> Summary {
    let Parts {
        options,
        tally,
        samples,
        rooms,
        rooms_stuck,
        rooms_lost,
        games,
        fd_limit,
    } = parts;
    let seconds = options.duration.as_secs_f64().max(1e-9);
    let harness_cpu_percent = match (samples.first(), samples.last()) {
        (Some(a), Some(b)) if b.at_s > a.at_s => match (a.harness, b.harness) {
            (Some(x), Some(y)) => Some((y.cpu_seconds - x.cpu_seconds) / (b.at_s - a.at_s) * 100.0),
            _ => None,
        },
        _ => None,
    };
    Summary {
        connections: options.connections,
        rooms,
        room_size: options.room_size,
        pace: options.pace,
        soak: options.soak,
        seconds,
        fd_limit,
        connects: tally.connect_us.len(),
        connect: Latency::of(tally.connect_us),
        act_to_ack: Latency::of(tally.ack_us),
        act_to_update: Latency::of(tally.update_us),
        acts_per_sec: tally.acts as f64 / seconds,
        messages_per_sec: tally.received as f64 / seconds,
        bytes_per_sec: tally.bytes as f64 / seconds,
        errors: tally.errors,
        games_finished: games,
        reconnects: tally.reconnects,
        disconnects: tally.disconnects,
        storms: tally.storms,
        malformed_frames: tally.malformed,
        slow_reads: tally.slow_reads,
        rooms_stuck,
        rooms_lost,
        server: server_figures(&samples),
        harness_cpu_percent,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles() {
        let latency = Latency::of((1..=1000).map(|ms| ms * 1000).collect());
        assert_eq!(latency.count, 1000);
        assert_eq!(latency.p50_ms, 501.0);
        assert_eq!(latency.p99_ms, 990.0);
        assert_eq!(latency.max_ms, 1000.0);
        assert_eq!(Latency::of(Vec::new()), Latency::default());
    }
}
