//! One connection of the load: connect and say hello, create or join its room (the host starts
//! the game once every member sits, and asks for a rematch after each game), answer each new
//! prompt that offers a choice after its think time, time the answers, and — in a soak —
//! misbehave now and then and reconnect with its token.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sgs_protocol::{ClientMsg, PendingPrompt, RoomOptions, ServerMsg, PROTOCOL_VERSION};
use tokio::net::{TcpSocket, TcpStream};
use tokio::time::{sleep, sleep_until, timeout, Instant};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

use super::host::source_of;
use super::stats::Tally;
use super::{Pace, RoomShared, Run};

type Ws = WebSocketStream<TcpStream>;

/// How long any one step of setting up (connect, hello, join) may take.
const STEP: Duration = Duration::from_secs(30);

/// Reconnection attempts in a row before the member gives up.
const RETRIES: u32 = 20;

pub(super) struct Member {
    pub index: usize,
    pub room_index: usize,
    pub seat_index: usize,
    pub room: Arc<RoomShared>,
}

/// Why the main loop stopped.
enum Flow {
    /// The run is over (or the server shut down).
    Done,
    /// The socket is gone, or the member drops it: reconnect with the token.
    Reconnect,
}

/// A prompt to answer, and when.
struct Pending {
    prompt: PendingPrompt,
    at: Instant,
}

struct State {
    run: Arc<Run>,
    member: Member,
    tally: Tally,
    rng: ChaCha8Rng,
    token: Option<String>,
    next_id: u64,
    answered: u64,
    pending: Option<Pending>,
    /// `act` command ids in flight → when they were sent.
    acts: HashMap<u64, Instant>,
    /// The last `act` sent, until the next `update` arrives.
    update_wait: Option<Instant>,
    rematch_at: Option<Instant>,
    /// The room's id once known, when connections use the room's own socket
    /// (`LoadOptions::room_sockets`).
    room_socket: Option<String>,
}

