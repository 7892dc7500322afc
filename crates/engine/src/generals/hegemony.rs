//! The 国战 Hegemony general pack (the 2012 国战 standard set, `hegemony.md` §8): one roster row
//! per general — id, names, kingdom, gender, HP in halves (阴阳鱼), skills — and its 珠联璧合
//! companions (H-GEN-2, each pair on both rows). Rows of their own, separate from the identity
//! generals of the same characters, played only in the `hegemony` mode.
//!
//! A row is here once every skill it names exists with its 国战 text. Rows whose skills equal an
//! identity skill the engine has use that skill (据守, 不屈 and 雷击 are the 2009 prints, H-SK-jushou,
//! H-SK-buqu, H-SK-leiji); a 国战 text that differs is its own skill (`S::RendeHeg` …, decision
//! 0019); skills the engine had in no identity pack (the 林/山 ones: 断粮, 完杀, 乱武, 享乐, 直谏
//! …) are written once, with the 国战 text, and 帷幕 and 断肠 have only their 国战 texts. All 60
//! rows are here (H-GEN-1).
//!
//! Source: `shared/rules/hegemony.md` §8.1. A reviewer should be able to check this table
//! against the physical general cards line by line.

use crate::def::{General, GeneralPack};
use crate::ids::{GeneralId as G, SkillId as S};
use crate::seat::{Gender, Kingdom};

#[allow(unused_imports)]
use Gender::{Female as F, Male as M};
#[allow(unused_imports)]
use Kingdom::*;

pub static PACK: GeneralPack = GeneralPack {
    id: "hegemony",
    version: 1,
    name_zh: "国战标准版",
    name_en: "Hegemony",
    modes: &["hegemony"],
    generals: ROSTER,
};

