//! [`NoStorage`]: a store that keeps nothing (tests, `--no-storage`): every write is done at
//! once and every read finds nothing.

use std::io;

use sgs_engine::{Outcome, Record};
use sgs_protocol::{PlayerId, RoomId};
use tokio::sync::watch;

use super::*;

/// Keeps nothing (tests, `--no-storage`).
#[derive(Debug, Default)]
pub struct NoStorage;

struct NoLog;

impl Storage for NoStorage {
    fn save_room(&self, _: &RoomRow) -> Ack {
        Ack::done()
    }
    fn close_room(&self, _: &str, _: bool) -> Ack {
        Ack::done()
    }
    fn chat(&self, _: &str, _: Option<GameId>, _: PlayerId, _: &str, _: &str) -> Ack {
        Ack::done()
    }
    fn begin(&self, _: NewGame<'_>) -> io::Result<(Box<dyn GameLog>, Ack)> {
        Ok((Box::new(NoLog), Ack::done()))
    }
    fn resume(&self, _: &str, _: GameId, _: u64) -> Box<dyn GameLog> {
        Box::new(NoLog)
    }
    fn flush(&self) -> Ack {
        Ack::done()
    }
    fn save_account(&self, _: &AccountRow) -> Ack {
        Ack::done()
    }
    fn save_login(&self, _: AccountId, _: SecretHash) -> Ack {
        Ack::done()
    }
    fn revoke_logins(&self, _: AccountId, _: Option<SecretHash>) -> Ack {
        Ack::done()
    }
    fn accounts(&self) -> io::Result<StoredAccounts> {
        Ok(StoredAccounts::default())
    }
    fn record_results(&self, _: &GameResults) -> Ack {
        Ack::done()
    }
    fn player_record(&self, _: PlayerId) -> io::Result<PlayerRecord> {
        Ok(PlayerRecord::default())
    }
    fn general_stats(&self, _: &str) -> io::Result<GeneralStats> {
        Ok(GeneralStats::default())
    }
    fn save_ban(&self, _: &BanRow) -> Ack {
        Ack::done()
    }
    fn remove_ban(&self, _: &str, _: &str) -> Ack {
        Ack::done()
    }
    fn bans(&self) -> io::Result<Vec<BanRow>> {
        Ok(Vec::new())
    }
    fn ban_from_room(&self, _: &str, _: PlayerId, _: Option<u64>) -> Ack {
        Ack::done()
    }
    fn room_bans(&self) -> io::Result<Vec<(RoomId, PlayerId, Option<u64>)>> {
        Ok(Vec::new())
    }
    fn save_report(&self, _: &ReportRow) -> Ack {
        Ack::done()
    }
    fn reports(&self, _: Option<u64>, _: u32) -> io::Result<Vec<ReportRow>> {
        Ok(Vec::new())
    }
    fn ratings_of(&self, _: AccountId) -> io::Result<Vec<RatingRow>> {
        Ok(Vec::new())
    }
    fn leaderboard(&self, _: &str, _: u32, _: u32) -> io::Result<Vec<RatingRow>> {
        Ok(Vec::new())
    }
    fn replace_game(&self, _: GameId, _: NewGame<'_>, _: &Record) -> Ack {
        Ack::done()
    }
    fn generations(&self) -> watch::Receiver<u64> {
        static NEVER: std::sync::OnceLock<watch::Sender<u64>> = std::sync::OnceLock::new();
        NEVER.get_or_init(|| watch::channel(0).0).subscribe()
    }
    fn open_rooms(&self) -> io::Result<Vec<OpenRoom>> {
        Ok(Vec::new())
    }
    fn max_player(&self) -> io::Result<PlayerId> {
        Ok(0)
    }
    fn finished_games(&self, _: Option<GameId>, _: u32) -> io::Result<Vec<GameSummary>> {
        Ok(Vec::new())
    }
    fn all_finished_games(&self, _: Option<GameId>, _: u32) -> io::Result<Vec<GameSummary>> {
        Ok(Vec::new())
    }
    fn games_of(&self, _: PlayerId, _: Option<GameId>, _: u32) -> io::Result<Vec<GameSummary>> {
        Ok(Vec::new())
    }
    fn game(&self, _: GameId) -> io::Result<Option<StoredGame>> {
        Ok(None)
    }
}

impl GameLog for NoLog {
    fn id(&self) -> GameId {
        0
    }
    fn append_all(&mut self, _: &[Appended<'_>]) -> Ack {
        Ack::done()
    }
    fn finish(&mut self, _: &Outcome, _: u64) -> Ack {
        Ack::done()
    }
}
