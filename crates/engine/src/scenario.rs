//! [`Scenario`]: a table set up by hand — roles, generals, HP, hands, equipment, judgment areas,
//! the top of the draw pile and the discard pile, whose turn and which phase, and every piece of
//! lasting state the mechanics keep (marks, piles, chained and turned-over seats, used limited
//! and awakened skills, gained and lost skills). Used by tests to stack the deck and by practice
//! rooms (残局), so any ruling of any pack can be staged over the wire. Plain serde data;
//! `Game::from_scenario` validates it (and refuses a table whose game is already decided).

use serde::{Deserialize, Serialize};

use crate::card::{CardId, CardKind, Suit};
use crate::deck::Deck;
use crate::ids::{GeneralId, MarkId, SkillId};
use crate::prompt::Phase;
use crate::ruleset::Ruleset;
use crate::seat::{Kingdom, Role, Seat};
use crate::zone::Visibility;

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
    /// In a judgment area only: `card` placed there as the delayed trick `as` by a skill's rule
    /// (国色: a ♦ card as 乐不思蜀).
    Placed {
        card: Box<CardSpec>,
        #[serde(rename = "as")]
        kind: CardKind,
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
            CardSpec::Placed { card, .. } => card.matches(id, deck),
        }
    }

    /// The kind this spec's card counts as where it is placed, if the spec says.
    pub fn placed_as(&self) -> Option<CardKind> {
        match self {
            CardSpec::Placed { kind, .. } => Some(*kind),
            _ => None,
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

/// A mark on a scenario seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MarkSpec {
    pub mark: MarkId,
    pub count: u16,
    #[serde(default)]
    pub visibility: Visibility,
}

/// A pile on a scenario seat's general.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PileSpec {
    pub skill: SkillId,
    #[serde(default)]
    pub visibility: Visibility,
    pub cards: Vec<CardSpec>,
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
    /// Delayed tricks, in the order placed (a card placed there by a skill as a delayed trick
    /// is `{"card": …, "as": "indulgence"}`).
    pub judge: Vec<CardSpec>,
    pub marks: Vec<MarkSpec>,
    pub piles: Vec<PileSpec>,
    /// 横置
    pub chained: bool,
    /// 翻面: face down.
    pub turned: bool,
    /// Skills it has besides its general's.
    pub gained: Vec<SkillId>,
    /// Skills of its general it has lost.
    pub lost: Vec<SkillId>,
    /// Limited skills (限定技) it has used.
    pub limited_used: Vec<SkillId>,
    /// Awakening skills (觉醒技) that have awakened.
    pub awakened: Vec<SkillId>,
    /// 国战: its two generals (then `general` is the white one, and max HP defaults to half
    /// their halves). Every seat of a table has two or none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duo: Option<ScenarioDuo>,
    /// 神: the kingdom a god general plays for (W-MECH-GOD-1: chosen at the start of a dealt
    /// game; a practice table starts mid-game, so without it the god stays 神). Only a 神
    /// general names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kingdom: Option<Kingdom>,
}

/// 国战: a scenario seat's main general and deputy, and which are shown. Shown generals are
/// revealed in seat order as the game is set up (a first reveal may make a careerist, H-CAR-1).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ScenarioDuo {
    pub main: GeneralId,
    pub deputy: GeneralId,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub main_shown: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub deputy_shown: bool,
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
            marks: Vec::new(),
            piles: Vec::new(),
            chained: false,
            turned: false,
            gained: Vec::new(),
            lost: Vec::new(),
            limited_used: Vec::new(),
            awakened: Vec::new(),
            duo: None,
            kingdom: None,
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
    /// The discard pile, bottom first.
    pub discard_pile: Vec<CardSpec>,
    /// Whose turn it is (default: the lord's).
    pub current: Option<Seat>,
    /// The phase the turn enters (default: the play phase).
    pub phase: Phase,
    pub auto_pass: bool,
    /// As `GameConfig::action_limit`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action_limit: Option<u32>,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            seed: 0,
            ruleset: Ruleset::standard(),
            seats: Vec::new(),
            draw_pile_top: Vec::new(),
            discard_pile: Vec::new(),
            current: None,
            phase: Phase::Play,
            auto_pass: false,
            action_limit: None,
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
