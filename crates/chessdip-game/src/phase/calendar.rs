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

use crate::lifecycle::Stage;
use crate::Settings;
use chessdip_rules::family::PhaseKind;

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

/// The part of a calendar cycle an instant falls in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Window {
    /// Move: commitments (Monday to Wednesday).
    Move,
    /// Resolve: reveals (Thursday to Saturday).
    Resolve,
    /// Replenish: the pause before the next move window (Sunday).
    Replenish,
}

impl Cycle {
    /// Whether the game's windows follow a calendar (weekly or compressed)
    /// rather than each phase's own length.
    #[must_use]
    pub fn is_calendar(&self) -> bool {
        !matches!(self, Cycle::Phases)
    }
}

impl Settings {
    /// How the game's phases are timed, in a sentence; the length of
    /// adjustment phases only for a variant that has them.
    /// With fixed-time deadlines, the rule follows: each phase ends at the
    /// fixed local time, the first at least that long after it opens.
    #[must_use]
    pub fn timing(&self, adjustments: bool) -> String {
        let lengths = self.lengths(adjustments);
        match self.fixed_time_rule() {
            Some(rule) if !self.cycle.is_calendar() => format!(
                "{lengths} Fixed-time deadlines: each {} {rule}, the first such time at least that long after it opens.",
                if self.hashed { "window" } else { "phase" }
            ),
            _ => lengths,
        }
    }

    fn lengths(&self, adjustments: bool) -> String {
        use crate::format_duration as d;
        match (&self.cycle, self.hashed) {
            (Cycle::Phases, false) if adjustments => {
                format!("Movement phases last {}, adjustments {}.", d(self.movement_secs), d(self.adjustment_secs))
            }
            (Cycle::Phases, false) => format!("Movement phases last {}.", d(self.movement_secs)),
            (Cycle::Phases, true) if adjustments => format!(
                "Each phase has a commit window of {} ({} for adjustments), then a reveal window of {}.",
                d(self.movement_secs),
                d(self.adjustment_secs),
                d(self.reveal_secs)
            ),
            (Cycle::Phases, true) => format!(
                "Each phase has a commit window of {}, then a reveal window of {}.",
                d(self.movement_secs),
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
                d(secs * 6 / 7 - secs * 3 / 7),
                d(secs - secs * 6 / 7)
            ),
        }
    }

    /// The game's time zone (UTC if the stored name does not parse).
    pub(crate) fn tz(&self) -> Tz {
        parse_timezone(&self.timezone).unwrap_or(Tz::UTC)
    }

    /// The calendar window `t` falls in and when it ends; `None` for games
    /// whose phases take their own lengths.
    #[must_use]
    pub fn window_at(&self, t: i64) -> Option<(Window, i64)> {
        match self.cycle {
            Cycle::Phases => None,
            Cycle::Weekly => {
                let tz = self.tz();
                let weekday = tz.timestamp_opt(t, 0).single().map_or(Weekday::Mon, |d| d.weekday());
                Some(match weekday {
                    Weekday::Mon | Weekday::Tue | Weekday::Wed => (Window::Move, next_midnight(tz, t, Weekday::Thu)),
                    Weekday::Thu | Weekday::Fri | Weekday::Sat => (Window::Resolve, next_midnight(tz, t, Weekday::Sun)),
                    Weekday::Sun => (Window::Replenish, next_midnight(tz, t, Weekday::Mon)),
                })
            }
            Cycle::Scaled { secs } => {
                let secs = secs.max(1);
                let anchor = self.anchor.unwrap_or(0);
                let base = anchor.saturating_add(t.saturating_sub(anchor).div_euclid(secs).saturating_mul(secs));
                let off = t.saturating_sub(base);
                let (m1, m2) = (secs * 3 / 7, secs * 6 / 7);
                Some(if off < m1 {
                    (Window::Move, base + m1)
                } else if off < m2 {
                    (Window::Resolve, base + m2)
                } else {
                    (Window::Replenish, base + secs)
                })
            }
        }
    }

