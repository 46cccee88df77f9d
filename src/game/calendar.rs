//! When phases and their windows open and close.
//!
//! Most games give each phase its own length (movement, adjustment; a
//! hashed game's commit window is the phase's length and its reveal window
//! follows). Chess Wheel+ runs on a weekly cycle in the game's time zone:
//! Move (commitments) Monday to Wednesday, Resolve (reveals) Thursday to
//! Saturday, Replenish on Sunday; or the same pattern compressed into a
//! shorter custom cycle (3/7 move, 3/7 resolve, 1/7 replenish).

use chrono::{Datelike, Duration, NaiveTime, TimeZone, Weekday};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::Settings;
use crate::rules::family::PhaseKind;
use crate::store::Stage;

/// How a game's phases are timed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Cycle {
    /// Each phase lasts its kind's length (and a hashed game's reveal window follows).
    #[default]
    Phases,
    /// The calendar week in the game's time zone: Move Mon-Wed, Resolve Thu-Sat, Replenish Sun.
    Weekly,
    /// The weekly pattern compressed into `secs`: 3/7 move, 3/7 resolve, 1/7 replenish.
    Scaled {
        /// The whole cycle's length.
        secs: i64,
    },
}

/// Reads a time zone name (`UTC`, `Europe/Paris`).
///
/// # Errors
/// An unknown name, with examples of known ones.
pub fn parse_timezone(name: &str) -> Result<Tz, String> {
    name.trim().parse::<Tz>().map_err(|_| {
        format!("`{name}` is not an IANA time zone: write e.g. UTC, Europe/Paris, America/New_York or Asia/Tokyo")
    })
}

/// The first moment at or after `now` (unix seconds) that is 00:00 on `day` in `tz`, strictly after `now`.
fn next_midnight(tz: Tz, now: i64, day: Weekday) -> i64 {
    let Some(local) = tz.timestamp_opt(now, 0).single() else { return now + 86400 };
    let mut date = local.date_naive();
    for _ in 0..8 {
        if date.weekday() == day {
            let t = tz.from_local_datetime(&date.and_time(NaiveTime::MIN)).earliest().map(|d| d.timestamp());
            if let Some(t) = t.filter(|t| *t > now) {
                return t;
            }
        }
        date += Duration::days(1);
    }
    now + 7 * 86400
}

impl Settings {
    /// How the game's phases are timed, in a sentence.
    #[must_use]
    pub fn timing(&self) -> String {
        use super::format_duration as d;
        match (&self.cycle, self.hashed) {
            (Cycle::Phases, false) => {
                format!("Movement phases last {}, adjustments {}.", d(self.movement_secs), d(self.adjustment_secs))
            }
            (Cycle::Phases, true) => format!(
                "Each phase has a commit window of {} ({} for adjustments), then a reveal window of {}.",
                d(self.movement_secs),
                d(self.adjustment_secs),
                d(self.reveal_secs)
            ),
            (Cycle::Weekly, _) => format!(
                "A weekly cycle in {}: move (commitments) Monday to Wednesday, resolve (reveals) Thursday to Saturday, replenish on Sunday.",
                self.timezone
            ),
            (Cycle::Scaled { secs }, _) => format!(
                "A {} cycle: move (commitments) {}, resolve (reveals) {}, replenish {}.",
                d(*secs),
                d(secs * 3 / 7),
                d(secs * 3 / 7),
                d(secs / 7)
            ),
        }
    }

    fn tz(&self) -> Tz {
        parse_timezone(&self.timezone).unwrap_or(Tz::UTC)
    }

