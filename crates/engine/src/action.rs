//! [`Action`]: what a seat decides. The only input type of the engine.

use serde::{Deserialize, Serialize};

use crate::card::CardId;
use crate::ids::GeneralId;
use crate::ids::SkillId;
use crate::seat::Seat;

/// One answer to a pending [`crate::Prompt`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Use (使用) or play (打出) a card: `cards` as themselves, or converted by `skill`
    /// (武圣, 丈八蛇矛 …). `targets` are the chosen targets; empty where the card chooses its own.
    Card {
        cards: Vec<CardId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        skill: Option<SkillId>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        targets: Vec<Seat>,
    },
    /// Invoke a skill (an active skill in the play phase, or a skill offered by the prompt, such
    /// as 八卦阵 when a 闪 is asked for), paying `cards` and choosing `targets` where it asks.
    Skill {
        skill: SkillId,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        cards: Vec<CardId>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        targets: Vec<Seat>,
    },
    /// Choose cards of one's own (discard, give, pay a cost).
    Cards { cards: Vec<CardId> },
    /// Choose a card from a seat's areas: a face-up card by id, or a face-down hand card by
    /// position (the chooser cannot tell them apart).
    Pick { pick: Pick },
    /// Choose one of the prompt's numbered options.
    Option { index: u8 },
    /// Choose seats.
    Seats { seats: Vec<Seat> },
    /// Put cards back on top of the draw pile and at its bottom (观星). Both lists read from
    /// the top down: the first of `top` becomes the topmost card, the last of `bottom` the very
    /// bottom one.
    Arrange {
        top: Vec<CardId>,
        bottom: Vec<CardId>,
    },
    /// Choose this general (general selection at the start of the game).
    General { general: GeneralId },
    /// Decline / end the play phase / answer "no".
    Pass,
    /// 重铸 Recast this hand card in the play phase (铁索连环): discard it and draw one. Not a
    /// use of the card.
    Recast { card: CardId },
}

/// A card picked from someone's areas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "from", rename_all = "snake_case")]
pub enum Pick {
    /// The n-th face-down hand card (0-based, in an order that carries no information).
    Hand { index: u8 },
    /// A face-up card (equipment, judgment area, a shared pool).
    Card { card: CardId },
}
