//! The room's game: starting it, answering prompts, trusteeship (托管) and what each member is
//! sent as the game moves on. The clocks themselves are in `clocks.rs`.
//!
//! Clocks: every pending prompt gets a deadline (the play phase a longer one). A prompt may
//! also be answered automatically earlier: for a bot, for a seat in trusteeship, and for a
//! prompt that can only be passed. In rooms with people those automatic answers wait (see
//! [`Pacing`](crate::pacing::Pacing): a person's passes are drawn from its own think times),
//! so how fast a seat answers never tells whether it held a card that could answer; a
//! person's own answer to a prompt it can only pass is held until then. When a deadline
//! passes, or a disconnected player's grace period ends, the seat goes into trusteeship and
//! stays there until its player acts again or turns it off.
//!
//! Durability: an accepted action, with the passes that fall due at once and go along with it in
//! one step, is appended to the game's log and the room awaits the store's ack before it tells
//! anyone (`apply`), so whatever a client saw survives a crash. A failed write puts the game back at its last durable action and pauses the room
//! (`durable.rs`); the game never goes on unrecorded.
//!
//! Prompt ids are opaque and increase within a process: game `n`'s count from `n << 32`, and a
//! room rebuilt after a restart counts on from above any id its game can have used. After a
//! reconnect, a client answers the prompt of its fresh `sync`.
//!
//! Bots and trusteeship: at the start of a game every seat gets its own agent — a bot seat's
//! plays at the room's `bot_level`, every other seat's is the server's
//! [`Trustee`](crate::trustee::Trustee) (the heuristic AI of `sgs-bot`) — fed that seat's share
//! of every event batch — the same `EventView`s its player receives — so it can take over at any
//! moment knowing what the seat has seen. The heuristic decides in the room's task from the
//! seat's `View` (microseconds; nothing waits); a search bot's searches run off it
//! (`thinking.rs`).
//!
//! Visibility: members get `Events::for_viewer` and `Game::view` for their seat (spectators:
//! `None`), exactly as the engine computed them. The server never looks into the game's hidden
//! state and never serializes `Game`.

use std::rc::Rc;

use rand::RngCore;
use sgs_engine::{Action, Events, Game, GameConfig, Outcome, Seat};
use sgs_protocol::prepared::{self, Json, PromptRef};
use sgs_protocol::{
    Clock, CommandId, ErrorCode, PendingPrompt, PlayerId, Reach, RoomState, ServerMsg,
    TrusteeshipReason,
};
use tokio::time::Instant;

use crate::clocks::remaining_ms;
use crate::durable::unavailable;
use crate::error::ServerError;
use crate::outbound::ConnHandle;
use crate::pacing::is_window;
use crate::room::{Holder, Room};
use crate::storage::{Appended, GamePlayer, GameResults, NewGame, SeatResult};
use crate::thinking::seat_agent;

/// The most actions one step applies: an answer and the passes it takes along.
const STEP_ACTIONS: usize = 64;

/// `seat`'s distances to every seat and its attack range, as the engine computes them.
fn reach(game: &Game, seat: Seat) -> Reach {
    let clamp = |n: i32| n.clamp(0, i32::from(u8::MAX)) as u8;
    let distances = (0..game.seat_count())
        .map(|i| {
            let other = Seat(i as u8);
            let alive = game.seat(other).alive;
            clamp(if alive { game.distance(seat, other) } else { 0 })
        })
        .collect();
    Reach {
        distances,
        attack_range: clamp(game.attack_range(seat)),
    }
}

impl Room {
    // ---- starting ------------------------------------------------------------------------

