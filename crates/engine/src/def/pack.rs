//! The shapes of packs: a [`CardPack`] is a list of physical cards (deck rows) with its options;
//! a [`GeneralPack`] is a roster of [`General`]s. Content defines one `static` of each kind per
//! pack (`decks/*.rs`, `generals/*.rs`) and one registry line.

use crate::card::{CardKind, Nature, Suit};
use crate::def::option::OptionDef;
use crate::ids::{GeneralId, SkillId};
use crate::seat::{Gender, Kingdom};

/// A card pack: physical cards, numbered in a game after the packs before it.
pub struct CardPack {
    /// Stable id (`standard`).
    pub id: &'static str,
    /// The rules version: bumped when a change alters how recorded games with this pack go.
    pub version: u32,
    pub name_zh: &'static str,
    pub name_en: &'static str,
    pub options: &'static [OptionDef],
    /// The packs it is played with (an expansion needs its base deck): they come before it.
    pub requires: &'static [&'static str],
    /// The modes it may be played in (empty: every mode). 军争 is not part of the 1v1 and 3v3
    /// decks (M-1V1-7, M-3V3-11…13), so `content::cases()` does not combine them.
    pub modes: &'static [&'static str],
    /// Every physical card, in the order of the rules file. A row's place is its card's id within
    /// the pack, so rows are never reordered or removed, only appended.
    pub rows: &'static [DeckRow],
    /// How the trick cards read in a game with this pack.
    pub card_rules: CardRules,
}

/// Where the texts of the same card differ between decks, which reading a pack brings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardRules {
    /// The identity game's texts.
    Standard,
    /// The 2013 1v1 texts (M-1V1-6): 顺手牵羊 and 过河拆桥 take no card from the judgment area,
    /// and 过河拆桥's user chooses the equipment area or the hand, looking at the whole hand.
    Kof2013,
    /// The 国战 texts (`hegemony.md` §7.1): the 国战 deck's. 朱雀羽扇 may also make a 杀 a skill
    /// has its owner use a 火杀 (H-CARD-ZHUQUE), and 桃园结义 has no effect and opens no
    /// 无懈可击 window for a target at full HP (H-CARD-TAOYUAN).
    Hegemony,
}

/// One physical card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeckRow {
    pub kind: CardKind,
    pub suit: Suit,
    pub rank: u8,
    pub nature: Nature,
    /// The pack option (a switch) this card comes with: left out of the game while it is off
    /// (the four EX cards of the standard pack). `None`: always in.
    pub part: Option<&'static str>,
}

impl DeckRow {
    pub const fn new(kind: CardKind, suit: Suit, rank: u8) -> DeckRow {
        DeckRow {
            kind,
            suit,
            rank,
            nature: Nature::Normal,
            part: None,
        }
    }

    /// A card that comes with the pack option `part`.
    pub const fn part_of(self, part: &'static str) -> DeckRow {
        DeckRow {
            part: Some(part),
            ..self
        }
    }

    /// A card of `nature` (火杀, 雷杀).
    pub const fn of_nature(self, nature: Nature) -> DeckRow {
        DeckRow { nature, ..self }
    }
}

/// A general pack: a roster.
pub struct GeneralPack {
    /// Stable id (`standard`).
    pub id: &'static str,
    pub version: u32,
    pub name_zh: &'static str,
    pub name_en: &'static str,
    /// The modes it is played in (empty: every mode that takes no pack of its own). A mode some
    /// pack names is played only with the packs that name it (国战 and its roster).
    pub modes: &'static [&'static str],
    pub generals: &'static [General],
}

/// 武将 One roster row.
#[derive(Debug)]
pub struct General {
    pub id: GeneralId,
    pub name_zh: &'static str,
    pub name_en: &'static str,
    pub kingdom: Kingdom,
    pub gender: Gender,
    pub max_hp: u8,
    pub skills: &'static [SkillId],
    /// Offered to the lord during general selection (gold border).
    pub lord_candidate: bool,
    /// `Some`: this row is another general as a text edition prints it (the 2009 曹仁), played
    /// in that general's place when a ruleset names the edition, and never otherwise.
    pub printing: Option<Printing>,
    /// 阴阳鱼 A 国战 general's HP in halves (`hegemony.md` H-SETUP-5: a character's max HP is
    /// half the sum of its two generals' halves); 0 for a general of the other modes.
    pub halves: u8,
    /// 珠联璧合 The generals this one is a companion of (H-GEN-2, listed on both rows).
    pub companions: &'static [GeneralId],
}

/// Which general a roster row reprints, and in which text edition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Printing {
    /// The text edition (`2009`).
    pub edition: &'static str,
    /// The general it stands for in that edition.
    pub of: GeneralId,
}

impl General {
    /// A roster row: id, names, kingdom, gender, max HP, skills.
    pub const fn new(
        id: GeneralId,
        name_zh: &'static str,
        name_en: &'static str,
        kingdom: Kingdom,
        gender: Gender,
        max_hp: u8,
        skills: &'static [SkillId],
    ) -> General {
        General {
            id,
            name_zh,
            name_en,
            kingdom,
            gender,
            max_hp,
            skills,
            lord_candidate: false,
            printing: None,
            halves: 0,
            companions: &[],
        }
    }

    /// A 国战 roster row: id, names, kingdom, gender, HP in halves (阴阳鱼), skills. Its
    /// `max_hp` is the whole fish it brings (halves / 2, for the catalog).
    pub const fn hegemony(
        id: GeneralId,
        name_zh: &'static str,
        name_en: &'static str,
        kingdom: Kingdom,
        gender: Gender,
        halves: u8,
        skills: &'static [SkillId],
    ) -> General {
        General {
            halves,
            ..General::new(id, name_zh, name_en, kingdom, gender, halves / 2, skills)
        }
    }

    /// This 国战 general, a companion (珠联璧合) of `companions`.
    pub const fn companions(self, companions: &'static [GeneralId]) -> General {
        General { companions, ..self }
    }

    /// Are this general and `other` a 珠联璧合 pair (either lists the other; same kingdom)?
    pub fn is_companion_of(&self, other: &General) -> bool {
        self.kingdom == other.kingdom
            && (self.companions.contains(&other.id) || other.companions.contains(&self.id))
    }

    /// This row, as `of` is printed in text edition `edition` (its skills as that edition words
    /// them).
    pub const fn printed_in(self, edition: &'static str, of: GeneralId) -> General {
        General {
            printing: Some(Printing { edition, of }),
            ..self
        }
    }

    /// This general, offered to the lord in general selection.
    pub const fn lord(self) -> General {
        General {
            lord_candidate: true,
            ..self
        }
    }
}
