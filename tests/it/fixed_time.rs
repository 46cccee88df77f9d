//! Fixed-time deadlines through the console: every phase ends at the fixed
//! local time, across the changes of the clocks and over a weekend, and the
//! moderators' `game extend`/`game deadline` land on it too.

use crate::support::scratch;
use scratch::{console, run};

/// The line of `out` that says when the next phase is due.
fn next_lines(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.contains("Next: ")).map(str::trim).collect()
}

#[test]
fn every_deadline_is_at_the_local_time_across_both_changes_of_the_clocks() {
    let mut c = console("fixed-dst");
    let out = run(
        &mut c,
        &[
            "advance to 2027-03-24T10:00:00Z",
            "gm game create chesspolitik2 deadline-at=20:00 timezone=Europe/Paris movement=24h adjustment=24h grace=0 cd-after=off",
        ],
    );
    assert!(
        out.contains("Fixed-time deadlines: each phase ends at 20:00 Europe/Paris, every day, the first such time at least that long after it opens."),
        "{out}"
    );
    let out = c.line("gm game status");
    assert!(out.contains("Each phase will end at a fixed time: it ends at 20:00 Europe/Paris, every day."), "{out}");
    let out = run(&mut c, &["alice join France", "bob join England", "gm game start", "gm game status"]);
    assert!(out.contains("Orders are due in 1d 9h (Thursday 25 March 2027, 20:00 CET)"), "{out}");
    assert!(out.contains("Each phase ends at 20:00 Europe/Paris, every day."), "{out}");
    // Spring forward on Sunday 28 March: Sunday's 20:00 is 18:00 UTC, 23 hours after Saturday's.
    let out = c.line("advance to 2027-03-29T12:00:00Z");
    assert_eq!(
        next_lines(&out),
        [
            "Next: Fall 1401, due in 1d (Friday 26 March 2027, 20:00 CET).",
            "Next: Spring 1402, due in 1d (Saturday 27 March 2027, 20:00 CET).",
            "Next: Fall 1402, due in 23h (Sunday 28 March 2027, 20:00 CEST).",
            "Next: Spring 1403, due in 1d (Monday 29 March 2027, 20:00 CEST).",
        ],
        "{out}"
    );
    // A moderator's extension lands on the same clock time: the first 20:00 at
    // least 24h after the current deadline; a new deadline the first at least 2h from now.
    let out = run(&mut c, &["gm game extend 24h", "gm game deadline 2h"]);
    assert!(out.contains("Spring 1403 is now due in 1d 6h (Tuesday 30 March 2027, 20:00 CEST)."), "{out}");
    assert!(out.contains("Spring 1403 is now due in 6h (Monday 29 March 2027, 20:00 CEST)."), "{out}");
    // Fall back on Sunday 31 October: 20:00 is 19:00 UTC again, 25 hours after Saturday's.
    let out = run(&mut c, &["gm game pause", "advance to 2027-10-29T19:30:00Z", "gm game resume"]);
    assert!(
        out.contains("The game resumes; Spring 1403 is due in 22h 30m (Saturday 30 October 2027, 20:00 CEST)."),
        "{out}"
    );
    let out = c.line("advance to 2027-11-01T12:00:00Z");
    assert_eq!(
        next_lines(&out),
        [
            "Next: Fall 1403, due in 1d 1h (Sunday 31 October 2027, 20:00 CET).",
            "Next: Spring 1404, due in 1d (Monday 1 November 2027, 20:00 CET).",
        ],
        "{out}"
    );
}

#[test]
fn a_weekend_is_skipped_with_days_mon_fri() {
    let mut c = console("fixed-weekend");
    let out = run(
        &mut c,
        &[
            // Thursday 4 March 2027, noon in Paris.
            "advance to 2027-03-04T11:00:00Z",
            "gm game create chesspolitik2 deadline-at=20:00 timezone=Europe/Paris days=mon-fri movement=24h adjustment=24h grace=0 cd-after=off",
            "alice join France",
            "bob join England",
            "gm game start",
            "gm game status",
        ],
    );
    assert!(out.contains("each phase ends at 20:00 Europe/Paris, Monday to Friday"), "{out}");
    assert!(out.contains("due in 1d 8h (Friday 5 March 2027, 20:00 CET)"), "{out}");
    let out = c.line("advance to 2027-03-09T12:00:00Z");
    assert_eq!(
        next_lines(&out),
        [
            "Next: Fall 1401, due in 3d (Monday 8 March 2027, 20:00 CET).",
            "Next: Spring 1402, due in 1d (Tuesday 9 March 2027, 20:00 CET).",
        ],
        "{out}"
    );
    // Early resolution still applies: both ready, the phase resolves at once.
    let out = run(&mut c, &["alice ready", "bob ready"]);
    assert!(out.contains("Next: Fall 1402, due in 1d"), "{out}");
}
