//! [`Event`]: facts that happened, in order. The engine's only output log type.
//!
//! Events carry everything (card ids included); what each audience may see of them is decided by
//! `view::redact`, the one place that knows about hidden information.

use serde::{Deserialize, Serialize};

pub use crate::card::Nature;
use crate::card::{CardId, UsedCard};
use crate::ids::{GeneralId, MarkId, SkillId};
use crate::prompt::{Cause, Phase};
use crate::seat::{Role, Seat};
use crate::zone::{Visibility, Zone};

/// Who may see the identity of moved cards.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "to", content = "seats", rename_all = "snake_case")]
pub enum Known {
    /// Face up: everyone.
    All,
    /// Only these seats (face down for everyone else).
    Seats(Vec<Seat>),
}

impl Known {
    pub fn includes(&self, viewer: Option<Seat>) -> bool {
        match self {
            Known::All => true,
            Known::Seats(seats) => viewer.is_some_and(|v| seats.contains(&v)),
        }
    }
}

/// How a game ended: the camp that won, the seats that win, every role. Each mode decides it
/// (`ModeDef::victory`); the machinery only ends a game in a draw when both piles run out.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Outcome {
    /// The winning camp; `None` for a draw.
    pub winner: Option<Camp>,
    /// The seats that win (dead ones included, per the rules).
    pub winners: Vec<Seat>,
    /// Every seat's role, revealed.
    pub roles: Vec<Role>,
}

/// 阵营 A camp an outcome can name. Each mode lists the camps it uses (`ModeDef::camps`); new
/// modes append theirs (the order feeds the event hash).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Camp {
    /// 主公 and 忠臣 (identity).
    Lord,
    /// 反贼 (identity).
    Rebels,
    /// A lone 内奸 (identity).
    Renegade,
    /// 地主 the landlord (斗地主).
    Landlord,
    /// 农民 the two farmers (斗地主).
    Farmers,
    /// The team dealt the loyalists' roles (2v2's seats 1 and 4).
    Loyalists,
    /// 先手 the player who moves first (1v1, dealt the loyalist's role).
    First,
    /// 后手 the player who moves second (1v1, dealt the rebel's role).
    Second,
    /// 暖 the warm camp (3v3: its 主帅 dealt the lord's role, its 前锋 the loyalists').
    Warm,
    /// 冷 the cool camp (3v3: its 主帅 dealt the renegade's role, its 前锋 the rebels').
    Cool,
    /// 魏 The Wei faction (国战).
    Wei,
    /// 蜀 The Shu faction (国战).
    Shu,
    /// 吴 The Wu faction (国战).
    Wu,
    /// 群 The Qun faction (国战).
    Qun,
    /// 野心家 A careerist, alone (国战).
    Careerist,
}

/// The camp that won, by its name before modes had camps of their own.
pub type Side = Camp;

