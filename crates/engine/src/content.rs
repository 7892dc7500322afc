//! The engine's content, registered: every card kind, skill, card pack, general pack and mode,
//! in one [`REGISTRY`] — and the entry points that set up games with it ([`Game::new`],
//! [`Game::from_scenario`], [`Record::replay`]). This is the top layer: it may import
//! everything; nothing below it imports it.

use crate::config::GameConfig;
use crate::def::Registry;
use crate::error::SetupError;
use crate::game::Game;
use crate::record::{Record, ReplayError, Setup};
use crate::scenario::Scenario;
use crate::view::{Audience, ReplayStep};

/// Every registered definition.
pub static REGISTRY: Registry = Registry {
    cards: crate::cards::ALL,
    skills: crate::skills::ALL,
    card_packs: crate::decks::ALL,
    general_packs: crate::generals::ALL,
    modes: crate::modes::ALL,
    white: &crate::generals::WHITE,
    editions: &[
        crate::ruleset::DEFAULT_EDITION,
        crate::ruleset::ORIGINAL_EDITION,
        crate::ruleset::EARLY_EDITION,
    ],
    core_version: 1,
};

impl Game {
    /// Starts a game from `config` and `seed` and runs it to the first decision.
    pub fn new(config: GameConfig, seed: u64) -> Result<Game, SetupError> {
        Game::with_registry(&REGISTRY, Setup::Config(config), seed)
    }

    /// Starts a game from a scenario (stacked deck, set hands, a given turn and phase).
    pub fn from_scenario(scenario: Scenario) -> Result<Game, SetupError> {
        let seed = scenario.seed;
        Game::with_registry(&REGISTRY, Setup::Scenario(Box::new(scenario)), seed)
    }
}

impl Game {
    /// Resumes a game in the middle of a seat's play phase from an explicit table
    /// ([`Position`](crate::Position)): the seat's next play is the first decision.
    pub fn from_position(position: &crate::Position, seed: u64) -> Result<Game, SetupError> {
        crate::setup::from_position(&REGISTRY, position, seed)
    }
}

impl Record {
    /// Replays the record from scratch. Fails clearly on a record of another format or whose
    /// rules have changed.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        self.replay_with(&REGISTRY)
    }

    /// Replays the first `n` actions.
    pub fn replay_prefix(&self, n: usize) -> Result<Game, ReplayError> {
        self.replay_prefix_with(&REGISTRY, n)
    }
}

/// Replays a finished game's `record` step by step as `audience` saw it
/// ([`crate::view::replay_with`] with the engine's registry).
pub fn replay(record: &Record, audience: Audience) -> Result<Vec<ReplayStep>, ReplayError> {
    crate::view::replay_with(&REGISTRY, record, audience)
}

/// An option value as a short word (for names and file names).
fn plain(value: &crate::ruleset::OptionValue) -> String {
    use crate::ruleset::OptionValue;
    match value {
        OptionValue::Flag(b) => b.to_string(),
        OptionValue::Number(n) => n.to_string(),
        OptionValue::Choice(c) => c.clone(),
    }
}

/// A registered ruleset to play: a name (`mode/cards/generals`, then the variant), the ruleset,
/// and the seat counts of its mode.
#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
    pub ruleset: crate::ruleset::Ruleset,
    pub seats: (u8, u8),
}

impl Case {
    /// Is this a variant of a base case (an option changed from its default)?
    pub fn is_variant(&self) -> bool {
        self.name.contains(' ')
    }

    /// The name as a file name: `identity--standard--white`, `identity--standard--standard--role_table=variant`.
    pub fn slug(&self) -> String {
        self.name.replace(['/', ' '], "--")
    }
}

/// Is this mode option choice one under which nobody plays a general of a pack (identity's
/// `generals = none | first_game`, V-NOGEN, V-BEGIN: everyone is the white general)? Its
/// variant is made with the white generals only: with a general pack the games would be the same.
fn without_generals(id: &str, value: &crate::ruleset::OptionValue) -> bool {
    id == "generals" && !matches!(value, crate::ruleset::OptionValue::Choice(c) if c == "chosen")
}

