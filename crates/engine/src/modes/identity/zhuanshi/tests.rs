//! Scenario tests of 转世 reincarnation, by rule id (`modes.md` V-ZS).

use crate::action::Action;
use crate::card::{CardId, CardKind};
use crate::event::{Camp, Event};
use crate::ids::{GeneralId, MarkId, SkillId};
use crate::seat::{Kingdom, Role, Seat};
use crate::testing::{cards, seat, table, Check};
use crate::zone::Zone;

use super::{waiting, waiting_seats};

/// A five-seat table under 转世 (the threshold is 3): the lord (seat 0) with 诸葛连弩 and
/// `hand`, in its play phase; rebels 1 (吕蒙, 吴, 1 HP) and 2 (1 HP); the loyalist (3) and the
/// renegade (4) alive with `others_alive`, else already out.
fn five(hand: &[CardKind], others_alive: bool) -> Check {
    let mut s = table(&[
        Role::Lord,
        Role::Rebel,
        Role::Rebel,
        Role::Loyalist,
        Role::Renegade,
    ]);
    s.ruleset = s.ruleset.with_option("reincarnation", "on");
    seat(&mut s, 0).hand = cards(hand);
    seat(&mut s, 0).equip = cards(&[CardKind::Crossbow]);
    seat(&mut s, 1).general = GeneralId::Lvmeng;
    seat(&mut s, 1).hp = Some(1);
    seat(&mut s, 2).hp = Some(1);
    seat(&mut s, 3).alive = others_alive;
    seat(&mut s, 4).alive = others_alive;
    Check::new(s)
}

/// The lord slashes `victim`, who neither dodges nor is saved.
fn kill(c: &mut Check, victim: u8) {
    c.card(0, CardKind::Slash, &[victim]).pass(victim);
    c.pass_saves();
}

/// The lord gives `card` (a hand card) to `to` with 献祭.
fn sacrifice(c: &mut Check, to: u8, card: CardId) {
    c.act(
        0,
        Action::Skill {
            skill: SkillId::Xianji,
            cards: Vec::new(),
            targets: vec![Seat(to)],
        },
    );
    c.act(0, Action::Cards { cards: vec![card] });
}

/// `n` cards of the draw pile go to `to`'s hand, as sacrifices given in earlier turns.
fn given_earlier(c: &mut Check, to: u8, n: usize) {
    let cards: Vec<CardId> = c.game.table.draw_pile.iter().take(n).copied().collect();
    c.game.move_cards(&cards, Zone::Hand(Seat(to)));
}

fn sacrifice_offered(c: &Check, to: u8) -> bool {
    c.allows(
        0,
        &Action::Skill {
            skill: SkillId::Xianji,
            cards: Vec::new(),
            targets: vec![Seat(to)],
        },
    )
}

fn mark(c: &Check, seat: u8, skill: SkillId) -> u16 {
    c.game.mark(Seat(seat), MarkId::Skill(skill))
}

/// V-ZS-1: the dead rebel's cards are discarded and its role shown as usual, but it waits:
/// out of the seating, marked as accepting sacrifices (3 in all at five seats). The first
/// death of a rebel rewards its killer as usual.
#[test]
fn v_zs_1_a_dead_player_waits_out_of_the_seating() {
    let mut c = five(&[CardKind::Slash, CardKind::Jink], true);
    kill(&mut c, 1);
    assert!(!c.alive(1));
    assert!(c.events.iter().any(|e| matches!(
        e,
        Event::Died {
            seat: Seat(1),
            role: Role::Rebel,
            ..
        }
    )));
    assert!(waiting(&c.game, Seat(1)));
    assert_eq!(mark(&c, 1, SkillId::Xianji), 3);
    assert_eq!(c.game.next_alive(Seat(0)), Seat(2), "skipped in seat order");
    assert_eq!(c.hand(0).len(), 1 + 3, "the Jink and the reward");
    assert!(!c.game.is_over());
}

