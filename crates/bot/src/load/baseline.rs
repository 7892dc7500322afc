//! The yardstick for `sgs-load`: a minimal tokio-tungstenite server that broadcasts to N, with
//! just enough of the protocol for the same load client — `hello`, `create_room`,
//! `join_room`, `start_game`, `rematch`, `act` — and nothing of the server's: no engine, no
//! store, no clocks, no per-seat views computed.
//!
//! What it sends is real: one random game per room size is played once with the engine at
//! start, and every step's `update` for every seat (that seat's events and pending prompt)
//! is serialized then. A step is an answer with the actions nobody could choose that follow it
//! (the prompts that can only be passed, which the real server answers itself and sends in the
//! same update). An `act` in a room sends the next step's updates to every member, then `ack`s;
//! after the last one, `game_over`. So the
//! message sizes, counts and shapes match a real game's, and what it costs is the stack itself:
//! sockets, WebSocket framing and one copy of each message per member.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use futures_util::{SinkExt, StreamExt};
use sgs_engine::{sim, Game, GameConfig, Prompt, Ruleset, Seat};
use sgs_protocol::{ClientMsg, PendingPrompt, RoomInfo, RoomState, ServerMsg, You};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

/// Messages queued for one connection (as the real server's default).
const QUEUE: usize = 256;

/// Actions at most in a recorded game.
const MAX_ACTIONS: usize = 5_000;

/// A serialized message, shared and handed to the socket without a copy (as the server does).
type Text = tokio_tungstenite::tungstenite::Utf8Bytes;

fn text(msg: &ServerMsg) -> Text {
    serde_json::to_string(msg).unwrap_or_default().into()
}

/// One recorded game for a room size: what each seat is sent at the start and after each
/// action.
pub struct Trace {
    /// Per seat: the opening events and first prompt.
    pub start: Vec<Text>,
    /// The first prompt answered can only be passed: the game goes on at once.
    pub start_auto: bool,
    pub steps: Vec<Step>,
    pub game_over: Text,
}

pub struct Step {
    /// Per seat.
    pub updates: Vec<Text>,
    /// The next action answers a prompt that can only be passed (the real server answers it
    /// itself): it follows at once.
    pub auto: bool,
}

impl Trace {
    /// Plays one random game of `seats` seats under `ruleset` and records what each seat
    /// would be sent.
    pub fn record(seats: u8, ruleset: Ruleset, seed: u64) -> Option<Trace> {
        let mut game = Game::new(GameConfig::new(seats, ruleset), seed).ok()?;
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
        // Each state's events, and the prompt answered next (the recorded game's actor).
        let mut states = vec![(game.take_events(), game.prompts().first().cloned())];
        while !game.is_over() && states.len() <= MAX_ACTIONS {
            let prompt = game.prompts().first()?.clone();
            let action = sim::random_action(&prompt, &mut rng);
            let events = game.act(prompt.seat, action).ok()?;
            states.push((events, game.prompts().first().cloned()));
        }
        // Every seat gets its share of the events; the next actor alone is asked, under a fresh
        // prompt id, so exactly one answer moves the game on (or none: a prompt that can only
        // be passed, which the baseline answers itself at once, as the server does).
        let messages = |n: usize, events: &sgs_engine::Events, next: &Option<Prompt>| {
            (0..seats)
                .map(|s| {
                    let seat = Seat(s);
                    let prompt = next
                        .as_ref()
                        .filter(|p| p.seat == seat)
                        .map(|p| PendingPrompt {
                            prompt_id: n as u64 + 1,
                            prompt: p.clone(),
                            remaining_ms: 15_000,
                            reach: None,
                        });
                    text(&ServerMsg::Update {
                        seq: 0,
                        events: events.for_viewer(Some(seat)),
                        clocks: Vec::new(),
                        prompt,
                    })
                })
                .collect::<Vec<_>>()
        };
        // No prompt at all: the game is over, and `game_over` follows at once.
        let passes_only = |next: &Option<Prompt>| {
            next.as_ref()
                .is_none_or(|p| !p.choices.has_option_besides_pass())
        };
        let (opening, first) = &states[0];
        let start = messages(0, opening, first);
        let start_auto = passes_only(first);
        // The real server sends an answer and the passes it takes along in one update: the
        // steps nobody could choose join the step before them.
        let mut steps = Vec::new();
        let mut chain = sgs_engine::Events::default();
        for (i, (events, next)) in states[1..].iter().enumerate() {
            chain.0.extend(events.0.iter().cloned());
            let auto = passes_only(next);
            if !auto || next.is_none() {
                steps.push(Step {
                    updates: messages(i + 1, &chain, next),
                    auto,
                });
                chain.0.clear();
            }
        }
        let game_over = text(&ServerMsg::GameOver {
            seq: 0,
            outcome: game.outcome()?.clone(),
            record: Some(Box::new(game.record())),
        });
        Some(Trace {
            start,
            start_auto,
            steps,
            game_over,
        })
    }
}

