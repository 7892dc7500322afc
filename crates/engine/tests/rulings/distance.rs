//! Rulings E. Distance and targeting (`timing-rulings.md`).

use crate::support::*;

/// E.23: distance counts living seats only, the shorter way round; horses change it one way.
#[test]
fn e23_distance_skips_dead_seats_and_counts_horses() {
    let mut s = table(&[Lord, Rebel, Rebel, Rebel, Rebel, Rebel]);
    dead(&mut s, 1);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 3).equip = cards(&[Dilu]);
    seat(&mut s, 4).equip = cards(&[Chitu]);
    let c = Check::new(s);
    let d = |a: u8, b: u8| c.game.distance(Seat(a), Seat(b));
    // Living order 0, 2, 3, 4, 5.
    assert_eq!(d(0, 2), 1);
    assert_eq!(d(0, 3), 3);
    assert_eq!(d(3, 0), 2);
    assert_eq!(d(4, 0), 1);
    assert_eq!(d(4, 2), 1);
    assert_eq!(d(0, 4), 2);
    assert!(c.find_card(0, Slash, &[2]).is_some());
    assert!(c.find_card(0, Slash, &[5]).is_some());
    assert!(c.find_card(0, Slash, &[4]).is_none());
}

/// E.24: 借刀杀人 — the holder uses a 杀 on the named victim.
#[test]
fn e24_collateral_holder_slashes_the_victim() {
    let mut s = table(&[Lord, Rebel, Rebel]);
    seat(&mut s, 0).hand = cards(&[Collateral]);
    seat(&mut s, 1).equip = cards(&[Blade]);
    seat(&mut s, 1).hand = cards(&[Slash]);
    let mut c = Check::new(s);
    c.card(0, Collateral, &[1, 2]).pass_windows();
    c.card(1, Slash, &[2]).pass(2);
    assert_eq!(c.hp(2), 3);
    assert!(c.events.iter().any(|e| matches!(
        e,
        Event::Damaged { source: Some(s), target, .. } if s.0 == 1 && target.0 == 2
    )));
    assert_eq!(c.equipment(1), vec![Blade]);
    assert!(c.hand(0).is_empty());
}

/// E.24: 借刀杀人 — the holder refuses and hands its weapon to the user.
#[test]
fn e24_collateral_holder_refuses_and_gives_the_weapon() {
    let mut s = table(&[Lord, Rebel, Rebel]);
    seat(&mut s, 0).hand = cards(&[Collateral]);
    seat(&mut s, 1).equip = cards(&[Blade]);
    seat(&mut s, 1).hand = cards(&[Slash]);
    let mut c = Check::new(s);
    c.card(0, Collateral, &[1, 2]).pass_windows();
    c.pass(1);
    assert_eq!(c.hp(2), 4);
    assert_eq!(c.hand(0), vec![Blade]);
    assert_eq!(c.hand(1), vec![Slash]);
    assert!(c.equipment(1).is_empty());
}
