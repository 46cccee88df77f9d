//! The bot's clock: unix time read off tokio's clock, so that a test that
//! pauses tokio's time moves the game master's deadlines with it.

use chessdip_game::{Clock, SystemClock};

/// Unix seconds = the system time when created + tokio time elapsed since.
#[derive(Debug)]
pub struct TokioClock {
    base: i64,
    start: tokio::time::Instant,
}

impl TokioClock {
    /// Starts at the system time now.
    #[must_use]
    pub fn new() -> TokioClock {
        TokioClock::at(SystemClock.now())
    }

    /// Starts at unix time `base`.
    #[must_use]
    pub fn at(base: i64) -> TokioClock {
        TokioClock { base, start: tokio::time::Instant::now() }
    }
}

impl Default for TokioClock {
    fn default() -> TokioClock {
        TokioClock::new()
    }
}

impl Clock for TokioClock {
    fn now(&self) -> i64 {
        self.base + self.start.elapsed().as_secs() as i64
    }
}
