//! Property tests over random games of every registered ruleset (`testing::cases`: every mode ×
//! card pack × general pack, and their option variants), for every seat count the mode allows,
//! checked after every step, then replayed from their records. A new mode or pack is covered
//! here the moment it is registered.
//!
//! After every action: every card in play is in exactly one zone, and as many as at the start;
//! no HP above max HP; the dead hold no cards; a game that is not over is not decided. At the
//! end: the game finished, its outcome names every role, and its winners are the ones the mode's
//! rule text gives for the final table (identity: `timing-rulings.md` D.22; 斗地主: M-DDZ-10; 2v2:
//! M-2V2-6; 1v1: M-1V1-8; 3v3: M-3V3-10;
//! recomputed here, independently of the modes' `victory.rs`), or it is a draw with both piles
//! empty. Then
//! each game's record is replayed, directly and after a JSON round trip: same hash, same event
//! stream.
//!
//! 160,000 games in all, shared over every (case, seat count) by `testing::Budget` (a base case
//! gets four times a variant's share, at least 10 each), so registering a mode or a pack adds
//! its cases without adding time; split over eight tests that run in parallel, with the engine
//! optimized in the test profile (see the workspace `Cargo.toml`). `SGS_SIM_SCALE=n` multiplies
//! the number of games for a soak run. Play is random but seeded: a failure names its case and seed and replays
//! exactly.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sgs_engine::record::Setup;
use sgs_engine::testing::{cases, Budget, Case};
use sgs_engine::{sim, Camp as Side, Event, Game, GameConfig, Record, Role, Seat, Zone};

/// Games over every (case, seat count), times `SGS_SIM_SCALE`.
const TOTAL_GAMES: u64 = 160_000;
/// The fewest games any (case, seat count) plays.
const MIN_GAMES: u64 = 10;
/// How many tests share the work.
const SHARDS: usize = 8;
/// No random game needs this many actions; one that does is stuck.
const MAX_ACTIONS: usize = 50_000;

fn config(players: u8, case: &Case, seed: u64) -> GameConfig {
    GameConfig {
        players,
        ruleset: case.ruleset.clone(),
        // Both ways of answering pass-only prompts.
        auto_pass: seed & 6 != 0,
        ..GameConfig::default()
    }
}

/// A random game played to the end, with every event and the invariants checked after every
/// step.
fn play_checked(config: GameConfig, seed: u64) -> (Game, Vec<Event>) {
    let context = format!(
        "{} players, {:?}, auto_pass {}, seed {seed}",
        config.players, config.ruleset, config.auto_pass
    );
    let mut game = Game::new(config, seed).unwrap_or_else(|e| panic!("{context}: {e}"));
    let cards = game.table().cards_in_play();
    let mut events = game.take_events().0;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_5eed);
    let mut inheriting = None;
    check_invariants(&game, cards, &mut inheriting, &context);
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
        check_invariants(&game, cards, &mut inheriting, &context);
    }
    check_outcome(&game, &context);
    (game, events)
}

fn seats(game: &Game) -> impl Iterator<Item = Seat> {
    (0..game.seat_count()).map(|i| Seat(i as u8))
}

/// `inheriting` is the seat of a 曹丕 whose 行殇 is resolving (kept across steps: revealing him
/// to use it may first ask him for the reveal's rewards).
fn check_invariants(game: &Game, cards: usize, inheriting: &mut Option<Seat>, context: &str) {
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
    // 行殇 (H-SK-xingshang): a dead character's cards wait while 曹丕 is asked for them, and
    // while he answers what revealing himself to use it asks (H-REW-2/3: the rewards).
    let asks_xingshang = game.prompts().iter().find(|p| {
        p.choices.allows(&sgs_engine::Action::Skill {
            skill: sgs_engine::SkillId::Xingshang,
            cards: Vec::new(),
            targets: Vec::new(),
        })
    });
    *inheriting = match (asks_xingshang, *inheriting) {
        (Some(p), _) => Some(p.seat),
        (None, Some(caopi)) if game.prompts().iter().any(|p| p.seat == caopi) => Some(caopi),
        _ => None,
    };
    for seat in seats(game) {
        let state = game.seat(seat);
        assert!(
            state.hp <= state.max_hp as i8,
            "{context}: {seat} has {} of {} HP, action {}",
            state.hp,
            state.max_hp,
            game.action_count()
        );
        // 转世 (V-ZS-1): a waiting player holds its sacrifices, as hand cards only.
        let waits = sgs_engine::modes::identity::zhuanshi::enabled(&game.ruleset().options);
        if !state.alive && inheriting.is_none() {
            let held = table.seats[seat.index()].count_all();
            let sacrifices = if waits {
                table.seats[seat.index()].hand.len()
            } else {
                0
            };
            assert_eq!(
                held - sacrifices,
                0,
                "{context}: dead {seat} holds cards, action {}",
                game.action_count()
            );
            for card in 0..table.location.len() {
                let zone = table.location[card];
                assert!(
                    !matches!(zone, Zone::Equip(s) | Zone::Judge(s) if s == seat)
                        && (waits || !matches!(zone, Zone::Hand(s) if s == seat)),
                    "{context}: card {card} is in dead {seat}'s {zone:?}"
                );
            }
        }
    }
    // While simultaneous deaths are resolved (V-3S-2), the check waits until they all are.
    if !game.is_over() && !game.is_victory_deferred() {
        assert_eq!(
            decided(game),
            None,
            "{context}: the game is decided but goes on, action {}",
            game.action_count()
        );
    }
}

