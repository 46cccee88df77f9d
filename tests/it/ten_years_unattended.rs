//! A game that looks after itself: ten years of Chess Dip with fixed-time
//! deadlines, grace and civil disorder, played through the console by
//! players who come and go, and no moderator after `game start`.
//!
//! England (alice) always orders in time. Italy (bob) plays three years and
//! vanishes: grace, civil disorder, unseated; dave takes Italy over. France
//! (carol) is late once (her orders come after the grace ping) and absent
//! once (civil disorder, then back). Scandinavia (erin) never orders: grace,
//! civil disorder, unseated, and nobody takes it: it stays vacant.

use crate::support::scratch;
use scratch::{console_at, run, temp_dir};

use chrono::{Datelike, TimeZone, Timelike, Weekday};
use chrono_tz::Europe::Paris;

/// The phase the status names (`Spring 4`), with its season and year.
fn phase_of(status: &str) -> Option<(String, String, u32)> {
    let head = status.lines().next()?;
    let after = head.split("(active): ").nth(1)?;
    let mut words = after.split(|c: char| c == ',' || c.is_whitespace());
    let season = words.next()?.to_string();
    let year: u32 = words.next()?.parse().ok()?;
    Some((format!("{season} {year}"), season, year))
}

#[test]
fn ten_years_with_absent_players_need_no_moderator() {
    let dir = temp_dir("ten-years");
    let mut c = console_at(&dir, &[]).without_images();
    run(
        &mut c,
        &[
            "advance to 2027-03-15T09:00:00+01:00",
            "gm game create chessdip movement=24h adjustment=24h deadline-at=20:00 timezone=Europe/Paris days=mon-fri grace=1 grace-length=24h cd-after=2",
            "alice join England",
            "bob join Italy",
            "carol join France",
            "erin join Scandinavia",
            "gm game start",
        ],
    );
    let mut italy_taken = false;
    let mut carol_graced = false;
    let mut said = String::new();
    for _ in 0..200 {
        let status = c.line("alice game status");
        let Some((phase, season, year)) = phase_of(&status) else { panic!("a running game: {status}") };
        if year > 10 {
            break;
        }
        if status.contains("Italy (open for takeover") && !italy_taken {
            let out = c.line("dave join Italy");
            assert!(out.contains("dave joins as Italy, taking over a vacant power"), "{out}");
            italy_taken = true;
        }
        if season != "Winter" {
            c.line("alice orders K d1 H");
            if italy_taken {
                c.line("dave orders K e1 H");
            } else if year <= 3 {
                c.line("bob orders K e1 H");
            }
            let late = phase == "Spring 2" && !carol_graced;
            if !late && phase != "Fall 5" {
                c.line("carol orders K e8 H");
            }
        }
        let out = c.line("advance 1d");
        if phase == "Spring 2" && out.contains("**Grace:**") {
            carol_graced = true;
        }
        said += &out;
    }
    // Grace only where someone was late, once per player.
    let graces: Vec<&str> = said.lines().filter(|l| l.contains("**Grace:**")).collect();
    assert_eq!(graces.len(), 3, "{graces:#?}");
    assert!(graces[0].contains("Spring 1 passed with no orders from Scandinavia (@erin"), "{}", graces[0]);
    assert!(graces[1].contains("Spring 2 passed with no orders from France (@carol"), "{}", graces[1]);
    assert!(graces[2].contains("Spring 4 passed with no orders from Italy (@bob"), "{}", graces[2]);
    assert!(
        graces[2].contains("(Monday 29 March 2027, 20:00 CEST)"),
        "across the weekend and the clock change: {}",
        graces[2]
    );
    // Seats opened and taken over.
    assert!(said.contains("erin is unseated from Scandinavia after 2 phases in civil disorder"), "{said}");
    assert!(said.contains("bob is unseated from Italy after 2 phases in civil disorder"), "{said}");
    assert!(said.contains("Scandinavia is vacant: civil disorder, every piece holds."), "{said}");
    assert!(!said.contains("carol is unseated"), "one phase in civil disorder is not two in a row");
    // Every deadline at its local time: 20:00 in Paris, Monday to Friday.
    let db = rusqlite::Connection::open(dir.join("g.db")).expect("db");
    let resolved: Vec<(String, i64)> = db
        .prepare("SELECT name, resolved_at FROM phases WHERE resolved_at IS NOT NULL ORDER BY seq")
        .expect("sql")
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("rows");
    assert_eq!(resolved.len(), 20, "ten years of Spring and Fall (nobody had to adjust): {resolved:?}");
    for (name, at) in &resolved {
        let local = Paris.timestamp_opt(*at, 0).single().expect("a time");
        assert!(
            (local.hour(), local.minute()) == (20, 0) && !matches!(local.weekday(), Weekday::Sat | Weekday::Sun),
            "{name} resolved at {local}"
        );
    }
    // Every player's record is right.
    for (user, want) in [
        ("alice", "Phases owed: 20 (20 sent in time, 0 after grace, 0 in civil disorder). Reliability: 100%"),
        ("bob", "Phases owed: 8 (6 sent in time, 0 after grace, 2 in civil disorder). Reliability: 75%"),
        ("carol", "Phases owed: 20 (18 sent in time, 1 after grace, 1 in civil disorder). Reliability: 95%"),
        ("dave", "Phases owed: 12 (12 sent in time, 0 after grace, 0 in civil disorder). Reliability: 100%"),
        (
            "erin",
            "Phases owed: 2 (0 sent in time, 0 after grace, 2 in civil disorder). Reliability: new (2 phases so far",
        ),
    ] {
        let p = c.line(&format!("alice profile {user}"));
        assert!(p.contains(want), "{user}: {p}");
    }
    assert!(c.line("alice profile bob").contains("1 unseated"));
    assert!(c.line("alice profile erin").contains("1 unseated"));
}
