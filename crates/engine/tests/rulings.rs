//! One test per ruling of `shared/rules/timing-rulings.md` (sections A–E and G) that spans
//! several cards or the turn flow; each test names its ruling. Rulings about one card are
//! tested in that card's file:
//!
//! - A.8 one card of a name per judgment area: `cards::indulgence`, `cards::lightning`;
//!   one card per equipment slot: `cards::horse`.
//! - C.14 nullified 乐不思蜀 discarded: `cards::indulgence::tests::nullified_it_is_discarded_without_effect`;
//!   nullified or missed 闪电 moves on, skipping seats that hold one: `cards::lightning`.
//! - C.15 闪电 ♠2–9 deals 3 thunder damage with no source; 乐不思蜀 unless ♥: `cards::lightning`,
//!   `cards::indulgence`.
//! - C.16 no window for basic and equipment cards: `cards::nullification`.
//! - E.23 顺手牵羊 distance 1 with horses: `cards::snatch`; horses: `cards::horse`.
//! - G.29–30 the effects of each card: the card's own file.

use sgs_engine::action::Pick;
use sgs_engine::event::Side;
use sgs_engine::prompt::Choices;
use sgs_engine::testing::{cards, seat, table, Check};
use sgs_engine::CardKind::{self, *};
use sgs_engine::Role::*;
use sgs_engine::{
    Action, CardId, CardSpec, Cause, Event, Game, GameConfig, Phase, PromptKind, RoleTable,
    Scenario, Seat, Suit,
};

// ---- helpers ----------------------------------------------------------------------------------

fn roles_of(game: &Game) -> [usize; 4] {
    let mut counts = [0; 4];
    for i in 0..game.seat_count() {
        counts[game.seat(Seat(i as u8)).role as usize] += 1;
    }
    counts
}

/// Passes every 桃 request in turn and returns who was asked, in order.
fn decline_saves(c: &mut Check) -> Vec<u8> {
    let mut asked = Vec::new();
    while let Some(p) = c
        .game
        .prompts()
        .iter()
        .find(|p| matches!(p.kind, PromptKind::Save { .. }))
    {
        let seat = p.seat.0;
        asked.push(seat);
        c.pass(seat);
    }
    asked
}

/// `killer` (the current seat) uses a 杀 on `victim`, who does not dodge and is not saved.
fn slash_to_death(c: &mut Check, killer: u8, victim: u8) {
    c.card(killer, Slash, &[victim]).pass(victim);
    decline_saves(c);
    assert!(!c.alive(victim), "seat {victim} survived");
}

fn died(c: &Check, victim: u8) -> Option<(sgs_engine::Role, Option<Seat>)> {
    c.events.iter().find_map(|e| match e {
        Event::Died { seat, role, killer } if seat.0 == victim => Some((*role, *killer)),
        _ => None,
    })
}

fn winners(c: &Check) -> (Option<Side>, Vec<u8>) {
    let outcome = c.game.outcome().expect("the game is over");
    (
        outcome.winner,
        outcome.winners.iter().map(|s| s.0).collect(),
    )
}

fn dead(s: &mut Scenario, i: u8) {
    seat(s, i).alive = false;
}

fn first_id(kind: CardKind) -> CardId {
    let row = sgs_engine::cards::deck::STANDARD
        .iter()
        .position(|r| r.kind == kind)
        .expect("kind in the deck");
    CardId(row as u8)
}

// ---- A. Setup --------------------------------------------------------------------------------

/// A.1: role counts for every player count, default table and variants.
#[test]
fn a1_role_counts_per_player_count() {
    let standard = [
        (2, [1, 0, 1, 0]),
        (3, [1, 0, 1, 1]),
        (4, [1, 1, 1, 1]),
        (5, [1, 1, 2, 1]),
        (6, [1, 1, 3, 1]),
        (7, [1, 2, 3, 1]),
        (8, [1, 2, 4, 1]),
        (9, [1, 3, 4, 1]),
        (10, [1, 3, 4, 2]),
    ];
    for (players, counts) in standard {
        let game = Game::new(GameConfig::white(players), 3).unwrap();
        assert_eq!(roles_of(&game), counts, "{players} players");
    }
    let variant = [
        (4, [1, 0, 2, 1]),
        (5, [1, 1, 2, 1]),
        (6, [1, 1, 2, 2]),
        (8, [1, 2, 3, 2]),
        (10, [1, 3, 5, 1]),
    ];
    for (players, counts) in variant {
        let config = GameConfig {
            role_table: RoleTable::Variant,
            ..GameConfig::white(players)
        };
        let game = Game::new(config, 3).unwrap();
        assert_eq!(roles_of(&game), counts, "variant, {players} players");
    }
}

