//! 过河拆桥 Dismantlement — 普通锦囊.
//!
//! 出牌阶段，对区域内有牌的一名其他角色使用。你弃置其区域内的一张牌。
//! Use on another character with a card in any area: discard one card from their areas.

use crate::card::{CardKind, Category, UsedCard};
use crate::def::card::{always, CardDef, Target};
use crate::game::Game;
use crate::prompt::Cause;
use crate::resolve::pick::Areas;
use crate::resolve::{EffectFrame, Step};
use crate::seat::Seat;

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
};

fn has_cards(game: &Game, user: Seat, target: Seat, _: &UsedCard) -> bool {
    user != target && game.has_cards_in(target, Areas::ALL)
}

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    let user = game.card_use(frame.use_id).user;
    let target = frame.target;
    if frame.step == 0 {
        if !game.has_cards_in(target, Areas::ALL) {
            return Step::Done;
        }
        frame.step = 1;
        let cause = Cause::Card(CardKind::Dismantlement);
        return Step::ask(game.pick_prompt(user, target, Areas::ALL, cause, false));
    }
    if let Some((_, action)) = game.take_answer() {
        if let Some(card) = game.take_pick(target, &action) {
            game.discard(&[card]);
        }
    }
    Step::Done
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
