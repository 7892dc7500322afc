//! A room: one tokio task that owns one `Game` and everything about the table (seats, members,
//! clocks), reached only through its queue ([`RoomHandle`]). Nothing in a room waits on a
//! connection: messages go out with `try_send`, and a connection too slow to keep up is closed.
//!
//! This file holds the actor, its messages, and what members are told about the room. The
//! membership commands (join, leave, seats, bots, kick, chat, reconnect) are in `members.rs`;
//! the game itself — starting, acting, clocks, trusteeship — is in `play.rs`; storing the room
//! and bringing it back after a restart is in `recover.rs`.
//!
//! Durability (`durable.rs`): a command that changes the room is acknowledged — and anyone
//! told about it — only once the room's row is durable; every accepted action is durable
//! before its effects are sent. A write that fails pauses the room visibly until the store
//! works again. A room that closes is marked closed in the store; one that is merely dropped
//! (the process stops or dies) is still open there and comes back at the next start, unless
//! nobody had been connected to it for longer than it would have lived.

use std::sync::Arc;

use crate::room_moderation::RoomModeration;

use rand::rngs::OsRng;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use sgs_engine::{Action, Game, Seat};
use sgs_protocol::{
    room::Member as MemberInfo, CommandId, ErrorCode, LeaveReason, Occupant, PlayerId, RoomId,
    RoomInfo, RoomState, RoomSummary, SeatInfo, ServerMsg, TrusteeshipReason, You,
};
use tokio::sync::{mpsc, oneshot};
use tokio::time::{sleep_until, Instant};

use crate::clients::Guard;
use crate::clocks::SeatClock;
use crate::durable::Writes;
use crate::error::ServerError;
use crate::outbound::{ConnHandle, ConnId};
use crate::pacing::Pacing;
use crate::settings::RoomSettings;
use crate::storage::{GameLog, SecretHash};
use crate::thinking::{self, Thought};
use crate::trustee::SeatAgent;
use crate::Shared;

/// What a member asks of a room.
#[derive(Debug)]
pub enum RequestKind {
    Join {
        seat: Option<Seat>,
        password: Option<String>,
        invite: Option<String>,
        spectate: bool,
    },
    Leave,
    TakeSeat(Seat),
    AddBot(Option<Seat>),
    RemoveBot(Seat),
    Kick(PlayerId),
    Ban {
        target: PlayerId,
        minutes: Option<u32>,
    },
    Mute {
        target: PlayerId,
        minutes: Option<u32>,
    },
    Start,
    Rematch,
    Chat(String),
    Act {
        seat: Seat,
        action: Action,
        prompt_id: Option<u64>,
    },
    Trusteeship(bool),
    Resync,
}

/// What a request is answered with, once what it changed is durable.
#[derive(Debug)]
pub(crate) enum Answer {
    /// An `ack` (if the command had an id).
    Ack,
    /// A fresh `sync` for the requester.
    Sync,
    /// An answer held for later (a pass due at a drawn time): acknowledged once applied.
    Held(Seat),
}

/// A command from a connection. The room sends the answer to `conn` itself (so it is ordered
/// with the room's other messages) and hands a copy back through `reply`.
#[derive(Debug)]
pub struct Request {
    pub player: PlayerId,
    pub name: String,
    pub conn: ConnHandle,
    pub id: Option<CommandId>,
    pub kind: RequestKind,
    /// The message sent to `conn` in answer (`None`: nothing was sent, the command had no id).
    pub reply: oneshot::Sender<Option<ServerMsg>>,
}

#[derive(Debug)]
pub enum RoomMsg {
    Request(Request),
    /// `player` reconnected on `conn`.
    Attach {
        player: PlayerId,
        conn: ConnHandle,
    },
    /// `player`'s connection `conn` ended.
    Detach {
        player: PlayerId,
        conn: ConnId,
    },
    /// Another process took over the room's lease (decision 0021): the room stops here.
    LeaseLost,
    /// This process is shutting down and hands the room over (decision 0021): the room stops
    /// here, writes nothing more, and answers once stopped; its lease is then given up so
    /// another process takes it at once.
    HandOver(oneshot::Sender<()>),
}

/// The way into a room.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    tx: mpsc::Sender<RoomMsg>,
}