/// A.2: roles are dealt at random; only the lord's is public.
#[test]
fn a2_roles_are_random_and_only_the_lord_is_revealed() {
    let lords: Vec<Seat> = (0..20)
        .map(|seed| Game::new(GameConfig::white(5), seed).unwrap().lord())
        .collect();
    assert!(
        lords.iter().any(|l| *l != lords[0]),
        "the lord's seat varies"
    );
    let game = Game::new(GameConfig::white(5), 1).unwrap();
    let lord = game.lord();
    let viewer = Seat((lord.0 + 1) % 5);
    let view = game.view(viewer);
    for seat in &view.seats {
        let known = seat.seat == lord || seat.seat == viewer;
        assert_eq!(seat.role.is_some(), known, "{}", seat.seat);
    }
}

/// A.4: the lord gets +1 max HP only with 5 or more players.
#[test]
fn a4_lord_hp_bonus_only_with_five_or_more_players() {
    for players in 2..=10u8 {
        let game = Game::new(GameConfig::white(players), 5).unwrap();
        let lord = game.lord();
        let bonus = u8::from(players >= 5);
        assert_eq!(game.seat(lord).max_hp, 4 + bonus, "{players} players");
        assert_eq!(game.seat(lord).hp, 4 + bonus as i8);
        for i in 0..players {
            if Seat(i) != lord {
                assert_eq!(game.seat(Seat(i)).max_hp, 4);
            }
        }
    }
}

/// A.5: everyone draws 4; the lord takes the first turn; play goes on in seat order.
#[test]
fn a5_four_starting_cards_and_the_lord_goes_first() {
    let mut game = Game::new(GameConfig::white(5), 9).unwrap();
    let events = game.take_events().0;
    let lord = game.lord();
    let first_turn = events.iter().find_map(|e| match e {
        Event::TurnStarted { seat } => Some(*seat),
        _ => None,
    });
    assert_eq!(first_turn, Some(lord));
    for i in 0..5u8 {
        let n = game.hand(Seat(i)).len();
        // The lord has also drawn 2 in its draw phase.
        assert_eq!(n, if Seat(i) == lord { 6 } else { 4 });
    }
    // End the lord's turn; the next seat in seat order plays.
    game.act(lord, Action::Pass).unwrap();
    let discard = game.prompt_for(lord).expect("discard").default_action();
    let events = game.act(lord, discard).unwrap().0;
    let next = events.iter().find_map(|e| match e {
        Event::TurnStarted { seat } => Some(*seat),
        _ => None,
    });
    assert_eq!(next, Some(Seat((lord.0 + 1) % 5)));
}

// ---- B. Turn structure -----------------------------------------------------------------------

/// B.6: the six phases, in order.
#[test]
fn b6_six_phases_in_order() {
    let mut game = Game::new(GameConfig::white(4), 2).unwrap();
    let mut events = game.take_events().0;
    let lord = game.lord();
    events.extend(game.act(lord, Action::Pass).unwrap().0);
    // 6 cards, 4 HP: discard 2.
    let prompt = game.prompt_for(lord).expect("discard prompt").clone();
    assert_eq!(prompt.kind, PromptKind::Discard { count: 2 });
    events.extend(game.act(lord, prompt.default_action()).unwrap().0);
    let phases: Vec<Phase> = events
        .iter()
        .filter_map(|e| match e {
            Event::PhaseStarted { seat, phase } if *seat == lord => Some(*phase),
            _ => None,
        })
        .collect();
    assert_eq!(phases, Phase::ALL.to_vec());
    let ended = events
        .iter()
        .position(|e| matches!(e, Event::TurnEnded { seat } if *seat == lord));
    let finish = events.iter().position(
        |e| matches!(e, Event::PhaseStarted { seat, phase: Phase::Finish } if *seat == lord),
    );
    assert!(finish < ended && ended.is_some());
}

