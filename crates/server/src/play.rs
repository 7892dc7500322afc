//! The room's game: starting it, answering prompts, the clocks, trusteeship (托管) and what
//! each member is sent as the game moves on.
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
//! Durability: an accepted action is appended to the game's log and the room awaits the store's
//! ack before it moves the clocks or tells anyone (`apply`), so whatever a client saw survives a
//! crash. A failed write puts the game back at its last durable action and pauses the room
//! (`durable.rs`); the game never goes on unrecorded.
//!
//! Prompt ids are opaque and increase within a process: game `n`'s count from `n << 32`, and a
//! room rebuilt after a restart counts on from above any id its game can have used. After a
//! reconnect, a client answers the prompt of its fresh `sync`.
//!
//! Bots and trusteeship: at the start of a game every seat gets its own agent from the server's
//! [`Trustee`](crate::trustee::Trustee) (the heuristic AI of `sgs-bot`), fed that seat's share
//! of every event batch — the same `EventView`s its player receives — so it can take over at any
//! moment knowing what the seat has seen. It decides in the room's task from the seat's `View`
//! (microseconds; nothing waits).
//!
//! Visibility: members get `Events::for_viewer` and `Game::view` for their seat (spectators:
//! `None`), exactly as the engine computed them. The server never looks into the game's hidden
//! state and never serializes `Game`.

use std::time::Duration;

use rand::RngCore;
use sgs_engine::{Action, Events, Game, GameConfig, Prompt, Seat};
use sgs_protocol::{
    Clock, CommandId, ErrorCode, PendingPrompt, PlayerId, Reach, RoomState, ServerMsg,
    TrusteeshipReason,
};
use tokio::time::Instant;

use crate::durable::unavailable;
use crate::error::ServerError;
use crate::outbound::ConnHandle;
use crate::pacing::{is_window, Wait};
use crate::room::{Holder, Room};
use crate::storage::{GamePlayer, NewGame};

/// The clock of one seat's pending prompt.
#[derive(Debug)]
pub(crate) struct SeatClock {
    pub prompt_id: u64,
    pub prompt: Prompt,
    /// When it was asked (a person's think time counts from here).
    pub created: Instant,
    pub deadline: Instant,
    /// When an automatic answer is given (bot, trusteeship, a prompt that can only be passed).
    pub auto: Option<Instant>,
    /// Neither the trustee's answer nor the default answer was accepted (an engine bug); the
    /// clock no longer fires.
    pub stuck: bool,
    /// A person's own pass to a prompt it could only pass, held until the drawn time: the
    /// connection and command id to acknowledge once the pass is durable.
    pub held: Option<(ConnHandle, CommandId)>,
}

/// Why a clock fired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Due {
    Auto,
    Deadline,
    /// A disconnected player's grace period ended.
    Absent,
}

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