/// Every registered mode × card pack (with the packs it requires) × general pack (and none),
/// each with its variants: every non-default choice of every mode option and every switch of
/// every pack flipped, one at a time. The property tests, the noninterference tests and the
/// golden records all play these, so a new mode or pack is covered the moment it is registered.
pub fn cases() -> Vec<Case> {
    use crate::def::{OptionDef, OptionKind};
    use crate::ruleset::{OptionValue, Options, PackChoice, Ruleset};
    let registry = &REGISTRY;
    fn variants(defs: &[OptionDef]) -> Vec<(String, OptionValue)> {
        let mut out = Vec::new();
        for def in defs {
            match &def.kind {
                OptionKind::Flag { default } => {
                    out.push((def.id.to_string(), OptionValue::Flag(!default)))
                }
                OptionKind::Choice { choices, default } => out.extend(
                    choices
                        .iter()
                        .filter(|c| c.id != *default)
                        .map(|c| (def.id.to_string(), OptionValue::Choice(c.id.to_string()))),
                ),
                // Numbers keep their defaults: their extremes are unit-tested where they are used.
                OptionKind::Number { .. } => {}
            }
        }
        out
    }
    let mut cases = Vec::new();
    for mode in registry.modes {
        for pack in registry.card_packs {
            let mut cards: Vec<PackChoice> =
                pack.requires.iter().map(|id| PackChoice::new(id)).collect();
            cards.push(PackChoice::new(pack.id));
            let played = |id: &str| {
                registry
                    .card_pack(id)
                    .is_none_or(|p| p.modes.is_empty() || p.modes.contains(&mode.id))
            };
            if !cards.iter().all(|c| played(&c.id)) {
                continue;
            }
            // A mode with general packs of its own (国战) plays only those, never white.
            let own = registry.has_own_generals(mode.id);
            let general_choices = (!own).then_some(None).into_iter().chain(
                registry
                    .general_packs
                    .iter()
                    .filter(|g| registry.general_pack_fits(g, mode.id))
                    .map(|g| Some(g.id)),
            );
            for generals in general_choices {
                let base = Ruleset {
                    mode: mode.id.to_string(),
                    options: Options::default(),
                    cards: cards.clone(),
                    generals: generals.map(str::to_string).into_iter().collect(),
                    edition: crate::ruleset::DEFAULT_EDITION.to_string(),
                };
                let name = format!("{}/{}/{}", mode.id, pack.id, generals.unwrap_or("white"));
                cases.push(Case {
                    name: name.clone(),
                    ruleset: base.clone(),
                    seats: mode.seats,
                });
                for (id, value) in variants(mode.options) {
                    if generals.is_some() && without_generals(&id, &value) {
                        continue;
                    }
                    let mut ruleset = base.clone();
                    ruleset.options.set(&id, value.clone());
                    cases.push(Case {
                        name: format!("{name} {id}={}", plain(&value)),
                        ruleset,
                        seats: mode.seats,
                    });
                }
                // Each other text edition that reprints a general of this pack.
                let pack = generals.and_then(|id| registry.general_pack(id));
                for edition in registry.editions.iter().skip(1) {
                    let printed =
                        |g: &crate::def::General| g.printing.is_some_and(|p| p.edition == *edition);
                    if pack.is_some_and(|p| p.generals.iter().any(printed)) {
                        let mut ruleset = base.clone();
                        ruleset.edition = edition.to_string();
                        cases.push(Case {
                            name: format!("{name} edition={edition}"),
                            ruleset,
                            seats: mode.seats,
                        });
                    }
                }
                for choice in &cards {
                    let Some(def) = registry.card_pack(&choice.id) else {
                        continue;
                    };
                    for (id, value) in variants(def.options) {
                        let mut ruleset = base.clone();
                        if let Some(c) = ruleset.cards.iter_mut().find(|c| c.id == choice.id) {
                            c.options.set(&id, value.clone());
                        }
                        cases.push(Case {
                            name: format!("{name} {}.{id}={}", choice.id, plain(&value)),
                            ruleset,
                            seats: mode.seats,
                        });
                    }
                }
            }
        }
    }
    cases
}

/// How a property test shares a fixed number of games over every (case, seat count) it plays:
/// a base case weighs [`Budget::BASE_WEIGHT`] variants, and no pair gets fewer than `min`. The
/// total stays the same as modes, packs and options are registered, so the test suite's time
/// stays flat while each new case is still played; `SGS_SIM_SCALE=n` multiplies the total for
/// a soak run.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Games per unit of weight.
    per_weight: f64,
    min: u64,
}

impl Budget {
    /// A base case gets this many times a variant's share.
    pub const BASE_WEIGHT: u64 = 4;

    /// `total` games (times `SGS_SIM_SCALE`) over every case of `cases` and each of its seat
    /// counts from `min_seats`.
    pub fn new(cases: &[Case], min_seats: u8, total: u64, min: u64) -> Budget {
        let weight: u64 = cases
            .iter()
            .map(|case| Self::weight(case) * u64::from(Self::seat_counts(case, min_seats)))
            .sum();
        let total = total * soak_scale();
        Budget {
            per_weight: total as f64 / weight.max(1) as f64,
            min,
        }
    }

