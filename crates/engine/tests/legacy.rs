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

#[path = "common/corpus.rs"]
mod corpus;

#[test]
fn every_legacy_record_replays_to_the_same_streams() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/legacy-v1.jsonl.gz");
    let games = corpus::read(&path);
    assert_eq!(games.len(), 240);
    for (i, entry) in games.iter().enumerate() {
        assert_eq!(
            entry.record.version,
            sgs_engine::record::RECORD_VERSION,
            "converted"
        );
        corpus::check(entry, &format!("legacy game {i}"));
    }
}
