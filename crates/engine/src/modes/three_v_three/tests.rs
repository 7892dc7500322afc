//! The 3v3 rules' scenario tests (M-3V3-…).

use crate::action::Action;
use crate::card::CardKind;
use crate::event::{Camp, Event, Known};
use crate::prompt::{Cause, PromptKind};
use crate::ruleset::Ruleset;
use crate::scenario::Scenario;
use crate::seat::Seat;
use crate::testing::{cards, offered, seat, Check};
use crate::{Game, GameConfig};

use super::draft::{COOL_FIRST, WARM_FIRST};
use super::order::{LEFT_FIRST, MARSHAL, RIGHT_FIRST};

fn config(generals: bool) -> GameConfig {
    let ruleset = Ruleset {
        mode: "3v3".into(),
        ..Ruleset::standard()
    };
    GameConfig {
        players: 6,
        ruleset: if generals { ruleset } else { ruleset.white() },
        ..GameConfig::default()
    }
}

fn is_order(game: &Game, seat: Seat) -> bool {
    game.prompt_for(seat).is_some_and(|p| {
        p.kind
            == PromptKind::Choose {
                cause: Cause::Order,
            }
    })
}

/// M-3V3-1/2: cool vanguard, cool marshal, cool vanguard, warm vanguard, warm marshal, warm
/// vanguard; every role public.
#[test]
fn m_3v3_1_2_camps_and_seating() {
    let g = Game::new(config(true), 1).unwrap();
    let roles: Vec<_> = (0..6).map(|i| g.role(Seat(i))).collect();
    assert_eq!(roles, super::SEATING.to_vec());
    for viewer in 0..6 {
        assert!(g.view(Seat(viewer)).seats.iter().all(|s| s.role.is_some()));
    }
    assert_eq!(super::camp_of(Seat(2)), Camp::Cool);
    assert_eq!(super::camp_of(Seat(3)), Camp::Warm);
    assert_eq!(super::marshal(Camp::Warm), Seat(4));
}

/// M-3V3-5: sixteen shown; the warm marshal chooses the camp that picks first; picks go
/// 1-2-2-2-2-2-2-2-1, public; each marshal assigns three of its eight secretly, shown together;
/// M-3V3-6: marshals +1 max HP, 4 starting cards each.
#[test]
fn m_3v3_5_6_the_draft() {
    let mut g = Game::new(config(true), 5).unwrap();
    let (cool, warm) = (Seat(1), Seat(4));
    assert_eq!(g.view_spectator().draft.len(), 16);
    assert!(is_order(&g, warm));
    g.act(warm, Action::Option { index: COOL_FIRST }).unwrap();
    let mut pickers = Vec::new();
    while let Some(p) = g.prompts().first().cloned() {
        if p.kind != PromptKind::ChooseGeneral || g.prompts().len() > 1 {
            break;
        }
        let events = g.act(p.seat, p.default_action()).unwrap().0;
        assert!(events
            .iter()
            .any(|e| matches!(e, Event::GeneralPicked { to: Known::All, .. })));
        pickers.push(p.seat);
    }
    let (c, w) = (cool, warm);
    assert_eq!(
        pickers,
        vec![c, w, w, c, c, w, w, c, c, w, w, c, c, w, w, c]
    );
    assert!(g.view_spectator().draft.is_empty());
    assert_eq!(g.view(cool).reserve.len(), 8);
    // Both marshals assign at once: three prompts each, nothing shown until the last.
    assert_eq!(g.prompts().len(), 2);
    let mut assigned = Vec::new();
    for _ in 0..3 {
        for m in [cool, warm] {
            let offer = offered(&g, m);
            let events = g.act(m, Action::General { general: offer[0] }).unwrap().0;
            assigned.push((m, offer[0], events));
        }
    }
    let (_, _, last) = assigned.pop().unwrap();
    assert!(assigned.iter().all(|(_, _, events)| !events
        .iter()
        .any(|e| matches!(e, Event::GeneralShown { .. }))));
    let shown = last
        .iter()
        .filter(|e| matches!(e, Event::GeneralShown { .. }))
        .count();
    assert_eq!(shown, 6);
    for i in 0..6 {
        let s = g.seat(Seat(i));
        let printed = g.general(s.general).max_hp;
        let bonus = u8::from(i == 1 || i == 4);
        assert_eq!(s.max_hp, printed + bonus, "seat {i}");
        assert_eq!(g.hand(Seat(i)).len(), 4);
    }
    // The first unit's order: the cool marshal chooses which camp acts first.
    assert!(is_order(&g, cool));
}

