//! [`CardDef`]: the shape of a card kind's definition — names and text in both languages,
//! category, how it targets, when it can be used, its effect — and the target helpers card
//! files share. Content (`cards/*.rs`) defines one `static` per kind; the machinery reads them
//! through the game's registry and never imports a card file.

use crate::card::{Card, CardId, CardKind, Category, Slot, UsedCard};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{EffectFrame, Frame, Step};
use crate::seat::Seat;

/// How a card's targets are chosen when it is used.
#[derive(Clone, Copy)]
pub enum Target {
    /// Never used on one's own initiative (闪, 无懈可击).
    None,
    /// The card names its own targets (oneself, everyone else, everyone).
    Implicit(fn(&Game, Seat) -> Vec<Seat>),
    /// One chosen target satisfying the filter (more with extra-target modifiers).
    One(fn(&Game, Seat, Seat, &UsedCard) -> bool),
    /// One to `max` chosen targets satisfying the filter (铁索连环: one or two characters).
    UpTo(u8, fn(&Game, Seat, Seat, &UsedCard) -> bool),
    /// 借刀杀人: a seat with a weapon, then a seat it could 杀.
    Collateral,
}

/// What a delayed trick does when judged in its holder's judgment phase.
pub struct Delayed {
    /// Does the judgment card make it take effect?
    pub hits: fn(&Card) -> bool,
    /// Its effect on the holder; `card` is the trick's physical card (the card that causes
    /// 闪电's damage, which 奸雄 may take).
    pub on_hit: fn(&mut Game, Seat, CardId) -> Option<Frame>,
    /// After a miss or a nullification it moves on to the next seat (闪电) instead of being
    /// discarded.
    pub moves_on: bool,
}

/// A card kind's definition.
pub struct CardDef {
    pub kind: CardKind,
    pub name_zh: &'static str,
    pub name_en: &'static str,
    pub text_zh: &'static str,
    pub text_en: &'static str,
    pub category: Category,
    /// Attack range of a weapon (0 for anything else).
    pub range: u8,
    /// The equipment's effect, as a skill.
    pub skill: Option<SkillId>,
    pub target: Target,
    /// May `user` use this card in its play phase at all (before targets)?
    pub can_use: fn(&Game, Seat, &UsedCard) -> bool,
    /// Runs once after targets are confirmed and before the first target's effect (五谷丰登).
    pub on_start: Option<fn(&mut Game, usize)>,
    /// The effect on one target.
    pub effect: Option<fn(&mut Game, &mut EffectFrame) -> Step>,
    pub delayed: Option<Delayed>,
    /// 重铸 May be recast in its holder's play phase instead of being used: put into the
    /// discard pile, and its holder draws one (铁索连环). Recasting is not using.
    pub recast: bool,
    /// For equipment: what happens to the holder when the card leaves its equipment area, by
    /// any means (白银狮子: recover 1). Runs right after the move.
    pub on_unequip: Option<fn(&mut Game, Seat)>,
    /// Runs once after the effect on every target, before the card goes to the discard pile;
    /// it may return a procedure to run then (以逸待劳: the targets that drew discard two).
    pub after_effects: Option<fn(&mut Game, usize) -> Option<Frame>>,
}

/// `can_use` for cards with no condition beyond their targets.
pub fn always(_: &Game, _: Seat, _: &UsedCard) -> bool {
    true
}

/// `can_use` for cards that can never be used on one's own initiative.
pub fn never(_: &Game, _: Seat, _: &UsedCard) -> bool {
    false
}

/// `Target::Implicit`: the user.
pub fn user_only(_: &Game, user: Seat) -> Vec<Seat> {
    vec![user]
}

/// `Target::Implicit`: every other living seat, in seat order from the user.
pub fn all_others(game: &Game, user: Seat) -> Vec<Seat> {
    game.order_from(user)
        .into_iter()
        .filter(|s| *s != user)
        .collect()
}

/// `Target::Implicit`: every living seat, in seat order from the user.
pub fn everyone(game: &Game, user: Seat) -> Vec<Seat> {
    game.order_from(user)
}

impl CardDef {
    /// An equipment card: used on oneself, no effect of its own beyond its skill.
    pub const fn equipment(
        kind: CardKind,
        names: [&'static str; 4],
        slot: Slot,
        range: u8,
        skill: Option<SkillId>,
    ) -> CardDef {
        CardDef {
            kind,
            name_zh: names[0],
            name_en: names[1],
            text_zh: names[2],
            text_en: names[3],
            category: Category::Equip(slot),
            range,
            skill,
            target: Target::Implicit(user_only),
            can_use: always,
            on_start: None,
            effect: None,
            delayed: None,
            recast: false,
            on_unequip: None,
            after_effects: None,
        }
    }
}
