//! 倾国 Qingguo — 甄姬.
//!
//! 你可以将一张黑色手牌当【闪】使用或打出。
//! You may use or play a black hand card as a Jink.
//!
//! A conversion: wherever a 闪 may be used or played, each black hand card is offered as one.
//! Only hand cards (equipment cannot be converted).
//!
//! The 2008 text ([`EARLY`], `V-EARLY-29`, `edition = 2008`): 倾国：可以用任意手牌代替闪使用。 Any hand card, of
//! either colour (the first list of the leaflet; its second list already has the black card).

use crate::card::{Card, CardKind, Color};
use crate::def::skill::{CardMode, SkillDef, ViewAs};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    view_as: Some(ViewAs {
        cards: 1,
        from_equip: false,
        as_kind: black_as_jink,
        accepts: None,
        shared_suit: false,
        usable: any_time,
        nature: crate::card::Nature::Normal,
    }),
    ..SkillDef::named(
        SkillId::Qingguo,
        "倾国",
        "Qingguo",
        "你可以将一张黑色手牌当【闪】使用或打出。",
        "You may use or play a black hand card as a Jink.",
    )
};

/// 倾国 as the 2008 leaflet words it: any hand card as 闪.
pub static EARLY: SkillDef = SkillDef {
    view_as: Some(ViewAs {
        cards: 1,
        from_equip: false,
        as_kind: |cards| matches!(cards, [_]).then_some(CardKind::Jink),
        accepts: None,
        shared_suit: false,
        usable: any_time,
        nature: crate::card::Nature::Normal,
    }),
    ..SkillDef::named(
        SkillId::QingguoEarly,
        "倾国",
        "Qingguo",
        "你可以将一张手牌当【闪】使用或打出。",
        "You may use or play any hand card as a Jink.",
    )
};

fn black_as_jink(cards: &[Card]) -> Option<CardKind> {
    matches!(cards, [card] if card.color() == Color::Black).then_some(CardKind::Jink)
}

fn any_time(_: &Game, _: Seat, _: CardMode) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::{self, *};
    use crate::event::Event;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::seat::{Role::*, Seat};
    use crate::testing::{cards, seat, table, Check};

    fn zhenji_targeted(by: CardKind, hand: &[CardKind], equip: &[CardKind]) -> Check {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[by]);
        seat(&mut s, 1).general = GeneralId::Zhenji;
        seat(&mut s, 1).hand = cards(hand);
        seat(&mut s, 1).equip = cards(equip);
        let mut c = Check::new(s);
        let targets: &[u8] = if by == Slash { &[1] } else { &[] };
        c.card(0, by, targets);
        c.pass_windows();
        c
    }

    fn qingguo(c: &Check, kind: CardKind) -> Option<crate::action::Action> {
        c.find(1, |cards, skill, _| {
            skill == Some(SkillId::Qingguo)
                && cards.len() == 1
                && c.game.card(cards[0]).kind == kind
        })
    }

    #[test]
    fn a_black_hand_card_dodges_a_slash() {
        let mut c = zhenji_targeted(Slash, &[Duel, Peach], &[]);
        assert!(qingguo(&c, Peach).is_none(), "red cards are not offered");
        let duel = qingguo(&c, Duel).expect("black card as 闪");
        c.act(1, duel);
        assert_eq!(c.hp(1), 3);
        assert_eq!(c.hand(1), vec![Peach]);
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::CardUsed { seat: Seat(1), card, .. }
                if card.kind == Jink && card.skill == Some(SkillId::Qingguo)
        )));
        c.assert_conserved();
    }

    #[test]
    fn answers_archery_attack_too() {
        let mut c = zhenji_targeted(ArcheryAttack, &[Slash], &[]);
        let slash = qingguo(&c, Slash).expect("black 杀 as 闪");
        c.act(1, slash);
        assert_eq!(c.hp(1), 3);
        assert!(c.hand(1).is_empty());
    }

    #[test]
    fn equipment_cannot_be_converted() {
        let c = zhenji_targeted(Slash, &[], &[EightDiagram]);
        assert!(qingguo(&c, EightDiagram).is_none());
    }

    /// V-EARLY-29: the 2008 甄姬 answers a 杀 with a red hand card (a 桃) as 闪; an equipped card
    /// is not offered.
    #[test]
    fn v_early_29_the_2008_qingguo_takes_any_hand_card() {
        let mut s = table(&[Lord, Rebel]);
        s.ruleset.edition = crate::ruleset::EARLY_EDITION.to_string();
        s.current = Some(Seat(1));
        seat(&mut s, 0).general = GeneralId::ZhenjiEarly;
        seat(&mut s, 0).hand = cards(&[Peach]);
        seat(&mut s, 0).equip = cards(&[Crossbow]);
        seat(&mut s, 1).hand = cards(&[Slash]);
        let mut c = Check::new(s);
        c.card(1, Slash, &[0]);
        let peach = c.hand_card(0, Peach);
        let crossbow = c.game.table().seats[0].equipment().next();
        assert!(c
            .find(0, |cards, skill, _| skill == Some(SkillId::QingguoEarly)
                && Some(cards[0]) == crossbow)
            .is_none());
        let Some(jink) = c.find(0, |cards, skill, _| {
            skill == Some(SkillId::QingguoEarly) && cards == [peach]
        }) else {
            panic!("a 桃 as 闪 is offered");
        };
        c.act(0, jink);
        assert_eq!(c.hp(0), 3);
        assert!(c.hand(0).is_empty());
    }
}
