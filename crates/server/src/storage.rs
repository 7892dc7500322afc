//! Durable game logs. Every accepted action is appended before its effects are sent, so a
//! crash loses no game: a log is the game's record (setup, seed) followed by one line per
//! action, and replays with `Record::replay`.
//!
//! [`Storage`] is the seam where a shared store can plug in; [`FileStorage`] writes JSON lines
//! under the data directory: `games/<started>-<room>-<n>.jsonl` while a game runs, and the
//! full record at `records/<started>-<room>-<n>.json` when it ends.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use sgs_engine::{Action, Record, Seat};

/// Where game logs go.
pub trait Storage: Send + Sync {
    /// Opens the log of a new game; `start` is its record before any action.
    fn begin(&self, room: &str, game: u32, start: &Record) -> io::Result<Box<dyn GameLog>>;
}

/// One game's log.
pub trait GameLog: Send {
    /// Appends an accepted action (before its effects are sent).
    fn append(&mut self, seat: Seat, action: &Action) -> io::Result<()>;
    /// The game ended with this record.
    fn finish(&mut self, record: &Record) -> io::Result<()>;
}

/// Keeps nothing (tests, `--no-storage`).
#[derive(Debug, Default)]
pub struct NoStorage;

struct NoLog;

impl Storage for NoStorage {
    fn begin(&self, _: &str, _: u32, _: &Record) -> io::Result<Box<dyn GameLog>> {
        Ok(Box::new(NoLog))
    }
}

impl GameLog for NoLog {
    fn append(&mut self, _: Seat, _: &Action) -> io::Result<()> {
        Ok(())
    }
    fn finish(&mut self, _: &Record) -> io::Result<()> {
        Ok(())
    }
}

/// JSON-lines files under a data directory.
#[derive(Debug)]
pub struct FileStorage {
    dir: PathBuf,
}

impl FileStorage {
    /// Uses `dir`, creating `dir/games` and `dir/records`.
    pub fn open(dir: impl Into<PathBuf>) -> io::Result<Self> {
        let dir = dir.into();
        fs::create_dir_all(dir.join("games"))?;
        fs::create_dir_all(dir.join("records"))?;
        Ok(FileStorage { dir })
    }
}

struct FileLog {
    file: File,
    record_path: PathBuf,
}

impl Storage for FileStorage {
    fn begin(&self, room: &str, game: u32, start: &Record) -> io::Result<Box<dyn GameLog>> {
        let started = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        let stem = format!("{started}-{room}-{game}");
        let mut file = OpenOptions::new()
            .create_new(true)
            .append(true)
            .open(self.dir.join("games").join(format!("{stem}.jsonl")))?;
        writeln!(file, "{}", serde_json::to_string(start)?)?;
        Ok(Box::new(FileLog {
            file,
            record_path: self.dir.join("records").join(format!("{stem}.json")),
        }))
    }
}

impl GameLog for FileLog {
    fn append(&mut self, seat: Seat, action: &Action) -> io::Result<()> {
        let line = serde_json::to_string(&(seat, action))?;
        // One write per line: a crash leaves whole lines (a torn last line is ignored on read).
        self.file.write_all(format!("{line}\n").as_bytes())
    }

    fn finish(&mut self, record: &Record) -> io::Result<()> {
        self.file.sync_data()?;
        fs::write(&self.record_path, serde_json::to_vec(record)?)
    }
}

/// Reads a game log back into a record (the first line, plus every whole action line).
pub fn read_log(text: &str) -> Result<Record, serde_json::Error> {
    let mut lines = text.lines();
    let mut record: Record = serde_json::from_str(lines.next().unwrap_or(""))?;
    for line in lines {
        match serde_json::from_str::<(Seat, Action)>(line) {
            Ok(entry) => record.actions.push(entry),
            Err(_) => break,
        }
    }
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sgs_engine::{Game, GameConfig};

    #[test]
    fn a_log_replays_to_the_same_game() {
        let dir = std::env::temp_dir().join(format!("sgs-storage-test-{}", std::process::id()));
        let storage = FileStorage::open(&dir).unwrap();
        let mut game = Game::new(GameConfig::white(4), 11).unwrap();
        let mut log = storage.begin("abc", 1, &game.record()).unwrap();
        for _ in 0..20 {
            let prompt = game.prompts()[0].clone();
            let action = prompt.default_action();
            game.act(prompt.seat, action.clone()).unwrap();
            log.append(prompt.seat, &action).unwrap();
        }
        let path = fs::read_dir(dir.join("games"))
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let record = read_log(&fs::read_to_string(path).unwrap()).unwrap();
        assert_eq!(record, game.record());
        assert_eq!(record.replay().unwrap().hash(), game.hash());
        let _ = fs::remove_dir_all(dir);
    }
}