/// Who wins on this table, if anyone yet, written from each mode's rule text.
fn decided(game: &Game) -> Option<(Side, Vec<Seat>)> {
    match game.ruleset().mode.as_str() {
        "identity" => decided_identity(game),
        "doudizhu" => decided_doudizhu(game),
        "2v2" => decided_pairs(game),
        "1v1" => decided_1v1(game),
        "3v3" => decided_3v3(game),
        "hegemony" => decided_hegemony(game),
        other => panic!("no victory rule written for mode {other}"),
    }
}

/// M-DDZ-10: the landlord dead, both farmers win (a dead one too); both farmers dead, the
/// landlord wins.
fn decided_doudizhu(game: &Game) -> Option<(Side, Vec<Seat>)> {
    let landlord = seats(game).find(|s| game.seat(*s).role == Role::Lord)?;
    let farmers: Vec<Seat> = seats(game).filter(|s| *s != landlord).collect();
    if !game.seat(landlord).alive {
        return Some((Side::Farmers, farmers));
    }
    if farmers.iter().all(|s| !game.seat(*s).alive) {
        return Some((Side::Landlord, vec![landlord]));
    }
    None
}

/// M-2V2-6: seats 1 and 4 against seats 2 and 3; a team wins (its dead too) when both enemies
/// are dead.
fn decided_pairs(game: &Game) -> Option<(Side, Vec<Seat>)> {
    let out = |team: [u8; 2]| team.iter().all(|s| !game.seat(Seat(*s)).alive);
    if out([1, 2]) {
        return Some((Side::Loyalists, vec![Seat(0), Seat(3)]));
    }
    if out([0, 3]) {
        return Some((Side::Rebels, vec![Seat(1), Seat(2)]));
    }
    None
}

/// M-1V1-8: a player whose third general is dead loses; the other wins.
fn decided_1v1(game: &Game) -> Option<(Side, Vec<Seat>)> {
    let out = |seat: Seat| !game.seat(seat).alive && game.lineups().entered[seat.index()] >= 3;
    let first = seats(game).find(|s| game.seat(*s).role == Role::Loyalist)?;
    let second = seats(game).find(|s| *s != first)?;
    match (out(first), out(second)) {
        (true, false) => Some((Side::Second, vec![second])),
        (false, true) => Some((Side::First, vec![first])),
        _ => None,
    }
}

/// M-3V3-10: the cool camp is seats 1–3, its marshal seat 2; the warm camp seats 4–6, its
/// marshal seat 5. A camp wins (its dead too) when the enemy marshal is dead.
fn decided_3v3(game: &Game) -> Option<(Side, Vec<Seat>)> {
    if !game.seat(Seat(1)).alive {
        return Some((Side::Warm, vec![Seat(3), Seat(4), Seat(5)]));
    }
    if !game.seat(Seat(4)).alive {
        return Some((Side::Cool, vec![Seat(0), Seat(1), Seat(2)]));
    }
    None
}

