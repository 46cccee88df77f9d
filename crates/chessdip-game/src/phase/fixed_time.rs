//! Fixed-time deadlines' words: a time of day (`deadline-at=20:00`) and the
//! days of the week a phase may end on (`days=mon-fri`), as `game create`
//! reads them and `game status` says them.

use std::fmt;
use std::str::FromStr;

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, TimeZone, Weekday};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use crate::Settings;

impl Settings {
    /// The deadline of something that lasts `secs` from `from` (unix
    /// seconds): `from + secs`, or in a game with fixed-time deadlines the
    /// first `deadline_at` local time (in `timezone`) on one of `days` that
    /// is at least `secs` after `from`. Every deadline of a game whose
    /// phases take their own lengths goes through here: a phase opening,
    /// a reveal window, `game extend`/`game deadline`, a resume, a grace
    /// or vote extension.
    ///
    /// Daylight saving is honoured: the length is counted on the local
    /// clock, so that a day-long phase opened at 20:00 ends at 20:00 the
    /// next day even when the clocks change in between (23 or 25 hours).
    /// A local time that does not exist on a day (02:30 when the clocks
    /// spring forward) is the first valid moment after it; an ambiguous one
    /// (when the clocks fall back) is the earlier.
    #[must_use]
    pub fn deadline_after(&self, from: i64, secs: i64) -> i64 {
        let secs = secs.max(0);
        let Some(at) = self.deadline_at else { return from.saturating_add(secs) };
        let tz = self.tz();
        let Some(start) = tz.timestamp_opt(from, 0).single().or_else(|| tz.timestamp_opt(from, 0).earliest()) else {
            return from.saturating_add(secs);
        };
        // The earliest end on the local clock (a length past the calendar's end has no fixed time).
        let Some(earliest) = Duration::try_seconds(secs).and_then(|d| start.naive_local().checked_add_signed(d)) else {
            return from.saturating_add(secs);
        };
        let mut date = earliest.date();
        for _ in 0..16 {
            let naive = date.and_hms_opt(at.hour(), at.minute(), 0);
            if self.days.contains(date.weekday()) && naive.is_some_and(|n| n >= earliest) {
                if let Some(t) = local_instant(tz, date, at).filter(|t| *t > from) {
                    return t;
                }
            }
            date += Duration::days(1);
        }
        from.saturating_add(secs)
    }

    /// ` (Tuesday 30 March 2027, 20:00 CEST)`: the deadline `t` on the
    /// local clock, in a game with fixed-time deadlines; empty otherwise.
    #[must_use]
    pub fn local_suffix(&self, t: i64) -> String {
        self.local_time(t).map(|l| format!(" ({l})")).unwrap_or_default()
    }

    /// The fixed-time rule in words (`ends at 20:00 Europe/Paris, Monday
    /// to Friday`), if the game has one.
    #[must_use]
    pub fn fixed_time_rule(&self) -> Option<String> {
        let at = self.deadline_at?;
        Some(format!("ends at {at} {}, {}", self.timezone, self.days))
    }

    /// `t` as local time in the game's time zone (`Monday 30 March 2027,
    /// 20:00 CEST`), for a game with fixed-time deadlines.
    #[must_use]
    pub fn local_time(&self, t: i64) -> Option<String> {
        self.deadline_at?;
        let tz = self.tz();
        let local = tz.timestamp_opt(t, 0).single()?;
        Some(local.format("%A %-d %B %Y, %H:%M %Z").to_string())
    }
}

/// The unix time of `at` on `date` in `tz`: the earlier of an ambiguous
/// time, and for a time skipped by the clocks the first valid moment after it.
fn local_instant(tz: Tz, date: NaiveDate, at: TimeOfDay) -> Option<i64> {
    let naive: NaiveDateTime = date.and_hms_opt(at.hour(), at.minute(), 0)?;
    if let Some(t) = tz.from_local_datetime(&naive).earliest() {
        return Some(t.timestamp());
    }
    // In a gap: step forward a minute at a time to the first local time that exists.
    (1..=24 * 60).find_map(|m| tz.from_local_datetime(&(naive + Duration::minutes(m))).earliest()).map(|t| {
        // The gap's end is the first valid instant: back off to it exactly.
        let mut ts = t.timestamp();
        while tz.timestamp_opt(ts - 1, 0).single().is_some_and(|d| d.naive_local() >= naive) {
            ts -= 1;
        }
        ts
    })
}

/// A time of day on the 24-hour clock, in minutes after midnight.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct TimeOfDay(u16);

