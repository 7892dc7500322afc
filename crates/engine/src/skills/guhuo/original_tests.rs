//! 蛊惑 as the 2009 print words it (`W-GUHUO-OLD`, `edition = 2009`).

use crate::action::Action;
use crate::card::CardKind::{self, *};
use crate::card::Suit;
use crate::ids::{GeneralId, SkillId};
use crate::ruleset::ORIGINAL_EDITION;
use crate::scenario::CardSpec;
use crate::seat::Role::*;
use crate::seat::Seat;
use crate::testing::{seat, table, with_pack, Check};

/// The 2009 于吉 (seat 0, 2 HP of 3) holds `hand` in his play phase; three seats.
fn yuji(hand: Vec<CardSpec>) -> Check {
    let mut s = with_pack(table(&[Lord, Rebel, Loyalist]), "wind");
    s.ruleset.edition = ORIGINAL_EDITION.to_string();
    seat(&mut s, 0).general = GeneralId::YujiOld;
    seat(&mut s, 0).hp = Some(2);
    seat(&mut s, 0).hand = hand;
    Check::new(s)
}

/// 于吉 names `named`, puts his `card` face down, on `targets`.
fn guhuo(c: &mut Check, named: CardKind, card: CardKind, targets: &[u8]) {
    c.skill(0, SkillId::GuhuoOld);
    c.act(0, Action::Option { index: named as u8 });
    let id = c.hand_card(0, card);
    c.act(
        0,
        Action::Card {
            cards: vec![id],
            skill: Some(SkillId::GuhuoOld),
            targets: targets.iter().map(|t| Seat(*t)).collect(),
        },
    );
}

fn challenge(c: &mut Check, seat: u8) {
    c.act(
        seat,
        Action::Skill {
            skill: SkillId::GuhuoOld,
            cards: Vec::new(),
            targets: vec![Seat(0)],
        },
    );
}

fn heart_peach() -> CardSpec {
    CardSpec::exact(Peach, Suit::Heart, 3)
}

#[test]
fn w_guhuo_old_unchallenged_it_is_used_and_there_is_no_limit() {
    let mut c = yuji(vec![heart_peach(), CardSpec::exact(Jink, Suit::Diamond, 2)]);
    guhuo(&mut c, Peach, Jink, &[]);
    c.pass(1).pass(2);
    assert_eq!(c.hp(0), 3, "a 闪 used as 桃");
    // Again in the same turn: the 2009 text has no limit.
    assert!(c.allows(
        0,
        &Action::Skill {
            skill: SkillId::GuhuoOld,
            cards: Vec::new(),
            targets: Vec::new(),
        }
    ));
    c.assert_conserved();
}

#[test]
fn w_guhuo_old_genuine_and_a_heart_each_challenger_loses_1_and_it_resolves() {
    let mut c = yuji(vec![heart_peach()]);
    guhuo(&mut c, Peach, Peach, &[]);
    challenge(&mut c, 1);
    // Every other character is asked, after a challenge too.
    assert!(c.has_prompt(2), "seat 2 is still asked");
    challenge(&mut c, 2);
    assert_eq!((c.hp(1), c.hp(2)), (3, 3), "each challenger loses 1 HP");
    assert_eq!(c.hp(0), 3, "a genuine ♥ 桃 resolves");
    assert!(
        !c.game.has_skill(Seat(1), SkillId::Chanyuan),
        "no 缠怨 in 2009"
    );
    c.assert_conserved();
}

#[test]
fn w_guhuo_old_genuine_but_not_a_heart_challenged_is_void() {
    let mut c = yuji(vec![CardSpec::exact(Slash, Suit::Spade, 7)]);
    guhuo(&mut c, Slash, Slash, &[1]);
    challenge(&mut c, 1);
    c.pass(2);
    assert_eq!(c.hp(1), 3, "1 HP lost for the challenge, no 杀");
    assert!(!c.has_prompt(1) || !c.prompt(1).is_play(), "no 闪 asked");
    assert!(c.discard_pile().contains(&Slash));
    c.assert_conserved();
}

#[test]
fn w_guhuo_old_false_each_challenger_draws_and_it_is_void() {
    let mut c = yuji(vec![CardSpec::exact(Jink, Suit::Diamond, 2)]);
    let before = c.hand(2).len();
    guhuo(&mut c, Peach, Jink, &[]);
    c.pass(1);
    challenge(&mut c, 2);
    assert_eq!(c.hand(2).len(), before + 1, "the challenger draws a card");
    assert_eq!(c.hp(0), 2, "void: no 桃");
    assert_eq!(c.hp(2), 4);
    assert!(c.discard_pile().contains(&Jink));
    c.assert_conserved();
}
