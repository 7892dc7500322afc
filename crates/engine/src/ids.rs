//! The stable ids of content: [`SkillId`], [`GeneralId`] and [`MarkId`]. Names only — what a
//! skill does or a general is lives in the content modules, which this module never imports.
//!
//! Wire ids are a stable contract. Variants are only ever appended (their order feeds the
//! event hash, so inserting one would change the hash of every recorded game).

use serde::{Deserialize, Serialize};

use crate::card::CardKind;

/// A skill's stable id (pinyin for general skills, English for equipment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum SkillId {
    // Equipment (装备技能).
    Crossbow,
    QinggangSword,
    IceSword,
    DoubleSwords,
    Blade,
    SerpentSpear,
    Axe,
    Halberd,
    KylinBow,
    EightDiagram,
    RenwangShield,
    DefensiveHorse,
    OffensiveHorse,
    // Standard generals (标准版武将).
    /// 奸雄 (曹操)
    Jianxiong,
    /// 护驾 (曹操)
    Hujia,
    /// 反馈 (司马懿)
    Fankui,
    /// 鬼才 (司马懿)
    Guicai,
    /// 刚烈 (夏侯惇)
    Ganglie,
    /// 突袭 (张辽)
    Tuxi,
    /// 裸衣 (许褚)
    Luoyi,
    /// 天妒 (郭嘉)
    Tiandu,
    /// 遗计 (郭嘉)
    Yiji,
    /// 洛神 (甄姬)
    Luoshen,
    /// 倾国 (甄姬)
    Qingguo,
    /// 仁德 (刘备)
    Rende,
    /// 激将 (刘备)
    Jijiang,
    /// 武圣 (关羽)
    Wusheng,
    /// 咆哮 (张飞)
    Paoxiao,
    /// 观星 (诸葛亮)
    Guanxing,
    /// 空城 (诸葛亮)
    Kongcheng,
    /// 龙胆 (赵云)
    Longdan,
    /// 马术 (马超)
    Mashu,
    /// 铁骑 (马超)
    Tieqi,
    /// 集智 (黄月英)
    Jizhi,
    /// 奇才 (黄月英)
    Qicai,
    /// 制衡 (孙权)
    Zhiheng,
    /// 救援 (孙权)
    Jiuyuan,
    /// 奇袭 (甘宁)
    Qixi,
    /// 克己 (吕蒙)
    Keji,
    /// 苦肉 (黄盖)
    Kurou,
    /// 英姿 (周瑜)
    Yingzi,
    /// 反间 (周瑜)
    Fanjian,
    /// 国色 (大乔)
    Guose,
    /// 流离 (大乔)
    Liuli,
    /// 谦逊 (陆逊)
    Qianxun,
    /// 连营 (陆逊)
    Lianying,
    /// 枭姬 (孙尚香)
    Xiaoji,
    /// 结姻 (孙尚香)
    Jieyin,
    /// 青囊 (华佗)
    Qingnang,
    /// 急救 (华佗)
    Jijiu,
    /// 无双 (吕布)
    Wushuang,
    /// 离间 (貂蝉)
    Lijian,
    /// 闭月 (貂蝉)
    Biyue,
    // 军争 equipment (appended).
    /// 古锭刀
    GudingBlade,
    /// 朱雀羽扇
    ZhuqueFan,
    /// 藤甲
    Vine,
    /// 白银狮子
    SilverLion,
    // 风 Wind generals (appended).
    /// 狂骨 (魏延)
    Kuanggu,
    /// 烈弓 (黄忠)
    Liegong,
    /// 神速 (夏侯渊)
    Shensu,
    /// 据守 (曹仁)
    Jushou,
    /// 解围 (曹仁)
    Jiewei,
    /// 雷击 (张角)
    Leiji,
    /// 鬼道 (张角)
    Guidao,
    /// 黄天 (张角)
    Huangtian,
    /// 红颜 (小乔)
    Hongyan,
    /// 天香 (小乔)
    Tianxiang,
    /// 不屈 (周泰)
    Buqu,
    /// 蛊惑 (于吉)
    Guhuo,
    /// 缠怨 (given by 蛊惑)
    Chanyuan,
    /// 奋激 (周泰)
    Fenji,
    // 火 Fire generals (appended).
    /// 强袭 (典韦)
    Qiangxi,
    /// 猛进 (庞德)
    Mengjin,
    // 斗地主 mode skills (appended).
    /// 飞扬 (the landlord)
    Feiyang,
    /// 跋扈 (the landlord)
    Bahu,
    // 火 Fire generals, continued (appended).
    /// 驱虎 (荀彧)
    Quhu,
    /// 节命 (荀彧)
    Jieming,
    /// 连环 (庞统)
    Lianhuan,
    /// 涅槃 (庞统)
    Niepan,
    /// 八阵 (卧龙诸葛亮)
    Bazhen,
    /// 火计 (卧龙诸葛亮)
    Huoji,
    /// 看破 (卧龙诸葛亮)
    Kanpo,
    /// 天义 (太史慈)
    Tianyi,
    /// 乱击 (袁绍)
    Luanji,
    /// 血裔 (袁绍)
    Xueyi,
    /// 双雄 (颜良文丑)
    Shuangxiong,
    // 神 God generals (appended).
    /// 武神 (神关羽)
    Wushen,
    /// 武魂 (神关羽)
    Wuhun,
    /// 涉猎 (神吕蒙)
    Shelie,
    /// 攻心 (神吕蒙)
    Gongxin,
    /// 琴音 (神周瑜)
    Qinyin,
    /// 业炎 (神周瑜)
    Yeyan,
    /// 七星 (神诸葛亮)
    Qixing,
    /// 狂风 (神诸葛亮)
    Kuangfeng,
    /// 大雾 (神诸葛亮)
    Dawu,
    // 身份局 identity variants (appended).
    /// 献祭 (everyone, under 转世 reincarnation, V-ZS-2)
    Xianji,
    /// 转世 (the mark of a reincarnated character, V-ZS)
    Zhuanshi,
    // The 2009 prints of skills the 2013 reprint changed (appended).
    /// 据守 (曹仁, 2009)
    JushouOld,
    /// 雷击 (张角, 2009)
    LeijiOld,
    /// 蛊惑 (于吉, 2009)
    GuhuoOld,
    /// 不屈 (周泰, 2009)
    BuquOld,
    // 国战 Hegemony: the roster's skills the engine lacked, and the 国战 texts of identity
    // skills (decision 0017; appended).
    /// 放逐 (曹丕)
    Fangzhu,
    /// 神智 (甘夫人)
    Shenzhi,
    /// 骁果 (乐进)
    Xiaoguo,
    /// 英魂 (孙坚)
    Yinghun,
    /// 死谏 (田丰)
    Sijian,
    /// 狂斧 (潘凤)
    Kuangfu,
    /// 烈刃 (祝融)
    Lieren,
    /// 悲歌 (蔡文姬)
    Beige,
    /// 明置 (国战): reveal hidden generals at the start of the preparation phase (H-REV-1) — a
    /// rule of the mode every seat has, not a general's skill.
    Mingzhi,
    /// 连弩's effect (the 2013 3v3 deck, M-3V3-12)
    VsCrossbow,
    /// 预亮 (国战): which of its hidden generals' trigger skills a seat pre-shows, chosen with
    /// its generals (H-REV-10) — a rule of the mode, not a general's skill.
    Yuliang,
    // The 国战 deck's weapons (appended).
    /// 吴六剑's effect (H-CARD-WULIU)
    SixSwords,
    /// 三尖两刃刀's effect (H-CARD-SANJIAN)
    Triblade,
    // 国战 Hegemony: the 国战 texts of identity skills, and the roster's other skills (decision
    // 0019; appended).
    /// 仁德, 国战 text (刘备)
    RendeHeg,
    /// 制衡, 国战 text (孙权)
    ZhihengHeg,
    /// 离间, 国战 text (貂蝉)
    LijianHeg,
    /// 枭姬, 国战 text (孙尚香)
    XiaojiHeg,
    /// 洛神, 国战 text (甄姬)
    LuoshenHeg,
    /// 随势 (田丰)
    Suishi,
    /// 雄异 (马腾)
    Xiongyi,
    /// 短兵 (丁奉)
    Duanbing,
    /// 奋迅 (丁奉)
    Fenxun,
    /// 行殇 (曹丕)
    Xingshang,
    /// 空城, 国战 text (诸葛亮)
    KongchengHeg,
    /// 谦逊, 国战 text (陆逊)
    QianxunHeg,
    /// 度势 (陆逊)
    Duoshi,
    /// 巨象 (祝融)
    Juxiang,
    /// 祸首 (孟获)
    Huoshou,
    /// 再起 (孟获)
    Zaiqi,
    /// 好施 (鲁肃)
    Haoshi,
    /// 缔盟 (鲁肃)
    Dimeng,
    /// 淑慎 (甘夫人)
    Shushen,
    /// 双刃 (纪灵)
    Shuangren,
    /// 断粮 (徐晃)
    Duanliang,
    /// 名士 (孔融)
    Mingshi,
    /// 礼让 (孔融)
    Lirang,
    /// 完杀 (贾诩)
    Wansha,
    /// 乱武 (贾诩)
    Luanwu,
    /// 帷幕, 国战 text (贾诩)
    Weimu,
    /// 享乐 (刘禅)
    Xiangle,
    /// 放权, 国战 text (刘禅)
    Fangquan,
    /// 直谏 (张昭＆张纮)
    Zhijian,
    /// 固政 (张昭＆张纮)
    Guzheng,
    // The 2008 texts of the standard generals (`edition = 2008`, V-EARLY; appended).
    /// 英姿 (周瑜, 2008)
    YingziEarly,
    /// 苦肉 (黄盖, 2008)
    KurouEarly,
    /// 克己 (吕蒙, 2008)
    KejiEarly,
    /// 集智 (黄月英, 2008)
    JizhiEarly,
    /// 闭月 (貂蝉, 2008)
    BiyueEarly,
    /// 青囊 (华佗, 2008)
    QingnangEarly,
    /// 观星 (诸葛亮, 2008)
    GuanxingEarly,
    /// 飞将 (张飞, 2008)
    Feijiang,
    /// 仁德 (刘备, 2008)
    RendeEarly,
    /// 洛神 (甄姬, 2008)
    LuoshenEarly,
    /// 倾国 (甄姬, 2008)
    QingguoEarly,
    /// 反馈 (司马懿, 2008)
    FankuiEarly,
    /// 刚烈 (夏侯惇, 2008)
    GanglieEarly,
    /// 裸衣 (许褚, 2008)
    LuoyiEarly,
    /// 空城 (诸葛亮, 2008)
    KongchengEarly,
    /// 断肠, 国战 text (蔡文姬)
    Duanchang,
    /// 祸水 (邹氏)
    Huoshui,
    /// 倾城 (邹氏)
    Qingcheng,
    /// 巧变 (张郃)
    Qiaobian,
}

