//! Skills: the registry (the shape of a definition is `def::SkillDef`).
//!
//! A skill is a `static` [`SkillDef`] made of plain data and `fn` items: its names and text in
//! both languages, its tags, and its effects — triggers (a timing plus `can_trigger` and
//! `on_trigger`), a view-as conversion, an active use, a response it provides, a judgment
//! retrial, and modifiers (distance, range, limits, prohibitions). Multi-step effects continue
//! in a `SkillFrame`, stepped by the skill's own `step` function. Equipment effects are skills
//! attached to their card (`cards/*.rs`).
//!
//! Adding a skill = one file holding its `DEF` and tests + one `SkillId` variant (`ids.rs`) + one
//! line in [`ALL`].

pub mod bazhen;
pub mod beige;
pub mod biyue;
pub mod buqu;
pub mod chanyuan;
pub mod dawu;
pub mod dimeng;
pub mod duanbing;
pub mod duanchang;
pub mod duanliang;
pub mod duoshi;
pub mod fangquan;
pub mod fangzhu;
pub mod fanjian;
pub mod fankui;
pub mod feijiang;
pub mod fenji;
pub mod fenxun;
pub mod ganglie;
pub mod gongxin;
pub mod guanxing;
pub mod guhuo;
pub mod guicai;
pub mod guidao;
pub mod guose;
pub mod guzheng;
pub mod haoshi;
pub mod hongyan;
pub mod huangtian;
pub mod hujia;
pub mod huoji;
pub mod huoshou;
pub mod huoshui;
pub mod jianxiong;
pub mod jieming;
pub mod jiewei;
pub mod jieyin;
pub mod jijiang;
pub mod jijiu;
pub mod jiuyuan;
pub mod jizhi;
pub mod jushou;
pub mod juxiang;
pub mod kanpo;
pub mod keji;
pub mod kongcheng;
pub mod kongcheng_heg;
pub mod kuangfeng;
pub mod kuangfu;
pub mod kuanggu;
pub mod kurou;
pub mod leiji;
pub mod lianhuan;
pub mod lianying;
pub mod liegong;
pub mod lieren;
pub mod lijian;
pub mod lijian_heg;
pub mod lirang;
pub mod liuli;
pub mod longdan;
pub mod luanji;
pub mod luanwu;
pub mod luoshen;
pub mod luoshen_heg;
pub mod luoyi;
pub mod mashu;
pub mod mengjin;
pub mod mingshi;
pub mod niepan;
pub mod paoxiao;
pub mod qiangxi;
pub mod qianxun;
pub mod qianxun_heg;
pub mod qiaobian;
pub mod qicai;
pub mod qingcheng;
pub mod qingguo;
pub mod qingnang;
pub mod qinyin;
pub mod qixi;
pub mod qixing;
pub mod quhu;
pub mod rende;
pub mod rende_heg;
pub mod shelie;
pub mod shensu;
pub mod shenzhi;
pub mod shuangren;
pub mod shuangxiong;
pub mod shushen;
pub mod sijian;
pub mod suishi;
pub mod tiandu;
pub mod tianxiang;
pub mod tianyi;
pub mod tieqi;
pub mod tuxi;
pub mod wansha;
pub mod weimu;
pub mod wuhun;
pub mod wushen;
pub mod wusheng;
pub mod wushuang;
pub mod xiangle;
pub mod xiaoguo;
pub mod xiaoji;
pub mod xiaoji_heg;
pub mod xingshang;
pub mod xiongyi;
pub mod xueyi;
pub mod yeyan;
pub mod yiji;
pub mod yinghun;
pub mod yingzi;
pub mod zaiqi;
pub mod zhiheng;
pub mod zhiheng_heg;
pub mod zhijian;

use crate::def::SkillDef;

