//! Modes: one folder (or file) per mode holding its `ModeDef`, and the registry line below.
//! Adding a mode = its files + one line in [`ALL`].

pub mod identity;

use crate::def::ModeDef;

/// Every mode.
pub static ALL: &[&ModeDef] = &[&identity::MODE];
