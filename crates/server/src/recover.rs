//! The room as stored, and crash recovery: a room writes its row (settings, seats, members with
//! their token hashes, since when nobody is connected) whenever it changes (`durable.rs`); at
//! start, every room the store holds as open is rebuilt and resumes — but a room nobody had been
//! connected to for longer than it would have lived is closed instead (abandoned rooms do not
//! come back open).
//!
//! A room's running game is replayed from its record (`StoredGame::rebuild`: from scratch, with
//! every stored running hash checked on the way). Its members come back disconnected, with their
//! sessions (the stored token hashes), so a client that says `hello` with its token gets its
//! seat, its view and its pending prompt. Clocks restart fairly: every pending prompt gets a full
//! fresh timeout, and a seated player's disconnect grace starts now.
//!
//! A room that cannot be rebuilt (an unreadable row, a record that does not replay, a hash that
//! differs) does not stop the server: it is marked failed in the store with a clear log line,
//! and the others come back.

use std::collections::HashMap;
use std::io;
use std::sync::Arc;

use rand::rngs::OsRng;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sgs_engine::{Event, Game, Seat};
use sgs_protocol::{PlayerId, RoomId, RoomState, TrusteeshipReason};
use tokio::time::Instant;

use crate::durable::Writes;
use crate::room::{self, Holder, Member, Room, SeatSlot};
use crate::room_moderation::RoomModeration;
use crate::storage::{GameLog, GameStatus, MemberRow, OpenRoom, RoomRow, SeatRow, StoredGame};
use crate::thinking::seat_agent;
use crate::Shared;

impl Room {
    /// The room as stored.
    pub(crate) fn row(&self) -> RoomRow {
        RoomRow {
            id: self.id.clone(),
            settings: self.settings.clone(),
            host: self.host,
            state: self.state,
            games: self.games,
            seats: self
                .seats
                .iter()
                .map(|slot| SeatRow {
                    holder: slot.holder,
                    trusteeship: slot.trusteeship.is_some(),
                    trusteeship_reason: slot.trusteeship,
                })
                .collect(),
            members: self
                .members
                .iter()
                .map(|m| MemberRow {
                    player: m.player,
                    name: m.name.clone(),
                    // The session's token now: "log out everywhere" replaces it, and the old
                    // one must not come back with a restart.
                    token: self.shared.sessions.token_of(m.player).unwrap_or(m.token),
                    seat: m.seat,
                })
                .collect(),
            empty_since: self.idle_since.map(|since| {
                let ago = Instant::now().saturating_duration_since(since);
                unix_ms().saturating_sub(u64::try_from(ago.as_millis()).unwrap_or(u64::MAX))
            }),
            series: self.series.clone(),
        }
    }
}

/// What came back at start.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Recovered {
    /// Rooms rebuilt.
    pub rooms: usize,
    /// Of those, rooms whose game resumes.
    pub games: usize,
    /// Rooms that could not be rebuilt, and why (each marked failed in the store).
    pub failed: Vec<(RoomId, String)>,
    /// Rooms closed instead: nobody had been connected to them for too long.
    pub abandoned: usize,
    /// Of the rooms rebuilt, those read from a damaged store set aside at start (each writes
    /// itself into the new store before it goes on).
    pub salvaged: usize,
}

/// Now, in Unix milliseconds.
pub(crate) fn unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// Rebuilds every open room of the store that is this process's and starts its task.
pub(crate) fn recover(shared: &Arc<Shared>) -> io::Result<Recovered> {
    shared.sessions.reserve_ids(shared.storage.max_player()?);
    // With leases (several processes on one PostgreSQL store), a process claims the rooms its
    // node owns and those whose lease expired (decision 0021). Without: a process with a node
    // id rebuilds the rooms whose id names it (decision 0014); one without is alone and
    // rebuilds all.
    let rooms = match shared.storage.claim_rooms(true)? {
        Some(claimed) => claimed,
        None => match &shared.config.node_id {
            Some(node) => shared.storage.open_rooms_of(node)?,
            None => shared.storage.open_rooms()?,
        },
    };
    let bans = if rooms.is_empty() {
        Vec::new()
    } else {
        shared.storage.room_bans()?
    };
    let recovered = restore(shared, rooms, bans);
    tracing::info!(
        rooms = recovered.rooms,
        games = recovered.games,
        failed = recovered.failed.len(),
        abandoned = recovered.abandoned,
        salvaged = recovered.salvaged,
        "rooms restored from the store"
    );
    Ok(recovered)
}

/// Every open room's bans: (room, player, until), as the store lists them.
pub(crate) type RoomBans = Vec<(RoomId, PlayerId, Option<u64>)>;

