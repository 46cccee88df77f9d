//! Each phase is resolved once, by the service, and the rules' report of
//! that resolution is kept with it: history and the images drawn again
//! later read the kept report, never the phase's orders resolved again.
//! Phases resolved by a version that kept no report get theirs, resolved
//! once more from their stored position and orders, when the service
//! starts on the migrated database.

use crate::support::scratch;
use scratch::{console_at, run, temp_dir};

use std::path::Path;

use rusqlite::Connection;

/// The bytes of the files under `dir` whose names contain `part`, in name order.
fn images(dir: &Path, part: &str) -> Vec<Vec<u8>> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("image dir")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(part))
        .collect();
    names.sort();
    names.iter().map(|n| std::fs::read(dir.join(n)).expect("image")).collect()
}

/// (seq, kept report) of every phase of the database's only game.
fn kept(db: &Path) -> Vec<(i64, Option<String>)> {
    let c = Connection::open(db).expect("db");
    let mut st = c.prepare("SELECT seq, resolution FROM phases ORDER BY seq").expect("query");
    let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).expect("rows");
    rows.collect::<Result<_, _>>().expect("read")
}

fn sql(db: &Path, sql: &str) {
    Connection::open(db).expect("db").execute_batch(sql).expect("sql");
}

#[test]
fn history_draws_the_kept_report_even_when_the_orders_are_gone() {
    let d = temp_dir("history");
    let mut c = console_at(&d, &[]);
    run(
        &mut c,
        &[
            "gm game create chesspolitik2",
            "alice join France",
            "bob join England",
            "gm game start",
            "alice orders K c1 - c2, N b1 - c3",
            "bob orders K d6 - d5",
        ],
    );
    let out = c.line("gm game force");
    assert!(out.contains("Spring 1401 resolved"), "{out}");
    // The orders rows are not what history draws from: without them, a
    // phase resolved again would show every piece holding.
    sql(&d.join("g.db"), "DELETE FROM orders");
    let again = c.line("alice history Spring 1401");
    assert!(again.contains("spring-1401-orders.png"), "{again}");
    let orders = images(&d.join("img"), "spring-1401-orders");
    assert_eq!(orders.len(), 2, "the posted image and the one history drew");
    assert!(orders[0] == orders[1], "history draws the phase exactly as it was posted");
    let gifs = images(&d.join("img"), "spring-1401-resolution");
    assert_eq!(gifs.len(), 2, "the posted animation and history's");
    assert!(gifs[0] == gifs[1], "the animation too");
}

/// A database written before reports were kept: the column gone and the
/// schema as it was before it; opening it migrates it, and the service
/// resolves every resolved phase once more and keeps the same report a
/// resolution keeps today.
fn old_reports_are_kept_at_start(name: &str, lines: &[&str]) {
    let d = temp_dir(name);
    let db = d.join("g.db");
    {
        let mut c = console_at(&d, &[]);
        for l in lines {
            let out = c.line(l);
            assert!(!out.contains("error") && !out.contains("not valid"), "{l}: {out}");
        }
    }
    let before = kept(&db);
    let resolved: Vec<_> = before.iter().filter(|(_, r)| r.is_some()).collect();
    assert!(resolved.len() >= 2, "at least two phases resolved: {before:?}");
    // The schema as it was before the migration that keeps reports (0016):
    // its column gone, and the tables of the migrations after it too.
    sql(
        &db,
        "ALTER TABLE phases DROP COLUMN resolution;
         DROP TABLE grace_used; DROP TABLE civil_disorder; DROP TABLE seat_events; DROP TABLE extend_votes;
         DROP TABLE reliability; DROP TABLE reliability_counted; DROP TABLE vote_extensions; DROP TABLE scores;
         DROP TABLE rating_changes; DROP TABLE ratings; DROP TABLE early_forces; DROP TABLE abandoned; DROP TABLE reliability_count_passes;
         DROP TABLE bot_turns; DROP TABLE bot_seals; DROP TABLE bot_handovers;
         DROP TABLE notify_settings; DROP TABLE dm_refusals; DROP TABLE game_channels; DROP TABLE adverts;
         DROP INDEX outbox_edits; DROP INDEX games_start_at; ALTER TABLE games DROP COLUMN start_at;
         ALTER TABLE outbox DROP COLUMN components; ALTER TABLE outbox DROP COLUMN edits;
         ALTER TABLE outbox DROP COLUMN message_id;
         ALTER TABLE outbox DROP COLUMN sent_since; ALTER TABLE outbox DROP COLUMN sent_last;
         ALTER TABLE outbox DROP COLUMN first_failed_at; ALTER TABLE outbox DROP COLUMN last_failed_at;
         ALTER TABLE outbox DROP COLUMN failing_for; ALTER TABLE outbox DROP COLUMN parked_at;
         PRAGMA user_version = 15;",
    );
    {
        let mut c = console_at(&d, &[]);
        let status = c.line("alice game status");
        assert!(status.contains("(active)"), "the migrated game plays on: {status}");
    }
    assert_eq!(kept(&db), before, "every resolved phase has the report its resolution kept");
}

