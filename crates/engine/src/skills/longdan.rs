//! 龙胆 Longdan — 赵云.
//!
//! 你可以将一张【杀】当【闪】、【闪】当【杀】使用或打出。
//! You may use or play a Slash as a Jink, or a Jink as a Slash (hand cards only).

use crate::card::{Card, CardKind};
use crate::def::skill::{CardMode, SkillDef, ViewAs};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    view_as: Some(ViewAs {
        cards: 1,
        from_equip: false,
        as_kind: swap,
        accepts: None,
        shared_suit: false,
        usable: any_time,
        nature: crate::card::Nature::Normal,
    }),
    ..SkillDef::named(
        SkillId::Longdan,
        "龙胆",
        "Longdan",
        "你可以将一张【杀】当【闪】、【闪】当【杀】使用或打出。",
        "You may use or play a Slash as a Jink, or a Jink as a Slash.",
    )
};

fn swap(cards: &[Card]) -> Option<CardKind> {
    match cards {
        [card] if card.kind == CardKind::Slash => Some(CardKind::Jink),
        [card] if card.kind == CardKind::Jink => Some(CardKind::Slash),
        _ => None,
    }
}

fn any_time(_: &Game, _: Seat, _: CardMode) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind;
    use crate::event::Event;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::seat::{Role, Seat};
    use crate::testing::{cards, seat, table, Check};

    fn longdan_option(c: &Check, seat: u8, targets: &[u8]) -> Option<crate::action::Action> {
        c.find(seat, |_, skill, t| {
            skill == Some(SkillId::Longdan) && t.iter().map(|s| s.0).eq(targets.iter().copied())
        })
    }

    #[test]
    fn a_jink_is_used_as_slash_and_counts_toward_the_limit() {
        let mut s = table(&[Role::Lord, Role::Rebel]);
        seat(&mut s, 0).general = GeneralId::Zhaoyun;
        seat(&mut s, 0).hand = cards(&[CardKind::Jink, CardKind::Jink]);
        let mut c = Check::new(s);
        let action = longdan_option(&c, 0, &[1]).expect("闪 as 杀");
        c.act(0, action);
        c.pass(1);
        assert_eq!(c.hp(1), 3);
        assert!(longdan_option(&c, 0, &[1]).is_none(), "one 杀 per phase");
    }

    #[test]
    fn a_slash_is_used_as_jink_against_a_slash() {
        let mut s = table(&[Role::Lord, Role::Rebel]);
        seat(&mut s, 0).general = GeneralId::Zhaoyun;
        seat(&mut s, 0).hand = cards(&[CardKind::Slash]);
        seat(&mut s, 1).hand = cards(&[CardKind::Slash]);
        s.current = Some(Seat(1));
        let mut c = Check::new(s);
        c.card(1, CardKind::Slash, &[0]);
        let dodge = longdan_option(&c, 0, &[]).expect("杀 as 闪");
        c.act(0, dodge);
        assert_eq!(c.hp(0), 4);
        assert!(c.hand(0).is_empty());
        assert!(c.events.iter().any(|e| matches!(e,
            Event::CardUsed { seat: Seat(0), card, .. }
                if card.kind == CardKind::Jink && card.skill == Some(SkillId::Longdan)
        )));
    }

    #[test]
    fn a_jink_is_played_as_slash_against_savage_assault() {
        let mut s = table(&[Role::Lord, Role::Rebel]);
        seat(&mut s, 0).general = GeneralId::Zhaoyun;
        seat(&mut s, 0).hand = cards(&[CardKind::Jink]);
        seat(&mut s, 1).hand = cards(&[CardKind::SavageAssault]);
        s.current = Some(Seat(1));
        let mut c = Check::new(s);
        c.card(1, CardKind::SavageAssault, &[]).pass_windows();
        // Only the conversion answers: a 闪 is not a 杀 by itself.
        assert!(c.find_card(0, CardKind::Jink, &[]).is_none());
        let answer = longdan_option(&c, 0, &[]).expect("闪 as 杀");
        c.act(0, answer);
        assert_eq!(c.hp(0), 4);
        assert!(c.events.iter().any(|e| matches!(e,
            Event::CardPlayed { seat: Seat(0), card } if card.kind == CardKind::Slash
        )));
    }
}
