//! Rulings A. Setup (`timing-rulings.md`).

use crate::support::*;

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
            ruleset: GameConfig::white(players)
                .ruleset
                .with_option("role_table", RoleTable::Variant.id()),
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
