//! 奇袭 Qixi — 甘宁.
//!
//! 你可以将一张黑色牌当【过河拆桥】使用。
//! You may use any black card as Dismantlement.
//!
//! Any black card of the hand or the equipment area (`generals-standard.md` §2).

use crate::card::{Card, CardKind, Color};
use crate::def::skill::{CardMode, SkillDef, ViewAs};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    view_as: Some(ViewAs {
        cards: 1,
        from_equip: true,
        as_kind,
        accepts: None,
        shared_suit: false,
        usable,
        nature: crate::card::Nature::Normal,
    }),
    ..SkillDef::named(
        SkillId::Qixi,
        "奇袭",
        "Qixi",
        "你可以将一张黑色牌当【过河拆桥】使用。",
        "You may use any black card as Dismantlement.",
    )
};

fn as_kind(cards: &[Card]) -> Option<CardKind> {
    match cards {
        [card] if card.color() == Color::Black => Some(CardKind::Dismantlement),
        _ => None,
    }
}

/// 过河拆桥 is only ever used on one's own initiative.
fn usable(_: &Game, _: Seat, mode: CardMode) -> bool {
    mode == CardMode::Play
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Pick};
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    fn qixi(c: &Check, card: crate::card::CardId, target: u8) -> Action {
        match c.find(0, |cs, skill, t| {
            cs == [card] && skill == Some(SkillId::Qixi) && t.len() == 1 && t[0].0 == target
        }) {
            Some(a) => a,
            None => panic!("no 奇袭 with {card:?} on {target}"),
        }
    }

    #[test]
    fn black_hand_card_as_dismantlement() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Ganning;
        seat(&mut s, 0).hand = vec![CardSpec::exact(Slash, Suit::Spade, 7)];
        seat(&mut s, 1).equip = cards(&[EightDiagram]);
        let mut c = Check::new(s);
        let slash = c.hand_card(0, Slash);
        let action = qixi(&c, slash, 1);
        c.act(0, action).pass_windows();
        let armor = c.game.table().seats[1].equipment().next().unwrap();
        c.act(
            0,
            Action::Pick {
                pick: Pick::Card { card: armor },
            },
        );
        assert!(c.equipment(1).is_empty());
        assert!(c.hand(0).is_empty());
        assert!(c.game.table().discard_pile.contains(&slash));
        c.assert_conserved();
    }

    #[test]
    fn black_equipment_counts_red_cards_do_not() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Ganning;
        // 青釭剑 is ♠6; a ♥ 闪 is red.
        seat(&mut s, 0).equip = cards(&[QinggangSword]);
        seat(&mut s, 0).hand = vec![CardSpec::exact(Jink, Suit::Heart, 2)];
        seat(&mut s, 1).hand = cards(&[Peach]);
        let c = Check::new(s);
        let sword = c.game.table().seats[0].equipment().next().unwrap();
        let jink = c.hand_card(0, Jink);
        assert!(c
            .find(0, |cs, skill, _| cs == [sword]
                && skill == Some(SkillId::Qixi))
            .is_some());
        assert!(c
            .find(0, |cs, skill, _| cs == [jink]
                && skill == Some(SkillId::Qixi))
            .is_none());
    }

    #[test]
    fn not_in_a_response() {
        // 甘宁 is asked for a 闪 against a 杀: 奇袭 offers nothing there.
        let mut s = table(&[Lord, Rebel, Rebel]);
        seat(&mut s, 1).general = GeneralId::Ganning;
        seat(&mut s, 1).hand = vec![CardSpec::exact(Slash, Suit::Club, 8)];
        seat(&mut s, 0).hand = cards(&[Slash]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        assert_eq!(
            c.prompt(1).legal_actions(100),
            vec![Action::Pass],
            "only passing"
        );
    }

    #[test]
    fn the_converted_trick_can_be_nullified() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Ganning;
        seat(&mut s, 0).hand = vec![CardSpec::exact(Slash, Suit::Spade, 7)];
        seat(&mut s, 1).hand = cards(&[Nullification, Jink]);
        let mut c = Check::new(s);
        let slash = c.hand_card(0, Slash);
        let action = qixi(&c, slash, 1);
        c.act(0, action);
        c.card(1, Nullification, &[]).pass_windows();
        assert_eq!(c.hand(1), vec![Jink]);
        assert!(c.is_asked(0, |k| matches!(k, crate::prompt::PromptKind::Play)));
    }
}
