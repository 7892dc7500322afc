//! Messages sent to many, serialized once: the parts every receiver of an `update` or a
//! `game_over` shares (the events of a seat's share, the clocks, the outcome, the record) are
//! turned into JSON once ([`Json`]) and spliced into each receiver's message, which differs only
//! in its `seq` and its own prompt. The bytes are exactly those of the [`ServerMsg`] the
//! message stands for (the tests compare them), so clients cannot tell the difference.
//!
//! Serialization only: nothing here decides who receives what.

use serde::Serialize;
use serde_json::value::RawValue;

use sgs_engine::Prompt;

use crate::room::{PendingPrompt, Reach};
#[cfg(doc)]
use crate::server::ServerMsg;

/// A value already serialized as JSON.
#[derive(Debug)]
pub struct Json(Box<RawValue>);

impl Json {
    /// Serializes `value` once.
    pub fn of<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<Json> {
        serde_json::value::to_raw_value(value).map(Json)
    }

    /// The JSON text.
    pub fn get(&self) -> &str {
        self.0.get()
    }
}

/// A [`PendingPrompt`] that borrows its prompt (serialized the same).
#[derive(Debug, Serialize)]
pub struct PromptRef<'a> {
    pub prompt_id: u64,
    pub prompt: &'a Prompt,
    pub remaining_ms: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reach: Option<Reach>,
}

impl<'a> From<&'a PendingPrompt> for PromptRef<'a> {
    fn from(pending: &'a PendingPrompt) -> Self {
        PromptRef {
            prompt_id: pending.prompt_id,
            prompt: &pending.prompt,
            remaining_ms: pending.remaining_ms,
            reach: pending.reach.clone(),
        }
    }
}

/// [`ServerMsg::Update`] with its shared parts serialized.
#[derive(Serialize)]
#[serde(tag = "type", rename = "update")]
struct Update<'a> {
    seq: u64,
    events: &'a RawValue,
    clocks: &'a RawValue,
    #[serde(skip_serializing_if = "Option::is_none")]
    prompt: Option<PromptRef<'a>>,
}

/// [`ServerMsg::GameOver`] with its shared parts serialized.
#[derive(Serialize)]
#[serde(tag = "type", rename = "game_over")]
struct GameOver<'a> {
    seq: u64,
    outcome: &'a RawValue,
    #[serde(skip_serializing_if = "Option::is_none")]
    record: Option<&'a RawValue>,
}

/// The text of `ServerMsg::Update { seq, events, clocks, prompt }`, `events` and `clocks`
/// serialized beforehand.
pub fn update(
    seq: u64,
    events: &Json,
    clocks: &Json,
    prompt: Option<PromptRef<'_>>,
) -> serde_json::Result<String> {
    serde_json::to_string(&Update {
        seq,
        events: &events.0,
        clocks: &clocks.0,
        prompt,
    })
}

/// The text of `ServerMsg::GameOver { seq, outcome, record }`, `outcome` and `record`
/// serialized beforehand.
pub fn game_over(seq: u64, outcome: &Json, record: Option<&Json>) -> serde_json::Result<String> {
    serde_json::to_string(&GameOver {
        seq,
        outcome: &outcome.0,
        record: record.map(|r| &*r.0),
    })
}

// Tests only: an unwrap here fails the test.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::Clock;
    use crate::server::ServerMsg;
    use sgs_engine::{sim, Game, GameConfig, Seat};

    /// A finished random game: its events for a seat, a prompt, its outcome and record.
    fn game() -> Game {
        sim::play_random(GameConfig::default(), 7, 5_000, |_, _, _| {}).unwrap()
    }

    #[test]
    fn an_update_prepared_is_the_update_serialized() {
        let mut game = Game::new(GameConfig::default(), 3).unwrap();
        let events = game.take_events();
        let prompt = game.prompts()[0].clone();
        let clocks: Vec<Clock> = game
            .view_spectator()
            .waiting
            .into_iter()
            .map(|waiting| Clock {
                seat: waiting.seat,
                kind: waiting.kind,
                remaining_ms: 1234,
            })
            .collect();
        for seat in [Some(Seat(0)), Some(Seat(1)), None] {
            let share = events.for_viewer(seat);
            let pending = PendingPrompt {
                prompt_id: 9,
                prompt: prompt.clone(),
                remaining_ms: 88,
                reach: None,
            };
            for prompt in [Some(pending), None] {
                let whole = ServerMsg::Update {
                    seq: 42,
                    events: share.clone(),
                    clocks: clocks.clone(),
                    prompt: prompt.clone(),
                };
                let prepared = update(
                    42,
                    &Json::of(&share).unwrap(),
                    &Json::of(&clocks).unwrap(),
                    prompt.as_ref().map(PromptRef::from),
                )
                .unwrap();
                assert_eq!(prepared, serde_json::to_string(&whole).unwrap());
            }
        }
    }

    #[test]
    fn a_game_over_prepared_is_the_game_over_serialized() {
        let game = game();
        let outcome = game.outcome().cloned().unwrap();
        let record = game.record();
        for record in [Some(Box::new(record)), None] {
            let whole = ServerMsg::GameOver {
                seq: 5,
                outcome: outcome.clone(),
                record: record.clone(),
            };
            let record = record.map(|r| Json::of(&r).unwrap());
            let prepared = game_over(5, &Json::of(&outcome).unwrap(), record.as_ref()).unwrap();
            assert_eq!(prepared, serde_json::to_string(&whole).unwrap());
        }
    }
}