    /// Games for one seat count of `case`.
    pub fn games(&self, case: &Case) -> u64 {
        ((Self::weight(case) as f64 * self.per_weight).round() as u64).max(self.min)
    }

    fn weight(case: &Case) -> u64 {
        if case.is_variant() {
            1
        } else {
            Self::BASE_WEIGHT
        }
    }

    fn seat_counts(case: &Case, min_seats: u8) -> u8 {
        (case.seats.1 + 1).saturating_sub(case.seats.0.max(min_seats))
    }
}

/// `SGS_SIM_SCALE`, the soak multiplier of the property tests (1 when unset).
fn soak_scale() -> u64 {
    std::env::var("SGS_SIM_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Category, Slot};

    #[test]
    fn a_budget_shares_its_total_and_grows_no_larger_with_more_cases() {
        let all = cases();
        let budget = Budget::new(&all, 2, 100_000, 1);
        let pairs: u64 = all
            .iter()
            .map(|c| u64::from(Budget::seat_counts(c, 2)))
            .sum();
        let played: u64 = all
            .iter()
            .map(|c| budget.games(c) * u64::from(Budget::seat_counts(c, 2)))
            .sum();
        // Each pair's share is rounded: off by at most one game per pair.
        assert!(played.abs_diff(100_000) <= pairs, "{played}");
        let base = all.iter().find(|c| !c.is_variant()).unwrap();
        let variant = all.iter().find(|c| c.is_variant()).unwrap();
        let ratio = budget.games(base) as f64 / budget.games(variant) as f64;
        assert!((ratio - Budget::BASE_WEIGHT as f64).abs() < 0.1, "{ratio}");
        // Twice the cases: each gets about half, never less than the minimum.
        let doubled: Vec<Case> = all.iter().chain(all.iter()).cloned().collect();
        let halved = Budget::new(&doubled, 2, 100_000, 1);
        assert!(halved.games(base) * 2 <= budget.games(base) + 1);
        assert_eq!(Budget::new(&doubled, 2, 10, 3).games(variant), 3);
    }

    #[test]
    fn card_kinds_are_in_kind_order_and_each_is_in_a_pack() {
        for (i, def) in REGISTRY.cards.iter().enumerate() {
            assert_eq!(def.kind as usize, i, "{:?} out of order", def.kind);
            assert!(
                REGISTRY
                    .card_packs
                    .iter()
                    .any(|p| p.rows.iter().any(|r| r.kind == def.kind)),
                "{:?} is in no pack",
                def.kind
            );
            assert!(!def.name_zh.is_empty() && !def.text_en.is_empty());
            if let Category::Equip(Slot::Weapon) = def.category {
                assert!(def.range >= 1, "{:?} has no range", def.kind);
            }
        }
    }

    #[test]
    fn skills_are_in_id_order_with_texts() {
        for (i, def) in REGISTRY.skills.iter().enumerate() {
            assert_eq!(def.id as usize, i, "{:?} out of order", def.id);
            assert!(!def.name_zh.is_empty() && !def.name_en.is_empty());
            assert!(
                !def.text_zh.is_empty() && !def.text_en.is_empty(),
                "{:?}",
                def.id
            );
        }
    }

    #[test]
    fn every_roster_skill_is_registered_and_generals_are_unique() {
        let mut seen = Vec::new();
        for pack in REGISTRY.general_packs {
            for general in pack.generals {
                assert!(!seen.contains(&general.id), "{:?} twice", general.id);
                seen.push(general.id);
                for id in general.skills {
                    assert_eq!(REGISTRY.skill_def(*id).id, *id, "{}", general.name_en);
                }
            }
        }
    }

    #[test]
    fn ids_of_packs_and_modes_are_unique_and_their_options_default_well() {
        let mut ids: Vec<String> = REGISTRY
            .modes
            .iter()
            .map(|m| format!("mode/{}", m.id))
            .collect();
        ids.extend(
            REGISTRY
                .card_packs
                .iter()
                .map(|p| format!("cards/{}", p.id)),
        );
        ids.extend(
            REGISTRY
                .general_packs
                .iter()
                .map(|p| format!("generals/{}", p.id)),
        );
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), ids.len(), "{ids:?}");
        for pack in REGISTRY.card_packs {
            for row in pack.rows {
                if let Some(part) = row.part {
                    assert!(
                        pack.options.iter().any(|o| o.id == part),
                        "{}: a row comes with the unknown option {part}",
                        pack.id
                    );
                }
            }
        }
    }
}
