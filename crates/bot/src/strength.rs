//! The strength report: many games per matchup (who plays heuristic, who random), with win
//! rates by side. `sgs-strength` prints it as a markdown table or JSON.

use serde::Serialize;
use sgs_engine::{GameConfig, Side};

use crate::agent::AgentKind;
use crate::arena::{self, AgentSpec};

/// A named assignment of agents to roles.
#[derive(Clone, Debug)]
pub struct Matchup {
    pub name: String,
    pub spec: AgentSpec,
    /// The side whose win rate the matchup is about, if any.
    pub focus: Option<Side>,
}

/// The standard matchups of the report, for identity mode.
pub fn matchups() -> Vec<Matchup> {
    matchups_for("identity")
}

/// The matchups of the report for `mode`: everyone random, everyone heuristic, and each camp
/// heuristic against random others.
pub fn matchups_for(mode: &str) -> Vec<Matchup> {
    use AgentKind::{Heuristic as H, Random as R};
    let m = |name: &str, spec: AgentSpec, focus: Option<Side>| Matchup {
        name: name.to_string(),
        spec,
        focus,
    };
    if mode == "2v2" {
        // Team A (seats 1 and 4) is dealt loyalists' roles, team B rebels'.
        return vec![
            m("all random", AgentSpec::all(R), None),
            m("all heuristic", AgentSpec::all(H), None),
            m(
                "heuristic team A vs random team B",
                AgentSpec::sides(H, R, R),
                Some(Side::Loyalists),
            ),
            m(
                "heuristic team B vs random team A",
                AgentSpec::sides(R, H, R),
                Some(Side::Rebels),
            ),
        ];
    }
    if mode == "1v1" {
        // 先手 is dealt the loyalist's role, 后手 the rebel's.
        return vec![
            m("all random", AgentSpec::all(R), None),
            m("all heuristic", AgentSpec::all(H), None),
            m(
                "heuristic 先手 vs random 后手",
                AgentSpec::sides(H, R, R),
                Some(Side::First),
            ),
            m(
                "heuristic 后手 vs random 先手",
                AgentSpec::sides(R, H, R),
                Some(Side::Second),
            ),
        ];
    }
    if mode == "3v3" {
        // The warm camp is dealt the lord's and loyalists' roles, the cool camp the renegade's
        // (its marshal) and the rebels'.
        return vec![
            m("all random", AgentSpec::all(R), None),
            m("all heuristic", AgentSpec::all(H), None),
            m(
                "heuristic warm vs random cool",
                AgentSpec::sides(H, R, R),
                Some(Side::Warm),
            ),
            m(
                "heuristic cool vs random warm",
                AgentSpec::sides(R, H, H),
                Some(Side::Cool),
            ),
        ];
    }
    if mode == "hegemony" {
        // Sides are kingdoms, which a seat's generals decide: the heuristic chooses every seat's
        // generals, then the kingdom's agent plays it (`AgentSpec::kingdoms`).
        use sgs_engine::Kingdom::{Qun, Shu, Wei, Wu};
        let k = |kingdoms: &[sgs_engine::Kingdom]| AgentSpec::kingdoms(kingdoms);
        return vec![
            m("all random", AgentSpec::all(R), None),
            m("all heuristic", AgentSpec::all(H), None),
            m("heuristic 魏 蜀 vs random 吴 群", k(&[Wei, Shu]), None),
            m("heuristic 吴 群 vs random 魏 蜀", k(&[Wu, Qun]), None),
            m("heuristic 魏 vs random others", k(&[Wei]), Some(Side::Wei)),
            m("heuristic 蜀 vs random others", k(&[Shu]), Some(Side::Shu)),
            m("heuristic 吴 vs random others", k(&[Wu]), Some(Side::Wu)),
            m("heuristic 群 vs random others", k(&[Qun]), Some(Side::Qun)),
            m(
                "random 魏 vs heuristic others",
                k(&[Shu, Wu, Qun]),
                Some(Side::Wei),
            ),
            m(
                "random 蜀 vs heuristic others",
                k(&[Wei, Wu, Qun]),
                Some(Side::Shu),
            ),
            m(
                "random 吴 vs heuristic others",
                k(&[Wei, Shu, Qun]),
                Some(Side::Wu),
            ),
            m(
                "random 群 vs heuristic others",
                k(&[Wei, Shu, Wu]),
                Some(Side::Qun),
            ),
        ];
    }
    if mode == "doudizhu" {
        // The landlord is dealt the lord's role, the farmers the rebels'.
        return vec![
            m("all random", AgentSpec::all(R), None),
            m("all heuristic", AgentSpec::all(H), None),
            m(
                "heuristic landlord vs random farmers",
                AgentSpec::sides(H, R, R),
                Some(Side::Landlord),
            ),
            m(
                "heuristic farmers vs random landlord",
                AgentSpec::sides(R, H, R),
                Some(Side::Farmers),
            ),
        ];
    }
    vec![
        m("all random", AgentSpec::all(R), None),
        m("all heuristic", AgentSpec::all(H), None),
        m(
            "heuristic lord side vs random rebels and renegade",
            AgentSpec::sides(H, R, R),
            Some(Side::Lord),
        ),
        m(
            "heuristic rebels vs random lord side and renegade",
            AgentSpec::sides(R, H, R),
            Some(Side::Rebels),
        ),
        m(
            "heuristic lord side and renegade vs random rebels",
            AgentSpec::sides(H, R, H),
            Some(Side::Lord),
        ),
        m(
            "heuristic rebels and renegade vs random lord side",
            AgentSpec::sides(R, H, H),
            Some(Side::Rebels),
        ),
        m(
            "heuristic renegade vs random others",
            AgentSpec::sides(R, R, H),
            Some(Side::Renegade),
        ),
    ]
}

