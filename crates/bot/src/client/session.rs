//! One connection's session: `hello` and `welcome`, joining (or creating) the room, and leaving
//! it.

use sgs_protocol::{ClientMsg, ErrorCode, ServerMsg, PROTOCOL_VERSION};
use tokio::time::timeout;

use super::bot::Bot;
use super::socket::{Answered, Socket, Stop, ANSWER_WAIT};
use super::{ClientError, Ending, Target};

impl Bot {
    /// One connection: hello, (re)join, play.
    pub(super) async fn session(&mut self, mut socket: Socket) -> Result<Ending, Stop> {
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

    /// Leaves the room and waits (briefly) for the server to confirm.
    pub(super) async fn leave(&mut self, socket: &mut Socket) -> Result<(), Stop> {
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
}