fn remaining_ms(deadline: Instant, now: Instant) -> u64 {
    deadline.saturating_duration_since(now).as_millis() as u64
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
                Game::new(config, self.rng.next_u64())?
            }
        };
        // The opening events are in every member's first snapshot; each seat's agent learns
        // them (its role, the lord, the generals) from its own share.
        let opening = game.take_events();
        self.agents = (0..game.seat_count())
            .map(|i| {
                let seat = Seat(i as u8);
                let mut agent = self.shared.trustee.agent(seat, self.rng.next_u64());
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

    /// Applies `seat`'s answer: logs it (and waits until that is durable), moves the clocks,
    /// tells everyone.
    async fn apply(
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
        let events = game.act(seat, action.clone())?;
        let hash = game.hash();
        if let Some(log) = &mut self.log {
            if let Err(error) = log.append(seat, &action, hash).await {
                self.rewind_after_failed_append(&error);
                return Err(unavailable());
            }
        }
        let by = crate::metrics::by(by_player);
        metrics::counter!("sgs_actions_total", "by" => by).increment(1);
        if let Some(Some(clock)) = self.clocks.get(seat.index()) {
            let took = clock.created.elapsed().as_secs_f64();
            metrics::histogram!("sgs_decision_seconds", "by" => by).record(took);
        }
        let trusteeship_ended = by_player && self.seats[seat.index()].trusteeship.is_some();
        if trusteeship_ended {
            self.seats[seat.index()].trusteeship = None;
        }
        self.refresh_clocks(Some(seat));
        self.broadcast_update(&events);
        if trusteeship_ended {
            self.broadcast_room_state(None);
        }
        if self.game.as_ref().is_some_and(Game::is_over) {
            self.finish().await;
        }
        Ok(())
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
        if let Some(mut log) = self.log.take() {
            if let Err(error) = log.finish(&outcome, hash).await {
                tracing::error!(room = %self.id, %error, "cannot store the game's result");
            }
        }
        self.state = RoomState::Finished;
        self.clocks.iter_mut().for_each(|c| *c = None);
        for member in &mut self.members {
            member.send(|seq| ServerMsg::GameOver {
                seq,
                outcome: outcome.clone(),
                record: Box::new(record.clone()),
            });
        }
        self.broadcast_room_state(None);
        metrics::counter!("sgs_games_finished_total").increment(1);
        tracing::info!(game = self.games, "game over");
    }

    // ---- clocks --------------------------------------------------------------------------

    /// When `seat`'s prompt is answered without its player, if it is (`None`: by its player,
    /// or at the deadline).
    fn auto_at(&mut self, seat: Seat, prompt: &Prompt, now: Instant) -> Option<Instant> {
        let slot = &self.seats[seat.index()];
        let machine = slot.holder == Holder::Bot || slot.trusteeship.is_some();
        if !machine && prompt.choices.has_option_besides_pass() {
            return None;
        }
        // No people, or the delay turned off (`--pass-delay-max-ms 0`): at once.
        if !self.has_people() || self.shared.config.pass_delay_max_ms == 0 {
            return Some(now);
        }
        let person = match slot.holder {
            Holder::Player(player) if !machine => Some(player),
            _ => None,
        };
        let config = &self.shared.config;
        let prior = (config.pass_delay_min_ms, config.pass_delay_max_ms);
        let timeout = Duration::from_millis(self.timeout_ms(prompt));
        let cap = timeout.saturating_sub((timeout / 10).min(Duration::from_millis(500)));
        match self.pacing.wait(person, &mut self.rng, prior, cap) {
            Wait::For(delay) => Some(now + delay),
            Wait::Deadline => None,
        }
    }

    fn timeout_ms(&self, prompt: &Prompt) -> u64 {
        if prompt.is_play() {
            self.settings.play_timeout_ms
        } else {
            self.settings.decision_timeout_ms
        }
    }

    fn new_clock(&mut self, prompt: Prompt, now: Instant) -> SeatClock {
        self.next_prompt_id += 1;
        let timeout = self.timeout_ms(&prompt);
        SeatClock {
            prompt_id: self.next_prompt_id,
            auto: self.auto_at(prompt.seat, &prompt, now),
            created: now,
            deadline: now + Duration::from_millis(timeout),
            prompt,
            stuck: false,
            held: None,
        }
    }

    /// Matches the clocks to the game's pending prompts: a seat that just acted, or whose prompt
    /// changed, gets a new clock; an unchanged prompt keeps its clock.
    pub(crate) fn refresh_clocks(&mut self, acted: Option<Seat>) {
        let Some(game) = &self.game else { return };
        let prompts = game.prompts().to_vec();
        let now = Instant::now();
        let mut old = std::mem::take(&mut self.clocks);
        self.clocks = self.seats.iter().map(|_| None).collect();
        for prompt in prompts {
            let index = prompt.seat.index();
            if index >= self.clocks.len() {
                continue;
            }
            let kept =
                old[index].take_if(|clock| acted != Some(prompt.seat) && clock.prompt == prompt);
            self.clocks[index] = Some(match kept {
                Some(clock) => clock,
                None => self.new_clock(prompt, now),
            });
        }
        // A held pass whose prompt went away unanswered (another seat closed the window).
        for (conn, id) in old.into_iter().flatten().filter_map(|clock| clock.held) {
            conn.send(ServerMsg::error(
                Some(id),
                ErrorCode::StalePrompt,
                "the prompt was closed before the pass was due",
            ));
        }
    }

    /// `seat`'s holder or trusteeship changed: recompute when its prompt is answered.
    pub(crate) fn reschedule(&mut self, seat: Seat) {
        let Some(Some(clock)) = self.clocks.get(seat.index()) else {
            return;
        };
        let prompt = clock.prompt.clone();
        let auto = self.auto_at(seat, &prompt, Instant::now());
        if let Some(Some(clock)) = self.clocks.get_mut(seat.index()) {
            clock.auto = auto;
        }
    }

    /// The grace deadline of a disconnected player not yet in trusteeship.
    fn absent_at(&self, seat: usize) -> Option<Instant> {
        let slot = &self.seats[seat];
        let grace = self.shared.config.disconnect_grace();
        match (slot.holder, slot.trusteeship, slot.disconnected_at) {
            (Holder::Player(_), None, Some(since)) => Some(since + grace),
            _ => None,
        }
    }

    /// The earliest due clock: (time, seat, why).
    fn next_due(&self) -> Option<(Instant, Seat, Due)> {
        if self.writes.stalled.is_some() {
            return None; // paused: the clocks restart when the store works again
        }
        let mut best: Option<(Instant, Seat, Due)> = None;
        for (i, clock) in self.clocks.iter().enumerate() {
            let Some(clock) = clock.as_ref().filter(|c| !c.stuck) else {
                continue;
            };
            let candidates = [
                clock.auto.map(|t| (t, Due::Auto)),
                Some((clock.deadline, Due::Deadline)),
                self.absent_at(i).map(|t| (t, Due::Absent)),
            ];
            for (at, due) in candidates.into_iter().flatten() {
                if best.is_none_or(|(b, _, _)| at < b) {
                    best = Some((at, Seat(i as u8), due));
                }
            }
        }
        best
    }

    /// When the room's task must wake up next (a clock, or closing an idle room).
    pub(crate) fn next_wake(&self) -> Option<Instant> {
        let idle = self.idle_since.map(|since| since + self.idle_limit());
        let due = self.next_due().map(|(at, _, _)| at);
        [idle, due, self.writes.stalled].into_iter().flatten().min()
    }

    pub(crate) async fn on_timer(&mut self, now: Instant) {
        if self.is_idle_expired(now) {
            tracing::info!(room = %self.id, "closing an idle room");
            self.close();
            return;
        }
        if self.is_retry_due(now) {
            self.retry_store().await;
            return;
        }
        let Some((at, seat, due)) = self.next_due() else {
            return;
        };
        if at > now {
            return;
        }
        if due == Due::Deadline {
            self.record_timeout(seat);
        }
        let reason = match due {
            Due::Deadline => Some(TrusteeshipReason::Timeout),
            Due::Absent => Some(TrusteeshipReason::Absent),
            _ => None,
        };
        if let (Some(reason), None) = (reason, self.seats[seat.index()].trusteeship) {
            self.seats[seat.index()].trusteeship = Some(reason);
            self.broadcast_room_state(None);
        }
        self.answer_automatically(seat).await;
    }

    /// A person let a window where it had a choice run out: that counts as a think time.
    fn record_timeout(&mut self, seat: Seat) {
        let (Some(Some(clock)), Holder::Player(player)) = (
            self.clocks.get(seat.index()),
            self.seats[seat.index()].holder,
        ) else {
            return;
        };
        let slot = &self.seats[seat.index()];
        if slot.trusteeship.is_some() || slot.disconnected_at.is_some() {
            return;
        }
        if is_window(&clock.prompt) && clock.prompt.choices.has_option_besides_pass() {
            let think = clock.deadline.saturating_duration_since(clock.created);
            self.pacing.record(player, think, true);
        }
    }

    /// The trustee (or bot) answers `seat`'s prompt; a refused answer falls back to the
    /// prompt's default answer.
    async fn answer_automatically(&mut self, seat: Seat) {
        let held = self
            .clocks
            .get_mut(seat.index())
            .and_then(|c| c.as_mut())
            .and_then(|c| c.held.take());
        let (Some(game), Some(Some(clock))) = (&self.game, self.clocks.get(seat.index())) else {
            return;
        };
        let slot = &self.seats[seat.index()];
        let fallback = clock.prompt.default_action();
        let agent = self.agents.get_mut(seat.index());
        let action = match agent {
            Some(agent) if slot.holder == Holder::Bot || slot.trusteeship.is_some() => {
                let started = std::time::Instant::now();
                let action = agent.decide(&game.view(seat), &clock.prompt);
                let took = started.elapsed();
                if took > Duration::from_millis(5) {
                    tracing::warn!(room = %self.id, ?took, "slow agent decision");
                }
                action
            }
            _ => fallback.clone(),
        };
        let applied = self.apply(seat, action.clone(), false).await;
        if let Some((conn, id)) = held {
            conn.send(match &applied {
                Ok(()) => ServerMsg::Ack { id },
                Err(error) => error.to_msg(Some(id)),
            });
        }
        if let Err(error) = applied {
            if error.code == ErrorCode::StorageUnavailable {
                return; // paused; asked again when the store works
            }
            tracing::warn!(room = %self.id, %error, ?action, "automatic answer refused");
            if let Err(error) = self.apply(seat, fallback, false).await {
                tracing::error!(room = %self.id, %error, "default answer refused; seat stuck");
                if let Some(Some(clock)) = self.clocks.get_mut(seat.index()) {
                    clock.stuck = true;
                }
            }
        }
    }

    // ---- what members are sent -----------------------------------------------------------

    fn clocks_now(&self, now: Instant) -> Vec<Clock> {
        let Some(game) = &self.game else {
            return Vec::new();
        };
        // Who is asked what, as the engine shows it to everyone.
        game.view_spectator()
            .waiting
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
    fn broadcast_update(&mut self, events: &Events) {
        let now = Instant::now();
        let clocks = self.clocks_now(now);
        // Each seat's share is computed once: for its agent and for the members in it.
        let shares: Vec<_> = (0..self.agents.len())
            .map(|i| events.for_viewer(Some(Seat(i as u8))))
            .collect();
        for (agent, share) in self.agents.iter_mut().zip(&shares) {
            agent.observe(share);
        }
        let personal: Vec<_> = self
            .members
            .iter()
            .map(|m| {
                let share = match m.seat.and_then(|s| shares.get(s.index())) {
                    Some(share) => share.clone(),
                    None => events.for_viewer(m.seat),
                };
                (share, self.pending_prompt(m.seat, now))
            })
            .collect();
        for (member, (events, prompt)) in self.members.iter_mut().zip(personal) {
            let clocks = clocks.clone();
            member.send(|seq| ServerMsg::Update {
                seq,
                events,
                clocks,
                prompt,
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