/// V-ZS-2: in its play phase the lord gives one hand card to the waiting player; only the two
/// of them see which (the others a count); once per turn.
#[test]
fn v_zs_2_a_sacrifice_in_the_play_phase_once_per_turn() {
    let mut c = five(&[CardKind::Slash, CardKind::Jink, CardKind::Peach], true);
    kill(&mut c, 1);
    assert!(sacrifice_offered(&c, 1));
    assert!(
        !sacrifice_offered(&c, 2),
        "a living seat accepts no sacrifice"
    );
    let jink = c.hand_card(0, CardKind::Jink);
    sacrifice(&mut c, 1, jink);
    assert_eq!(c.game.hand(Seat(1)), &[jink]);
    assert!(waiting(&c.game, Seat(1)), "one of three");
    assert!(!sacrifice_offered(&c, 1), "once per turn");
    let moved = |viewer: u8| {
        c.seen_by(Some(viewer))
            .into_iter()
            .rev()
            .find_map(|e| match e {
                Event::CardsMoved {
                    cards,
                    to: Zone::Hand(Seat(1)),
                    ..
                } => Some(cards),
                _ => None,
            })
    };
    assert_eq!(
        moved(1),
        Some(vec![Some(jink)]),
        "the waiting player sees it"
    );
    assert_eq!(moved(0), Some(vec![Some(jink)]));
    assert_eq!(moved(3), Some(vec![None]), "the others a count");
    let view = c.game.view(Seat(1));
    assert_eq!(view.seats[1].hand.as_deref(), Some(&[jink][..]));
    assert_eq!(c.game.view(Seat(3)).seats[1].hand_count, 1);
}

/// V-ZS-3, V-ZS-4: the third card brings the waiting 吕蒙 back at once as another 吴 general
/// with 1 HP of its printed max, the sacrifices as its hand, marked 转世; it may not sacrifice.
#[test]
fn v_zs_3_at_the_threshold_a_new_general_of_the_same_kingdom_at_1_hp() {
    let mut c = five(&[CardKind::Slash, CardKind::Jink], true);
    kill(&mut c, 1);
    let audiences = [None, Some(Seat(1)), Some(Seat(3))];
    let before: Vec<_> = audiences
        .iter()
        .map(|v| crate::view::view(&c.game, *v))
        .collect();
    let from = c.events.len();
    given_earlier(&mut c, 1, 2);
    let jink = c.hand_card(0, CardKind::Jink);
    sacrifice(&mut c, 1, jink);
    assert!(c.alive(1));
    let state = c.game.seat(Seat(1));
    assert_ne!(state.general, GeneralId::Lvmeng);
    assert_eq!(state.kingdom, Kingdom::Wu);
    assert_eq!(state.hp, 1);
    assert_eq!(state.max_hp, c.game.general(state.general).max_hp);
    assert_eq!(c.game.hand(Seat(1)).len(), 3);
    assert!(c.game.hand(Seat(1)).contains(&jink));
    assert_eq!(mark(&c, 1, SkillId::Zhuanshi), 1);
    assert_eq!(mark(&c, 1, SkillId::Xianji), 0);
    assert!(waiting_seats(&c.game).is_empty());
    assert!(c.events.iter().any(|e| matches!(
        e,
        Event::Reincarnated {
            seat: Seat(1),
            hp: 1,
            ..
        }
    )));
    assert!(!super::super::xianji::DEF
        .active
        .as_ref()
        .is_some_and(|a| (a.can_use)(&c.game, Seat(1))));
    // Every audience folds the events to the engine's own view of the seat.
    let events = crate::game::Events(c.events[from..].to_vec());
    for (viewer, mut folded) in audiences.into_iter().zip(before) {
        folded
            .apply_all(&events.for_viewer(viewer), c.game.registry)
            .unwrap();
        assert_eq!(folded.seats[1], crate::view::view(&c.game, viewer).seats[1]);
    }
}

/// V-ZS-4, V-ZS-6: killing the reincarnated rebel gives no reward; it waits again and comes back
/// again at the threshold.
#[test]
fn v_zs_4_killing_a_reincarnated_rebel_gives_nothing_and_it_may_return_again() {
    let mut c = five(&[CardKind::Slash, CardKind::Slash, CardKind::Jink], true);
    kill(&mut c, 1);
    given_earlier(&mut c, 1, 2);
    let jink = c.hand_card(0, CardKind::Jink);
    sacrifice(&mut c, 1, jink);
    let reborn_as = c.game.seat(Seat(1)).general;
    let hand = c.hand(0).len();
    // The new general might dodge: its hand goes (the test is about the kill).
    let theirs = c.game.hand(Seat(1)).to_vec();
    c.game.discard(&theirs);
    kill(&mut c, 1);
    assert!(!c.alive(1));
    assert_eq!(
        c.hand(0).len(),
        hand - 1,
        "no reward for a reincarnated rebel"
    );
    assert!(waiting(&c.game, Seat(1)), "it waits again");
    assert_eq!(mark(&c, 1, SkillId::Zhuanshi), 0);
    given_earlier(&mut c, 1, 3);
    super::after_sacrifice(&mut c.game, Seat(1));
    assert!(c.alive(1));
    let again = c.game.seat(Seat(1));
    assert_eq!(again.kingdom, Kingdom::Wu);
    assert_ne!(again.general, reborn_as);
    assert_eq!(again.hp, 1);
}