/// 武将 A general. Wire ids are pinyin and stable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum GeneralId {
    /// 白板 A general without skills (4 HP, male, no kingdom).
    White,
    Caocao,
    Simayi,
    Xiahoudun,
    Zhangliao,
    Xuchu,
    Guojia,
    Zhenji,
    Liubei,
    Guanyu,
    Zhangfei,
    Zhugeliang,
    Zhaoyun,
    Machao,
    Huangyueying,
    Sunquan,
    Ganning,
    Lvmeng,
    Huanggai,
    Zhouyu,
    Daqiao,
    Luxun,
    Sunshangxiang,
    Huatuo,
    Lvbu,
    Diaochan,
    // 风 Wind (appended).
    Weiyan,
    Huangzhong,
    Xiahouyuan,
    Caoren,
    Zhangjiao,
    Xiaoqiao,
    Zhoutai,
    Yuji,
    // 火 Fire (appended).
    Dianwei,
    Pangde,
    Xunyu,
    Pangtong,
    Wolong,
    Taishici,
    Yuanshao,
    Yanliangwenchou,
    // 神 God (appended).
    ShenGuanyu,
    ShenLvmeng,
    ShenZhouyu,
    ShenZhugeliang,
    // The 2009 prints of generals whose skills the 2013 reprint changed (appended).
    CaorenOld,
    ZhangjiaoOld,
    YujiOld,
    ZhoutaiOld,
    // 国战 Hegemony: the 60 generals of the 2012 国战 standard set, rows of their own (wire ids
    // `heg_…`), separate from the identity generals of the same characters (appended).
    /// 曹操 (国战)
    HegCaocao,
    /// 司马懿 (国战)
    HegSimayi,
    /// 夏侯惇 (国战)
    HegXiahoudun,
    /// 张辽 (国战)
    HegZhangliao,
    /// 许褚 (国战)
    HegXuchu,
    /// 郭嘉 (国战)
    HegGuojia,
    /// 甄姬 (国战)
    HegZhenji,
    /// 夏侯渊 (国战)
    HegXiahouyuan,
    /// 张郃 (国战)
    HegZhanghe,
    /// 徐晃 (国战)
    HegXuhuang,
    /// 曹仁 (国战)
    HegCaoren,
    /// 典韦 (国战)
    HegDianwei,
    /// 荀彧 (国战)
    HegXunyu,
    /// 曹丕 (国战)
    HegCaopi,
    /// 乐进 (国战)
    HegYuejin,
    /// 刘备 (国战)
    HegLiubei,
    /// 关羽 (国战)
    HegGuanyu,
    /// 张飞 (国战)
    HegZhangfei,
    /// 诸葛亮 (国战)
    HegZhugeliang,
    /// 赵云 (国战)
    HegZhaoyun,
    /// 马超 (国战)
    HegMachao,
    /// 黄月英 (国战)
    HegHuangyueying,
    /// 黄忠 (国战)
    HegHuangzhong,
    /// 魏延 (国战)
    HegWeiyan,
    /// 庞统 (国战)
    HegPangtong,
    /// 卧龙诸葛亮 (国战)
    HegWolong,
    /// 刘禅 (国战)
    HegLiushan,
    /// 孟获 (国战)
    HegMenghuo,
    /// 祝融 (国战)
    HegZhurong,
    /// 甘夫人 (国战)
    HegGanfuren,
    /// 孙权 (国战)
    HegSunquan,
    /// 甘宁 (国战)
    HegGanning,
    /// 吕蒙 (国战)
    HegLvmeng,
    /// 黄盖 (国战)
    HegHuanggai,
    /// 周瑜 (国战)
    HegZhouyu,
    /// 大乔 (国战)
    HegDaqiao,
    /// 陆逊 (国战)
    HegLuxun,
    /// 孙尚香 (国战)
    HegSunshangxiang,
    /// 孙坚 (国战)
    HegSunjian,
    /// 小乔 (国战)
    HegXiaoqiao,
    /// 太史慈 (国战)
    HegTaishici,
    /// 周泰 (国战)
    HegZhoutai,
    /// 鲁肃 (国战)
    HegLusu,
    /// 张昭＆张纮 (国战)
    HegErzhang,
    /// 丁奉 (国战)
    HegDingfeng,
    /// 华佗 (国战)
    HegHuatuo,
    /// 吕布 (国战)
    HegLvbu,
    /// 貂蝉 (国战)
    HegDiaochan,
    /// 袁绍 (国战)
    HegYuanshao,
    /// 颜良＆文丑 (国战)
    HegYanliangwenchou,
    /// 贾诩 (国战)
    HegJiaxu,
    /// 庞德 (国战)
    HegPangde,
    /// 张角 (国战)
    HegZhangjiao,
    /// 蔡文姬 (国战)
    HegCaiwenji,
    /// 马腾 (国战)
    HegMateng,
    /// 孔融 (国战)
    HegKongrong,
    /// 纪灵 (国战)
    HegJiling,
    /// 田丰 (国战)
    HegTianfeng,
    /// 潘凤 (国战)
    HegPanfeng,
    /// 邹氏 (国战)
    HegZoushi,
    // The 2008 prints of the standard generals (`edition = 2008`, V-EARLY; appended).
    /// 司马懿 (2008)
    SimayiEarly,
    /// 夏侯惇 (2008)
    XiahoudunEarly,
    /// 许褚 (2008)
    XuchuEarly,
    /// 甄姬 (2008)
    ZhenjiEarly,
    /// 刘备 (2008)
    LiubeiEarly,
    /// 张飞 (2008)
    ZhangfeiEarly,
    /// 诸葛亮 (2008)
    ZhugeliangEarly,
    /// 黄月英 (2008)
    HuangyueyingEarly,
    /// 吕蒙 (2008)
    LvmengEarly,
    /// 黄盖 (2008)
    HuanggaiEarly,
    /// 周瑜 (2008)
    ZhouyuEarly,
    /// 华佗 (2008)
    HuatuoEarly,
    /// 貂蝉 (2008)
    DiaochanEarly,
}

/// What a mark on a character belongs to: a skill's counters (狂风, 大雾, 忍 …) or a card's lasting
/// effect (酒's +1 on the next 杀). The catalog names each by its skill or card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum MarkId {
    Skill(SkillId),
    Card(CardKind),
}
