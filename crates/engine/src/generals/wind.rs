//! The 风 Wind general pack (神话再临·风, 2013 texts; the 2009 prints of the generals the reprint
//! changed follow the roster, played under `edition = 2009`): one roster row per general (id, names,
//! kingdom, gender, max HP, skills). Played beside the standard pack or alone.
//!
//! Source: `shared/rules/generals-wind-fire.md` §1 and §2. A reviewer should be able to check this
//! table against the physical general cards line by line.

use crate::def::{General, GeneralPack};
use crate::ids::{GeneralId, SkillId};
use crate::ruleset::ORIGINAL_EDITION;
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
    modes: &[],
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
    // The 2009 print (`edition = 2009`): 据守 draws three and there is no 解围; 雷击 on ♠ deals
    // 2; 蛊惑 without a limit, every other character asked, no 缠怨; 不屈 keeps 周泰 alive below
    // 1 HP, and there is no 奋激.
    General::new(GeneralId::CaorenOld, "曹仁", "Cao Ren", Wei, M, 4, &[SkillId::JushouOld]).printed_in(ORIGINAL_EDITION, GeneralId::Caoren),
    General::new(GeneralId::ZhangjiaoOld, "张角", "Zhang Jiao", Qun, M, 3, &[SkillId::LeijiOld, SkillId::Guidao, SkillId::Huangtian]).lord().printed_in(ORIGINAL_EDITION, GeneralId::Zhangjiao),
    General::new(GeneralId::YujiOld, "于吉", "Yu Ji", Qun, M, 3, &[SkillId::GuhuoOld]).printed_in(ORIGINAL_EDITION, GeneralId::Yuji),
    General::new(GeneralId::ZhoutaiOld, "周泰", "Zhou Tai", Wu, M, 4, &[SkillId::BuquOld]).printed_in(ORIGINAL_EDITION, GeneralId::Zhoutai),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::config::GameConfig;
    use crate::game::Game;
    use crate::ruleset::Ruleset;
    use crate::seat::Role;

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

    /// `W-…-OLD`: under `edition = 2009` the 2009 prints stand in for the generals the reprint
    /// changed; under the default edition they are never seated.
    #[test]
    fn w_edition_old_the_2009_prints_replace_their_generals_only_under_2009() {
        let pool = |edition: &str| {
            let mut ruleset = Ruleset::standard();
            ruleset.generals.push("wind".to_string());
            ruleset.edition = edition.to_string();
            match Game::new(GameConfig::new(5, ruleset), 1) {
                Ok(game) => game.general_pool().to_vec(),
                Err(e) => panic!("{e}"),
            }
        };
        let (new, old) = (
            pool(crate::ruleset::DEFAULT_EDITION),
            pool(ORIGINAL_EDITION),
        );
        assert_eq!(new.len(), old.len());
        for (of, print) in [
            (GeneralId::Caoren, GeneralId::CaorenOld),
            (GeneralId::Zhangjiao, GeneralId::ZhangjiaoOld),
            (GeneralId::Yuji, GeneralId::YujiOld),
            (GeneralId::Zhoutai, GeneralId::ZhoutaiOld),
        ] {
            assert!(new.contains(&of) && !new.contains(&print), "{of:?}");
            assert!(old.contains(&print) && !old.contains(&of), "{print:?}");
        }
        // Every other general is the same in both.
        assert!(new.contains(&GeneralId::Xiahouyuan) && old.contains(&GeneralId::Xiahouyuan));
        // A scenario cannot seat a 2009 print under the 2013 texts.
        let mut s =
            crate::testing::with_pack(crate::testing::table(&[Role::Lord, Role::Rebel]), "wind");
        crate::testing::seat(&mut s, 0).general = GeneralId::CaorenOld;
        assert!(Game::from_scenario(s).is_err());
    }

    #[test]
    fn roster_matches_the_rules_file() {
        let count = |k: Kingdom| {
            ROSTER
                .iter()
                .filter(|g| g.printing.is_none() && g.kingdom == k)
                .count()
        };
        assert_eq!(
            (count(Wei), count(Shu), count(Wu), count(Qun)),
            (2, 2, 2, 2)
        );
        let roster = || ROSTER.iter().filter(|g| g.printing.is_none());
        assert_eq!(roster().filter(|g| g.gender == F).count(), 1);
        assert_eq!(roster().filter(|g| g.max_hp == 3).count(), 3);
        assert_eq!(roster().filter(|g| g.lord_candidate).count(), 1);
    }

    #[test]
    fn ids_are_unique_and_resolve_to_their_row() {
        for (i, g) in ROSTER.iter().enumerate() {
            assert_eq!(crate::content::REGISTRY.general(g.id).id, g.id);
            assert!(ROSTER[i + 1..].iter().all(|other| other.id != g.id));
        }
    }
}
