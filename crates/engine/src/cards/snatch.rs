//! 顺手牵羊 Snatch — 普通锦囊.
//!
//! 出牌阶段，对距离为1且区域内有牌的一名其他角色使用。你获得其区域内的一张牌。
//! Use on another character at distance 1 with a card in any area: take one card from their
//! areas. (奇才 lifts the distance limit.) With the 2013 1v1 deck (M-1V1-6) the judgment area is
//! not one of them.

use crate::card::{CardKind, Category, UsedCard};
use crate::def::card::{always, CardDef, Target};
use crate::game::Game;
use crate::prompt::Cause;
use crate::resolve::{EffectFrame, Step};
use crate::seat::Seat;
use crate::zone::Zone;

use super::supply_shortage::within_reach;

pub static DEF: CardDef = CardDef {
    kind: CardKind::Snatch,
    name_zh: "顺手牵羊",
    name_en: "Snatch",
    text_zh: "出牌阶段，对距离为1且区域内有牌的一名其他角色使用。你获得其区域内的一张牌。",
    text_en: "Use on another character at distance 1 with cards in any area: take one card from their areas.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::One(near_with_cards),
    can_use: always,
    on_start: None,
    effect: Some(effect),
    delayed: None,
    recast: false,
    on_unequip: None,
    after_effects: None,
};

fn near_with_cards(game: &Game, user: Seat, target: Seat, card: &UsedCard) -> bool {
    user != target
        && within_reach(game, user, target, card)
        && game.has_cards_in(target, game.takeable_areas())
}

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    let user = game.card_use(frame.use_id).user;
    let target = frame.target;
    if frame.step == 0 {
        let areas = game.takeable_areas();
        if !game.has_cards_in(target, areas) {
            return Step::Done;
        }
        frame.step = 1;
        let cause = Cause::Card(CardKind::Snatch);
        return Step::ask(game.pick_prompt(user, target, areas, cause, false));
    }
    if let Some((_, action)) = game.take_answer() {
        if let Some(card) = game.take_pick(target, &action) {
            game.move_cards(&[card], Zone::Hand(user));
        }
    }
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Pick};
    use crate::card::CardKind::*;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    #[test]
    fn takes_a_card_into_the_users_hand() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Snatch]);
        seat(&mut s, 1).hand = cards(&[Peach]);
        let mut c = Check::new(s);
        c.card(0, Snatch, &[1]).pass_windows();
        c.act(
            0,
            Action::Pick {
                pick: Pick::Hand { index: 0 },
            },
        );
        assert_eq!(c.hand(0), vec![Peach]);
        assert!(c.hand(1).is_empty());
        c.assert_conserved();
    }

    #[test]
    fn takes_an_equipped_card() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Snatch]);
        seat(&mut s, 1).equip = cards(&[Crossbow]);
        let mut c = Check::new(s);
        c.card(0, Snatch, &[1]).pass_windows();
        let card = c.game.table().seats[1].equipment().next().unwrap();
        c.act(
            0,
            Action::Pick {
                pick: Pick::Card { card },
            },
        );
        assert_eq!(c.hand(0), vec![Crossbow]);
        assert!(c.equipment(1).is_empty());
    }

    #[test]
    fn only_at_distance_one_and_weapons_do_not_help() {
        // timing-rulings.md E.23.
        let mut s = table(&[Lord, Rebel, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[Snatch]);
        seat(&mut s, 0).equip = cards(&[KylinBow]);
        for i in 1..4 {
            seat(&mut s, i).hand = cards(&[Jink]);
        }
        let c = Check::new(s);
        assert!(c.find_card(0, Snatch, &[1]).is_some());
        assert!(c.find_card(0, Snatch, &[3]).is_some());
        assert!(c.find_card(0, Snatch, &[2]).is_none());
        assert!(c.find_card(0, Snatch, &[0]).is_none());
    }

    #[test]
    fn horses_change_the_distance_for_snatch() {
        let mut s = table(&[Lord, Rebel, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[Snatch]);
        seat(&mut s, 0).equip = cards(&[Chitu]);
        seat(&mut s, 1).equip = cards(&[Dilu]);
        seat(&mut s, 2).hand = cards(&[Jink]);
        seat(&mut s, 3).equip = cards(&[Jueying, Dayuan]);
        let c = Check::new(s);
        // -1 horse: the seat opposite is now at distance 1.
        assert!(c.find_card(0, Snatch, &[2]).is_some());
        // +1 and -1 cancel out.
        assert!(c.find_card(0, Snatch, &[1]).is_some());
        let mut s = table(&[Lord, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[Snatch]);
        seat(&mut s, 1).equip = cards(&[Dilu]);
        seat(&mut s, 2).hand = cards(&[Jink]);
        let c = Check::new(s);
        // +1 horse: out of reach.
        assert!(c.find_card(0, Snatch, &[1]).is_none());
        assert!(c.find_card(0, Snatch, &[2]).is_some());
    }

    #[test]
    fn needs_a_card_in_some_area() {
        let mut s = table(&[Lord, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[Snatch]);
        seat(&mut s, 2).judge = cards(&[Indulgence]);
        let c = Check::new(s);
        assert!(c.find_card(0, Snatch, &[1]).is_none());
        assert!(c.find_card(0, Snatch, &[2]).is_some());
    }
}
