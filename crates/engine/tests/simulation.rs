//! Property tests over random games: thousands of games for every player count (white and
//! standard generals), checked after every step, then replayed from their records.
//!
//! After every action: every card in play is in exactly one zone (108 cards, 104 without the EX
//! cards); no HP above max HP; the dead hold no cards; a game that is not over is not decided.
//! At the end: the game finished, and its winners are the ones `timing-rulings.md` D.22 gives for
//! the final table (recomputed here, independently of `flow/victory.rs`), or it is a draw with
//! both piles empty. Then each game's record
//! is replayed, directly and after a JSON round trip: same hash, same event stream.
//!
//! 1,000 games per (player count, general pack), 18,000 in all, in about 30 s of CPU time with
//! the engine optimized in the test profile (see the workspace `Cargo.toml`). `SGS_SIM_SCALE=n`
//! multiplies the number of games for a soak run. Play is random but seeded: a failure names its
//! seed and replays exactly.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sgs_engine::record::Setup;
use sgs_engine::{sim, Event, Game, GameConfig, GeneralPack, Record, Role, Seat, Side, Zone};

/// Games per (player count, pack), times `SGS_SIM_SCALE`.
const GAMES: u64 = 1000;
/// No random game needs this many actions; one that does is stuck.
const MAX_ACTIONS: usize = 50_000;

fn games() -> u64 {
    let scale: u64 = std::env::var("SGS_SIM_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    GAMES * scale
}

fn config(players: u8, pack: GeneralPack, seed: u64) -> GameConfig {
    GameConfig {
        players,
        generals: pack,
        // Both decks; and both ways of answering pass-only prompts.
        ex_cards: seed & 1 == 0,
        auto_pass: seed & 6 != 0,
        ..GameConfig::default()
    }
}

/// A random game played to the end, with every event and the invariants checked after every
/// step.
fn play_checked(config: GameConfig, seed: u64) -> (Game, Vec<Event>) {
    let context = format!(
        "{} players, {:?}, ex {}, auto_pass {}, seed {seed}",
        config.players, config.generals, config.ex_cards, config.auto_pass
    );
    let cards = if config.ex_cards { 108 } else { 104 };
    let mut game = Game::new(config, seed).unwrap_or_else(|e| panic!("{context}: {e}"));
    let mut events = game.take_events().0;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_5eed);
    check_invariants(&game, cards, &context);
    while !game.is_over() {
        assert!(
            game.action_count() < MAX_ACTIONS,
            "{context}: not over after {MAX_ACTIONS} actions"
        );
        let prompt = match sim::random_prompt(&game, &mut rng) {
            Some(prompt) => prompt,
            None => panic!("{context}: not over, but nobody is asked anything"),
        };
        let seat = prompt.seat;
        let action = sim::random_action(prompt, &mut rng);
        match game.act(seat, action.clone()) {
            Ok(new) => events.extend(new.0),
            Err(e) => panic!("{context}: legal action {action:?} of {seat} rejected: {e}"),
        }
        check_invariants(&game, cards, &context);
    }
    check_outcome(&game, &context);
    (game, events)
}

fn seats(game: &Game) -> impl Iterator<Item = Seat> {
    (0..game.seat_count()).map(|i| Seat(i as u8))
}

fn check_invariants(game: &Game, cards: usize, context: &str) {
    let table = game.table();
    if let Err(e) = table.check_conservation() {
        panic!("{context}, action {}: {e}", game.action_count());
    }
    assert_eq!(
        table.cards_in_play(),
        cards,
        "{context}: cards in play, action {}",
        game.action_count()
    );
    for seat in seats(game) {
        let state = game.seat(seat);
        assert!(
            state.hp <= state.max_hp as i8,
            "{context}: {seat} has {} of {} HP, action {}",
            state.hp,
            state.max_hp,
            game.action_count()
        );
        if !state.alive {
            assert_eq!(
                table.seats[seat.index()].count_all(),
                0,
                "{context}: dead {seat} holds cards, action {}",
                game.action_count()
            );
            for card in 0..table.location.len() {
                let zone = table.location[card];
                assert!(
                    !matches!(zone, Zone::Hand(s) | Zone::Equip(s) | Zone::Judge(s) if s == seat),
                    "{context}: card {card} is in dead {seat}'s {zone:?}"
                );
            }
        }
    }
    if !game.is_over() {
        assert_eq!(
            decided(game),
            None,
            "{context}: the game is decided but goes on, action {}",
            game.action_count()
        );
    }
}

/// D.22, written from the rule text: who wins on this table, if anyone yet.
fn decided(game: &Game) -> Option<(Side, Vec<Seat>)> {
    let role = |seat: Seat| game.seat(seat).role;
    let alive: Vec<Seat> = seats(game).filter(|s| game.seat(*s).alive).collect();
    let lord = seats(game).find(|s| role(*s) == Role::Lord)?;
    let of = |roles: &[Role]| -> Vec<Seat> {
        seats(game).filter(|s| roles.contains(&role(*s))).collect()
    };
    if !game.seat(lord).alive {
        // The lord dies: a lone surviving renegade wins alone; otherwise the rebels (dead ones
        // too), even with no rebel alive.
        if alive.len() == 1 && role(alive[0]) == Role::Renegade {
            return Some((Side::Renegade, alive));
        }
        return Some((Side::Rebels, of(&[Role::Rebel])));
    }
    // All rebels and renegades dead: the lord and every loyalist (dead ones too).
    if alive
        .iter()
        .all(|s| !matches!(role(*s), Role::Rebel | Role::Renegade))
    {
        return Some((Side::Lord, of(&[Role::Lord, Role::Loyalist])));
    }
    None
}