#[test]
fn chesspolitik_phases_resolved_before_reports_were_kept_get_theirs() {
    old_reports_are_kept_at_start(
        "old-politik",
        &[
            "gm game create chesspolitik2",
            "alice join France",
            "bob join England",
            "gm game start",
            "alice orders K c1 - c2, N b1 - c3",
            "bob orders K d6 - d5",
            "gm game force",
            "alice orders N c3 - d5",
            "bob orders K d5 H",
            "gm game force",
        ],
    );
}

#[test]
fn diplomacy_chess_steps_are_kept_for_phases_resolved_before() {
    old_reports_are_kept_at_start(
        "old-simul",
        &[
            "gm game create diplomacy-chess mode=progressive",
            "alice join White",
            "bob join Black",
            "gm game start",
            "alice orders e4",
            "bob orders e5",
            "gm game force",
            "alice orders Nf3, Bc4",
            "bob orders Nc6, d6",
            "gm game force",
            "alice orders Ng5, Bxf7, Qh5",
            "bob orders Nf6, Be7, O-O",
            "gm game force",
        ],
    );
}

/// Reports kept before they held the position their move left (Diplomat
/// Chess's moves, Chess Wheel+'s cycles) are completed once when the
/// service starts, to exactly what a resolution keeps today; the pictures
/// then read it, and history draws them as they were posted.
fn kept_positions_are_completed_at_start(name: &str, lines: &[&str], field: &str) {
    let d = temp_dir(name);
    let db = d.join("g.db");
    {
        let mut c = console_at(&d, &[]);
        for l in lines {
            let out = c.line(l);
            assert!(!out.contains("error") && !out.contains("not valid"), "{l}: {out}");
        }
    }
    let before = kept(&db);
    assert!(before.iter().filter(|(_, r)| r.as_deref().is_some_and(|r| r.contains(field))).count() >= 2, "{before:?}");
    sql(&db, &format!("UPDATE phases SET resolution = json_remove(resolution, '$.report.report.{field}')"));
    assert!(kept(&db).iter().all(|(_, r)| !r.as_deref().is_some_and(|r| r.contains(field))), "removed");
    drop(console_at(&d, &[]));
    assert_eq!(kept(&db), before, "every report has the position its resolution kept");
}

#[test]
fn diplomat_chess_reports_kept_before_they_held_the_move_s_position_get_it() {
    kept_positions_are_completed_at_start(
        "old-diplomat",
        &[
            "gm game create diplomat-chess",
            "w join White",
            "b join Black",
            "gm game start",
            "w orders d3",
            "b orders j3",
            "w orders e3",
        ],
        "after",
    );
}

#[test]
fn chess_wheel_reports_kept_before_they_held_the_cycle_s_position_get_it() {
    kept_positions_are_completed_at_start(
        "old-wheel",
        &[
            "gm game create chess-wheel cycle=7h",
            "ann join",
            "bo join",
            "gm game start",
            "ann board create",
            "bo board create",
            "advance 7h",
            "advance 7h",
        ],
        "moved",
    );
}
