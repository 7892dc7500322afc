//! [`RateLimit`]: a per-connection token bucket. A connection that keeps sending past its
//! budget is a flood and is closed with 1008 (policy violation).
//!
//! A prompt is a question the server asks, and its answer is owed: every new prompt sent to a
//! connection gives it one token on top of the bucket ([`RateLimit::credit`]), so a seat that
//! answers each prompt at once never runs out, however fast its game goes (a table of people who
//! answer at once plays hundreds of prompts a second).

use std::time::Instant;

/// Most tokens owed answers may add above the burst (a peer that leaves prompts unanswered
/// cannot save up a flood).
pub const MAX_CREDIT: f64 = 16.0;

/// Tokens refill at `per_sec` up to `burst`; each message costs one.
#[derive(Debug)]
pub struct RateLimit {
    per_sec: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
    /// Messages refused so far.
    pub strikes: u32,
}

impl RateLimit {
    pub fn new(per_sec: f64, burst: f64) -> Self {
        let burst = burst.max(1.0);
        RateLimit {
            per_sec: per_sec.max(0.0),
            burst,
            tokens: burst,
            last: Instant::now(),
            strikes: 0,
        }
    }

    /// `prompts` new prompts were sent: their answers are owed one token each.
    pub fn credit(&mut self, prompts: u32) {
        if prompts > 0 {
            self.tokens = (self.tokens + f64::from(prompts)).min(self.burst + MAX_CREDIT);
        }
    }

    /// May one more message pass now? A refusal counts a strike.
    pub fn allow(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        // Refilling stops at the burst; credit above it is kept.
        if self.tokens < self.burst {
            self.tokens = (self.tokens + elapsed * self.per_sec).min(self.burst);
        }
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            self.strikes = self.strikes.saturating_add(1);
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_burst_passes_then_the_rate_applies() {
        let start = Instant::now();
        let mut limit = RateLimit::new(10.0, 3.0);
        assert!((0..3).all(|_| limit.allow(start)));
        assert!(!limit.allow(start));
        assert_eq!(limit.strikes, 1);
        assert!(limit.allow(start + Duration::from_millis(150)));
    }

    #[test]
    fn owed_answers_pass_an_empty_bucket_but_cannot_be_saved_up() {
        let start = Instant::now();
        let mut limit = RateLimit::new(1.0, 2.0);
        assert!(limit.allow(start) && limit.allow(start));
        assert!(!limit.allow(start));
        limit.credit(1);
        assert!(limit.allow(start));
        assert!(!limit.allow(start));
        limit.credit(1_000);
        let passed = (0..1_000).take_while(|_| limit.allow(start)).count();
        assert_eq!(passed, 2 + MAX_CREDIT as usize);
    }
}