impl TimeOfDay {
    /// `h`:`m`, if it is a time of day.
    #[must_use]
    pub fn new(h: u32, m: u32) -> Option<TimeOfDay> {
        (h < 24 && m < 60).then(|| TimeOfDay(u16::try_from(h * 60 + m).unwrap_or(0)))
    }

    /// The hour (0-23).
    #[must_use]
    pub fn hour(self) -> u32 {
        u32::from(self.0 / 60)
    }

    /// The minute (0-59).
    #[must_use]
    pub fn minute(self) -> u32 {
        u32::from(self.0 % 60)
    }
}

impl FromStr for TimeOfDay {
    type Err = String;

    /// `20:00`, `8:30`, `20h`, `20h30`, `2000`.
    fn from_str(s: &str) -> Result<TimeOfDay, String> {
        let t = s.trim().to_ascii_lowercase();
        let (h, m) = if let Some((h, m)) = t.split_once([':', 'h']) {
            (h.to_string(), if m.is_empty() { "0".to_string() } else { m.to_string() })
        } else if t.len() == 4 && t.chars().all(|c| c.is_ascii_digit()) {
            (t[..2].to_string(), t[2..].to_string())
        } else {
            (String::new(), String::new())
        };
        let num = |x: &str| {
            (!x.is_empty() && x.len() <= 2 && x.chars().all(|c| c.is_ascii_digit()))
                .then(|| x.parse::<u32>().ok())
                .flatten()
        };
        match (num(&h), num(&m)) {
            (Some(h), Some(m)) => TimeOfDay::new(h, m),
            _ => None,
        }
        .ok_or_else(|| format!("`{s}` is not a time of day: write HH:MM on the 24-hour clock, from 00:00 to 23:59 (e.g. 20:00 or 08:30)"))
    }
}

impl fmt::Display for TimeOfDay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.hour(), self.minute())
    }
}

impl From<TimeOfDay> for String {
    fn from(t: TimeOfDay) -> String {
        t.to_string()
    }
}

impl TryFrom<String> for TimeOfDay {
    type Error = String;
    fn try_from(s: String) -> Result<TimeOfDay, String> {
        s.parse()
    }
}

/// The days of the week a fixed-time deadline may fall on (a set of weekdays, never empty).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Days(u8);

const NAMES: [(&str, &str, Weekday); 7] = [
    ("mon", "Monday", Weekday::Mon),
    ("tue", "Tuesday", Weekday::Tue),
    ("wed", "Wednesday", Weekday::Wed),
    ("thu", "Thursday", Weekday::Thu),
    ("fri", "Friday", Weekday::Fri),
    ("sat", "Saturday", Weekday::Sat),
    ("sun", "Sunday", Weekday::Sun),
];

impl Days {
    /// Every day of the week.
    pub const EVERY: Days = Days(0x7F);

    /// Whether `day` is one of them.
    #[must_use]
    pub fn contains(self, day: Weekday) -> bool {
        self.0 & (1 << day.num_days_from_monday()) != 0
    }

    /// Whether every day of the week is.
    #[must_use]
    pub fn is_every_day(self) -> bool {
        self == Days::EVERY
    }

    /// The short form `game create` takes back: `mon-fri`, `mon,wed,fri`.
    #[must_use]
    pub fn short(self) -> String {
        self.runs()
            .iter()
            .map(|&(a, b)| if a == b { NAMES[a].0.to_string() } else { format!("{}-{}", NAMES[a].0, NAMES[b].0) })
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Runs of consecutive days, as (first, last) indexes from Monday; a
    /// run through Sunday into Monday comes last and has last < first.
    fn runs(self) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = Vec::new();
        for i in (0..7).filter(|&i| self.0 & (1 << i) != 0) {
            match out.last_mut() {
                Some((_, b)) if *b + 1 == i => *b = i,
                _ => out.push((i, i)),
            }
        }
        if out.len() > 1 && out[0].0 == 0 && out[out.len() - 1].1 == 6 {
            let first = out.remove(0);
            if let Some(last) = out.last_mut() {
                last.1 = first.1;
            }
        }
        out
    }
}

fn day_index(word: &str) -> Option<usize> {
    let w = word.trim().to_ascii_lowercase();
    NAMES.iter().position(|(short, long, _)| {
        w == *short || w == long.to_ascii_lowercase() || (w.len() >= 3 && long.to_ascii_lowercase().starts_with(&w))
    })
}

impl FromStr for Days {
    type Err = String;

