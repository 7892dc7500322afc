//! The golden records: for every registered ruleset (`content::cases`: every mode × card pack ×
//! general pack and their option variants) a corpus of whole simulated games in
//! `tests/golden/<case>.jsonl.gz`, written by `sgs-golden` (crates/bot), each with its final
//! event-stream hash and every seat's filtered-stream hash. They must all replay to the same
//! hashes.
//!
//! A change that alters how any of these games goes fails here. If it is meant (a rules fix),
//! regenerate the fixtures in the same commit — `cargo run --release -p sgs-bot --bin
//! sgs-golden -- --reason "<ruling id> …"` — and add the ruling to `docs/rulings.md`: the test
//! checks that every reason in `tests/golden/manifest.json` is there, and that the manifest's
//! rules versions are the registry's (a rules fix bumps the version of what it changes;
//! `docs/decisions/0008-records-and-rules-fixes.md`). A newly registered pack or mode fails
//! until its cases have their corpus (`--only <case>`).

use std::path::{Path, PathBuf};

use sgs_engine::content::cases;
use sgs_engine::record::rules_versions;
use sgs_engine::REGISTRY;

#[path = "common/corpus.rs"]
mod corpus;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn manifest() -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(dir().join("manifest.json")).expect("the manifest");
    serde_json::from_str(&text).expect("a manifest")
}

#[test]
fn every_registered_ruleset_has_its_golden_records_and_nothing_else_does() {
    let slugs: Vec<String> = cases().iter().map(|c| c.slug()).collect();
    for slug in &slugs {
        assert!(
            dir().join(format!("{slug}.jsonl.gz")).exists(),
            "{slug} has no golden records: `sgs-golden --missing --reason …` writes them"
        );
    }
    for entry in std::fs::read_dir(dir()).expect("the golden directory") {
        let name = entry
            .expect("an entry")
            .file_name()
            .to_string_lossy()
            .to_string();
        let Some(slug) = name.strip_suffix(".jsonl.gz") else {
            continue;
        };
        assert!(
            slug == "legacy-v1" || slugs.iter().any(|s| s == slug),
            "{name} is no registered ruleset's"
        );
    }
}

#[test]
fn the_manifest_names_todays_rules_and_a_ruling_for_every_regeneration() {
    let rulings = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rulings.md"),
    )
    .expect("docs/rulings.md");
    let entries = manifest();
    for case in cases() {
        let slug = case.slug();
        let entry = entries
            .iter()
            .find(|e| e["case"] == slug.as_str())
            .unwrap_or_else(|| panic!("{slug} is not in the manifest"));
        let recorded =
            serde_json::to_value(rules_versions(&REGISTRY, &case.ruleset)).expect("json");
        assert_eq!(
            entry["rules"], recorded,
            "{slug}: the rules changed; regenerate its records"
        );
        let reason = entry["reason"].as_str().expect("a reason");
        let id = reason.split_whitespace().next().unwrap_or_default();
        assert!(
            rulings.contains(&format!("{id} ")),
            "{slug}: the reason {reason:?} names no ruling of docs/rulings.md"
        );
    }
}

#[test]
fn every_golden_record_replays_to_the_same_streams() {
    let mut games = 0;
    for case in cases() {
        let slug = case.slug();
        let entries = corpus::read(&dir().join(format!("{slug}.jsonl.gz")));
        assert!(!entries.is_empty(), "{slug}");
        for (i, entry) in entries.iter().enumerate() {
            assert_eq!(
                entry.record.setup.ruleset(),
                &case.ruleset,
                "{slug} game {i}"
            );
            corpus::check(entry, &format!("{slug} game {i}"));
            games += 1;
        }
    }
    assert!(games >= 300, "{games} golden games");
}
