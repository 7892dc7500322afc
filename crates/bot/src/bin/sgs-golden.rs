//! `sgs-golden`: writes the golden-record corpus the engine's tests replay
//! (`crates/engine/tests/golden/`): for every registered ruleset (`sgs_engine::content::cases`),
//! whole simulated games — random and heuristic seats, every seat count — each with its final
//! event-stream hash and the hash of every seat's (and a spectator's) filtered stream.
//!
//! ```text
//! cargo run --release -p sgs-bot --bin sgs-golden -- --reason "R-12 …"
//! ```
//!
//! Regenerating is a rules change: run it only in the commit that changes how games go, with
//! `--reason` naming the line of `docs/rulings.md` that says why (the engine's golden test
//! checks that the reason is there). `--only SLUG` writes one case; `--missing` writes the cases
//! that have no records yet (a new pack's or mode's) and leaves every other file as it is.
//!
//! The games are those today's agents play, so a corpus regenerated after a bot change holds other
//! games than the committed one even when the rules are the same; that is why only the cases a
//! change needs are rewritten.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use flate2::write::GzEncoder;
use flate2::Compression;
use sgs_bot::arena::{self, AgentSpec};
use sgs_bot::AgentKind;
use sgs_engine::content::{cases, Case};
use sgs_engine::resolve::hash;
use sgs_engine::{sim, Game, GameConfig, Record, Seat};

/// Games per base case and per variant.
const GAMES: u64 = 100;
const VARIANT_GAMES: u64 = 25;
const MAX_ACTIONS: usize = 3_000;

fn stream_hashes(record: &Record) -> Result<(u64, Vec<u64>), String> {
    let mut game = record.replay_prefix(0).map_err(|e| e.to_string())?;
    let n = game.seat_count();
    let mut streams = vec![hash::EMPTY; n + 1];
    let fold = |events: &sgs_engine::Events, streams: &mut Vec<u64>| {
        for (i, stream) in streams.iter_mut().enumerate() {
            let viewer = (i < n).then_some(Seat(i as u8));
            for event in events.for_viewer(viewer) {
                *stream = hash::fold(*stream, &event);
            }
        }
    };
    let opening = game.take_events();
    fold(&opening, &mut streams);
    for (seat, action) in &record.actions {
        let events = game.act(*seat, action.clone()).map_err(|e| e.to_string())?;
        fold(&events, &mut streams);
    }
    Ok((game.hash(), streams))
}

/// Game `i` of `case`: its seat count, agents and seed follow from `i`.
fn play(case: &Case, index: u64, i: u64) -> Result<(Game, &'static str), String> {
    let span = u64::from(case.seats.1 - case.seats.0) + 1;
    let players = case.seats.0 + (i % span) as u8;
    let seed = 0x901d_0000 + index * 10_000 + i;
    let config = GameConfig {
        auto_pass: i.is_multiple_of(2),
        ..GameConfig::new(players, case.ruleset.clone())
    };
    if i % 3 == 1 {
        let spec = AgentSpec::all(AgentKind::Heuristic);
        let (game, _) = arena::play_observed(config, seed, &spec, MAX_ACTIONS, |_| {})
            .map_err(|e| e.to_string())?;
        Ok((game, "heuristic"))
    } else {
        let game =
            sim::play_random(config, seed, MAX_ACTIONS, |_, _, _| {}).map_err(|e| e.to_string())?;
        Ok((game, "random"))
    }
}

fn write_case(dir: &Path, index: u64, case: &Case) -> Result<usize, String> {
    let games = if case.is_variant() {
        VARIANT_GAMES
    } else {
        GAMES
    };
    let path = dir.join(format!("{}.jsonl.gz", case.slug()));
    let file = std::fs::File::create(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = GzEncoder::new(file, Compression::best());
    for i in 0..games {
        let (game, agents) = play(case, index, i)?;
        let record = game.record();
        let (hash, views) = stream_hashes(&record)?;
        if hash != game.hash() {
            return Err(format!(
                "{}: game {i} does not replay to its hash",
                case.name
            ));
        }
        let line = serde_json::json!({
            "agents": agents,
            "over": game.is_over(),
            "hash": format!("{hash:016x}"),
            "views": views.iter().map(|v| format!("{v:016x}")).collect::<Vec<_>>(),
            "record": record,
        });
        writeln!(out, "{line}").map_err(|e| e.to_string())?;
    }
    out.finish().map_err(|e| e.to_string())?;
    Ok(games as usize)
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut reason = None;
    let mut only = None;
    let mut missing = false;
    let mut dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/tests/golden"
    ));
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--reason" => reason = args.next(),
            "--only" => only = args.next(),
            "--missing" => missing = true,
            "--out" => dir = args.next().map(PathBuf::from).unwrap_or(dir),
            _ => {
                eprintln!("usage: sgs-golden --reason TEXT [--only SLUG | --missing] [--out DIR]");
                return ExitCode::from(2);
            }
        }
    }
    let Some(reason) = reason else {
        eprintln!("sgs-golden: --reason is required: the line of docs/rulings.md that says why");
        return ExitCode::from(2);
    };
    let mut manifest = Vec::new();
    for (index, case) in cases().iter().enumerate() {
        let slug = case.slug();
        if only.as_ref().is_some_and(|o| *o != slug) {
            continue;
        }
        if missing && dir.join(format!("{slug}.jsonl.gz")).exists() {
            continue;
        }
        match write_case(&dir, index as u64, case) {
            Ok(games) => {
                eprintln!("{slug}: {games} games");
                manifest.push(serde_json::json!({
                    "case": slug,
                    "rules": sgs_engine::record::rules_versions(&sgs_engine::REGISTRY, &case.ruleset),
                    "reason": reason,
                }));
            }
            Err(e) => {
                eprintln!("sgs-golden: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    // The manifest keeps the entries of cases not rewritten now.
    let path = dir.join("manifest.json");
    let mut entries: Vec<serde_json::Value> = std::fs::read_to_string(&path)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    for entry in manifest {
        entries.retain(|e| e["case"] != entry["case"]);
        entries.push(entry);
    }
    entries.sort_by_key(|e| e["case"].as_str().unwrap_or_default().to_string());
    let text = serde_json::to_string_pretty(&entries).unwrap_or_default();
    if let Err(e) = std::fs::write(&path, text + "\n") {
        eprintln!("sgs-golden: {}: {e}", path.display());
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
