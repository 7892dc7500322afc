//! 武圣 Wusheng — 关羽.
//!
//! 你可以将一张红色牌当【杀】使用或打出。
//! You may use or play any red card (hand or equipment) as a Slash.
//!
//! A red weapon used this way no longer lends its range to the 杀 it becomes, and a red −1 horse
//! no longer shortens its distance (`cards/slash.rs`).

use crate::card::{Card, CardKind, Color};
use crate::def::skill::{CardMode, SkillDef, ViewAs};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    view_as: Some(ViewAs {
        cards: 1,
        from_equip: true,
        as_kind: red_as_slash,
        accepts: None,
        shared_suit: false,
        usable: any_time,
        nature: crate::card::Nature::Normal,
    }),
    ..SkillDef::named(
        SkillId::Wusheng,
        "武圣",
        "Wusheng",
        "你可以将一张红色牌当【杀】使用或打出。",
        "You may use or play any red card (hand or equipment) as a Slash.",
    )
};

fn red_as_slash(cards: &[Card]) -> Option<CardKind> {
    match cards {
        [card] if card.color() == Color::Red => Some(CardKind::Slash),
        _ => None,
    }
}

fn any_time(_: &Game, _: Seat, _: CardMode) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::{CardKind, Suit};
    use crate::event::Event;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::scenario::CardSpec;
    use crate::seat::Role;
    use crate::testing::{seat, table, Check};

    fn suited(kind: CardKind, suit: Suit) -> CardSpec {
        CardSpec::Kind {
            kind,
            suit: Some(suit),
            rank: None,
        }
    }

    /// 关羽's 武圣 actions: the physical card's kind and the targets.
    fn wusheng_options(c: &Check, seat: u8) -> Vec<(CardKind, Vec<u8>)> {
        c.prompt(seat)
            .legal_actions(4096)
            .into_iter()
            .filter_map(|a| match a {
                Action::Card {
                    cards,
                    skill: Some(SkillId::Wusheng),
                    targets,
                } => Some((
                    c.game.card(cards[0]).kind,
                    targets.iter().map(|t| t.0).collect(),
                )),
                _ => None,
            })
            .collect()
    }

    fn use_as_slash(c: &mut Check, seat: u8, kind: CardKind, target: u8) {
        let action = c
            .find(seat, |cards, skill, t| {
                skill == Some(SkillId::Wusheng)
                    && c.game.card(cards[0]).kind == kind
                    && t.iter().map(|s| s.0).eq([target])
            })
            .unwrap_or_else(|| panic!("no 武圣 {kind:?} on {target}"));
        c.act(seat, action);
    }

    #[test]
    fn a_red_hand_card_is_used_as_slash_and_a_black_one_is_not() {
        let mut s = table(&[Role::Lord, Role::Rebel]);
        seat(&mut s, 0).general = GeneralId::Guanyu;
        seat(&mut s, 0).hand = vec![
            suited(CardKind::Peach, Suit::Heart),
            suited(CardKind::Duel, Suit::Spade),
        ];
        let mut c = Check::new(s);
        assert_eq!(wusheng_options(&c, 0), vec![(CardKind::Peach, vec![1])]);
        use_as_slash(&mut c, 0, CardKind::Peach, 1);
        assert!(c.events.iter().any(|e| matches!(e,
            Event::CardUsed { card, .. }
                if card.kind == CardKind::Slash && card.skill == Some(SkillId::Wusheng)
        )));
        c.pass(1);
        assert_eq!(c.hp(1), 3);
        // The converted 杀 counts toward the one 杀 per phase.
        assert!(wusheng_options(&c, 0).is_empty());
        c.assert_conserved();
    }

    #[test]
    fn a_red_equipped_card_is_played_as_slash_in_a_duel() {
        let mut s = table(&[Role::Lord, Role::Rebel]);
        seat(&mut s, 0).general = GeneralId::Guanyu;
        seat(&mut s, 0).equip = vec![CardKind::Chitu.into()];
        seat(&mut s, 1).hand = vec![CardKind::Duel.into()];
        s.current = Some(crate::seat::Seat(1));
        let mut c = Check::new(s);
        c.card(1, CardKind::Duel, &[0]).pass_windows();
        let answer = c
            .find(0, |_, skill, _| skill == Some(SkillId::Wusheng))
            .expect("赤兔 offered as 杀");
        c.act(0, answer);
        assert!(c.equipment(0).is_empty());
        assert!(c.events.iter().any(|e| matches!(e,
            Event::CardPlayed { card, .. } if card.kind == CardKind::Slash
        )));
        // Seat 1 has no 杀 left and takes the damage.
        c.pass(1);
        assert_eq!((c.hp(0), c.hp(1)), (4, 3));
    }

    #[test]
    fn a_red_weapon_used_as_slash_loses_its_range() {
        // 麒麟弓 (♥5, range 5): as a weapon it reaches seat 2 at distance 2; used as the 杀
        // itself it no longer does.
        let mut s = table(&[
            Role::Lord,
            Role::Rebel,
            Role::Rebel,
            Role::Loyalist,
            Role::Renegade,
        ]);
        seat(&mut s, 0).general = GeneralId::Guanyu;
        seat(&mut s, 0).equip = vec![CardKind::KylinBow.into()];
        seat(&mut s, 0).hand = vec![suited(CardKind::Jink, Suit::Diamond)];
        let c = Check::new(s);
        let options = wusheng_options(&c, 0);
        for target in [1, 2, 3, 4] {
            assert!(options.contains(&(CardKind::Jink, vec![target])));
        }
        assert!(options.contains(&(CardKind::KylinBow, vec![1])));
        assert!(options.contains(&(CardKind::KylinBow, vec![4])));
        assert!(!options.contains(&(CardKind::KylinBow, vec![2])));
        assert!(!options.contains(&(CardKind::KylinBow, vec![3])));
    }

    #[test]
    fn a_red_horse_used_as_slash_no_longer_shortens_the_distance() {
        // 赤兔 brings seat 2 to distance 1; used as the 杀 itself it does not.
        let mut s = table(&[
            Role::Lord,
            Role::Rebel,
            Role::Rebel,
            Role::Loyalist,
            Role::Renegade,
        ]);
        seat(&mut s, 0).general = GeneralId::Guanyu;
        seat(&mut s, 0).equip = vec![CardKind::Chitu.into()];
        seat(&mut s, 0).hand = vec![suited(CardKind::Jink, Suit::Diamond)];
        let c = Check::new(s);
        let options = wusheng_options(&c, 0);
        assert!(options.contains(&(CardKind::Jink, vec![2])));
        assert!(options.contains(&(CardKind::Chitu, vec![1])));
        assert!(!options.contains(&(CardKind::Chitu, vec![2])));
    }
}