/// Every skill, in id order.
pub static ALL: &[&SkillDef] = &[
    &crate::cards::crossbow::SKILL,
    &crate::cards::qinggang_sword::SKILL,
    &crate::cards::ice_sword::SKILL,
    &crate::cards::double_swords::SKILL,
    &crate::cards::blade::SKILL,
    &crate::cards::serpent_spear::SKILL,
    &crate::cards::axe::SKILL,
    &crate::cards::halberd::SKILL,
    &crate::cards::kylin_bow::SKILL,
    &crate::cards::eight_diagram::SKILL,
    &crate::cards::renwang_shield::SKILL,
    &crate::cards::horse::DEFENSIVE,
    &crate::cards::horse::OFFENSIVE,
    &jianxiong::DEF,
    &hujia::DEF,
    &fankui::DEF,
    &guicai::DEF,
    &ganglie::DEF,
    &tuxi::DEF,
    &luoyi::DEF,
    &tiandu::DEF,
    &yiji::DEF,
    &luoshen::DEF,
    &qingguo::DEF,
    &rende::DEF,
    &jijiang::DEF,
    &wusheng::DEF,
    &paoxiao::DEF,
    &guanxing::DEF,
    &kongcheng::DEF,
    &longdan::DEF,
    &mashu::DEF,
    &tieqi::DEF,
    &jizhi::DEF,
    &qicai::DEF,
    &zhiheng::DEF,
    &jiuyuan::DEF,
    &qixi::DEF,
    &keji::DEF,
    &kurou::DEF,
    &yingzi::DEF,
    &fanjian::DEF,
    &guose::DEF,
    &liuli::DEF,
    &qianxun::DEF,
    &lianying::DEF,
    &xiaoji::DEF,
    &jieyin::DEF,
    &qingnang::DEF,
    &jijiu::DEF,
    &wushuang::DEF,
    &lijian::DEF,
    &biyue::DEF,
    // 军争 equipment.
    &crate::cards::guding_blade::SKILL,
    &crate::cards::zhuque_fan::SKILL,
    &crate::cards::vine::SKILL,
    &crate::cards::silver_lion::SKILL,
    // 风 Wind generals.
    &kuanggu::DEF,
    &liegong::DEF,
    &shensu::DEF,
    &jushou::DEF,
    &jiewei::DEF,
    &leiji::DEF,
    &guidao::DEF,
    &huangtian::DEF,
    &hongyan::DEF,
    &tianxiang::DEF,
    &buqu::DEF,
    &guhuo::DEF,
    &chanyuan::DEF,
    &fenji::DEF,
    // 火 Fire generals.
    &qiangxi::DEF,
    &mengjin::DEF,
    &crate::modes::doudizhu::feiyang::DEF,
    &crate::modes::doudizhu::bahu::DEF,
    // 火 Fire generals, continued.
    &quhu::DEF,
    &jieming::DEF,
    &lianhuan::DEF,
    &niepan::DEF,
    &bazhen::DEF,
    &huoji::DEF,
    &kanpo::DEF,
    &tianyi::DEF,
    &luanji::DEF,
    &xueyi::DEF,
    &shuangxiong::DEF,
    // 神 God generals.
    &wushen::DEF,
    &wuhun::DEF,
    &shelie::DEF,
    &gongxin::DEF,
    &qinyin::DEF,
    &yeyan::DEF,
    &qixing::DEF,
    &kuangfeng::DEF,
    &dawu::DEF,
    &crate::modes::identity::xianji::DEF,
    &crate::modes::identity::zhuanshi::DEF,
    &jushou::ORIGINAL,
    &leiji::ORIGINAL,
    &guhuo::ORIGINAL,
    &buqu::ORIGINAL,
    // 国战 Hegemony (decision 0017).
    &fangzhu::DEF,
    &shenzhi::DEF,
    &xiaoguo::DEF,
    &yinghun::DEF,
    &sijian::DEF,
    &kuangfu::DEF,
    &lieren::DEF,
    &beige::DEF,
    &crate::modes::hegemony::mingzhi::DEF,
    // The 2013 3v3 deck.
    &crate::cards::vs_crossbow::SKILL, // 国战 hidden skills (decision 0018).
    &crate::modes::hegemony::yuliang::DEF,
    // The 国战 deck's weapons.
    &crate::cards::six_swords::SKILL,
    &crate::cards::triblade::SKILL,
    // 国战 Hegemony, the roster completed (decision 0019).
    &rende_heg::DEF,
    &zhiheng_heg::DEF,
    &lijian_heg::DEF,
    &xiaoji_heg::DEF,
    &luoshen_heg::DEF,
    &suishi::DEF,
    &xiongyi::DEF,
    &duanbing::DEF,
    &fenxun::DEF,
    &xingshang::DEF,
    &kongcheng_heg::DEF,
    &qianxun_heg::DEF,
    &duoshi::DEF,
    &juxiang::DEF,
    &huoshou::DEF,
    &zaiqi::DEF,
    &haoshi::DEF,
    &dimeng::DEF,
    &shushen::DEF,
    &shuangren::DEF,
    &duanliang::DEF,
    &mingshi::DEF,
    &lirang::DEF,
    &wansha::DEF,
    &luanwu::DEF,
    &weimu::DEF,
    &xiangle::DEF,
    &fangquan::DEF,
    &zhijian::DEF,
    &guzheng::DEF,
    // The 2008 texts of the standard generals (`edition = 2008`, V-EARLY).
    &yingzi::EARLY,
    &kurou::EARLY,
    &keji::EARLY,
    &jizhi::EARLY,
    &biyue::EARLY,
    &qingnang::EARLY,
    &guanxing::EARLY,
    &feijiang::DEF,
    &rende::EARLY,
    &luoshen::EARLY,
    &qingguo::EARLY,
    &fankui::EARLY,
    &ganglie::EARLY,
    &luoyi::EARLY,
    &kongcheng::EARLY,
    &duanchang::DEF,
    &huoshui::DEF,
    &qingcheng::DEF,
    &qiaobian::DEF,
];
