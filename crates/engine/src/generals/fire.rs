//! The 火 Fire general pack (神话再临·火, 2013 texts): one roster row per general (id, names,
//! kingdom, gender, max HP, skills). Played beside the standard pack or alone.
//!
//! Source: `shared/rules/generals-wind-fire.md` §1 and §3. A reviewer should be able to check this
//! table against the physical general cards line by line.

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
    modes: &[],
    generals: ROSTER,
};

/// The 火 generals: id, names, kingdom, gender, max HP, skills.
#[rustfmt::skip]
const ROSTER: &[General] = &[
    General::new(GeneralId::Dianwei, "典韦", "Dian Wei", Wei, M, 4, &[SkillId::Qiangxi]),
    General::new(GeneralId::Xunyu, "荀彧", "Xun Yu", Wei, M, 3, &[SkillId::Quhu, SkillId::Jieming]),
    General::new(GeneralId::Pangtong, "庞统", "Pang Tong", Shu, M, 3, &[SkillId::Lianhuan, SkillId::Niepan]),
    General::new(GeneralId::Wolong, "卧龙诸葛亮", "Wolong Zhuge Liang", Shu, M, 3, &[SkillId::Bazhen, SkillId::Huoji, SkillId::Kanpo]),
    General::new(GeneralId::Taishici, "太史慈", "Taishi Ci", Wu, M, 4, &[SkillId::Tianyi]),
    General::new(GeneralId::Yuanshao, "袁绍", "Yuan Shao", Qun, M, 4, &[SkillId::Luanji, SkillId::Xueyi]).lord(),
    General::new(GeneralId::Yanliangwenchou, "颜良文丑", "Yan Liang & Wen Chou", Qun, M, 4, &[SkillId::Shuangxiong]),
    General::new(GeneralId::Pangde, "庞德", "Pang De", Qun, M, 4, &[SkillId::Mashu, SkillId::Mengjin]),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::config::GameConfig;
    use crate::game::Game;
    use crate::ruleset::Ruleset;

    #[test]
    fn w_roster_1_the_lord_is_offered_every_lord_general_of_the_pool_and_two_others() {
        let mut ruleset = Ruleset::standard();
        ruleset.generals.push("fire".to_string());
        for seed in 0..20 {
            let game = match Game::new(GameConfig::new(5, ruleset.clone()), seed) {
                Ok(game) => game,
                Err(e) => panic!("{e}"),
            };
            let offer: Vec<GeneralId> = game.prompts()[0]
                .legal_actions(64)
                .into_iter()
                .filter_map(|a| match a {
                    Action::General { general } => Some(general),
                    _ => Option::None,
                })
                .collect();
            assert_eq!(offer.len(), 6, "{offer:?}");
            for lord in [
                GeneralId::Caocao,
                GeneralId::Liubei,
                GeneralId::Sunquan,
                GeneralId::Yuanshao,
            ] {
                assert!(offer.contains(&lord), "{offer:?}");
            }
        }
    }

    #[test]
    fn roster_matches_the_rules_file() {
        assert_eq!(ROSTER.len(), 8);
        let count = |k: Kingdom| ROSTER.iter().filter(|g| g.kingdom == k).count();
        assert_eq!(
            (count(Wei), count(Shu), count(Wu), count(Qun)),
            (2, 2, 1, 3)
        );
        assert_eq!(ROSTER.iter().filter(|g| g.gender == F).count(), 0);
        assert_eq!(ROSTER.iter().filter(|g| g.max_hp == 3).count(), 3);
        assert_eq!(ROSTER.iter().filter(|g| g.lord_candidate).count(), 1);
    }

    #[test]
    fn ids_are_unique_and_resolve_to_their_row() {
        for (i, g) in ROSTER.iter().enumerate() {
            assert_eq!(crate::content::REGISTRY.general(g.id).id, g.id);
            assert!(ROSTER[i + 1..].iter().all(|other| other.id != g.id));
        }
    }
}
