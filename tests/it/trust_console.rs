//! The console and the command line that a group must trust:
//! the console's clock across runs, `seal`'s line to commit, bad bytes in a
//! script, bounded file reads, bounded `advance`, two consoles on one
//! database, closed or full standard output, deadline bounds, and a database
//! from a newer chessdip. One test (or a few) per item, named after it.

use crate::support::scratch;
use scratch::{open_console, temp_dir, two_players};

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use chessdip::console::Console;
use chessdip_game::{Caller, Clock as _, SystemClock};

fn open(db: &Path) -> Console {
    open_console(db, db.with_extension("img"), Vec::new()).expect("console").without_images()
}

/// A console on a fresh database in the test `name`'s own directory, with
/// [`two_players`]' game created with `options` and started.
fn started(name: &str, options: &str) -> Console {
    let mut c = open(&temp_dir(name).join("g.db"));
    two_players(&mut c, options);
    c
}

fn chessdip() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_chessdip"));
    cmd.env("RUST_BACKTRACE", "1").env_remove("CHESSDIP_DB");
    cmd
}

/// `chessdip play --db DB --script SCRIPT --no-images`, its output.
fn play_script(db: &Path, script: &[u8]) -> Output {
    let path = db.with_extension("script.txt");
    std::fs::write(&path, script).expect("script");
    chessdip()
        .args(["play", "--no-images", "--db"])
        .arg(db)
        .arg("--script")
        .arg(&path)
        .output()
        .expect("run chessdip play")
}

/// `chessdip play --no-images --db DB --script S`, not run yet, where the
/// script `S` beside `db` creates and starts a two-player game.
fn starting_a_game(db: &Path) -> Command {
    let script = db.with_extension("txt");
    std::fs::write(&script, "gm game create chesspolitik2\nalice join France\nbob join England\ngm game start\n")
        .expect("script");
    let mut cmd = chessdip();
    cmd.args(["play", "--no-images", "--db"]).arg(db).arg("--script").arg(&script);
    cmd
}

