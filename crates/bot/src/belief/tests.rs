//! Tests of identity inference and of the roles' plans.

use super::*;
use sgs_engine::{Event, UsedCard};

fn used(seat: u8, kind: CardKind, targets: &[u8]) -> EventView {
    Event::CardUsed {
        seat: Seat(seat),
        card: UsedCard::virtual_card(kind),
        targets: targets.iter().map(|t| Seat(*t)).collect(),
    }
}

/// An 8-seat table seen by `me` with `role`; seat 0 is the lord.
fn table(me: u8, role: Role) -> Beliefs {
    let mut b = Beliefs::new(Seat(me));
    b.observe(&Event::GameStarted {
        seats: 8,
        lord: Seat(0),
    });
    b.observe(&Event::RoleDealt {
        seat: Seat(0),
        role: Role::Lord,
    });
    b.observe(&Event::RoleDealt {
        seat: Seat(me),
        role,
    });
    b
}

#[test]
fn attacking_the_lord_marks_a_rebel_for_the_lord_side() {
    let mut b = table(1, Role::Loyalist);
    let before = b.relation(Seat(3));
    b.observe(&used(3, CardKind::Slash, &[0]));
    assert!(b.relation(Seat(3)) < before);
    assert!(b.relation(Seat(3)) < -0.5, "{}", b.relation(Seat(3)));
    // The lord is always an ally of a loyalist.
    assert_eq!(b.relation(Seat(0)), 1.0);
}

#[test]
fn attacking_a_rebel_marks_a_loyalist() {
    let mut b = table(0, Role::Lord);
    b.observe(&used(3, CardKind::Slash, &[0]));
    b.observe(&used(3, CardKind::Duel, &[0]));
    // Seat 5 attacks the seat that attacked the lord: the lord now trusts seat 5.
    b.observe(&used(5, CardKind::Slash, &[3]));
    let once = b.relation(Seat(5));
    assert!(once > 0.0, "{once}");
    // One act may be a renegade's; a second one makes a loyalist likelier.
    b.observe(&used(5, CardKind::Slash, &[3]));
    assert!(b.relation(Seat(5)) > 0.3, "{}", b.relation(Seat(5)));
    assert!(b.relation(Seat(5)) > once);
    assert!(b.relation(Seat(3)) < -0.5);
}

#[test]
fn saving_the_lord_is_loyal_and_a_rebel_sees_the_saver_as_an_enemy() {
    let mut rebel = table(2, Role::Rebel);
    rebel.observe(&used(4, CardKind::Peach, &[0]));
    assert!(rebel.relation(Seat(4)) < -0.5);
    assert_eq!(rebel.relation(Seat(0)), -1.0);
    let mut lord = table(0, Role::Lord);
    lord.observe(&used(4, CardKind::Peach, &[0]));
    assert!(lord.relation(Seat(4)) > 0.5);
}

#[test]
fn dead_roles_are_known_and_change_the_counts() {
    let mut b = table(0, Role::Lord);
    for seat in [2, 3, 4, 5] {
        b.observe(&Event::Died {
            seat: Seat(seat),
            role: Role::Rebel,
            killer: None,
        });
    }
    assert!(!b.rebels_left());
    assert_eq!(b.relation(Seat(2)), -1.0);
    // Two loyalists and a renegade left among three unknown seats.
    let p = b.p_pro_lord(Seat(1));
    assert!((p - 2.0 / 3.0).abs() < 1e-4, "{p}");
}

#[test]
fn a_renegade_keeps_the_lord_alive_until_the_end() {
    let mut b = table(7, Role::Renegade);
    assert!(b.relation(Seat(0)) > 0.0);
    for seat in 1..7 {
        b.observe(&Event::Died {
            seat: Seat(seat),
            role: if seat < 3 {
                Role::Loyalist
            } else {
                Role::Rebel
            },
            killer: None,
        });
    }
    assert_eq!(b.relation(Seat(0)), -1.0);
}

#[test]
fn nullifying_a_harmful_trick_protects_its_target() {
    let mut b = table(1, Role::Loyalist);
    b.observe(&used(3, CardKind::Dismantlement, &[0]));
    b.observe(&used(6, CardKind::Nullification, &[]));
    assert!(b.relation(Seat(6)) > 0.0, "{}", b.relation(Seat(6)));
    assert!(b.p_pro_lord(Seat(6)) > 0.5);
    assert!(b.relation(Seat(3)) < 0.0);
}

