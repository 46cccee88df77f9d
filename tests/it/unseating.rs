//! Unseating as the records tell it, through the `play` console: a
//! rollback of the phase that unseated a player takes the unseating back
//! (and gives the seat back if nobody took it), and a player who takes
//! their own seat back keeps their phases in civil disorder.

use crate::support::scratch;
use scratch::{console_at, export, run, temp_dir, two_players};

use std::path::Path;

use chessdip::console::Console;

/// A console on a fresh database in `dir`, `gm` each game's creator.
fn console_in(dir: &Path) -> Console {
    console_at(dir, &["mod"]).without_images()
}

/// `user`'s reliability rows: (phase, kind), in phase order.
fn records(dir: &Path, user: &str) -> Vec<(i64, String)> {
    let db = rusqlite::Connection::open(dir.join("g.db")).expect("db");
    let mut st = db.prepare("SELECT seq, kind FROM reliability WHERE user_id = ?1 ORDER BY seq, kind").expect("sql");
    st.query_map([user], |r| Ok((r.get(0)?, r.get(1)?))).expect("rows").collect::<Result<_, _>>().expect("rows")
}

/// How many of `user`'s rows are of `kind`.
fn count(dir: &Path, user: &str, kind: &str) -> usize {
    records(dir, user).iter().filter(|(_, k)| k == kind).count()
}

/// Each seat event of the game's export: (event, user, phase).
fn seat_events(c: &mut Console) -> Vec<(String, String, String)> {
    let json = export(c);
    json["absence"]["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|e| {
            let s = |k: &str| e[k].as_str().unwrap_or("").to_string();
            (s("event"), s("user"), s("phase"))
        })
        .collect()
}

/// bob, absent from the start with `cd-after=2`, unseated when Fall 1401 resolves; alice moved.
fn bob_unseated(c: &mut Console) {
    two_players(c, "movement=24h grace=0");
    run(c, &["alice orders K c1 - c2", "advance 24h", "alice orders K c2 - c3"]);
    let r = c.line("advance 24h");
    assert!(r.contains("bob is unseated from England after 2 phases in civil disorder"), "{r}");
}

#[test]
fn a_rollback_takes_back_the_unseating_it_caused() {
    let dir = temp_dir("unseat-rollback");
    let mut c = console_in(&dir);
    bob_unseated(&mut c);
    assert!(c.line("bob profile").contains("Games: 0 finished, 1 unseated"));
    let r = c.line("gm game rollback");
    assert!(
        r.contains("Rolled back: Fall 1401 is open again with the orders it had, due in 1d. The unseating of bob from England is undone: bob holds England again."),
        "{r}"
    );
    assert!(c.line("gm game status").contains("England (bob)"), "the seat is his again");
    let profile = c.line("bob profile");
    assert!(profile.contains("Games: 0 finished, 0 unseated"), "{profile}");
    assert!(profile.contains("Phases owed: 1 (0 sent in time, 0 after grace, 1 in civil disorder)"), "{profile}");
    // He plays the reopened phase: his orders are taken, and sent they start the count again.
    assert!(c.line("bob orders K d6 - d5").contains("Accepted for England"));
    let r = c.line("advance 24h");
    assert!(r.contains("**Fall 1401 resolved**") && !r.contains("unseated"), "{r}");
    assert_eq!(records(&dir, "bob"), [(1, "civil_disorder".to_string()), (4, "in_time".to_string())]);
    assert_eq!(
        seat_events(&mut c),
        [("unseated".into(), "bob".into(), "Fall 1401".into()), ("returned".into(), "bob".into(), "Fall 1401".into())]
    );
}

#[test]
fn a_rollback_undoes_an_unseating_in_the_records_when_the_seat_was_taken_over() {
    let dir = temp_dir("unseat-rollback-taken");
    let mut c = console_in(&dir);
    bob_unseated(&mut c);
    assert!(c.line("carol join England").contains("carol joins as England"));
    let r = c.line("gm game rollback");
    assert!(
        r.contains("The unseating of bob from England is undone in the records; England is carol's now, so bob is not seated again (`game assign` can do it)."),
        "{r}"
    );
    assert!(c.line("gm game status").contains("England (carol)"));
    // The phase that unseated him is undone with its unseating: no unseating is left without its phases.
    assert_eq!(records(&dir, "bob"), [(1, "civil_disorder".to_string())]);
    assert!(c.line("bob profile").contains("Games: 0 finished, 0 unseated, 0 conceded"));
    // Unseated again, then taken over by a player who also holds France: no seat is given to a player seated elsewhere.
    let dir = temp_dir("unseat-rollback-elsewhere");
    let mut c = console_in(&dir);
    bob_unseated(&mut c);
    run(&mut c, &["gm game kick alice", "bob join France"]);
    let r = c.line("gm game rollback");
    assert!(
        r.contains("The unseating of bob from England is undone in the records; bob plays France now, so England stays open for takeover."),
        "{r}"
    );
    assert_eq!(count(&dir, "bob", "unseated"), 0);
}