/// Waits for `child` at most `limit`; kills it (and fails) if it takes longer.
fn wait_at_most(mut child: std::process::Child, limit: Duration, what: &str) -> Output {
    let start = Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            return child.wait_with_output().expect("output");
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} took longer than {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

// Item 9: the console keeps its clock in its database.

#[test]
fn item09_a_second_console_goes_on_from_the_clock_the_first_left() {
    let d = temp_dir("clock");
    let db = d.join("g.db");
    let mut first = open(&db);
    two_players(&mut first, "movement=48h grace=0");
    let r = first.line("advance 3d");
    assert!(r.contains("Spring 1401 resolved"), "{r}");
    assert!(first.line("gm game status").contains("Fall 1401, due in 1d"));
    let first_now = first.service().now();
    drop(first);

    let mut second = open(&db);
    assert!(second.service().now() >= first_now, "the clock does not go back");
    assert!(second.service().now() - first_now < 60, "nor does it jump");
    let status = second.line("gm game status");
    assert!(status.contains("Fall 1401, due in 1d"), "{status}");
    let r = second.line("advance 1d");
    assert!(r.contains("Fall 1401 resolved"), "{r}");
    drop(second);

    // Stored times never go backwards: each phase was resolved after the one before it.
    let conn = rusqlite::Connection::open(&db).expect("db");
    let mut st =
        conn.prepare("SELECT resolved_at FROM phases WHERE resolved_at IS NOT NULL ORDER BY seq").expect("sql");
    let times: Vec<i64> = st.query_map([], |r| r.get(0)).expect("query").map(|t| t.expect("row")).collect();
    assert!(times.len() >= 2 && times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
}

#[test]
fn item09_a_console_never_starts_before_the_latest_time_stored() {
    let d = temp_dir("clock-latest");
    let db = d.join("g.db");
    drop(open(&db));
    // As if the wall clock had gone back ten days since the last console.
    let ahead = SystemClock.now() + 10 * 86400;
    let conn = rusqlite::Connection::open(&db).expect("db");
    conn.execute("INSERT OR REPLACE INTO console_clock (id, offset_secs, latest) VALUES (1, 0, ?1)", [ahead])
        .expect("clock");
    drop(conn);
    let c = open(&db);
    assert!(c.service().now() >= ahead, "{} < {ahead}", c.service().now());
}

#[test]
fn item09_two_consoles_on_one_database_share_the_clock() {
    let d = temp_dir("clock-two");
    let db = d.join("g.db");
    let mut a = open(&db);
    let mut b = open(&db);
    two_players(&mut a, "movement=48h");
    let r = a.line("advance 1d");
    assert!(r.contains("(the clock moves forward 1d)"), "{r}");
    assert!(a.service().now() > b.service().now() + 86_000, "b has run no line since");
    // On its next line, b goes on from a's time.
    let status = b.line("gm game status");
    assert!(status.contains("Spring 1401, due in 1d"), "{status}");
    assert!(b.service().now() - a.service().now() < 60);
}

#[test]
fn item09_a_new_database_starts_at_the_wall_clock() {
    let d = temp_dir("clock-new");
    let c = open(&d.join("g.db"));
    assert!((c.service().now() - SystemClock.now()).abs() < 60);
}

// Item 13: `chessdip seal` prints the line to send on a line of its own.

#[test]
fn item13_seal_prints_the_commit_line_alone_and_it_can_be_pasted() {
    let d = temp_dir("seal");
    let orders = d.join("orders.txt");
    std::fs::write(&orders, "K c1 - c2\n").expect("orders");
    let out = chessdip().arg("seal").arg(&orders).output().expect("seal");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().filter(|l| l.contains("commit ")).collect();
    let line = lines.iter().find(|l| l.starts_with("commit ")).unwrap_or_else(|| panic!("no commit line: {stdout}"));
    let hash = line.strip_prefix("commit ").expect("commit");
    assert!(hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit()), "{line:?}");
    assert!(!stdout.contains("Commit:"), "{stdout}");
    let sealed = std::fs::read_to_string(d.join("orders.txt.sealed.txt")).expect("sealed copy");
    assert_eq!(hash, chessdip_game::hashed::seal::sha256_hex(&sealed));

    // Pasted whole after a player's name, it is a commitment.
    let mut c = open(&d.join("g.db"));
    two_players(&mut c, "hashed=yes movement=24h reveal=12h");
    let r = c.line(&format!("alice {line}"));
    assert!(!r.contains("unknown command") && r.contains(hash), "{r}");
}

// Item 22: a line that is not UTF-8 is refused, and the console goes on.

#[test]
fn item22_a_line_that_is_not_utf8_is_refused_and_the_script_goes_on() {
    let d = temp_dir("utf8");
    let mut script = b"gm game create chesspolitik2\nalice join Fr\xffance\n".to_vec();
    script.extend_from_slice(b"alice join France\nbob join England\ngm game status\n");
    let out = play_script(&d.join("g.db"), &script);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{:?}: {stdout}{}", out.status, text(&out.stderr));
    assert!(stdout.contains("error: line 2 is not UTF-8 text (byte 14 of it is 0xff), so it was not run"), "{stdout}");
    assert!(stdout.contains("bob joins as England"), "the rest of the script ran: {stdout}");
    assert!(stdout.contains("France") && stdout.contains("alice"), "{stdout}");
}

#[test]
fn item22_a_bad_byte_on_standard_input_does_not_end_the_console() {
    let d = temp_dir("utf8-stdin");
    let mut child = chessdip()
        .args(["play", "--no-images", "--db"])
        .arg(d.join("g.db"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(b"gm game create chess\xe9dip\ngm game create chesspolitik2\n").expect("write");
    drop(stdin);
    let out = wait_at_most(child, Duration::from_secs(60), "the console");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{:?}: {stdout}{}", out.status, text(&out.stderr));
    assert!(stdout.contains("error: line 1 is not UTF-8 text"), "{stdout}");
    assert!(stdout.contains("forming"), "the next line ran: {stdout}");
}

// Item 23: `reveal-file` (and `seal`, `hash`) read at most the bound plus one byte.

#[test]
fn item23_reveal_file_refuses_an_endless_file_without_reading_it() {
    let d = temp_dir("reveal-file");
    let db = d.join("g.db");
    let out = wait_at_most(
        chessdip()
            .args(["play", "--no-images", "--db"])
            .arg(&db)
            .arg("--script")
            .arg({
                let p = d.join("s.txt");
                std::fs::write(&p, "alice reveal-file /dev/zero\n").expect("script");
                p
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn"),
        Duration::from_secs(30),
        "reveal-file /dev/zero",
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains("/dev/zero has more than 16384 bytes; a reveal has at most 16384 (16 KB)"), "{stdout}");
}

#[test]
fn item23_reveal_file_takes_exactly_the_bound_and_refuses_one_byte_more() {
    let d = temp_dir("reveal-bound");
    let mut c = open(&d.join("g.db"));
    two_players(&mut c, "hashed=yes movement=24h reveal=12h");
    let big = d.join("big.txt");
    std::fs::write(&big, vec![b'#'; 16 * 1024 + 1]).expect("file");
    let r = c.line(&format!("alice reveal-file {}", big.display()));
    assert!(r.contains("has more than 16384 bytes"), "{r}");
    let exact = d.join("exact.txt");
    std::fs::write(&exact, vec![b'#'; 16 * 1024]).expect("file");
    let r = c.line(&format!("alice reveal-file {}", exact.display()));
    assert!(!r.contains("16384") && !r.contains("cannot read"), "read and passed on: {r}");
    let r = c.line(&format!("alice reveal-file {}", d.join("missing.txt").display()));
    assert!(r.contains("cannot read") && r.contains("missing.txt"), "{r}");
    // A file that is not UTF-8 and too long is refused for its length, not recorded with a cut hash.
    std::fs::write(&big, vec![0xff; 16 * 1024 + 1]).expect("file");
    let r = c.line(&format!("alice reveal-file {}", big.display()));
    assert!(r.contains("has more than 16384 bytes") && !r.contains("SHA-256"), "{r}");
}

#[test]
fn item23_seal_and_hash_refuse_an_endless_file_without_reading_it() {
    let d = temp_dir("seal-bound");
    for args in [vec!["hash", "/dev/zero"], vec!["seal", "/dev/zero", "-o"]] {
        let mut cmd = chessdip();
        cmd.args(&args);
        if args[0] == "seal" {
            cmd.arg(d.join("sealed.txt"));
        }
        let child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("spawn");
        let out = wait_at_most(child, Duration::from_secs(30), args[0]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains("/dev/zero has more than 16384 bytes"), "{args:?}: {stderr}");
    }
}

// Item 25: `advance` is bounded, and a long advance handles every deadline.

#[test]
fn item25_advance_is_bounded_and_names_its_bound() {
    let mut c = started("advance-bound", "movement=48h");
    let before = c.service().now();
    for line in ["advance 9223372036854775807s", "downtime 9223372036854775807s", "advance 366d"] {
        let r = c.line(line);
        assert!(r.contains("is too long for a move of the console's clock: it must be at most 365d"), "{line}: {r}");
    }
    let r = c.line("advance to 99999-01-01T00:00:00Z");
    assert!(r.contains("is not a time"), "{r}");
    assert!(c.service().now() - before < 60, "a refused advance does not move the clock");
    let r = c.line("advance 0s");
    assert!(r.contains("is not a duration"), "{r}");
    // Written after a user's name, the console's own command is explained, not "unknown".
    let r = c.line("gm advance 1d");
    assert!(r.contains("`advance` is the console's own command and takes no user: write `advance 1d` alone"), "{r}");
    assert!(c.service().now() - before < 60, "a refused advance does not move the clock");
    // The longest advance leaves the clock usable: later deadlines are real times.
    c.line("gm game pause");
    c.line("advance 365d");
    assert!(c.line("gm game resume").contains("Spring 1401 is due in"));
    let r = c.line("gm game extend 1d");
    assert!(r.contains("Spring 1401 is now due in 3d"), "{r}");
    // The furthest `advance to` (RFC 3339 stops at the year 9999) leaves deadlines real times too.
    c.line("gm game pause");
    c.line("advance to 9999-12-01T00:00:00Z");
    assert!(c.line("gm game resume").contains("Spring 1401 is due in"));
    let r = c.line("gm game extend 1d");
    assert!(r.contains("Spring 1401 is now due in 4d"), "{r}");
}

#[test]
fn item25_a_long_advance_over_one_minute_phases_handles_every_deadline() {
    let mut c = started("advance-long", "movement=1m forfeit-after=0 grace=0 cd-after=off");
    // Before, the console handled 10,000 deadlines and then jumped to the end.
    let r = c.line("advance 10100m");
    let resolved = r.matches(" resolved").count();
    assert!(resolved >= 10_050, "{resolved} deadlines handled");
    let r = c.line("gm game status");
    assert!(r.contains("(active)") && r.contains(", due in "), "{r}");
}

// Item 26: two consoles on one database print each announcement once.

#[test]
fn item26_two_consoles_on_one_database_print_each_announcement_once() {
    let d = temp_dir("two-consoles");
    let db = d.join("g.db");
    let mut c = open(&db);
    c.line("gm game create chesspolitik2");
    drop(c);
    // 400 announcements waiting, as after 400 resolutions.
    let conn = rusqlite::Connection::open(&db).expect("db");
    for i in 0..400 {
        conn.execute(
            "INSERT INTO outbox (channel_id, game_id, text, created_at) SELECT channel_id, id, ?1, 0 FROM games",
            [format!("announcement number {i}.")],
        )
        .expect("insert");
    }
    drop(conn);
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(2));
    let consoles: Vec<_> = (0..2)
        .map(|_| {
            let (db, barrier) = (db.clone(), barrier.clone());
            std::thread::spawn(move || {
                let mut c = open(&db);
                barrier.wait();
                c.pending()
            })
        })
        .collect();
    let printed: String = consoles.into_iter().map(|t| t.join().expect("console")).collect();
    for i in 0..400 {
        let n = printed.matches(&format!("announcement number {i}.")).count();
        assert_eq!(n, 1, "announcement {i} printed {n} times");
    }
}

// Item 27: a closed standard output ends chessdip quietly; a write error is reported once.

#[test]
fn item27_a_closed_pipe_ends_scenario_check_quietly() {
    let mut child = chessdip()
        .args(["scenario", "check", "tests/scenarios"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    drop(child.stdout.take()); // the reader goes away at once, as `| head -0` would
    let out = wait_at_most(child, Duration::from_secs(120), "scenario check");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(141), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[cfg(target_os = "linux")]
#[test]
fn item27_a_full_disk_is_reported_once() {
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let out = chessdip()
        .args(["scenario", "check", "tests/scenarios"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(full())
        .output()
        .expect("run");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.matches("cannot write to standard output").count(), 1, "{stderr}");
    assert!(stderr.contains("No space left on device") && !stderr.contains("panicked"), "{stderr}");

    // The console too; what it could not print waits for the next session.
    let db = temp_dir("full").join("g.db");
    let out = starting_a_game(&db).stdout(full()).output().expect("run");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.matches("cannot write to standard output").count(), 1, "{stderr}");
    let again = play_script(&db, b"gm game start\n");
    let stdout = text(&again.stdout);
    assert!(stdout.contains("(announcements waiting since the last session)"), "{stdout}");
}

#[test]
fn item27_a_closed_pipe_ends_the_console_quietly_and_keeps_its_announcements() {
    let db = temp_dir("closed").join("g.db");
    let mut child = starting_a_game(&db).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("spawn");
    drop(child.stdout.take());
    let out = wait_at_most(child, Duration::from_secs(60), "the console");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(141), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    // Nothing announced was lost: the next session prints it.
    let again = play_script(&db, b"");
    let stdout = text(&again.stdout);
    assert!(stdout.contains("(announcements waiting since the last session)"), "{stdout}");
}

// Item 28: a deadline out of bounds names the bound it broke.

#[test]
fn item28_a_deadline_too_short_says_at_least_a_minute() {
    let mut c = started("deadline", "movement=48h");
    for line in ["gm game deadline 30s", "gm game extend 30s"] {
        let r = c.line(line);
        assert!(r.contains("is too short") && r.contains("it must be at least 1m"), "{line}: {r}");
        assert!(!r.contains("at most"), "{line}: {r}");
    }
    // As Discord calls it: the duration comes unchecked, and the service names the bound.
    let gm = Caller { user: "gm".into(), name: "gm".into(), moderator: false };
    let e = c.service().deadline("console", &gm, 30, false).expect_err("too short").to_string();
    assert!(e.contains("too short") && e.contains("at least 1m") && !e.contains("at most"), "{e}");
    let e = c.service().deadline("console", &gm, 91 * 86400, false).expect_err("too long").to_string();
    assert!(e.contains("too long") && e.contains("at most 90d"), "{e}");
    let r = c.line("gm game extend 89d23h");
    assert!(r.contains("a deadline is at most 90d away"), "{r}");
    assert!(c.line("gm game status").contains("Spring 1401, due in 2d"));
}

// Item 29: a database from a newer chessdip is refused at once, plainly.

fn set_user_version(db: &Path, v: i64) {
    let conn = rusqlite::Connection::open(db).expect("db");
    conn.pragma_update(None, "user_version", v).expect("user_version");
}

#[test]
fn item29_a_database_from_a_newer_chessdip_is_refused_at_once() {
    let d = temp_dir("newer");
    let db = d.join("g.db");
    drop(open(&db));
    let known = chessdip_game::store::schema_version();
    set_user_version(&db, i64::try_from(known).expect("small") + 1);
    let start = Instant::now();
    let e = open_console(&db, d.join("img"), Vec::new()).expect_err("refused").to_string();
    assert!(start.elapsed() < Duration::from_secs(2), "refused after {:?}", start.elapsed());
    let plain = format!(
        "this database was written by a newer chessdip (schema {}; this one knows {known}): upgrade chessdip, or restore a backup",
        known + 1
    );
    assert_eq!(e, plain);
    // The command line says the same, and leaves the file as it was.
    let out = play_script(&db, b"gm game status\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains(&plain), "{}", text(&out.stderr));
    let conn = rusqlite::Connection::open(&db).expect("db");
    let v: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).expect("version");
    assert_eq!(v, i64::try_from(known).expect("small") + 1);
}

#[test]
fn item29_tables_without_a_schema_version_are_refused_without_sql() {
    let d = temp_dir("unversioned");
    let db = d.join("g.db");
    drop(open(&db));
    set_user_version(&db, 0);
    let start = Instant::now();
    let e = open_console(&db, d.join("img"), Vec::new()).expect_err("refused").to_string();
    assert!(start.elapsed() < Duration::from_secs(2), "refused after {:?}", start.elapsed());
    assert!(e.contains("no chessdip schema version") && e.contains("restore a backup"), "{e}");
    assert!(!e.contains("CREATE") && !e.contains('\n'), "{e}");
}
