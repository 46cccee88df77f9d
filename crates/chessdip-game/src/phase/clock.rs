//! Time for the service: clocks, and durations as players write them.

use std::sync::atomic::{AtomicI64, Ordering};

use crate::GameError;

/// Time, in unix seconds: the system clock, or a manual one for tests and the console.
pub trait Clock: Send + Sync + std::fmt::Debug {
    /// Now.
    fn now(&self) -> i64;
}

/// The system clock.
#[derive(Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
    }
}

/// A clock that moves only when told.
#[derive(Debug)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    /// Starting at `t`.
    #[must_use]
    pub fn new(t: i64) -> ManualClock {
        ManualClock(AtomicI64::new(t))
    }
    /// Moves the clock forward.
    pub fn advance(&self, secs: i64) {
        self.0.fetch_add(secs, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// `2d 3h`, `45m`, `30s`. From a minute up, seconds are not shown, so the
/// time is rounded to the nearest minute first: a deadline 2d 13h 59m 59s
/// away (a second after it was exactly 2d 14h) reads `2d 14h`, not `2d 13h`.
#[must_use]
pub fn format_duration(secs: i64) -> String {
    let secs = secs.max(0);
    if secs < 60 {
        return format!("{secs}s");
    }
    let secs = secs.saturating_add(30) / 60 * 60;
    let (d, h, m) = (secs / 86400, secs % 86400 / 3600, secs % 3600 / 60);
    match (d, h, m) {
        (0, 0, 0) => format!("{secs}s"),
        (0, 0, m) => format!("{m}m"),
        (0, h, 0) => format!("{h}h"),
        (0, h, m) => format!("{h}h {m}m"),
        (d, 0, _) => format!("{d}d"),
        (d, h, _) => format!("{d}d {h}h"),
    }
}

/// Parses `48h`, `2d`, `90m`, `1d12h`, `30s`.
///
/// # Errors
/// A message saying what a duration looks like.
pub fn parse_duration(text: &str) -> Result<i64, GameError> {
    let bad = || GameError::Invalid(format!("`{text}` is not a duration: write e.g. 48h, 2d, 90m or 1d12h"));
    let mut total = 0i64;
    let mut num = String::new();
    let mut any = false;
    for c in text.trim().chars() {
        if c.is_ascii_digit() {
            num.push(c);
            continue;
        }
        let unit = match c.to_ascii_lowercase() {
            'd' => 86400,
            'h' => 3600,
            'm' => 60,
            's' => 1,
            ' ' => continue,
            _ => return Err(bad()),
        };
        let n: i64 = num.parse().map_err(|_| bad())?;
        total = total.checked_add(n.checked_mul(unit).ok_or_else(bad)?).ok_or_else(bad)?;
        num.clear();
        any = true;
    }
    if !num.is_empty() || !any || total <= 0 {
        return Err(bad());
    }
    Ok(total)
}

/// The range a duration must fall in, with what it is for (for the error).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// What the duration is (`a phase`, `a cycle`).
    pub what: &'static str,
    /// Shortest, in seconds.
    pub min: i64,
    /// Longest, in seconds.
    pub max: i64,
}

impl Bounds {
    /// A phase, a reveal window, an extension or a new deadline: 1 minute to 90 days.
    pub const PHASE: Bounds = Bounds { what: "a phase or window", min: 60, max: 90 * 86400 };
    /// A compressed Chess Wheel+ cycle: 7 minutes (a minute for each day) to 90 days.
    pub const CYCLE: Bounds = Bounds { what: "a cycle", min: 7 * 60, max: 90 * 86400 };
    /// A deadline change by a moderator: 1 minute to 90 days.
    pub const CHANGE: Bounds = Bounds { what: "an extension or a new deadline", min: 60, max: 90 * 86400 };
    /// How long a game nobody plays waits before it ends as abandoned: 1 hour to a year.
    pub const ABANDON: Bounds = Bounds { what: "abandon-after", min: 3600, max: 365 * 86400 };
    /// How long after its game ends a channel the bot made is archived: 1 hour to a year.
    pub const ARCHIVE: Bounds = Bounds { what: "archive-after", min: 3600, max: 365 * 86400 };

    /// Checks `secs` against the bounds.
    ///
    /// # Errors
    /// Out of range, naming the bound that was broken.
    pub fn check(self, secs: i64, written: &str) -> Result<i64, GameError> {
        if (self.min..=self.max).contains(&secs) {
            Ok(secs)
        } else {
            let (too, least, bound) =
                if secs < self.min { ("short", "least", self.min) } else { ("long", "most", self.max) };
            Err(GameError::Invalid(format!(
                "`{written}` is too {too} for {}: it must be at {least} {}",
                self.what,
                format_duration(bound)
            )))
        }
    }
}

/// Parses a duration (as [`parse_duration`]) and checks it against `bounds`.
///
/// # Errors
/// Not a duration, or out of bounds, saying which bounds.
pub fn parse_duration_within(text: &str, bounds: Bounds) -> Result<i64, GameError> {
    bounds.check(parse_duration(text)?, text.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_round_trip_and_refuse_nonsense() {
        assert_eq!(parse_duration("48h").ok(), Some(48 * 3600));
        assert_eq!(parse_duration("1d12h").ok(), Some(36 * 3600));
        assert_eq!(parse_duration("90m").ok(), Some(5400));
        assert_eq!(format_duration(36 * 3600), "1d 12h");
        assert_eq!(format_duration(5400), "1h 30m");
        // A second or two after a round time reads as the round time (the console's clock runs).
        assert_eq!(format_duration(2 * 86400 + 14 * 3600 - 1), "2d 14h");
        assert_eq!(format_duration(18 * 3600 - 2), "18h");
        assert_eq!(format_duration(3 * 3600 + 29), "3h");
        assert_eq!(format_duration(3 * 3600 + 31), "3h 1m");
        assert_eq!(format_duration(59), "59s");
        assert_eq!(format_duration(89), "1m");
        assert_eq!(format_duration(i64::MAX), format_duration(i64::MAX - 1));
        for bad in ["", "h", "12", "2x", "-3h", "0m", "99999999999999999999d"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn bounded_durations_name_their_bounds() {
        assert_eq!(parse_duration_within("90d", Bounds::PHASE).ok(), Some(90 * 86400));
        let e = parse_duration_within("9223372036854775807s", Bounds::PHASE).unwrap_err().to_string();
        assert!(e.contains("too long for a phase or window: it must be at most 90d"), "{e}");
        let e = parse_duration_within("1s", Bounds::CYCLE).unwrap_err().to_string();
        assert!(e.contains("too short for a cycle: it must be at least 7m"), "{e}");
    }
}