impl RoomHandle {
    /// Sends a request and waits for the room's answer (already delivered to `conn`).
    pub async fn request(
        &self,
        player: PlayerId,
        name: String,
        conn: ConnHandle,
        id: Option<CommandId>,
        kind: RequestKind,
    ) -> Result<Option<ServerMsg>, ServerError> {
        let gone = || ServerError::new(ErrorCode::NoSuchRoom, "the room has closed");
        let (reply, answer) = oneshot::channel();
        let request = Request {
            player,
            name,
            conn,
            id,
            kind,
            reply,
        };
        self.tx
            .send(RoomMsg::Request(request))
            .await
            .map_err(|_| gone())?;
        answer.await.map_err(|_| gone())
    }

    pub async fn attach(&self, player: PlayerId, conn: ConnHandle) -> bool {
        self.tx.send(RoomMsg::Attach { player, conn }).await.is_ok()
    }

    pub async fn detach(&self, player: PlayerId, conn: ConnId) {
        let _ = self.tx.send(RoomMsg::Detach { player, conn }).await;
    }

    /// The room's lease was taken over by another process: it stops here.
    pub async fn lease_lost(&self) {
        let _ = self.tx.send(RoomMsg::LeaseLost).await;
    }

    /// Stops the room here for another process to take over (graceful shutdown with leases);
    /// returns once it stopped (at once if it had already).
    pub async fn hand_over(&self) {
        let (done, stopped) = oneshot::channel();
        if self.tx.send(RoomMsg::HandOver(done)).await.is_ok() {
            let _ = stopped.await;
        }
    }
}

/// Who holds a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "player", rename_all = "snake_case")]
pub enum Holder {
    Empty,
    Player(PlayerId),
    Bot,
}

#[derive(Debug)]
pub(crate) struct SeatSlot {
    pub holder: Holder,
    /// 托管, and why (`None`: the seat's player decides).
    pub trusteeship: Option<TrusteeshipReason>,
    /// When the seated player's connection dropped (during a game).
    pub disconnected_at: Option<Instant>,
}

/// A person in the room: seated, or a spectator.
#[derive(Debug)]
pub(crate) struct Member {
    pub player: PlayerId,
    pub name: String,
    pub conn: Option<ConnHandle>,
    pub seat: Option<Seat>,
    /// The last `seq` sent to this member.
    pub seq: u64,
    /// The hash of the member's session token (stored, so the token works after a restart).
    pub token: SecretHash,
}

impl Member {
    /// Sends a room message built with the next `seq`.
    pub fn send(&mut self, build: impl FnOnce(u64) -> ServerMsg) {
        if let Some(conn) = &self.conn {
            self.seq += 1;
            conn.send(build(self.seq));
        }
    }

    /// Sends a room message serialized by the caller with the next `seq`
    /// (`sgs_protocol::prepared`); `prompt_id`: the prompt it sends, if any.
    pub fn send_prepared(
        &mut self,
        prompt_id: Option<u64>,
        build: impl FnOnce(u64) -> serde_json::Result<String>,
    ) {
        if let Some(conn) = &self.conn {
            self.seq += 1;
            conn.send_prepared(build(self.seq), prompt_id);
        }
    }
}

pub(crate) struct Room {
    pub id: RoomId,
    pub shared: Arc<Shared>,
    pub settings: RoomSettings,
    pub host: PlayerId,
    pub state: RoomState,
    pub seats: Vec<SeatSlot>,
    pub members: Vec<Member>,
    pub game: Option<Game>,
    pub games: u32,
    pub clocks: Vec<Option<SeatClock>>,
    pub next_prompt_id: u64,
    /// For bots, trusteeship and anti-timing-leak delays (never for the game's own dealing).
    pub rng: ChaCha8Rng,
    /// One agent per seat of the running game, fed that seat's events: it answers when the
    /// seat is a bot's or in trusteeship.
    pub agents: Vec<SeatAgent>,
    /// A search bot's decision being thought about off the room's task (`thinking.rs`).
    pub thinking: Option<Thought>,
    pub log: Option<Box<dyn GameLog>>,
    /// Since when no member has been connected.
    pub idle_since: Option<Instant>,
    /// Counts the room against its creator's address while it is open.
    pub _owner: Option<Guard>,
    /// Where the room stands with the store (`durable.rs`).
    pub writes: Writes,
    /// How long automatic answers wait, so that timing shows no hand.
    pub pacing: Pacing,
    /// The host's bans and mutes.
    pub moderation: RoomModeration,
    /// The 计分赛 series being played (or just finished), when the ruleset asks for one
    /// (`series.rs`).
    pub series: Option<sgs_engine::Series>,
}

