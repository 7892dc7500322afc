//! Validating a [`Setup`] and building the starting [`Game`]: the ruleset against the registry,
//! the game's card table, roles (dealt by the mode), fixed generals, HP, the shuffled deck (or a
//! scenario's stacked table), then running to the first decision (the general selection, when
//! the ruleset has general packs).

use std::borrow::Cow;
use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::card::{CardId, Category};
use crate::deck::Deck;
use crate::def::{option, ModeDef, Registry, SkillDef};
use crate::error::SetupError;
use crate::event::Event;
use crate::flow::selection::SelectionFrame;
use crate::flow::turn::TurnFrame;
use crate::flow::FlowFrame;
use crate::game::{Game, Mark, SeatState, Turn};
use crate::ids::{GeneralId, SkillId};
use crate::record::Setup;
use crate::resolve::{hash, Frame, Reply};
use crate::ruleset::Ruleset;
use crate::scenario::{CardSpec, Scenario, ScenarioSeat};
use crate::seat::{Kingdom, Role, Seat};
use crate::zone::{Table, Zone};

/// What a ruleset gives a game before anything is dealt.
struct Rules {
    mode: &'static ModeDef,
    deck: Deck,
    in_play: Vec<CardId>,
    general_pool: Vec<GeneralId>,
}

/// Checks `ruleset` against `registry` and builds its card table and general pool.
fn rules(registry: &'static Registry, ruleset: &Ruleset) -> Result<Rules, SetupError> {
    let mode = registry
        .mode(&ruleset.mode)
        .ok_or_else(|| SetupError::Invalid(format!("no mode {:?}", ruleset.mode)))?;
    option::check(mode.options, &ruleset.options, &format!("mode {}", mode.id))
        .map_err(SetupError::Invalid)?;
    if !registry.editions.contains(&ruleset.edition.as_str()) {
        return Err(SetupError::Invalid(format!(
            "no text edition {:?}",
            ruleset.edition
        )));
    }
    if ruleset.cards.is_empty() {
        return Err(SetupError::Invalid("a ruleset needs a card pack".into()));
    }
    for choice in &ruleset.cards {
        let pack = registry.card_pack(&choice.id);
        if pack.is_some_and(|p| !p.modes.is_empty() && !p.modes.contains(&mode.id)) {
            return Err(SetupError::Invalid(format!(
                "card pack {:?} is not played in mode {}",
                choice.id, mode.id
            )));
        }
    }
    let (deck, in_play) = Deck::build(registry, &ruleset.cards)?;
    let mut general_pool = Vec::new();
    for (i, id) in ruleset.generals.iter().enumerate() {
        if ruleset.generals[..i].contains(id) {
            return Err(SetupError::Invalid(format!(
                "general pack {id:?} is named twice"
            )));
        }
        let pack = registry
            .general_pack(id)
            .ok_or_else(|| SetupError::Invalid(format!("no general pack {id:?}")))?;
        if !registry.general_pack_fits(pack, mode.id) {
            return Err(SetupError::Invalid(format!(
                "general pack {id:?} is not played in mode {}",
                mode.id
            )));
        }
        general_pool.extend(edition_roster(pack, &ruleset.edition));
    }
    Ok(Rules {
        mode,
        deck,
        in_play,
        general_pool,
    })
}

/// `pack`'s generals as text edition `edition` prints them: a row printed in that edition stands
/// in for the general it reprints; rows of other editions are left out.
fn edition_roster<'a>(
    pack: &'a crate::def::GeneralPack,
    edition: &'a str,
) -> impl Iterator<Item = GeneralId> + 'a {
    let printed = move |of: GeneralId| {
        pack.generals.iter().find(|g| {
            g.printing
                .is_some_and(|p| p.edition == edition && p.of == of)
        })
    };
    pack.generals
        .iter()
        .filter(|g| g.printing.is_none())
        .map(move |g| printed(g.id).map_or(g.id, |p| p.id))
}

