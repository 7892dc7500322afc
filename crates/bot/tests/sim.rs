//! The `sgs-sim` binary (moved here from the engine package): all-random runs are the engine's
//! own driver game for game (the same `record_hash` as `sgs_engine::sim::play_random` gives),
//! and `--agents` seats the heuristic AI.

use std::process::Command;

use serde_json::Value;
use sgs_engine::{sim, GameConfig};

fn sgs_sim(args: &[&str]) -> Value {
    let output = Command::new(env!("CARGO_BIN_EXE_sgs-sim"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "one JSON line: {text}");
    serde_json::from_str(&text).unwrap()
}

/// The simulator's seeds and hash, as documented in its help: SplitMix64 over (seed, index) and
/// FNV-1a over each game's `Game::hash()`.
fn expected_hash(players: u8, games: u64, base: u64) -> String {
    let game_seed = |index: u64| {
        let mut z = base
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(index.wrapping_add(1).wrapping_mul(0xbf58_476d_1ce4_e5b9));
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for index in 0..games {
        let config = GameConfig {
            players,
            auto_pass: true,
            ..GameConfig::default()
        };
        let game = sim::play_random(config, game_seed(index), 100_000, |_, _, _| {}).unwrap();
        for byte in game.hash().to_le_bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

#[test]
fn all_random_runs_are_the_engine_driver_game_for_game() {
    let want = expected_hash(5, 12, 3);
    let plain = sgs_sim(&["--players", "5", "--games", "12", "--seed", "3"]);
    assert_eq!(plain["record_hash"], want.as_str());
    assert_eq!(plain["games"], 12);
    assert!(plain.get("agents").is_none(), "the output is unchanged");
    let random = sgs_sim(&[
        "--players",
        "5",
        "--games",
        "12",
        "--seed",
        "3",
        "--agents",
        "lord=random,random",
    ]);
    assert_eq!(random["record_hash"], want.as_str());
    assert_eq!(random["agents"], "lord=random,random");
}

#[test]
fn agents_seat_the_heuristic_ai_deterministically() {
    let args = [
        "--players",
        "6",
        "--games",
        "4",
        "--agents",
        "lord=heuristic,loyalist=heuristic",
    ];
    let a = sgs_sim(&args);
    let b = sgs_sim(&args);
    assert_eq!(a["record_hash"], b["record_hash"]);
    assert_eq!(a["unfinished"], 0);
    assert_ne!(
        a["record_hash"],
        expected_hash(6, 4, 1).as_str(),
        "other players, other games"
    );
    let output = Command::new(env!("CARGO_BIN_EXE_sgs-sim"))
        .args(["--agents", "lord=clever"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

/// Issue 18: `--option` sets the identity variants (typed by the mode's option list) and
/// `--plain` plays the same seeds without them, beside (V-ZS 转世, V-3S attrition).
#[test]
fn variant_options_report_beside_the_plain_game() {
    let base = ["--players", "6", "--games", "30", "--seed", "5"];
    let plain = sgs_sim(&base);
    let mut args = base.to_vec();
    args.extend(["--option", "reincarnation=on", "--plain"]);
    let zs = sgs_sim(&args);
    assert_eq!(zs["ruleset"]["options"]["reincarnation"], "on");
    // The plain figures are those of the run without options, seed for seed.
    assert_eq!(zs["plain"]["record_hash"], plain["record_hash"]);
    assert_eq!(zs["plain"]["per_game"], plain["per_game"]);
    assert_eq!(zs["plain"]["reincarnations"], 0);
    assert!(zs["reincarnations"].as_u64().unwrap() > 0, "{zs}");
    let by_role: u64 = ["loyalist", "rebel", "renegade"]
        .iter()
        .map(|r| zs["reincarnated"][r].as_u64().unwrap())
        .sum();
    assert_eq!(by_role, zs["reincarnations"].as_u64().unwrap());
    assert_ne!(zs["record_hash"], plain["record_hash"]);
    for role in ["lord", "loyalist", "rebel", "renegade"] {
        let rate = zs["win_rates"][role].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&rate));
    }
    let mut args = base.to_vec();
    args.extend(["--option", "attrition=on_alt"]);
    let v3s = sgs_sim(&args);
    assert_eq!(v3s["ruleset"]["options"]["attrition"], "on_alt");
    assert!(v3s.get("plain").is_none());
    assert!(v3s["three_survivors"].as_u64().unwrap() > 0);
    // V-JF's points per seat of each role: at six seats a lord scores at most 4 + 2 × 1
    // living loyalist + 4 kills.
    let lord = v3s["points_per_seat"]["lord"].as_f64().unwrap();
    assert!((0.0..=10.0).contains(&lord), "{v3s}");
    assert!(v3s["points_per_seat"]["rebel"].as_f64().unwrap() >= 0.0);

    // Unknown options and values are refused with exit code 2.
    for bad in ["attrition=maybe", "nonsense=1", "lord_seat=99", "attrition"] {
        let status = Command::new(env!("CARGO_BIN_EXE_sgs-sim"))
            .args(["--games", "1", "--option", bad])
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(2), "{bad}");
    }
}

/// A mode with generals of its own (国战) plays them unless `--generals` says otherwise.
#[test]
fn hegemony_plays_its_own_generals_by_default() {
    let heg = sgs_sim(&["--mode", "hegemony", "--games", "3", "--cards", "hegemony"]);
    assert_eq!(heg["generals"], "hegemony");
    assert_eq!(heg["games"], 3);
    assert_eq!(heg["unfinished"], 0);
}
