//! 乐不思蜀 Indulgence — 延时锦囊.
//!
//! 出牌阶段，对一名其他角色使用。将此牌置入其判定区。判定阶段进行判定：若结果不为♥，其跳过出牌
//! 阶段。然后将之置入弃牌堆。
//! Place in another character's judgment area. When judged: unless ♥, they skip their play phase.

use crate::card::{Card, CardKind, Category, Suit, UsedCard};
use crate::cards::{always, CardDef, Delayed, Target};
use crate::game::Game;
use crate::prompt::Phase;
use crate::resolve::Frame;
use crate::seat::Seat;

pub static DEF: CardDef = CardDef {
    kind: CardKind::Indulgence,
    name_zh: "乐不思蜀",
    name_en: "Indulgence",
    text_zh: "出牌阶段，对一名其他角色使用。将此牌置入其判定区。判定阶段判定：若结果不为♥，其跳过出牌阶段。",
    text_en: "Place in another character's judgment area. On judgment other than ♥, they skip their play phase.",
    category: Category::DelayedTrick,
    range: 0,
    skill: None,
    target: Target::One(other_without_one),
    can_use: always,
    on_start: None,
    effect: None,
    delayed: Some(Delayed {
        hits,
        on_hit,
        moves_on: false,
    }),
};

fn other_without_one(game: &Game, user: Seat, target: Seat, _: &UsedCard) -> bool {
    user != target
        && !game.table.seats[target.index()]
            .judge
            .iter()
            .any(|d| d.kind == CardKind::Indulgence)
}

fn hits(card: &Card) -> bool {
    card.suit != Suit::Heart
}

fn on_hit(game: &mut Game, seat: Seat) -> Option<Frame> {
    if game.turn.seat == seat {
        game.turn.skip[Phase::Play as usize] = true;
    }
    None
}