/// B.6: a skipped phase has no start (乐不思蜀 skips the play phase).
#[test]
fn b6_a_skipped_phase_does_not_start() {
    let mut s = table(&[Lord, Rebel]);
    s.phase = Phase::Judge;
    seat(&mut s, 0).judge = cards(&[Indulgence]);
    s.draw_pile_top = vec![CardSpec::exact(Slash, Suit::Spade, 10)];
    let mut c = Check::new(s);
    c.pass_windows();
    let started_play = c
        .events
        .iter()
        .any(|e| matches!(e, Event::PhaseStarted { seat, phase: Phase::Play } if seat.0 == 0));
    assert!(!started_play);
    assert!(c.events.iter().any(|e| {
        matches!(e, Event::PhaseStarted { seat, phase: Phase::Discard } if seat.0 == 0)
    }));
}

/// B.7: delayed tricks resolve last placed first, each with its own window before judging.
#[test]
fn b7_judgment_area_resolves_last_placed_first() {
    let mut s = table(&[Lord, Rebel]);
    s.phase = Phase::Judge;
    seat(&mut s, 0).judge = vec![
        CardSpec::kind(Indulgence),
        CardSpec::exact(Lightning, Suit::Spade, 1),
    ];
    s.draw_pile_top = vec![
        CardSpec::exact(Jink, Suit::Heart, 2),
        CardSpec::exact(Jink, Suit::Heart, 2),
    ];
    let mut c = Check::new(s);
    assert!(c.is_asked(1, |k| matches!(
        k,
        PromptKind::Nullify {
            trick: Lightning,
            ..
        }
    )));
    c.pass_windows();
    let judged: Vec<Cause> = c
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Judged { cause, .. } => Some(*cause),
            _ => None,
        })
        .collect();
    assert_eq!(
        judged,
        vec![Cause::Card(Lightning), Cause::Card(Indulgence)]
    );
    assert_eq!(c.judge_area(1), vec![Lightning]);
    assert!(c.is_asked(0, |k| *k == PromptKind::Play));
}

/// B.9: the draw phase draws 2 from the top of the pile.
#[test]
fn b9_draw_two_in_the_draw_phase() {
    let mut s = table(&[Lord, Rebel]);
    s.phase = Phase::Draw;
    s.draw_pile_top = cards(&[Peach, Duel, Jink]);
    let c = Check::new(s);
    assert_eq!(c.hand(0), vec![Peach, Duel]);
}

/// B.10: a 杀 played (打出) in a 决斗 is not a use and does not count toward the limit.
#[test]
fn b10_slash_played_in_a_duel_does_not_count() {
    let mut s = table(&[Lord, Rebel]);
    seat(&mut s, 0).hand = cards(&[Duel, Slash, Slash]);
    seat(&mut s, 1).hand = cards(&[Slash]);
    let mut c = Check::new(s);
    c.card(0, Duel, &[1]).pass_windows();
    c.card(1, Slash, &[]).card(0, Slash, &[]).pass(1);
    assert_eq!(c.hp(1), 3);
    c.card(0, Slash, &[1]).pass(1);
    assert_eq!(c.hp(1), 2);
}

/// B.10: the limit is per play phase: the next turn's play phase may use a 杀 again.
#[test]
fn b10_the_slash_limit_resets_each_play_phase() {
    let mut s = table(&[Lord, Rebel]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    // Seat 1 draws the two 桃 (and cannot use them at full HP); seat 0 then draws the 杀.
    s.draw_pile_top = cards(&[Peach, Peach, Slash, Jink]);
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]).pass(1);
    c.pass(0);
    assert!(c.is_asked(1, |k| *k == PromptKind::Play));
    c.pass(1);
    assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    c.card(0, Slash, &[1]).pass(1);
    assert_eq!(c.hp(1), 2);
}

