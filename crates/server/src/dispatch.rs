//! What a connection's commands do: `hello` (with the reserved share for seated tokens), the
//! lobby, creating and entering rooms (within the client's share, with the back-off on wrong
//! guesses), and forwarding room commands to the connection's room. The recent command ids
//! live here too: a repeated id gets the original answer and does not act twice.

use std::collections::VecDeque;
use std::sync::Arc;

use sgs_protocol::{
    ClientMsg, CommandId, ErrorCode, LobbyPerson, PlayerId, RoomId, RoomOptions, ServerMsg,
    PROTOCOL_VERSION,
};

use crate::clients::Admission;
use crate::connection::{parse, ClientSeat};
use crate::error::ServerError;
use crate::outbound::{Close, ConnHandle};
use crate::room::{self, RequestKind};
use crate::settings::RoomSettings;
use crate::Shared;

/// How many answered command ids a connection remembers.
const RECENT_IDS: usize = 64;

/// The refusal of a room that does not exist — and, to an outsider, of a private room whose
/// password or invite code is wrong, so the answer does not tell that the room exists.
pub fn no_such_room(room: &str) -> ServerError {
    ServerError::new(
        ErrorCode::NoSuchRoom,
        format!("no room {room:?} (or a wrong password or invite code)"),
    )
}

/// What a repeated command id gets.
#[derive(Debug)]
enum Remembered {
    /// The original answer (small: `ack`, `error`, `pong`).
    Answer(Box<ServerMsg>),
    /// A `sync` answered it: a repeat gets a fresh one (a snapshot is too big to keep).
    Synced,
}

/// One connection's session state.
pub(crate) struct Connection {
    pub shared: Arc<Shared>,
    pub conn: ConnHandle,
    pub client: ClientSeat,
    /// Set by `hello`: the session's player and name.
    pub player: Option<(PlayerId, String)>,
    /// Answers to the last command ids, oldest first.
    recent: VecDeque<(CommandId, Remembered)>,
}

impl Connection {
    pub fn new(shared: Arc<Shared>, conn: ConnHandle, client: ClientSeat) -> Connection {
        Connection {
            shared,
            conn,
            client,
            player: None,
            recent: VecDeque::new(),
        }
    }

    pub fn in_room(&self) -> bool {
        self.player
            .as_ref()
            .is_some_and(|(player, _)| self.shared.sessions.room_of(*player).is_some())
    }

    fn reply(&self, msg: ServerMsg) -> Option<ServerMsg> {
        self.conn.send(msg.clone());
        Some(msg)
    }

    pub fn refuse(&self, id: Option<CommandId>, error: ServerError) -> Option<ServerMsg> {
        self.reply(error.to_msg(id))
    }