/// What a batch of games came to.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Tally {
    pub games: usize,
    pub lord: usize,
    pub rebels: usize,
    pub renegade: usize,
    /// 斗地主's camps.
    pub landlord: usize,
    pub farmers: usize,
    /// 2v2's team A (team B counts as `rebels`).
    pub loyalists: usize,
    /// 1v1's 先手 and 后手.
    pub first: usize,
    pub second: usize,
    /// 3v3's camps.
    pub warm: usize,
    pub cool: usize,
    /// 国战: games each kingdom's faction won.
    pub wei: usize,
    pub shu: usize,
    pub wu: usize,
    pub qun: usize,
    /// 国战: games a careerist won.
    pub careerist: usize,
    /// Games that ended in a draw (no card left to draw).
    pub draws: usize,
    /// Games stopped at the action cap.
    pub unfinished: usize,
    pub actions: usize,
    pub turns: u64,
    /// Games whose winners were all played by the heuristic (by any other agent than random:
    /// the search too) — the heuristic side's wins where sides are not roles (国战).
    pub heuristic_won: usize,
    /// Games whose winners were all played by the random agent.
    pub random_won: usize,
    /// Seats not played by the random agent, summed over the games.
    pub heuristic_seats: usize,
}

impl Tally {
    fn add(&mut self, result: &arena::GameResult) {
        self.games += 1;
        self.actions += result.actions;
        self.turns += result.turns as u64;
        self.heuristic_seats += result
            .agents
            .iter()
            .filter(|k| **k != AgentKind::Random)
            .count();
        if result.won_by(AgentKind::Random) {
            self.random_won += 1;
        } else if result.won_without(AgentKind::Random) {
            self.heuristic_won += 1;
        }
        match (&result.outcome, result.winner()) {
            (None, _) => self.unfinished += 1,
            (Some(_), None) => self.draws += 1,
            (Some(_), Some(Side::Lord)) => self.lord += 1,
            (Some(_), Some(Side::Rebels)) => self.rebels += 1,
            (Some(_), Some(Side::Renegade)) => self.renegade += 1,
            (Some(_), Some(Side::Landlord)) => self.landlord += 1,
            (Some(_), Some(Side::Farmers)) => self.farmers += 1,
            (Some(_), Some(Side::Loyalists)) => self.loyalists += 1,
            (Some(_), Some(Side::First)) => self.first += 1,
            (Some(_), Some(Side::Second)) => self.second += 1,
            (Some(_), Some(Side::Warm)) => self.warm += 1,
            (Some(_), Some(Side::Cool)) => self.cool += 1,
            (Some(_), Some(Side::Wei)) => self.wei += 1,
            (Some(_), Some(Side::Shu)) => self.shu += 1,
            (Some(_), Some(Side::Wu)) => self.wu += 1,
            (Some(_), Some(Side::Qun)) => self.qun += 1,
            (Some(_), Some(Side::Careerist)) => self.careerist += 1,
        }
    }

    fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        self.lord += other.lord;
        self.rebels += other.rebels;
        self.renegade += other.renegade;
        self.landlord += other.landlord;
        self.farmers += other.farmers;
        self.loyalists += other.loyalists;
        self.first += other.first;
        self.second += other.second;
        self.warm += other.warm;
        self.cool += other.cool;
        self.wei += other.wei;
        self.shu += other.shu;
        self.wu += other.wu;
        self.qun += other.qun;
        self.careerist += other.careerist;
        self.draws += other.draws;
        self.unfinished += other.unfinished;
        self.actions += other.actions;
        self.turns += other.turns;
        self.heuristic_won += other.heuristic_won;
        self.random_won += other.random_won;
        self.heuristic_seats += other.heuristic_seats;
    }

    /// The share of games `side` won.
    pub fn rate(&self, side: Side) -> f64 {
        let wins = match side {
            Side::Lord => self.lord,
            Side::Rebels => self.rebels,
            Side::Renegade => self.renegade,
            Side::Landlord => self.landlord,
            Side::Farmers => self.farmers,
            Side::Loyalists => self.loyalists,
            Side::First => self.first,
            Side::Second => self.second,
            Side::Warm => self.warm,
            Side::Cool => self.cool,
            Side::Wei => self.wei,
            Side::Shu => self.shu,
            Side::Wu => self.wu,
            Side::Qun => self.qun,
            Side::Careerist => self.careerist,
        };
        wins as f64 / self.games.max(1) as f64
    }
}

/// How the games are set up.
#[derive(Clone, Debug)]
pub struct Settings {
    pub games: usize,
    pub players: u8,
    pub first_seed: u64,
    pub max_actions: usize,
    pub threads: usize,
    /// The mode (default: identity).
    pub mode: String,
    /// The card packs (default: the standard cards; `standard,maneuvering` is the 160-card game).
    pub cards: Vec<String>,
    /// The general packs the seats' generals are drawn from (default: the standard 25).
    pub generals: Vec<String>,
    /// The mode's options (default: none, every option at its default).
    pub options: sgs_engine::Options,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            games: 10_000,
            players: 8,
            first_seed: 0,
            max_actions: 20_000,
            threads: 1,
            mode: "identity".to_string(),
            cards: vec!["standard".to_string()],
            generals: vec!["standard".to_string()],
            options: sgs_engine::Options::default(),
        }
    }
}

/// The config of game `seed`: random standard generals (drawn from the seed, so the same for
/// every matchup and no seat's agent chooses its own), prompts with only "pass" skipped.
pub fn config(players: u8, seed: u64) -> GameConfig {
    let standard = ["standard".to_string()];
    config_with(players, seed, &standard, &standard)
}

/// As [`config_with`], in `mode`.
pub fn config_in(
    mode: &str,
    players: u8,
    seed: u64,
    cards: &[String],
    generals: &[String],
) -> GameConfig {
    let mut config = config_with(players, seed, cards, generals);
    config.ruleset.mode = mode.to_string();
    if sgs_engine::REGISTRY.has_own_generals(mode) {
        // A mode with generals of its own (国战) deals them itself: the seats choose.
        config.seat_generals.clear();
    }
    config
}

/// As [`config`], with these card packs, the generals drawn from these general packs.
pub fn config_with(players: u8, seed: u64, cards: &[String], generals: &[String]) -> GameConfig {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    let mut roster: Vec<_> = sgs_engine::generals::ALL
        .iter()
        .filter(|pack| generals.iter().any(|id| id == pack.id))
        // Rows of another text edition's print (2009 版) are played in their general's place,
        // never drawn themselves.
        .flat_map(|pack| {
            pack.generals
                .iter()
                .filter(|g| g.printing.is_none())
                .map(|g| g.id)
        })
        .collect();
    roster.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(
        seed ^ 0x6e4e_7a15,
    ));
    roster.truncate(players as usize);
    let mut ruleset = sgs_engine::Ruleset::standard();
    ruleset.generals = generals.to_vec();
    ruleset.cards = cards
        .iter()
        .map(|id| sgs_engine::PackChoice::new(id))
        .collect();
    GameConfig {
        seat_generals: roster.into_iter().map(Some).collect(),
        auto_pass: true,
        ..GameConfig::new(players, ruleset)
    }
}