fn check_outcome(game: &Game, context: &str) {
    let Some(outcome) = game.outcome() else {
        panic!("{context}: not over");
    };
    let roles: Vec<Role> = seats(game).map(|s| game.seat(s).role).collect();
    assert_eq!(outcome.roles, roles, "{context}: revealed roles");
    let Some((side, mut winners)) = decided(game) else {
        // The one other way to end (docs/rulings.md, "Both piles empty: a draw game"): a card
        // had to be drawn with both piles empty. Nobody wins.
        let table = game.table();
        assert!(
            outcome.winner.is_none() && outcome.winners.is_empty(),
            "{context}: over ({outcome:?}) but D.22 decides nothing on the final table"
        );
        assert!(
            table.draw_pile.is_empty() && table.discard_pile.is_empty(),
            "{context}: a draw game with cards left to draw"
        );
        return;
    };
    let mut got = outcome.winners.clone();
    got.sort();
    winners.sort();
    assert_eq!(outcome.winner, Some(side), "{context}: winning side");
    assert_eq!(got, winners, "{context}: winners");
}

/// Replays `record` action by action, collecting every event.
fn replay_events(record: &Record) -> (Game, Vec<Event>) {
    let mut game = match &record.setup {
        Setup::Config(config) => Game::new(config.clone(), record.seed),
        Setup::Scenario(scenario) => Game::from_scenario((**scenario).clone()),
    }
    .unwrap_or_else(|e| panic!("replay setup: {e}"));
    let mut events = game.take_events().0;
    for (index, (seat, action)) in record.actions.iter().enumerate() {
        match game.act(*seat, action.clone()) {
            Ok(new) => events.extend(new.0),
            Err(e) => panic!("replay: action {index} {action:?} of {seat} rejected: {e}"),
        }
    }
    (game, events)
}

/// Replays the game's record after a JSON round trip: same hash, same events. Every eighth game
/// also goes through `Record::replay` (the same replay, through the checked public entry).
fn check_replays(game: &Game, events: &[Event], seed: u64, context: &str) {
    let record = game.record();
    if seed & 7 == 0 {
        let replayed = record
            .replay()
            .unwrap_or_else(|e| panic!("{context}: replay failed: {e}"));
        assert_eq!(replayed.hash(), game.hash(), "{context}: replayed hash");
        assert_eq!(
            replayed.outcome(),
            game.outcome(),
            "{context}: replayed outcome"
        );
    }

    let json = record.to_json();
    let parsed = Record::from_json(&json).unwrap_or_else(|e| panic!("{context}: record JSON: {e}"));
    assert_eq!(parsed, record, "{context}: record JSON round trip");
    let (again, again_events) = replay_events(&parsed);
    assert_eq!(
        again.hash(),
        game.hash(),
        "{context}: hash after JSON round trip"
    );
    assert!(
        again_events == events,
        "{context}: event stream differs after JSON round trip"
    );
}

fn run(players: u8, pack: GeneralPack) {
    let seed_base = u64::from(players) * 1_000_000
        + if pack == GeneralPack::None {
            0
        } else {
            500_000
        };
    for seed in seed_base..seed_base + games() {
        let config = config(players, pack, seed);
        let context = format!("{players} players, {pack:?}, seed {seed}");
        let (game, events) = play_checked(config, seed);
        check_replays(&game, &events, seed, &context);
    }
}

macro_rules! random_games {
    ($($name:ident: $players:expr, $pack:expr;)*) => {$(
        #[test]
        fn $name() {
            run($players, $pack);
        }
    )*};
}

random_games! {
    white_2: 2, GeneralPack::None;
    white_3: 3, GeneralPack::None;
    white_4: 4, GeneralPack::None;
    white_5: 5, GeneralPack::None;
    white_6: 6, GeneralPack::None;
    white_7: 7, GeneralPack::None;
    white_8: 8, GeneralPack::None;
    white_9: 9, GeneralPack::None;
    white_10: 10, GeneralPack::None;
    standard_2: 2, GeneralPack::Standard;
    standard_3: 3, GeneralPack::Standard;
    standard_4: 4, GeneralPack::Standard;
    standard_5: 5, GeneralPack::Standard;
    standard_6: 6, GeneralPack::Standard;
    standard_7: 7, GeneralPack::Standard;
    standard_8: 8, GeneralPack::Standard;
    standard_9: 9, GeneralPack::Standard;
    standard_10: 10, GeneralPack::Standard;
}

/// The simulator's driver plays the same game as the checked loop above (it is what `sgs-sim`,
/// in `crates/bot`, runs when every seat is random), and a second run gives the same hash.
#[test]
fn driver_is_deterministic() {
    for seed in 0..20 {
        let config = GameConfig {
            players: 8,
            auto_pass: true,
            ..GameConfig::default()
        };
        let a = sim::play_random(config.clone(), seed, MAX_ACTIONS, |_, _, _| {}).unwrap();
        let b = sim::play_random(config.clone(), seed, MAX_ACTIONS, |_, _, _| {}).unwrap();
        let (c, _) = play_checked(config, seed);
        assert!(a.is_over(), "seed {seed}: not over");
        assert_eq!(a.hash(), b.hash(), "seed {seed}");
        assert_eq!(a.hash(), c.hash(), "seed {seed}");
        assert_eq!(a.record(), c.record(), "seed {seed}");
    }
}