/// Opens a room hosted by `host` and registers it in the lobby. The host joins with a normal
/// `Join` request next.
pub(crate) fn spawn(
    shared: Arc<Shared>,
    settings: RoomSettings,
    host: PlayerId,
    owner: Option<Guard>,
) -> RoomId {
    let lobby_shared = shared.clone();
    let writes = Writes::new(shared.storage.as_ref());
    lobby_shared.lobby.insert_with(move |id| {
        let (handle, rx) = queue();
        let seats = (0..settings.seats)
            .map(|_| SeatSlot {
                holder: Holder::Empty,
                trusteeship: None,
                disconnected_at: None,
            })
            .collect();
        let room = Room {
            id,
            shared,
            clocks: (0..settings.seats).map(|_| None).collect(),
            settings,
            host,
            state: RoomState::Waiting,
            seats,
            members: Vec::new(),
            game: None,
            games: 0,
            next_prompt_id: 0,
            rng: ChaCha8Rng::from_rng(OsRng).unwrap_or_else(|_| ChaCha8Rng::seed_from_u64(0)),
            agents: Vec::new(),
            thinking: None,
            log: None,
            idle_since: Some(Instant::now()),
            _owner: owner,
            writes,
            pacing: Pacing::default(),
            moderation: RoomModeration::default(),
            series: None,
        };
        tokio::spawn(room.run(rx));
        handle
    })
}

/// A room's queue: its handle and the receiving end its task reads.
pub(crate) fn queue() -> (RoomHandle, mpsc::Receiver<RoomMsg>) {
    let (tx, rx) = mpsc::channel(256);
    (RoomHandle { tx }, rx)
}

fn refuse(code: ErrorCode, message: &str) -> Result<(), ServerError> {
    Err(ServerError::new(code, message))
}

/// Takes a room out of the lobby when its task ends, even by a panic (a bug in a rule must
/// not leave a dead room listed; other rooms are unaffected either way).
struct Deregister(Arc<Shared>, RoomId);

impl Drop for Deregister {
    fn drop(&mut self) {
        self.0.lobby.remove(&self.1);
        if let Some(leases) = self.0.storage.leases() {
            leases.forget(&self.1);
        }
    }
}

impl Room {
    /// The room's task: every log line inside it carries the room's span (`room = id`).
    pub(crate) async fn run(self, rx: mpsc::Receiver<RoomMsg>) {
        use tracing::Instrument;
        let span = tracing::info_span!("room", room = %self.id);
        self.serve(rx).instrument(span).await;
    }

    async fn serve(mut self, mut rx: mpsc::Receiver<RoomMsg>) {
        let _deregister = Deregister(self.shared.clone(), self.id.clone());
        tracing::info!(room = %self.id, "room opened");
        let mut watching_store = true;
        loop {
            let wake = self.next_wake();
            tokio::select! {
                msg = rx.recv() => match msg {
                    Some(msg) => self.handle(msg).await,
                    None => break,
                },
                () = sleep_until(wake.unwrap_or_else(Instant::now)), if wake.is_some() => {
                    self.on_timer(Instant::now()).await;
                    let _ = self.settle().await;
                }
                (seat, prompt_id, outcome) = thinking::finished(&mut self.thinking) => {
                    self.thinking = None;
                    self.on_thought(seat, prompt_id, outcome).await;
                    let _ = self.settle().await;
                }
                changed = self.writes.generations.changed(), if watching_store => {
                    match changed {
                        Ok(()) => self.on_new_store().await,
                        Err(_) => watching_store = false,
                    }
                }
            }
            if self.members.is_empty() || self.writes.moved {
                break;
            }
        }
        if self.writes.moved {
            // Another process runs the room now: nothing is written or closed here.
            tracing::info!(room = %self.id, "room stopped here: another server runs it now");
            return;
        }
        self.close();
        if let Err(error) = self.shared.storage.close_room(&self.id, false).await {
            tracing::error!(room = %self.id, %error, "cannot mark the room closed in the store");
        }
        tracing::info!(room = %self.id, "room closed");
    }