/// V-ZS-6: the lord's side wins when the last rebel that never reincarnated falls, though a
/// reincarnated rebel still stands ([S0]'s example); it shares the rebels' result.
#[test]
fn v_zs_6_a_reincarnated_character_counts_as_dead_for_victory() {
    let mut c = five(&[CardKind::Slash, CardKind::Slash, CardKind::Jink], false);
    kill(&mut c, 1);
    given_earlier(&mut c, 1, 2);
    let jink = c.hand_card(0, CardKind::Jink);
    sacrifice(&mut c, 1, jink);
    assert!(c.alive(1));
    kill(&mut c, 2);
    let outcome = c.game.outcome().expect("over");
    assert_eq!(outcome.winner, Some(Camp::Lord));
    assert_eq!(outcome.winners, vec![Seat(0), Seat(3)]);
    assert!(c.alive(1));
}

/// V-ZS-6: the lord who kills a reincarnated loyalist keeps its cards.
#[test]
fn v_zs_6_no_penalty_for_killing_a_reincarnated_loyalist() {
    let mut s = table(&[Role::Lord, Role::Loyalist, Role::Rebel, Role::Renegade]);
    s.ruleset = s.ruleset.with_option("reincarnation", "on");
    seat(&mut s, 0).hand = cards(&[
        CardKind::Slash,
        CardKind::Jink,
        CardKind::Peach,
        CardKind::Dilu,
    ]);
    seat(&mut s, 0).equip = cards(&[CardKind::Crossbow]);
    seat(&mut s, 1).general = GeneralId::Lvmeng;
    seat(&mut s, 1).alive = false;
    let mut c = Check::new(s);
    // It died earlier in the game and has two sacrifices.
    super::on_death(&mut c.game, Seat(1));
    given_earlier(&mut c, 1, 2);
    c.card(0, CardKind::Dilu, &[]);
    let peach = c.hand_card(0, CardKind::Peach);
    let theirs = c.game.hand(Seat(1)).to_vec();
    sacrifice(&mut c, 1, peach);
    assert!(c.alive(1));
    c.game.discard(&theirs);
    c.game.discard(&[peach]);
    kill(&mut c, 1);
    assert!(!c.alive(1));
    assert_eq!(c.hand(0), vec![CardKind::Jink], "no penalty");
    assert_eq!(c.equipment(0), vec![CardKind::Crossbow, CardKind::Dilu]);
}

/// V-ZS-5: no unused general of its kingdom (a table without general packs has none at all):
/// the waiting player keeps its cards and accepts no more sacrifices.
#[test]
fn v_zs_5_no_general_left_it_keeps_its_cards_and_accepts_no_more() {
    let mut s = table(&[Role::Lord, Role::Loyalist, Role::Rebel, Role::Renegade]);
    s.ruleset = s.ruleset.white().with_option("reincarnation", "on");
    seat(&mut s, 0).hand = cards(&[CardKind::Slash, CardKind::Jink]);
    seat(&mut s, 1).role = Role::Rebel;
    seat(&mut s, 2).role = Role::Loyalist;
    seat(&mut s, 1).hp = Some(1);
    let mut c = Check::new(s);
    kill(&mut c, 1);
    given_earlier(&mut c, 1, 2);
    let jink = c.hand_card(0, CardKind::Jink);
    sacrifice(&mut c, 1, jink);
    assert!(!c.alive(1));
    assert_eq!(c.game.hand(Seat(1)).len(), 3, "it keeps them");
    assert!(!waiting(&c.game, Seat(1)));
    assert_eq!(mark(&c, 1, SkillId::Xianji), 0);
    assert!(waiting_seats(&c.game).is_empty());
}

/// The option off (the default): the dead do not wait and nobody has 献祭.
#[test]
fn without_the_option_the_dead_are_out() {
    let mut s = table(&[Role::Lord, Role::Rebel, Role::Rebel, Role::Renegade]);
    seat(&mut s, 0).hand = cards(&[CardKind::Slash]);
    seat(&mut s, 1).hp = Some(1);
    let mut c = Check::new(s);
    assert!(!c.game.has_skill(Seat(0), SkillId::Xianji));
    kill(&mut c, 1);
    assert!(!waiting(&c.game, Seat(1)));
    assert_eq!(mark(&c, 1, SkillId::Xianji), 0);
}