/// B.11: the hand limit is the current HP, not the max HP.
#[test]
fn b11_hand_limit_is_current_hp() {
    let mut s = table(&[Lord, Rebel]);
    s.phase = Phase::Discard;
    seat(&mut s, 0).hp = Some(2);
    seat(&mut s, 0).hand = cards(&[Peach, Peach, Jink, Jink, Duel]);
    let mut c = Check::new(s);
    assert_eq!(c.prompt(0).kind, PromptKind::Discard { count: 3 });
    let hand = c.game.hand(Seat(0))[..3].to_vec();
    c.act(0, Action::Cards { cards: hand });
    assert_eq!(c.hand(0).len(), 2);
    assert!(c.game.turn().seat == Seat(1));
}

/// B.12: an empty draw pile is refilled by shuffling the discard pile.
#[test]
fn b12_empty_draw_pile_reshuffles_the_discard_pile() {
    let mine = [
        first_id(Dilu),
        first_id(Jueying),
        first_id(Zhuahuang),
        first_id(ExNihilo),
    ];
    let mut s = table(&[Lord, Rebel]);
    seat(&mut s, 0).hand = mine.iter().map(|id| CardSpec::Id(*id)).collect();
    seat(&mut s, 1).hand = (0..108u8)
        .map(CardId)
        .filter(|id| !mine.contains(id))
        .map(CardSpec::Id)
        .collect();
    let mut c = Check::new(s);
    assert!(c.game.table().draw_pile.is_empty());
    // Two horses replaced: the discard pile holds 的卢 and 绝影.
    c.card(0, Dilu, &[])
        .card(0, Jueying, &[])
        .card(0, Zhuahuang, &[]);
    assert_eq!(c.discard_pile(), vec![Dilu, Jueying]);
    c.card(0, ExNihilo, &[]).pass_windows();
    assert!(c
        .events
        .iter()
        .any(|e| matches!(e, Event::DeckReshuffled { count: 2 })));
    let mut hand = c.hand(0);
    hand.sort();
    assert_eq!(hand, vec![Dilu, Jueying]);
    assert!(!c.game.is_over());
    c.assert_conserved();
}

/// B.12: with both piles empty, the game ends in a draw.
#[test]
fn b12_both_piles_empty_is_a_draw_game() {
    let nihilo = first_id(ExNihilo);
    let mut s = table(&[Lord, Rebel]);
    seat(&mut s, 0).hand = vec![CardSpec::Id(nihilo)];
    seat(&mut s, 1).hand = (0..108u8)
        .map(CardId)
        .filter(|id| *id != nihilo)
        .map(CardSpec::Id)
        .collect();
    let mut c = Check::new(s);
    c.card(0, ExNihilo, &[]).pass_windows();
    assert!(c.game.is_over());
    assert_eq!(winners(&c), (None, vec![]));
}

// ---- C. 无懈可击 ------------------------------------------------------------------------------

/// C.13: one window per target; a 无懈可击 cancels the trick on its target only.
#[test]
fn c13_nullification_cancels_one_target_only() {
    let mut s = table(&[Lord, Rebel, Rebel, Loyalist]);
    seat(&mut s, 0).hand = cards(&[SavageAssault]);
    seat(&mut s, 2).hand = cards(&[Nullification]);
    let mut c = Check::new(s);
    c.card(0, SavageAssault, &[]);
    assert!(c.is_asked(2, |k| matches!(
        k,
        PromptKind::Nullify { trick: SavageAssault, target: Some(t), .. } if t.0 == 1
    )));
    c.pass_windows().pass(1);
    assert!(c.is_asked(2, |k| matches!(
        k,
        PromptKind::Nullify { target: Some(t), .. } if t.0 == 2
    )));
    c.card(2, Nullification, &[]).pass_windows();
    c.pass_windows().pass(3);
    assert_eq!([c.hp(1), c.hp(2), c.hp(3)], [3, 4, 3]);
}