/// The 国战 generals: id, names, kingdom, gender, halves, skills; companions.
#[rustfmt::skip]
const ROSTER: &[General] = &[
    // 魏 Wei
    General::hegemony(G::HegCaocao, "曹操", "Cao Cao", Wei, M, 4, &[S::Jianxiong]).companions(&[G::HegDianwei, G::HegXuchu]),
    General::hegemony(G::HegSimayi, "司马懿", "Sima Yi", Wei, M, 3, &[S::Fankui, S::Guicai]),
    General::hegemony(G::HegXiahoudun, "夏侯惇", "Xiahou Dun", Wei, M, 4, &[S::Ganglie]).companions(&[G::HegXiahouyuan]),
    General::hegemony(G::HegZhangliao, "张辽", "Zhang Liao", Wei, M, 4, &[S::Tuxi]),
    General::hegemony(G::HegXuchu, "许褚", "Xu Chu", Wei, M, 4, &[S::Luoyi]).companions(&[G::HegCaocao]),
    General::hegemony(G::HegGuojia, "郭嘉", "Guo Jia", Wei, M, 3, &[S::Tiandu, S::Yiji]),
    General::hegemony(G::HegZhenji, "甄姬", "Zhen Ji", Wei, F, 3, &[S::Qingguo, S::LuoshenHeg]).companions(&[G::HegCaopi]),
    General::hegemony(G::HegXiahouyuan, "夏侯渊", "Xiahou Yuan", Wei, M, 4, &[S::Shensu]).companions(&[G::HegXiahoudun]),
    General::hegemony(G::HegZhanghe, "张郃", "Zhang He", Wei, M, 4, &[S::Qiaobian]),
    General::hegemony(G::HegXuhuang, "徐晃", "Xu Huang", Wei, M, 4, &[S::Duanliang]),
    General::hegemony(G::HegCaoren, "曹仁", "Cao Ren", Wei, M, 4, &[S::JushouOld]),
    General::hegemony(G::HegDianwei, "典韦", "Dian Wei", Wei, M, 4, &[S::Qiangxi]).companions(&[G::HegCaocao]),
    General::hegemony(G::HegXunyu, "荀彧", "Xun Yu", Wei, M, 3, &[S::Quhu, S::Jieming]),
    General::hegemony(G::HegCaopi, "曹丕", "Cao Pi", Wei, M, 3, &[S::Xingshang, S::Fangzhu]).companions(&[G::HegZhenji]),
    General::hegemony(G::HegYuejin, "乐进", "Yue Jin", Wei, M, 4, &[S::Xiaoguo]),
    // 蜀 Shu
    General::hegemony(G::HegLiubei, "刘备", "Liu Bei", Shu, M, 4, &[S::RendeHeg]).companions(&[G::HegGuanyu, G::HegZhangfei, G::HegGanfuren]),
    General::hegemony(G::HegGuanyu, "关羽", "Guan Yu", Shu, M, 5, &[S::Wusheng]).companions(&[G::HegLiubei]),
    General::hegemony(G::HegZhangfei, "张飞", "Zhang Fei", Shu, M, 4, &[S::Paoxiao]).companions(&[G::HegLiubei]),
    General::hegemony(G::HegZhugeliang, "诸葛亮", "Zhuge Liang", Shu, M, 3, &[S::Guanxing, S::KongchengHeg]).companions(&[G::HegHuangyueying]),
    General::hegemony(G::HegZhaoyun, "赵云", "Zhao Yun", Shu, M, 4, &[S::Longdan]).companions(&[G::HegLiushan]),
    General::hegemony(G::HegMachao, "马超", "Ma Chao", Shu, M, 4, &[S::Mashu, S::Tieqi]),
    General::hegemony(G::HegHuangyueying, "黄月英", "Huang Yueying", Shu, F, 3, &[S::Jizhi, S::Qicai]).companions(&[G::HegZhugeliang, G::HegWolong]),
    General::hegemony(G::HegHuangzhong, "黄忠", "Huang Zhong", Shu, M, 4, &[S::Liegong]).companions(&[G::HegWeiyan]),
    General::hegemony(G::HegWeiyan, "魏延", "Wei Yan", Shu, M, 4, &[S::Kuanggu]).companions(&[G::HegHuangzhong]),
    General::hegemony(G::HegPangtong, "庞统", "Pang Tong", Shu, M, 3, &[S::Lianhuan, S::Niepan]).companions(&[G::HegWolong]),
    General::hegemony(G::HegWolong, "卧龙诸葛亮", "Wolong Zhuge Liang", Shu, M, 3, &[S::Bazhen, S::Huoji, S::Kanpo]).companions(&[G::HegHuangyueying, G::HegPangtong]),
    General::hegemony(G::HegLiushan, "刘禅", "Liu Shan", Shu, M, 3, &[S::Xiangle, S::Fangquan]).companions(&[G::HegZhaoyun]),
    General::hegemony(G::HegMenghuo, "孟获", "Meng Huo", Shu, M, 4, &[S::Huoshou, S::Zaiqi]).companions(&[G::HegZhurong]),
    General::hegemony(G::HegZhurong, "祝融", "Zhu Rong", Shu, F, 4, &[S::Juxiang, S::Lieren]).companions(&[G::HegMenghuo]),
    General::hegemony(G::HegGanfuren, "甘夫人", "Lady Gan", Shu, F, 3, &[S::Shushen, S::Shenzhi]).companions(&[G::HegLiubei]),
    // 吴 Wu
    General::hegemony(G::HegSunquan, "孙权", "Sun Quan", Wu, M, 4, &[S::ZhihengHeg]).companions(&[G::HegZhoutai]),
    General::hegemony(G::HegGanning, "甘宁", "Gan Ning", Wu, M, 4, &[S::Qixi]),
    General::hegemony(G::HegLvmeng, "吕蒙", "Lü Meng", Wu, M, 4, &[S::Keji]),
    General::hegemony(G::HegHuanggai, "黄盖", "Huang Gai", Wu, M, 4, &[S::Kurou]).companions(&[G::HegZhouyu]),
    General::hegemony(G::HegZhouyu, "周瑜", "Zhou Yu", Wu, M, 3, &[S::Yingzi, S::Fanjian]).companions(&[G::HegHuanggai, G::HegXiaoqiao]),
    General::hegemony(G::HegDaqiao, "大乔", "Da Qiao", Wu, F, 3, &[S::Guose, S::Liuli]).companions(&[G::HegXiaoqiao]),
    General::hegemony(G::HegLuxun, "陆逊", "Lu Xun", Wu, M, 3, &[S::QianxunHeg, S::Duoshi]),
    General::hegemony(G::HegSunshangxiang, "孙尚香", "Sun Shangxiang", Wu, F, 3, &[S::Jieyin, S::XiaojiHeg]),
    General::hegemony(G::HegSunjian, "孙坚", "Sun Jian", Wu, M, 4, &[S::Yinghun]),
    General::hegemony(G::HegXiaoqiao, "小乔", "Xiao Qiao", Wu, F, 3, &[S::Tianxiang, S::Hongyan]).companions(&[G::HegZhouyu, G::HegDaqiao]),
    General::hegemony(G::HegTaishici, "太史慈", "Taishi Ci", Wu, M, 4, &[S::Tianyi]),
    General::hegemony(G::HegZhoutai, "周泰", "Zhou Tai", Wu, M, 4, &[S::BuquOld]).companions(&[G::HegSunquan]),
    General::hegemony(G::HegLusu, "鲁肃", "Lu Su", Wu, M, 3, &[S::Haoshi, S::Dimeng]),
    General::hegemony(G::HegErzhang, "张昭＆张纮", "Zhang Zhao & Zhang Hong", Wu, M, 3, &[S::Zhijian, S::Guzheng]),
    General::hegemony(G::HegDingfeng, "丁奉", "Ding Feng", Wu, M, 4, &[S::Duanbing, S::Fenxun]),
    // 群 Qun
    General::hegemony(G::HegHuatuo, "华佗", "Hua Tuo", Qun, M, 3, &[S::Jijiu, S::Qingnang]),
    General::hegemony(G::HegLvbu, "吕布", "Lü Bu", Qun, M, 5, &[S::Wushuang]).companions(&[G::HegDiaochan]),
    General::hegemony(G::HegDiaochan, "貂蝉", "Diao Chan", Qun, F, 3, &[S::LijianHeg, S::Biyue]).companions(&[G::HegLvbu]),
    General::hegemony(G::HegYuanshao, "袁绍", "Yuan Shao", Qun, M, 4, &[S::Luanji]).companions(&[G::HegYanliangwenchou]),
    General::hegemony(G::HegYanliangwenchou, "颜良＆文丑", "Yan Liang & Wen Chou", Qun, M, 4, &[S::Shuangxiong]).companions(&[G::HegYuanshao]),
    General::hegemony(G::HegJiaxu, "贾诩", "Jia Xu", Qun, M, 3, &[S::Wansha, S::Luanwu, S::Weimu]),
    General::hegemony(G::HegPangde, "庞德", "Pang De", Qun, M, 4, &[S::Mashu, S::Mengjin]),
    General::hegemony(G::HegZhangjiao, "张角", "Zhang Jiao", Qun, M, 3, &[S::LeijiOld, S::Guidao]),
    General::hegemony(G::HegCaiwenji, "蔡文姬", "Cai Wenji", Qun, F, 3, &[S::Beige, S::Duanchang]),
    General::hegemony(G::HegMateng, "马腾", "Ma Teng", Qun, M, 4, &[S::Mashu, S::Xiongyi]),
    General::hegemony(G::HegKongrong, "孔融", "Kong Rong", Qun, M, 3, &[S::Mingshi, S::Lirang]),
    General::hegemony(G::HegJiling, "纪灵", "Ji Ling", Qun, M, 4, &[S::Shuangren]),
    General::hegemony(G::HegTianfeng, "田丰", "Tian Feng", Qun, M, 3, &[S::Sijian, S::Suishi]),
    General::hegemony(G::HegPanfeng, "潘凤", "Pan Feng", Qun, M, 4, &[S::Kuangfu]),
    General::hegemony(G::HegZoushi, "邹氏", "Lady Zou", Qun, F, 3, &[S::Huoshui, S::Qingcheng]),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// H-GEN-1: HP 3, 4 or 5 halves (关羽 and 吕布 5), kingdoms of the four, no lord general.
    #[test]
    fn h_gen_1_rows_have_halves_and_a_kingdom() {
        for g in ROSTER {
            assert!((3..=5).contains(&g.halves), "{}", g.name_en);
            assert!(Kingdom::CHOOSABLE.contains(&g.kingdom), "{}", g.name_en);
            assert!(!g.lord_candidate && g.printing.is_none());
            let five = matches!(g.id, G::HegGuanyu | G::HegLvbu);
            assert_eq!(g.halves == 5, five, "{}", g.name_en);
        }
    }

    /// H-GEN-1: the whole set — 15 per kingdom, 60 in all; ten women; 26 generals of 3 halves,
    /// two of 5, the rest 4; no general twice.
    #[test]
    fn h_gen_1_all_sixty_generals() {
        assert_eq!(ROSTER.len(), 60);
        for k in Kingdom::CHOOSABLE {
            assert_eq!(
                ROSTER.iter().filter(|g| g.kingdom == k).count(),
                15,
                "{k:?}"
            );
        }
        assert_eq!(ROSTER.iter().filter(|g| g.gender == F).count(), 10);
        let halves = |n: u8| ROSTER.iter().filter(|g| g.halves == n).count();
        assert_eq!((halves(3), halves(4), halves(5)), (26, 32, 2));
        let mut ids: Vec<G> = ROSTER.iter().map(|g| g.id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 60);
    }

    /// H-GEN-2: companions are of one kingdom and listed on both rows where both are here.
    #[test]
    fn h_gen_2_companions_are_symmetric() {
        for g in ROSTER {
            for c in g.companions {
                assert_ne!(*c, g.id);
                if let Some(other) = ROSTER.iter().find(|o| o.id == *c) {
                    assert!(
                        other.companions.contains(&g.id),
                        "{} – {}",
                        g.name_en,
                        other.name_en
                    );
                    assert!(g.is_companion_of(other));
                }
            }
        }
    }
}
