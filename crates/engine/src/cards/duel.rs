//! 决斗 Duel — 普通锦囊.
//!
//! 出牌阶段，对一名其他角色使用。由其开始，其与你轮流打出一张【杀】，首先不打出【杀】的一方受到
//! 另一方造成的1点伤害。
//! Use on another character. Starting with the target, the two alternately play a 杀; the first
//! who does not takes 1 damage from the other.

use crate::card::{CardKind, Category, UsedCard};
use crate::def::card::{always, CardDef, Target};
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
    recast: false,
    on_unequip: None,
    after_effects: None,
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
                // The 2008 空城: the 杀 has no effect on the opponent, and the 决斗 ends.
                if game.duel_slash_void(opponent) {
                    game.emit(crate::event::Event::EffectCancelled {
                        card: CardKind::Slash,
                        target: opponent,
                    });
                    return Step::Done;
                }
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

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::event::Event;
    use crate::prompt::PromptKind;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    #[test]
    fn a_target_without_slash_takes_one_damage_from_the_user() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Duel]);
        let mut c = Check::new(s);
        c.card(0, Duel, &[1]).pass_windows();
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { card: Slash, .. })));
        c.pass(1);
        assert_eq!((c.hp(0), c.hp(1)), (4, 3));
    }

    #[test]
    fn the_first_side_without_slash_is_hurt_by_the_other() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Duel, Slash]);
        seat(&mut s, 1).hand = cards(&[Slash, Slash]);
        let mut c = Check::new(s);
        c.card(0, Duel, &[1]).pass_windows();
        c.card(1, Slash, &[])
            .card(0, Slash, &[])
            .card(1, Slash, &[]);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Respond { .. })));
        c.pass(0);
        assert_eq!((c.hp(0), c.hp(1)), (3, 4));
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Damaged { source: Some(s), target, .. } if s.0 == 1 && target.0 == 0
        )));
        // The 杀 were played (打出), not used.
        let played = c
            .events
            .iter()
            .filter(|e| matches!(e, Event::CardPlayed { card, .. } if card.kind == Slash))
            .count();
        assert_eq!(played, 3);
    }

    #[test]
    fn duel_has_no_distance_limit_but_not_oneself() {
        let mut s = table(&[Lord, Rebel, Rebel, Loyalist, Rebel]);
        seat(&mut s, 0).hand = cards(&[Duel]);
        seat(&mut s, 2).equip = cards(&[Dilu]);
        let c = Check::new(s);
        assert!(c.find_card(0, Duel, &[2]).is_some());
        assert!(c.find_card(0, Duel, &[0]).is_none());
    }

    #[test]
    fn a_nullified_duel_does_nothing() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Duel]);
        seat(&mut s, 1).hand = cards(&[Nullification]);
        let mut c = Check::new(s);
        c.card(0, Duel, &[1])
            .card(1, Nullification, &[])
            .pass_windows();
        assert_eq!((c.hp(0), c.hp(1)), (4, 4));
        assert!(c.has_prompt(0));
        assert_eq!(c.discard_pile(), vec![Nullification, Duel]);
    }
}
