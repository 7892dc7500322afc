//! Skills: the registry and the shape of a skill definition.
//!
//! A skill is a `static` [`SkillDef`] made of plain data and `fn` items: its names and text in
//! both languages, its tags, and its effects — triggers (a timing plus `can_trigger` and
//! `on_trigger`), a view-as conversion, an active use, a response it provides, a judgment
//! retrial, and modifiers (distance, range, limits, prohibitions). Multi-step effects continue
//! in a [`SkillFrame`], stepped by the skill's own `step` function. Equipment effects are skills
//! attached to their card (`cards/*.rs`).
//!
//! Adding a skill = one file holding its `DEF` and tests + one `SkillId` variant + one line in
//! [`ALL`].

pub mod biyue;
pub mod fanjian;
pub mod fankui;
pub mod ganglie;
pub mod guanxing;
pub mod guicai;
pub mod guose;
pub mod hujia;
pub mod jianxiong;
pub mod jieyin;
pub mod jijiang;
pub mod jijiu;
pub mod jiuyuan;
pub mod jizhi;
pub mod keji;
pub mod kongcheng;
pub mod kurou;
pub mod lianying;
pub mod lijian;
pub mod liuli;
pub mod longdan;
pub mod luoshen;
pub mod luoyi;
pub mod mashu;
pub mod paoxiao;
pub mod qianxun;
pub mod qicai;
pub mod qingguo;
pub mod qingnang;
pub mod qixi;
pub mod rende;
pub mod tiandu;
pub mod tieqi;
pub mod tuxi;
pub mod wusheng;
pub mod wushuang;
pub mod xiaoji;
pub mod yiji;
pub mod yingzi;
pub mod zhiheng;

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::card::{Card, CardId, CardKind};
use crate::game::Game;
use crate::prompt::{Choices, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;

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
}

/// Tags printed on the skill.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    /// 锁定技: always on, never asks.
    pub compulsory: bool,
    /// 主公技: only while this general is the lord.
    pub lord: bool,
    /// Usable at most this many times per play phase (0 = unlimited).
    pub per_phase: u8,
}

/// How a trigger asks its owner.
#[derive(Clone, Copy)]
pub enum Ask {
    /// Compulsory: no question.
    Never,
    /// "Use this skill?" — `Action::Skill` for yes, `Pass` for no.
    Confirm,
    /// A question of the skill's own (a cost, a choice); `None` = cannot be paid now.
    Custom(fn(&Game, Seat, &TimingData) -> Option<(PromptKind, Choices)>),
}

/// A triggered effect.
pub struct Trigger {
    pub timing: Timing,
    pub can_trigger: fn(&Game, Seat, &TimingData) -> bool,
    pub ask: Ask,
    /// Applies the effect (after the owner agreed, with its answer). May return a follow-up
    /// procedure to run before the next trigger.
    pub on_trigger: fn(&mut Game, Seat, &mut TimingData, &Action) -> Option<Frame>,
}

/// Whether a card is being used (使用) or played (打出), or used freely in the play phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardMode {
    /// Used in the play phase on the seat's own initiative.
    Play,
    /// Used in answer to something (闪 against 杀, 桃 for the dying, 无懈可击).
    UseInResponse,
    /// 打出: played in response (杀 in 决斗, 闪 against 万箭齐发 is *used*).
    PlayInResponse,
}

/// 视为技 A conversion: some cards used or played as another card.
pub struct ViewAs {
    /// How many cards make one converted card.
    pub cards: u8,
    /// May equipped cards be converted (武圣), or only hand cards?
    pub from_equip: bool,
    /// The card these cards become, if they qualify.
    pub as_kind: fn(&[Card]) -> Option<CardKind>,
    /// Can the conversion be used now, in this mode?
    pub usable: fn(&Game, Seat, CardMode) -> bool,
}

/// 主动技 An active skill used from the play phase.
pub struct Active {
    pub can_use: fn(&Game, Seat) -> bool,
}

/// A skill that can stand in for a card when one is asked for (八卦阵 for 闪, 护驾, 激将).
pub struct Provider {
    pub kind: CardKind,
    /// May `owner` offer it for this response (`use_id` is the card being answered)?
    pub can_provide: fn(&Game, Seat, Option<usize>) -> bool,
}

/// `Modifiers::prohibit`: may `user` (the second seat) not choose the owner (the first) for this
/// card?
pub type Prohibit = fn(&Game, Seat, Seat, &crate::card::UsedCard) -> bool;

/// `SkillDef::active_targets`: the target choices an active skill offers its owner.
pub type TargetSets = fn(&Game, Seat) -> Vec<Vec<Seat>>;

