//! [`Deck`]: a game's own card table, built at setup from the ruleset's card packs. A card's
//! [`CardId`] is its row here: the rows of the first pack, then those of the next, each pack's in
//! the order of its file. Rows a pack option leaves out keep their ids but stay out of the game
//! ([`crate::zone::Zone::Out`]), so a pack's ids do not depend on its options.
//!
//! The table is public knowledge: every `View` carries it, so a client maps the ids it is shown to
//! faces without knowing how packs are put together.

use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::{Card, CardId};
use crate::def::option;
use crate::error::SetupError;
use crate::ruleset::PackChoice;

/// Every physical card of one game, by id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Deck {
    cards: Arc<[Card]>,
}

impl Deck {
    /// The table of `packs`, and the ids of the cards in play (the others are left out by an
    /// option of their pack).
    pub fn build(
        registry: &crate::def::Registry,
        packs: &[PackChoice],
    ) -> Result<(Deck, Vec<CardId>), SetupError> {
        let mut cards = Vec::new();
        let mut in_play = Vec::new();
        for choice in packs {
            let pack = registry
                .card_pack(&choice.id)
                .ok_or_else(|| SetupError::Invalid(format!("no card pack {:?}", choice.id)))?;
            option::check(
                pack.options,
                &choice.options,
                &format!("card pack {}", pack.id),
            )
            .map_err(SetupError::Invalid)?;
            for row in pack.rows {
                let id = CardId(u16::try_from(cards.len()).map_err(|_| {
                    SetupError::Invalid("more cards than a game can number".into())
                })?);
                cards.push(Card {
                    id,
                    suit: row.suit,
                    rank: row.rank,
                    kind: row.kind,
                    nature: row.nature,
                });
                if row
                    .part
                    .is_none_or(|part| option::flag(pack.options, &choice.options, part))
                {
                    in_play.push(id);
                }
            }
        }
        if packs
            .iter()
            .enumerate()
            .any(|(i, p)| packs[..i].iter().any(|q| q.id == p.id))
        {
            return Err(SetupError::Invalid("a card pack is named twice".into()));
        }
        Ok((
            Deck {
                cards: cards.into(),
            },
            in_play,
        ))
    }

    /// The card with this id as printed. Ids come from the engine, which only makes ids of its
    /// own table.
    #[inline]
    pub fn card(&self, id: CardId) -> Card {
        self.cards[id.index()]
    }

    /// The card with this id, if the table has one (for ids that come from outside).
    #[inline]
    pub fn get(&self, id: CardId) -> Option<Card> {
        self.cards.get(id.index()).copied()
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards
    }
}

impl Serialize for Deck {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.cards.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Deck {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        Ok(Deck {
            cards: cards.into(),
        })
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Deck {
    fn schema_name() -> String {
        "Deck".to_string()
    }

    fn json_schema(generator: &mut schemars::gen::SchemaGenerator) -> schemars::schema::Schema {
        <Vec<Card>>::json_schema(generator)
    }
}
