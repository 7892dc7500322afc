//! The 火 Fire general pack (神话再临·火): one roster row per general (id, names, kingdom,
//! gender, max HP, skills). Begun: 典韦 and 庞德; the other six follow.
//!
//! Source: `shared/rules/generals-wind-fire.md` §1 and §3.

use crate::def::{General, GeneralPack};
use crate::ids::{GeneralId, SkillId};
use crate::seat::{Gender, Kingdom};

#[allow(unused_imports)]
use Gender::{Female as F, Male as M};
#[allow(unused_imports)]
use Kingdom::*;

pub static PACK: GeneralPack = GeneralPack {
    id: "fire",
    version: 1,
    name_zh: "火",
    name_en: "Fire",
    generals: ROSTER,
};

/// The 火 generals so far: id, names, kingdom, gender, max HP, skills.
#[rustfmt::skip]
const ROSTER: &[General] = &[
    General::new(GeneralId::Dianwei, "典韦", "Dian Wei", Wei, M, 4, &[SkillId::Qiangxi]),
    General::new(GeneralId::Pangde, "庞德", "Pang De", Qun, M, 4, &[SkillId::Mashu, SkillId::Mengjin]),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_resolve_to_their_row() {
        for (i, g) in ROSTER.iter().enumerate() {
            assert_eq!(crate::content::REGISTRY.general(g.id).id, g.id);
            assert!(ROSTER[i + 1..].iter().all(|other| other.id != g.id));
        }
    }
}