    pub async fn on_text(&mut self, text: &str) {
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
            if let Some((_, remembered)) = self.recent.iter().find(|(seen, _)| *seen == id) {
                match remembered {
                    Remembered::Answer(answer) => {
                        self.conn.send((**answer).clone());
                    }
                    Remembered::Synced => {
                        let resync = ClientMsg::Resync { id: Some(id) };
                        if let Some((player, _)) = self.player {
                            self.room_command(player, resync).await;
                        }
                    }
                }
                return;
            }
        }
        let read_only = matches!(
            msg,
            ClientMsg::Ping { .. }
                | ClientMsg::GetCatalog { .. }
                | ClientMsg::ListRooms { .. }
                | ClientMsg::Resync { .. }
        );
        let answer = self.dispatch(msg).await;
        let remembered = match answer {
            _ if read_only => None, // asking again is harmless
            Some(ServerMsg::Sync { .. }) => Some(Remembered::Synced),
            Some(answer) => Some(Remembered::Answer(Box::new(answer))),
            None => None,
        };
        if let (Some(id), Some(remembered)) = (id, remembered) {
            if self.recent.len() >= RECENT_IDS {
                self.recent.pop_front();
            }
            self.recent.push_back((id, remembered));
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
            ClientMsg::ListRooms { id, offset, limit } => Ok(Some(lobby.page(id, offset, limit))),
            ClientMsg::SubscribeLobby { on, limit, .. } => {
                if on {
                    let (player, name) = self.player.clone().unwrap_or_default();
                    lobby.subscribe(self.conn.clone(), limit, LobbyPerson { player, name });
                } else {
                    lobby.unsubscribe(self.conn.id);
                }
                Ok(None)
            }
            ClientMsg::LobbyChat { text, .. } => match crate::text::chat_line(&text) {
                Some(_)
                    if !self
                        .shared
                        .moderation
                        .may_chat(player, std::time::Instant::now()) =>
                {
                    Err(ServerError::new(
                        ErrorCode::ChatTooFast,
                        "too many chat lines; wait a little",
                    ))
                }
                Some(text) => {
                    let (player, name) = self.player.clone().unwrap_or_default();
                    lobby.chat(player, name, self.shared.moderation.filter_chat(&text));
                    Ok(None)
                }
                None => Err(ServerError::new(
                    ErrorCode::BadMessage,
                    "chat text must be 1 to 500 characters",
                )),
            },
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
        // A token that is no session's may be an account's login token.
        let account = match token.as_deref() {
            Some(t) if self.shared.sessions.player_of(t).is_none() => {
                crate::account_api::resolve(&self.shared, t).await
            }
            _ => None,
        };
        if let (None, Some(t)) = (&account, token.as_deref()) {
            self.learn_guest(t).await;
        }
        let sessions = &self.shared.sessions;
        let seated = match &account {
            Some((player, _)) => sessions.is_seated(*player),
            None => token.as_deref().is_some_and(|t| sessions.holds_seat(t)),
        };
        if let Some(ban) = account
            .as_ref()
            .and_then(|(id, _)| self.shared.moderation.account_ban(*id))
        {
            let message = crate::room_moderation::banned_message(&ban);
            self.refuse(None, ServerError::new(ErrorCode::Banned, message));
            self.conn.close(Close::BANNED);
            return;
        }
        if self.client.admission == Admission::SeatedOnly && !seated {
            let error = ServerError::new(
                ErrorCode::ServerFull,
                "the server is full: only players coming back to their seats get in now",
            );
            self.refuse(None, error);
            self.conn.close(Close::TRY_LATER);
            return;
        }
        // Nobody passes for an account: a guest with its name is marked as a guest.
        let name = name.map(|name| self.shared.accounts.guest_name(&name));
        let guest = account.is_none();
        let hello = sessions.hello(
            token.as_deref(),
            name.as_deref(),
            self.conn.clone(),
            account,
        );
        if let Some(old) = hello.replaced {
            old.send(ServerMsg::error(
                None,
                ErrorCode::Replaced,
                "this session was resumed on another connection",
            ));
            old.close(Close::REPLACED);
        }
        if !hello.resumed && guest {
            self.share_guest(&hello.token, hello.player, &hello.name);
        }
        self.player = Some((hello.player, hello.name.clone()));
        tracing::Span::current().record("player", hello.player);
        self.conn.send(ServerMsg::Welcome {
            player: hello.player,
            name: hello.name,
            token: hello.token,
            protocol: PROTOCOL_VERSION,
            resumed: hello.resumed,
            room: hello.room.clone(),
            public_url: self
                .shared
                .config
                .public_url
                .as_ref()
                .map(|url| url.as_str().to_owned()),
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
            client = %self.client.key,
            "hello"
        );
    }

    /// With several processes on one store, a token unknown here may be a guest session
    /// another process made: learned from the store, it is resumed as if made here.
    async fn learn_guest(&self, token: &str) {
        let shared = &self.shared;
        if shared.storage.leases().is_none() || shared.sessions.player_of(token).is_some() {
            return;
        }
        let hash = crate::storage::SecretHash::of(token);
        let store = shared.clone();
        match tokio::task::spawn_blocking(move || store.storage.guest_session(hash)).await {
            Ok(Ok(Some((player, name)))) => shared.sessions.learn_guest(hash, player, &name),
            Ok(Ok(None)) => {}
            Ok(Err(error)) => tracing::warn!(%error, "cannot look a guest session up in the store"),
            Err(error) => tracing::error!(%error, "looking a guest session up panicked"),
        }
    }

    /// A new guest session, kept in the store for the other processes sharing it (nothing
    /// without them). Not awaited: until it is stored the token works here only.
    fn share_guest(&self, token: &str, player: PlayerId, name: &str) {
        if self.shared.storage.leases().is_none() {
            return;
        }
        let hash = crate::storage::SecretHash::of(token);
        let stored = self.shared.storage.save_guest(hash, player, name);
        tokio::spawn(async move {
            if let Err(error) = stored.await {
                tracing::warn!(%error, "cannot store a guest session");
            }
        });
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
        if let Some(ban) = self.shared.moderation.account_ban(player) {
            let message = crate::room_moderation::banned_message(&ban);
            return self.refuse(id, ServerError::new(ErrorCode::Banned, message));
        }
        if self.shared.lobby.room_count() >= self.shared.config.max_rooms {
            let error = ServerError::new(ErrorCode::ServerFull, "too many rooms; try later");
            return self.refuse(id, error);
        }
        let settings = match RoomSettings::from_options(options, &self.shared.config) {
            Ok(settings) => settings,
            Err(error) => return self.refuse(id, error),
        };
        let owner = match self.shared.clients.admit_room(self.client.key) {
            Ok(owner) => owner,
            Err(error) => return self.refuse(id, error),
        };
        let room = room::spawn(self.shared.clone(), settings, player, Some(owner));
        let kind = RequestKind::Join {
            seat: None,
            password: None,
            invite: None,
            spectate: false,
        };
        self.enter(id, room, kind).await
    }

    /// Joins or spectates `room`. Unknown rooms and wrong passwords count as guesses, and a
    /// client that guessed wrong too often waits before it may try again.
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
        let clients = &self.shared.clients;
        if let Err(error) = clients.may_guess(self.client.key) {
            return self.refuse(id, error);
        }
        let Some(handle) = self.shared.lobby.get(&room) else {
            clients.guessed_wrong(self.client.key);
            return self.refuse(id, no_such_room(&room));
        };
        let answer = handle
            .request(player, name, self.conn.clone(), id, kind)
            .await;
        let answer = match answer {
            Ok(answer) => answer,
            Err(error) => self.refuse(id, error),
        };
        if let Some(ServerMsg::Error { code, .. }) = &answer {
            if matches!(code, ErrorCode::NoSuchRoom | ErrorCode::WrongPassword) {
                clients.guessed_wrong(self.client.key);
            }
        }
        answer
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
            ClientMsg::Ban {
                player, minutes, ..
            } => RequestKind::Ban {
                target: player,
                minutes,
            },
            ClientMsg::Mute {
                player, minutes, ..
            } => RequestKind::Mute {
                target: player,
                minutes,
            },
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
        let act = matches!(kind, RequestKind::Act { .. }).then(std::time::Instant::now);
        let answer = match handle
            .request(player, name, self.conn.clone(), id, kind)
            .await
        {
            Ok(answer) => answer,
            Err(error) => self.refuse(id, error),
        };
        if let (Some(started), Some(ServerMsg::Ack { .. })) = (act, &answer) {
            crate::metrics::hot()
                .act_seconds
                .record(started.elapsed().as_secs_f64());
        }
        answer
    }

    /// The socket ended: leave the lobby's subscribers and tell the room (the seat is kept).
    pub async fn finish(&mut self) {
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