/// Rebuilds `rooms` (read from the store: at start, or claimed from a process whose leases
/// expired) with their `stored` bans, and starts their tasks (inside a tokio runtime).
pub(crate) fn restore(shared: &Arc<Shared>, rooms: Vec<OpenRoom>, stored: RoomBans) -> Recovered {
    let mut recovered = Recovered::default();
    let mut bans: HashMap<RoomId, Vec<(PlayerId, Option<u64>)>> = HashMap::new();
    for (room, player, until) in stored {
        bans.entry(room).or_default().push((player, until));
    }
    for open in rooms {
        let id = open.id.clone();
        if is_abandoned(&shared.config, &open) {
            tracing::info!(room = %id, "an abandoned room is closed, not restored");
            drop(shared.storage.close_room(&id, false));
            recovered.abandoned += 1;
            continue;
        }
        let salvaged = open.salvaged;
        match rebuild(shared, open) {
            Ok(mut room) => {
                room.moderation = RoomModeration::from_stored(bans.remove(&id).unwrap_or_default());
                recovered.rooms += 1;
                if salvaged {
                    tracing::warn!(room = %id, "room salvaged from the damaged store");
                    recovered.salvaged += 1;
                    // Not in the new store yet: its first step writes it there, whole.
                    room.writes.generation = u64::MAX;
                    room.writes.stalled = Some(Instant::now());
                }
                recovered.games += usize::from(room.state == RoomState::Playing);
                start(room);
            }
            Err(reason) => {
                tracing::error!(
                    room = %id, %reason,
                    "cannot rebuild the room; it is marked failed"
                );
                drop(shared.storage.close_room(&id, true));
                recovered.failed.push((id, reason));
            }
        }
    }
    recovered
}

/// Nobody had been connected to the room for longer than it would have lived.
fn is_abandoned(config: &crate::config::Config, open: &OpenRoom) -> bool {
    let Ok(row) = &open.room else { return false };
    let Some(since) = row.empty_since else {
        return false;
    };
    let playing = open
        .game
        .as_ref()
        .and_then(|g| g.as_ref().ok())
        .is_some_and(|g| g.summary.status == GameStatus::Playing);
    let limit = if playing {
        config.room_idle_ms
    } else {
        config.empty_room_ms
    };
    unix_ms().saturating_sub(since) > limit
}

/// Registers the room and starts its task.
fn start(room: Room) {
    let (handle, rx) = room::queue();
    if !room.shared.lobby.insert_existing(room.id.clone(), handle) {
        tracing::error!(room = %room.id, "a restored room's id is taken; not restored");
        if let Some(leases) = room.shared.storage.leases() {
            // Not run here: its lease lapses and it is claimed again.
            leases.forget(&room.id);
        }
        return;
    }
    room.shared
        .lobby
        .publish(&room.id, room.state, room.summary());
    tokio::spawn(room.run(rx));
}

/// The game a room comes back with: the game, its log if it is still running.
/// The rebuilt game, its log if it is still running, and its events so far.
type Resumed = (Game, Option<Box<dyn GameLog>>, Vec<Event>);

/// Replays the room's latest game, if the room shows it (`Playing`, or `Finished` with its
/// result still on the table).
fn resume_game(
    shared: &Shared,
    state: RoomState,
    stored: StoredGame,
) -> Result<Option<Resumed>, String> {
    let id = stored.summary.id;
    match stored.summary.status {
        GameStatus::Playing => {
            let mut history = Vec::new();
            let game = stored
                .rebuild_observed(|events| history.extend(events.0))
                .map_err(|e| format!("game {id} does not replay: {e}"))?;
            let mut log =
                shared
                    .storage
                    .resume(&stored.summary.room, id, stored.record.actions.len() as u64);
            if let Some(outcome) = game.outcome() {
                // Its last action was stored, its end was not.
                drop(log.finish(outcome, game.hash()));
                return Ok(Some((game, None, history)));
            }
            Ok(Some((game, Some(log), history)))
        }
        GameStatus::Finished if state != RoomState::Waiting => match stored.rebuild() {
            Ok(game) => Ok(Some((game, None, Vec::new()))),
            Err(error) => {
                // The result is stored; only the table cannot be shown again.
                tracing::warn!(game = id, %error, "a finished game does not replay");
                Ok(None)
            }
        },
        _ => Ok(None),
    }
}

