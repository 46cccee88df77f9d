//! Fixed-time deadlines' words: a time of day (`deadline-at=20:00`) and the
//! days of the week a phase may end on (`days=mon-fri`), as `game create`
//! reads them and `game status` says them.

use std::fmt;
use std::str::FromStr;

use chrono::Weekday;
use serde::{Deserialize, Serialize};

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
        f.write_str(&crate::rules::words::join_and(&parts))
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

impl super::Settings {
    /// The deadline `secs` after `from`. Until fixed-time deadlines are
    /// computed here, simply `from + secs`.
    #[must_use]
    pub fn deadline_after(&self, from: i64, secs: i64) -> i64 {
        from.saturating_add(secs)
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

    #[test]
    fn stored_forms_round_trip() {
        let t: TimeOfDay = serde_json::from_str("\"20:00\"").expect("time");
        assert_eq!(serde_json::to_string(&t).expect("json"), "\"20:00\"");
        let d: Days = serde_json::from_str("\"mon-fri\"").expect("days");
        assert_eq!(serde_json::to_string(&d).expect("json"), "\"mon-fri\"");
    }
}
