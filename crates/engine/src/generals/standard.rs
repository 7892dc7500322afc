//! The standard general pack (标准版武将): one roster row per general (id, names, kingdom,
//! gender, max HP, skills).
//!
//! Source: `shared/rules/generals-standard.md` §1. A reviewer should be able to check this table
//! against the physical general cards line by line.

use crate::def::{General, GeneralPack};
use crate::ids::{GeneralId, SkillId};
use crate::ruleset::EARLY_EDITION;
use crate::seat::{Gender, Kingdom};

use Gender::{Female as F, Male as M};
use Kingdom::*;

pub static PACK: GeneralPack = GeneralPack {
    id: "standard",
    version: 1,
    name_zh: "标准版",
    name_en: "Standard",
    modes: &[],
    generals: ROSTER,
};

/// The 25 standard generals: id, names, kingdom, gender, max HP, skills.
#[rustfmt::skip]
const ROSTER: &[General] = &[
    General::new(GeneralId::Caocao, "曹操", "Cao Cao", Wei, M, 4, &[SkillId::Jianxiong, SkillId::Hujia]).lord(),
    General::new(GeneralId::Simayi, "司马懿", "Sima Yi", Wei, M, 3, &[SkillId::Fankui, SkillId::Guicai]),
    General::new(GeneralId::Xiahoudun, "夏侯惇", "Xiahou Dun", Wei, M, 4, &[SkillId::Ganglie]),
    General::new(GeneralId::Zhangliao, "张辽", "Zhang Liao", Wei, M, 4, &[SkillId::Tuxi]),
    General::new(GeneralId::Xuchu, "许褚", "Xu Chu", Wei, M, 4, &[SkillId::Luoyi]),
    General::new(GeneralId::Guojia, "郭嘉", "Guo Jia", Wei, M, 3, &[SkillId::Tiandu, SkillId::Yiji]),
    General::new(GeneralId::Zhenji, "甄姬", "Zhen Ji", Wei, F, 3, &[SkillId::Luoshen, SkillId::Qingguo]),
    General::new(GeneralId::Liubei, "刘备", "Liu Bei", Shu, M, 4, &[SkillId::Rende, SkillId::Jijiang]).lord(),
    General::new(GeneralId::Guanyu, "关羽", "Guan Yu", Shu, M, 4, &[SkillId::Wusheng]),
    General::new(GeneralId::Zhangfei, "张飞", "Zhang Fei", Shu, M, 4, &[SkillId::Paoxiao]),
    General::new(GeneralId::Zhugeliang, "诸葛亮", "Zhuge Liang", Shu, M, 3, &[SkillId::Guanxing, SkillId::Kongcheng]),
    General::new(GeneralId::Zhaoyun, "赵云", "Zhao Yun", Shu, M, 4, &[SkillId::Longdan]),
    General::new(GeneralId::Machao, "马超", "Ma Chao", Shu, M, 4, &[SkillId::Mashu, SkillId::Tieqi]),
    General::new(GeneralId::Huangyueying, "黄月英", "Huang Yueying", Shu, F, 3, &[SkillId::Jizhi, SkillId::Qicai]),
    General::new(GeneralId::Sunquan, "孙权", "Sun Quan", Wu, M, 4, &[SkillId::Zhiheng, SkillId::Jiuyuan]).lord(),
    General::new(GeneralId::Ganning, "甘宁", "Gan Ning", Wu, M, 4, &[SkillId::Qixi]),
    General::new(GeneralId::Lvmeng, "吕蒙", "Lü Meng", Wu, M, 4, &[SkillId::Keji]),
    General::new(GeneralId::Huanggai, "黄盖", "Huang Gai", Wu, M, 4, &[SkillId::Kurou]),
    General::new(GeneralId::Zhouyu, "周瑜", "Zhou Yu", Wu, M, 3, &[SkillId::Yingzi, SkillId::Fanjian]),
    General::new(GeneralId::Daqiao, "大乔", "Da Qiao", Wu, F, 3, &[SkillId::Guose, SkillId::Liuli]),
    General::new(GeneralId::Luxun, "陆逊", "Lu Xun", Wu, M, 3, &[SkillId::Qianxun, SkillId::Lianying]),
    General::new(GeneralId::Sunshangxiang, "孙尚香", "Sun Shangxiang", Wu, F, 3, &[SkillId::Xiaoji, SkillId::Jieyin]),
    General::new(GeneralId::Huatuo, "华佗", "Hua Tuo", Qun, M, 3, &[SkillId::Qingnang, SkillId::Jijiu]),
    General::new(GeneralId::Lvbu, "吕布", "Lü Bu", Qun, M, 4, &[SkillId::Wushuang]),
    General::new(GeneralId::Diaochan, "貂蝉", "Diao Chan", Qun, F, 3, &[SkillId::Lijian, SkillId::Biyue]),
    // The 2008 prints (`edition = 2008`, `modes.md` V-EARLY): a skill whose 2008 text differs is
    // that text (`SkillId::…Early`, in the skill's own file); the others are the current ones.
    // Still the current text, their 2008 one not yet written: 反间 (借刀, V-EARLY-2), 鬼才
    // (V-EARLY-23), 急救 (V-EARLY-5), 离间 (V-EARLY-33).
    General::new(GeneralId::SimayiEarly, "司马懿", "Sima Yi", Wei, M, 3, &[SkillId::FankuiEarly, SkillId::Guicai]).printed_in(EARLY_EDITION, GeneralId::Simayi),
    General::new(GeneralId::XiahoudunEarly, "夏侯惇", "Xiahou Dun", Wei, M, 4, &[SkillId::GanglieEarly]).printed_in(EARLY_EDITION, GeneralId::Xiahoudun),
    General::new(GeneralId::XuchuEarly, "许褚", "Xu Chu", Wei, M, 4, &[SkillId::LuoyiEarly]).printed_in(EARLY_EDITION, GeneralId::Xuchu),
    General::new(GeneralId::ZhenjiEarly, "甄姬", "Zhen Ji", Wei, F, 3, &[SkillId::LuoshenEarly, SkillId::QingguoEarly]).printed_in(EARLY_EDITION, GeneralId::Zhenji),
    General::new(GeneralId::LiubeiEarly, "刘备", "Liu Bei", Shu, M, 4, &[SkillId::RendeEarly, SkillId::Jijiang]).lord().printed_in(EARLY_EDITION, GeneralId::Liubei),
    General::new(GeneralId::ZhangfeiEarly, "张飞", "Zhang Fei", Shu, M, 4, &[SkillId::Feijiang]).printed_in(EARLY_EDITION, GeneralId::Zhangfei),
    General::new(GeneralId::ZhugeliangEarly, "诸葛亮", "Zhuge Liang", Shu, M, 3, &[SkillId::GuanxingEarly, SkillId::KongchengEarly]).printed_in(EARLY_EDITION, GeneralId::Zhugeliang),
    General::new(GeneralId::HuangyueyingEarly, "黄月英", "Huang Yueying", Shu, F, 3, &[SkillId::JizhiEarly, SkillId::Qicai]).printed_in(EARLY_EDITION, GeneralId::Huangyueying),
    General::new(GeneralId::LvmengEarly, "吕蒙", "Lü Meng", Wu, M, 4, &[SkillId::KejiEarly]).printed_in(EARLY_EDITION, GeneralId::Lvmeng),
    General::new(GeneralId::HuanggaiEarly, "黄盖", "Huang Gai", Wu, M, 4, &[SkillId::KurouEarly]).printed_in(EARLY_EDITION, GeneralId::Huanggai),
    General::new(GeneralId::ZhouyuEarly, "周瑜", "Zhou Yu", Wu, M, 3, &[SkillId::YingziEarly, SkillId::Fanjian]).printed_in(EARLY_EDITION, GeneralId::Zhouyu),
    General::new(GeneralId::HuatuoEarly, "华佗", "Hua Tuo", Qun, M, 3, &[SkillId::QingnangEarly, SkillId::Jijiu]).printed_in(EARLY_EDITION, GeneralId::Huatuo),
    General::new(GeneralId::DiaochanEarly, "貂蝉", "Diao Chan", Qun, F, 3, &[SkillId::Lijian, SkillId::BiyueEarly]).printed_in(EARLY_EDITION, GeneralId::Diaochan),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roster_matches_the_rules_file() {
        let roster = || ROSTER.iter().filter(|g| g.printing.is_none());
        assert_eq!(roster().count(), 25);
        let count = |k: Kingdom| roster().filter(|g| g.kingdom == k).count();
        assert_eq!(
            (count(Wei), count(Shu), count(Wu), count(Qun)),
            (7, 7, 8, 3)
        );
        assert_eq!(roster().filter(|g| g.gender == F).count(), 5);
        assert_eq!(roster().filter(|g| g.max_hp == 3).count(), 11);
        assert_eq!(roster().filter(|g| g.lord_candidate).count(), 3);
    }

    #[test]
    fn ids_are_unique_and_resolve_to_their_row() {
        for (i, g) in ROSTER.iter().enumerate() {
            assert_eq!(crate::content::REGISTRY.general(g.id).id, g.id);
            assert!(ROSTER[i + 1..].iter().all(|other| other.id != g.id));
        }
    }
}
