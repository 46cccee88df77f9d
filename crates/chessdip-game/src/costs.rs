//! What the process has spent on the rules: the time and count of every
//! resolution's adjudication, summed since the process started. Read by the
//! storm harness and by operators' measurements to split a resolution's cost
//! into the rules and everything around them (storage, texts); drawing is
//! timed where images are drawn.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

static RULES_NANOS: AtomicU64 = AtomicU64::new(0);
static RULES_RUNS: AtomicU64 = AtomicU64::new(0);

/// Adds one adjudication that took `took`.
pub(crate) fn rules(took: Duration) {
    RULES_NANOS.fetch_add(u64::try_from(took.as_nanos()).unwrap_or(u64::MAX), Ordering::Relaxed);
    RULES_RUNS.fetch_add(1, Ordering::Relaxed);
}

/// The adjudications so far: how many, and their time in all.
#[must_use]
pub fn rules_so_far() -> (u64, Duration) {
    (RULES_RUNS.load(Ordering::Relaxed), Duration::from_nanos(RULES_NANOS.load(Ordering::Relaxed)))
}
