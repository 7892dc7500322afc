//! The membership commands of a room: joining, leaving, seats, bots, kicks, chat, and a
//! player's connection going away and coming back. Part of the room actor (`room.rs`).
//!
//! Names and chat: a member's name is unique in its room (a second "Alice" is "Alice (2)",
//! compared after normalisation, `text.rs`), and every chat line names its speaker's place —
//! seat or spectator, host or not — from the room itself.

use sgs_engine::Seat;
use sgs_protocol::{
    ErrorCode, LeaveReason, PlayerId, RoomState, ServerMsg, Speaker, TrusteeshipReason,
};
use tokio::time::Instant;

use crate::durable::unavailable;
use crate::error::ServerError;
use crate::outbound::{Close, ConnHandle, ConnId};
use crate::room::{Holder, Member, Room};
use crate::storage::SecretHash;
use crate::text::{chat_line, name_key};

fn refuse(code: ErrorCode, message: &str) -> Result<(), ServerError> {
    Err(ServerError::new(code, message))
}

impl Room {
    pub(crate) fn host_only(&self, player: PlayerId) -> Result<(), ServerError> {
        if player != self.host {
            refuse(ErrorCode::NotHost, "only the host may do this")?;
        }
        Ok(())
    }

    pub(crate) fn waiting_only(&self) -> Result<(), ServerError> {
        if self.state != RoomState::Waiting {
            refuse(ErrorCode::WrongState, "only before the game starts")?;
        }
        Ok(())
    }

    pub(crate) fn join(
        &mut self,
        player: PlayerId,
        name: String,
        conn: ConnHandle,
        seat: Option<Seat>,
        spectate: bool,
    ) -> Result<(), ServerError> {
        if self.members.iter().any(|m| m.player == player) {
            refuse(ErrorCode::AlreadyInRoom, "already in this room")?;
        }
        let seat = if spectate {
            if !self.settings.allow_spectators {
                refuse(
                    ErrorCode::SpectatorsNotAllowed,
                    "this room has no spectators",
                )?;
            }
            let watching = self.members.iter().filter(|m| m.seat.is_none()).count();
            if watching >= self.shared.config.max_spectators {
                refuse(
                    ErrorCode::SpectatorsFull,
                    "this room has all the spectators it admits",
                )?;
            }
            None
        } else {
            if self.state != RoomState::Waiting {
                refuse(
                    ErrorCode::WrongState,
                    "the game has started: spectate instead",
                )?;
            }
            Some(self.free_seat(seat)?)
        };
        if let Some(seat) = seat {
            self.seats[seat.index()].holder = Holder::Player(player);
        }
        // A session always has a token; an all-zero hash would match none.
        let token = self
            .shared
            .sessions
            .token_of(player)
            .unwrap_or(SecretHash([0; 32]));
        let name = self.unique_name(name);
        self.members.push(Member {
            player,
            name,
            conn: Some(conn),
            seat,
            seq: 0,
            token,
        });
        self.shared.sessions.set_room(player, Some(self.id.clone()));
        self.shared.sessions.set_seated(player, seat.is_some());
        self.broadcast_room_state(Some(player));
        Ok(())
    }

    /// `name`, or `name (2)`, `name (3)` … when a member already looks like it.
    fn unique_name(&self, name: String) -> String {
        let taken = |candidate: &str| {
            let key = name_key(candidate);
            self.members.iter().any(|m| name_key(&m.name) == key)
        };
        if !taken(&name) {
            return name;
        }
        (2..)
            .map(|n| format!("{name} ({n})"))
            .find(|candidate| !taken(candidate))
            .unwrap_or(name)
    }

    /// `wanted` if it is empty, else the first empty seat.
    pub(crate) fn free_seat(&self, wanted: Option<Seat>) -> Result<Seat, ServerError> {
        match wanted {
            Some(seat) => match self.seats.get(seat.index()) {
                Some(slot) if slot.holder == Holder::Empty => Ok(seat),
                _ => Err(ServerError::new(
                    ErrorCode::SeatUnavailable,
                    format!("{seat} is taken or does not exist"),
                )),
            },
            None => self
                .seats
                .iter()
                .position(|s| s.holder == Holder::Empty)
                .map(|i| Seat(i as u8))
                .ok_or_else(|| ServerError::new(ErrorCode::RoomFull, "every seat is taken")),
        }
    }

    /// Takes a member out of the room. A seat in a game goes to a bot; otherwise it is freed.
    pub(crate) fn remove_member(&mut self, index: usize, reason: LeaveReason) {
        let member = self.members.remove(index);
        if let Some(seat) = member.seat {
            let slot = &mut self.seats[seat.index()];
            slot.holder = match self.state {
                RoomState::Playing => Holder::Bot,
                _ => Holder::Empty,
            };
            slot.disconnected_at = None;
            self.reschedule(seat);
        }
        if let Some(conn) = &member.conn {
            conn.send(ServerMsg::LeftRoom {
                room: self.id.clone(),
                reason,
            });
        }
        self.shared.sessions.set_room(member.player, None);
        self.pacing.forget(member.player);
        if member.player == self.host {
            // The next person in the room hosts: seated players first.
            let next = self
                .members
                .iter()
                .find(|m| m.seat.is_some())
                .or(self.members.first());
            if let Some(next) = next {
                self.host = next.player;
            }
        }
        if self.members.is_empty() {
            // The last person left: unlist the room now (its task ends right after), so no one
            // is sent to a room that is closing.
            self.shared.lobby.remove(&self.id);
            return;
        }
        self.broadcast_room_state(None);
    }

