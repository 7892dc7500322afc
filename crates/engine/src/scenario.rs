//! [`Scenario`]: a table set up by hand — roles, generals, HP, hands, equipment, judgment areas,
//! the top of the draw pile, whose turn and which phase. Used by tests to stack the deck and by
//! the puzzle mode (残局). Plain serde data; `Game::from_scenario` validates it.

use serde::{Deserialize, Serialize};

use crate::card::{CardId, CardKind, Suit};
use crate::deck::Deck;
use crate::ids::GeneralId;
use crate::prompt::Phase;
use crate::ruleset::Ruleset;
use crate::seat::{Role, Seat};

/// A card named by id, or by kind (and optionally suit and rank): the first unused physical card
/// that matches is taken.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum CardSpec {
    Id(CardId),
    Kind {
        kind: CardKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        suit: Option<Suit>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rank: Option<u8>,
    },
}

impl CardSpec {
    pub fn kind(kind: CardKind) -> Self {
        CardSpec::Kind {
            kind,
            suit: None,
            rank: None,
        }
    }

    pub fn exact(kind: CardKind, suit: Suit, rank: u8) -> Self {
        CardSpec::Kind {
            kind,
            suit: Some(suit),
            rank: Some(rank),
        }
    }

    fn matches(&self, id: CardId, deck: &Deck) -> bool {
        let card = deck.card(id);
        match self {
            CardSpec::Id(want) => *want == id,
            CardSpec::Kind { kind, suit, rank } => {
                card.kind == *kind
                    && suit.is_none_or(|s| s == card.suit)
                    && rank.is_none_or(|r| r == card.rank)
            }
        }
    }

    /// Takes the first card of `pool` this spec names.
    pub(crate) fn take_from(&self, pool: &mut Vec<CardId>, deck: &Deck) -> Option<CardId> {
        let index = pool.iter().position(|id| self.matches(*id, deck))?;
        Some(pool.remove(index))
    }
}

impl From<CardKind> for CardSpec {
    fn from(kind: CardKind) -> Self {
        CardSpec::kind(kind)
    }
}

/// One seat of a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default)]
pub struct ScenarioSeat {
    pub role: Role,
    pub general: GeneralId,
    /// Current HP (default: max HP).
    pub hp: Option<i8>,
    /// Max HP (default: the general's, +1 for a lord with 5+ seats).
    pub max_hp: Option<u8>,
    pub alive: bool,
    pub hand: Vec<CardSpec>,
    pub equip: Vec<CardSpec>,
    /// Delayed tricks, in the order placed.
    pub judge: Vec<CardSpec>,
}

impl Default for ScenarioSeat {
    fn default() -> Self {
        ScenarioSeat {
            role: Role::Rebel,
            general: GeneralId::White,
            hp: None,
            max_hp: None,
            alive: true,
            hand: Vec::new(),
            equip: Vec::new(),
            judge: Vec::new(),
        }
    }
}

/// A hand-built table.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default)]
pub struct Scenario {
    pub seed: u64,
    /// The rules the table is played by (its card packs give the cards; its general packs the
    /// generals a seat may name). Default: the standard game.
    pub ruleset: Ruleset,
    pub seats: Vec<ScenarioSeat>,
    /// The top of the draw pile, topmost first. The rest is shuffled below.
    pub draw_pile_top: Vec<CardSpec>,
    /// Whose turn it is (default: the lord's).
    pub current: Option<Seat>,
    /// The phase the turn enters (default: the play phase).
    pub phase: Phase,
    pub auto_pass: bool,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            seed: 0,
            ruleset: Ruleset::standard(),
            seats: Vec::new(),
            draw_pile_top: Vec::new(),
            current: None,
            phase: Phase::Play,
            auto_pass: false,
        }
    }
}

impl Scenario {
    /// A scenario with these roles, white generals and empty hands.
    pub fn with_roles(roles: &[Role]) -> Self {
        Scenario {
            seats: roles
                .iter()
                .map(|role| ScenarioSeat {
                    role: *role,
                    ..ScenarioSeat::default()
                })
                .collect(),
            ..Scenario::default()
        }
    }
}