pub(super) async fn run(run: Arc<Run>, member: Member) -> Tally {
    let seed = run.options.seed ^ (member.index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut state = State {
        run,
        member,
        tally: Tally::default(),
        rng: ChaCha8Rng::seed_from_u64(seed),
        token: None,
        next_id: 0,
        answered: 0,
        pending: None,
        acts: HashMap::new(),
        update_wait: None,
        rematch_at: None,
        room_socket: None,
    };
    if state.run.options.room_sockets && state.member.seat_index != 0 {
        // Joined on the room's own socket: wait until the host made the room.
        match state.room_code().await {
            Some(code) => state.room_socket = Some(code),
            None => {
                state.tally.count_error("join_failed");
                return state.tally;
            }
        }
    }
    let Some(mut ws) = state.connect().await else {
        state.tally.count_error("connect_failed");
        if state.member.seat_index == 0 {
            state.member.room.code.send_replace(Some(String::new()));
        }
        return state.tally;
    };
    if state.run.options.pace != Pace::Idle && !state.enter(&mut ws).await {
        state.tally.count_error("join_failed");
        return state.tally;
    }
    let mut failures = 0;
    loop {
        match state.play(&mut ws).await {
            Flow::Done => break,
            Flow::Reconnect => {
                let _ = ws.close(None).await;
                let pause = state.rng.gen_range(50..1_000);
                sleep(Duration::from_millis(pause)).await;
                if Instant::now() >= state.run.deadline {
                    break;
                }
                match state.connect().await {
                    Some(fresh) => {
                        ws = fresh;
                        failures = 0;
                        state.tally.reconnects += 1;
                    }
                    None => {
                        failures += 1;
                        state.tally.count_error("reconnect_failed");
                        if failures >= RETRIES {
                            state.member.room.lost.fetch_add(1, Ordering::Relaxed);
                            break;
                        }
                    }
                }
            }
        }
    }
    let _ = timeout(Duration::from_secs(2), ws.close(None)).await;
    state.tally
}

/// The room's own socket beside the lobby socket `url` (`ws://host/ws` → `ws://host/rooms/{room}/ws`).
fn room_url(url: &str, room: &str) -> String {
    let origin = url.strip_suffix("/ws").unwrap_or(url);
    format!("{origin}/rooms/{room}/ws")
}

impl State {
    /// The room's id, once the host made it (`None`: the host failed, or it took too long).
    async fn room_code(&self) -> Option<String> {
        let mut code = self.member.room.code.subscribe();
        let code = timeout(STEP * 4, code.wait_for(Option::is_some))
            .await
            .ok()?
            .ok()?
            .clone()
            .unwrap_or_default();
        (!code.is_empty()).then_some(code)
    }

    fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    fn think(&mut self) -> Duration {
        match self.run.options.pace {
            Pace::Max | Pace::Idle => Duration::ZERO,
            Pace::Human { median_ms } => {
                // Log-normal (σ = 0.6): half the answers within the median, one in four
                // slower than 1.5 times it.
                let z: f64 = (0..12).map(|_| self.rng.gen_range(0.0..1.0)).sum::<f64>() - 6.0;
                Duration::from_secs_f64(median_ms as f64 / 1_000.0 * (0.6 * z).exp())
            }
        }
    }

    async fn send(&mut self, ws: &mut Ws, msg: &ClientMsg) -> bool {
        let Ok(text) = serde_json::to_string(msg) else {
            return false;
        };
        self.tally.sent += 1;
        matches!(
            timeout(STEP, ws.send(Message::Text(text.into()))).await,
            Ok(Ok(()))
        )
    }

    /// Connects (from the room's own loopback address) and says hello, with the token after
    /// the first time. A reconnect must get its seat back.
    async fn connect(&mut self) -> Option<Ws> {
        let started = Instant::now();
        let target = self.run.target;
        let source = (self.run.options.spread_sources && target.is_ipv4())
            .then(|| source_of(self.member.room_index));
        let stream = timeout(STEP, tcp(target, source)).await.ok()??;
        let _ = stream.set_nodelay(true);
        let config = WebSocketConfig::default()
            .read_buffer_size(4 * 1024)
            .write_buffer_size(0)
            .max_write_buffer_size(1 << 20);
        let url = match &self.room_socket {
            Some(room) => room_url(&self.run.options.url, room),
            None => self.run.options.url.clone(),
        };
        let connected = tokio_tungstenite::client_async_with_config(url, stream, Some(config));
        let (mut ws, _) = timeout(STEP, connected).await.ok()?.ok()?;
        let hello = ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            token: self.token.clone(),
            name: Some(format!("load{}", self.member.index)),
        };
        let resuming = self.token.is_some();
        if !self.send(&mut ws, &hello).await {
            return None;
        }
        let welcome = self
            .recv_until(&mut ws, |m| matches!(m, ServerMsg::Welcome { .. }))
            .await?;
        if let ServerMsg::Welcome {
            token,
            resumed,
            room,
            ..
        } = welcome
        {
            if resuming && (!resumed || room.is_none()) {
                self.member.room.lost.fetch_add(1, Ordering::Relaxed);
                self.tally.count_error("seat_lost");
            }
            self.token = Some(token);
        }
        self.tally.connect_us.push(micros(started.elapsed()));
        // A fresh connection is asked afresh: answers in flight are void.
        self.acts.clear();
        self.update_wait = None;
        self.pending = None;
        self.answered = 0;
        Some(ws)
    }

    /// Reads until `want`, counting what passes; `None` on a closed socket or after `STEP`.
    async fn recv_until(
        &mut self,
        ws: &mut Ws,
        want: impl Fn(&ServerMsg) -> bool,
    ) -> Option<ServerMsg> {
        let deadline = Instant::now() + STEP;
        loop {
            let frame = timeout(
                deadline.saturating_duration_since(Instant::now()),
                ws.next(),
            );
            let Message::Text(text) = frame.await.ok()??.ok()? else {
                continue;
            };
            let msg: ServerMsg = serde_json::from_str(text.as_str()).ok()?;
            if let ServerMsg::Error { code, .. } = &msg {
                self.tally.count_error(&code_name(code));
            }
            if want(&msg) {
                return Some(msg);
            }
        }
    }

    /// The host creates the room and starts the game once every member sits; the others
    /// join it.
    async fn enter(&mut self, ws: &mut Ws) -> bool {
        let room = self.member.room.clone();
        let id = self.next_id();
        if self.member.seat_index == 0 {
            let options = RoomOptions {
                name: format!("load {}", self.member.room_index),
                seats: room.size as u8,
                ruleset: self.run.options.ruleset.clone(),
                ..RoomOptions::default()
            };
            let create = ClientMsg::CreateRoom {
                id: Some(id),
                options: Box::new(options),
            };
            let answer = if self.send(ws, &create).await {
                self.recv_until(ws, |m| answer_to(m, id)).await
            } else {
                None
            };
            let Some(ServerMsg::Sync { room: info, .. }) = answer else {
                room.code.send_replace(Some(String::new()));
                return false;
            };
            if self.run.options.room_sockets {
                self.room_socket = Some(info.id.clone());
            }
            room.code.send_replace(Some(info.id));
            if room.size > 1 {
                let all = room.all_joined.notified();
                if timeout(STEP * 4, all).await.is_err() {
                    return false;
                }
            }
            let start = ClientMsg::StartGame {
                id: Some(self.next_id()),
            };
            return self.send(ws, &start).await;
        }
        let Some(code) = self.room_code().await else {
            return false;
        };
        let join = ClientMsg::JoinRoom {
            id: Some(id),
            room: code,
            seat: None,
            password: None,
            invite: None,
        };
        if !self.send(ws, &join).await {
            return false;
        }
        let joined = self.recv_until(ws, |m| answer_to(m, id)).await;
        if !matches!(joined, Some(ServerMsg::Sync { .. })) {
            return false;
        }
        if room.joined.fetch_add(1, Ordering::AcqRel) + 2 == room.size {
            room.all_joined.notify_one();
        }
        true
    }

    /// Plays until the run ends or the connection must be made again.
    async fn play(&mut self, ws: &mut Ws) -> Flow {
        let run = self.run.clone();
        let mut storm = self.member.room.storm.subscribe();
        let soak = run.options.soak;
        let mut chaos = Instant::now() + Duration::from_secs(1);
        loop {
            let answer_at = self.pending.as_ref().map(|p| p.at);
            let far = run.deadline + Duration::from_secs(3_600);
            tokio::select! {
                biased;
                () = sleep_until(run.deadline) => return Flow::Done,
                changed = storm.changed() => {
                    if changed.is_ok() {
                        return Flow::Reconnect;
                    }
                }
                () = sleep_until(answer_at.unwrap_or(far)), if answer_at.is_some() => {
                    if !self.answer(ws).await {
                        return Flow::Reconnect;
                    }
                }
                () = sleep_until(self.rematch_at.unwrap_or(far)), if self.rematch_at.is_some() => {
                    self.rematch_at = None;
                    let rematch = ClientMsg::Rematch { id: Some(self.next_id()) };
                    if !self.send(ws, &rematch).await {
                        return Flow::Reconnect;
                    }
                }
                () = sleep_until(chaos), if soak.is_some() => {
                    chaos = Instant::now() + Duration::from_secs(1);
                    if let Some(flow) = self.misbehave(ws).await {
                        return flow;
                    }
                }
                frame = ws.next() => match frame {
                    Some(Ok(Message::Text(text))) => {
                        if let Some(flow) = self.on_text(text.as_str()) {
                            return flow;
                        }
                    }
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return Flow::Reconnect,
                    Some(Ok(_)) => {}
                },
            }
        }
    }

    /// Sends the answer to the pending prompt: a random legal action.
    async fn answer(&mut self, ws: &mut Ws) -> bool {
        let Some(pending) = self.pending.take() else {
            return true;
        };
        let prompt = pending.prompt;
        self.answered = prompt.prompt_id;
        let action = sgs_engine::sim::random_action(&prompt.prompt, &mut self.rng);
        let id = self.next_id();
        let now = Instant::now();
        self.acts.insert(id, now);
        self.update_wait = Some(now);
        let act = ClientMsg::Act {
            id: Some(id),
            seat: prompt.prompt.seat,
            action,
            prompt_id: Some(prompt.prompt_id),
        };
        self.tally.acts += u64::from(self.run.measuring(now));
        self.send(ws, &act).await
    }

    /// A new prompt that offers a choice is answered after a think time; an unchanged one
    /// keeps its time; prompts that can only be passed are the server's to answer.
    fn offer(&mut self, prompt: Option<PendingPrompt>) {
        let Some(prompt) = prompt else {
            self.pending = None;
            return;
        };
        if self
            .pending
            .as_ref()
            .is_some_and(|p| p.prompt.prompt_id == prompt.prompt_id)
        {
            return;
        }
        if prompt.prompt_id == self.answered || !prompt.prompt.choices.has_option_besides_pass() {
            self.pending = None;
            return;
        }
        let at = Instant::now() + self.think();
        self.pending = Some(Pending { prompt, at });
    }

    fn on_text(&mut self, text: &str) -> Option<Flow> {
        let now = Instant::now();
        let measuring = self.run.measuring(now);
        if measuring {
            self.tally.received += 1;
            self.tally.bytes += text.len() as u64;
        }
        let Ok(msg) = serde_json::from_str::<ServerMsg>(text) else {
            self.tally.count_error("unparsable");
            return None;
        };
        let counted = |sent: Instant| self.run.measuring(sent);
        match msg {
            ServerMsg::Update { prompt, .. } => {
                let room = &self.member.room;
                room.progress_ms
                    .store(self.run.ms_since_start(), Ordering::Relaxed);
                if let Some(sent) = self.update_wait.take().filter(|s| counted(*s)) {
                    self.tally.update_us.push(micros(now - sent));
                }
                self.offer(prompt);
            }
            ServerMsg::Sync { prompt, .. } => {
                let room = &self.member.room;
                room.progress_ms
                    .store(self.run.ms_since_start(), Ordering::Relaxed);
                self.pending = None;
                self.offer(prompt);
            }
            ServerMsg::Ack { id } => {
                if let Some(sent) = self.acts.remove(&id).filter(|s| counted(*s)) {
                    self.tally.ack_us.push(micros(now - sent));
                }
            }
            ServerMsg::Error { id, code, .. } => {
                self.tally.count_error(&code_name(&code));
                if let Some(id) = id {
                    self.acts.remove(&id);
                }
            }
            ServerMsg::GameOver { .. } => {
                self.pending = None;
                if self.member.seat_index == 0 {
                    self.member.room.games.fetch_add(1, Ordering::Relaxed);
                    self.rematch_at = Some(now + self.think());
                }
            }
            ServerMsg::LeftRoom { .. } => {
                self.member.room.lost.fetch_add(1, Ordering::Relaxed);
                self.tally.count_error("left_room");
                return Some(Flow::Done);
            }
            ServerMsg::Shutdown { .. } => return Some(Flow::Done),
            _ => {}
        }
        None
    }

    /// In a soak, once a second: perhaps drop the socket, start a storm (the host), send a
    /// malformed frame, or stop reading for a while.
    async fn misbehave(&mut self, ws: &mut Ws) -> Option<Flow> {
        let soak = self.run.options.soak?;
        if self.member.seat_index == 0 && self.rng.gen_bool(soak.storm.clamp(0.0, 1.0)) {
            self.tally.storms += 1;
            self.member.room.storm.send_modify(|n| *n += 1);
            return None; // everyone, the host included, sees the storm
        }
        if self.rng.gen_bool(soak.disconnect.clamp(0.0, 1.0)) {
            self.tally.disconnects += 1;
            return Some(Flow::Reconnect);
        }
        if self.rng.gen_bool(soak.malformed.clamp(0.0, 1.0)) {
            self.tally.malformed += 1;
            let frame = match self.rng.gen_range(0..5) {
                0 => Message::Text("{\"type\": \"act\", oops".into()),
                1 => Message::Text("{\"type\":\"fly\",\"id\":1}".into()),
                2 => Message::Text("{\"type\":\"take_seat\",\"seat\":\"x\"}".into()),
                3 => Message::Binary(vec![0u8, 1, 2, 3].into()),
                _ => Message::Text(
                    format!("{{\"type\":\"chat\",\"text\":\"{}\"}}", "x".repeat(20_000)).into(),
                ),
            };
            if timeout(STEP, ws.send(frame))
                .await
                .map_or(true, |r| r.is_err())
            {
                return Some(Flow::Reconnect);
            }
        }
        if self.rng.gen_bool(soak.slow_reader.clamp(0.0, 1.0)) {
            self.tally.slow_reads += 1;
            let pause = Duration::from_secs(self.rng.gen_range(5..=40));
            let until = (Instant::now() + pause).min(self.run.deadline);
            sleep_until(until).await;
            // Whatever was missed comes again with the next prompt (or after a reconnect).
            self.pending = None;
        }
        None
    }
}