/// H-WIN-1/2 (O-1, the early end): with one survivor, it wins with the dead of its faction (a
/// careerist alone); with several, each hidden survivor, in seat order from the current seat,
/// takes its main general's kingdom unless more than half the table (dead included) would then be
/// of it (H-CAR-1: a careerist); if every survivor is then of one kingdom, that kingdom wins, its
/// dead too.
fn decided_hegemony(game: &Game) -> Option<(Side, Vec<Seat>)> {
    use sgs_engine::Kingdom;
    let n = game.seat_count();
    if game.duos().len() != n || game.duos().iter().any(|d| !d.offer.is_empty()) {
        return None;
    }
    let side = |k: Kingdom| match k {
        Kingdom::Wei => Side::Wei,
        Kingdom::Shu => Side::Shu,
        Kingdom::Wu => Side::Wu,
        _ => Side::Qun,
    };
    let kingdom = |s: Seat| side(game.general(game.duo(s).unwrap().main).kingdom);
    let mut faction: Vec<Option<Side>> = seats(game)
        .map(|s| {
            let d = game.duo(s).unwrap();
            (d.main_shown || d.deputy_shown).then(|| {
                if d.careerist {
                    Side::Careerist
                } else {
                    kingdom(s)
                }
            })
        })
        .collect();
    let current = game.turn().seat.index();
    let alive: Vec<Seat> = (0..n)
        .map(|i| Seat(((current + i) % n) as u8))
        .filter(|s| game.seat(*s).alive)
        .collect();
    for s in &alive {
        if faction[s.index()].is_none() {
            let k = kingdom(*s);
            let others = faction.iter().filter(|f| **f == Some(k)).count();
            faction[s.index()] = Some(if others + 1 > n / 2 {
                Side::Careerist
            } else {
                k
            });
        }
    }
    // H-WIN-STRICT: several survivors are all determined before anyone wins.
    let strict = game.ruleset().options.get("strict_victory")
        == Some(&sgs_engine::ruleset::OptionValue::Flag(true));
    let hidden = |s: &Seat| {
        let d = game.duo(*s).unwrap();
        !d.main_shown && !d.deputy_shown
    };
    if strict && alive.len() > 1 && alive.iter().any(hidden) {
        return None;
    }
    let first = faction[alive[0].index()]?;
    if alive.len() == 1 && first == Side::Careerist {
        return Some((first, alive));
    }
    if first == Side::Careerist || alive.iter().any(|s| faction[s.index()] != Some(first)) {
        return None;
    }
    Some((
        first,
        seats(game)
            .filter(|s| faction[s.index()] == Some(first))
            .collect(),
    ))
}

/// D.22, written from the rule text: who wins on this table, if anyone yet.
fn decided_identity(game: &Game) -> Option<(Side, Vec<Seat>)> {
    let role = |seat: Seat| game.seat(seat).role;
    // 转世: a reincarnated character (its role shown while it lives) counts as dead (V-ZS-6).
    let alive: Vec<Seat> = seats(game)
        .filter(|s| game.seat(*s).alive && !game.seat(*s).role_shown)
        .collect();
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
    // Every winner plays for the winning camp, as the mode maps roles to camps.
    let camp = game.mode().camp;
    // 国战: sides are the generals' factions, not roles (checked by `decided_hegemony`).
    let by_role = game.ruleset().mode != "hegemony";
    for winner in outcome.winners.iter().filter(|_| by_role) {
        assert_eq!(
            Some(camp(game.seat(*winner).role)),
            outcome.winner,
            "{context}: {winner} won for another camp"
        );
    }
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

/// Plays shard `shard` of every (case, seat count).
fn run(shard: usize) {
    let mut item = 0usize;
    let cases = cases();
    let budget = Budget::new(&cases, 0, TOTAL_GAMES, MIN_GAMES);
    for (index, case) in cases.iter().enumerate() {
        let games = budget.games(case);
        for players in case.seats.0..=case.seats.1 {
            item += 1;
            if item % SHARDS != shard {
                continue;
            }
            let seed_base = (index as u64 * 100 + u64::from(players)) * 1_000_000;
            for seed in seed_base..seed_base + games {
                let context = format!("{} with {players} seats, seed {seed}", case.name);
                let (game, events) = play_checked(config(players, case, seed), seed);
                check_replays(&game, &events, seed, &context);
            }
        }
    }
}

macro_rules! shards {
    ($($name:ident: $shard:expr;)*) => {$(
        #[test]
        fn $name() {
            run($shard);
        }
    )*};
}

shards! {
    random_games_0: 0;
    random_games_1: 1;
    random_games_2: 2;
    random_games_3: 3;
    random_games_4: 4;
    random_games_5: 5;
    random_games_6: 6;
    random_games_7: 7;
}

#[test]
fn every_registered_ruleset_is_a_case() {
    let cases = cases();
    for mode in sgs_engine::REGISTRY.modes {
        assert!(
            cases.iter().any(|c| c.ruleset.mode == mode.id),
            "{}",
            mode.id
        );
    }
    for pack in sgs_engine::REGISTRY.card_packs {
        assert!(cases
            .iter()
            .any(|c| c.ruleset.cards.iter().any(|p| p.id == pack.id)));
    }
    for pack in sgs_engine::REGISTRY.general_packs {
        assert!(cases
            .iter()
            .any(|c| c.ruleset.generals.iter().any(|g| g == pack.id)));
    }
    assert!(
        cases.iter().any(|c| c.ruleset.generals.is_empty()),
        "white generals"
    );
}

/// The simulator's driver plays the same game as the checked loop above (it is what `sgs-sim`,
/// in `crates/bot`, runs when every seat is random), and a second run gives the same hash.
#[test]
fn driver_is_deterministic() {
    for seed in 0..20 {
        let config = GameConfig {
            auto_pass: true,
            ..GameConfig::standard(8)
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