/// C.13: a 无懈可击 may be answered by another; an odd number cancels the trick.
#[test]
fn c13_nullification_chains_resolve_by_parity() {
    let mut s = table(&[Lord, Rebel, Rebel]);
    seat(&mut s, 0).hand = cards(&[ExNihilo, Nullification]);
    seat(&mut s, 1).hand = cards(&[Nullification, Nullification]);
    let mut c = Check::new(s);
    c.card(0, ExNihilo, &[]);
    c.card(1, Nullification, &[]);
    // The next window is about the 无懈可击: using one now counters it.
    assert!(c.is_asked(2, |k| matches!(
        k,
        PromptKind::Nullify {
            countering: true,
            ..
        }
    )));
    c.card(0, Nullification, &[]);
    assert!(c.is_asked(2, |k| matches!(
        k,
        PromptKind::Nullify {
            countering: false,
            ..
        }
    )));
    c.pass_windows();
    // Two: the 无中生有 takes effect.
    assert_eq!(c.hand(0).len(), 2);

    let mut s = table(&[Lord, Rebel, Rebel]);
    seat(&mut s, 0).hand = cards(&[ExNihilo, Nullification]);
    seat(&mut s, 1).hand = cards(&[Nullification, Nullification]);
    let mut c = Check::new(s);
    c.card(0, ExNihilo, &[]);
    c.card(1, Nullification, &[]).card(0, Nullification, &[]);
    c.card(1, Nullification, &[]).pass_windows();
    // Three: it is cancelled.
    assert!(c.hand(0).is_empty());
    assert_eq!(c.hand(1).len(), 0);
    assert_eq!(c.discard_pile().len(), 4);
}

// ---- D. Damage, dying, death -----------------------------------------------------------------

/// D.18: "when dealing damage" effects (麒麟弓) come before HP is reduced; dying follows at once.
#[test]
fn d18_damage_timings_in_order() {
    let mut s = table(&[Lord, Rebel, Rebel]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 0).equip = cards(&[KylinBow]);
    seat(&mut s, 1).hp = Some(1);
    seat(&mut s, 1).equip = cards(&[Dilu]);
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]).pass(1);
    let dilu = c.game.table().seats[1].equipment().next().unwrap();
    c.act(
        0,
        Action::Pick {
            pick: Pick::Card { card: dilu },
        },
    );
    let at = |pred: &dyn Fn(&Event) -> bool| c.events.iter().position(pred).unwrap();
    let horse_gone = at(&|e| matches!(e, Event::CardsMoved { cards, .. } if cards.contains(&dilu)));
    let damaged = at(&|e| matches!(e, Event::Damaged { .. }));
    let dying = at(&|e| matches!(e, Event::Dying { .. }));
    assert!(horse_gone < damaged && damaged < dying);
}

/// D.19: 桃 is asked from the current seat round the table, the dying one in its place, each
/// once.
#[test]
fn d19_dying_asks_everyone_once_from_the_current_seat() {
    let mut s = table(&[Lord, Rebel, Rebel, Loyalist]);
    s.current = Some(Seat(1));
    seat(&mut s, 1).hand = cards(&[Slash]);
    seat(&mut s, 1).equip = cards(&[QinggangSword]);
    seat(&mut s, 3).hp = Some(1);
    let mut c = Check::new(s);
    c.card(1, Slash, &[3]).pass(3);
    assert_eq!(decline_saves(&mut c), vec![1, 2, 3, 0]);
    assert!(!c.alive(3));
}

/// D.19: a seat may give several 桃 one at a time; once it declines it is not asked again.
#[test]
fn d19_several_peaches_and_nobody_asked_twice() {
    // 闪电 takes the lord from 2 to -1 HP: it needs two 桃.
    let mut s = table(&[Lord, Rebel, Rebel]);
    s.phase = Phase::Judge;
    seat(&mut s, 0).hp = Some(2);
    seat(&mut s, 0).judge = vec![CardSpec::exact(Lightning, Suit::Spade, 1)];
    seat(&mut s, 1).hand = cards(&[Peach, Peach]);
    s.draw_pile_top = vec![CardSpec::exact(Slash, Suit::Spade, 9)];
    let mut c = Check::new(s);
    c.pass_windows();
    assert_eq!(c.hp(0), -1);
    c.pass(0).card(1, Peach, &[]);
    assert_eq!(c.hp(0), 0);
    assert!(c.is_asked(1, |k| matches!(k, PromptKind::Save { .. })));
    c.card(1, Peach, &[]);
    assert_eq!(c.hp(0), 1);
    assert!(c.is_asked(0, |k| *k == PromptKind::Play));

    let mut s = table(&[Lord, Rebel, Rebel]);
    s.phase = Phase::Judge;
    seat(&mut s, 0).hp = Some(2);
    seat(&mut s, 0).judge = vec![CardSpec::exact(Lightning, Suit::Spade, 1)];
    seat(&mut s, 1).hand = cards(&[Peach]);
    s.draw_pile_top = vec![CardSpec::exact(Slash, Suit::Spade, 9)];
    let mut c = Check::new(s);
    c.pass_windows();
    c.pass(0).card(1, Peach, &[]);
    assert_eq!(decline_saves(&mut c), vec![1, 2]);
    assert!(!c.alive(0));
    assert_eq!(winners(&c), (Some(Side::Rebels), vec![1, 2]));
}