    /// How a phase of `kind` opens at `now`: its stage and deadline.
    /// `first` is the game's first phase (a compressed cycle starts with its
    /// move window; later phases start with the replenish pause).
    #[must_use]
    pub fn opening(&self, now: i64, kind: PhaseKind, first: bool) -> (Stage, i64) {
        match self.cycle {
            Cycle::Phases => (self.first_stage(), now + self.phase_secs(kind)),
            Cycle::Weekly => {
                let tz = self.tz();
                let weekday = tz.timestamp_opt(now, 0).single().map_or(Weekday::Mon, |d| d.weekday());
                match weekday {
                    Weekday::Mon | Weekday::Tue | Weekday::Wed => (Stage::Commit, next_midnight(tz, now, Weekday::Thu)),
                    _ => (Stage::Wait, next_midnight(tz, now, Weekday::Mon)),
                }
            }
            Cycle::Scaled { secs } if first => (Stage::Commit, now + secs * 3 / 7),
            Cycle::Scaled { secs } => (Stage::Wait, now + secs / 7),
        }
    }

    /// When a move window opened at `now` (after the replenish pause) closes.
    #[must_use]
    pub fn commit_deadline(&self, now: i64) -> i64 {
        match self.cycle {
            Cycle::Phases => now + self.movement_secs,
            Cycle::Weekly => next_midnight(self.tz(), now, Weekday::Thu),
            Cycle::Scaled { secs } => now + secs * 3 / 7,
        }
    }

    /// When a reveal window opened at `now` closes.
    #[must_use]
    pub fn reveal_deadline(&self, now: i64) -> i64 {
        match self.cycle {
            Cycle::Phases => now + self.reveal_secs,
            Cycle::Weekly => next_midnight(self.tz(), now, Weekday::Sun),
            Cycle::Scaled { secs } => now + secs * 3 / 7,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> i64 {
        chrono::DateTime::parse_from_rfc3339(s).expect("time").timestamp()
    }

    fn weekly(tz: &str) -> Settings {
        Settings { cycle: Cycle::Weekly, hashed: true, timezone: tz.into(), ..Settings::default() }
    }

    #[test]
    fn the_week_runs_move_resolve_replenish() {
        let s = weekly("UTC");
        // 2026-11-23 is a Monday.
        let monday_noon = at("2026-11-23T12:00:00Z");
        assert_eq!(s.opening(monday_noon, PhaseKind::Movement, true), (Stage::Commit, at("2026-11-26T00:00:00Z")));
        assert_eq!(s.reveal_deadline(at("2026-11-26T00:00:00Z")), at("2026-11-29T00:00:00Z"));
        // Resolved on Sunday 00:00: the next phase waits for Monday.
        assert_eq!(
            s.opening(at("2026-11-29T00:00:00Z"), PhaseKind::Movement, false),
            (Stage::Wait, at("2026-11-30T00:00:00Z"))
        );
        assert_eq!(s.commit_deadline(at("2026-11-30T00:00:00Z")), at("2026-12-03T00:00:00Z"));
        // A game started on a Friday waits for Monday.
        assert_eq!(
            s.opening(at("2026-11-27T09:00:00Z"), PhaseKind::Movement, true),
            (Stage::Wait, at("2026-11-30T00:00:00Z"))
        );
    }

    #[test]
    fn the_week_is_counted_in_the_games_time_zone() {
        let s = weekly("Asia/Tokyo");
        // Sunday 2026-11-22 20:00 UTC is Monday 05:00 in Tokyo: the move window is open.
        let (stage, deadline) = s.opening(at("2026-11-22T20:00:00Z"), PhaseKind::Movement, true);
        assert_eq!(stage, Stage::Commit);
        assert_eq!(deadline, at("2026-11-25T15:00:00Z"), "Thursday 00:00 in Tokyo");
        assert!(parse_timezone("Mars/Olympus").unwrap_err().contains("IANA"));
    }

    #[test]
    fn a_scaled_cycle_keeps_the_proportions() {
        let s = Settings { cycle: Cycle::Scaled { secs: 7 * 3600 }, hashed: true, ..Settings::default() };
        assert_eq!(s.opening(0, PhaseKind::Movement, true), (Stage::Commit, 3 * 3600));
        assert_eq!(s.reveal_deadline(3 * 3600), 6 * 3600);
        assert_eq!(s.opening(6 * 3600, PhaseKind::Movement, false), (Stage::Wait, 7 * 3600));
        assert_eq!(s.commit_deadline(7 * 3600), 10 * 3600);
    }
}