async fn tcp(target: SocketAddr, source: Option<std::net::IpAddr>) -> Option<TcpStream> {
    let socket = if target.is_ipv4() {
        TcpSocket::new_v4()
    } else {
        TcpSocket::new_v6()
    }
    .ok()?;
    if let Some(source) = source {
        socket.bind(SocketAddr::new(source, 0)).ok()?;
    }
    socket.connect(target).await.ok()
}

fn answer_to(msg: &ServerMsg, id: u64) -> bool {
    match msg {
        ServerMsg::Sync { id: Some(got), .. } | ServerMsg::Error { id: Some(got), .. } => {
            *got == id
        }
        ServerMsg::Ack { id: got } => *got == id,
        _ => false,
    }
}

fn code_name(code: &sgs_protocol::ErrorCode) -> String {
    match serde_json::to_value(code) {
        Ok(serde_json::Value::String(name)) => name,
        _ => "unknown".into(),
    }
}

fn micros(elapsed: Duration) -> u32 {
    u32::try_from(elapsed.as_micros()).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::room_url;

    #[test]
    fn the_room_socket_sits_beside_the_lobby_socket() {
        assert_eq!(
            room_url("ws://127.0.0.1:8080/ws", "n2-x4kq9m"),
            "ws://127.0.0.1:8080/rooms/n2-x4kq9m/ws"
        );
    }
}
