//! Physical cards and their vocabulary: ids, suits, ranks, colours, kinds and categories.
//!
//! A [`Card`] is one physical card of a game's deck, identified by its [`CardId`] (its row in
//! that game's card table, built from the game's card packs). What a card *does* lives in
//! `cards/`, one file per [`CardKind`]; this module only names things and imports no content.

use std::hash::{Hash, Hasher};

use serde::{Deserialize, Serialize};

use crate::ids::SkillId;

/// Index of a physical card in its game's card table. Never shown for a face-down card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(transparent)]
pub struct CardId(pub u16);

impl CardId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Card ids feed the event hash as LEB128 varints: an id below 128 is one byte, exactly as when
/// ids were `u8`, so the hash of every game recorded before the ids widened is unchanged.
impl Hash for CardId {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut value = self.0;
        loop {
            let byte = (value & 0x7f) as u8;
            value >>= 7;
            if value == 0 {
                state.write_u8(byte);
                return;
            }
            state.write_u8(byte | 0x80);
        }
    }
}

/// 伤害属性 Damage nature: of a damage event, and of the card that causes it (火杀, 雷杀).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Nature {
    #[default]
    Normal,
    Fire,
    Thunder,
}

impl Nature {
    pub fn is_normal(&self) -> bool {
        *self == Nature::Normal
    }

    /// Fire and thunder damage pass along chained characters (铁索连环).
    pub fn is_elemental(self) -> bool {
        self != Nature::Normal
    }
}

/// 花色 Suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Suit {
    /// 黑桃 ♠
    Spade,
    /// 红桃 ♥
    Heart,
    /// 梅花 ♣
    Club,
    /// 方块 ♦
    Diamond,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spade, Suit::Heart, Suit::Club, Suit::Diamond];

    pub fn color(self) -> Color {
        match self {
            Suit::Spade | Suit::Club => Color::Black,
            Suit::Heart | Suit::Diamond => Color::Red,
        }
    }
}

/// 颜色 Colour. A virtual card made of cards of both colours has no colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Color {
    Red,
    Black,
    None,
}

/// Equipment slot (装备区的位置).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    /// 武器
    Weapon,
    /// 防具
    Armor,
    /// +1 马 (防御马)
    DefensiveHorse,
    /// −1 马 (进攻马)
    OffensiveHorse,
}

impl Slot {
    pub const ALL: [Slot; 4] = [
        Slot::Weapon,
        Slot::Armor,
        Slot::DefensiveHorse,
        Slot::OffensiveHorse,
    ];

    pub fn index(self) -> usize {
        self as usize
    }
}

/// 牌的类别 Category of a card kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// 基本牌
    Basic,
    /// 普通锦囊 (instant trick)
    Trick,
    /// 延时锦囊 (delayed trick)
    DelayedTrick,
    /// 装备牌
    Equip(Slot),
}

impl Category {
    /// The equipment slot of an equipment card.
    pub fn slot(self) -> Option<Slot> {
        match self {
            Category::Equip(slot) => Some(slot),
            _ => None,
        }
    }

    /// 锦囊牌: an instant or a delayed trick.
    pub fn is_trick(self) -> bool {
        matches!(self, Category::Trick | Category::DelayedTrick)
    }
}

/// 牌名 What a card is. Wire ids are stable (snake_case English names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    Slash,
    Jink,
    Peach,
    Duel,
    Dismantlement,
    Snatch,
    Collateral,
    ExNihilo,
    Nullification,
    SavageAssault,
    ArcheryAttack,
    GodSalvation,
    AmazingGrace,
    Lightning,
    Indulgence,
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
    Dilu,
    Jueying,
    Zhuahuang,
    Chitu,
    Dayuan,
    Zixing,
    // 军争 Maneuvering (appended: the order feeds the event hash). 火杀 and 雷杀 are 杀 of fire
    // and thunder nature (`Card::nature`), not kinds of their own.
    /// 酒
    Analeptic,
    /// 铁索连环
    IronChain,
    /// 火攻
    FireAttack,
    /// 兵粮寸断
    SupplyShortage,
    /// 古锭刀
    GudingBlade,
    /// 朱雀羽扇
    ZhuqueFan,
    /// 藤甲
    Vine,
    /// 白银狮子
    SilverLion,
    /// 骅骝
    Hualiu,
    /// 水淹七军 (the 2013 1v1 deck, M-1V1-6)
    Drowning,
    /// 连弩 (the 2013 3v3 deck, M-3V3-12)
    VsCrossbow,
    // The 国战 deck's own cards (`hegemony.md` §7.1; appended).
    /// 知己知彼 (H-CARD-ZHIJI)
    KnownBoth,
    /// 以逸待劳 (H-CARD-YIYI)
    AwaitExhausted,
    /// 远交近攻 (H-CARD-YUANJIAO)
    BefriendAttacking,
    /// 无懈可击·国 (H-CARD-GUOWUXIE)
    HegNullification,
    /// 吴六剑 (H-CARD-WULIU)
    SixSwords,
    /// 三尖两刃刀 (H-CARD-SANJIAN)
    Triblade,
}