    /// `mon-fri`, `mon,wed,fri`, `sat-sun`, `fri-mon` (a range may wrap
    /// round the week), `every`, `all`, `daily`.
    fn from_str(s: &str) -> Result<Days, String> {
        let bad = || {
            format!("`{s}` is not a set of days: write mon, tue, wed, thu, fri, sat, sun separated by commas, ranges such as mon-fri, or every (e.g. days=mon-fri or days=mon,wed,fri)")
        };
        let t = s.trim().to_ascii_lowercase();
        if matches!(t.as_str(), "every" | "all" | "daily" | "every-day" | "everyday") {
            return Ok(Days::EVERY);
        }
        let mut bits = 0u8;
        for part in t.split(',').map(str::trim) {
            match part.split_once('-') {
                Some((a, b)) => {
                    let (a, b) = (day_index(a).ok_or_else(bad)?, day_index(b).ok_or_else(bad)?);
                    let mut i = a;
                    loop {
                        bits |= 1 << i;
                        if i == b {
                            break;
                        }
                        i = (i + 1) % 7;
                    }
                }
                None => bits |= 1 << day_index(part).ok_or_else(bad)?,
            }
        }
        if bits == 0 {
            return Err(bad());
        }
        Ok(Days(bits))
    }
}

impl fmt::Display for Days {
    /// `every day`, `Monday to Friday`, `Monday, Wednesday and Friday`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_every_day() {
            return f.write_str("every day");
        }
        let parts: Vec<String> = self
            .runs()
            .iter()
            .map(|&(a, b)| match (b + 7 - a) % 7 {
                0 => NAMES[a].1.to_string(),
                1 => format!("{} and {}", NAMES[a].1, NAMES[b].1),
                _ => format!("{} to {}", NAMES[a].1, NAMES[b].1),
            })
            .collect();
        f.write_str(&chessdip_rules::words::join_and(&parts))
    }
}

impl From<Days> for String {
    fn from(d: Days) -> String {
        d.short()
    }
}

impl TryFrom<String> for Days {
    type Error = String;
    fn try_from(s: String) -> Result<Days, String> {
        s.parse()
    }
}

