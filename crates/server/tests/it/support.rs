//! Test support: start a server, connect clients, send commands, read answers, and a client
//! that plays its seat with random legal actions.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use sgs_engine::{sim, Role, Scenario, ScenarioSeat, Seat};
use sgs_protocol::{ClientMsg, ErrorCode, PendingPrompt, RoomOptions, ServerMsg, PROTOCOL_VERSION};
use sgs_server::config::Config;
use sgs_server::storage::{GameStatus, SqliteStorage, Storage, SyncMode};
use sgs_server::trustee::Heuristic;
use sgs_server::AppState;
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for any one message.
pub const WAIT: Duration = Duration::from_secs(10);

/// A server configuration for tests: no anti-leak delay, short timeouts allowed. (`Server::start`
/// gives every test server its own SQLite store in a temporary directory.)
pub fn config() -> Config {
    Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        decision_timeout_ms: 20_000,
        play_timeout_ms: 20_000,
        min_timeout_ms: 10,
        pass_delay_min_ms: 0,
        pass_delay_max_ms: 0,
        disconnect_grace_ms: 20_000,
        rate_per_sec: 1_000.0,
        rate_burst: 1_000.0,
        shutdown_grace_ms: 2_000,
        ..Config::default()
    }
}

pub struct Server {
    pub addr: SocketAddr,
    pub state: AppState,
    /// The store's directory, if the server made it (removed when the server is dropped).
    pub data: Option<tempfile::TempDir>,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<std::io::Result<()>>>,
}

impl Server {
    pub async fn start(config: Config) -> Server {
        let data = tempfile::tempdir().unwrap();
        let storage = SqliteStorage::open(data.path(), SyncMode::Full).unwrap();
        let state = AppState::with_parts(config, Box::new(storage), Box::new(Heuristic));
        let mut server = Server::serve_state(state).await;
        server.data = Some(data);
        server
    }

    /// Serves `state` on 127.0.0.1:0.
    pub async fn serve_state(state: AppState) -> Server {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(sgs_server::serve(listener, state.clone(), async move {
            let _ = stopped.await;
        }));
        Server {
            addr,
            state,
            data: None,
            stop: Some(stop),
            task: Some(task),
        }
    }

    /// Triggers the graceful shutdown, waits for the server to finish, and checks that every
    /// game finished on it replays from its stored record to the same hash and result. Returns
    /// how many finished games were checked.
    pub async fn stop(mut self) -> usize {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            timeout(WAIT, task).await.unwrap().unwrap().unwrap();
        }
        verify_replays(self.state.shared.storage.as_ref())
    }

    pub async fn client(&self, name: &str) -> Client {
        let mut client = Client::connect(self.addr).await;
        client.hello(name, None).await;
        client
    }
}

pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub player: u64,
    pub token: String,
    next_id: u64,
    /// Every message received, in order.
    pub received: Vec<ServerMsg>,
    /// Messages received while waiting for something else, not yet looked at.
    inbox: std::collections::VecDeque<ServerMsg>,
    /// The close frame received, if any.
    pub closed: Option<(CloseCode, String)>,
}

