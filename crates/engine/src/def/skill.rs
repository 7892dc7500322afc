//! [`SkillDef`]: the shape of a skill's definition — names and text, tags, and its effects:
//! triggers (a timing plus `can_trigger` and `on_trigger`), a view-as conversion, an active use, a
//! response it provides, a judgment retrial, and modifiers (distance, range, limits,
//! prohibitions). Multi-step effects continue in a [`SkillFrame`], stepped by the skill's own
//! `step` function. Content (`skills/*.rs`, and equipment in `cards/*.rs`) defines one `static`
//! per skill; the machinery reads them through the game's registry.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::card::{Card, CardId, CardKind, Nature};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Choices, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;

/// Tags printed on the skill.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    /// 锁定技: always on, never asks.
    pub compulsory: bool,
    /// 主公技: only while this general is the lord (as the mode says).
    pub lord: bool,
    /// 限定技: usable once per game (the machinery counts it, and the view shows it used).
    pub limited: bool,
    /// 觉醒技: fires once per game when its condition holds, and is then awakened for good.
    pub awakening: bool,
}

impl Tags {
    /// No tag.
    pub const NONE: Tags = Tags {
        compulsory: false,
        lord: false,
        limited: false,
        awakening: false,
    };
}

/// Over how long a [`Limit`] counts a skill's uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Period {
    /// 阶段: until the next phase begins.
    Phase,
    /// 回合: until the next turn begins.
    Turn,
    /// 轮: until the next round begins.
    Round,
    /// 每局: the whole game.
    Game,
}

/// 使用次数限制 How often a skill may be used: at most `times` per `per`. The machinery counts
/// every invocation (`Game::invoke`) and offers the skill — its active use, its triggers — only
/// while uses are left; no skill records its own use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    pub times: u8,
    pub per: Period,
}

impl Limit {
    /// 出牌阶段限一次 Once per phase.
    pub const ONCE_PER_PHASE: Limit = Limit {
        times: 1,
        per: Period::Phase,
    };
    /// 每回合限一次 Once per turn.
    pub const ONCE_PER_TURN: Limit = Limit {
        times: 1,
        per: Period::Turn,
    };
    /// Once per game (限定技, 觉醒技).
    pub const ONCE_PER_GAME: Limit = Limit {
        times: 1,
        per: Period::Game,
    };
}

/// 锁定视为技 A filter: how a card the owner holds (in hand, equipment or judgment area), or a
/// judgment card of the owner's, counts (红颜: ♠ as ♥). Every read of a card through the game
/// applies it — judgments, conversions and legality alike.
pub type Filter = fn(&Game, Seat, &mut Card);

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

/// `ViewAs::accepts`: do these cards of the owner qualify now?
pub type Accepts = fn(&Game, Seat, &[Card]) -> bool;

/// 视为技 A conversion: some cards used or played as another card.
pub struct ViewAs {
    /// How many cards make one converted card.
    pub cards: u8,
    /// May equipped cards be converted (武圣), or only hand cards?
    pub from_equip: bool,
    /// The card these cards become, if they qualify (by the cards alone: the bots read it from
    /// their view).
    pub as_kind: fn(&[Card]) -> Option<CardKind>,
    /// Whether these cards qualify now, for what the game says beyond the cards (双雄: a colour
    /// other than this turn's judgment card's). `None`: `as_kind` alone decides.
    pub accepts: Option<Accepts>,
    /// Does a card made of several cards of one suit have that suit (乱击)? Otherwise only a
    /// card made of one card has a suit (丈八蛇矛's 杀 has none).
    pub shared_suit: bool,
    /// Can the conversion be used now, in this mode?
    pub usable: fn(&Game, Seat, CardMode) -> bool,
    /// The damage nature of the card it makes (朱雀羽扇 makes a 火杀; most make normal cards).
    pub nature: Nature,
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
    /// Extra 杀 the owner may use in its play phase, beyond the one (跋扈).
    pub extra_slashes: Option<fn(&Game, Seat) -> u8>,
    /// Extra targets the owner may choose for this card.
    pub extra_targets: Option<fn(&Game, Seat, &crate::card::UsedCard) -> u8>,
    /// The owner's card may take one more target, if one of its targets is at distance 1 from
    /// the owner (短兵).
    pub near_extra_target: Option<fn(&Game, Seat, &crate::card::UsedCard) -> bool>,
    /// The owner's card ignores its targets' armor.
    pub ignores_armor: Option<fn(&Game, Seat, &crate::card::UsedCard) -> bool>,
    /// The owner's card has no distance limit: tricks (奇才), 杀 (天义's win, 武神's ♥ 杀).
    pub no_distance_limit: Option<fn(&Game, Seat, &crate::card::UsedCard) -> bool>,
    /// Added to the distance limit of the owner's card (断粮: its 兵粮寸断 reaches distance 2);
    /// read by the cards limited to distance 1 (兵粮寸断, 顺手牵羊).
    pub card_reach: Option<fn(&Game, Seat, &crate::card::UsedCard) -> i32>,
    /// The owner cannot be chosen by `user` as a target of this card (空城, 谦逊).
    pub prohibit: Option<Prohibit>,
    /// The card use has no effect on the owner (仁王盾).
    pub immune: Option<fn(&Game, Seat, usize) -> bool>,
    /// Added to the owner's hand limit.
    pub hand_limit: Option<fn(&Game, Seat) -> i32>,
    /// The owner cannot use 杀 now (天义 lost); playing one in response stays allowed.
    pub no_slash: Option<fn(&Game, Seat) -> bool>,
    /// `saver` (the second seat) may not use 桃 to save `dying` (the third) now (完杀).
    pub forbids_rescue: Option<ForbidsRescue>,
    /// Extra HP the owner recovers from this 桃 use (救援).
    pub peach_bonus: Option<fn(&Game, Seat, usize) -> u8>,
    /// While this holds, the owner at 0 HP or below does not enter dying and does not die of
    /// it (the 2009 不屈).
    pub alive_below_one: Option<fn(&Game, Seat) -> bool>,
    /// For an equipped weapon's skill: added to another seat's attack range (the second seat;
    /// 吴六剑: the owner's friends). Several such weapons do not add up: the largest counts.
    pub others_attack_range: Option<fn(&Game, Seat, Seat) -> i32>,
    /// A 杀 played against the owner in a 决斗 has no effect on it now (the 2008 空城): the
    /// 决斗 ends there, nobody hurt.
    pub duel_slash_void: Option<fn(&Game, Seat) -> bool>,
}

