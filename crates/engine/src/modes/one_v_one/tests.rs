//! The 1v1 rules' scenario tests (M-1V1-…).

use crate::action::Action;
use crate::card::CardKind;
use crate::event::{Camp, Event, Known};
use crate::flow::lineup::Lineups;
use crate::ids::GeneralId;
use crate::prompt::PromptKind;
use crate::ruleset::Ruleset;
use crate::scenario::Scenario;
use crate::seat::{Role, Seat};
use crate::testing::{cards, offered, seat, Check};
use crate::view::redact;
use crate::{Game, GameConfig};

fn config() -> GameConfig {
    GameConfig {
        players: 2,
        ruleset: Ruleset {
            mode: "1v1".into(),
            ..Ruleset::standard()
        },
        ..GameConfig::default()
    }
}

fn pick(game: &mut Game, seat: Seat, general: GeneralId) -> Vec<Event> {
    match game.act(seat, Action::General { general }) {
        Ok(events) => events.0,
        Err(e) => panic!("{seat} cannot pick {general:?}: {e}"),
    }
}

/// A 1v1 table of standard generals: seat 0 (先手, 张飞) in its play phase, seat 1 (后手,
/// 关羽), as `table` sets it; each holds `reserve` more and has brought out `entered`.
fn duel(table: impl FnOnce(&mut Scenario), reserve: [&[GeneralId]; 2], entered: u8) -> Check {
    let mut s = Scenario::with_roles(&[Role::Loyalist, Role::Rebel]);
    s.ruleset = Ruleset {
        mode: "1v1".into(),
        ..Ruleset::standard()
    };
    seat(&mut s, 0).general = GeneralId::Zhangfei;
    seat(&mut s, 1).general = GeneralId::Guanyu;
    s.current = Some(Seat(0));
    table(&mut s);
    let mut c = Check::new(s);
    let mut lineups = Lineups::new(2);
    for (i, r) in reserve.iter().enumerate() {
        lineups.reserve[i] = r.to_vec();
        lineups.entered[i] = entered;
    }
    c.game.lineups = lineups;
    c
}

/// M-1V1-1: two players, one 先手 and one 后手 (random), both public; 先手 moves first.
#[test]
fn m_1v1_1_first_and_second_are_public_and_random() {
    let mut firsts = [0; 2];
    for seed in 0..16 {
        let g = Game::new(config(), seed).unwrap();
        let first = super::first(&g);
        firsts[first.index()] += 1;
        assert_ne!(first, super::second(&g));
        for viewer in 0..2 {
            assert!(g.view(Seat(viewer)).seats.iter().all(|s| s.role.is_some()));
        }
    }
    assert!(firsts[0] > 0 && firsts[1] > 0, "{firsts:?}");
}

/// M-1V1-2: twelve generals; 后手 gets face-down #1, #3, #5 and 先手 #2, #4, #6, each seen by
/// its owner only; the six face-up ones go 1-2-2-1 from 后手, every pick public.
#[test]
fn m_1v1_2_the_draft() {
    let mut g = Game::new(config(), 7).unwrap();
    let (first, second) = (super::first(&g), super::second(&g));
    let opening = g.take_events().0;
    let hidden: Vec<(Seat, GeneralId)> = opening
        .iter()
        .filter_map(|e| match e {
            Event::GeneralPicked { seat, general, to } => {
                assert_eq!(*to, Known::Seats(vec![*seat]));
                for viewer in [Some(Seat(0)), Some(Seat(1)), None] {
                    assert_eq!(redact(e, viewer).is_some(), viewer == Some(*seat));
                }
                Some((*seat, *general))
            }
            _ => None,
        })
        .collect();
    assert_eq!(hidden.len(), 6);
    let seats: Vec<Seat> = hidden.iter().map(|h| h.0).collect();
    assert_eq!(seats, vec![second, first, second, first, second, first]);
    let pool = g.view(second).draft;
    assert_eq!(pool.len(), 6);
    assert_eq!(
        g.view_spectator().draft,
        pool,
        "the face-up ones are public"
    );
    for (_, general) in &hidden {
        assert!(!pool.contains(general));
    }
    // The face-down ones are in their owner's view only.
    assert_eq!(g.view(second).reserve.len(), 3);
    let spectator = serde_json::to_string(&g.view_spectator()).unwrap();
    let opponent = serde_json::to_string(&g.view(first)).unwrap();
    for (seat, general) in &hidden {
        let wire = serde_json::to_string(general).unwrap();
        assert!(!spectator.contains(&wire));
        if *seat == second {
            assert!(!opponent.contains(&wire), "先手 learns 后手's {general:?}");
        }
    }
    for (n, seat) in [second, first, first, second, second, first]
        .into_iter()
        .enumerate()
    {
        assert_eq!(g.prompts().len(), 1, "pick {n}");
        let offer = offered(&g, seat);
        assert_eq!(offer.len(), 6 - n);
        let events = pick(&mut g, seat, offer[0]);
        assert!(events
            .iter()
            .any(|e| matches!(e, Event::GeneralPicked { to: Known::All, .. })));
    }
    assert!(g.view(first).draft.is_empty());
    for seat in [first, second] {
        assert_eq!(g.lineups().reserve(seat).len(), 6);
    }
}

