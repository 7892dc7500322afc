//! Modes: one folder (or file) per mode holding its `ModeDef`, and the registry line below.
//! Adding a mode = its files + one line in [`ALL`].

pub mod doudizhu;
pub mod hegemony;
pub mod identity;
pub mod one_v_one;
pub mod pairs;
pub mod three_v_three;

use crate::def::ModeDef;

/// Every mode.
pub static ALL: &[&ModeDef] = &[
    &identity::MODE,
    &doudizhu::MODE,
    &pairs::MODE,
    &one_v_one::MODE,
    &three_v_three::MODE,
    &hegemony::MODE,
];
