//! A headless bot that plays over the WebSocket protocol like any other client (feature
//! `client`, binary `sgs-bot`).
//!
//! [`run`] connects, says `hello`, keeps the session token from `welcome`, joins (or creates)
//! a room and answers its seat's prompts with an [`Agent`]: every `sync` gives a fresh [`View`]
//! (a [`Tracker`] keeps it current from the `update`s that follow), every `update` feeds the
//! agent the seat's events, and each new prompt is answered with `act` naming its `prompt_id`.
//!
//! - **Reconnecting.** When the connection drops it reconnects with `hello {token}` after a
//!   backoff (doubling, capped), at most [`Options::max_retries`] times in a row; the server
//!   resumes the session and its seat with a `sync`. The agent keeps its memory.
//! - **Games.** It stays for rematches (a new game comes as a `sync` with a higher
//!   `room.games`: a fresh agent). As host (`start`) it starts the game once every seat is taken
//!   and asks for a rematch after each game. After [`Options::games`] games it leaves.
//! - **Ending.** The room closing, a kick, a server shutdown or `games` reached end it cleanly
//!   ([`Ending`]); errors are [`ClientError`]s (bad URL, version mismatch, join refused,
//!   connection lost for good).
//! - **Pacing.** It never sends faster than [`Options::rate_per_sec`] (the server closes
//!   connections that flood), and answers races (`stale_prompt`, `not_your_turn`) are normal.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use sgs_engine::view::Waiting;
use sgs_engine::{Action, Outcome, Prompt, Seat};
use sgs_protocol::{
    ClientMsg, ErrorCode, LeaveReason, Occupant, PendingPrompt, RoomInfo, RoomOptions, RoomState,
    ServerMsg, PROTOCOL_VERSION,
};
use tokio::net::TcpStream;
use tokio::time::{sleep, timeout, Instant};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::agent::{Agent, AgentKind, RandomAgent};
use crate::heuristic::HeuristicAgent;
use crate::tracker::{opening_events, Tracker};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Which room to play in.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    /// Join room `room` (in `seat`, or the first empty one).
    Join {
        room: String,
        seat: Option<Seat>,
        password: Option<String>,
    },
    /// Create a room (and host it, in seat 0).
    Create(RoomOptions),
}

/// How a bot runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// `ws://host:port/ws`.
    pub url: String,
    pub target: Target,
    /// Display name.
    pub name: String,
    pub agent: AgentKind,
    /// Seeds the random agent.
    pub seed: u64,
    /// Leave after this many games (`None`: stay until the room closes).
    pub games: Option<u32>,
    /// As host: start the game once every seat is taken, and ask for a rematch after each game.
    pub start: bool,
    /// Reconnection attempts in a row before giving up.
    pub max_retries: u32,
    /// The first reconnection delay; it doubles up to [`MAX_BACKOFF`].
    pub backoff: Duration,
    /// Messages per second at most (the server's default budget is 20/s, bursts of 40).
    pub rate_per_sec: f64,
    /// Print what happens to stderr.
    pub verbose: bool,
}

impl Options {
    /// Defaults for joining `room` at `url` as `name` with `agent`.
    pub fn join(url: &str, room: &str, name: &str, agent: AgentKind) -> Options {
        Options {
            url: url.to_string(),
            target: Target::Join {
                room: room.to_string(),
                seat: None,
                password: None,
            },
            name: name.to_string(),
            agent,
            seed: 0,
            games: None,
            start: false,
            max_retries: 10,
            backoff: Duration::from_millis(250),
            rate_per_sec: 15.0,
            verbose: false,
        }
    }
}

/// The longest wait between reconnection attempts.
pub const MAX_BACKOFF: Duration = Duration::from_secs(8);

/// How long to wait for `welcome` and for the answer to joining.
const ANSWER_WAIT: Duration = Duration::from_secs(10);

/// After this much silence the bot pings; after twice this, the connection counts as dropped.
const SILENCE: Duration = Duration::from_secs(15);