    pub(crate) fn take_seat(&mut self, index: usize, seat: Seat) -> Result<(), ServerError> {
        self.waiting_only()?;
        let seat = self.free_seat(Some(seat))?;
        let player = self.members[index].player;
        if let Some(old) = self.members[index].seat {
            self.seats[old.index()].holder = Holder::Empty;
        }
        self.seats[seat.index()].holder = Holder::Player(player);
        self.members[index].seat = Some(seat);
        self.shared.sessions.set_seated(player, true);
        self.broadcast_room_state(None);
        Ok(())
    }

    pub(crate) fn add_bot(
        &mut self,
        player: PlayerId,
        seat: Option<Seat>,
    ) -> Result<(), ServerError> {
        self.host_only(player)?;
        self.waiting_only()?;
        let seat = self.free_seat(seat)?;
        self.seats[seat.index()].holder = Holder::Bot;
        self.broadcast_room_state(None);
        Ok(())
    }

    pub(crate) fn remove_bot(&mut self, player: PlayerId, seat: Seat) -> Result<(), ServerError> {
        self.host_only(player)?;
        self.waiting_only()?;
        match self.seats.get_mut(seat.index()) {
            Some(slot) if slot.holder == Holder::Bot => slot.holder = Holder::Empty,
            _ => refuse(ErrorCode::SeatUnavailable, "no bot in that seat")?,
        }
        self.broadcast_room_state(None);
        Ok(())
    }

    pub(crate) fn kick(&mut self, player: PlayerId, target: PlayerId) -> Result<(), ServerError> {
        self.host_only(player)?;
        if target == player {
            refuse(
                ErrorCode::NoSuchPlayer,
                "the host cannot kick itself (leave instead)",
            )?;
        }
        let Some(index) = self.members.iter().position(|m| m.player == target) else {
            return refuse(ErrorCode::NoSuchPlayer, "no such player in this room");
        };
        self.remove_member(index, LeaveReason::Kicked);
        Ok(())
    }

    /// A chat line, stored before anyone sees it, marked with its speaker's place.
    pub(crate) async fn chat(&mut self, index: usize, text: String) -> Result<(), ServerError> {
        let Some(text) = chat_line(&text) else {
            return refuse(
                ErrorCode::BadMessage,
                "chat text must be 1 to 500 characters",
            );
        };
        let player = self.members[index].player;
        self.check_may_chat(player)?;
        let text = self.shared.moderation.filter_chat(&text);
        let member = &self.members[index];
        let (from, name) = (member.player, member.name.clone());
        let speaker = Speaker {
            seat: member.seat,
            host: from == self.host,
        };
        let game = self.log.as_ref().map(|log| log.id());
        let stored = self.shared.storage.chat(&self.id, game, from, &name, &text);
        if let Err(error) = stored.await {
            self.stall(&error);
            return Err(unavailable());
        }
        for member in &mut self.members {
            member.send(|seq| ServerMsg::Chat {
                seq,
                from,
                name: name.clone(),
                text: text.clone(),
                speaker,
            });
        }
        Ok(())
    }

    pub(crate) fn attach(&mut self, player: PlayerId, conn: ConnHandle) {
        let Some(member) = self.members.iter_mut().find(|m| m.player == player) else {
            // Not a member any more (kicked while away): the session forgets the room.
            self.shared.sessions.set_room(player, None);
            conn.send(ServerMsg::LeftRoom {
                room: self.id.clone(),
                reason: LeaveReason::Closed,
            });
            return;
        };
        if let Some(old) = member.conn.replace(conn) {
            old.close(Close::REPLACED);
        }
        if let Some(seat) = member.seat {
            let slot = &mut self.seats[seat.index()];
            slot.disconnected_at = None;
            // 托管 taken over for an absence ends when the player is back.
            if slot.trusteeship == Some(TrusteeshipReason::Absent) {
                slot.trusteeship = None;
            }
            self.reschedule(seat);
        }
        self.sync_member(player, None);
        self.broadcast_room_state(Some(player));
    }

    pub(crate) fn detach(&mut self, player: PlayerId, conn: ConnId) {
        let Some(member) = self.members.iter_mut().find(|m| m.player == player) else {
            return;
        };
        if member.conn.as_ref().map(|c| c.id) != Some(conn) {
            return;
        }
        member.conn = None;
        if let Some(seat) = member.seat {
            if self.state == RoomState::Playing {
                self.seats[seat.index()].disconnected_at = Some(Instant::now());
                self.reschedule(seat);
            }
        }
        self.broadcast_room_state(None);
    }
}