impl Modifiers {
    /// No modifier at all; fill in the ones a skill has with struct update syntax.
    pub const NONE: Modifiers = Modifiers {
        distance_from: None,
        distance_to: None,
        unlimited_slash: None,
        extra_slashes: None,
        extra_targets: None,
        near_extra_target: None,
        ignores_armor: None,
        no_distance_limit: None,
        card_reach: None,
        prohibit: None,
        immune: None,
        hand_limit: None,
        no_slash: None,
        forbids_rescue: None,
        peach_bonus: None,
        alive_below_one: None,
        others_attack_range: None,
        duel_slash_void: None,
    };
}

/// `Modifiers::forbids_rescue`: (game, owner, saver, dying).
pub type ForbidsRescue = fn(&Game, Seat, Seat, Seat) -> bool;

/// `SkillDef::lent`: the actions the second seat may take with the first seat's skill.
pub type Lent = fn(&Game, Seat, Seat) -> Vec<Action>;

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
    /// 鬼道: the replaced judgment card goes to the retrying seat's hand (not the discard pile).
    pub retrial_exchange: bool,
    /// An active skill the owner lends to others (黄天): the actions another seat (the second)
    /// may take with it in its own play phase. The machinery counts them as that seat's uses.
    pub lent: Option<Lent>,
    /// While this holds, the owner's other general skills have no effect (缠怨 at 1 HP).
    pub silences: Option<fn(&Game, Seat) -> bool>,
    /// Skills this skill may give a character (蛊惑 gives 缠怨): a table may start with them.
    pub grants: &'static [SkillId],
    pub modifiers: Modifiers,
    /// How often it may be used (`None`: no limit; a limited or awakening skill is once per
    /// game unless this says otherwise).
    pub limit: Option<Limit>,
    /// How the owner's cards count.
    pub filter: Option<Filter>,
    /// Steps a [`SkillFrame`] of this skill.
    pub step: Option<fn(&mut Game, &mut SkillFrame) -> Step>,
    /// After the owner recovers HP (the 2009 不屈 gives back wounds).
    pub recovered: Option<fn(&mut Game, Seat)>,
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
            tags: Tags::NONE,
            triggers: &[],
            view_as: None,
            active: None,
            active_targets: None,
            provider: None,
            retrial: None,
            retrial_exchange: false,
            lent: None,
            silences: None,
            grants: &[],
            modifiers: Modifiers::NONE,
            limit: None,
            filter: None,
            step: None,
            recovered: None,
        }
    }

    /// The limit the machinery counts: the declared one, or once per game for a limited or
    /// awakening skill.
    pub fn effective_limit(&self) -> Option<Limit> {
        self.limit
            .or_else(|| (self.tags.limited || self.tags.awakening).then_some(Limit::ONCE_PER_GAME))
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
    /// A damage the effect deals on (天香). Boxed: frames are moved at every step, and this is
    /// the biggest field any of them would carry inline.
    pub damage: Option<Box<crate::resolve::Damage>>,
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
    match game.skill_def(frame.skill).step {
        Some(step) => step(game, frame),
        None => Step::Done,
    }
}