/// Something that happened. `C` is how moved cards are named: a [`CardId`] in the engine's own
/// log, an `Option<CardId>` (absent = face down) in what an audience receives.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event<C = CardId> {
    /// The table is set: `seats` seats, `lord` is the lord (public).
    GameStarted {
        seats: u8,
        lord: Seat,
    },
    /// `seat` learns its role (hidden from others unless it is the lord).
    RoleDealt {
        seat: Seat,
        role: Role,
    },
    /// `seat` plays `general` (public).
    GeneralShown {
        seat: Seat,
        general: GeneralId,
        hp: i8,
        max_hp: u8,
    },
    TurnStarted {
        seat: Seat,
    },
    PhaseStarted {
        seat: Seat,
        phase: Phase,
    },
    PhaseSkipped {
        seat: Seat,
        phase: Phase,
    },
    TurnEnded {
        seat: Seat,
    },
    /// Cards moved from `from` (one entry per card) to `to`. `known` says who sees which.
    CardsMoved {
        cards: Vec<C>,
        from: Vec<Zone>,
        to: Zone,
        known: Known,
        /// For moves to the draw pile: placed at the bottom rather than on top.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        bottom: bool,
    },
    /// 使用 `seat` uses `card` on `targets`.
    CardUsed {
        seat: Seat,
        card: UsedCard,
        targets: Vec<Seat>,
    },
    /// 打出 `seat` plays `card` in response.
    CardPlayed {
        seat: Seat,
        card: UsedCard,
    },
    /// `seat` invokes `skill`.
    SkillInvoked {
        seat: Seat,
        skill: SkillId,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        targets: Vec<Seat>,
    },
    /// `seat` named `suit` for `cause` (反间). Public.
    SuitNamed {
        seat: Seat,
        suit: crate::card::Suit,
        cause: Cause,
    },
    /// The effect of the card `use_card` on `target` was cancelled (无懈可击, 仁王盾 …).
    EffectCancelled {
        card: crate::card::CardKind,
        target: Seat,
    },
    /// A judgment for `seat` revealed `card`.
    Judged {
        seat: Seat,
        card: CardId,
        cause: Cause,
    },
    Damaged {
        source: Option<Seat>,
        target: Seat,
        amount: u8,
        nature: Nature,
        hp: i8,
    },
    HpLost {
        seat: Seat,
        amount: u8,
        hp: i8,
    },
    Recovered {
        seat: Seat,
        amount: u8,
        hp: i8,
    },
    Dying {
        seat: Seat,
    },
    /// `seat` died; its role is revealed. `killer` is the source of the fatal damage.
    Died {
        seat: Seat,
        role: Role,
        killer: Option<Seat>,
    },
    /// The discard pile was shuffled into a new draw pile of `count` cards.
    DeckReshuffled {
        count: u8,
    },
    GameOver {
        outcome: Outcome,
    },
    // Events of the mechanics the expansions need. Appended (the order of variants feeds the
    // event hash); none of them happens in a standard game.
    /// `seat`'s mark `mark` is now `count` (0: gone). An owner-only mark is seen by its owner.
    MarkChanged {
        seat: Seat,
        mark: MarkId,
        count: u16,
        visibility: Visibility,
    },
    /// 翻面 `seat`'s general was turned over: now face down, or face up again.
    TurnedOver {
        seat: Seat,
        face_down: bool,
    },
    /// 横置/重置 `seat` was chained or unchained (铁索连环).
    ChainChanged {
        seat: Seat,
        chained: bool,
    },
    /// `seat` gained `skill` (a skill not printed on its general, or one it had lost).
    SkillGained {
        seat: Seat,
        skill: SkillId,
    },
    /// `seat` lost `skill`.
    SkillLost {
        seat: Seat,
        skill: SkillId,
    },
    /// `seat` used its limited skill (限定技) `skill`: it cannot be used again.
    LimitedSkillUsed {
        seat: Seat,
        skill: SkillId,
    },
    /// `seat`'s awakening skill (觉醒技) `skill` awakened.
    Awakened {
        seat: Seat,
        skill: SkillId,
    },
    /// `seat` starts a pile on its general kept by `skill`, seen as `visibility` says (its
    /// cards arrive by `CardsMoved`).
    PileStarted {
        seat: Seat,
        skill: SkillId,
        visibility: Visibility,
    },
    /// `seat` showed `cards` (without moving them) to the seats of `to`; the others learn how
    /// many.
    CardsShown {
        seat: Seat,
        cards: Vec<C>,
        to: Known,
    },
    /// 拼点 `seat` and `target` compared `cards` (`seat`'s first, both face up): `won` when
    /// `seat`'s rank was strictly greater.
    Pindian {
        seat: Seat,
        target: Seat,
        cards: Vec<CardId>,
        won: bool,
    },
    /// The game reached its setup's action limit (`GameConfig::action_limit`) and ends in a
    /// draw; a `GameOver` follows.
    ActionLimitReached {
        limit: u32,
    },
    /// 重铸 `seat` recast `card` (铁索连环): it goes face up to the discard pile and `seat` draws
    /// one. Not a use. The moves follow as `CardsMoved`.
    CardRecast {
        seat: Seat,
        card: CardId,
    },
    /// `seat`'s role is shown to everyone from the deal, as its mode makes it public (斗地主:
    /// every role). Follows the seat's `RoleDealt`. (Appended: the stream hash feeds variant
    /// indices.)
    RoleShown {
        seat: Seat,
        role: Role,
    },
    /// 叫地主 `seat` bid `bid` (1–3) for the landlord, or passed (0) (斗地主). Public.
    Bid {
        seat: Seat,
        bid: u8,
    },
    /// `seat` is offered `generals` to choose from, shown to the seats of `to` (2v2: its
    /// partner, M-2V2-2); nobody else is told.
    GeneralsOffered {
        seat: Seat,
        generals: Vec<GeneralId>,
        to: Known,
    },
    /// `seat` picked `general`, shown to the seats of `to` before everyone's picks are shown
    /// (2v2: its partner); nobody else is told.
    GeneralPicked {
        seat: Seat,
        general: GeneralId,
        to: Known,
    },
    /// 神 `seat`'s god general plays for `kingdom` from now on (W-MECH-GOD-1). Public.
    KingdomChosen {
        seat: Seat,
        kingdom: crate::seat::Kingdom,
    },
    /// The face-up generals of a draft, shown to everyone (1v1, M-1V1-2); each is taken by a
    /// public `GeneralPicked`.
    DraftPool {
        generals: Vec<GeneralId>,
    },
    /// 转世 The waiting (dead) `seat` came back as `general` with `hp` of `max_hp`, face up and
    /// unchained, keeping its hand (identity's reincarnation variant, V-ZS-3/4). Public.
    Reincarnated {
        seat: Seat,
        general: GeneralId,
        hp: i8,
        max_hp: u8,
    },
    /// 国战: `seat` chose `main` (主将) and `deputy` (副将), both face down (暗置). Only the
    /// owner sees which (H-HID-4); everyone else receives the event without them.
    GeneralsChosen {
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        main: Option<GeneralId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deputy: Option<GeneralId>,
    },
    /// 国战 明置/亮出: `seat`'s hidden `general` (its deputy if `deputy`) is turned face up, its
    /// skills attached (public, H-REV-5). At a first reveal the seat's faction is fixed: the
    /// general's kingdom, or 野心家 if `careerist` (H-FAC-1, H-CAR-1).
    GeneralRevealed {
        seat: Seat,
        general: GeneralId,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        deputy: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        careerist: bool,
    },
    /// 断肠 (国战): the skills of `seat`'s main general (its deputy if `deputy`) are lost for
    /// good, whether it is shown or hidden (H-SK-duanchang). Public; names the side only — a
    /// hidden general stays hidden. Its shown skills leave by `SkillLost` events after it.
    GeneralSkillsLost {
        seat: Seat,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        deputy: bool,
    },
    /// 倾城 (国战): `seat`'s shown main general (its deputy if `deputy`) is turned face down
    /// again (H-REV-4); its skills leave by `SkillLost` events after it, the faction stays. Only
    /// the owner is told which `general` it is (as for one never shown).
    GeneralHidden {
        seat: Seat,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        deputy: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        general: Option<GeneralId>,
    },
    /// 暗魂 `seat` is protected from going below 1 HP (`on`, at the start of a series game), or
    /// no longer (a death, or a retaliation: V-AH-3). Public.
    Protection {
        seat: Seat,
        on: bool,
    },
    /// 知己知彼 (国战, H-CARD-ZHIJI): `seat` looked at `target`'s hidden main general (its
    /// deputy if `deputy`). Only `seat` is told which `general` it is (H-VIS-3); everyone else
    /// learns which of the two it looked at.
    GeneralSeen {
        seat: Seat,
        target: Seat,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        deputy: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        general: Option<GeneralId>,
    },
}