/// Plays `settings.games` games of `matchup`, seeds `first_seed..`, split over threads.
pub fn run(matchup: &Matchup, settings: &Settings) -> Tally {
    let threads = settings.threads.max(1);
    let play_range = |start: usize, end: usize| {
        let mut tally = Tally::default();
        for i in start..end {
            let seed = settings.first_seed + i as u64;
            let mut config = config_in(
                &settings.mode,
                settings.players,
                seed,
                &settings.cards,
                &settings.generals,
            );
            config.ruleset.options = settings.options.clone();
            if let Ok(result) = arena::play(config, seed, &matchup.spec, settings.max_actions) {
                tally.add(&result);
            }
        }
        tally
    };
    if threads == 1 {
        return play_range(0, settings.games);
    }
    let chunk = settings.games.div_ceil(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let start = (t * chunk).min(settings.games);
                let end = ((t + 1) * chunk).min(settings.games);
                scope.spawn(move || play_range(start, end))
            })
            .collect();
        let mut total = Tally::default();
        for handle in handles {
            if let Ok(tally) = handle.join() {
                total.merge(&tally);
            }
        }
        total
    })
}

/// `--option ID=VALUE` (`sgs-sim`, `sgs-strength`), typed and checked by the mode's option `ID`.
pub fn option_value(
    defs: &[sgs_engine::def::OptionDef],
    text: &str,
) -> Result<(String, sgs_engine::OptionValue), String> {
    use sgs_engine::def::OptionKind;
    use sgs_engine::OptionValue;
    let Some((id, value)) = text.split_once('=') else {
        return Err(format!("--option takes ID=VALUE, got {text:?}"));
    };
    let (id, value) = (id.trim(), value.trim());
    let Some(def) = defs.iter().find(|d| d.id == id) else {
        let known: Vec<&str> = defs.iter().map(|d| d.id).collect();
        return Err(format!(
            "the mode has no option {id:?} (it has: {})",
            known.join(", ")
        ));
    };
    let value = match &def.kind {
        OptionKind::Flag { .. } => match value {
            "true" | "on" | "yes" | "1" => OptionValue::Flag(true),
            "false" | "off" | "no" | "0" => OptionValue::Flag(false),
            _ => return Err(format!("--option {id}: {value:?} is not true or false")),
        },
        OptionKind::Number { min, max, .. } => {
            let n: i64 = value
                .parse()
                .ok()
                .filter(|n| (*min..=*max).contains(n))
                .ok_or_else(|| format!("--option {id}: {value:?} is not a number {min}..={max}"))?;
            OptionValue::Number(n)
        }
        OptionKind::Choice { choices, .. } => {
            if !choices.iter().any(|c| c.id == value) {
                let known: Vec<&str> = choices.iter().map(|c| c.id).collect();
                return Err(format!(
                    "--option {id}: {value:?} is not one of {}",
                    known.join(", ")
                ));
            }
            OptionValue::Choice(value.to_string())
        }
    };
    Ok((id.to_string(), value))
}

/// One matchup's line of the report.
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    pub matchup: String,
    pub tally: Tally,
    /// The share of games each camp of the mode won, in the mode's camp order.
    pub rates: Vec<(Side, f64)>,
    pub seconds: f64,
}

impl Line {
    pub fn new(matchup: &Matchup, tally: Tally, seconds: f64) -> Self {
        Line::in_mode("identity", matchup, tally, seconds)
    }

    /// The line of a matchup played in `mode`.
    pub fn in_mode(mode: &str, matchup: &Matchup, tally: Tally, seconds: f64) -> Self {
        Line {
            matchup: matchup.name.clone(),
            rates: camps(mode)
                .iter()
                .map(|camp| (*camp, tally.rate(*camp)))
                .collect(),
            tally,
            seconds,
        }
    }

    /// The share of games `camp` won.
    pub fn rate(&self, camp: Side) -> f64 {
        self.tally.rate(camp)
    }
}

/// The camps an outcome of `mode` may name.
pub fn camps(mode: &str) -> &'static [Side] {
    sgs_engine::REGISTRY.mode(mode).map_or(&[], |m| m.camps)
}

/// A camp's column title in `mode`.
fn camp_title(mode: &str, camp: Side) -> &'static str {
    match camp {
        Side::Rebels if mode == "2v2" => "team B (rebels)",
        Side::Lord => "lord side",
        Side::Rebels => "rebels",
        Side::Renegade => "renegade",
        Side::Landlord => "landlord",
        Side::Farmers => "farmers",
        Side::Loyalists => "team A (loyalists)",
        Side::First => "先手",
        Side::Second => "后手",
        Side::Warm => "warm (暖)",
        Side::Cool => "cool (冷)",
        Side::Wei => "魏",
        Side::Shu => "蜀",
        Side::Wu => "吴",
        Side::Qun => "群",
        Side::Careerist => "野心家",
    }
}