    pub(crate) async fn start(&mut self) -> Result<(), ServerError> {
        if self.state == RoomState::Playing {
            return Err(ServerError::new(
                ErrorCode::WrongState,
                "the game is running",
            ));
        }
        let holders: Vec<Holder> = self.seats.iter().map(|s| s.holder).collect();
        if self.seats.iter().any(|s| s.holder == Holder::Empty) {
            if !self.settings.fill_bots {
                return Err(ServerError::new(
                    ErrorCode::SeatsNotFilled,
                    "every seat must be taken (or turn on fill_bots)",
                ));
            }
            for slot in &mut self.seats {
                if slot.holder == Holder::Empty {
                    slot.holder = Holder::Bot;
                }
            }
        }
        let seated: Vec<Option<Seat>> = self.members.iter().map(|m| m.seat).collect();
        // Mid-series the seats stay: a series scores by seat (V-JF-2).
        if self.settings.seats_by_lot
            && self.settings.scenario.is_none()
            && !self.series_under_way()
        {
            self.draw_seats();
        }
        let people = self.has_people();
        let action_limit = self.shared.config.game_action_limit();
        let mut game = match &self.settings.scenario {
            Some(scenario) => {
                let mut scenario = scenario.clone();
                scenario.auto_pass &= !people;
                scenario.action_limit = action_limit;
                Game::from_scenario(scenario)?
            }
            None => {
                let config = GameConfig {
                    action_limit,
                    ..self.settings.game_config(people)
                };
                let config = self.series_config(config);
                Game::new(config, self.rng.next_u64())?
            }
        };
        // The opening events are in every member's first snapshot; each seat's agent learns
        // them (its role, the lord, the generals) from its own share.
        let opening = game.take_events();
        let auto_pass = game.record().setup.auto_pass();
        self.agents = (0..game.seat_count())
            .map(|i| {
                let seat = Seat(i as u8);
                let seed = self.rng.next_u64();
                let bot = self.seats.get(i).is_some_and(|s| s.holder == Holder::Bot);
                let mut agent = seat_agent(
                    &self.shared,
                    &self.settings,
                    bot,
                    seat,
                    seed,
                    &game,
                    auto_pass,
                );
                agent.observe(&opening.for_viewer(Some(seat)));
                agent
            })
            .collect();
        let start = game.record();
        let new_game = NewGame {
            room: &self.id,
            number: self.games + 1,
            start: &start,
            players: self.game_players(),
            private: self.settings.private || self.settings.password.is_some(),
            host: Some(self.host),
        };
        // The game is shown only once it is stored; otherwise nothing starts.
        let begun = match self.shared.storage.begin(new_game) {
            Ok((log, ack)) => ack.await.map(|()| log),
            Err(error) => Err(error),
        };
        let log = match begun {
            Ok(log) => log,
            Err(error) => {
                for (slot, holder) in self.seats.iter_mut().zip(holders) {
                    slot.holder = holder;
                }
                for (member, seat) in self.members.iter_mut().zip(seated) {
                    member.seat = seat;
                }
                self.agents.clear();
                self.stall(&error);
                return Err(unavailable());
            }
        };
        self.log = Some(log);
        self.games += 1;
        self.next_prompt_id = u64::from(self.games) << 32;
        self.game = Some(game);
        self.state = RoomState::Playing;
        self.persist();
        let now = Instant::now();
        for slot in &mut self.seats {
            slot.trusteeship = None;
            slot.disconnected_at = None;
        }
        for member in &self.members {
            if let (Some(seat), None) = (member.seat, &member.conn) {
                self.seats[seat.index()].disconnected_at = Some(now);
            }
        }
        self.clocks = self.seats.iter().map(|_| None).collect();
        self.refresh_clocks(None);
        let players: Vec<PlayerId> = self.members.iter().map(|m| m.player).collect();
        for player in players {
            self.sync_member(player, None);
        }
        self.shared
            .lobby
            .publish(&self.id, self.state, self.summary());
        metrics::counter!("sgs_games_started_total").increment(1);
        tracing::info!(game = self.games, "game started");
        if self.game.as_ref().is_some_and(Game::is_over) {
            // A practice table can be decided before anyone acts.
            self.finish().await;
        }
        Ok(())
    }

