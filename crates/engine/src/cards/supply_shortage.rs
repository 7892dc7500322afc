//! 兵粮寸断 Supply Shortage — 延时锦囊 (军争).
//!
//! 出牌阶段，对距离为1的一名其他角色使用。将此牌置入其判定区。判定阶段进行判定：若结果不为♣，
//! 其跳过摸牌阶段。然后将之置入弃牌堆。
//! Place in the judgment area of another character at distance 1 (distance with horses and
//! skills; weapons do not count; 奇才 lifts the limit — `timing-rulings.md` E.23). When judged:
//! unless ♣, they skip their draw phase (C.15). 谦逊 does not stop it: it names only 顺手牵羊 and
//! 乐不思蜀.

use crate::card::{Card, CardId, CardKind, Category, Suit, UsedCard};
use crate::def::card::{always, CardDef, Delayed, Target};
use crate::game::Game;
use crate::prompt::Phase;
use crate::resolve::Frame;
use crate::seat::Seat;

pub static DEF: CardDef = CardDef {
    kind: CardKind::SupplyShortage,
    name_zh: "兵粮寸断",
    name_en: "Supply Shortage",
    text_zh: "出牌阶段，对距离为1的一名其他角色使用。将此牌置入其判定区。判定阶段判定：若结果不为♣，其跳过摸牌阶段。",
    text_en: "Place in the judgment area of another character at distance 1. On judgment other than ♣, they skip their draw phase.",
    category: Category::DelayedTrick,
    range: 0,
    skill: None,
    target: Target::One(near_other_without_one),
    can_use: always,
    on_start: None,
    effect: None,
    delayed: Some(Delayed {
        hits,
        on_hit,
        moves_on: false,
    }),
    recast: false,
    on_unequip: None,
    after_effects: None,
};

fn near_other_without_one(game: &Game, user: Seat, target: Seat, card: &UsedCard) -> bool {
    user != target
        && within_reach(game, user, target, card)
        && !game.holds_delayed(target, CardKind::SupplyShortage)
}

/// At distance 1 (2 with 断粮), or any distance where the limit is lifted (奇才).
pub(crate) fn within_reach(game: &Game, user: Seat, target: Seat, card: &UsedCard) -> bool {
    let distance = game.distance(user, target);
    distance <= 1 || distance <= game.card_reach(user, card) || game.ignores_distance(user, card)
}

fn hits(card: &Card) -> bool {
    card.suit != Suit::Club
}

fn on_hit(game: &mut Game, seat: Seat, _: CardId) -> Option<Frame> {
    if game.turn.seat == seat {
        game.skip_phase(Phase::Draw);
    }
    None
}