    /// When the next move window of the calendar starts, at or after `now`
    /// (`now` itself if a move window is under way).
    #[must_use]
    pub fn next_move_start(&self, now: i64) -> i64 {
        let mut t = now;
        // Move, Resolve, Replenish: at most three windows on.
        for _ in 0..4 {
            match self.window_at(t) {
                Some((Window::Move, _)) | None => return t,
                Some((_, end)) => t = end,
            }
        }
        t
    }

    /// How a phase of `kind` opens at `now`: its stage and deadline. A
    /// calendar game opens with its move window if the calendar is in one,
    /// otherwise it waits for the next.
    #[must_use]
    pub fn opening(&self, now: i64, kind: PhaseKind) -> (Stage, i64) {
        match self.window_at(now) {
            None => (self.first_stage(), self.deadline_after(now, self.phase_secs(kind))),
            Some((Window::Move, end)) => (Stage::Commit, end),
            Some(_) => (Stage::Wait, self.next_move_start(now)),
        }
    }

    /// Leaving the wait before a move window at `now`: the commit window
    /// opens if the calendar is in a move window (or, `forced` by a
    /// moderator, on the replenish day before one), and closes at the
    /// window's calendar end; otherwise the phase keeps waiting for the next
    /// move window, so that windows never drift off the calendar.
    #[must_use]
    pub fn enter_commit(&self, now: i64, forced: bool) -> (Stage, i64) {
        match self.window_at(now) {
            None => (Stage::Commit, self.deadline_after(now, self.movement_secs)),
            Some((Window::Move, end)) => (Stage::Commit, end),
            Some((Window::Replenish, end)) if forced => {
                (Stage::Commit, self.window_at(end).map_or(end, |(_, move_end)| move_end))
            }
            Some(_) => (Stage::Wait, self.next_move_start(now)),
        }
    }

