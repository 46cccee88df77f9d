//! How much a bot may think: a time budget (the game master's `bot_think_ms`,
//! the arena's `--budget-ms`) and a budget of work counted in the bot's own
//! units ("nodes": positions evaluated, phases adjudicated). Whichever runs
//! out first stops the search. The node budget makes play reproducible on
//! any machine; the time budget only guarantees an answer in time, and a
//! decision it cut short says so ([`super::Stats::stopped_by_time`]).

use std::time::{Duration, Instant};

/// A bot's thinking budget for one decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most wall time one decision may take (the bot answers within
    /// this plus the few milliseconds of writing its orders).
    pub time: Duration,
    /// The most work, in nodes; `None` for the game's own default, which
    /// keeps a typical decision well inside the default time.
    pub nodes: Option<u64>,
}

impl Limits {
    /// The default time budget: 500 ms a decision.
    pub const DEFAULT_TIME: Duration = Duration::from_millis(500);

    /// A budget of `time` with the game's default node budget.
    #[must_use]
    pub const fn with_time(time: Duration) -> Limits {
        Limits { time, nodes: None }
    }

    /// The same budget with at most `nodes` nodes of work.
    #[must_use]
    pub const fn nodes(self, nodes: u64) -> Limits {
        Limits { time: self.time, nodes: Some(nodes) }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::with_time(Limits::DEFAULT_TIME)
    }
}

/// The share of the time budget the search may use: the rest is a margin
/// for writing the answer and for a busy machine, where the time between
/// two looks at the clock stretches.
const SOFT_SHARE: f64 = 0.7;

/// The clock of one decision: counts nodes and watches the time.
#[derive(Debug)]
pub(crate) struct Clock {
    start: Instant,
    /// When searching stops: a little before the budget, to leave time to
    /// write the answer.
    soft: Duration,
    nodes: u64,
    max_nodes: u64,
    stopped_by_time: bool,
}

impl Clock {
    /// A clock for `limits`, `default_nodes` standing in for a missing node budget.
    pub(crate) fn new(limits: Limits, default_nodes: u64) -> Clock {
        let soft = limits.time.mul_f64(SOFT_SHARE).saturating_sub(Duration::from_millis(2));
        Clock {
            start: Instant::now(),
            soft,
            nodes: 0,
            max_nodes: limits.nodes.unwrap_or(default_nodes).max(1),
            stopped_by_time: false,
        }
    }

    /// Counts `n` nodes of work.
    pub(crate) fn tick(&mut self, n: u64) {
        self.nodes = self.nodes.saturating_add(n);
    }

    /// Whether the budget is spent: the nodes, or the time (remembered).
    pub(crate) fn out(&mut self) -> bool {
        if self.nodes >= self.max_nodes {
            return true;
        }
        if self.stopped_by_time || self.start.elapsed() >= self.soft {
            self.stopped_by_time = true;
            return true;
        }
        false
    }

    /// The node budget.
    pub(crate) fn max_nodes(&self) -> u64 {
        self.max_nodes
    }

    /// Nodes counted so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the time ran out before the nodes did.
    pub(crate) fn stopped_by_time(&self) -> bool {
        self.stopped_by_time
    }

    /// Time since the decision began.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_run_out_before_a_long_time() {
        let mut c = Clock::new(Limits::with_time(Duration::from_secs(60)).nodes(10), 1000);
        c.tick(9);
        assert!(!c.out());
        c.tick(1);
        assert!(c.out());
        assert!(!c.stopped_by_time(), "the nodes ran out, not the time");
    }

    #[test]
    fn a_zero_time_budget_stops_at_once_and_says_so() {
        let mut c = Clock::new(Limits::with_time(Duration::ZERO), u64::MAX);
        assert!(c.out());
        assert!(c.stopped_by_time());
        assert_eq!(Clock::new(Limits::default(), 77).max_nodes(), 77, "the game's default stands in");
    }
}
