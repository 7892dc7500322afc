//! 蛊惑's scenarios (a file of their own: the skill's file stays short).

use crate::action::Action;
use crate::card::CardKind::{self, *};
use crate::event::Event;
use crate::ids::{GeneralId, SkillId};
use crate::seat::Role::*;
use crate::seat::Seat;
use crate::testing::{cards, seat, table, with_pack, Check};

/// 于吉 (seat 0, 2 HP) holds `hand` in his play phase; three seats.
fn yuji(hand: &[CardKind]) -> Check {
    let mut s = with_pack(table(&[Lord, Rebel, Loyalist]), "wind");
    seat(&mut s, 0).general = GeneralId::Yuji;
    seat(&mut s, 0).hp = Some(2);
    seat(&mut s, 0).hand = cards(hand);
    Check::new(s)
}

/// 于吉 names `named`, puts his `card` face down, on `targets`.
fn guhuo(c: &mut Check, named: CardKind, card: CardKind, targets: &[u8]) {
    c.skill(0, SkillId::Guhuo);
    c.act(0, Action::Option { index: named as u8 });
    let id = c.hand_card(0, card);
    c.act(
        0,
        Action::Card {
            cards: vec![id],
            skill: Some(SkillId::Guhuo),
            targets: targets.iter().map(|t| Seat(*t)).collect(),
        },
    );
}

fn challenge(c: &mut Check, seat: u8) {
    c.act(
        seat,
        Action::Skill {
            skill: SkillId::Guhuo,
            cards: Vec::new(),
            targets: vec![Seat(0)],
        },
    );
}

#[test]
fn w_guhuo_1_unchallenged_it_is_used_as_named() {
    let mut c = yuji(&[Jink]);
    guhuo(&mut c, Peach, Jink, &[]);
    // Asked in seat order from the current seat: seat 1, then seat 2.
    c.pass(1).pass(2);
    assert_eq!(c.hp(0), 3, "a 闪 used as 桃");
    assert!(c.discard_pile().contains(&Jink));
    c.assert_conserved();
}

#[test]
fn w_guhuo_1_a_false_card_challenged_is_void() {
    let mut c = yuji(&[Jink]);
    guhuo(&mut c, Peach, Jink, &[]);
    challenge(&mut c, 1);
    assert!(!c.has_prompt(2), "nobody else is asked");
    assert_eq!(c.hp(0), 2);
    assert!(c.discard_pile().contains(&Jink));
    assert!(!c.game.has_skill(Seat(1), SkillId::Chanyuan));
    c.assert_conserved();
}

#[test]
fn w_guhuo_1_a_genuine_card_challenged_resolves_and_gives_chanyuan() {
    let mut c = yuji(&[Slash]);
    guhuo(&mut c, Slash, Slash, &[1]);
    c.pass(1);
    challenge(&mut c, 2);
    assert!(c.game.has_skill(Seat(2), SkillId::Chanyuan));
    c.pass(1); // no 闪
    assert_eq!(c.hp(1), 3);
    c.assert_conserved();
}

#[test]
fn w_guhuo_3_a_void_slash_spends_no_slash_allowance() {
    let mut c = yuji(&[Jink, Slash]);
    guhuo(&mut c, Slash, Jink, &[1]);
    challenge(&mut c, 1);
    assert!(c.find_card(0, Slash, &[1]).is_some());
}

#[test]
fn w_guhuo_4_once_per_turn() {
    let mut c = yuji(&[Jink, Jink]);
    guhuo(&mut c, Peach, Jink, &[]);
    c.pass(1).pass(2);
    assert!(!c.allows(
        0,
        &Action::Skill {
            skill: SkillId::Guhuo,
            cards: Vec::new(),
            targets: Vec::new(),
        }
    ));
}

#[test]
fn w_guhuo_5_chanyuan_holders_are_not_asked() {
    let mut s = with_pack(table(&[Lord, Rebel, Loyalist]), "wind");
    seat(&mut s, 0).general = GeneralId::Yuji;
    seat(&mut s, 0).hp = Some(2);
    seat(&mut s, 0).hand = cards(&[Jink]);
    seat(&mut s, 1).gained = vec![SkillId::Chanyuan];
    let mut c = Check::new(s);
    guhuo(&mut c, Peach, Jink, &[]);
    assert!(!c.has_prompt(1));
    c.pass(2);
    assert_eq!(c.hp(0), 3);
}

/// W-GUHUO-3 (noninterference): until the reveal, what another seat sees does not depend on
/// which card lies face down.
#[test]
fn w_guhuo_3_the_face_down_card_is_named_to_nobody_else() {
    let seen = |card: CardKind| {
        let mut c = yuji(&[card]);
        let before = c.events.len();
        guhuo(&mut c, Peach, card, &[]);
        let mut c2 = Check {
            game: c.game.clone(),
            events: c.events[before..].to_vec(),
        };
        let views: Vec<String> = [Some(1), Some(2), None]
            .into_iter()
            .map(|viewer| {
                let events = c2.seen_by(viewer);
                let view = match viewer {
                    Some(v) => c2.game.view(Seat(v)),
                    None => c2.game.view_spectator(),
                };
                format!(
                    "{}{}",
                    serde_json::to_string(&events).unwrap_or_default(),
                    serde_json::to_string(&view.seats).unwrap_or_default()
                )
            })
            .collect();
        c2.pass(1);
        views
    };
    let (a, b) = (seen(Jink), seen(Slash));
    assert_eq!(a, b);
    // 于吉 himself sees which card it is.
    let mut c = yuji(&[Jink]);
    guhuo(&mut c, Peach, Jink, &[]);
    assert!(c
        .seen_by(Some(0))
        .iter()
        .any(|e| matches!(e, crate::view::EventView::CardsMoved { .. })));
    assert!(c.events.iter().any(|e| matches!(
        e,
        Event::SkillInvoked {
            skill: SkillId::Guhuo,
            ..
        }
    )));
}

#[test]
fn w_guhuo_2_only_basic_cards_and_ordinary_tricks_usable_now() {
    let mut c = yuji(&[Jink]);
    c.skill(0, SkillId::Guhuo);
    let named: Vec<u8> = c
        .prompt(0)
        .legal_actions(100)
        .into_iter()
        .filter_map(|a| match a {
            Action::Option { index } => Some(index),
            _ => None,
        })
        .collect();
    for kind in [Slash, Peach, Duel, ExNihilo] {
        assert!(named.contains(&(kind as u8)), "{kind:?}");
    }
    // Not a delayed trick, no equipment, nothing that cannot be used in the play phase.
    for kind in [Indulgence, Lightning, Crossbow, Jink, Nullification] {
        assert!(!named.contains(&(kind as u8)), "{kind:?}");
    }
}
