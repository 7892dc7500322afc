//! General packs: one roster file per pack, and the registry line below. Adding a pack = its
//! roster file (a `GeneralPack` static) + its skills' files (`skills/`) + one line in [`ALL`]
//! (and a `GeneralId` per new general).

pub mod early;
pub mod fire;
pub mod god;
pub mod hegemony;
pub mod standard;
pub mod wind;

use crate::def::{General, GeneralPack};
use crate::ids::GeneralId;
use crate::seat::{Gender, Kingdom};

/// 白板 The general without skills (4 HP, male, no kingdom), played when no general pack is
/// chosen.
pub static WHITE: General = General::new(
    GeneralId::White,
    "白板",
    "White",
    Kingdom::None,
    Gender::Male,
    4,
    &[],
);

/// Every general pack a room can choose (the 国战 pack is played in its mode only).
pub static ALL: &[&GeneralPack] = &[
    &standard::PACK,
    &wind::PACK,
    &fire::PACK,
    &god::PACK,
    &hegemony::PACK,
];