/// The room as it was, with everyone disconnected and fresh clocks.
fn rebuild(shared: &Arc<Shared>, open: OpenRoom) -> Result<Room, String> {
    let row = open.room?;
    if row.seats.len() != usize::from(row.settings.seats) {
        return Err(format!(
            "{} seats stored for a room of {}",
            row.seats.len(),
            row.settings.seats
        ));
    }
    let mut games = row.games;
    let mut resumed = None;
    if let Some(stored) = open.game {
        let stored = stored?;
        games = games.max(stored.summary.number);
        resumed = resume_game(shared, row.state, stored)?;
    }
    if let Some((game, _, _)) = &resumed {
        if game.seat_count() != row.seats.len() {
            return Err(format!(
                "the game has {} seats, the room {}",
                game.seat_count(),
                row.seats.len()
            ));
        }
    }
    let state = match &resumed {
        Some((_, Some(_), _)) => RoomState::Playing,
        Some((_, None, _)) => RoomState::Finished,
        // A start that never became durable, or a game abandoned or failed.
        None if row.state == RoomState::Finished => RoomState::Finished,
        None => RoomState::Waiting,
    };
    let now = Instant::now();
    let members: Vec<Member> = row
        .members
        .iter()
        .map(|m| Member {
            player: m.player,
            name: m.name.clone(),
            conn: None,
            seat: m.seat.filter(|s| s.index() < row.seats.len()),
            seq: 0,
            token: m.token,
        })
        .collect();
    let seats: Vec<SeatSlot> = row
        .seats
        .iter()
        .enumerate()
        .map(|(i, stored)| {
            // A seat must be held by a member sitting in it.
            let holder = match stored.holder {
                Holder::Player(player)
                    if !members
                        .iter()
                        .any(|m| m.player == player && m.seat == Some(Seat(i as u8))) =>
                {
                    if state == RoomState::Playing {
                        Holder::Bot
                    } else {
                        Holder::Empty
                    }
                }
                holder => holder,
            };
            let seated = matches!(holder, Holder::Player(_));
            SeatSlot {
                holder,
                trusteeship: (stored.trusteeship && state == RoomState::Playing).then(|| {
                    stored
                        .trusteeship_reason
                        .unwrap_or(TrusteeshipReason::Asked)
                }),
                disconnected_at: (seated && state == RoomState::Playing).then_some(now),
            }
        })
        .collect();
    let actions = resumed
        .as_ref()
        .map_or(0, |(g, _, _)| g.action_count() as u64);
    let mut series = row.series;
    if let (Some(series), Some((game, None, _))) = (&mut series, &resumed) {
        // The game ended with its last stored action, before the room stored its end: its
        // points are not in the series yet.
        if row.state == RoomState::Playing && game.is_over() {
            series.record(game);
        }
    }
    let (game, log, history) = match resumed {
        Some((game, log, history)) => (Some(game), log, history),
        None => (None, None, Vec::new()),
    };
    if members.is_empty() {
        return Err("no members stored".into());
    }
    for member in &members {
        shared.sessions.restore(
            member.player,
            &member.name,
            member.token,
            row.id.clone(),
            member.seat.is_some(),
        );
    }
    // Each seat's agent sees the game so far again, as its seat saw it, so that what it made of
    // everyone's behaviour survives the restart.
    let agents = game.as_ref().map_or_else(Vec::new, |game| {
        let auto_pass = game.record().setup.auto_pass();
        (0..game.seat_count())
            .map(|i| {
                let seat = Seat(i as u8);
                let seed = u64::from(games) << 8 | i as u64;
                let bot = seats.get(i).is_some_and(|s| s.holder == Holder::Bot);
                let mut agent = seat_agent(shared, &row.settings, bot, seat, seed, game, auto_pass);
                let seen: Vec<_> = history
                    .iter()
                    .filter_map(|e| sgs_engine::view::redact(e, Some(seat)))
                    .collect();
                agent.observe(&seen);
                agent
            })
            .collect()
    });
    let mut room = Room {
        agents,
        thinking: None,
        id: row.id.clone(),
        shared: shared.clone(),
        clocks: (0..row.seats.len()).map(|_| None).collect(),
        settings: row.settings,
        host: row.host,
        state,
        seats,
        members,
        game,
        games,
        // Above any prompt id this game can have used: each action makes at most one new
        // prompt per seat (at most 10).
        next_prompt_id: (u64::from(games) << 32) + (actions + 1) * 16,
        rng: ChaCha8Rng::from_rng(OsRng).unwrap_or_else(|_| ChaCha8Rng::seed_from_u64(0)),
        log,
        idle_since: Some(now),
        _owner: None,
        writes: Writes::new(shared.storage.as_ref()),
        pacing: Default::default(),
        moderation: RoomModeration::default(),
        series,
    };
    if room.state == RoomState::Playing {
        room.refresh_clocks(None);
    }
    tracing::info!(
        room = %room.id, state = ?room.state, game = room.games, actions,
        "room restored"
    );
    Ok(room)
}
