//! Validating a [`Setup`] and building the starting [`Game`]: roles, fixed generals, HP, the
//! shuffled deck (or a scenario's stacked table), then running to the first decision (the general
//! selection, for a config with the standard pack).

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::card::CardId;
use crate::cards::deck;
use crate::config::GameConfig;
use crate::error::SetupError;
use crate::event::Event;
use crate::flow::selection::{self, SelectionFrame};
use crate::flow::turn::TurnFrame;
use crate::flow::FlowFrame;
use crate::game::{Game, SeatState, Turn};
use crate::generals::GeneralId;
use crate::record::Setup;
use crate::resolve::{hash, Frame, Reply};
use crate::scenario::Scenario;
use crate::seat::{Role, Seat};
use crate::zone::{Table, Zone};

pub(crate) fn new_game(setup: Setup, seed: u64) -> Result<Game, SetupError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut game, choosing) = match &setup {
        Setup::Config(config) => (
            from_config(config, &mut rng)?,
            selection::choosing_seats(config),
        ),
        Setup::Scenario(scenario) => (from_scenario(scenario, &mut rng)?, Vec::new()),
    };
    game.setup = setup;
    game.seed = seed;
    game.rng = rng;
    announce(&mut game, &choosing);
    game.run();
    Ok(game)
}

fn empty_game(seats: Vec<SeatState>, table: Table, lord: Seat) -> Game {
    Game {
        setup: Setup::Config(GameConfig::default()),
        seed: 0,
        rng: ChaCha8Rng::seed_from_u64(0),
        table,
        seats,
        turn: Turn {
            seat: lord,
            ..Turn::default()
        },
        stack: Vec::new(),
        prompts: Vec::new(),
        reply: Reply::None,
        uses: Vec::new(),
        notices: Vec::new(),
        outcome: None,
        events: Vec::new(),
        hash: hash::EMPTY,
        actions: Vec::new(),
    }
}

pub(crate) fn seat_state(
    general: GeneralId,
    role: Role,
    players: usize,
    hp: Option<i8>,
    max_hp: Option<u8>,
) -> SeatState {
    let roster = general.general();
    let bonus = u8::from(role == Role::Lord && players >= 5);
    let max_hp = max_hp.unwrap_or(roster.max_hp + bonus);
    SeatState {
        general,
        role,
        hp: hp.unwrap_or(max_hp as i8),
        max_hp,
        alive: true,
        gender: roster.gender,
        kingdom: roster.kingdom,
        skills: roster.skills.to_vec(),
    }
}

fn from_config(config: &GameConfig, rng: &mut ChaCha8Rng) -> Result<Game, SetupError> {
    let players = config.players as usize;
    let mut roles = config
        .role_table
        .roles(players)
        .ok_or(SetupError::PlayerCount(players))?;
    if config.seat_generals.len() > players {
        return Err(SetupError::Invalid(format!(
            "{} generals named for {players} seats",
            config.seat_generals.len()
        )));
    }
    roles.shuffle(rng);
    let lord = Seat(roles.iter().position(|r| *r == Role::Lord).unwrap_or(0) as u8);

    // Generals: the fixed ones; the others are white until chosen (`flow/selection.rs`).
    let seats = (0..players)
        .map(|i| {
            let general = config
                .seat_generals
                .get(i)
                .copied()
                .flatten()
                .unwrap_or(GeneralId::White);
            seat_state(general, roles[i], players, None, None)
        })
        .collect();

    let mut cards = deck::ids(config.ex_cards);
    cards.shuffle(rng);
    let mut table = Table::new(players, deck::STANDARD.len());
    for card in cards {
        table.put(card, Zone::DrawPile);
    }
    let mut game = empty_game(seats, table, lord);
    game.stack.push(Frame::Flow(FlowFrame::new(lord, false)));
    // Generals are chosen before the starting hands are dealt.
    if let Some(selection) = SelectionFrame::for_config(config) {
        game.stack.push(Frame::Selection(selection));
    }
    Ok(game)
}