    /// 座位抽签 Seats by lot (V-SEAT-1): whoever sits (players and bots) is dealt to the seats
    /// at random, with the room's own rng; the seat order is the turn order.
    fn draw_seats(&mut self) {
        use rand::seq::SliceRandom;
        let mut holders: Vec<Holder> = self.seats.iter().map(|s| s.holder).collect();
        holders.shuffle(&mut self.rng);
        for (i, (slot, holder)) in self.seats.iter_mut().zip(holders).enumerate() {
            slot.holder = holder;
            if let Holder::Player(player) = holder {
                if let Some(member) = self.members.iter_mut().find(|m| m.player == player) {
                    member.seat = Some(Seat(i as u8));
                }
            }
        }
    }

    /// Who plays each seat of a new game.
    pub(crate) fn game_players(&self) -> Vec<GamePlayer> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, slot)| {
                let player = match slot.holder {
                    Holder::Player(player) => Some(player),
                    Holder::Bot | Holder::Empty => None,
                };
                let name = player
                    .and_then(|p| self.members.iter().find(|m| m.player == p))
                    .map_or_else(|| "bot".to_string(), |m| m.name.clone());
                GamePlayer {
                    seat: Seat(i as u8),
                    player,
                    name,
                }
            })
            .collect()
    }

    /// After a game: back to the same seats, and straight into a new game when every seat is
    /// still taken (or `fill_bots`).
    pub(crate) async fn rematch(&mut self) -> Result<(), ServerError> {
        if self.state != RoomState::Finished {
            return Err(ServerError::new(ErrorCode::WrongState, "no finished game"));
        }
        self.state = RoomState::Waiting;
        self.game = None;
        match self.start().await {
            Ok(()) => Ok(()),
            Err(error) if error.code == ErrorCode::SeatsNotFilled => {
                self.broadcast_room_state(None);
                Ok(())
            }
            Err(error) => Err(error),
        }
    }

    // ---- answering -----------------------------------------------------------------------

    /// A member answers its seat's prompt. `Ok(true)`: the answer is held (a pass that comes
    /// at the drawn time) and is acknowledged once it is applied.
    pub(crate) async fn act(
        &mut self,
        index: usize,
        seat: Seat,
        action: Action,
        prompt_id: Option<u64>,
    ) -> Result<bool, ServerError> {
        let Some(own) = self.members[index].seat else {
            return Err(ServerError::new(
                ErrorCode::NotSeated,
                "spectators cannot act",
            ));
        };
        if own != seat {
            return Err(ServerError::new(
                ErrorCode::NotYourSeat,
                format!("this connection holds seat {}, not {}", own.0, seat.0),
            ));
        }
        match self.state {
            RoomState::Playing => {}
            RoomState::Waiting => {
                return Err(ServerError::new(
                    ErrorCode::WrongState,
                    "no game is running",
                ))
            }
            RoomState::Finished => {
                return Err(ServerError::new(ErrorCode::GameOver, "the game is over"))
            }
        }
        let pending = self.clocks.get(seat.index()).and_then(|c| c.as_ref());
        if let (Some(wanted), Some(clock)) = (prompt_id, pending) {
            if clock.prompt_id != wanted {
                return Err(ServerError::new(
                    ErrorCode::StalePrompt,
                    format!(
                        "prompt {wanted} was answered; the pending one is {}",
                        clock.prompt_id
                    ),
                ));
            }
        }
        if let (Some(clock), Holder::Player(player)) = (pending, self.seats[seat.index()].holder) {
            let choice = clock.prompt.choices.has_option_besides_pass();
            let in_people_room = self.has_people();
            if !choice && in_people_room && action == Action::Pass {
                // Passing is all it could do: the pass comes at the drawn time, as it would
                // have without this answer, so an early click shows nothing.
                return Ok(true);
            }
            if choice && is_window(&clock.prompt) && self.seats[seat.index()].trusteeship.is_none()
            {
                let think = clock.created.elapsed();
                self.pacing.record(player, think, false);
            }
        }
        self.apply(seat, action, true).await.map(|()| false)
    }

    /// Applies `seat`'s answer, and with it the passes that fall due at once (see
    /// [`Room::take_along`]): logs them as one write (and waits until it is durable), moves
    /// the clocks, tells everyone in one update.
    pub(crate) async fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        by_player: bool,
    ) -> Result<(), ServerError> {
        let Some(game) = self.game.as_mut() else {
            return Err(ServerError::new(
                ErrorCode::WrongState,
                "no game is running",
            ));
        };
        let mut events = game.act(seat, action.clone())?;
        let mut step = vec![(seat, action, game.hash())];
        self.count_action(seat, by_player);
        let trusteeship = self.seats[seat.index()].trusteeship;
        let trusteeship_ended = by_player && trusteeship.is_some();
        if trusteeship_ended {
            self.seats[seat.index()].trusteeship = None;
        }
        self.refresh_clocks(Some(seat));
        let held = self.take_along(&mut step, &mut events);
        if let Some(log) = &mut self.log {
            let appended: Vec<Appended<'_>> = step
                .iter()
                .map(|(seat, action, hash)| Appended {
                    seat: *seat,
                    action,
                    hash: *hash,
                })
                .collect();
            if let Err(error) = log.append_all(&appended).await {
                self.seats[seat.index()].trusteeship = trusteeship;
                self.rewind_after_failed_append(step.len(), &error);
                // The clocks go back with the game: a `resync` while paused shows its prompts.
                self.clocks = self.seats.iter().map(|_| None).collect();
                self.refresh_clocks(None);
                if !self.writes.moved {
                    for (conn, id) in held {
                        conn.send(unavailable().to_msg(Some(id)));
                    }
                }
                return Err(unavailable());
            }
        }
        for (conn, id) in held {
            conn.send(ServerMsg::Ack { id });
        }
        self.broadcast_update(&events);
        if trusteeship_ended {
            self.broadcast_room_state(None);
        }
        if self.game.as_ref().is_some_and(Game::is_over) {
            self.finish().await;
        }
        Ok(())
    }

    /// Passes for seats that can only pass and whose automatic answer is due now (in rooms
    /// without people, or with the pass delay turned off) join the step being applied, at
    /// most [`STEP_ACTIONS`] actions in all: one durable write and one update for the lot
    /// instead of one each. Nobody has been told anything yet, so nothing about the order of
    /// writes is visible; an agent learns the step's events with everyone else. Returns the
    /// held passes to acknowledge once the step is durable.
    fn take_along(
        &mut self,
        step: &mut Vec<(Seat, Action, u64)>,
        events: &mut Events,
    ) -> Vec<(ConnHandle, CommandId)> {
        let mut held = Vec::new();
        while step.len() < STEP_ACTIONS {
            let now = Instant::now();
            let due = self.clocks.iter().flatten().find(|clock| {
                !clock.stuck
                    && clock.auto.is_some_and(|at| at <= now)
                    && !clock.prompt.choices.has_option_besides_pass()
            });
            let Some(clock) = due else { break };
            let (seat, pass) = (clock.prompt.seat, clock.prompt.default_action());
            let Some(game) = self.game.as_mut() else {
                break;
            };
            // Refused (an engine bug): left to the clock, which falls back and logs it.
            let Ok(more) = game.act(seat, pass.clone()) else {
                break;
            };
            events.0.extend(more.0);
            step.push((seat, pass, game.hash()));
            self.count_action(seat, false);
            if let Some(answered) = self
                .clocks
                .get_mut(seat.index())
                .and_then(|c| c.as_mut())
                .and_then(|c| c.held.take())
            {
                held.push(answered);
            }
            self.refresh_clocks(Some(seat));
        }
        held
    }

    /// Counts an action in the metrics, with how long its prompt waited.
    fn count_action(&self, seat: Seat, by_player: bool) {
        let hot = crate::metrics::hot();
        let (actions, decision) = if by_player {
            (&hot.actions_by_player, &hot.decision_by_player)
        } else {
            (&hot.actions_by_server, &hot.decision_by_server)
        };
        actions.increment(1);
        if let Some(Some(clock)) = self.clocks.get(seat.index()) {
            decision.record(clock.created.elapsed().as_secs_f64());
        }
    }

    pub(crate) fn set_trusteeship(&mut self, index: usize, on: bool) -> Result<(), ServerError> {
        let Some(seat) = self.members[index].seat else {
            return Err(ServerError::new(
                ErrorCode::NotSeated,
                "spectators have no seat",
            ));
        };
        if self.state != RoomState::Playing {
            return Err(ServerError::new(
                ErrorCode::WrongState,
                "no game is running",
            ));
        }
        if self.seats[seat.index()].trusteeship.is_some() != on {
            self.seats[seat.index()].trusteeship = on.then_some(TrusteeshipReason::Asked);
            self.reschedule(seat);
            self.broadcast_room_state(None);
        }
        Ok(())
    }

    async fn finish(&mut self) {
        let Some(game) = &self.game else { return };
        let record = game.record();
        let hash = game.hash();
        let Some(outcome) = game.outcome().cloned() else {
            return;
        };
        let results = self.results(game, &outcome);
        let series = self.series_record();
        if series.is_some() {
            self.persist();
        }
        if let Some(mut log) = self.log.take() {
            if let Err(error) = log.finish(&outcome, hash).await {
                if self.lease_is_lost() {
                    // Its new owner finishes it from the record.
                    return self.lose_lease();
                }
                tracing::error!(room = %self.id, %error, "cannot store the game's result");
            } else if let Some(results) = results {
                let results = GameResults {
                    game: log.id(),
                    series,
                    ..results
                };
                if let Err(error) = self.shared.storage.record_results(&results).await {
                    tracing::error!(room = %self.id, %error, "cannot record the game's results");
                }
            }
        }
        self.state = RoomState::Finished;
        self.clocks.iter_mut().for_each(|c| *c = None);
        let host = self.host;
        // Serialized once for everyone who gets them.
        match (Json::of(&outcome), Json::of(&record)) {
            (Ok(outcome), Ok(record)) => {
                for member in &mut self.members {
                    // The record opens every hand: for the game's players and the host, not
                    // spectators.
                    let record =
                        (member.seat.is_some() || member.player == host).then_some(&record);
                    member.send_prepared(None, |seq| prepared::game_over(seq, &outcome, record));
                }
            }
            _ => tracing::error!(room = %self.id, "cannot serialize the game's end"),
        }
        self.broadcast_room_state(None);
        metrics::counter!("sgs_games_finished_total").increment(1);
        tracing::info!(game = self.games, "game over");
    }

    /// What the records keep of a finished game (`game` 0: the caller sets it); `None` for a
    /// practice table, which counts in no record.
    fn results(&self, game: &Game, outcome: &Outcome) -> Option<GameResults> {
        if self.settings.scenario.is_some() {
            return None;
        }
        let wire = |value: serde_json::Result<serde_json::Value>| {
            value
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default()
        };
        let seats = (0..game.seat_count())
            .filter_map(|i| {
                let seat = Seat(i as u8);
                let slot = self.seats.get(i)?;
                Some(SeatResult {
                    seat,
                    general: wire(serde_json::to_value(game.seat(seat).general)),
                    role: wire(serde_json::to_value(game.seat(seat).role)),
                    won: outcome.winners.contains(&seat),
                    held_by: match slot.holder {
                        Holder::Player(player) => Some(player),
                        Holder::Bot | Holder::Empty => None,
                    },
                    trusteeship: slot.trusteeship.is_some(),
                })
            })
            .collect();
        let config = &self.shared.config;
        Some(GameResults {
            game: 0,
            mode: game.ruleset().mode.clone(),
            seats,
            default_clocks: self.settings.decision_timeout_ms == config.decision_timeout_ms
                && self.settings.play_timeout_ms == config.play_timeout_ms,
            series: None,
        })
    }

    // ---- what members are sent -----------------------------------------------------------

    fn clocks_now(&self, now: Instant) -> Vec<Clock> {
        let Some(game) = &self.game else {
            return Vec::new();
        };
        // Who is asked what, as the engine shows it to everyone.
        game.waiting()
            .into_iter()
            .map(|waiting| {
                let deadline = self
                    .clocks
                    .get(waiting.seat.index())
                    .and_then(|c| c.as_ref())
                    .map_or(now, |c| c.deadline);
                Clock {
                    seat: waiting.seat,
                    kind: waiting.kind,
                    remaining_ms: remaining_ms(deadline, now),
                }
            })
            .collect()
    }

    fn pending_prompt(&self, seat: Option<Seat>, now: Instant) -> Option<PendingPrompt> {
        let clock = self.clocks.get(seat?.index())?.as_ref()?;
        Some(PendingPrompt {
            prompt_id: clock.prompt_id,
            prompt: clock.prompt.clone(),
            remaining_ms: remaining_ms(clock.deadline, now),
            reach: self
                .game
                .as_ref()
                .map(|game| reach(game, clock.prompt.seat)),
        })
    }

    /// Tells every member what it may see of `events`, and feeds each seat's agent its share.
    /// What members share is serialized once: each distinct share of the events (seats often
    /// see the same), the spectators' share, and the clocks; a member's message adds its `seq`
    /// and its own prompt.
    fn broadcast_update(&mut self, events: &Events) {
        let now = Instant::now();
        let clocks = self.clocks_now(now);
        let mut shares: Vec<_> = (0..self.agents.len())
            .map(|i| events.for_viewer(Some(Seat(i as u8))))
            .collect();
        for (agent, share) in self.agents.iter_mut().zip(&shares) {
            agent.observe(share);
        }
        if self.members.iter().any(|m| m.seat.is_none()) {
            shares.push(events.for_viewer(None));
        }
        let spectators = self.agents.len();
        // `json[i]`: the serialized share of seat `i` (the spectators' last), equal shares once.
        let mut json: Vec<Rc<Json>> = Vec::with_capacity(shares.len());
        for (i, share) in shares.iter().enumerate() {
            let same = shares[..i].iter().position(|earlier| earlier == share);
            match same {
                Some(j) => json.push(json[j].clone()),
                None => match Json::of(share) {
                    Ok(text) => json.push(Rc::new(text)),
                    Err(error) => {
                        tracing::error!(%error, "cannot serialize an update");
                        return;
                    }
                },
            }
        }
        let Ok(clocks) = Json::of(&clocks) else {
            tracing::error!("cannot serialize the clocks");
            return;
        };
        let game = self.game.as_ref();
        for member in &mut self.members {
            let index = member.seat.map_or(spectators, Seat::index);
            let Some(events) = json.get(index) else {
                continue;
            };
            let clock = member
                .seat
                .and_then(|seat| self.clocks.get(seat.index()))
                .and_then(Option::as_ref);
            let prompt = clock.map(|clock| PromptRef {
                prompt_id: clock.prompt_id,
                prompt: &clock.prompt,
                remaining_ms: remaining_ms(clock.deadline, now),
                reach: game.map(|game| reach(game, clock.prompt.seat)),
            });
            member.send_prepared(clock.map(|c| c.prompt_id), |seq| {
                prepared::update(seq, events, &clocks, prompt)
            });
        }
    }

    /// Sends `player` a full snapshot (answering command `id`, if any); returns it.
    pub(crate) fn sync_member(
        &mut self,
        player: PlayerId,
        id: Option<CommandId>,
    ) -> Option<ServerMsg> {
        let index = self.members.iter().position(|m| m.player == player)?;
        let now = Instant::now();
        let member = &self.members[index];
        let seat = member.seat.filter(|s| {
            self.game
                .as_ref()
                .is_some_and(|g| s.index() < g.seat_count())
        });
        let view = self.game.as_ref().map(|game| {
            Box::new(match seat {
                Some(seat) => game.view(seat),
                None => game.view_spectator(),
            })
        });
        let room = self.info(true);
        let you = self.you(member);
        let clocks = self.clocks_now(now);
        let prompt = self.pending_prompt(seat, now);
        let member = &mut self.members[index];
        member.seq += 1;
        let msg = ServerMsg::Sync {
            id,
            seq: member.seq,
            room,
            you,
            view,
            clocks,
            prompt,
        };
        member.conn.as_ref()?.send(msg.clone());
        Some(msg)
    }
}