    async fn handle(&mut self, msg: RoomMsg) {
        match msg {
            RoomMsg::Request(request) => {
                let Request {
                    player,
                    name,
                    conn,
                    id,
                    kind,
                    reply,
                } = request;
                let done = match self.refuse_while_stalled(&kind) {
                    Err(error) => Err(error),
                    Ok(()) => self.request(player, name, &conn, kind).await,
                };
                self.update_idle();
                let saved = self.settle().await;
                if self.writes.moved {
                    // The room stopped here (its lease was taken over): its members reconnect
                    // and are answered where it runs now.
                    let _ = reply.send(None);
                    return;
                }
                let answer = match (done, saved) {
                    (Err(error), _) | (Ok(_), Err(error)) => {
                        let msg = error.to_msg(id);
                        conn.send(msg.clone());
                        Some(msg)
                    }
                    (Ok(Answer::Sync), Ok(())) => self.sync_member(player, id),
                    (Ok(Answer::Held(seat)), Ok(())) => {
                        if let (Some(Some(clock)), Some(id)) =
                            (self.clocks.get_mut(seat.index()), id)
                        {
                            clock.held = Some((conn.clone(), id));
                        }
                        None
                    }
                    (Ok(Answer::Ack), Ok(())) => id.map(|id| {
                        let ack = ServerMsg::Ack { id };
                        conn.send(ack.clone());
                        ack
                    }),
                };
                let _ = reply.send(answer);
            }
            RoomMsg::Attach { player, conn } => {
                self.attach(player, conn);
                self.update_idle();
                let _ = self.settle().await;
            }
            RoomMsg::Detach { player, conn } => {
                self.detach(player, conn);
                self.update_idle();
                let _ = self.settle().await;
            }
            RoomMsg::LeaseLost => self.lose_lease(),
            RoomMsg::HandOver(done) => {
                self.hand_over();
                let _ = done.send(());
            }
        }
    }

    /// Carries out a request. `Ok(Some(reply))`: a reply already sent to `conn`; `Ok(None)`:
    /// acknowledge it.
    async fn request(
        &mut self,
        player: PlayerId,
        name: String,
        conn: &ConnHandle,
        kind: RequestKind,
    ) -> Result<Answer, ServerError> {
        if let RequestKind::Join {
            seat,
            password,
            invite,
            spectate,
        } = kind
        {
            self.check_not_banned(player)?;
            let admitted = player == self.host && self.members.is_empty()
                || self.settings.admits(password.as_deref(), invite.as_deref());
            if !admitted {
                // To an outsider a private room that does not admit it does not exist.
                if self.settings.private {
                    return Err(crate::dispatch::no_such_room(&self.id));
                }
                refuse(ErrorCode::WrongPassword, "wrong password or invite code")?;
            }
            self.join(player, name, conn.clone(), seat, spectate)?;
            return Ok(Answer::Sync);
        }
        let Some(index) = self.members.iter().position(|m| m.player == player) else {
            return Err(ServerError::new(ErrorCode::NotInRoom, "not in this room"));
        };
        match kind {
            // Handled above; kept total without a panic.
            RequestKind::Join { .. } => refuse(ErrorCode::AlreadyInRoom, "already in this room")?,
            RequestKind::Leave => self.remove_member(index, LeaveReason::Left),
            RequestKind::TakeSeat(seat) => self.take_seat(index, seat)?,
            RequestKind::AddBot(seat) => self.add_bot(player, seat)?,
            RequestKind::RemoveBot(seat) => self.remove_bot(player, seat)?,
            RequestKind::Kick(target) => self.kick(player, target)?,
            RequestKind::Ban { target, minutes } => self.ban(player, target, minutes).await?,
            RequestKind::Mute { target, minutes } => self.mute(player, target, minutes)?,
            RequestKind::Start => {
                self.host_only(player)?;
                self.start().await?;
            }
            RequestKind::Rematch => {
                self.host_only(player)?;
                self.rematch().await?;
            }
            RequestKind::Chat(text) => self.chat(index, text).await?,
            RequestKind::Act {
                seat,
                action,
                prompt_id,
            } => {
                if self.act(index, seat, action, prompt_id).await? {
                    return Ok(Answer::Held(seat));
                }
            }
            RequestKind::Trusteeship(on) => self.set_trusteeship(index, on)?,
            RequestKind::Resync => return Ok(Answer::Sync),
        }
        Ok(Answer::Ack)
    }

