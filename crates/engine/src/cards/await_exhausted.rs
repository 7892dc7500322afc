//! 以逸待劳 Await Exhausted — 普通锦囊 of the 国战 deck (`hegemony.md` H-CARD-YIYI).
//!
//! 出牌阶段，对你和与你势力相同的角色使用。每名目标角色各摸两张牌，然后弃置两张牌。
//! Use on yourself and every other living character of your faction (H-FAC-2; an undetermined
//! user or a careerist has none, so it is the only target), in seat order from you. Each target
//! draws two; after every target's effect, each target that drew discards two cards of its hand
//! and equipment (all it has if fewer). Each target has its own 无懈可击 window (H-PROC-AWAIT).
//!
//! The targets are fixed as the card is used (ruling H-CARD-YIYI-1); a seat a skill forbids as a
//! target is skipped. The discards are asked in seat order from the user; a target that died or
//! has no card left discards nothing.

use crate::action::Action;
use crate::card::{CardId, CardKind, Category, UsedCard};
use crate::def::card::{always, CardDef, Target};
use crate::game::Game;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{EffectFrame, Frame, Step};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef {
    kind: CardKind::AwaitExhausted,
    name_zh: "以逸待劳",
    name_en: "Await Exhausted",
    text_zh: "出牌阶段，对你和与你势力相同的角色使用。每名目标角色各摸两张牌，然后弃置两张牌。",
    text_en: "Use on yourself and every character of your faction: each target draws two cards, then discards two cards.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::Implicit(you_and_your_faction),
    can_use: always,
    on_start: None,
    effect: Some(effect),
    delayed: None,
    recast: false,
    on_unequip: None,
    after_effects: Some(discards),
};

/// The effect frame's step while the targets discard (after every target has drawn).
const DISCARDING: u8 = 1;
/// The step waiting for one target's discard.
const ANSWERED: u8 = 2;

/// The user, then every other living character of its faction, in seat order from the user.
fn you_and_your_faction(game: &Game, user: Seat) -> Vec<Seat> {
    let card = UsedCard::virtual_card(CardKind::AwaitExhausted);
    game.order_from(user)
        .into_iter()
        .filter(|s| {
            *s == user || (game.same_faction(user, *s) && !game.is_prohibited(user, *s, &card))
        })
        .collect()
}

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    match frame.step {
        0 => {
            // 摸两张牌 Each target draws two.
            game.draw(frame.target, 2);
            Step::Done
        }
        DISCARDING => ask_next(game, frame),
        _ => {
            if let Some((seat, Action::Cards { cards })) = game.take_answer() {
                let own = hand_and_equipment(game, seat);
                let mine: Vec<_> = cards.into_iter().filter(|c| own.contains(c)).collect();
                game.discard(&mine);
            }
            frame.step = DISCARDING;
            Step::Again
        }
    }
}

/// The cards `seat` may discard: its hand and its equipment.
fn hand_and_equipment(game: &Game, seat: Seat) -> Vec<CardId> {
    let mut own = game.hand(seat).to_vec();
    own.extend(game.table.seats[seat.index()].equipment());
    own
}

/// 弃置两张牌 After every effect: the next target that drew discards two.
fn discards(game: &mut Game, use_id: usize) -> Option<Frame> {
    let user = game.card_use(use_id).user;
    let mut frame = EffectFrame::new(use_id, user);
    frame.step = DISCARDING;
    Some(Frame::Effect(frame))
}

/// Asks the next target that drew (`frame.n` counts those done) to discard two.
fn ask_next(game: &mut Game, frame: &mut EffectFrame) -> Step {
    loop {
        let Some(&seat) = game.card_use(frame.use_id).affected.get(frame.n as usize) else {
            return Step::Done;
        };
        frame.n += 1;
        let own = hand_and_equipment(game, seat);
        if !game.is_alive(seat) || own.is_empty() {
            continue;
        }
        let count = own.len().min(2) as u8;
        frame.step = ANSWERED;
        return Step::ask(Prompt::new(
            seat,
            PromptKind::Choose {
                cause: Cause::Card(CardKind::AwaitExhausted),
            },
            Choices::Cards {
                from: own,
                min: count,
                max: count,
                can_pass: false,
            },
        ));
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::cards::heg_test::{heg_table, pass_window, Side};
    use crate::testing::{cards, seat, Check};

    /// H-CARD-YIYI: the user and its two 吴 friends draw two each, then each discards two; the
    /// 魏 seat and the hidden seat are no targets.
    #[test]
    fn h_card_yiyi_you_and_your_faction_draw_two_then_discard_two() {
        let mut s = heg_table(&[
            Side::Wu,
            Side::Wei,
            Side::Wu,
            Side::Hidden,
            Side::Wu,
            Side::Shu,
        ]);
        seat(&mut s, 0).hand = cards(&[AwaitExhausted]);
        seat(&mut s, 2).equip = cards(&[Crossbow]);
        let mut c = Check::new(s);
        c.card(0, AwaitExhausted, &[]);
        let used = c.game.card_use(0).targets.clone();
        assert_eq!(used.iter().map(|s| s.0).collect::<Vec<_>>(), vec![0, 2, 4]);
        c.pass_windows();
        assert_eq!(c.hand(0).len(), 2);
        assert_eq!(c.hand(1).len(), 0);
        // Seat 0 discards its two.
        let mut discarded = 0;
        for who in [0u8, 2, 4] {
            let p = c.prompt(who).clone();
            let crate::prompt::Choices::Cards { from, min, .. } = p.choices else {
                panic!("seat {who} is asked to discard: {p:?}");
            };
            assert_eq!(min, 2);
            if who == 2 {
                assert_eq!(from.len(), 3, "hand and equipment");
            }
            c.act(
                who,
                Action::Cards {
                    cards: from[..2].to_vec(),
                },
            );
            discarded += 2;
        }
        assert_eq!(c.discard_pile().len(), discarded + 1);
        assert!(c.hand(0).is_empty());
        c.assert_conserved();
    }

    /// H-CARD-YIYI: a target whose draw was nullified does not discard.
    #[test]
    fn h_card_yiyi_a_nullified_target_neither_draws_nor_discards() {
        let mut s = heg_table(&[Side::Wu, Side::Wu, Side::Wei, Side::Shu]);
        seat(&mut s, 0).hand = cards(&[AwaitExhausted]);
        seat(&mut s, 2).hand = cards(&[Nullification]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        let mut c = Check::new(s);
        c.card(0, AwaitExhausted, &[]);
        pass_window(&mut c);
        // Seat 1's window: 魏 nullifies.
        c.card(2, Nullification, &[]).pass_windows();
        assert_eq!(c.hand(1), vec![Jink]);
        assert!(c.has_prompt(0), "only the user discards");
        assert!(!c.has_prompt(1));
    }

    /// H-CAR-4: an undetermined user (or a careerist) is its only target.
    #[test]
    fn h_card_yiyi_an_undetermined_user_targets_only_itself() {
        let mut s = heg_table(&[Side::Hidden, Side::Wu, Side::Wu, Side::Shu]);
        seat(&mut s, 0).hand = cards(&[AwaitExhausted]);
        let mut c = Check::new(s);
        c.card(0, AwaitExhausted, &[]);
        assert_eq!(c.game.card_use(0).targets.len(), 1);
    }
}
