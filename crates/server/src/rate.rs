//! [`RateLimit`]: a per-connection token bucket. A connection that keeps sending past its
//! budget is a flood and is closed with 1008 (policy violation).

use std::time::Instant;

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

    /// May one more message pass now? A refusal counts a strike.
    pub fn allow(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.per_sec).min(self.burst);
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
}