pub(crate) fn new_game(
    registry: &'static Registry,
    setup: Setup,
    seed: u64,
) -> Result<Game, SetupError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rules = rules(registry, setup.ruleset())?;
    let mut game = match &setup {
        Setup::Config(config) => from_config(registry, rules, config, &mut rng)?,
        Setup::Scenario(scenario) => from_scenario(registry, rules, scenario, &mut rng)?,
    };
    let choosing = match &setup {
        Setup::Config(config) => choosing_seats(&game, &config.seat_generals),
        Setup::Scenario(_) => Vec::new(),
    };
    game.setup = setup;
    game.seed = seed;
    game.rng = rng;
    let mut dealt: Vec<Role> = game.seats.iter().map(|s| s.role).collect();
    dealt.sort();
    game.dealt = dealt.into();
    if !choosing.is_empty() {
        // Generals are chosen before the starting hands are dealt.
        if let Some(plan) = (game.mode.selection)(&game, &choosing) {
            let taken = match &game.setup {
                Setup::Config(config) => config.seat_generals.iter().flatten().copied().collect(),
                Setup::Scenario(_) => Vec::new(),
            };
            let frame = SelectionFrame::new(plan, choosing.clone(), taken);
            game.stack.push(Frame::Selection(frame));
        }
    }
    // The mode's opening procedure comes first (斗地主's bidding).
    if let Setup::Config(_) = &game.setup {
        if let Some(opening) = (game.mode.opening)(&game) {
            game.stack.push(Frame::Mode(opening));
        }
    }
    announce(&mut game, &choosing);
    game.run();
    Ok(game)
}

