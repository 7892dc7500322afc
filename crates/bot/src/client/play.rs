//! Playing: handling each server message, answering the seat's prompts with its agent, the
//! host's duties, and refused commands.

use std::time::Duration;

use sgs_engine::view::Waiting;
use sgs_engine::{Action, Ruleset, Seat};
use sgs_protocol::{
    ClientMsg, ErrorCode, LeaveReason, Occupant, PendingPrompt, RoomInfo, RoomState, ServerMsg,
};
use tokio::time::sleep;

use super::bot::Bot;
use super::socket::{Socket, Stop};
use super::{ClientError, Ending};
use crate::agent::{Agent, AgentKind, RandomAgent};
use crate::heuristic::HeuristicAgent;
use crate::search::sample::TableRules;
use crate::search::{SearchAgent, SearchConfig};
use crate::tracker::{opening_events, Tracker};

/// A fresh agent of `kind` for `seat` at a table of `ruleset` (the room's, as its `sync` says).
fn make_agent(kind: AgentKind, seat: Seat, seed: u64, ruleset: &Ruleset) -> Box<dyn Agent + Send> {
    match kind {
        AgentKind::Random => Box::new(RandomAgent::new(seed ^ u64::from(seat.0))),
        AgentKind::Heuristic => Box::new(HeuristicAgent::for_ruleset(seat, ruleset)),
        // The search samples games with the table's rules. A table with a person never passes
        // automatically (the server's `auto_pass` is off whenever anyone is seated, and this
        // client is someone).
        AgentKind::Search => match TableRules::new(ruleset.clone(), false) {
            Ok(rules) => Box::new(SearchAgent::new(
                seat,
                seed ^ u64::from(seat.0),
                rules,
                SearchConfig::default(),
            )),
            // A ruleset this engine does not know: the heuristic still answers legally.
            Err(_) => Box::new(HeuristicAgent::for_ruleset(seat, ruleset)),
        },
    }
}

fn waiting(clocks: &[sgs_protocol::Clock]) -> Vec<Waiting> {
    clocks
        .iter()
        .map(|c| Waiting {
            seat: c.seat,
            kind: c.kind.clone(),
        })
        .collect()
}

fn all_seats_taken(room: &RoomInfo) -> bool {
    room.fill_bots || room.seats.iter().all(|s| s.occupant != Occupant::Empty)
}

impl Bot {
    /// Handles one server message; `Some` when the bot is done.
    pub(super) async fn handle(
        &mut self,
        socket: &mut Socket,
        msg: ServerMsg,
    ) -> Result<Option<Ending>, Stop> {
        match msg {
            ServerMsg::Sync {
                room,
                you,
                view,
                prompt,
                ..
            } => {
                if self.room.is_none() {
                    self.log(&format!("in room {} (seat {:?})", room.id, you.seat));
                    if let Some(on_room) = &mut self.on_room {
                        on_room(&room.id);
                    }
                }
                self.room = Some(room.id.clone());
                self.report.room = Some(room.id.clone());
                self.seat = you.seat;
                self.report.seat = you.seat;
                match (view, you.seat) {
                    (Some(view), Some(seat)) if room.state == RoomState::Playing => {
                        if room.games != self.game || self.agent.is_none() {
                            // A new game: a fresh agent, primed as if it had seen the opening.
                            self.game = room.games;
                            let mut agent = make_agent(
                                self.options.agent,
                                seat,
                                self.options.seed,
                                &room.ruleset,
                            );
                            agent.observe(&opening_events(&view));
                            self.agent = Some(agent);
                            self.answered = 0;
                            self.log(&format!("game {} started", room.games));
                        }
                        self.tracker = Some(Tracker::new(*view));
                    }
                    _ => self.tracker = None,
                }
                self.pending = prompt.map(|p| (p.prompt_id, p.prompt));
                self.host_duty(socket, &room, you.host).await?;
                self.act(socket).await?;
            }
            ServerMsg::RoomState { room, you, .. } => {
                self.seat = you.seat;
                self.host_duty(socket, &room, you.host).await?;
            }
            ServerMsg::Update {
                events,
                clocks,
                prompt,
                ..
            } => {
                if let Some(agent) = &mut self.agent {
                    agent.observe(&events);
                }
                let prompt = prompt.map(|p: PendingPrompt| (p.prompt_id, p.prompt));
                if let Some(tracker) = &mut self.tracker {
                    tracker.apply_all(&events);
                    tracker.set_pending(waiting(&clocks), prompt.as_ref().map(|p| p.1.clone()));
                    if tracker.is_stale() {
                        // The view no longer fits the events: ask for a fresh snapshot.
                        self.tracker = None;
                        self.send(socket, &ClientMsg::Resync { id: None }).await?;
                    }
                }
                self.pending = prompt;
                self.act(socket).await?;
            }
            ServerMsg::GameOver { outcome, .. } => {
                self.log(&format!("game over: {:?}", outcome.winner));
                if let Some(stats) = self.agent.as_ref().and_then(|a| a.search_stats()) {
                    self.report.search.add(stats);
                }
                self.report.outcomes.push(outcome);
                self.pending = None;
                self.tracker = None;
                let played = self.report.outcomes.len() as u32;
                if self.options.games.is_some_and(|games| played >= games) {
                    self.leave(socket).await?;
                    return Ok(Some(Ending::GamesPlayed));
                }
            }
            ServerMsg::LeftRoom { reason, .. } => {
                return Ok(Some(match reason {
                    LeaveReason::Kicked => Ending::Kicked,
                    LeaveReason::Closed | LeaveReason::Left => Ending::RoomClosed,
                }));
            }
            ServerMsg::Shutdown { .. } => return Ok(Some(Ending::Shutdown)),
            ServerMsg::Error {
                id, code, message, ..
            } => self.refused(socket, id, code, message).await?,
            ServerMsg::Welcome { .. } => {
                return Err(Stop::Fatal(ClientError::Protocol(
                    "a second welcome".into(),
                )))
            }
            ServerMsg::Ack { .. }
            | ServerMsg::Pong { .. }
            | ServerMsg::Catalog { .. }
            | ServerMsg::RoomList { .. }
            | ServerMsg::LobbyUpdate { .. }
            | ServerMsg::LobbyChat { .. }
            | ServerMsg::LobbyPeople { .. }
            | ServerMsg::Chat { .. } => {}
        }
        Ok(None)
    }