/// D.20: on death the role is revealed and every card of the dead is discarded.
#[test]
fn d20_death_reveals_the_role_and_discards_every_card() {
    let mut s = table(&[Lord, Rebel, Rebel, Renegade]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 1).hp = Some(1);
    seat(&mut s, 1).hand = cards(&[Jink]);
    seat(&mut s, 1).equip = cards(&[EightDiagram]);
    seat(&mut s, 1).judge = cards(&[Indulgence]);
    let mut c = Check::new(s);
    assert_eq!(c.game.view(Seat(2)).seats[1].role, None);
    slash_to_death(&mut c, 0, 1);
    assert_eq!(died(&c, 1), Some((Rebel, Some(Seat(0)))));
    assert_eq!(c.game.view(Seat(2)).seats[1].role, Some(Rebel));
    let discarded = c.discard_pile();
    for kind in [Jink, EightDiagram, Indulgence] {
        assert!(discarded.contains(&kind), "{kind:?}");
    }
    assert!(c.game.table().seats[1].count_all() == 0);
    c.assert_conserved();
}

/// D.20: the win check comes before rewards: the kill that ends the game gives no reward.
#[test]
fn d20_a_kill_that_ends_the_game_gives_no_reward() {
    let mut s = table(&[Lord, Rebel]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 1).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 0, 1);
    assert_eq!(winners(&c), (Some(Side::Lord), vec![0]));
    assert!(c.hand(0).is_empty());
}

/// D.21: whoever kills a rebel draws 3.
#[test]
fn d21_killing_a_rebel_draws_three() {
    let mut s = table(&[Lord, Rebel, Rebel]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 1).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 0, 1);
    assert!(!c.game.is_over());
    assert_eq!(c.hand(0).len(), 3);
}

/// D.21: also a rebel who kills a rebel.
#[test]
fn d21_a_rebel_killing_a_rebel_draws_three() {
    let mut s = table(&[Lord, Rebel, Rebel, Renegade]);
    s.current = Some(Seat(1));
    seat(&mut s, 1).hand = cards(&[Slash]);
    seat(&mut s, 2).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 1, 2);
    assert!(!c.game.is_over());
    assert_eq!(c.hand(1).len(), 3);
}

/// D.21: a lord who kills a loyalist discards hand and equipment, not the judgment area.
#[test]
fn d21_lord_killing_a_loyalist_discards_hand_and_equipment() {
    let mut s = table(&[Lord, Loyalist, Rebel]);
    seat(&mut s, 0).hand = cards(&[Slash, Peach, Jink]);
    seat(&mut s, 0).equip = cards(&[Crossbow, Dilu]);
    seat(&mut s, 0).judge = cards(&[Indulgence]);
    seat(&mut s, 1).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 0, 1);
    assert!(!c.game.is_over());
    assert!(c.hand(0).is_empty());
    assert!(c.equipment(0).is_empty());
    assert_eq!(c.judge_area(0), vec![Indulgence]);
}

/// D.21: killing a loyalist (not as the lord) or a renegade: nothing.
#[test]
fn d21_other_kills_give_nothing() {
    let mut s = table(&[Lord, Loyalist, Rebel, Renegade]);
    s.current = Some(Seat(2));
    seat(&mut s, 2).hand = cards(&[Slash, Jink]);
    seat(&mut s, 1).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 2, 1);
    assert_eq!(c.hand(2), vec![Jink]);

    let mut s = table(&[Lord, Loyalist, Rebel, Renegade]);
    seat(&mut s, 0).hand = cards(&[Slash, Jink]);
    seat(&mut s, 3).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 0, 3);
    assert_eq!(c.hand(0), vec![Jink]);
}

