//! Records are forever: the corpus of `tests/golden/legacy-v1.jsonl.gz` was written by the engine
//! before rulesets existed (record format 1, engine 0.1.0): 240 whole games, random and
//! heuristic, of every seat count, both general packs, with and without the EX cards, both role
//! tables, with and without `auto_pass`. Each line holds the record, its final event-stream hash
//! and the hash of every seat's (and a spectator's) filtered event stream.
//!
//! Every one must replay on this engine to the same hashes: the same game, event for event, and
//! the same thing seen by every seat. The file is never regenerated; a change that makes one of
//! these games go differently is a rules change to the standard game, and must come with a new
//! rules version (so these records are refused by name, not replayed wrongly) and a ruling.

use std::io::{BufRead, BufReader};

use flate2::read::GzDecoder;
use sgs_engine::resolve::hash;
use sgs_engine::{Record, Seat};

fn parse_hash(value: &serde_json::Value) -> u64 {
    u64::from_str_radix(value.as_str().expect("a hex hash"), 16).expect("a hex hash")
}

#[test]
fn every_legacy_record_replays_to_the_same_streams() {
    let file = std::fs::File::open(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/legacy-v1.jsonl.gz"
    ))
    .expect("the legacy corpus");
    let mut games = 0;
    for line in BufReader::new(GzDecoder::new(file)).lines() {
        let line = line.expect("a line");
        let entry: serde_json::Value = serde_json::from_str(&line).expect("json");
        let record = Record::from_json(&entry["record"].to_string()).expect("a record");
        let mut game = record.replay_prefix(0).expect("the setup replays");
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
        for (index, (seat, action)) in record.actions.iter().enumerate() {
            let events = game
                .act(*seat, action.clone())
                .unwrap_or_else(|e| panic!("game {games}, action {index}: {e}"));
            fold(&events);
        }
        assert_eq!(game.hash(), parse_hash(&entry["hash"]), "game {games}");
        let expected: Vec<u64> = entry["views"]
            .as_array()
            .expect("view hashes")
            .iter()
            .map(parse_hash)
            .collect();
        assert_eq!(streams, expected, "game {games}: what the seats saw");
        assert_eq!(game.is_over(), entry["over"].as_bool().unwrap_or(false));
        games += 1;
    }
    assert_eq!(games, 240);
}
