//! The shapes of rule definitions and the [`Registry`] that lists them. Machinery.
//!
//! Content — cards, skills, card packs, general packs, modes — is defined as `static` values of
//! these shapes in the content modules (`cards/`, `skills/`, `decks/`, `generals/`, `modes/`) and
//! listed once in the registry (`content.rs`). A game holds a reference to the registry it was
//! set up with and reads every definition through it ([`Game::card_def`], [`Game::skill_def`]),
//! so nothing below the content layer imports content: vocabulary → machinery → content.

pub mod card;
pub mod mode;
pub mod option;
pub mod pack;
pub mod skill;

use crate::card::CardKind;
use crate::game::Game;
use crate::ids::{GeneralId, SkillId};

pub use card::{CardDef, Delayed, Target};
pub use mode::ModeDef;
pub use option::{ChoiceDef, OptionDef, OptionKind};
pub use pack::{CardPack, CardRules, DeckRow, General, GeneralPack};
pub use skill::SkillDef;

/// Every registered definition.
pub struct Registry {
    /// Card kinds, in [`CardKind`] order.
    pub cards: &'static [&'static CardDef],
    /// Skills, in [`SkillId`] order.
    pub skills: &'static [&'static SkillDef],
    pub card_packs: &'static [&'static CardPack],
    pub general_packs: &'static [&'static GeneralPack],
    pub modes: &'static [&'static ModeDef],
    /// The general without skills a seat plays when no general pack is chosen.
    pub white: &'static General,
    /// The text editions a ruleset may name.
    pub editions: &'static [&'static str],
    /// The rules version of the machinery itself (turn flow, timings, damage …): bumped when a
    /// change to it alters how recorded games go.
    pub core_version: u32,
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Registry")
            .field(
                "modes",
                &self.modes.iter().map(|m| m.id).collect::<Vec<_>>(),
            )
            .field(
                "card_packs",
                &self.card_packs.iter().map(|p| p.id).collect::<Vec<_>>(),
            )
            .field(
                "general_packs",
                &self.general_packs.iter().map(|p| p.id).collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

impl Registry {
    #[inline]
    pub fn card_def(&self, kind: CardKind) -> &'static CardDef {
        // `cards` is in kind order; the registry test checks it.
        self.cards[kind as usize]
    }

    #[inline]
    pub fn skill_def(&self, skill: SkillId) -> &'static SkillDef {
        // `skills` is in id order; the registry test checks it.
        self.skills[skill as usize]
    }

    pub fn mode(&self, id: &str) -> Option<&'static ModeDef> {
        self.modes.iter().copied().find(|m| m.id == id)
    }

    pub fn card_pack(&self, id: &str) -> Option<&'static CardPack> {
        self.card_packs.iter().copied().find(|p| p.id == id)
    }

    pub fn general_pack(&self, id: &str) -> Option<&'static GeneralPack> {
        self.general_packs.iter().copied().find(|p| p.id == id)
    }

    /// Does mode `mode` play with its own general packs only — does some pack name it in its
    /// `modes` (国战)? Then it plays neither other packs nor white generals.
    pub fn has_own_generals(&self, mode: &str) -> bool {
        self.general_packs.iter().any(|p| p.modes.contains(&mode))
    }

    /// May general pack `pack` be played in mode `mode`? A pack naming modes only in those; a
    /// mode with packs of its own only with those.
    pub fn general_pack_fits(&self, pack: &GeneralPack, mode: &str) -> bool {
        if pack.modes.is_empty() {
            !self.has_own_generals(mode)
        } else {
            pack.modes.contains(&mode)
        }
    }

    /// The roster row of `id` (the white general for an id no pack has).
    #[inline]
    pub fn general(&self, id: GeneralId) -> &'static General {
        if id == self.white.id {
            return self.white;
        }
        for pack in self.general_packs {
            // A pack lists its generals in id order (ids are appended per pack): try the row the
            // id would be at first, then look.
            let first = pack.generals.first().map_or(0, |g| g.id as usize);
            if let Some(g) = (id as usize)
                .checked_sub(first)
                .and_then(|i| pack.generals.get(i))
                .filter(|g| g.id == id)
            {
                return g;
            }
            if let Some(g) = pack.generals.iter().find(|g| g.id == id) {
                return g;
            }
        }
        self.white
    }
}

impl Game {
    /// The definition of card kind `kind`.
    #[inline]
    pub fn card_def(&self, kind: CardKind) -> &'static CardDef {
        self.registry.card_def(kind)
    }

    /// The definition of `skill`.
    #[inline]
    pub fn skill_def(&self, skill: SkillId) -> &'static SkillDef {
        self.registry.skill_def(skill)
    }

    /// The roster row of `general`.
    #[inline]
    pub fn general(&self, general: GeneralId) -> &'static General {
        self.registry.general(general)
    }

    /// The registry this game was set up with.
    pub fn registry(&self) -> &'static Registry {
        self.registry
    }
}