/// D.21: the killer is the source of the fatal damage, here the target of a lost 决斗; the
/// dead seat's turn ends and the next living seat plays.
#[test]
fn d21_losing_ones_own_duel_rewards_the_target() {
    let mut s = table(&[Lord, Rebel, Loyalist, Rebel]);
    s.current = Some(Seat(1));
    seat(&mut s, 1).hp = Some(1);
    seat(&mut s, 1).hand = cards(&[Duel]);
    seat(&mut s, 2).hand = cards(&[Slash]);
    s.draw_pile_top = cards(&[Peach, Peach, Peach, Jink, Jink]);
    let mut c = Check::new(s);
    c.card(1, Duel, &[2]).pass_windows();
    c.card(2, Slash, &[]).pass(1);
    assert_eq!(decline_saves(&mut c), vec![1, 2, 3, 0]);
    assert_eq!(died(&c, 1), Some((Rebel, Some(Seat(2)))));
    assert!(!c.game.is_over());
    // 3 for the kill, then 2 in its own draw phase.
    assert!(c.is_asked(2, |k| *k == PromptKind::Play));
    assert_eq!(c.hand(2), vec![Peach, Peach, Peach, Jink, Jink]);
}

/// D.21: the lord who wins a 决斗 a loyalist started still killed a loyalist.
#[test]
fn d21_lord_killing_a_loyalist_in_the_loyalists_duel() {
    let mut s = table(&[Lord, Loyalist, Rebel]);
    s.current = Some(Seat(1));
    seat(&mut s, 1).hp = Some(1);
    seat(&mut s, 1).hand = cards(&[Duel]);
    seat(&mut s, 0).hand = cards(&[Slash, Jink]);
    seat(&mut s, 0).equip = cards(&[Dilu]);
    let mut c = Check::new(s);
    c.card(1, Duel, &[0]).pass_windows();
    c.card(0, Slash, &[]).pass(1);
    decline_saves(&mut c);
    assert_eq!(died(&c, 1), Some((Loyalist, Some(Seat(0)))));
    assert!(c.hand(0).is_empty() && c.equipment(0).is_empty());
}

/// D.21: damage with no source (闪电) kills without a killer: nobody is rewarded.
#[test]
fn d21_no_source_no_reward() {
    let mut s = table(&[Lord, Rebel, Rebel, Loyalist]);
    s.current = Some(Seat(1));
    s.phase = Phase::Judge;
    seat(&mut s, 1).hp = Some(3);
    seat(&mut s, 1).judge = vec![CardSpec::exact(Lightning, Suit::Spade, 1)];
    s.draw_pile_top = vec![CardSpec::exact(Slash, Suit::Spade, 9)];
    let mut c = Check::new(s);
    c.pass_windows();
    decline_saves(&mut c);
    assert_eq!(died(&c, 1), Some((Rebel, None)));
    for i in [0, 3] {
        assert!(c.hand(i).is_empty(), "seat {i} drew");
    }
    // The turn passes to the next living seat, who drew only its 2 of the draw phase.
    assert!(c.is_asked(2, |k| *k == PromptKind::Play));
    assert_eq!(c.hand(2).len(), 2);
}

/// D.22: the lord dies with only one renegade left alive: the renegade wins alone.
#[test]
fn d22_a_lone_renegade_wins() {
    let mut s = table(&[Lord, Rebel, Renegade]);
    dead(&mut s, 1);
    s.current = Some(Seat(2));
    seat(&mut s, 2).hand = cards(&[Slash]);
    seat(&mut s, 0).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 2, 0);
    assert_eq!(winners(&c), (Some(Side::Renegade), vec![2]));
}

/// D.22: the lord dies with anyone else alive besides a renegade: the rebels win, dead or not.
#[test]
fn d22_otherwise_the_lords_death_is_a_rebel_win() {
    let mut s = table(&[Lord, Loyalist, Rebel, Renegade]);
    dead(&mut s, 2);
    s.current = Some(Seat(3));
    seat(&mut s, 3).hand = cards(&[Slash]);
    seat(&mut s, 0).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 3, 0);
    assert_eq!(winners(&c), (Some(Side::Rebels), vec![2]));
}

