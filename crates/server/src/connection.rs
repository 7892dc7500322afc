//! One WebSocket connection: the handshake, then reading commands and dispatching them to the
//! lobby or to the connection's room, with the frame cap, the rate budget and the recent
//! command ids (a repeated id gets the original answer and does not act twice).
//!
//! The socket is split: a writer task drains the connection's bounded outbound queue
//! ([`ConnHandle`]); this task reads. A failure here ends this connection only.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use sgs_protocol::{
    ClientMsg, CommandId, ErrorCode, PlayerId, RoomId, RoomOptions, ServerMsg, PROTOCOL_VERSION,
};
use tokio::sync::{mpsc, watch};
use tokio::time::{sleep_until, timeout, Instant};

use crate::error::ServerError;
use crate::outbound::{Close, ConnHandle};
use crate::rate::RateLimit;
use crate::room::{self, RequestKind};
use crate::settings::RoomSettings;
use crate::Shared;

/// How many answered command ids a connection remembers.
const RECENT_IDS: usize = 64;
/// How long one socket write may take before the peer counts as gone.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// Parses a text frame, telling malformed JSON, an unknown type and bad fields apart.
pub fn parse(text: &str) -> Result<ClientMsg, (Option<CommandId>, ServerError)> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        (
            None,
            ServerError::new(ErrorCode::MalformedJson, format!("not JSON: {e}")),
        )
    })?;
    let id = value.get("id").and_then(serde_json::Value::as_u64);
    let Some(kind) = value
        .get("type")
        .and_then(serde_json::Value::as_str)
        .map(str::to_string)
    else {
        let error = ServerError::new(ErrorCode::BadMessage, "a message is an object with a type");
        return Err((id, error));
    };
    if !ClientMsg::TYPES.contains(&kind.as_str()) {
        let error = ServerError::new(ErrorCode::UnknownType, format!("unknown type {kind:?}"));
        return Err((id, error));
    }
    serde_json::from_value(value).map_err(|e| {
        (
            id,
            ServerError::new(ErrorCode::BadMessage, format!("bad {kind}: {e}")),
        )
    })
}

/// Serves one upgraded socket until it closes.
pub async fn run(socket: WebSocket, shared: Arc<Shared>) {
    let _counted = shared.count_connection();
    let id = shared.next_conn_id();
    let (sink, stream) = socket.split();
    let (tx, rx) = mpsc::channel(shared.config.outbound_queue.max(8));
    let (close_tx, close_rx) = watch::channel(None);
    let conn = ConnHandle::new(id, tx, close_tx);
    let writer = tokio::spawn(write_loop(sink, rx, close_rx.clone()));
    let mut connection = Connection {
        rate: RateLimit::new(shared.config.rate_per_sec, shared.config.rate_burst),
        shared,
        conn: conn.clone(),
        player: None,
        recent: VecDeque::new(),
    };
    connection.read_loop(stream, close_rx).await;
    connection.finish().await;
    conn.close(Close::NORMAL);
    let _ = writer.await;
}

async fn write_loop(
    mut sink: SplitSink<WebSocket, Message>,
    mut rx: mpsc::Receiver<ServerMsg>,
    mut close: watch::Receiver<Option<Close>>,
) {
    async fn write(sink: &mut SplitSink<WebSocket, Message>, msg: &ServerMsg) -> bool {
        let Ok(text) = serde_json::to_string(msg) else {
            tracing::error!(?msg, "cannot serialize a message");
            return true;
        };
        matches!(
            timeout(WRITE_TIMEOUT, sink.send(Message::Text(text.into()))).await,
            Ok(Ok(()))
        )
    }
    let reason = loop {
        tokio::select! {
            biased;
            changed = close.changed() => {
                if let Some(reason) = *close.borrow() {
                    break reason;
                }
                if changed.is_err() {
                    break Close::NORMAL;
                }
            }
            msg = rx.recv() => match msg {
                Some(msg) => {
                    if !write(&mut sink, &msg).await {
                        return;
                    }
                }
                None => break Close::NORMAL,
            },
        }
    };
    // Flush what is queued (bounded in time: a slow reader is being closed), then say why.
    let flush = async {
        while let Ok(msg) = rx.try_recv() {
            if !write(&mut sink, &msg).await {
                return;
            }
        }
        let frame = CloseFrame {
            code: reason.code,
            reason: reason.reason.into(),
        };
        let _ = sink.send(Message::Close(Some(frame))).await;
    };
    let _ = timeout(Duration::from_secs(2), flush).await;
}