/// Why a bot stopped, cleanly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The room closed (everyone left, idle, or it no longer exists after a reconnect).
    RoomClosed,
    /// The host removed the bot.
    Kicked,
    /// It played the games it was asked to and left.
    GamesPlayed,
    /// The server is shutting down.
    Shutdown,
}

/// What a bot did.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub ending: Ending,
    /// The room it played in.
    pub room: Option<String>,
    /// Its seat in the last game.
    pub seat: Option<Seat>,
    /// Each finished game's outcome.
    pub outcomes: Vec<Outcome>,
    /// `act`s sent.
    pub acted: u64,
    /// Connections opened after the first.
    pub reconnects: u32,
}

/// Why a bot failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientError {
    /// The URL cannot be used.
    BadUrl(String),
    /// The first connection failed.
    Connect(String),
    /// The server speaks another protocol version.
    VersionMismatch(String),
    /// The server refused to seat the bot (no such room, wrong password, room full …).
    Refused { code: ErrorCode, message: String },
    /// The server did something the protocol does not allow.
    Protocol(String),
    /// The connection dropped and reconnecting failed `attempts` times.
    Lost { attempts: u32, last: String },
}

impl std::fmt::Display for ClientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClientError::BadUrl(why) => write!(f, "bad URL: {why}"),
            ClientError::Connect(why) => write!(f, "cannot connect: {why}"),
            ClientError::VersionMismatch(why) => write!(
                f,
                "protocol version mismatch (this bot speaks {PROTOCOL_VERSION}): {why}"
            ),
            ClientError::Refused { code, message } => {
                let code = serde_json::to_value(code).unwrap_or_default();
                write!(
                    f,
                    "the server refused: {message} ({})",
                    code.as_str().unwrap_or("?")
                )
            }
            ClientError::Protocol(why) => write!(f, "protocol error: {why}"),
            ClientError::Lost { attempts, last } => {
                write!(
                    f,
                    "connection lost; {attempts} reconnection attempts failed (last: {last})"
                )
            }
        }
    }
}

impl std::error::Error for ClientError {}

/// Checks that `url` is a `ws://` URL this build can connect to.
pub fn check_url(url: &str) -> Result<(), ClientError> {
    let request = url
        .into_client_request()
        .map_err(|e| ClientError::BadUrl(format!("{url:?}: {e}")))?;
    match request.uri().scheme_str() {
        Some("ws") => Ok(()),
        Some("wss") => Err(ClientError::BadUrl(format!(
            "{url:?}: wss:// is not supported by this build (no TLS); connect to the server \
             directly with ws://"
        ))),
        _ => Err(ClientError::BadUrl(format!(
            "{url:?}: expected ws://host:port/ws"
        ))),
    }
}

/// Plays until the room closes, the bot is kicked, `games` are played or the server stops.
pub async fn run(options: Options) -> Result<Report, ClientError> {
    run_with(options, |_| {}).await
}

/// [`run`], calling `on_room` with the room's code once the bot is in it (the code of a room it
/// created is known only then).
pub async fn run_with(
    options: Options,
    on_room: impl FnMut(&str) + Send + 'static,
) -> Result<Report, ClientError> {
    check_url(&options.url)?;
    let mut bot = Bot::new(options);
    bot.on_room = Some(Box::new(on_room));
    let mut failures = 0u32;
    let mut last: String;
    loop {
        match tokio_tungstenite::connect_async(bot.options.url.as_str()).await {
            Ok((socket, _)) => {
                if bot.connected_once {
                    bot.report.reconnects += 1;
                }
                match bot.session(socket).await {
                    Ok(ending) => {
                        bot.report.ending = ending;
                        bot.log(&format!("done: {ending:?}"));
                        return Ok(bot.report);
                    }
                    Err(Stop::Fatal(error)) => return Err(error),
                    Err(Stop::Dropped(why)) => {
                        bot.log(&format!("connection dropped: {why}"));
                        if bot.welcomed {
                            failures = 0;
                        }
                        last = why;
                    }
                }
            }
            Err(error) if !bot.connected_once => {
                return Err(ClientError::Connect(format!(
                    "{}: {error}",
                    bot.options.url
                )));
            }
            Err(error) => last = error.to_string(),
        }
        bot.welcomed = false;
        failures += 1;
        if failures > bot.options.max_retries {
            return Err(ClientError::Lost {
                attempts: failures - 1,
                last,
            });
        }
        let wait = bot
            .options
            .backoff
            .saturating_mul(1 << (failures - 1).min(16))
            .min(MAX_BACKOFF);
        bot.log(&format!("reconnecting in {wait:?} (attempt {failures})"));
        sleep(wait).await;
    }
}