/// M-1V1-3: both choose their first general at once, hidden until both have; M-1V1-4: the
/// starting hand is the general's max HP, and 先手's first draw phase draws one fewer.
#[test]
fn m_1v1_3_4_first_generals_and_starting_hands() {
    let mut g = Game::new(config(), 3).unwrap();
    let (first, second) = (super::first(&g), super::second(&g));
    for seat in [second, first, first, second, second, first] {
        let offer = offered(&g, seat);
        pick(&mut g, seat, offer[0]);
    }
    assert_eq!(g.prompts().len(), 2);
    let mine = offered(&g, second);
    assert_eq!(mine.len(), 6);
    let events = pick(&mut g, second, mine[2]);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::GeneralShown { .. })));
    let wire = serde_json::to_string(&mine[2]).unwrap();
    let seen = serde_json::to_string(&crate::game::Events(events).for_viewer(Some(first))).unwrap();
    assert!(!seen.contains(&wire));
    let theirs = offered(&g, first)[0];
    let events = pick(&mut g, first, theirs);
    let shown: Vec<Seat> = events
        .iter()
        .filter_map(|e| match e {
            Event::GeneralShown { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(shown, vec![first, second]);
    assert_eq!(g.seat(second).general, mine[2]);
    assert_eq!(g.lineups().reserve(second).len(), 5);
    assert_eq!(g.view(second).reserve.len(), 5);
    // 先手 is in its play phase: its max HP + 1 drawn.
    assert_eq!(g.turn().seat, first);
    assert_eq!(g.hand(first).len(), usize::from(g.seat(first).max_hp) + 1);
    assert_eq!(g.hand(second).len(), usize::from(g.seat(second).max_hp));
}

/// M-1V1-5: a general killed by damage in the opponent's turn: its cards are discarded, the
/// next one (the player's choice) enters once the damage has finished, with full HP and a
/// fresh starting hand; the killer gets nothing and its turn goes on.
#[test]
fn m_1v1_5_the_next_general_enters() {
    let mut c = duel(
        |s| {
            seat(s, 0).hand = cards(&[CardKind::Slash, CardKind::Peach]);
            seat(s, 1).hp = Some(1);
            seat(s, 1).hand = cards(&[CardKind::Peach]);
        },
        [&[], &[GeneralId::Zhugeliang, GeneralId::Lvbu]],
        1,
    );
    c.card(0, CardKind::Slash, &[1]).pass(1);
    c.pass_saves();
    assert!(!c.alive(1));
    assert!(
        c.discard_pile().contains(&CardKind::Peach),
        "its cards are discarded"
    );
    let offer = offered(&c.game, Seat(1));
    assert_eq!(offer, vec![GeneralId::Zhugeliang, GeneralId::Lvbu]);
    c.act(
        1,
        Action::General {
            general: GeneralId::Lvbu,
        },
    );
    assert!(c.alive(1));
    assert_eq!(c.game.seat(Seat(1)).general, GeneralId::Lvbu);
    assert_eq!(c.hp(1), 4);
    assert_eq!(c.hand(1).len(), 4, "a starting hand of its max HP");
    assert_eq!(c.game.lineups().fallen[1], vec![GeneralId::Guanyu]);
    assert_eq!(c.game.lineups().reserve(Seat(1)), &[GeneralId::Zhugeliang]);
    assert_eq!(c.hand(0), vec![CardKind::Peach], "no reward");
    assert!(c.game.outcome().is_none());
    assert_eq!(c.game.turn().seat, Seat(0));
    assert!(c.game.prompt_for(Seat(0)).is_some_and(|p| p.is_play()));
}

/// M-1V1-5: a general that dies in its own turn ends that turn; the next one enters (a single
/// one left is taken at once) and the opponent's turn follows.
#[test]
fn m_1v1_5_a_death_in_ones_own_turn_ends_it() {
    let mut c = duel(
        |s| {
            seat(s, 0).hp = Some(1);
            seat(s, 0).hand = cards(&[CardKind::Duel, CardKind::Slash]);
            seat(s, 1).hand = cards(&[CardKind::Slash, CardKind::Slash]);
        },
        [&[GeneralId::Zhaoyun], &[]],
        1,
    );
    c.card(0, CardKind::Duel, &[1]);
    c.pass_windows();
    // 关羽 answers twice, 张飞 once; then 张飞 plays none and takes 1.
    let slash = c
        .find_card(1, CardKind::Slash, &[])
        .expect("a 杀 to answer");
    c.act(1, slash);
    let slash = c
        .find_card(0, CardKind::Slash, &[])
        .expect("a 杀 to answer");
    c.act(0, slash);
    let slash = c
        .find_card(1, CardKind::Slash, &[])
        .expect("a 杀 to answer");
    c.act(1, slash).pass(0);
    c.pass_saves();
    assert!(c.alive(0), "赵云 is out");
    assert_eq!(c.game.seat(Seat(0)).general, GeneralId::Zhaoyun);
    assert_eq!(c.hand(0).len(), 4);
    assert_eq!(
        c.game.turn().seat,
        Seat(1),
        "张飞's turn ended: 关羽's follows"
    );
}

/// M-1V1-8: the third general's death loses; the other player wins.
#[test]
fn m_1v1_8_the_third_death_loses() {
    let mut c = duel(
        |s| {
            seat(s, 0).hand = cards(&[CardKind::Slash]);
            seat(s, 1).hp = Some(1);
        },
        [&[], &[GeneralId::Zhugeliang]],
        3,
    );
    c.card(0, CardKind::Slash, &[1]).pass(1);
    c.pass_saves();
    let outcome = c.game.outcome().expect("over");
    assert_eq!(outcome.winner, Some(Camp::First));
    assert_eq!(outcome.winners, vec![Seat(0)]);
}

/// Random games of every case of the mode end with a winner's camp.
#[test]
fn random_games_end() {
    for seed in 0..20 {
        let game = crate::sim::play_random(config(), seed, 50_000, |g, _, _| {
            if let Err(e) = g.table().check_conservation() {
                panic!("{e}");
            }
        })
        .unwrap();
        let outcome = game.outcome().expect("over");
        let [winner] = outcome.winners[..] else {
            panic!("seed {seed}: {outcome:?}")
        };
        let loser = Seat(1 - winner.0);
        assert!(!game.is_alive(loser));
        assert_eq!(
            game.lineups().entered[loser.index()],
            super::LIVES,
            "seed {seed}"
        );
    }
}

/// M-1V1-5 (W-MECH-GOD-1): an entering god chooses its kingdom before it draws its starting hand.
#[test]
fn m_1v1_5_an_entering_god_chooses_its_kingdom_before_it_draws() {
    let mut c = duel(
        |s| {
            seat(s, 0).hand = cards(&[CardKind::Slash]);
            seat(s, 1).hp = Some(1);
        },
        [&[], &[GeneralId::ShenLvmeng]],
        1,
    );
    c.card(0, CardKind::Slash, &[1]).pass(1);
    c.pass_saves();
    assert_eq!(c.game.seat(Seat(1)).general, GeneralId::ShenLvmeng);
    assert!(c.is_asked(1, |k| *k == PromptKind::ChooseKingdom));
    assert!(c.hand(1).is_empty(), "no starting hand before the choice");
    c.act(1, Action::Option { index: 2 });
    assert_eq!(c.game.seat(Seat(1)).kingdom, crate::seat::Kingdom::Wu);
    assert!(c.events.iter().any(|e| matches!(
        e,
        Event::KingdomChosen { seat, kingdom: crate::seat::Kingdom::Wu } if seat.0 == 1
    )));
    assert_eq!(c.hand(1).len(), 3, "then a starting hand of its max HP");
    assert!(c.game.prompt_for(Seat(0)).is_some_and(|p| p.is_play()));
}
