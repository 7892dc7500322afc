//! The 风 Wind general pack (神话再临·风, 2013 texts): one roster row per general (id, names,
//! kingdom, gender, max HP, skills). Played beside the standard pack or alone.
//!
//! Source: `shared/rules/generals-wind-fire.md` §1 and §2. A reviewer should be able to check this
//! table against the physical general cards line by line.

use crate::def::{General, GeneralPack};
use crate::ids::{GeneralId, SkillId};
use crate::seat::{Gender, Kingdom};

#[allow(unused_imports)]
use Gender::{Female as F, Male as M};
#[allow(unused_imports)]
use Kingdom::*;

pub static PACK: GeneralPack = GeneralPack {
    id: "wind",
    version: 1,
    name_zh: "风",
    name_en: "Wind",
    generals: ROSTER,
};

/// The 风 generals: id, names, kingdom, gender, max HP, skills.
#[rustfmt::skip]
const ROSTER: &[General] = &[
    General::new(GeneralId::Xiahouyuan, "夏侯渊", "Xiahou Yuan", Wei, M, 4, &[SkillId::Shensu]),
    General::new(GeneralId::Caoren, "曹仁", "Cao Ren", Wei, M, 4, &[SkillId::Jushou, SkillId::Jiewei]),
    General::new(GeneralId::Huangzhong, "黄忠", "Huang Zhong", Shu, M, 4, &[SkillId::Liegong]),
    General::new(GeneralId::Weiyan, "魏延", "Wei Yan", Shu, M, 4, &[SkillId::Kuanggu]),
    General::new(GeneralId::Xiaoqiao, "小乔", "Xiao Qiao", Wu, F, 3, &[SkillId::Tianxiang, SkillId::Hongyan]),
    General::new(GeneralId::Zhoutai, "周泰", "Zhou Tai", Wu, M, 4, &[SkillId::Buqu, SkillId::Fenji]),
    General::new(GeneralId::Zhangjiao, "张角", "Zhang Jiao", Qun, M, 3, &[SkillId::Leiji, SkillId::Guidao, SkillId::Huangtian]).lord(),
    General::new(GeneralId::Yuji, "于吉", "Yu Ji", Qun, M, 3, &[SkillId::Guhuo]),
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
        ruleset.generals.push("wind".to_string());
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
                GeneralId::Zhangjiao,
            ] {
                assert!(offer.contains(&lord), "{offer:?}");
            }
        }
    }

    #[test]
    fn roster_matches_the_rules_file() {
        let count = |k: Kingdom| ROSTER.iter().filter(|g| g.kingdom == k).count();
        assert_eq!(
            (count(Wei), count(Shu), count(Wu), count(Qun)),
            (2, 2, 2, 2)
        );
        assert_eq!(ROSTER.iter().filter(|g| g.gender == F).count(), 1);
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
