//! Physical cards and their vocabulary: ids, suits, ranks, colours, kinds and categories.
//!
//! A [`Card`] is one physical card of the deck, identified by its [`CardId`] (its row in
//! `cards::deck`). What a card *does* lives in `cards/`, one file per [`CardKind`].

use serde::{Deserialize, Serialize};

/// Index of a physical card in the deck table (0..108). Never shown for a face-down card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(transparent)]
pub struct CardId(pub u8);

impl CardId {
    pub fn index(self) -> usize {
        self.0 as usize
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
}

impl CardKind {
    pub fn def(self) -> &'static crate::cards::CardDef {
        crate::cards::def(self)
    }

    pub fn category(self) -> Category {
        self.def().category
    }

    pub fn is_trick(self) -> bool {
        matches!(self.category(), Category::Trick | Category::DelayedTrick)
    }

    pub fn slot(self) -> Option<Slot> {
        match self.category() {
            Category::Equip(slot) => Some(slot),
            _ => None,
        }
    }
}

/// One physical card: its id, suit, rank (A=1 … K=13) and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Card {
    pub id: CardId,
    pub suit: Suit,
    pub rank: u8,
    pub kind: CardKind,
}

impl Card {
    pub fn color(&self) -> Color {
        self.suit.color()
    }
}

/// A card as it is used or played: one physical card as itself, or cards converted into a
/// virtual card by a skill (武圣, 丈八蛇矛 …). Suit and rank are those of a single physical card;
/// a card made of several cards has neither, and a colour only if they all share it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct UsedCard {
    pub kind: CardKind,
    /// The physical cards that make it up (empty for a purely virtual card).
    pub cards: Vec<CardId>,
    pub suit: Option<Suit>,
    pub rank: Option<u8>,
    pub color: Color,
    /// The conversion skill that turned `cards` into `kind`, if any.
    pub skill: Option<crate::skills::SkillId>,
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
        }
    }

    /// Cards converted into `kind` by `skill`.
    pub fn converted(
        kind: CardKind,
        cards: &[Card],
        skill: Option<crate::skills::SkillId>,
    ) -> Self {
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
        }
    }

    /// Is this the physical card itself (no conversion)?
    pub fn is_real(&self) -> bool {
        self.skill.is_none() && self.cards.len() == 1
    }
}
