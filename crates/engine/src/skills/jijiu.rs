//! 急救 Jijiu — 华佗.
//!
//! 你的回合外，你可以将一张红色牌当【桃】使用。
//! Outside your turn, you may use any red card (hand or equipment) as a Peach.
//!
//! A conversion offered wherever 华佗 may use a 桃 while it is not his turn — in practice, to save
//! a dying character (himself included).

use crate::card::{Card, CardKind, Color};
use crate::def::skill::{CardMode, SkillDef, ViewAs};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    view_as: Some(ViewAs {
        cards: 1,
        from_equip: true,
        as_kind: red_as_peach,
        accepts: None,
        shared_suit: false,
        usable: outside_own_turn,
        nature: crate::card::Nature::Normal,
    }),
    ..SkillDef::named(
        SkillId::Jijiu,
        "急救",
        "Jijiu",
        "你的回合外，你可以将一张红色牌当【桃】使用。",
        "Outside your turn, you may use any red card as a Peach.",
    )
};

fn red_as_peach(cards: &[Card]) -> Option<CardKind> {
    matches!(cards, [card] if card.color() == Color::Red).then_some(CardKind::Peach)
}

fn outside_own_turn(game: &Game, owner: Seat, _: CardMode) -> bool {
    game.turn.seat != owner
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::{self, *};
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::PromptKind;
    use crate::seat::{Role::*, Seat};
    use crate::testing::{cards, seat, table, Check};

    fn jijiu(c: &Check, seat: u8, kind: CardKind) -> Option<crate::action::Action> {
        c.find(seat, |cards, skill, _| {
            skill == Some(SkillId::Jijiu) && cards.len() == 1 && c.game.card(cards[0]).kind == kind
        })
    }

    /// Seat 0 slashes seat 2 (1 HP) into dying; 华佗 sits at `huatuo`.
    fn dying(huatuo: u8, hand: &[CardKind], equip: &[CardKind]) -> Check {
        let mut s = table(&[Lord, Rebel, Loyalist]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 2).hp = Some(1);
        seat(&mut s, huatuo).general = GeneralId::Huatuo;
        seat(&mut s, huatuo).hand = cards(hand);
        seat(&mut s, huatuo).equip = cards(equip);
        let mut c = Check::new(s);
        c.card(0, Slash, &[2]).pass(2);
        c
    }

    #[test]
    fn saves_with_a_red_equipment_card_outside_his_turn() {
        let mut c = dying(1, &[Slash], &[Chitu]);
        c.pass(0);
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Save { dying: Seat(2) })));
        assert!(jijiu(&c, 1, Slash).is_none(), "black cards are not offered");
        let horse = jijiu(&c, 1, Chitu).expect("red equipment as 桃");
        c.act(1, horse);
        assert_eq!(c.hp(2), 1);
        assert!(c.equipment(1).is_empty());
        assert!(c.alive(2));
        c.assert_conserved();
    }

    #[test]
    fn saves_himself_with_a_red_hand_card() {
        let mut c = dying(2, &[Jink], &[]);
        c.pass(0).pass(1);
        let jink = jijiu(&c, 2, Jink).expect("red hand card as 桃");
        c.act(2, jink);
        assert_eq!(c.hp(2), 1);
    }

    #[test]
    fn not_in_his_own_turn() {
        // 华佗 (seat 0) slashes seat 2 into dying during his own turn: no 急救.
        let mut c = dying(0, &[Jink, Slash], &[]);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Save { .. })));
        assert!(jijiu(&c, 0, Jink).is_none());
        c.pass(0).pass(1).pass(2);
        assert!(!c.alive(2));
    }

    #[test]
    fn no_peach_in_his_own_play_phase() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Huatuo;
        seat(&mut s, 0).hp = Some(2);
        seat(&mut s, 0).hand = cards(&[Jink]);
        let c = Check::new(s);
        assert!(jijiu(&c, 0, Jink).is_none());
    }
}