    fn update_idle(&mut self) {
        let connected = self.members.iter().any(|m| m.conn.is_some());
        match (connected, self.idle_since) {
            (true, Some(_)) => {
                self.idle_since = None;
                self.persist();
            }
            (false, None) => {
                self.idle_since = Some(Instant::now());
                self.persist();
            }
            _ => {}
        }
    }

    /// How long the room lives with nobody connected: short without a running game.
    pub(crate) fn idle_limit(&self) -> std::time::Duration {
        let config = &self.shared.config;
        std::time::Duration::from_millis(if self.state == RoomState::Playing {
            config.room_idle_ms
        } else {
            config.empty_room_ms
        })
    }

    /// Everyone leaves (the room was idle too long, or the server is stopping).
    pub(crate) fn close(&mut self) {
        while !self.members.is_empty() {
            let last = self.members.len() - 1;
            self.remove_member(last, LeaveReason::Closed);
        }
        self.shared.lobby.remove(&self.id);
    }

    // ---- what members are told ---------------------------------------------------------

    pub(crate) fn info(&self, for_member: bool) -> RoomInfo {
        let seats = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, slot)| SeatInfo {
                seat: Seat(i as u8),
                occupant: match slot.holder {
                    Holder::Empty => Occupant::Empty,
                    Holder::Bot => Occupant::Bot,
                    Holder::Player(player) => {
                        let member = self.members.iter().find(|m| m.player == player);
                        Occupant::Player {
                            player,
                            name: member.map(|m| m.name.clone()).unwrap_or_default(),
                            connected: member.is_some_and(|m| m.conn.is_some()),
                        }
                    }
                },
                trusteeship: slot.trusteeship.is_some(),
                trusteeship_reason: slot.trusteeship,
            })
            .collect();
        RoomInfo {
            id: self.id.clone(),
            name: self.settings.name.clone(),
            state: self.state,
            host: self.host,
            seats,
            spectators: self
                .members
                .iter()
                .filter(|m| m.seat.is_none())
                .map(|m| MemberInfo {
                    player: m.player,
                    name: m.name.clone(),
                })
                .collect(),
            ruleset: self.settings.ruleset.clone(),
            decision_timeout_ms: self.settings.decision_timeout_ms,
            play_timeout_ms: self.settings.play_timeout_ms,
            private: self.settings.private,
            has_password: self.settings.password.is_some(),
            allow_spectators: self.settings.allow_spectators,
            fill_bots: self.settings.fill_bots,
            seats_by_lot: self.settings.seats_by_lot,
            bot_level: self.settings.bot_level,
            practice: self.settings.scenario.is_some(),
            invite: if for_member {
                self.settings.invite.clone()
            } else {
                None
            },
            games: self.games,
            paused: self.writes.stalled.is_some(),
            series: self.series.clone(),
        }
    }

    pub(crate) fn summary(&self) -> Option<RoomSummary> {
        let spectators = self.members.iter().filter(|m| m.seat.is_none()).count();
        crate::lobby::listing(
            &self.id,
            &self.settings,
            self.state,
            self.seats.iter().map(|s| s.holder),
            spectators,
        )
    }

    pub(crate) fn you(&self, member: &Member) -> You {
        You {
            player: member.player,
            seat: member.seat,
            host: member.player == self.host,
        }
    }

    /// Who sits where changed: the row is written, and then every member (but `except`, who
    /// gets a `sync` instead) is told, and the lobby gets the room's new summary
    /// (`durable.rs`: [`Room::settle`]).
    pub(crate) fn broadcast_room_state(&mut self, except: Option<PlayerId>) {
        self.writes.announce = true;
        if let Some(player) = except {
            self.writes.synced.push(player);
        }
        self.persist();
    }

    /// Is any seat held by a person? (Anti-timing-leak delays and `auto_pass` depend on it.)
    pub(crate) fn has_people(&self) -> bool {
        self.seats
            .iter()
            .any(|s| matches!(s.holder, Holder::Player(_)))
    }

    pub(crate) fn is_idle_expired(&self, now: Instant) -> bool {
        self.idle_since
            .is_some_and(|since| now >= since + self.idle_limit())
    }
}