struct Connection {
    shared: Arc<Shared>,
    conn: ConnHandle,
    /// Set by `hello`: the session's player and name.
    player: Option<(PlayerId, String)>,
    rate: RateLimit,
    /// Answers to the last command ids, oldest first.
    recent: VecDeque<(CommandId, ServerMsg)>,
}

impl Connection {
    async fn read_loop(
        &mut self,
        mut stream: SplitStream<WebSocket>,
        mut close: watch::Receiver<Option<Close>>,
    ) {
        let mut shutdown = self.shared.shutdown.subscribe();
        let hello_deadline =
            Instant::now() + Duration::from_millis(self.shared.config.hello_timeout_ms);
        loop {
            if *shutdown.borrow_and_update() {
                self.conn.send(ServerMsg::Shutdown {
                    message: "the server is shutting down".into(),
                });
                self.conn.close(Close::GOING_AWAY);
                break;
            }
            let frame = tokio::select! {
                frame = stream.next() => frame,
                _ = close.changed() => break,
                _ = shutdown.changed() => continue,
                () = sleep_until(hello_deadline), if self.player.is_none() => {
                    self.conn.close(Close::HELLO_TIMEOUT);
                    break;
                }
            };
            match frame {
                Some(Ok(Message::Text(text))) => self.on_text(text.as_str()).await,
                Some(Ok(Message::Binary(_))) => {
                    let error =
                        ServerError::new(ErrorCode::BadMessage, "binary frames are not used");
                    self.refuse(None, error);
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => {} // ping/pong: answered by the socket layer
            }
            if self.conn.is_closed() {
                break;
            }
        }
    }

    fn reply(&self, msg: ServerMsg) -> Option<ServerMsg> {
        self.conn.send(msg.clone());
        Some(msg)
    }

    fn refuse(&self, id: Option<CommandId>, error: ServerError) -> Option<ServerMsg> {
        self.reply(error.to_msg(id))
    }

    async fn on_text(&mut self, text: &str) {
        if !self.rate.allow(std::time::Instant::now()) {
            let error = ServerError::new(ErrorCode::RateLimited, "too many messages; slow down");
            self.refuse(None, error);
            if self.rate.strikes > self.shared.config.flood_strikes {
                self.conn.close(Close::FLOOD);
            }
            return;
        }
        if text.len() > self.shared.config.max_frame_bytes {
            let message = format!(
                "frames are capped at {} bytes",
                self.shared.config.max_frame_bytes
            );
            self.refuse(None, ServerError::new(ErrorCode::FrameTooLarge, message));
            return;
        }
        let msg = match parse(text) {
            Ok(msg) => msg,
            Err((id, error)) => {
                self.refuse(id, error);
                return;
            }
        };
        let id = msg.id();
        if let Some(id) = id {
            if let Some((_, answer)) = self.recent.iter().find(|(seen, _)| *seen == id) {
                self.conn.send(answer.clone());
                return;
            }
        }
        let answer = self.dispatch(msg).await;
        if let (Some(id), Some(answer)) = (id, answer) {
            if self.recent.len() >= RECENT_IDS {
                self.recent.pop_front();
            }
            self.recent.push_back((id, answer));
        }
    }

    /// Carries out one message; returns the answer sent (if any).
    async fn dispatch(&mut self, msg: ClientMsg) -> Option<ServerMsg> {
        let id = msg.id();
        let Some((player, _)) = self.player.clone() else {
            if let ClientMsg::Hello {
                version,
                token,
                name,
            } = msg
            {
                self.hello(version, token, name).await;
                return None;
            }
            let error = ServerError::new(ErrorCode::HelloFirst, "say hello first");
            return self.refuse(id, error);
        };
        let lobby = &self.shared.lobby;
        let answer = match msg {
            ClientMsg::Hello { .. } => Err(ServerError::new(
                ErrorCode::HelloFirst,
                "hello was already said",
            )),
            ClientMsg::Ping { id } => Ok(Some(ServerMsg::Pong { id })),
            ClientMsg::GetCatalog { id } => Ok(Some(ServerMsg::Catalog {
                id,
                catalog: Box::new(self.shared.catalog.clone()),
            })),
            ClientMsg::ListRooms { id } => Ok(Some(ServerMsg::RoomList {
                id,
                rooms: lobby.public_rooms(),
            })),
            ClientMsg::SubscribeLobby { on, .. } => {
                if on {
                    lobby.subscribe(self.conn.clone());
                } else {
                    lobby.unsubscribe(self.conn.id);
                }
                Ok(None)
            }
            ClientMsg::CreateRoom { options, .. } => return self.create_room(id, *options).await,
            ClientMsg::JoinRoom {
                room,
                seat,
                password,
                invite,
                ..
            } => {
                let spectate = false;
                let kind = RequestKind::Join {
                    seat,
                    password,
                    invite,
                    spectate,
                };
                return self.enter(id, room, kind).await;
            }
            ClientMsg::Spectate {
                room,
                password,
                invite,
                ..
            } => {
                let kind = RequestKind::Join {
                    seat: None,
                    password,
                    invite,
                    spectate: true,
                };
                return self.enter(id, room, kind).await;
            }
            other => return self.room_command(player, other).await,
        };
        match answer {
            Ok(Some(msg)) => self.reply(msg),
            Ok(None) => id.and_then(|id| self.reply(ServerMsg::Ack { id })),
            Err(error) => self.refuse(id, error),
        }
    }

    async fn hello(&mut self, version: u32, token: Option<String>, name: Option<String>) {
        if version != PROTOCOL_VERSION {
            let message = format!("this server speaks protocol {PROTOCOL_VERSION}, not {version}");
            self.refuse(None, ServerError::new(ErrorCode::VersionMismatch, message));
            self.conn.close(Close::PROTOCOL);
            return;
        }
        let sessions = &self.shared.sessions;
        let hello = sessions.hello(token.as_deref(), name.as_deref(), self.conn.clone());
        if let Some(old) = hello.replaced {
            old.send(ServerMsg::error(
                None,
                ErrorCode::Replaced,
                "this session was resumed on another connection",
            ));
            old.close(Close::REPLACED);
        }
        self.player = Some((hello.player, hello.name.clone()));
        self.conn.send(ServerMsg::Welcome {
            player: hello.player,
            name: hello.name,
            token: hello.token,
            protocol: PROTOCOL_VERSION,
            resumed: hello.resumed,
            room: hello.room.clone(),
        });
        if let Some(room) = hello.room {
            match self.shared.lobby.get(&room) {
                Some(handle) if handle.attach(hello.player, self.conn.clone()).await => {}
                _ => sessions.set_room(hello.player, None),
            }
        }
        tracing::debug!(
            conn = self.conn.id,
            player = hello.player,
            resumed = hello.resumed,
            "hello"
        );
    }

    async fn create_room(
        &mut self,
        id: Option<CommandId>,
        options: RoomOptions,
    ) -> Option<ServerMsg> {
        let (player, _) = self.player.clone()?;
        if self.shared.sessions.room_of(player).is_some() {
            let error = ServerError::new(ErrorCode::AlreadyInRoom, "leave your room first");
            return self.refuse(id, error);
        }
        if self.shared.lobby.room_count() >= self.shared.config.max_rooms {
            let error = ServerError::new(ErrorCode::ServerFull, "too many rooms; try later");
            return self.refuse(id, error);
        }
        let settings = match RoomSettings::from_options(options, &self.shared.config) {
            Ok(settings) => settings,
            Err(error) => return self.refuse(id, error),
        };
        let room = room::spawn(self.shared.clone(), settings, player);
        let kind = RequestKind::Join {
            seat: None,
            password: None,
            invite: None,
            spectate: false,
        };
        self.enter(id, room, kind).await
    }

    /// Joins or spectates `room`.
    async fn enter(
        &mut self,
        id: Option<CommandId>,
        room: RoomId,
        kind: RequestKind,
    ) -> Option<ServerMsg> {
        let (player, name) = self.player.clone()?;
        if self.shared.sessions.room_of(player).is_some() {
            let error = ServerError::new(ErrorCode::AlreadyInRoom, "leave your room first");
            return self.refuse(id, error);
        }
        let Some(handle) = self.shared.lobby.get(&room) else {
            let error = ServerError::new(ErrorCode::NoSuchRoom, format!("no room {room:?}"));
            return self.refuse(id, error);
        };
        match handle
            .request(player, name, self.conn.clone(), id, kind)
            .await
        {
            Ok(answer) => answer,
            Err(error) => self.refuse(id, error),
        }
    }

    /// A command for the connection's room.
    async fn room_command(&mut self, player: PlayerId, msg: ClientMsg) -> Option<ServerMsg> {
        let id = msg.id();
        let kind = match msg {
            ClientMsg::LeaveRoom { .. } => RequestKind::Leave,
            ClientMsg::TakeSeat { seat, .. } => RequestKind::TakeSeat(seat),
            ClientMsg::AddBot { seat, .. } => RequestKind::AddBot(seat),
            ClientMsg::RemoveBot { seat, .. } => RequestKind::RemoveBot(seat),
            ClientMsg::Kick { player, .. } => RequestKind::Kick(player),
            ClientMsg::StartGame { .. } => RequestKind::Start,
            ClientMsg::Rematch { .. } => RequestKind::Rematch,
            ClientMsg::Chat { text, .. } => RequestKind::Chat(text),
            ClientMsg::Act {
                seat,
                action,
                prompt_id,
                ..
            } => RequestKind::Act {
                seat,
                action,
                prompt_id,
            },
            ClientMsg::Trusteeship { on, .. } => RequestKind::Trusteeship(on),
            ClientMsg::Resync { .. } => RequestKind::Resync,
            _ => {
                let error = ServerError::new(ErrorCode::Internal, "not a room command");
                return self.refuse(id, error);
            }
        };
        let sessions = &self.shared.sessions;
        let handle = sessions
            .room_of(player)
            .and_then(|room| self.shared.lobby.get(&room));
        let Some(handle) = handle else {
            sessions.set_room(player, None);
            let error = ServerError::new(ErrorCode::NotInRoom, "join a room first");
            return self.refuse(id, error);
        };
        let name = self
            .player
            .as_ref()
            .map(|(_, n)| n.clone())
            .unwrap_or_default();
        match handle
            .request(player, name, self.conn.clone(), id, kind)
            .await
        {
            Ok(answer) => answer,
            Err(error) => self.refuse(id, error),
        }
    }

    /// The socket ended: leave the lobby's subscribers and tell the room (the seat is kept).
    async fn finish(&mut self) {
        self.shared.lobby.unsubscribe(self.conn.id);
        let Some((player, _)) = self.player else {
            return;
        };
        let room = self.shared.sessions.room_of(player);
        self.shared.sessions.disconnect(player, self.conn.id);
        if let Some(handle) = room.and_then(|room| self.shared.lobby.get(&room)) {
            handle.detach(player, self.conn.id).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_tells_bad_input_apart() {
        let code = |text: &str| parse(text).err().map(|(_, e)| e.code);
        assert_eq!(code("{not json"), Some(ErrorCode::MalformedJson));
        assert_eq!(
            code(r#"{"type":"fly","id":1}"#),
            Some(ErrorCode::UnknownType)
        );
        assert_eq!(code(r#"{"id":1}"#), Some(ErrorCode::BadMessage));
        assert_eq!(code(r#"[1,2]"#), Some(ErrorCode::BadMessage));
        assert_eq!(
            code(r#"{"type":"take_seat","seat":"x"}"#),
            Some(ErrorCode::BadMessage)
        );
        assert_eq!(
            parse(r#"{"type":"chat","id":4,"text":"hi"}"#).unwrap().id(),
            Some(4)
        );
        let (id, _) = parse(r#"{"type":"act","id":9}"#).unwrap_err();
        assert_eq!(id, Some(9));
    }
}