/// The command id an answer names.
pub fn answer_id(msg: &ServerMsg) -> Option<u64> {
    match msg {
        ServerMsg::Error { id, .. }
        | ServerMsg::Pong { id }
        | ServerMsg::Catalog { id, .. }
        | ServerMsg::RoomList { id, .. }
        | ServerMsg::Sync { id, .. } => *id,
        ServerMsg::Ack { id } => Some(*id),
        _ => None,
    }
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        Client::try_connect(addr).await.expect("cannot connect")
    }

    /// Connects, or `None` if nothing answers at `addr`.
    pub async fn try_connect(addr: SocketAddr) -> Option<Client> {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .ok()?;
        Some(Client::over(ws))
    }

    /// Connects to the WebSocket at `path` (`/rooms/{id}/ws`); the HTTP status if refused.
    pub async fn connect_path(addr: SocketAddr, path: &str) -> Result<Client, u16> {
        use tokio_tungstenite::tungstenite::Error;
        match tokio_tungstenite::connect_async(format!("ws://{addr}{path}")).await {
            Ok((ws, _)) => Ok(Client::over(ws)),
            Err(Error::Http(response)) => Err(response.status().as_u16()),
            Err(error) => panic!("cannot connect to {path}: {error}"),
        }
    }

    /// Connects from the loopback address `from` (127.0.0.x: another client as far as the
    /// server can tell), or `None` if the server refuses.
    pub async fn connect_from(addr: SocketAddr, from: &str) -> Option<Client> {
        let stream = socket_from(addr, from).await?;
        let url = format!("ws://{addr}/ws");
        let (ws, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream))
            .await
            .ok()?;
        Some(Client::over(ws))
    }

    /// Connects through a (trusted, loopback) proxy that says the client is `forwarded_for`.
    pub async fn connect_forwarded(addr: SocketAddr, forwarded_for: &str) -> Option<Client> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut request = format!("ws://{addr}/ws").into_client_request().ok()?;
        request
            .headers_mut()
            .insert("x-forwarded-for", forwarded_for.parse().ok()?);
        let (ws, _) = tokio_tungstenite::connect_async(request).await.ok()?;
        Some(Client::over(ws))
    }

    fn over(ws: WebSocketStream<MaybeTlsStream<TcpStream>>) -> Client {
        Client {
            ws,
            player: 0,
            token: String::new(),
            next_id: 0,
            received: Vec::new(),
            inbox: Default::default(),
            closed: None,
        }
    }

    /// The socket itself, for frames the protocol does not send.
    pub fn socket(&mut self) -> &mut WebSocketStream<MaybeTlsStream<TcpStream>> {
        &mut self.ws
    }

    pub async fn hello(&mut self, name: &str, token: Option<&str>) -> ServerMsg {
        let mut hello = json!({"type": "hello", "version": PROTOCOL_VERSION, "name": name});
        if let Some(token) = token {
            hello["token"] = json!(token);
        }
        self.send_json(&hello).await;
        let welcome = self
            .recv_until(|m| matches!(m, ServerMsg::Welcome { .. }))
            .await;
        if let ServerMsg::Welcome { player, token, .. } = &welcome {
            self.player = *player;
            self.token = token.clone();
        }
        welcome
    }

    pub async fn send_text(&mut self, text: String) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    /// Sends `value`; `false` if the connection is gone.
    pub async fn try_send_json(&mut self, value: &Value) -> bool {
        let text = value.to_string();
        self.ws.send(Message::Text(text.into())).await.is_ok()
    }

    pub async fn send_json(&mut self, value: &Value) {
        self.send_text(value.to_string()).await;
    }

    /// Sends `msg` (a JSON object without an id) with a fresh id and waits for its answer.
    pub async fn command(&mut self, mut msg: Value) -> ServerMsg {
        self.next_id += 1;
        let id = self.next_id;
        msg["id"] = json!(id);
        self.send_json(&msg).await;
        self.recv_until(|m| answer_id(m) == Some(id)).await
    }

    /// Answers `pending` with `action` under command id `id`, without waiting (a dead
    /// connection shows as the end of `next`).
    pub async fn act(&mut self, id: u64, pending: &PendingPrompt, action: sgs_engine::Action) {
        let act = ClientMsg::Act {
            id: Some(id),
            seat: pending.prompt.seat,
            action,
            prompt_id: Some(pending.prompt_id),
        };
        self.try_send_json(&serde_json::to_value(act).unwrap())
            .await;
    }

    /// Like `command`, asserting an `error` with `code`.
    pub async fn expect_error(&mut self, msg: Value, code: ErrorCode) {
        match self.command(msg.clone()).await {
            ServerMsg::Error { code: got, .. } if got == code => {}
            other => panic!("{msg} should fail with {code:?}, got {other:?}"),
        }
    }

    /// The next message (inbox first); panics after `WAIT`.
    pub async fn recv(&mut self) -> ServerMsg {
        if let Some(msg) = self.inbox.pop_front() {
            return msg;
        }
        self.read().await.expect("the connection closed")
    }

    /// The next message (inbox first), or `None` when the connection has ended.
    pub async fn next(&mut self) -> Option<ServerMsg> {
        match self.inbox.pop_front() {
            Some(msg) => Some(msg),
            None => self.read().await,
        }
    }

    /// Reads one message from the socket (`None` when it closes).
    async fn read(&mut self) -> Option<ServerMsg> {
        loop {
            let frame = timeout(WAIT, self.ws.next())
                .await
                .expect("timed out waiting for a message");
            match frame {
                Some(Ok(Message::Text(text))) => {
                    let msg: ServerMsg = serde_json::from_str(text.as_str())
                        .unwrap_or_else(|e| panic!("bad server message {text}: {e}"));
                    self.received.push(msg.clone());
                    return Some(msg);
                }
                Some(Ok(Message::Close(frame))) => {
                    self.closed = frame.map(|f| (f.code, f.reason.to_string()));
                    return None;
                }
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return None,
            }
        }
    }

    /// Waits for a message matching `want`; the others stay in the inbox, in order.
    pub async fn recv_until(&mut self, want: impl Fn(&ServerMsg) -> bool) -> ServerMsg {
        if let Some(i) = self.inbox.iter().position(&want) {
            return self.inbox.remove(i).unwrap();
        }
        loop {
            let msg = self.read().await.expect("the connection closed");
            if want(&msg) {
                return msg;
            }
            self.inbox.push_back(msg);
        }
    }

    /// Reads until the server closes the connection; returns the close frame.
    pub async fn until_closed(&mut self) -> Option<(CloseCode, String)> {
        while self.read().await.is_some() {}
        self.closed.clone()
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }

    /// Forgets the messages waiting in the inbox.
    pub fn clear_inbox(&mut self) {
        self.inbox.clear();
    }

    pub async fn create_room(&mut self, options: RoomOptions) -> ServerMsg {
        let options = serde_json::to_value(options).unwrap();
        self.command(json!({"type": "create_room", "options": options}))
            .await
    }

    pub async fn join(&mut self, room: &str) -> ServerMsg {
        self.command(json!({"type": "join_room", "room": room}))
            .await
    }
}

