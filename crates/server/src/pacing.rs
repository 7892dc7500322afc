//! [`Pacing`]: how long an automatic answer waits in a room with people, so that when a seat
//! answers tells nothing about what it holds (decision record 0006).
//!
//! A window (a request for 闪, 桃 or 无懈可击) that a seat can only pass is answered by the
//! server; one where it could answer is answered by its player. For people, the server's
//! pass waits a time drawn from **that player's own recent think times** in windows where it
//! had a choice — a deadline it let run out counts as the whole timeout, and a pass drawn from
//! such a sample lets the deadline run out too (the seat goes into trusteeship just as it would
//! have) — so a spectator sees the same spread of delays whether or not the seat held an
//! answer. Until a player has [`MIN_SAMPLES`], the delay is drawn from the configured range
//! (`--pass-delay-min-ms`..`--pass-delay-max-ms`), as are the answers of bots and of seats in
//! trusteeship (their timing never depends on a hand). Rooms without people do not wait.

use std::collections::{HashMap, VecDeque};
use std::time::Duration;

use rand::Rng;
use sgs_engine::{Prompt, PromptKind};
use sgs_protocol::PlayerId;

/// Think times kept per player.
pub const SAMPLES: usize = 64;

/// Think times a player needs before its own are drawn from.
pub const MIN_SAMPLES: usize = 8;

/// One recorded think time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sample {
    ms: u64,
    /// The deadline ran out.
    timeout: bool,
}

/// When the server's automatic answer comes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    /// After this long.
    For(Duration),
    /// At the deadline, as a seat whose player does not answer (trusteeship takes over).
    Deadline,
}

/// Every person's recent think times in windows, by player.
#[derive(Debug, Default)]
pub struct Pacing {
    players: HashMap<PlayerId, VecDeque<Sample>>,
}

/// Is `prompt` a window: a decision a seat may have no way to answer but passing?
pub fn is_window(prompt: &Prompt) -> bool {
    matches!(
        prompt.kind,
        PromptKind::Respond { .. } | PromptKind::Save { .. } | PromptKind::Nullify { .. }
    )
}

impl Pacing {
    /// `player` answered a window where it had a choice after `think` (or let the deadline run
    /// out).
    pub fn record(&mut self, player: PlayerId, think: Duration, timeout: bool) {
        let samples = self.players.entry(player).or_default();
        if samples.len() >= SAMPLES {
            samples.pop_front();
        }
        samples.push_back(Sample {
            ms: u64::try_from(think.as_millis()).unwrap_or(u64::MAX),
            timeout,
        });
    }

    /// Forgets a player who left the room.
    pub fn forget(&mut self, player: PlayerId) {
        self.players.remove(&player);
    }

    /// How long the server waits before passing for `player`'s seat (`None`: a bot or a seat
    /// in trusteeship), at most `cap`; `prior` is the configured range in milliseconds.
    pub fn wait(
        &self,
        player: Option<PlayerId>,
        rng: &mut impl Rng,
        prior: (u64, u64),
        cap: Duration,
    ) -> Wait {
        let own = player
            .and_then(|p| self.players.get(&p))
            .filter(|samples| samples.len() >= MIN_SAMPLES);
        let delay = match own {
            Some(samples) => {
                let sample = samples[rng.gen_range(0..samples.len())];
                if sample.timeout {
                    return Wait::Deadline;
                }
                // A little spread, so a delay never repeats an answer's exactly.
                let jitter = rng.gen_range(0.95..1.05);
                Duration::from_millis((sample.ms as f64 * jitter) as u64)
            }
            None => {
                let (low, high) = (prior.0.min(prior.1), prior.0.max(prior.1));
                Duration::from_millis(rng.gen_range(low..=high))
            }
        };
        Wait::For(delay.min(cap))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// A person's think time: log-normal, median 2 s (a realistic spread of 0.7 s … 6 s).
    fn think(rng: &mut impl Rng) -> Duration {
        let z: f64 = (0..12).map(|_| rng.gen_range(0.0..1.0)).sum::<f64>() - 6.0;
        Duration::from_millis((2_000.0 * (0.5 * z).exp()) as u64)
    }

    /// The best accuracy of any rule "slower than t ⇒ holds an answer" (or faster), on equal
    /// numbers of windows with and without an answer.
    pub fn best_threshold(with: &[u64], without: &[u64]) -> f64 {
        let mut all: Vec<u64> = with.iter().chain(without).copied().collect();
        all.sort_unstable();
        let mut best: f64 = 0.5;
        for &t in &all {
            let slow_with = with.iter().filter(|&&d| d > t).count() as f64 / with.len() as f64;
            let slow_without =
                without.iter().filter(|&&d| d > t).count() as f64 / without.len() as f64;
            let accuracy = 0.5 + (slow_with - slow_without).abs() / 2.0;
            best = best.max(accuracy);
        }
        best
    }

    /// With the old fixed range a slow thinker is told apart; drawing from its own think
    /// times, the best threshold rule is barely better than a coin.
    #[test]
    fn a_persons_passes_look_like_its_answers() {
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let prior = (600, 2_500);
        let cap = Duration::from_secs(15);
        let mut pacing = Pacing::default();
        let (mut with, mut without, mut old) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..4_000 {
            let t = think(&mut rng).min(cap);
            pacing.record(7, t, false);
            with.push(t.as_millis() as u64);
            let Wait::For(delay) = pacing.wait(Some(7), &mut rng, prior, cap) else {
                panic!("no timeouts were recorded")
            };
            without.push(delay.as_millis() as u64);
            old.push(rng.gen_range(prior.0..=prior.1));
        }
        let old = best_threshold(&with, &old);
        let new = best_threshold(&with, &without);
        assert!(old > 0.62, "the old fixed range tells: {old}");
        assert!(new < 0.55, "drawn from the player's own times: {new}");
    }

    #[test]
    fn a_player_who_lets_deadlines_run_out_gets_its_passes_at_the_deadline() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut pacing = Pacing::default();
        let cap = Duration::from_secs(10);
        for _ in 0..MIN_SAMPLES {
            assert!(
                matches!(pacing.wait(Some(1), &mut rng, (5, 9), cap), Wait::For(d) if d <= Duration::from_millis(9))
            );
            pacing.record(1, cap, true);
        }
        assert_eq!(pacing.wait(Some(1), &mut rng, (5, 9), cap), Wait::Deadline);
        assert!(
            matches!(pacing.wait(None, &mut rng, (5, 9), cap), Wait::For(_)),
            "bots keep the range"
        );
    }
}