/// D.22: with two renegades (variant tables) the lord's death while both live is a rebel win.
#[test]
fn d22_two_renegades_alive_means_rebels_win() {
    let mut s = table(&[Lord, Rebel, Renegade, Renegade]);
    dead(&mut s, 1);
    s.current = Some(Seat(2));
    seat(&mut s, 2).hand = cards(&[Slash]);
    seat(&mut s, 0).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 2, 0);
    assert_eq!(winners(&c), (Some(Side::Rebels), vec![1]));
}

/// D.22: all rebels and renegades dead: the lord and every loyalist (dead too) win.
#[test]
fn d22_lord_and_loyalists_win_when_rebels_and_renegades_are_dead() {
    let mut s = table(&[Lord, Loyalist, Rebel, Renegade]);
    dead(&mut s, 1);
    dead(&mut s, 3);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 2).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 0, 2);
    assert_eq!(winners(&c), (Some(Side::Lord), vec![0, 1]));
}

/// D.22: while a rebel or a renegade lives and the lord lives, the game goes on.
#[test]
fn d22_the_game_goes_on_while_the_lord_and_an_enemy_live() {
    let mut s = table(&[Lord, Rebel, Renegade]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 2).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 0, 2);
    assert!(!c.game.is_over());
}

// ---- E. Distance and targeting -----------------------------------------------------------------

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

// ---- G. Core card effects --------------------------------------------------------------------

/// G.30: 决斗 starts with the target and alternates.
#[test]
fn g30_duel_alternates_starting_with_the_target() {
    let mut s = table(&[Lord, Rebel]);
    seat(&mut s, 0).hand = cards(&[Duel, Slash]);
    seat(&mut s, 1).hand = cards(&[Slash, Slash]);
    let mut c = Check::new(s);
    c.card(0, Duel, &[1]).pass_windows();
    let mut asked = Vec::new();
    while let Some(p) = c
        .game
        .prompts()
        .iter()
        .find(|p| matches!(p.kind, PromptKind::Respond { card: Slash, .. }))
    {
        let seat = p.seat.0;
        asked.push(seat);
        match c.find_card(seat, Slash, &[]) {
            Some(a) => c.act(seat, a),
            None => c.pass(seat),
        };
    }
    assert_eq!(asked, vec![1, 0, 1, 0]);
    assert_eq!((c.hp(0), c.hp(1)), (3, 4));
}

/// G.30: 五谷丰登 — picks go in seat order from the user; unpicked cards are discarded.
#[test]
fn g30_amazing_grace_order_and_leftovers() {
    let mut s = table(&[Lord, Rebel, Rebel]);
    s.current = Some(Seat(1));
    seat(&mut s, 1).hand = cards(&[AmazingGrace]);
    seat(&mut s, 0).hand = cards(&[Nullification]);
    s.draw_pile_top = cards(&[Peach, Jink, Duel]);
    let mut c = Check::new(s);
    c.card(1, AmazingGrace, &[]).pass_windows();
    let mut pickers = Vec::new();
    while let Some(p) = c
        .game
        .prompts()
        .iter()
        .find(|p| matches!(p.kind, PromptKind::Pool { .. }))
        .cloned()
    {
        pickers.push(p.seat.0);
        let Choices::Actions { actions } = &p.choices else {
            panic!("pool picks are actions");
        };
        c.act(p.seat.0, actions[0].clone());
        // Seat 0 nullifies its own pick (the window before seat 0's pick).
        if c.is_asked(
            0,
            |k| matches!(k, PromptKind::Nullify { target: Some(t), .. } if t.0 == 0),
        ) {
            c.card(0, Nullification, &[]);
        }
        c.pass_windows();
    }
    assert_eq!(pickers, vec![1, 2]);
    assert!(c.hand(0).is_empty());
    assert_eq!(c.hand(1).len(), 1);
    assert_eq!(c.hand(2).len(), 1);
    // The card nobody took went to the discard pile with the trick.
    assert_eq!(c.game.table().discard_pile.len(), 3);
    assert!(c.game.table().processing.is_empty());
    c.assert_conserved();
}
