//! 闪电 Lightning — 延时锦囊.
//!
//! 出牌阶段，对你使用。将此牌置入你的判定区。判定阶段进行判定：若结果为♠2~9，你受到3点无来源
//! 的雷电伤害，然后将之置入弃牌堆；否则将之移动到下家的判定区。
//! Place in your own judgment area. When judged: on ♠2–9 its holder takes 3 thunder damage with no
//! source and it is discarded; otherwise (or when nullified) it moves on to the next character.

use crate::card::{Card, CardKind, Category, Suit, UsedCard};
use crate::cards::{user_only, CardDef, Delayed, Target};
use crate::event::Nature;
use crate::game::Game;
use crate::resolve::{Damage, DamageFrame, Frame};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef {
    kind: CardKind::Lightning,
    name_zh: "闪电",
    name_en: "Lightning",
    text_zh: "出牌阶段，对你使用。将此牌置入你的判定区。判定阶段判定：若结果为♠2~9，你受到3点无来源的雷电伤害，然后弃置之；否则将之移动到下家的判定区。",
    text_en: "Place in your judgment area. On judgment ♠2–9 you take 3 thunder damage with no source and it is discarded; otherwise it moves to the next character.",
    category: Category::DelayedTrick,
    range: 0,
    skill: None,
    target: Target::Implicit(user_only),
    can_use: no_lightning_yet,
    on_start: None,
    effect: None,
    delayed: Some(Delayed {
        hits,
        on_hit,
        moves_on: true,
    }),
};

fn no_lightning_yet(game: &Game, user: Seat, _: &UsedCard) -> bool {
    !game.table.seats[user.index()]
        .judge
        .iter()
        .any(|d| d.kind == CardKind::Lightning)
}

fn hits(card: &Card) -> bool {
    card.suit == Suit::Spade && (2..=9).contains(&card.rank)
}

fn on_hit(_: &mut Game, seat: Seat) -> Option<Frame> {
    let damage = Damage {
        nature: Nature::Thunder,
        ..Damage::new(None, seat, 3)
    };
    Some(Frame::Damage(DamageFrame::new(damage)))
}