/// The report as a markdown table.
pub fn markdown(lines: &[Line], settings: &Settings) -> String {
    let options: Vec<String> = settings
        .options
        .0
        .iter()
        .map(|(id, value)| match value {
            sgs_engine::OptionValue::Flag(on) => format!("{id}={on}"),
            sgs_engine::OptionValue::Number(n) => format!("{id}={n}"),
            sgs_engine::OptionValue::Choice(c) => format!("{id}={c}"),
        })
        .collect();
    let mode = if options.is_empty() {
        settings.mode.clone()
    } else {
        format!("{} ({})", settings.mode, options.join(", "))
    };
    let mut out = format!(
        "{} games per matchup, mode {}, {} players, cards {}, random generals of {}, seeds {}..{}\n\n",
        settings.games,
        mode,
        settings.players,
        settings.cards.join("+"),
        settings.generals.join("+"),
        settings.first_seed,
        settings.first_seed + settings.games as u64
    );
    let camps = camps(&settings.mode);
    out.push_str("| matchup |");
    for camp in camps {
        out.push_str(&format!(" {} |", camp_title(&settings.mode, *camp)));
    }
    // Where sides are not roles (国战), which agent's seats won.
    let by_agent = settings.mode == "hegemony";
    if by_agent {
        out.push_str(" heuristic seats/game | heuristic seats won | random seats won |");
    }
    out.push_str(" draw / cap | actions/game | games/s |\n|---|");
    out.push_str(&"---:|".repeat(camps.len() + 3 + if by_agent { 3 } else { 0 }));
    out.push('\n');
    for line in lines {
        let t = &line.tally;
        let pct = |x: f64| format!("{:.1}%", 100.0 * x);
        out.push_str(&format!("| {} |", line.matchup));
        for camp in camps {
            out.push_str(&format!(" {} |", pct(t.rate(*camp))));
        }
        if by_agent {
            let games = t.games.max(1) as f64;
            out.push_str(&format!(
                " {:.1} | {} | {} |",
                t.heuristic_seats as f64 / games,
                pct(t.heuristic_won as f64 / games),
                pct(t.random_won as f64 / games)
            ));
        }
        out.push_str(&format!(
            " {} | {:.0} | {:.0} |\n",
            pct((t.draws + t.unfinished) as f64 / t.games.max(1) as f64),
            t.actions as f64 / t.games.max(1) as f64,
            t.games as f64 / line.seconds.max(1e-9),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_typed_by_the_modes_list() {
        let defs = sgs_engine::REGISTRY.mode("identity").unwrap().options;
        assert_eq!(
            option_value(defs, "attrition=on_alt").unwrap(),
            (
                "attrition".to_string(),
                sgs_engine::OptionValue::Choice("on_alt".into())
            )
        );
        assert_eq!(
            option_value(defs, "lord_seat = 3").unwrap().1,
            sgs_engine::OptionValue::Number(3)
        );
        assert!(option_value(defs, "lord_seat=11").is_err());
        assert!(option_value(defs, "attrition=maybe").is_err());
        assert!(option_value(defs, "nonsense=1").is_err());
        assert!(option_value(defs, "attrition").is_err());
        let heg = sgs_engine::REGISTRY.mode("hegemony").unwrap().options;
        assert_eq!(
            option_value(heg, "strict_victory=on").unwrap().1,
            sgs_engine::OptionValue::Flag(true)
        );
    }

    #[test]
    fn tallies_add_up() {
        let matchup = &matchups()[0];
        let settings = Settings {
            games: 6,
            players: 5,
            threads: 2,
            ..Settings::default()
        };
        let tally = run(matchup, &settings);
        assert_eq!(tally.games, 6);
        assert_eq!(
            tally.lord
                + tally.rebels
                + tally.renegade
                + tally.landlord
                + tally.farmers
                + tally.loyalists
                + tally.first
                + tally.second
                + tally.warm
                + tally.cool
                + tally.draws
                + tally.unfinished,
            6
        );
        let single = run(
            matchup,
            &Settings {
                threads: 1,
                ..settings
            },
        );
        assert_eq!(single, tally, "threads must not change the results");
    }
}
