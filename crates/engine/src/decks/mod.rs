//! Card packs: one file of deck rows per pack, and the registry line below. Adding a pack =
//! its file (a `CardPack` static) + its card kinds' files (`cards/`) + one line in [`ALL`].

pub mod maneuvering;
pub mod standard;

use crate::def::CardPack;

/// Every card pack.
pub static ALL: &[&CardPack] = &[&standard::PACK, &maneuvering::PACK];
