//! 鬼道 Guidao — 张角.
//!
//! 每当一名角色的判定牌生效前，你可以打出一张黑色牌替换之。
//! Before a character's judgment card takes effect, you may play a black card (hand or equipment)
//! to replace it.
//!
//! W-GUIDAO-1: an exchange — 张角 obtains the replaced judgment card (鬼才 discards it). Retrial
//! skills act in seat order from the current seat and the last replacement stands
//! (`resolve/judge.rs`). He is asked whenever he holds a hand card, black or not: which it is
//! stays his secret.

use crate::card::{CardId, Color};
use crate::def::skill::SkillDef;
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    retrial: Some(black_cards),
    retrial_exchange: true,
    ..SkillDef::named(
        SkillId::Guidao,
        "鬼道",
        "Guidao",
        "每当一名角色的判定牌生效前，你可以打出一张黑色牌替换之。",
        "Before a character's judgment card takes effect, you may play a black card to replace it; you obtain the replaced card.",
    )
};

fn black_cards(game: &Game, owner: Seat) -> Vec<CardId> {
    let cards = &game.table.seats[owner.index()];
    cards
        .held()
        .filter(|c| game.card(*c).color() == Color::Black)
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::{self, *};
    use crate::card::Suit;
    use crate::ids::{GeneralId, SkillId};
    use crate::prompt::Phase;
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// Seat 0 judges 闪电 (a ♥ miss); 张角 sits at seat 1 with `hand` (♠ cards) and `equip`.
    fn lightning(hand: Vec<CardSpec>, equip: &[CardKind]) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel]), "wind");
        seat(&mut s, 0).judge = cards(&[Lightning]);
        seat(&mut s, 1).general = GeneralId::Zhangjiao;
        seat(&mut s, 1).hand = hand;
        seat(&mut s, 1).equip = cards(equip);
        s.phase = Phase::Judge;
        s.draw_pile_top = vec![CardSpec::exact(Peach, Suit::Heart, 7)];
        let mut c = Check::new(s);
        c.pass_windows();
        c
    }

    #[test]
    fn w_guidao_1_swaps_in_a_black_card_and_takes_the_old_one() {
        let mut c = lightning(vec![CardSpec::exact(Dismantlement, Suit::Spade, 3)], &[]);
        let spade = c.hand_card(1, Dismantlement);
        c.act(
            1,
            Action::Skill {
                skill: SkillId::Guidao,
                cards: vec![spade],
                targets: vec![],
            },
        );
        // ♠3 hits: 3 thunder damage to seat 0; the ♥ 桃 is now 张角's.
        assert_eq!(c.hp(0), 1);
        assert_eq!(c.hand(1), vec![Peach]);
        c.assert_conserved();
    }

    #[test]
    fn w_guidao_1_only_black_cards_but_equipment_too() {
        let c = lightning(vec![CardSpec::exact(Jink, Suit::Heart, 2)], &[Axe]);
        // The ♦ 贯石斧 is red too; pass only.
        assert_eq!(c.prompt(1).legal_actions(10), vec![Action::Pass]);
        let c = lightning(vec![], &[Crossbow]);
        assert_eq!(
            c.prompt(1).legal_actions(10).len(),
            2,
            "the ♣ 诸葛连弩 or pass"
        );
    }
}