/// The room id of a `sync`.
pub fn room_id(msg: &ServerMsg) -> String {
    match msg {
        ServerMsg::Sync { room, .. } => room.id.clone(),
        other => panic!("expected sync, got {other:?}"),
    }
}

/// The pending prompt a message carries for its receiver.
pub fn prompt_of(msg: &ServerMsg) -> Option<&PendingPrompt> {
    match msg {
        ServerMsg::Sync { prompt, .. } | ServerMsg::Update { prompt, .. } => prompt.as_ref(),
        _ => None,
    }
}

/// A two-seat practice table: seat 0 the lord in its play phase with a 杀 and a 闪, seat 1 a
/// rebel holding a 闪 and a 杀 (so each has a real choice in its play phase). White generals; the draw pile's top is fixed.
pub fn duel_scenario() -> Scenario {
    use sgs_engine::{CardKind, CardSpec};
    Scenario {
        seed: 5,
        seats: vec![
            ScenarioSeat {
                role: Role::Lord,
                hand: vec![
                    CardSpec::kind(CardKind::Slash),
                    CardSpec::kind(CardKind::Jink),
                ],
                ..ScenarioSeat::default()
            },
            ScenarioSeat {
                role: Role::Rebel,
                hand: vec![
                    CardSpec::kind(CardKind::Jink),
                    CardSpec::kind(CardKind::Slash),
                ],
                ..ScenarioSeat::default()
            },
        ],
        draw_pile_top: vec![CardSpec::kind(CardKind::Peach); 4],
        current: Some(Seat(0)),
        ..Scenario::default()
    }
}

/// A host in seat 0 and a guest in seat 1 of a started practice room.
pub async fn practice_table(server: &Server, options: RoomOptions) -> (Client, Client, String) {
    let mut host = server.client("host").await;
    let room = room_id(&host.create_room(options).await);
    let mut guest = server.client("guest").await;
    guest.join(&room).await;
    let started = host.command(json!({"type": "start_game"})).await;
    assert!(matches!(started, ServerMsg::Ack { .. }), "{started:?}");
    (host, guest, room)
}

pub fn practice_options() -> RoomOptions {
    RoomOptions {
        scenario: Some(duel_scenario()),
        ..RoomOptions::default()
    }
}

/// Answers each new prompt of a seat once, with a random legal action after a short random
/// pause, remembering which command id carried which action (to match the acks).
pub struct RandomSeat {
    rng: ChaCha8Rng,
    answered: u64,
    /// Above the ids of a client's set-up commands (a repeated id does not act again).
    next_id: u64,
    pub sent: std::collections::HashMap<u64, (Seat, sgs_engine::Action)>,
    pause_ms: u64,
}

impl RandomSeat {
    pub fn new(seed: u64, pause_ms: u64) -> RandomSeat {
        RandomSeat {
            rng: ChaCha8Rng::seed_from_u64(seed),
            answered: 0,
            next_id: 1_000,
            sent: Default::default(),
            pause_ms: pause_ms.max(1),
        }
    }

    /// Prompts are asked afresh (a restart): forget what was answered and sent.
    pub fn forget(&mut self) {
        self.answered = 0;
        self.sent.clear();
    }

    /// The action command `id` carried, now acknowledged.
    pub fn acked(&mut self, id: u64) -> Option<(Seat, sgs_engine::Action)> {
        self.sent.remove(&id)
    }