    /// When a reveal window opened at `now` closes: a phase's reveal length,
    /// or the end of the calendar's resolve window (the one under way, or
    /// after a move window closed early by a moderator the next one; after
    /// downtime that ran into the replenish day, the end of that day).
    #[must_use]
    pub fn reveal_deadline(&self, now: i64) -> i64 {
        match self.window_at(now) {
            None => self.deadline_after(now, self.reveal_secs),
            Some((Window::Move, end)) => self.window_at(end).map_or(end, |(_, resolve_end)| resolve_end),
            Some((_, end)) => end,
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
        assert_eq!(s.opening(monday_noon, PhaseKind::Movement), (Stage::Commit, at("2026-11-26T00:00:00Z")));
        assert_eq!(s.reveal_deadline(at("2026-11-26T00:00:00Z")), at("2026-11-29T00:00:00Z"));
        // Resolved on Sunday 00:00: the next phase waits for Monday.
        assert_eq!(
            s.opening(at("2026-11-29T00:00:00Z"), PhaseKind::Movement),
            (Stage::Wait, at("2026-11-30T00:00:00Z"))
        );
        assert_eq!(s.enter_commit(at("2026-11-30T00:00:00Z"), false), (Stage::Commit, at("2026-12-03T00:00:00Z")));
        // A game started on a Friday waits for Monday.
        assert_eq!(
            s.opening(at("2026-11-27T09:00:00Z"), PhaseKind::Movement),
            (Stage::Wait, at("2026-11-30T00:00:00Z"))
        );
    }

    #[test]
    fn the_week_is_counted_in_the_games_time_zone() {
        let s = weekly("Asia/Tokyo");
        // Sunday 2026-11-22 20:00 UTC is Monday 05:00 in Tokyo: the move window is open.
        let (stage, deadline) = s.opening(at("2026-11-22T20:00:00Z"), PhaseKind::Movement);
        assert_eq!(stage, Stage::Commit);
        assert_eq!(deadline, at("2026-11-25T15:00:00Z"), "Thursday 00:00 in Tokyo");
        assert!(parse_timezone("Mars/Olympus").unwrap_err().contains("IANA"));
    }

    #[test]
    fn a_scaled_cycle_keeps_the_proportions() {
        let s =
            Settings { cycle: Cycle::Scaled { secs: 7 * 3600 }, hashed: true, anchor: Some(0), ..Settings::default() };
        assert_eq!(s.opening(0, PhaseKind::Movement), (Stage::Commit, 3 * 3600));
        assert_eq!(s.reveal_deadline(3 * 3600), 6 * 3600);
        assert_eq!(s.opening(6 * 3600, PhaseKind::Movement), (Stage::Wait, 7 * 3600));
        assert_eq!(s.enter_commit(7 * 3600, false), (Stage::Commit, 10 * 3600));
    }

    #[test]
    fn windows_stay_on_the_calendar_after_downtime_and_forces() {
        let s = weekly("UTC");
        // The wait ended on Monday but the bot was down until Friday: the
        // move window is not opened across the resolve days; it waits for Monday.
        assert_eq!(s.enter_commit(at("2026-11-27T10:00:00Z"), false), (Stage::Wait, at("2026-11-30T00:00:00Z")));
        assert_eq!(s.enter_commit(at("2026-11-27T10:00:00Z"), true), (Stage::Wait, at("2026-11-30T00:00:00Z")));
        // Forced on the Sunday pause: the move window opens and still ends on Thursday.
        assert_eq!(s.enter_commit(at("2026-11-29T10:00:00Z"), true), (Stage::Commit, at("2026-12-03T00:00:00Z")));
        // Commitments closed early by a moderator on Tuesday: reveals run to Sunday, as on the calendar.
        assert_eq!(s.reveal_deadline(at("2026-11-24T10:00:00Z")), at("2026-11-29T00:00:00Z"));
        // The commit deadline passed while the bot was down until Sunday: reveals get the rest of Sunday only.
        assert_eq!(s.reveal_deadline(at("2026-11-29T10:00:00Z")), at("2026-11-30T00:00:00Z"));
        // A resolution late on Monday (downtime) opens the move window at once, still ending Thursday.
        assert_eq!(
            s.opening(at("2026-11-30T15:00:00Z"), PhaseKind::Movement),
            (Stage::Commit, at("2026-12-03T00:00:00Z"))
        );
    }

    #[test]
    fn the_calendar_follows_daylight_saving() {
        let s = weekly("Europe/Paris");
        // Paris leaves summer time on Sunday 2026-10-25: Monday 00:00 is 23:00 UTC the day before.
        assert_eq!(
            s.opening(at("2026-10-24T12:00:00Z"), PhaseKind::Movement),
            (Stage::Wait, at("2026-10-25T23:00:00Z"))
        );
        // Thursday 2026-10-22 00:00 in Paris (summer time) is 22:00 UTC on Wednesday.
        assert_eq!(s.enter_commit(at("2026-10-19T08:00:00Z"), false), (Stage::Commit, at("2026-10-21T22:00:00Z")));
    }

    #[test]
    fn a_scaled_cycle_is_anchored_to_its_start() {
        let s =
            Settings { cycle: Cycle::Scaled { secs: 700 }, hashed: true, anchor: Some(1000), ..Settings::default() };
        // Cycle 3 (from 3100): move to 3400, resolve to 3700, replenish to 3800.
        assert_eq!(s.window_at(3150), Some((Window::Move, 3400)));
        assert_eq!(s.window_at(3500), Some((Window::Resolve, 3700)));
        assert_eq!(s.window_at(3750), Some((Window::Replenish, 3800)));
        assert_eq!(s.enter_commit(3500, false), (Stage::Wait, 3800));
        assert_eq!(s.opening(3750, PhaseKind::Movement), (Stage::Wait, 3800));
    }
}