fn started(events: &[Event]) -> Vec<Seat> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::TurnStarted { seat } => Some(*seat),
            _ => None,
        })
        .collect()
}

/// `marshal` answers `index` to the order prompt; then turns are played with default answers
/// until the next order prompt. The seats whose turns began.
fn order(g: &mut Game, marshal: Seat, index: u8) -> Vec<Seat> {
    assert!(is_order(g, marshal), "{marshal} is asked the order");
    let events = g.act(marshal, Action::Option { index }).unwrap().0;
    let mut turns = started(&events);
    for _ in 0..500 {
        let Some(p) = g.prompts().first().cloned() else {
            break;
        };
        if p.kind
            == (PromptKind::Choose {
                cause: Cause::Order,
            })
        {
            break;
        }
        let action = if p.is_play() {
            Action::Pass
        } else {
            p.default_action()
        };
        let events = g.act(p.seat, action).unwrap().0;
        turns.extend(started(&events));
    }
    turns
}

/// M-3V3-7: the cool marshal chooses the first camp; units alternate; a marshal chooses itself or
/// both vanguards in a row; when everyone has acted a new round begins with the first camp.
#[test]
fn m_3v3_7_action_units() {
    let mut g = Game::new(config(false), 2).unwrap();
    let (cool, warm) = (Seat(1), Seat(4));
    assert!(
        is_order(&g, cool),
        "white generals: no draft, the order first"
    );
    // The cool marshal lets the warm camp act first: its marshal is asked at once.
    assert!(order(&mut g, cool, WARM_FIRST).is_empty());
    // Warm's first unit: the warm marshal sends its vanguards, the right one first.
    assert_eq!(order(&mut g, warm, RIGHT_FIRST), vec![Seat(5), Seat(3)]);
    // Cool's first unit: the marshal itself; then warm's second unit: only its marshal is
    // left, no question asked; then cool's second unit: its vanguards, in the order the
    // marshal picks (it may not choose itself again).
    assert_eq!(order(&mut g, cool, MARSHAL), vec![Seat(1), Seat(4)]);
    let options = g.prompt_for(cool).unwrap().legal_actions(8);
    assert!(
        !options.contains(&Action::Option { index: MARSHAL }),
        "it has acted"
    );
    // Then a new round, warm first again.
    assert_eq!(order(&mut g, cool, LEFT_FIRST), vec![Seat(0), Seat(2)]);
    assert_eq!(g.round, 1);
    assert_eq!(order(&mut g, warm, MARSHAL), vec![Seat(4)]);
    assert_eq!(g.round, 2);
}

/// A 3v3 practice table (white generals), seat `current`'s play phase.
fn table(current: u8, set: impl FnOnce(&mut Scenario)) -> Check {
    let mut s = Scenario::with_roles(&super::SEATING);
    s.ruleset = Ruleset {
        mode: "3v3".into(),
        ..Ruleset::standard().white()
    };
    s.current = Some(Seat(current));
    set(&mut s);
    Check::new(s)
}

/// M-3V3-9: any kill, a teammate's too, gives the killer 2 cards; M-3V3-10: a vanguard's death
/// does not end the game, the enemy marshal's does (the winners' dead included).
#[test]
fn m_3v3_9_10_kills_and_victory() {
    let mut c = table(4, |s| {
        seat(s, 4).hand = cards(&[CardKind::Slash]);
        seat(s, 5).hp = Some(1);
    });
    // Seat 5 sits next to seat 4: in range.
    c.card(4, CardKind::Slash, &[5]).pass(5);
    c.pass_saves();
    assert!(!c.alive(5));
    assert_eq!(c.hand(4).len(), 2, "a teammate's kill draws 2 too");
    assert!(c.game.outcome().is_none());
    let mut c = table(3, |s| {
        seat(s, 3).hand = cards(&[CardKind::Duel]);
        seat(s, 1).hp = Some(1);
        seat(s, 5).alive = false;
    });
    c.card(3, CardKind::Duel, &[1]);
    c.pass_windows();
    c.pass(1);
    c.pass_saves();
    let outcome = c.game.outcome().expect("the cool marshal is dead");
    assert_eq!(outcome.winner, Some(Camp::Warm));
    assert_eq!(outcome.winners, vec![Seat(3), Seat(4), Seat(5)]);
}

