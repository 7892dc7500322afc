//! 马术 Mashu — 马超.
//!
//! 锁定技，你与其他角色的距离-1。
//! Compulsory: your distance to other characters is reduced by 1. It adds to a −1 horse; the
//! distance is never below 1 (`timing-rulings.md` E.23).

use crate::def::skill::{Modifiers, SkillDef, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        distance_from: Some(minus_one),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Mashu,
        "马术",
        "Mashu",
        "锁定技，你与其他角色的距离-1。",
        "Compulsory: your distance to other characters is reduced by 1.",
    )
};

fn minus_one(_: &Game, _: Seat, _: Seat) -> i32 {
    -1
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind;
    use crate::ids::GeneralId;
    use crate::seat::{Role, Seat};
    use crate::testing::{cards, seat, table, Check};

    fn five() -> crate::scenario::Scenario {
        let mut s = table(&[
            Role::Lord,
            Role::Rebel,
            Role::Rebel,
            Role::Loyalist,
            Role::Renegade,
        ]);
        seat(&mut s, 0).general = GeneralId::Machao;
        s
    }

    #[test]
    fn his_distance_to_others_is_one_less_but_not_theirs_to_him() {
        let c = Check::new(five());
        let g = &c.game;
        assert_eq!(g.distance(Seat(0), Seat(1)), 1, "never below 1");
        assert_eq!(g.distance(Seat(0), Seat(2)), 1);
        assert_eq!(g.distance(Seat(0), Seat(3)), 1);
        assert_eq!(g.distance(Seat(2), Seat(0)), 2);
    }

    #[test]
    fn slash_reaches_two_seats_away() {
        let mut s = five();
        seat(&mut s, 0).hand = cards(&[CardKind::Slash]);
        let mut c = Check::new(s);
        assert!(c.find_card(0, CardKind::Slash, &[2]).is_some());
        // 铁骑 declined, no 闪.
        c.card(0, CardKind::Slash, &[3]).pass(0).pass(3);
        assert_eq!(c.hp(3), 3);
    }

    #[test]
    fn adds_to_horses() {
        // Seven seats: seat 3 is three steps away. 马术 and a −1 horse bring it to 1; the
        // target's +1 horse takes it back to 2.
        let mut s = table(&[
            Role::Lord,
            Role::Rebel,
            Role::Rebel,
            Role::Rebel,
            Role::Loyalist,
            Role::Loyalist,
            Role::Renegade,
        ]);
        seat(&mut s, 0).general = GeneralId::Machao;
        seat(&mut s, 0).equip = cards(&[CardKind::Chitu]);
        seat(&mut s, 0).hand = cards(&[CardKind::Snatch]);
        seat(&mut s, 3).equip = cards(&[CardKind::Dilu]);
        seat(&mut s, 4).hand = cards(&[CardKind::Jink]);
        let c = Check::new(s);
        assert_eq!(c.game.distance(Seat(0), Seat(3)), 2);
        assert_eq!(c.game.distance(Seat(0), Seat(4)), 1);
        // 顺手牵羊 goes by the same distance.
        assert!(c.find_card(0, CardKind::Snatch, &[4]).is_some());
        assert!(c.find_card(0, CardKind::Snatch, &[3]).is_none());
    }
}