/// A game resumed in the middle of `position`'s current seat's play phase (`Game::from_position`):
/// the scenario's table, the turn's bookkeeping, then straight to the seat's next play.
pub(crate) fn from_position(
    registry: &'static Registry,
    position: &crate::position::Position,
    seed: u64,
) -> Result<Game, SetupError> {
    let scenario = &position.scenario;
    if scenario.phase != crate::prompt::Phase::Play {
        return Err(SetupError::Invalid(
            "a position resumes a play phase".into(),
        ));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rules = rules(registry, &scenario.ruleset)?;
    let mut game = from_scenario(registry, rules, scenario, &mut rng)?;
    game.setup = Setup::Scenario(Box::new(scenario.clone()));
    game.seed = seed;
    game.rng = rng;
    let mut dealt: Vec<Role> = game.seats.iter().map(|s| s.role).collect();
    dealt.sort();
    game.dealt = dealt.into();
    let seat = game.turn.seat;
    let number = position.turn.number.max(1);
    game.turn = Turn {
        seat,
        phase: Some(crate::prompt::Phase::Play),
        announced: Some(crate::prompt::Phase::Play),
        number,
        ..position.turn.clone()
    };
    game.round = position.round.max(1);
    for (who, skill, count) in &position.usage {
        if who.index() >= game.seats.len() || *count == 0 {
            continue;
        }
        if let Some(limit) = registry.skill_def(*skill).effective_limit() {
            game.usage.push(crate::game::Usage {
                seat: *who,
                skill: *skill,
                period: limit.per,
                count: *count,
            });
        }
    }
    for (owner, skill, visibility) in &position.empty_piles {
        if let Some(cards) = game.table.seats.get_mut(owner.index()) {
            if cards.pile(*skill).is_none() {
                cards.piles.push(crate::zone::Pile {
                    skill: *skill,
                    visibility: *visibility,
                    cards: Vec::new(),
                });
            }
        }
    }
    if let Some(Frame::Turn(frame)) = game.stack.last_mut() {
        *frame = TurnFrame::in_play_phase(seat);
    }
    game.run();
    game.take_events();
    Ok(game)
}

/// The seats that choose their general: with general packs, those without a fixed general.
fn choosing_seats(game: &Game, fixed: &[Option<GeneralId>]) -> Vec<Seat> {
    if game.general_pool.is_empty() {
        return Vec::new();
    }
    (0..game.seat_count())
        .map(|i| Seat(i as u8))
        .filter(|seat| fixed.get(seat.index()).copied().flatten().is_none())
        .collect()
}

/// Could `skill` come into play in a game whose generals come from `pool` (`None`: any skill
/// may, as at a practice table, whose seats may be given any)? Every registered skill can but
/// those only generals outside the pool have — unless a skill in play grants it.
fn in_play(registry: &Registry, pool: Option<&[GeneralId]>, skill: SkillId) -> bool {
    let Some(pool) = pool else { return true };
    let rosters = || {
        registry
            .general_packs
            .iter()
            .flat_map(|p| p.generals.iter())
    };
    let mut on_a_roster = false;
    for general in rosters().filter(|g| g.skills.contains(&skill)) {
        if pool.contains(&general.id) {
            return true;
        }
        on_a_roster = true;
    }
    // Card and equipment skills, and skills no general starts with, are always in.
    !on_a_roster
        || rosters()
            .filter(|g| pool.contains(&g.id))
            .flat_map(|g| g.skills.iter())
            .any(|own| registry.skill_def(*own).grants.contains(&skill))
}

/// `pool_only`: only the skills of the pool's generals can come into play (not a practice
/// table): mechanisms no such skill uses (card filters, lent skills, silencing, timings
/// nobody hooks) are skipped for the whole game, which plays the same either way.
fn empty_game(
    registry: &'static Registry,
    rules: Rules,
    seats: Vec<SeatState>,
    table: Table,
    pool_only: bool,
) -> Game {
    let pool = pool_only.then_some(rules.general_pool.as_slice());
    let skills: Vec<&SkillDef> = registry
        .skills
        .iter()
        .copied()
        .filter(|s| in_play(registry, pool, s.id))
        .collect();
    Game {
        registry,
        mode: rules.mode,
        deck: rules.deck,
        general_pool: rules.general_pool,
        setup: Setup::Config(crate::config::GameConfig::default()),
        seed: 0,
        rng: ChaCha8Rng::seed_from_u64(0),
        table,
        seats,
        turn: Turn::default(),
        stack: Vec::new(),
        prompts: Vec::new(),
        reply: Reply::None,
        uses: Vec::new(),
        notices: Vec::new(),
        picked: None,
        outcome: None,
        events: Vec::new(),
        hash: hash::EMPTY,
        actions: Vec::new(),
        usage: Vec::new(),
        extra_turns: Vec::new(),
        round: 0,
        victory_deferred: false,
        mode_counters: Vec::new(),
        deaths: Vec::new(),
        anhun: Default::default(),
        lineups: Default::default(),
        duos: Vec::new(),
        held_answer: None,
        next_turn: None,
        has_filters: skills.iter().any(|s| s.filter.is_some()),
        has_lent: skills.iter().any(|s| s.lent.is_some()),
        has_silencers: skills.iter().any(|s| s.silences.is_some()),
        has_recovered_hooks: skills.iter().any(|s| s.recovered.is_some()),
        hooked: crate::resolve::trigger::hooked_timings(&skills),
        dealt: Arc::from([]),
    }
}

/// A seat playing `general` as `role` at a table of `players`, max HP and extra skills as the
/// mode gives them. `mode_max_hp` is the mode's rule (`ModeDef::max_hp`) at this table: from the
/// general's max HP and the role.
#[allow(clippy::too_many_arguments)]
pub(crate) fn seat_state(
    registry: &Registry,
    mode: &ModeDef,
    options: &crate::ruleset::Options,
    mode_max_hp: &dyn Fn(u8, Role) -> u8,
    general: GeneralId,
    role: Role,
    hp: Option<i8>,
    max_hp: Option<u8>,
) -> SeatState {
    let roster = registry.general(general);
    let max_hp = max_hp.unwrap_or_else(|| mode_max_hp(roster.max_hp, role));
    let extra = (mode.role_skills)(role, options);
    let skills = if extra.is_empty() {
        Cow::Borrowed(roster.skills)
    } else {
        let mut all = roster.skills.to_vec();
        all.extend(extra.iter().filter(|s| !roster.skills.contains(s)));
        Cow::Owned(all)
    };
    SeatState {
        general,
        role,
        hp: hp.unwrap_or(max_hp as i8),
        max_hp,
        alive: true,
        gender: roster.gender,
        kingdom: roster.kingdom,
        skills,
        marks: Vec::new(),
        turned: false,
        chained: false,
        limited_used: Vec::new(),
        awakened: Vec::new(),
        role_shown: false,
    }
}

/// Is `general` one a game of these rules may seat (white, or from one of its general packs)?
fn check_general(rules: &Rules, registry: &Registry, general: GeneralId) -> Result<(), SetupError> {
    if general == registry.white.id || rules.general_pool.contains(&general) {
        Ok(())
    } else {
        Err(SetupError::Invalid(format!(
            "{general:?} is in none of the ruleset's general packs"
        )))
    }
}

fn check_players(mode: &ModeDef, players: usize) -> Result<(), SetupError> {
    let (min, max) = mode.seats;
    if players < min as usize || players > max as usize {
        return Err(SetupError::PlayerCount(players));
    }
    Ok(())
}

fn from_config(
    registry: &'static Registry,
    rules: Rules,
    config: &crate::config::GameConfig,
    rng: &mut ChaCha8Rng,
) -> Result<Game, SetupError> {
    let players = config.players as usize;
    check_players(rules.mode, players)?;
    if config.seat_generals.len() > players {
        return Err(SetupError::Invalid(format!(
            "{} generals named for {players} seats",
            config.seat_generals.len()
        )));
    }
    for general in config.seat_generals.iter().flatten() {
        check_general(&rules, registry, *general)?;
    }
    let roles = (rules.mode.deal)(&config.ruleset.options, players, rng)?;
    if roles.len() != players {
        return Err(SetupError::Invalid(
            "the mode dealt a role per seat wrongly".into(),
        ));
    }

    // Generals: the fixed ones; the others are white until chosen (`flow/selection.rs`).
    let seats = (0..players)
        .map(|i| {
            let general = config
                .seat_generals
                .get(i)
                .copied()
                .flatten()
                .unwrap_or(registry.white.id);
            let options = &config.ruleset.options;
            let mode_max_hp = |hp, role| (rules.mode.max_hp)(hp, role, players, options);
            seat_state(
                registry,
                rules.mode,
                options,
                &mode_max_hp,
                general,
                roles[i],
                None,
                None,
            )
        })
        .collect();

    let mut cards = rules.in_play.clone();
    cards.shuffle(rng);
    let mut table = Table::new(players, rules.deck.len());
    for card in cards {
        table.put(card, Zone::DrawPile);
    }
    let mut game = empty_game(registry, rules, seats, table, true);
    let first = (game.mode.first_seat)(&game);
    game.turn.seat = first;
    game.stack.push(Frame::Flow(FlowFrame::new(first, false)));
    Ok(game)
}

fn from_scenario(
    registry: &'static Registry,
    rules: Rules,
    scenario: &Scenario,
    rng: &mut ChaCha8Rng,
) -> Result<Game, SetupError> {
    let players = scenario.seats.len();
    check_players(rules.mode, players)?;
    let roles: Vec<Role> = scenario.seats.iter().map(|s| s.role).collect();
    (rules.mode.check_roles)(&roles)?;
    let mut pool = rules.in_play.clone();
    let mut table = Table::new(players, rules.deck.len());
    let missing = |spec: &CardSpec| SetupError::Invalid(format!("no card left for {spec:?}"));
    let placed_elsewhere = scenario.seats.iter().any(|s| {
        s.hand
            .iter()
            .chain(&s.equip)
            .chain(s.piles.iter().flat_map(|p| &p.cards))
            .any(|c| c.placed_as().is_some())
    }) || scenario
        .draw_pile_top
        .iter()
        .chain(&scenario.discard_pile)
        .any(|c| c.placed_as().is_some());
    if placed_elsewhere {
        return Err(SetupError::Invalid(
            "a card counts as another (\"as\") only in a judgment area".into(),
        ));
    }
    let mut seats = Vec::with_capacity(players);
    for (i, s) in scenario.seats.iter().enumerate() {
        let seat = Seat(i as u8);
        check_general(&rules, registry, s.general)?;
        let options = &scenario.ruleset.options;
        let mode_max_hp = |hp, role| (rules.mode.max_hp)(hp, role, players, options);
        // 国战: two generals give half their halves (H-SETUP-5).
        let duo_hp = s
            .duo
            .as_ref()
            .map(|d| (registry.general(d.main).halves + registry.general(d.deputy).halves) / 2);
        let mut state = seat_state(
            registry,
            rules.mode,
            options,
            &mode_max_hp,
            s.general,
            s.role,
            s.hp,
            s.max_hp.or(duo_hp),
        );
        state.alive = s.alive;
        // 神: a god general may play for the kingdom the practice table names (W-MECH-GOD-1).
        if let Some(kingdom) = s.kingdom {
            if state.kingdom != Kingdom::God || !Kingdom::CHOOSABLE.contains(&kingdom) {
                return Err(SetupError::Invalid(format!(
                    "{seat}: only a 神 general names its kingdom (wei, shu, wu or qun)"
                )));
            }
            state.kingdom = kingdom;
        }
        if state.hp > state.max_hp as i8 || (state.alive && state.hp <= 0) {
            return Err(SetupError::Invalid(format!(
                "{seat} has {} of {} HP",
                state.hp, state.max_hp
            )));
        }
        seats.push(state);
        for spec in &s.hand {
            let card = spec
                .take_from(&mut pool, &rules.deck)
                .ok_or_else(|| missing(spec))?;
            table.put(card, Zone::Hand(seat));
        }
        for spec in &s.equip {
            let card = spec
                .take_from(&mut pool, &rules.deck)
                .ok_or_else(|| missing(spec))?;
            let kind = rules.deck.card(card).kind;
            let slot = registry
                .card_def(kind)
                .category
                .slot()
                .ok_or_else(|| SetupError::Invalid(format!("{spec:?} is not equipment")))?;
            if table.seats[i].equipped(slot).is_some() {
                return Err(SetupError::Invalid(format!(
                    "{seat} has two cards in one slot"
                )));
            }
            table.put_equip(card, seat, slot);
        }
        for spec in &s.judge {
            let card = spec
                .take_from(&mut pool, &rules.deck)
                .ok_or_else(|| missing(spec))?;
            let kind = spec.placed_as().unwrap_or(rules.deck.card(card).kind);
            // A judgment area holds delayed tricks only (a card a skill places there counts as
            // one).
            if registry.card_def(kind).category != Category::DelayedTrick {
                return Err(SetupError::Invalid(format!(
                    "{seat}'s judgment area cannot hold {kind:?}: it is not a delayed trick"
                )));
            }
            table.place_delayed(card, seat, kind);
        }
        for pile in &s.piles {
            for spec in &pile.cards {
                let card = spec
                    .take_from(&mut pool, &rules.deck)
                    .ok_or_else(|| missing(spec))?;
                table.put_on_pile(card, seat, pile.skill, pile.visibility);
            }
        }
        seat_extras(&rules, registry, seat, s, &mut seats[i])?;
        if !s.alive && (table.seats[i].count_all() > 0 || !s.piles.is_empty()) {
            return Err(SetupError::Invalid(format!("dead {seat} holds cards")));
        }
    }
    for spec in &scenario.discard_pile {
        let card = spec
            .take_from(&mut pool, &rules.deck)
            .ok_or_else(|| missing(spec))?;
        table.put(card, Zone::DiscardPile);
    }
    let mut top: Vec<CardId> = Vec::new();
    for spec in &scenario.draw_pile_top {
        top.push(
            spec.take_from(&mut pool, &rules.deck)
                .ok_or_else(|| missing(spec))?,
        );
    }
    pool.shuffle(rng);
    for card in pool.into_iter().chain(top.into_iter().rev()) {
        table.put(card, Zone::DrawPile);
    }
    let duos = scenario_duos(&rules, registry, scenario)?;
    let mut game = empty_game(registry, rules, seats, table, false);
    if let Some(duos) = duos {
        game.duos = duos;
        for (i, s) in scenario.seats.iter().enumerate() {
            let d = s
                .duo
                .as_ref()
                .map_or((false, false), |d| (d.main_shown, d.deputy_shown));
            if d.0 {
                game.reveal_general(Seat(i as u8), false);
            }
            if d.1 {
                game.reveal_general(Seat(i as u8), true);
            }
            // Both shown at the start: their rewards are past (H-REW-5).
            game.duos[i].rewarded = d.0 && d.1;
        }
    }
    // By default the turn is the first seat's (identity: the lord's).
    let current = scenario
        .current
        .unwrap_or_else(|| (game.mode.first_seat)(&game));
    if current.index() >= players || !game.seats[current.index()].alive {
        return Err(SetupError::Invalid(format!(
            "{current} cannot take the turn"
        )));
    }
    game.turn.seat = current;
    game.turn.number = 1;
    game.round = 1;
    // A practice table is played out, not handed over decided.
    if let Some(outcome) = (game.mode.victory)(&game) {
        return Err(SetupError::Invalid(format!(
            "the table is already decided: {:?} win",
            outcome.winner
        )));
    }
    let first = (game.mode.first_seat)(&game);
    game.stack
        .push(Frame::Flow(FlowFrame::during_turn(first, current)));
    game.stack
        .push(Frame::Turn(TurnFrame::at(current, scenario.phase)));
    Ok(game)
}

/// 国战: the scenario's two generals per seat, if it names them (every seat, or none; each
/// general from the ruleset's packs, the seat's own general white).
fn scenario_duos(
    rules: &Rules,
    registry: &Registry,
    scenario: &Scenario,
) -> Result<Option<Vec<crate::flow::duo::Duo>>, SetupError> {
    if scenario.seats.iter().all(|s| s.duo.is_none()) {
        return Ok(None);
    }
    let mut duos = Vec::with_capacity(scenario.seats.len());
    for (i, s) in scenario.seats.iter().enumerate() {
        let Some(d) = &s.duo else {
            return Err(SetupError::Invalid(format!(
                "seat {} has no two generals while others have",
                i + 1
            )));
        };
        check_general(rules, registry, d.main)?;
        check_general(rules, registry, d.deputy)?;
        if s.general != registry.white.id || d.main == d.deputy {
            return Err(SetupError::Invalid(format!(
                "seat {} with two generals plays the white one, and two different generals",
                i + 1
            )));
        }
        let halves = registry.general(d.main).halves + registry.general(d.deputy).halves;
        let mut duo = crate::flow::duo::Duo::offered(Vec::new());
        duo.main = d.main;
        duo.deputy = d.deputy;
        duo.half_left = halves % 2 == 1;
        duos.push(duo);
    }
    Ok(Some(duos))
}

/// The lasting state a scenario seat starts with: marks, chained, turned over, gained and lost
/// skills, used limited and awakened skills. A gained skill must be one a general of the
/// ruleset's packs has (so the record names the pack it comes from); a lost one must be the
/// seat's.
fn seat_extras(
    rules: &Rules,
    registry: &Registry,
    seat: Seat,
    spec: &ScenarioSeat,
    state: &mut SeatState,
) -> Result<(), SetupError> {
    for mark in &spec.marks {
        if mark.count > 0 {
            state.marks.push(Mark {
                id: mark.mark,
                count: mark.count,
                visibility: mark.visibility,
            });
        }
    }
    state.chained = spec.chained;
    state.turned = spec.turned;
    for skill in &spec.gained {
        let known = rules
            .general_pool
            .iter()
            .flat_map(|g| registry.general(*g).skills.iter())
            .any(|s| s == skill || registry.skill_def(*s).grants.contains(skill));
        if !known {
            return Err(SetupError::Invalid(format!(
                "{seat} cannot gain {skill:?}: no general of the ruleset's packs has it"
            )));
        }
        if !state.skills.contains(skill) {
            state.skills.to_mut().push(*skill);
        }
    }
    for skill in &spec.lost {
        if !state.skills.contains(skill) {
            return Err(SetupError::Invalid(format!(
                "{seat} cannot lose {skill:?}: it does not have it"
            )));
        }
        state.skills.to_mut().retain(|s| s != skill);
    }
    for (list, used, what) in [
        (&spec.limited_used, &mut state.limited_used, "a limited"),
        (&spec.awakened, &mut state.awakened, "an awakening"),
    ] {
        for skill in list {
            let def = registry.skill_def(*skill);
            let right = match what {
                "a limited" => def.tags.limited,
                _ => def.tags.awakening,
            };
            if !right {
                return Err(SetupError::Invalid(format!(
                    "{skill:?} is not {what} skill"
                )));
            }
            used.push(*skill);
        }
    }
    Ok(())
}

/// The opening events: the table, each seat's role (hidden but the public ones), the generals
/// of the seats that do not choose theirs.
fn announce(game: &mut Game, choosing: &[Seat]) {
    let lord = game.lord();
    game.emit(Event::GameStarted {
        seats: game.seat_count() as u8,
        lord,
    });
    for i in 0..game.seat_count() {
        let seat = Seat(i as u8);
        let role = game.role(seat);
        game.emit(Event::RoleDealt { seat, role });
        if !role.is_public() && game.mode.public_roles.contains(&role) {
            game.emit(Event::RoleShown { seat, role });
        }
    }
    // 暗魂: who is protected, for everyone (V-AH-1).
    crate::modes::identity::anhun::announce(game);
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
        announce_role_skills(game, seat);
    }
}

/// The skills `seat`'s role gives it besides its general's (斗地主's landlord), announced after
/// its general as gained.
pub(crate) fn announce_role_skills(game: &mut Game, seat: Seat) {
    let general = game.general(game.seat(seat).general);
    for skill in (game.mode.role_skills)(game.role(seat), game.mode_options()) {
        if !general.skills.contains(skill) {
            game.emit(Event::SkillGained {
                seat,
                skill: *skill,
            });
        }
    }
}