fn from_scenario(scenario: &Scenario, rng: &mut ChaCha8Rng) -> Result<Game, SetupError> {
    let players = scenario.seats.len();
    if !(2..=10).contains(&players) {
        return Err(SetupError::PlayerCount(players));
    }
    let lords = scenario
        .seats
        .iter()
        .filter(|s| s.role == Role::Lord)
        .count();
    if lords != 1 {
        return Err(SetupError::Invalid(format!(
            "{lords} lords; a table has exactly one"
        )));
    }
    let mut pool = deck::ids(scenario.ex_cards);
    let mut table = Table::new(players, deck::STANDARD.len());
    let missing = |spec: &crate::scenario::CardSpec| {
        SetupError::Invalid(format!("no card left for {spec:?}"))
    };
    let mut seats = Vec::with_capacity(players);
    for (i, s) in scenario.seats.iter().enumerate() {
        let seat = Seat(i as u8);
        let mut state = seat_state(s.general, s.role, players, s.hp, s.max_hp);
        state.alive = s.alive;
        if state.hp > state.max_hp as i8 || (state.alive && state.hp <= 0) {
            return Err(SetupError::Invalid(format!(
                "{seat} has {} of {} HP",
                state.hp, state.max_hp
            )));
        }
        seats.push(state);
        for spec in &s.hand {
            let card = spec.take_from(&mut pool).ok_or_else(|| missing(spec))?;
            table.put(card, Zone::Hand(seat));
        }
        for spec in &s.equip {
            let card = spec.take_from(&mut pool).ok_or_else(|| missing(spec))?;
            let slot = deck::card(card)
                .kind
                .slot()
                .ok_or_else(|| SetupError::Invalid(format!("{spec:?} is not equipment")))?;
            if table.seats[i].equipped(slot).is_some() {
                return Err(SetupError::Invalid(format!(
                    "{seat} has two cards in one slot"
                )));
            }
            table.put(card, Zone::Equip(seat));
        }
        for spec in &s.judge {
            let card = spec.take_from(&mut pool).ok_or_else(|| missing(spec))?;
            table.put(card, Zone::Judge(seat));
        }
    }
    let mut top: Vec<CardId> = Vec::new();
    for spec in &scenario.draw_pile_top {
        top.push(spec.take_from(&mut pool).ok_or_else(|| missing(spec))?);
    }
    pool.shuffle(rng);
    for card in pool.into_iter().chain(top.into_iter().rev()) {
        table.put(card, Zone::DrawPile);
    }
    let lord = Seat(
        scenario
            .seats
            .iter()
            .position(|s| s.role == Role::Lord)
            .unwrap_or(0) as u8,
    );
    let current = scenario.current.unwrap_or(lord);
    if current.index() >= players || !seats[current.index()].alive {
        return Err(SetupError::Invalid(format!(
            "{current} cannot take the turn"
        )));
    }
    let mut game = empty_game(seats, table, current);
    game.turn.number = 1;
    game.stack
        .push(Frame::Flow(FlowFrame::during_turn(current)));
    game.stack
        .push(Frame::Turn(TurnFrame::at(current, scenario.phase)));
    Ok(game)
}

/// The opening events: the table, each seat's role (hidden but the lord's), the generals of the
/// seats that do not choose theirs.
fn announce(game: &mut Game, choosing: &[Seat]) {
    let lord = game.lord();
    game.emit(Event::GameStarted {
        seats: game.seat_count() as u8,
        lord,
    });
    for i in 0..game.seat_count() {
        let seat = Seat(i as u8);
        game.emit(Event::RoleDealt {
            seat,
            role: game.role(seat),
        });
    }
    for i in 0..game.seat_count() {
        let seat = Seat(i as u8);
        if choosing.contains(&seat) {
            continue;
        }
        let state = game.seat(seat).clone();
        game.emit(Event::GeneralShown {
            seat,
            general: state.general,
            hp: state.hp,
            max_hp: state.max_hp,
        });
    }
}
