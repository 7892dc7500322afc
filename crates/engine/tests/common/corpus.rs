//! Reading a corpus of recorded games (one gzipped JSON line per game: the record, its final
//! event-stream hash, every seat's and a spectator's filtered-stream hashes) and replaying one.

use std::io::{BufRead, BufReader};
use std::path::Path;

use flate2::read::GzDecoder;
use sgs_engine::resolve::hash;
use sgs_engine::{Record, Seat};

/// One recorded game of a corpus.
pub struct Entry {
    pub record: Record,
    pub hash: u64,
    pub views: Vec<u64>,
    pub over: bool,
}

fn parse_hash(value: &serde_json::Value) -> u64 {
    u64::from_str_radix(value.as_str().expect("a hex hash"), 16).expect("a hex hash")
}

/// Every game of the corpus at `path`.
pub fn read(path: &Path) -> Vec<Entry> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    BufReader::new(GzDecoder::new(file))
        .lines()
        .map(|line| {
            let line = line.expect("a line");
            let entry: serde_json::Value = serde_json::from_str(&line).expect("json");
            Entry {
                record: Record::from_json(&entry["record"].to_string()).expect("a record"),
                hash: parse_hash(&entry["hash"]),
                views: entry["views"]
                    .as_array()
                    .expect("view hashes")
                    .iter()
                    .map(parse_hash)
                    .collect(),
                over: entry["over"].as_bool().unwrap_or(false),
            }
        })
        .collect()
}

/// Replays `entry` and checks the game went the same, event for event, and that every seat and
/// a spectator saw the same.
pub fn check(entry: &Entry, context: &str) {
    let mut game = entry
        .record
        .replay_prefix(0)
        .unwrap_or_else(|e| panic!("{context}: {e}"));
    let seats = game.seat_count();
    let mut streams = vec![hash::EMPTY; seats + 1];
    let mut fold = |events: &sgs_engine::Events| {
        for (i, stream) in streams.iter_mut().enumerate() {
            let viewer = (i < seats).then_some(Seat(i as u8));
            for event in events.for_viewer(viewer) {
                *stream = hash::fold(*stream, &event);
            }
        }
    };
    fold(&game.take_events());
    for (index, (seat, action)) in entry.record.actions.iter().enumerate() {
        let events = game
            .act(*seat, action.clone())
            .unwrap_or_else(|e| panic!("{context}, action {index}: {e}"));
        fold(&events);
    }
    assert_eq!(
        game.hash(),
        entry.hash,
        "{context}: the game went differently"
    );
    assert_eq!(
        streams, entry.views,
        "{context}: what the seats saw differs"
    );
    assert_eq!(game.is_over(), entry.over, "{context}");
}