/// Why a connection's session ended without an [`Ending`].
enum Stop {
    /// Give up: report this error.
    Fatal(ClientError),
    /// The connection dropped: reconnect.
    Dropped(String),
}

/// Told the room's code (see [`run_with`]).
type OnRoom = Box<dyn FnMut(&str) + Send>;

/// What came while waiting for a command's answer.
enum Answered {
    /// The answer.
    Msg(Box<ServerMsg>),
    /// Something else that ended the bot (a kick, the room closing, a shutdown).
    Ended(Ending),
}

/// The bot's state across connections.
struct Bot {
    options: Options,
    report: Report,
    token: Option<String>,
    connected_once: bool,
    /// `welcome` arrived on the current connection.
    welcomed: bool,
    /// The room it sits in (once joined).
    room: Option<String>,
    seat: Option<Seat>,
    /// `room.games` of the game the agent plays.
    game: u32,
    agent: Option<Box<dyn Agent + Send>>,
    tracker: Option<Tracker>,
    /// The prompt of the seat now pending, with its id.
    pending: Option<(u64, Prompt)>,
    /// The last prompt id answered.
    answered: u64,
    /// `act` command ids → the prompt they answered, for falling back on a refusal.
    acts: Vec<(u64, u64)>,
    next_id: u64,
    /// The host sent `start_game` / `rematch` for this many games already.
    started: u32,
    /// The last prompt answered with its default after the engine refused the agent's answer.
    fell_back: u64,
    /// Told the room's code when the bot first enters it.
    on_room: Option<OnRoom>,
    pace: Pace,
}

