//! 决斗 Duel — 普通锦囊.
//!
//! 出牌阶段，对一名其他角色使用。由其开始，其与你轮流打出一张【杀】，首先不打出【杀】的一方受到
//! 另一方造成的1点伤害。
//! Use on another character. Starting with the target, the two alternately play a 杀; the first
//! who does not takes 1 damage from the other.

use crate::card::{CardKind, Category, UsedCard};
use crate::cards::{always, CardDef, Target};
use crate::game::Game;
use crate::prompt::Cause;
use crate::resolve::{
    Damage, DamageFrame, EffectFrame, Frame, Reply, RespondFrame, RespondMode, Step,
};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef {
    kind: CardKind::Duel,
    name_zh: "决斗",
    name_en: "Duel",
    text_zh: "出牌阶段，对一名其他角色使用。由其开始，其与你轮流打出一张【杀】，首先不打出【杀】的一方受到另一方造成的1点伤害。",
    text_en: "Use on another character. Starting with them, you alternately play a Slash; the first who does not takes 1 damage from the other.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::One(other),
    can_use: always,
    on_start: None,
    effect: Some(effect),
    delayed: None,
};

fn other(_: &Game, user: Seat, target: Seat, _: &UsedCard) -> bool {
    user != target
}

/// `frame.seat` is whose turn it is to play a 杀; the other side is the user or the target.
fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    let id = frame.use_id;
    let user = game.card_use(id).user;
    let target = frame.target;
    let responder = frame.seat.unwrap_or(target);
    let opponent = if responder == target { user } else { target };
    match frame.step {
        0 => {
            frame.seat = Some(responder);
            frame.step = 1;
            let need = if game.card_use(id).need_two.contains(&responder) {
                2
            } else {
                1
            };
            Step::Push(Frame::Respond(
                RespondFrame::new(
                    responder,
                    CardKind::Slash,
                    RespondMode::Play,
                    Cause::Card(CardKind::Duel),
                )
                .need(need)
                .answering(Some(id), Some(opponent)),
            ))
        }
        1 => {
            if game.take_reply() == Reply::Responded(true) && game.is_alive(opponent) {
                frame.seat = Some(opponent);
                frame.step = 0;
                return Step::Again;
            }
            frame.step = 2;
            let damage = Damage::by_card(game, id, Some(opponent), responder);
            Step::Push(Frame::Damage(DamageFrame::new(damage)))
        }
        _ => Step::Done,
    }
}