#[test]
fn rejoining_does_not_wash_a_record() {
    let dir = temp_dir("unseat-rejoin");
    let mut c = console_in(&dir);
    bob_unseated(&mut c);
    assert!(c.line("bob join England").contains("bob joins as England, taking over a vacant power."));
    // His phases in civil disorder stay counted: the next he owes orders in (Spring 1402, after
    // a Winter with nothing to build) unseats him again at once.
    let r = run(&mut c, &["advance 24h", "advance 24h"]);
    assert!(r.contains("bob is unseated from England after 3 phases in civil disorder"), "{r}");
    assert_eq!(count(&dir, "bob", "unseated"), 2, "one row per unseating");
    let profile = c.line("bob profile");
    assert!(profile.contains("Games: 0 finished, 2 unseated, 0 conceded"), "{profile}");
    assert!(profile.contains("3 in civil disorder"), "{profile}");
    // Taken back and played, the count starts again: orders sent, then one absence is one in a row.
    run(&mut c, &["bob join England", "bob orders K d6 - d5"]);
    let r = run(&mut c, &["advance 24h", "advance 24h", "advance 24h"]);
    assert!(r.contains("England sent no orders") && !r.contains("bob is unseated"), "{r}");
    assert!(c.line("gm game status").contains("England (bob)"));
}

#[test]
fn unseatings_recorded_before_take_their_phase_and_a_rolled_back_one_is_taken_back() {
    let mut c = rusqlite::Connection::open_in_memory().expect("memory");
    chessdip_game::store::MIGRATIONS.to_version(&mut c, 21).expect("the schema before");
    c.execute_batch(
        "INSERT INTO games (id, channel_id, guild_id, variant, settings, status, created_by, created_at, phase_seq)
             VALUES (1, 'a', 'g', 'chessdip', '{}', 'active', 'gm', 0, 5), (2, 'b', 'g', 'chessdip', '{}', 'active', 'gm', 0, 5);
         INSERT INTO phases (game_id, seq, name, state, status, rolled_back) VALUES
             (1, 2, 'Fall 1901', '{}', 'resolved', 0), (2, 2, 'Fall 1901', '{}', 'resolved', 1);
         INSERT INTO seat_events (game_id, power, user_id, kind, seq, at) VALUES
             (1, 'France', 'bob', 'unseated', 2, 10), (2, 'France', 'bob', 'unseated', 2, 10);
         INSERT INTO reliability (guild, user_id, game_id, seq, kind, power, at) VALUES
             ('g', 'bob', 1, 0, 'unseated', 'France', 10), ('g', 'bob', 2, 0, 'unseated', 'France', 10);",
    )
    .expect("an old database");
    chessdip_game::store::MIGRATIONS.to_latest(&mut c).expect("migrated");
    let rows: Vec<(i64, i64, String)> = c
        .prepare("SELECT game_id, seq, kind FROM reliability ORDER BY game_id")
        .expect("sql")
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("rows");
    assert_eq!(rows, [(1, 2, "unseated".to_string())], "game 2's unseating was in a phase rolled back since");
}

#[test]
fn a_ready_mark_without_orders_starts_the_count_again() {
    let dir = temp_dir("unseat-ready");
    let mut c = console_in(&dir);
    two_players(&mut c, "movement=24h grace=0");
    run(&mut c, &["alice orders K c1 - c2", "advance 24h"]);
    // Holding by choice is being there: the absence before it no longer counts toward cd-after.
    run(&mut c, &["alice orders K c2 - c3", "bob ready", "alice ready"]);
    let r = run(&mut c, &["advance 24h", "advance 24h"]);
    assert!(r.contains("England sent no orders: civil disorder") && !r.contains("bob is unseated"), "{r}");
    assert_eq!(count(&dir, "bob", "civil_disorder"), 2);
}