/// A token bucket on what the bot sends.
struct Pace {
    per_sec: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl Pace {
    fn new(per_sec: f64) -> Pace {
        let per_sec = per_sec.max(0.1);
        let burst = (per_sec * 2.0).max(1.0);
        Pace {
            per_sec,
            burst,
            tokens: burst,
            last: Instant::now(),
        }
    }

    /// Waits until one more message may go.
    async fn wait(&mut self) {
        let now = Instant::now();
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens = (self.tokens + elapsed * self.per_sec).min(self.burst);
        self.last = now;
        if self.tokens < 1.0 {
            let wait = (1.0 - self.tokens) / self.per_sec;
            sleep(Duration::from_secs_f64(wait)).await;
            self.tokens = 1.0;
            self.last = Instant::now();
        }
        self.tokens -= 1.0;
    }
}

fn make_agent(kind: AgentKind, seat: Seat, seed: u64) -> Box<dyn Agent + Send> {
    match kind {
        AgentKind::Random => Box::new(RandomAgent::new(seed ^ u64::from(seat.0))),
        AgentKind::Heuristic => Box::new(HeuristicAgent::new(seat)),
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
    fn new(options: Options) -> Bot {
        Bot {
            pace: Pace::new(options.rate_per_sec),
            options,
            report: Report {
                ending: Ending::RoomClosed,
                room: None,
                seat: None,
                outcomes: Vec::new(),
                acted: 0,
                reconnects: 0,
            },
            token: None,
            connected_once: false,
            welcomed: false,
            room: None,
            seat: None,
            game: 0,
            agent: None,
            tracker: None,
            pending: None,
            answered: 0,
            acts: Vec::new(),
            next_id: 0,
            started: 0,
            fell_back: 0,
            on_room: None,
        }
    }

    fn log(&self, line: &str) {
        if self.options.verbose {
            eprintln!("[sgs-bot {}] {line}", self.options.name);
        }
    }

    fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    async fn send(&mut self, socket: &mut Socket, msg: &ClientMsg) -> Result<(), Stop> {
        self.pace.wait().await;
        let text = serde_json::to_string(msg).map_err(|e| Stop::Dropped(e.to_string()))?;
        socket
            .send(Message::Text(text.into()))
            .await
            .map_err(|e| Stop::Dropped(e.to_string()))
    }

    /// The next server message; `Err` when the connection ends. Pings after [`SILENCE`].
    async fn recv(&mut self, socket: &mut Socket) -> Result<ServerMsg, Stop> {
        let mut pinged = false;
        loop {
            let frame = match timeout(SILENCE, socket.next()).await {
                Ok(frame) => frame,
                Err(_) if !pinged => {
                    pinged = true;
                    let id = self.next_id();
                    self.send(socket, &ClientMsg::Ping { id: Some(id) }).await?;
                    continue;
                }
                Err(_) => return Err(Stop::Dropped("the server went silent".into())),
            };
            match frame {
                Some(Ok(Message::Text(text))) => {
                    return serde_json::from_str(text.as_str()).map_err(|e| {
                        Stop::Fatal(ClientError::Protocol(format!("bad message {text}: {e}")))
                    });
                }
                Some(Ok(Message::Close(frame))) => {
                    let code = frame.as_ref().map(|f| f.code);
                    let reason = frame.map(|f| f.reason.to_string()).unwrap_or_default();
                    return Err(match code {
                        Some(CloseCode::Library(4001)) => Stop::Fatal(ClientError::Protocol(
                            "another connection took over this session".into(),
                        )),
                        Some(CloseCode::Protocol) => Stop::Fatal(ClientError::Protocol(format!(
                            "closed by the server: {reason}"
                        ))),
                        _ => Stop::Dropped(format!("closed ({code:?}) {reason}")),
                    });
                }
                Some(Ok(_)) => continue,
                Some(Err(error)) => return Err(Stop::Dropped(error.to_string())),
                None => return Err(Stop::Dropped("the connection ended".into())),
            }
        }
    }

    /// Waits for the answer to command `id` (other messages are handled on the way).
    async fn answer(&mut self, socket: &mut Socket, id: u64) -> Result<Answered, Stop> {
        let deadline = Instant::now() + ANSWER_WAIT;
        loop {
            let msg = match timeout(
                deadline.saturating_duration_since(Instant::now()),
                self.recv(socket),
            )
            .await
            {
                Ok(msg) => msg?,
                Err(_) => return Err(Stop::Dropped("no answer from the server".into())),
            };
            let answers = match &msg {
                ServerMsg::Sync { id: Some(i), .. } | ServerMsg::Error { id: Some(i), .. } => {
                    *i == id
                }
                ServerMsg::Ack { id: i } => *i == id,
                _ => false,
            };
            if answers {
                return Ok(Answered::Msg(Box::new(msg)));
            }
            if let Some(ending) = self.handle(socket, msg).await? {
                return Ok(Answered::Ended(ending));
            }
        }
    }

    /// One connection: hello, (re)join, play.
    async fn session(&mut self, mut socket: Socket) -> Result<Ending, Stop> {
        self.connected_once = true;
        let hello = ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            token: self.token.clone(),
            name: Some(self.options.name.clone()),
        };
        self.send(&mut socket, &hello).await?;
        let welcome = match timeout(ANSWER_WAIT, self.recv(&mut socket)).await {
            Ok(msg) => msg?,
            Err(_) => return Err(Stop::Dropped("no welcome".into())),
        };
        let resumed_room = match welcome {
            ServerMsg::Welcome {
                token,
                resumed,
                room,
                player,
                ..
            } => {
                self.welcomed = true;
                self.token = Some(token);
                self.log(&format!("welcome: player {player}, resumed {resumed}"));
                room
            }
            ServerMsg::Error {
                code: ErrorCode::VersionMismatch,
                message,
                ..
            } => return Err(Stop::Fatal(ClientError::VersionMismatch(message))),
            ServerMsg::Error { code, message, .. } => {
                return Err(Stop::Fatal(ClientError::Refused { code, message }))
            }
            other => {
                return Err(Stop::Fatal(ClientError::Protocol(format!(
                    "expected welcome, got {other:?}"
                ))))
            }
        };
        if resumed_room.is_none() {
            if let Some(ending) = self.enter(&mut socket).await? {
                let _ = socket.close(None).await;
                return Ok(ending);
            }
        }
        loop {
            let msg = self.recv(&mut socket).await?;
            if let Some(ending) = self.handle(&mut socket, msg).await? {
                let _ = socket.close(None).await;
                return Ok(ending);
            }
        }
    }

    /// Joins (or creates) the room. A room that was joined before and is gone now ends the bot.
    async fn enter(&mut self, socket: &mut Socket) -> Result<Option<Ending>, Stop> {
        let id = self.next_id();
        let rejoin = self.room.clone();
        let msg = match (&rejoin, &self.options.target) {
            (Some(room), Target::Join { seat, password, .. }) => ClientMsg::JoinRoom {
                id: Some(id),
                room: room.clone(),
                seat: *seat,
                password: password.clone(),
                invite: None,
            },
            (Some(room), Target::Create(_)) => ClientMsg::JoinRoom {
                id: Some(id),
                room: room.clone(),
                seat: None,
                password: None,
                invite: None,
            },
            (
                None,
                Target::Join {
                    room,
                    seat,
                    password,
                },
            ) => ClientMsg::JoinRoom {
                id: Some(id),
                room: room.clone(),
                seat: *seat,
                password: password.clone(),
                invite: None,
            },
            (None, Target::Create(options)) => ClientMsg::CreateRoom {
                id: Some(id),
                options: options.clone(),
            },
        };
        self.send(socket, &msg).await?;
        let answer = match self.answer(socket, id).await? {
            Answered::Msg(msg) => *msg,
            Answered::Ended(ending) => return Ok(Some(ending)),
        };
        match answer {
            sync @ ServerMsg::Sync { .. } => self.handle(socket, sync).await,
            ServerMsg::Error { code, message, .. } => {
                if rejoin.is_some() && code == ErrorCode::NoSuchRoom {
                    self.log("the room is gone");
                    return Ok(Some(Ending::RoomClosed));
                }
                Err(Stop::Fatal(ClientError::Refused { code, message }))
            }
            other => Err(Stop::Fatal(ClientError::Protocol(format!(
                "unexpected answer {other:?}"
            )))),
        }
    }

    /// Handles one server message; `Some` when the bot is done.
    async fn handle(
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
                            let mut agent = make_agent(self.options.agent, seat, self.options.seed);
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
                }
                self.pending = prompt;
                self.act(socket).await?;
            }
            ServerMsg::GameOver { outcome, .. } => {
                self.log(&format!("game over: {:?}", outcome.winner));
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
            | ServerMsg::Chat { .. } => {}
        }
        Ok(None)
    }

    /// Leaves the room and waits (briefly) for the server to confirm.
    async fn leave(&mut self, socket: &mut Socket) -> Result<(), Stop> {
        let id = self.next_id();
        self.send(socket, &ClientMsg::LeaveRoom { id: Some(id) })
            .await?;
        let confirmed = async {
            loop {
                if let ServerMsg::LeftRoom { .. } = self.recv(socket).await? {
                    return Ok::<(), Stop>(());
                }
            }
        };
        match timeout(ANSWER_WAIT, confirmed).await {
            Ok(result) => result,
            Err(_) => Ok(()),
        }
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