/// Random games end with a camp whose enemy marshal is dead.
#[test]
fn random_games_end() {
    for (seed, generals) in (0..12).map(|s| (s, s % 2 == 0)) {
        let game = crate::sim::play_random(config(generals), seed, 50_000, |g, _, _| {
            if let Err(e) = g.table().check_conservation() {
                panic!("{e}");
            }
        })
        .unwrap();
        let outcome = game.outcome().expect("over");
        if let Some(camp) = outcome.winner {
            assert!(
                !game.is_alive(super::marshal(super::enemy(camp))),
                "seed {seed}"
            );
        }
    }
}

/// The targets of the card `seat` used last.
fn used_targets(c: &Check, seat: u8) -> Vec<Seat> {
    c.events
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::CardUsed {
                seat: user,
                targets,
                ..
            } if *user == Seat(seat) => Some(targets.clone()),
            _ => None,
        })
        .expect("a card was used")
}

fn is_direction(kind: &PromptKind, card: CardKind) -> bool {
    *kind
        == PromptKind::Choose {
            cause: Cause::Card(card),
        }
}

/// M-3V3-8: the user of 南蛮入侵 (everyone else) chooses the direction; against turn order the
/// targets start from its previous seat.
#[test]
fn m_3v3_8_savage_assault_goes_the_way_its_user_chooses() {
    use crate::resolve::direction::{NEXT_FIRST, PREVIOUS_FIRST};
    for (answer, expected) in [
        (NEXT_FIRST, [5, 0, 1, 2, 3]),
        (PREVIOUS_FIRST, [3, 2, 1, 0, 5]),
    ] {
        let mut c = table(4, |s| {
            seat(s, 4).hand = cards(&[CardKind::SavageAssault]);
        });
        c.card(4, CardKind::SavageAssault, &[]);
        assert!(c.is_asked(4, |k| is_direction(k, CardKind::SavageAssault)));
        c.act(4, Action::Option { index: answer });
        let expected: Vec<Seat> = expected.into_iter().map(Seat).collect();
        assert_eq!(used_targets(&c, 4), expected);
        // The first target in that order is the first asked for a 杀 (after the 无懈可击 window).
        c.pass_windows();
        assert!(c.is_asked(expected[0].0, |k| matches!(
            k,
            PromptKind::Respond {
                card: CardKind::Slash,
                ..
            }
        )));
    }
}

/// M-3V3-8: 五谷丰登 (everyone, the user first) picks in the chosen order too; a card with a
/// single target (无中生有) asks nothing.
#[test]
fn m_3v3_8_amazing_grace_picks_in_the_chosen_order_and_single_targets_ask_nothing() {
    use crate::resolve::direction::PREVIOUS_FIRST;
    let mut c = table(1, |s| {
        seat(s, 1).hand = cards(&[CardKind::AmazingGrace, CardKind::ExNihilo]);
    });
    c.card(1, CardKind::ExNihilo, &[]);
    assert!(!c.is_asked(1, |k| is_direction(k, CardKind::ExNihilo)));
    c.pass_windows();
    c.card(1, CardKind::AmazingGrace, &[]);
    assert!(c.is_asked(1, |k| is_direction(k, CardKind::AmazingGrace)));
    c.act(
        1,
        Action::Option {
            index: PREVIOUS_FIRST,
        },
    );
    let order: Vec<Seat> = [1, 0, 5, 4, 3, 2].into_iter().map(Seat).collect();
    assert_eq!(used_targets(&c, 1), order);
    // Each picks in turn: the user, then its previous seat.
    for picker in [1, 0] {
        c.pass_windows();
        let PromptKind::Pool { cards } = &c.prompt(picker).kind else {
            panic!("seat {picker} is not picking: {:?}", c.prompt(picker));
        };
        let card = cards[0];
        c.act(
            picker,
            Action::Pick {
                pick: crate::action::Pick::Card { card },
            },
        );
    }
    // Seat 1 drew two with 无中生有, then picked one; seat 0 picked second.
    assert_eq!((c.hand(1).len(), c.hand(0).len()), (3, 1));
}

/// M-3V3-8 is 3v3's: identity asks no direction.
#[test]
fn m_3v3_8_identity_asks_no_direction() {
    use crate::seat::Role;
    let mut s = crate::testing::table(&[Role::Lord, Role::Rebel, Role::Rebel, Role::Loyalist]);
    seat(&mut s, 0).hand = cards(&[CardKind::SavageAssault]);
    let mut c = Check::new(s);
    c.card(0, CardKind::SavageAssault, &[]);
    assert!(!c.is_asked(0, |k| is_direction(k, CardKind::SavageAssault)));
    assert_eq!(used_targets(&c, 0), vec![Seat(1), Seat(2), Seat(3)]);
}