/// Seat 3 attacks the lord, seat 2 attacks seat 3 twice: a rebel and a likely loyalist.
fn sides_shown(b: &mut Beliefs) {
    b.observe(&used(3, CardKind::Slash, &[0]));
    b.observe(&used(3, CardKind::Duel, &[0]));
    b.observe(&used(2, CardKind::Slash, &[3]));
    b.observe(&used(2, CardKind::Slash, &[3]));
}

#[test]
fn helping_the_lord_then_hurting_loyalists_marks_a_renegade() {
    let mut b = table(1, Role::Loyalist);
    sides_shown(&mut b);
    // Seat 4 saves the lord: no sure loyalist, since a renegade keeps the lord alive too.
    b.observe(&used(4, CardKind::Peach, &[0]));
    let (loyal, _, renegade) = b.odds(Seat(4));
    assert!(loyal > 0.5 && renegade > 0.2, "{loyal} {renegade}");
    // Then it turns on the seat that fought the rebel.
    b.observe(&used(4, CardKind::Slash, &[2]));
    b.observe(&used(4, CardKind::Slash, &[2]));
    let (loyal, rebel, renegade) = b.odds(Seat(4));
    assert!(
        renegade > loyal && renegade > rebel,
        "{loyal} {rebel} {renegade}"
    );
    assert!(b.relation(Seat(4)) < ALLY_FOR_TESTS);
}

const ALLY_FOR_TESTS: f32 = 0.3;

#[test]
fn rebels_leave_a_likely_renegade_alone_but_not_a_loyalist() {
    let mut b = table(3, Role::Rebel);
    b.observe(&used(5, CardKind::Slash, &[0]));
    b.observe(&used(2, CardKind::Slash, &[5]));
    b.observe(&used(2, CardKind::Slash, &[5]));
    // Seat 4 heals the lord and hurts the lord's defender seat 2: a renegade.
    b.observe(&used(4, CardKind::Peach, &[0]));
    for _ in 0..3 {
        b.observe(&used(4, CardKind::Slash, &[2]));
    }
    assert!(b.relation(Seat(4)) > -0.15, "{}", b.relation(Seat(4)));
    // Seat 2 only defends the lord: a loyalist, an enemy.
    assert!(b.relation(Seat(2)) < -0.5, "{}", b.relation(Seat(2)));
}

#[test]
fn a_renegade_takes_on_the_last_rebel_and_the_loyalists_alike() {
    let mut b = table(7, Role::Renegade);
    for seat in [3, 4, 5] {
        b.observe(&Event::Died {
            seat: Seat(seat),
            role: Role::Rebel,
            killer: None,
        });
    }
    b.observe(&used(6, CardKind::Slash, &[0]));
    b.observe(&used(6, CardKind::Slash, &[0]));
    // Seat 6 is almost surely the last rebel: it falls soon anyway, so the renegade takes
    // its reward; the loyalists stay targets, the lord is kept.
    assert!(b.relation(Seat(6)) < -0.15, "{}", b.relation(Seat(6)));
    assert!(b.relation(Seat(1)) < -0.15, "{}", b.relation(Seat(1)));
    assert!(b.relation(Seat(0)) > 0.0);
}

#[test]
fn a_renegade_knows_whether_the_lord_still_trusts_it() {
    let mut b = table(7, Role::Renegade);
    // Seats 1 and 7 both helped the lord.
    b.observe(&used(1, CardKind::Peach, &[0]));
    b.observe(&used(1, CardKind::Peach, &[0]));
    b.observe(&used(7, CardKind::Peach, &[0]));
    for seat in [3, 4, 5, 6] {
        b.observe(&Event::Died {
            seat: Seat(seat),
            role: Role::Rebel,
            killer: None,
        });
    }
    // Only the lord's side is left, and the lord takes seat 7 for a loyalist.
    assert!(b.trusted_by_lord() > 0.6, "{}", b.trusted_by_lord());
    assert!(b.renegade_hidden());
    // Attacking the lord's loyal-looking seats gives it away.
    for _ in 0..3 {
        b.observe(&used(7, CardKind::Slash, &[1]));
    }
    assert!(b.trusted_by_lord() < 0.6, "{}", b.trusted_by_lord());
    assert!(!b.renegade_hidden());
    assert_eq!(b.relation(Seat(1)), -1.0);
}
