//! Card kinds: the registry.
//!
//! Each kind has its own file holding a `static DEF: CardDef` (names and text in both
//! languages, category, how it targets, when it can be used, its effect; the shape is
//! `def::CardDef`) and, for equipment, the `SkillDef` of its effect. The physical cards are in
//! the card packs (`decks/`). Adding a kind = one file + one `CardKind` variant + one line in
//! [`ALL`] + its rows in a pack.

pub mod amazing_grace;
pub mod analeptic;
pub mod archery_attack;
pub mod await_exhausted;
pub mod axe;
pub mod befriend_attacking;
pub mod blade;
pub mod collateral;
pub mod crossbow;
pub mod dismantlement;
pub mod double_swords;
pub mod drowning;
pub mod duel;
pub mod eight_diagram;
pub mod ex_nihilo;
pub mod fire_attack;
pub mod god_salvation;
pub mod guding_blade;
pub mod halberd;
pub mod heg_nullification;
#[cfg(test)]
mod heg_test;
#[cfg(test)]
mod heg_texts;
pub mod horse;
pub mod ice_sword;
pub mod indulgence;
pub mod iron_chain;
pub mod jink;
pub mod known_both;
pub mod kylin_bow;
pub mod lightning;
pub mod nullification;
pub mod peach;
pub mod qinggang_sword;
pub mod renwang_shield;
pub mod savage_assault;
pub mod serpent_spear;
pub mod silver_lion;
pub mod six_swords;
pub mod slash;
pub mod snatch;
pub mod supply_shortage;
pub mod triblade;
pub mod vine;
pub mod vs_crossbow;
pub mod zhuque_fan;

use crate::def::CardDef;

/// Every card kind, in `CardKind` order.
pub static ALL: &[&CardDef] = &[
    &slash::DEF,
    &jink::DEF,
    &peach::DEF,
    &duel::DEF,
    &dismantlement::DEF,
    &snatch::DEF,
    &collateral::DEF,
    &ex_nihilo::DEF,
    &nullification::DEF,
    &savage_assault::DEF,
    &archery_attack::DEF,
    &god_salvation::DEF,
    &amazing_grace::DEF,
    &lightning::DEF,
    &indulgence::DEF,
    &crossbow::DEF,
    &qinggang_sword::DEF,
    &ice_sword::DEF,
    &double_swords::DEF,
    &blade::DEF,
    &serpent_spear::DEF,
    &axe::DEF,
    &halberd::DEF,
    &kylin_bow::DEF,
    &eight_diagram::DEF,
    &renwang_shield::DEF,
    &horse::DILU,
    &horse::JUEYING,
    &horse::ZHUAHUANG,
    &horse::CHITU,
    &horse::DAYUAN,
    &horse::ZIXING,
    // 军争 Maneuvering.
    &analeptic::DEF,
    &iron_chain::DEF,
    &fire_attack::DEF,
    &supply_shortage::DEF,
    &guding_blade::DEF,
    &zhuque_fan::DEF,
    &vine::DEF,
    &silver_lion::DEF,
    &horse::HUALIU,
    // The 2013 1v1 deck.
    &drowning::DEF,
    // The 2013 3v3 deck.
    &vs_crossbow::DEF,
    // The 国战 deck.
    &known_both::DEF,
    &await_exhausted::DEF,
    &befriend_attacking::DEF,
    &heg_nullification::DEF,
    &six_swords::DEF,
    &triblade::DEF,
];