impl Default for Days {
    fn default() -> Days {
        Days::EVERY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_of_day_read_and_refuse() {
        for (s, want) in [
            ("20:00", "20:00"),
            ("8:30", "08:30"),
            ("20h", "20:00"),
            ("20h30", "20:30"),
            ("0000", "00:00"),
            ("23:59", "23:59"),
        ] {
            assert_eq!(s.parse::<TimeOfDay>().map(|t| t.to_string()).as_deref(), Ok(want), "{s}");
        }
        for s in ["25:00", "24:00", "20:60", "noon", "", "20", "2:3:4", "-1:00"] {
            let e = s.parse::<TimeOfDay>().expect_err(s);
            assert!(e.contains("HH:MM") && e.contains("00:00 to 23:59"), "{e}");
        }
    }

    #[test]
    fn days_read_say_and_refuse() {
        let d: Days = "mon-fri".parse().expect("range");
        assert_eq!(d.to_string(), "Monday to Friday");
        assert_eq!(d.short(), "mon-fri");
        assert!(d.contains(Weekday::Fri) && !d.contains(Weekday::Sat));
        assert_eq!("mon,wed,fri".parse::<Days>().expect("list").to_string(), "Monday, Wednesday and Friday");
        assert_eq!("sat-sun".parse::<Days>().expect("weekend").to_string(), "Saturday and Sunday");
        let wraps: Days = "fri-mon".parse().expect("wraps");
        assert_eq!(wraps.to_string(), "Friday to Monday");
        assert_eq!(wraps.short(), "fri-mon");
        assert!(wraps.contains(Weekday::Sun) && wraps.contains(Weekday::Mon) && !wraps.contains(Weekday::Tue));
        assert_eq!("mon,wed,fri-sun".parse::<Days>().expect("mixed").to_string(), "Wednesday and Friday to Monday");
        assert_eq!("sun-mon".parse::<Days>().expect("two").to_string(), "Sunday and Monday");
        assert_eq!("every".parse::<Days>().expect("every"), Days::EVERY);
        assert_eq!("Monday, Tuesday".parse::<Days>().expect("long names").short(), "mon-tue");
        for s in ["funday", "", "mon-", "mon,,fri", "m"] {
            let e = s.parse::<Days>().expect_err(s);
            assert!(e.contains("mon-fri") && e.contains("sun"), "{e}");
        }
    }

    fn at(s: &str) -> i64 {
        chrono::DateTime::parse_from_rfc3339(s).expect("time").timestamp()
    }

    fn fixed(time: &str, tz: &str, days: &str) -> Settings {
        Settings {
            deadline_at: Some(time.parse().expect("time")),
            timezone: tz.into(),
            days: days.parse().expect("days"),
            ..Settings::default()
        }
    }

    #[test]
    fn without_a_fixed_time_a_deadline_is_its_length_away() {
        assert_eq!(Settings::default().deadline_after(1000, 3600), 4600);
        // Absurd lengths neither panic nor wrap.
        let s = fixed("20:00", "Europe/Paris", "every");
        assert_eq!(s.deadline_after(1000, i64::MAX), i64::MAX);
        assert!(s.deadline_after(i64::MAX - 10, 3600) >= i64::MAX - 10);
    }

    #[test]
    fn a_fixed_time_is_the_first_at_least_that_long_after() {
        let s = fixed("20:00", "Europe/Paris", "every");
        // Monday 2027-03-01 10:00 Paris (09:00 UTC) + 24h: Tuesday 10:00, so Tuesday 20:00.
        assert_eq!(s.deadline_after(at("2027-03-01T09:00:00Z"), 24 * 3600), at("2027-03-02T19:00:00Z"));
        // Exactly at the fixed time counts.
        assert_eq!(s.deadline_after(at("2027-03-01T19:00:00Z"), 24 * 3600), at("2027-03-02T19:00:00Z"));
        // A second past it waits for the next day.
        assert_eq!(s.deadline_after(at("2027-03-01T19:00:01Z"), 24 * 3600), at("2027-03-03T19:00:00Z"));
    }

    #[test]
    fn the_local_time_holds_across_daylight_saving() {
        let s = fixed("20:00", "Europe/Paris", "every");
        // Paris springs forward on Sunday 2027-03-28: 20:00 is 19:00 UTC before, 18:00 after.
        assert_eq!(s.deadline_after(at("2027-03-27T12:00:00Z"), 3600), at("2027-03-27T19:00:00Z"));
        assert_eq!(s.deadline_after(at("2027-03-27T19:00:00Z"), 3600), at("2027-03-28T18:00:00Z"));
        // A day-long phase from Saturday 20:00 ends on Sunday 20:00, though that day has 23 hours.
        assert_eq!(s.deadline_after(at("2027-03-27T19:00:00Z"), 24 * 3600), at("2027-03-28T18:00:00Z"));
        // And falls back on Sunday 2027-10-31: 18:00 UTC before, 19:00 after.
        assert_eq!(s.deadline_after(at("2027-10-30T17:00:00Z"), 3600), at("2027-10-30T18:00:00Z"));
        assert_eq!(s.deadline_after(at("2027-10-30T18:00:00Z"), 3600), at("2027-10-31T19:00:00Z"));
        // And one of 25 hours when the clocks fall back.
        assert_eq!(s.deadline_after(at("2027-10-30T18:00:00Z"), 24 * 3600), at("2027-10-31T19:00:00Z"));
    }

    #[test]
    fn a_skipped_time_is_the_first_valid_moment_after_and_a_repeated_one_the_earlier() {
        // 02:30 does not exist in Paris on 2027-03-28: 03:00 CEST (01:00 UTC) instead.
        let s = fixed("02:30", "Europe/Paris", "every");
        assert_eq!(s.deadline_after(at("2027-03-27T12:00:00Z"), 3600), at("2027-03-28T01:00:00Z"));
        // 02:30 happens twice on 2027-10-31: the first, still in summer time (00:30 UTC).
        assert_eq!(s.deadline_after(at("2027-10-30T12:00:00Z"), 3600), at("2027-10-31T00:30:00Z"));
    }

    #[test]
    fn only_the_allowed_days() {
        let s = fixed("20:00", "UTC", "mon-fri");
        // Friday 2027-03-05 21:00: the weekend is skipped, Monday 20:00.
        assert_eq!(s.deadline_after(at("2027-03-05T21:00:00Z"), 3600), at("2027-03-08T20:00:00Z"));
        let s = fixed("08:00", "America/New_York", "sat");
        assert_eq!(s.deadline_after(at("2027-03-01T00:00:00Z"), 0), at("2027-03-06T13:00:00Z"));
        assert_eq!(s.fixed_time_rule().as_deref(), Some("ends at 08:00 America/New_York, Saturday"));
        assert_eq!(s.local_time(at("2027-03-06T13:00:00Z")).as_deref(), Some("Saturday 6 March 2027, 08:00 EST"));
        assert_eq!(Settings::default().fixed_time_rule(), None);
    }

    #[test]
    fn stored_forms_round_trip() {
        let t: TimeOfDay = serde_json::from_str("\"20:00\"").expect("time");
        assert_eq!(serde_json::to_string(&t).expect("json"), "\"20:00\"");
        let d: Days = serde_json::from_str("\"mon-fri\"").expect("days");
        assert_eq!(serde_json::to_string(&d).expect("json"), "\"mon-fri\"");
    }
}
