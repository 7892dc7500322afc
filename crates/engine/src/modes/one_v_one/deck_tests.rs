//! The 2013 1v1 deck's scenario tests (M-1V1-6, M-1V1-7): the 52 cards, 顺手牵羊 and 过河拆桥 by
//! their 2013 texts. 水淹七军's own tests are in `cards/drowning.rs`.

use crate::action::{Action, Pick};
use crate::card::CardKind::{self, *};
use crate::cards::dismantlement::{EQUIPMENT, HAND};
use crate::event::Event;
use crate::ids::GeneralId;
use crate::prompt::{Cause, Choices, PromptKind};
use crate::ruleset::{PackChoice, Ruleset};
use crate::scenario::Scenario;
use crate::seat::{Role, Seat};
use crate::testing::{cards, seat, Check};
use crate::{Game, GameConfig};

fn kof() -> Ruleset {
    Ruleset {
        mode: "1v1".into(),
        cards: vec![PackChoice::new("kof")],
        ..Ruleset::standard()
    }
}

/// A 1v1 table with the 2013 deck: seat 0 (先手, 白板) in its play phase holding `hand`, seat 1
/// (后手) as `target` sets it.
fn table(hand: &[CardKind], target: impl FnOnce(&mut Scenario)) -> Check {
    let mut s = Scenario::with_roles(&[Role::Loyalist, Role::Rebel]);
    s.ruleset = kof();
    seat(&mut s, 0).general = GeneralId::White;
    seat(&mut s, 1).general = GeneralId::White;
    seat(&mut s, 0).hand = cards(hand);
    s.current = Some(Seat(0));
    target(&mut s);
    Check::new(s)
}

#[test]
fn m_1v1_7_a_game_with_the_2013_deck_plays_its_52_cards() {
    let config = GameConfig {
        players: 2,
        ruleset: kof(),
        ..GameConfig::default()
    };
    let game = Game::new(config, 7).expect("a 1v1 game with the 2013 deck");
    let cards = game.deck().cards();
    assert_eq!(cards.len(), 52);
    assert_eq!(cards.iter().filter(|c| c.kind == Drowning).count(), 1);
    assert_eq!(cards.iter().filter(|c| c.kind == Slash).count(), 16);
}

#[test]
fn m_1v1_7_the_2013_deck_is_played_in_1v1_only() {
    let config = GameConfig {
        players: 4,
        ruleset: Ruleset {
            mode: "identity".into(),
            ..kof()
        },
        ..GameConfig::default()
    };
    let Err(error) = Game::new(config, 1) else {
        panic!("a 1v1 deck in identity mode is refused");
    };
    assert!(error.to_string().contains("kof"), "{error}");
}

#[test]
fn m_1v1_6_snatch_and_dismantlement_cannot_take_a_judgment_area_card() {
    let c = table(&[Snatch, Dismantlement], |s| {
        seat(s, 1).judge = cards(&[Indulgence]);
    });
    assert!(c.find_card(0, Snatch, &[1]).is_none());
    assert!(c.find_card(0, Dismantlement, &[1]).is_none());
    let mut c = table(&[Snatch], |s| {
        seat(s, 1).judge = cards(&[Indulgence]);
        seat(s, 1).equip = cards(&[Crossbow]);
    });
    c.card(0, Snatch, &[1]).pass_windows();
    let Choices::Actions { actions } = &c.prompt(0).choices else {
        panic!("a pick: {:?}", c.prompt(0).choices);
    };
    let judged = c.game.table().seats[1].judge[0].card;
    let judged = Action::Pick {
        pick: Pick::Card { card: judged },
    };
    assert!(!actions.contains(&judged));
    assert!(!actions.is_empty());
}

#[test]
fn m_1v1_6_dismantlement_looks_at_the_whole_hand_and_discards_the_chosen_card() {
    let mut c = table(&[Dismantlement], |s| {
        seat(s, 1).hand = cards(&[Peach, Jink]);
        seat(s, 1).equip = cards(&[Crossbow]);
    });
    c.card(0, Dismantlement, &[1]).pass_windows();
    let asked = PromptKind::Choose {
        cause: Cause::Card(Dismantlement),
    };
    assert!(c.is_asked(0, |k| *k == asked));
    c.act(0, Action::Option { index: HAND });
    // Both hand cards are shown to the user (and their owner), not to spectators.
    let shown = |viewer: Option<u8>| -> usize {
        c.seen_by(viewer)
            .iter()
            .filter_map(|e| match e {
                Event::CardsShown { cards, .. } => Some(cards.iter().flatten().count()),
                _ => None,
            })
            .sum()
    };
    assert_eq!(shown(Some(0)), 2);
    assert_eq!(shown(None), 0);
    let peach = c.hand_card(1, Peach);
    c.act(0, Action::Cards { cards: vec![peach] });
    assert_eq!(c.hand(1), vec![Jink]);
    assert_eq!(c.equipment(1), vec![Crossbow]);
    assert!(c.discard_pile().contains(&Peach));
    c.assert_conserved();
}

#[test]
fn m_1v1_6_dismantlement_may_choose_the_equipment_area() {
    let mut c = table(&[Dismantlement], |s| {
        seat(s, 1).hand = cards(&[Peach]);
        seat(s, 1).equip = cards(&[Crossbow]);
    });
    c.card(0, Dismantlement, &[1]).pass_windows();
    c.act(0, Action::Option { index: EQUIPMENT });
    let crossbow = c.game.table().seats[1]
        .equipment()
        .next()
        .expect("equipped");
    c.act(
        0,
        Action::Pick {
            pick: Pick::Card { card: crossbow },
        },
    );
    assert!(c.equipment(1).is_empty());
    assert_eq!(c.hand(1), vec![Peach]);
}

#[test]
fn m_1v1_6_with_only_a_hand_the_user_is_not_asked_which_area() {
    let mut c = table(&[Dismantlement], |s| {
        seat(s, 1).hand = cards(&[Peach]);
    });
    c.card(0, Dismantlement, &[1]).pass_windows();
    let Choices::Cards { from, .. } = &c.prompt(0).choices else {
        panic!("the hand card to choose: {:?}", c.prompt(0).choices);
    };
    assert_eq!(from.len(), 1);
}
