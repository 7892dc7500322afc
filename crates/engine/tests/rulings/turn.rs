//! Rulings B. Turn structure (`timing-rulings.md`).

use crate::support::*;

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
    seat(&mut s, 1).hand = (0..108u16)
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
    seat(&mut s, 1).hand = (0..108u16)
        .map(CardId)
        .filter(|id| *id != nihilo)
        .map(CardSpec::Id)
        .collect();
    let mut c = Check::new(s);
    c.card(0, ExNihilo, &[]).pass_windows();
    assert!(c.game.is_over());
    assert_eq!(winners(&c), (None, vec![]));
}