/// Modifiers: rules changes that are checked, never triggered.
pub struct Modifiers {
    /// Added to the distance from the owner to another seat.
    pub distance_from: Option<fn(&Game, Seat, Seat) -> i32>,
    /// Added to the distance from another seat to the owner.
    pub distance_to: Option<fn(&Game, Seat, Seat) -> i32>,
    /// The owner's 杀 has no per-phase limit.
    pub unlimited_slash: Option<fn(&Game, Seat, &crate::card::UsedCard) -> bool>,
    /// Extra targets the owner may choose for this card.
    pub extra_targets: Option<fn(&Game, Seat, &crate::card::UsedCard) -> u8>,
    /// The owner's card ignores its targets' armor.
    pub ignores_armor: Option<fn(&Game, Seat, &crate::card::UsedCard) -> bool>,
    /// The owner's tricks have no distance limit (奇才).
    pub no_distance_limit: Option<fn(&Game, Seat, &crate::card::UsedCard) -> bool>,
    /// The owner cannot be chosen by `user` as a target of this card (空城, 谦逊).
    pub prohibit: Option<Prohibit>,
    /// The card use has no effect on the owner (仁王盾).
    pub immune: Option<fn(&Game, Seat, usize) -> bool>,
    /// Added to the owner's hand limit.
    pub hand_limit: Option<fn(&Game, Seat) -> i32>,
    /// Extra HP the owner recovers from this 桃 use (救援).
    pub peach_bonus: Option<fn(&Game, Seat, usize) -> u8>,
}

impl Modifiers {
    /// No modifier at all; fill in the ones a skill has with struct update syntax.
    pub const NONE: Modifiers = Modifiers {
        distance_from: None,
        distance_to: None,
        unlimited_slash: None,
        extra_targets: None,
        ignores_armor: None,
        no_distance_limit: None,
        prohibit: None,
        immune: None,
        hand_limit: None,
        peach_bonus: None,
    };
}

/// A skill definition.
pub struct SkillDef {
    pub id: SkillId,
    pub name_zh: &'static str,
    pub name_en: &'static str,
    pub text_zh: &'static str,
    pub text_en: &'static str,
    pub tags: Tags,
    pub triggers: &'static [Trigger],
    pub view_as: Option<ViewAs>,
    pub active: Option<Active>,
    /// For an active skill that names its targets as it is invoked (仁德, 激将): the target
    /// choices offered in the play phase, one `Action::Skill` each. `None`: invoked without
    /// targets.
    pub active_targets: Option<TargetSets>,
    pub provider: Option<Provider>,
    /// 改判 May replace a judgment card before it takes effect (鬼才): the cards it may use.
    pub retrial: Option<fn(&Game, Seat) -> Vec<CardId>>,
    pub modifiers: Modifiers,
    /// Steps a [`SkillFrame`] of this skill.
    pub step: Option<fn(&mut Game, &mut SkillFrame) -> Step>,
}

impl SkillDef {
    /// A definition with nothing but names; fill in the rest with struct update syntax.
    pub const fn named(
        id: SkillId,
        name_zh: &'static str,
        name_en: &'static str,
        text_zh: &'static str,
        text_en: &'static str,
    ) -> SkillDef {
        SkillDef {
            id,
            name_zh,
            name_en,
            text_zh,
            text_en,
            tags: Tags {
                compulsory: false,
                lord: false,
                per_phase: 0,
            },
            triggers: &[],
            view_as: None,
            active: None,
            active_targets: None,
            provider: None,
            retrial: None,
            modifiers: Modifiers::NONE,
            step: None,
        }
    }
}

/// A multi-step skill effect in progress. `data` is scratch space the skill interprets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkillFrame {
    pub skill: SkillId,
    pub owner: Seat,
    pub step: u8,
    pub seats: Vec<Seat>,
    pub cards: Vec<CardId>,
    pub n: u8,
    /// The card use this effect belongs to, if any.
    pub use_id: Option<usize>,
    pub damage: Option<crate::resolve::Damage>,
}

impl SkillFrame {
    pub fn new(skill: SkillId, owner: Seat) -> Self {
        SkillFrame {
            skill,
            owner,
            step: 0,
            seats: Vec::new(),
            cards: Vec::new(),
            n: 0,
            use_id: None,
            damage: None,
        }
    }
}

pub(crate) fn step(frame: &mut SkillFrame, game: &mut Game) -> Step {
    match frame.skill.def().step {
        Some(step) => step(game, frame),
        None => Step::Done,
    }
}

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
];

impl SkillId {
    pub fn def(self) -> &'static SkillDef {
        // ALL is in id order; the consistency test checks it.
        ALL[self as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_is_in_id_order_with_texts() {
        for (i, def) in ALL.iter().enumerate() {
            assert_eq!(def.id as usize, i, "{:?} out of order", def.id);
            assert!(!def.name_zh.is_empty() && !def.name_en.is_empty());
            assert!(
                !def.text_zh.is_empty() && !def.text_en.is_empty(),
                "{:?}",
                def.id
            );
        }
    }

    #[test]
    fn every_roster_skill_is_registered() {
        for general in crate::generals::STANDARD {
            for id in general.skills {
                assert_eq!(id.def().id, *id, "{}", general.name_en);
            }
        }
    }
}