    /// As host with `start`: start when every seat is taken, rematch after a game.
    async fn host_duty(
        &mut self,
        socket: &mut Socket,
        room: &RoomInfo,
        host: bool,
    ) -> Result<(), Stop> {
        if room.state == RoomState::Waiting && !all_seats_taken(room) {
            // Seats were freed (or starting failed): start again once they are all taken.
            self.started = room.games;
        }
        if !self.options.start || !host || self.started > room.games {
            return Ok(());
        }
        if self.options.games.is_some_and(|g| room.games >= g) {
            return Ok(());
        }
        let msg = match room.state {
            RoomState::Waiting if all_seats_taken(room) => ClientMsg::StartGame { id: None },
            RoomState::Finished => ClientMsg::Rematch { id: None },
            _ => return Ok(()),
        };
        self.started = room.games + 1;
        self.log(&format!("asking for game {}", self.started));
        self.send(socket, &msg).await
    }

    /// Answers the seat's pending prompt if it is new.
    async fn act(&mut self, socket: &mut Socket) -> Result<(), Stop> {
        let (Some((prompt_id, prompt)), Some(seat)) = (self.pending.clone(), self.seat) else {
            return Ok(());
        };
        if prompt_id == self.answered || prompt.seat != seat {
            return Ok(());
        }
        let (Some(agent), Some(tracker)) = (&mut self.agent, &self.tracker) else {
            return Ok(());
        };
        let mut action = agent.decide(tracker.view(), &prompt);
        if !prompt.choices.allows(&action) {
            self.log(&format!(
                "the agent answered illegally ({action:?}); passing on the default"
            ));
            action = prompt.default_action();
        }
        self.send_act(socket, seat, prompt_id, action).await
    }

    async fn send_act(
        &mut self,
        socket: &mut Socket,
        seat: Seat,
        prompt_id: u64,
        action: Action,
    ) -> Result<(), Stop> {
        self.answered = prompt_id;
        let id = self.next_id();
        self.acts.push((id, prompt_id));
        if self.acts.len() > 64 {
            self.acts.remove(0);
        }
        self.report.acted += 1;
        let act = ClientMsg::Act {
            id: Some(id),
            seat,
            action,
            prompt_id: Some(prompt_id),
        };
        self.send(socket, &act).await
    }

    /// A refused command. Races are normal; an `act` the engine refused is answered again with
    /// the prompt's default; being over the rate budget waits a little and answers again.
    async fn refused(
        &mut self,
        socket: &mut Socket,
        id: Option<u64>,
        code: ErrorCode,
        message: String,
    ) -> Result<(), Stop> {
        let prompt_id = id.and_then(|id| self.acts.iter().find(|(i, _)| *i == id).map(|a| a.1));
        match code {
            ErrorCode::StalePrompt | ErrorCode::NotYourTurn | ErrorCode::GameOver => {}
            ErrorCode::IllegalAction | ErrorCode::RateLimited => {
                self.log(&format!("refused: {message}"));
                let Some((pending_id, prompt)) = self.pending.clone() else {
                    return Ok(());
                };
                if Some(pending_id) != prompt_id {
                    return Ok(());
                }
                if code == ErrorCode::RateLimited {
                    sleep(Duration::from_millis(500)).await;
                    self.answered = 0;
                    return self.act(socket).await;
                }
                // Once per prompt: a second refusal leaves it to the clock (trusteeship).
                if let (Some(seat), true) = (self.seat, self.fell_back != pending_id) {
                    self.fell_back = pending_id;
                    let fallback = prompt.default_action();
                    return self.send_act(socket, seat, pending_id, fallback).await;
                }
            }
            _ => self.log(&format!("refused: {message}")),
        }
        Ok(())
    }
}
