//! 过河拆桥 Dismantlement — 普通锦囊.
//!
//! 出牌阶段，对区域内有牌的一名其他角色使用。你弃置其区域内的一张牌。
//! Use on another character with a card in any area: discard one card from their areas.
//!
//! With the 2013 1v1 deck (M-1V1-6) the judgment area is not one of them, and the user first
//! chooses the equipment area or the hand; for the hand it looks at every hand card and picks one.

use crate::action::Action;
use crate::card::{CardId, CardKind, Category, UsedCard};
use crate::def::card::{always, CardDef, Target};
use crate::def::CardRules;
use crate::event::Known;
use crate::game::Game;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::pick::Areas;
use crate::resolve::{EffectFrame, Step};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: CardDef = CardDef {
    kind: CardKind::Dismantlement,
    name_zh: "过河拆桥",
    name_en: "Dismantlement",
    text_zh: "出牌阶段，对区域内有牌的一名其他角色使用。你弃置其区域内的一张牌。",
    text_en: "Use on another character with cards in any area: discard one card from their areas.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::One(has_cards),
    can_use: always,
    on_start: None,
    effect: Some(effect),
    delayed: None,
    recast: false,
    on_unequip: None,
    after_effects: None,
};

fn has_cards(game: &Game, user: Seat, target: Seat, _: &UsedCard) -> bool {
    user != target && game.has_cards_in(target, game.takeable_areas())
}

/// The 2013 1v1 user's first choice (M-1V1-6): a card of the equipment area …
pub const EQUIPMENT: u8 = 0;
/// … or a hand card, chosen looking at the whole hand.
pub const HAND: u8 = 1;

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    if game.card_rules() == CardRules::Kof2013 {
        return effect_2013(game, frame);
    }
    let user = game.card_use(frame.use_id).user;
    let target = frame.target;
    if frame.step == 0 {
        if !game.has_cards_in(target, Areas::ALL) {
            return Step::Done;
        }
        frame.step = 1;
        return Step::ask(game.pick_prompt(user, target, Areas::ALL, CAUSE, false));
    }
    discard_pick(game, target);
    Step::Done
}

const CAUSE: Cause = Cause::Card(CardKind::Dismantlement);

/// Discards the card the answer to a pick prompt names.
fn discard_pick(game: &mut Game, target: Seat) {
    if let Some((_, action)) = game.take_answer() {
        if let Some(card) = game.take_pick(target, &action) {
            game.discard(&[card]);
        }
    }
}

/// M-1V1-6: the user chooses the equipment area or the hand (asked only when both hold cards);
/// for the hand it looks at every hand card — shown to the user alone — and picks one.
fn effect_2013(game: &mut Game, frame: &mut EffectFrame) -> Step {
    let user = game.card_use(frame.use_id).user;
    let target = frame.target;
    let equipped = game.has_cards_in(target, EQUIPMENT_AREA);
    let hand = !game.hand(target).is_empty();
    match frame.step {
        0 => {
            frame.step = 1;
            match (equipped, hand) {
                (false, false) => Step::Done,
                (true, true) => Step::ask(Prompt::new(
                    user,
                    PromptKind::Choose { cause: CAUSE },
                    Choices::actions(vec![
                        Action::Option { index: EQUIPMENT },
                        Action::Option { index: HAND },
                    ]),
                )),
                (true, false) => area_2013(game, frame, EQUIPMENT),
                (false, true) => area_2013(game, frame, HAND),
            }
        }
        1 => {
            let area = match game.take_answer() {
                Some((_, Action::Option { index: HAND })) if hand => HAND,
                _ if equipped => EQUIPMENT,
                _ => HAND,
            };
            area_2013(game, frame, area)
        }
        2 => {
            discard_pick(game, target);
            Step::Done
        }
        _ => {
            if let Some((_, Action::Cards { cards })) = game.take_answer() {
                let held: Vec<CardId> = cards
                    .into_iter()
                    .filter(|c| game.table.zone_of(*c) == Zone::Hand(target))
                    .take(1)
                    .collect();
                game.discard(&held);
            }
            Step::Done
        }
    }
}

const EQUIPMENT_AREA: Areas = Areas {
    hand: false,
    equip: true,
    judge: false,
};

/// Asks the user for a card of the chosen area of the target.
fn area_2013(game: &mut Game, frame: &mut EffectFrame, area: u8) -> Step {
    let user = game.card_use(frame.use_id).user;
    let target = frame.target;
    if area == EQUIPMENT {
        frame.step = 2;
        return Step::ask(game.pick_prompt(user, target, EQUIPMENT_AREA, CAUSE, false));
    }
    frame.step = 3;
    let hand = game.hand(target).to_vec();
    if hand.is_empty() {
        return Step::Done;
    }
    game.show_cards(target, &hand, Known::Seats(vec![user]));
    Step::ask(Prompt::new(
        user,
        PromptKind::Choose { cause: CAUSE },
        Choices::Cards {
            from: hand,
            min: 1,
            max: 1,
            can_pass: false,
        },
    ))
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Pick};
    use crate::card::CardKind::*;
    use crate::prompt::PromptKind;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    fn pick_card(c: &Check, owner: u8, kind: crate::card::CardKind) -> Action {
        let table = c.game.table();
        let seat = &table.seats[owner as usize];
        let card = seat
            .equipment()
            .chain(seat.judge.iter().map(|d| d.card))
            .find(|id| c.game.card(*id).kind == kind)
            .expect("no such face-up card");
        Action::Pick {
            pick: Pick::Card { card },
        }
    }

    #[test]
    fn discards_a_hand_card_of_the_target() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Dismantlement]);
        seat(&mut s, 1).hand = cards(&[Peach]);
        let mut c = Check::new(s);
        c.card(0, Dismantlement, &[1]).pass_windows();
        assert!(c.is_asked(
            0,
            |k| matches!(k, PromptKind::PickCard { owner, .. } if owner.0 == 1)
        ));
        c.act(
            0,
            Action::Pick {
                pick: Pick::Hand { index: 0 },
            },
        );
        assert!(c.hand(1).is_empty());
        assert_eq!(c.discard_pile(), vec![Peach, Dismantlement]);
        c.assert_conserved();
    }

    #[test]
    fn discards_from_the_equipment_or_judgment_area() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Dismantlement, Dismantlement]);
        seat(&mut s, 1).equip = cards(&[EightDiagram]);
        seat(&mut s, 1).judge = cards(&[Indulgence]);
        let mut c = Check::new(s);
        c.card(0, Dismantlement, &[1]).pass_windows();
        let action = pick_card(&c, 1, EightDiagram);
        c.act(0, action);
        assert!(c.equipment(1).is_empty());
        c.card(0, Dismantlement, &[1]).pass_windows();
        let action = pick_card(&c, 1, Indulgence);
        c.act(0, action);
        assert!(c.judge_area(1).is_empty());
        assert!(c.discard_pile().contains(&Indulgence));
    }

    #[test]
    fn needs_another_seat_with_cards_at_any_distance() {
        let mut s = table(&[Lord, Rebel, Rebel, Rebel, Loyalist]);
        seat(&mut s, 0).hand = cards(&[Dismantlement, Slash]);
        seat(&mut s, 2).hand = cards(&[Jink]);
        seat(&mut s, 2).equip = cards(&[Jueying]);
        let c = Check::new(s);
        assert!(c.find_card(0, Dismantlement, &[2]).is_some());
        assert!(c.find_card(0, Dismantlement, &[1]).is_none());
        assert!(c.find_card(0, Dismantlement, &[0]).is_none());
    }
}