/// One physical card: its id, suit, rank (A=1 … K=13), kind and damage nature (火杀 and 雷杀 are
/// 杀 of fire and thunder nature).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Card {
    pub id: CardId,
    pub suit: Suit,
    pub rank: u8,
    pub kind: CardKind,
    #[serde(default, skip_serializing_if = "Nature::is_normal")]
    pub nature: Nature,
}

impl Card {
    pub fn color(&self) -> Color {
        self.suit.color()
    }
}

/// A card as it is used or played: one physical card as itself, or cards converted into a
/// virtual card by a skill (武圣, 丈八蛇矛 …). Suit and rank are those of a single physical card;
/// a card made of several cards has neither, and a colour only if they all share it. A converted
/// card is of normal nature unless the conversion says otherwise (朱雀羽扇 makes a 火杀).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct UsedCard {
    pub kind: CardKind,
    /// The physical cards that make it up (empty for a purely virtual card).
    pub cards: Vec<CardId>,
    pub suit: Option<Suit>,
    pub rank: Option<u8>,
    pub color: Color,
    /// The conversion skill that turned `cards` into `kind`, if any.
    pub skill: Option<SkillId>,
    #[serde(default, skip_serializing_if = "Nature::is_normal")]
    pub nature: Nature,
}

/// The event hash of a used card. `nature` came after record format 1 and feeds the hash only
/// when it is not normal, so every game recorded before it hashes as it always did.
impl Hash for UsedCard {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.kind.hash(state);
        self.cards.hash(state);
        self.suit.hash(state);
        self.rank.hash(state);
        self.color.hash(state);
        self.skill.hash(state);
        if !self.nature.is_normal() {
            self.nature.hash(state);
        }
    }
}

impl UsedCard {
    /// A physical card used as itself.
    pub fn real(card: &Card) -> Self {
        UsedCard {
            kind: card.kind,
            cards: vec![card.id],
            suit: Some(card.suit),
            rank: Some(card.rank),
            color: card.color(),
            skill: None,
            nature: card.nature,
        }
    }

    /// A card that stands for nothing physical (the 杀 a skill asks for before anyone gives one).
    pub fn virtual_card(kind: CardKind) -> Self {
        UsedCard {
            kind,
            cards: Vec::new(),
            suit: None,
            rank: None,
            color: Color::None,
            skill: None,
            nature: Nature::Normal,
        }
    }

    /// Cards converted into `kind` by `skill`.
    pub fn converted(kind: CardKind, cards: &[Card], skill: Option<SkillId>) -> Self {
        let (suit, rank) = match cards {
            [only] => (Some(only.suit), Some(only.rank)),
            _ => (None, None),
        };
        let color = match cards.first() {
            Some(first) if cards.iter().all(|c| c.color() == first.color()) => first.color(),
            _ => Color::None,
        };
        UsedCard {
            kind,
            cards: cards.iter().map(|c| c.id).collect(),
            suit,
            rank,
            color,
            skill,
            nature: Nature::Normal,
        }
    }

    /// Gives a card made of several cards the suit they share, if they do (乱击).
    pub fn with_shared_suit(mut self, cards: &[Card]) -> Self {
        if let [first, rest @ ..] = cards {
            if rest.iter().all(|c| c.suit == first.suit) {
                self.suit = Some(first.suit);
            }
        }
        self
    }

    /// Is this the physical card itself (no conversion)?
    pub fn is_real(&self) -> bool {
        self.skill.is_none() && self.cards.len() == 1
    }
}