    /// Answers the prompt `msg` carries, if it is new.
    pub async fn answer(&mut self, client: &mut Client, msg: &ServerMsg) {
        use rand::Rng;
        let Some(pending) = prompt_of(msg).filter(|p| p.prompt_id != self.answered) else {
            return;
        };
        self.answered = pending.prompt_id;
        let pause = self.rng.gen_range(0..self.pause_ms);
        tokio::time::sleep(Duration::from_millis(pause)).await;
        let action = sim::random_action(&pending.prompt, &mut self.rng);
        self.next_id += 1;
        self.sent
            .insert(self.next_id, (pending.prompt.seat, action.clone()));
        client.act(self.next_id, pending, action).await;
    }
}

/// Plays `client`'s seat with random legal actions until the game ends; returns every message
/// it received. Refusals other than a raced window (`stale_prompt`, `not_your_turn`) fail.
pub async fn play_randomly(mut client: Client, seed: u64) -> Client {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut answered = 0;
    loop {
        let msg = client.recv().await;
        match &msg {
            ServerMsg::GameOver { .. } => return client,
            ServerMsg::Error { code, message, .. } => assert!(
                matches!(code, ErrorCode::StalePrompt | ErrorCode::NotYourTurn),
                "refused: {code:?} {message}"
            ),
            _ => {}
        }
        if let Some(pending) = prompt_of(&msg).filter(|p| p.prompt_id != answered) {
            answered = pending.prompt_id;
            let action = sim::random_action(&pending.prompt, &mut rng);
            let act = ClientMsg::Act {
                id: None,
                seat: pending.prompt.seat,
                action,
                prompt_id: Some(pending.prompt_id),
            };
            client.send_json(&serde_json::to_value(act).unwrap()).await;
        }
    }
}

/// Replay equivalence: every finished game of `storage` replays from its stored record, from
/// scratch, through every stored hash (the final one included) to the stored result. Returns how
/// many games were checked.
pub fn verify_replays(storage: &dyn Storage) -> usize {
    let mut checked = 0;
    let mut before = None;
    loop {
        let page = storage.all_finished_games(before, 50).unwrap();
        let Some(last) = page.last() else {
            return checked;
        };
        before = Some(last.id);
        for summary in &page {
            let stored = storage.game(summary.id).unwrap().unwrap();
            assert_eq!(stored.summary.status, GameStatus::Finished);
            assert_eq!(
                stored.hashes.last().map(|h| h.0),
                Some(stored.record.actions.len() as u64),
                "game {} stores its final hash",
                summary.id
            );
            let game = stored
                .rebuild()
                .unwrap_or_else(|e| panic!("game {} does not replay: {e}", summary.id));
            assert!(game.is_over());
            assert_eq!(game.outcome(), stored.summary.outcome.as_ref());
            assert_eq!(game.record(), stored.record);
            checked += 1;
        }
    }
}

/// A TCP connection to `addr` from the loopback address `from`.
pub async fn socket_from(addr: SocketAddr, from: &str) -> Option<TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4().ok()?;
    socket.bind(SocketAddr::new(from.parse().ok()?, 0)).ok()?;
    timeout(WAIT, socket.connect(addr)).await.ok()?.ok()
}

/// A bare HTTP/1.1 GET of a JSON route: the status code and the body.
pub async fn get_json(addr: SocketAddr, path: &str) -> (u16, Value) {
    let (status, body) = get_text(addr, path).await;
    let body = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{path}: {e}: {body}"));
    (status, body)
}

/// A bare HTTP/1.1 GET: the status code and the body as text.
pub async fn get_text(addr: SocketAddr, path: &str) -> (u16, String) {
    request_text(addr, "GET", path, None, None).await
}

/// A GET of a JSON route with `Authorization: Bearer <token>`.
pub async fn get_json_as(addr: SocketAddr, path: &str, token: &str) -> (u16, Value) {
    request_json(addr, "GET", path, Some(token), None).await
}

/// A POST of a JSON body (with `token` as bearer, if any): the status code and the JSON body.
pub async fn post_json(
    addr: SocketAddr,
    path: &str,
    token: Option<&str>,
    body: &Value,
) -> (u16, Value) {
    request_json(addr, "POST", path, token, Some(body)).await
}

pub async fn request_json(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> (u16, Value) {
    let (status, text) = request_text(addr, method, path, token, body).await;
    let body = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}"));
    (status, body)
}

/// A bare HTTP/1.1 request: the status code and the body as text.
pub async fn request_text(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut request =
        format!("{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
    if let Some(token) = token {
        request.push_str(&format!("Authorization: Bearer {token}\r\n"));
    }
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    if !body.is_empty() || method != "GET" {
        request.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    request.push_str("\r\n");
    request.push_str(&body);
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    timeout(WAIT, stream.read_to_end(&mut response))
        .await
        .unwrap()
        .unwrap();
    let text = String::from_utf8(response).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    assert!(
        !head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked"),
        "{head}"
    );
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, body.to_string())
}