struct Room {
    members: Vec<mpsc::Sender<Text>>,
    trace: Option<Arc<Trace>>,
    step: usize,
}

/// The baseline server's state.
#[derive(Default)]
pub struct Baseline {
    rooms: Mutex<HashMap<String, Arc<Mutex<Room>>>>,
    traces: Mutex<HashMap<u8, Arc<Trace>>>,
    next: AtomicU64,
    ruleset: Option<Ruleset>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl Baseline {
    pub fn new(ruleset: Ruleset) -> Arc<Baseline> {
        Arc::new(Baseline {
            ruleset: Some(ruleset),
            ..Baseline::default()
        })
    }

    fn trace(&self, seats: u8) -> Option<Arc<Trace>> {
        let mut traces = lock(&self.traces);
        if let Some(trace) = traces.get(&seats) {
            return Some(trace.clone());
        }
        let ruleset = self.ruleset.clone().unwrap_or_else(Ruleset::standard);
        let trace = Arc::new(Trace::record(seats, ruleset, 1)?);
        traces.insert(seats, trace.clone());
        Some(trace)
    }

    /// Accepts on `listener` (loopback only) until the task is dropped.
    pub async fn serve(self: Arc<Self>, listener: TcpListener) {
        loop {
            let Ok((stream, peer)) = listener.accept().await else {
                continue;
            };
            if !peer.ip().is_loopback() {
                continue;
            }
            let _ = stream.set_nodelay(true);
            tokio::spawn(self.clone().connection(stream));
        }
    }

    async fn connection(self: Arc<Self>, stream: TcpStream) {
        let config = WebSocketConfig::default()
            .read_buffer_size(4 * 1024)
            .write_buffer_size(0)
            .max_write_buffer_size(256 * 1024);
        let Ok(ws) = tokio_tungstenite::accept_async_with_config(stream, Some(config)).await else {
            return;
        };
        let (mut sink, mut stream) = ws.split();
        let (tx, mut rx) = mpsc::channel::<Text>(QUEUE);
        let writer = tokio::spawn(async move {
            while let Some(text) = rx.recv().await {
                if sink.send(Message::Text(text)).await.is_err() {
                    break;
                }
            }
        });
        let player = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let mut seat: Option<(Arc<Mutex<Room>>, u8)> = None;
        while let Some(Ok(frame)) = stream.next().await {
            let Message::Text(frame) = frame else {
                continue;
            };
            let Ok(msg) = serde_json::from_str::<ClientMsg>(frame.as_str()) else {
                continue;
            };
            self.handle(msg, player, &tx, &mut seat);
        }
        drop(tx);
        let _ = writer.await;
    }

    fn handle(
        &self,
        msg: ClientMsg,
        player: u64,
        tx: &mpsc::Sender<Text>,
        seat: &mut Option<(Arc<Mutex<Room>>, u8)>,
    ) {
        let send = |msg: ServerMsg| {
            let _ = tx.try_send(text(&msg));
        };
        let id = msg.id();
        match msg {
            ClientMsg::Hello { .. } => send(ServerMsg::Welcome {
                player,
                name: format!("p{player}"),
                token: format!("t{player}"),
                protocol: sgs_protocol::PROTOCOL_VERSION,
                resumed: false,
                room: None,
                public_url: None,
            }),
            ClientMsg::CreateRoom { options, .. } => {
                let code = format!("b{player}");
                let room = Arc::new(Mutex::new(Room {
                    members: vec![tx.clone()],
                    trace: self.trace(options.seats),
                    step: 0,
                }));
                lock(&self.rooms).insert(code.clone(), room.clone());
                *seat = Some((room, 0));
                send(sync(id, &code, player, 0));
            }
            ClientMsg::JoinRoom { room: code, .. } => {
                let room = lock(&self.rooms).get(&code).cloned();
                let Some(room) = room else {
                    send(ServerMsg::error(
                        id,
                        sgs_protocol::ErrorCode::NoSuchRoom,
                        "no room",
                    ));
                    return;
                };
                let index = {
                    let mut members = lock(&room);
                    members.members.push(tx.clone());
                    members.members.len() as u8 - 1
                };
                *seat = Some((room, index));
                send(sync(id, &code, player, index));
            }
            ClientMsg::StartGame { .. } | ClientMsg::Rematch { .. } => {
                if let Some((room, _)) = seat {
                    let mut room = lock(room);
                    room.step = 0;
                    if let Some(trace) = room.trace.clone() {
                        broadcast(&room, &trace.start);
                        if trace.start_auto {
                            act(&mut room);
                        }
                    }
                }
                if let Some(id) = id {
                    send(ServerMsg::Ack { id });
                }
            }
            ClientMsg::Act { .. } => {
                if let Some((room, _)) = seat {
                    act(&mut lock(room));
                }
                if let Some(id) = id {
                    send(ServerMsg::Ack { id });
                }
            }
            _ => {
                if let Some(id) = id {
                    send(ServerMsg::Ack { id });
                }
            }
        }
    }
}

/// The next action's updates, then those nobody could choose, then `game_over` at the end.
fn act(room: &mut Room) {
    let Some(trace) = room.trace.clone() else {
        return;
    };
    while let Some(step) = trace.steps.get(room.step) {
        broadcast(room, &step.updates);
        room.step += 1;
        if !step.auto {
            return;
        }
    }
    for member in &room.members {
        let _ = member.try_send(trace.game_over.clone());
    }
    room.step = usize::MAX / 2; // over until a rematch
}

fn broadcast(room: &Room, per_seat: &[Text]) {
    for (member, text) in room.members.iter().zip(per_seat) {
        let _ = member.try_send(text.clone());
    }
}

fn sync(id: Option<u64>, code: &str, player: u64, seat: u8) -> ServerMsg {
    let options = sgs_protocol::RoomOptions::default();
    ServerMsg::Sync {
        id,
        seq: 0,
        room: RoomInfo {
            id: code.to_string(),
            name: code.to_string(),
            state: RoomState::Waiting,
            host: player,
            seats: Vec::new(),
            spectators: Vec::new(),
            ruleset: options.ruleset,
            decision_timeout_ms: 15_000,
            play_timeout_ms: 30_000,
            private: false,
            has_password: false,
            allow_spectators: true,
            fill_bots: false,
            seats_by_lot: false,
            bot_level: sgs_protocol::BotLevel::default(),
            practice: false,
            invite: None,
            games: 0,
            paused: false,
            series: None,
        },
        you: You {
            player,
            seat: Some(Seat(seat)),
            host: seat == 0,
        },
        view: None,
        clocks: Vec::new(),
        prompt: None,
    }
}

/// Binds `addr` (loopback only) and serves.
pub async fn bind(
    addr: SocketAddr,
    ruleset: Ruleset,
) -> std::io::Result<(SocketAddr, Arc<Baseline>)> {
    if !addr.ip().is_loopback() {
        return Err(std::io::Error::other(
            "the baseline listens on loopback only",
        ));
    }
    let listener = TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    let baseline = Baseline::new(ruleset);
    tokio::spawn(baseline.clone().serve(listener));
    Ok((local, baseline))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recorded_game_ends_and_offers_choices() {
        let ruleset = sgs_protocol::RoomOptions::default().ruleset;
        let trace = Trace::record(8, ruleset, 1).unwrap();
        assert_eq!(trace.start.len(), 8);
        assert!(trace.steps.len() > 20);
        // Every step but the last ends at a prompt with a choice: the passes went along.
        let (last, rest) = trace.steps.split_last().unwrap();
        assert!(rest.iter().all(|s| !s.auto));
        assert!(last.auto);
        assert!(trace.game_over.contains("game_over"));
    }
}
