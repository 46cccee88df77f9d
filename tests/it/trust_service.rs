//! The game master's part of the small defects that decide whether
//! a group trusts the bot. One test (or a few) per item, named after it,
//! through the `play` console or the service.

use crate::support::scratch;
use scratch::{console_at, export, run, temp_dir, two_players};

use std::io::Read as _;
use std::path::Path;
use std::process::Command;

use chessdip::console::Console;
use chessdip_game::hashed::seal::sha256_hex;
use chessdip_game::story::export::ExportError;

/// A console on a fresh database in `dir`, with `mod` a moderator (and `gm` each game's creator).
fn moderated_in(dir: &Path) -> Console {
    console_at(dir, &["mod"]).without_images()
}

/// A console on a fresh database in the test's own directory, with `mod` a moderator.
fn moderated(name: &str) -> Console {
    moderated_in(&temp_dir(name))
}

// ---- Item 1: a reveal that does not match stays private ----

const ALICE: &str = "# salt 0123456789abcdef\nK c1 - c2";
const BOB: &str = "# salt fedcba9876543210\nK d6 - d5";
const NOTE: &str = "stab England in fall";

#[test]
fn item01_a_reveal_that_does_not_match_is_told_privately_and_never_published() {
    let mut c = moderated("item01");
    two_players(&mut c, "hashed=yes movement=24h reveal=12h");
    run(
        &mut c,
        &[&format!("alice commit {}", sha256_hex(ALICE)), &format!("bob commit {}", sha256_hex(BOB)), "advance 24h"],
    );
    let wrong = c.line(&format!("alice reveal {NOTE}"));
    assert!(wrong.contains("[private to alice] That text does not match France's commitment"), "{wrong}");
    assert!(wrong.contains("its text stays private to you"), "{wrong}");
    assert!(!wrong.contains("[public]"), "nothing public comes of a mismatch: {wrong}");
    // The matching reveals go through the service (they hold new lines), and the phase resolves.
    let svc = c.service();
    svc.reveal("console", &chessdip_game::Caller::player("alice"), ALICE).expect("alice reveals");
    svc.reveal("console", &chessdip_game::Caller::player("bob"), BOB).expect("bob reveals");
    c.pending();
    let history = c.line("carol history spring 1401");
    assert!(!history.contains(NOTE), "the mis-pasted text is published: {history}");
    assert!(!history.contains(&sha256_hex(NOTE)), "nor its hash, from which it could be found: {history}");
    assert!(history.contains(&format!("({} bytes; a text that did not match stays private", NOTE.len())), "{history}");
    assert!(history.contains("K c1 - c2") && history.contains("K d6 - d5"), "matched reveals stay public: {history}");
    let json = export(&mut c);
    let text = json.to_string();
    assert!(!text.contains(NOTE), "the export publishes the mis-pasted text");
    let reveals = json["phases"][0]["reveals"].as_array().expect("reveals");
    let unmatched: Vec<_> = reveals.iter().filter(|r| r["matched"] == false).collect();
    assert_eq!(unmatched.len(), 1);
    assert!(unmatched[0]["text"].is_null() && unmatched[0]["bytes"] == NOTE.len() && unmatched[0]["at"].is_number());
    assert!(unmatched[0]["hash"].is_null() && !text.contains(&sha256_hex(NOTE)), "{}", unmatched[0]);
    assert!(reveals.iter().filter(|r| r["matched"] == true).all(|r| r["text"].is_string()));
}

#[test]
fn item01_a_reveal_without_a_commitment_stays_private_too() {
    let mut c = moderated("item01-none");
    two_players(&mut c, "hashed=yes movement=24h reveal=12h grace=0");
    run(&mut c, &[&format!("bob commit {}", sha256_hex(BOB)), "advance 24h"]);
    let r = c.line(&format!("alice reveal {NOTE}"));
    assert!(r.contains("France made no commitment"), "{r}");
    run(&mut c, &["advance 12h"]);
    let history = c.line("carol history");
    assert!(!history.contains(NOTE) && !history.contains(&sha256_hex(NOTE)), "{history}");
    assert!(history.contains(&format!("({} bytes; a text that did not match stays private", NOTE.len())), "{history}");
}

// ---- Item 2: only moderators start a game ----

#[test]
fn item02_only_a_moderator_starts_a_game() {
    let mut c = moderated("item02");
    run(&mut c, &["gm game create chesspolitik2", "alice join France", "bob join England"]);
    for outsider in ["carol", "alice"] {
        let r = c.line(&format!("{outsider} game start"));
        assert!(r.contains("only a moderator of this game can start the game"), "{outsider}: {r}");
        assert!(!r.contains("The game begins"), "{r}");
    }
    assert!(c.line("carol game status").contains("(forming)"));
    // A moderator who did not create the game can.
    assert!(c.line("mod game start").contains("The game begins: Spring 1401"));

    // Every variant with fixed seats, and Chess Wheel+ with open ones.
    for (variant, joins) in [
        ("diplomacy-chess", ["alice join White", "bob join Black"]),
        ("chess-wheel cycle=7h", ["alice join", "bob join"]),
    ] {
        let mut c = moderated(&format!("item02-{}", variant.split(' ').next().unwrap_or(variant)));
        run(&mut c, &[&format!("gm game create {variant}"), joins[0], joins[1]]);
        let r = c.line("carol game start");
        assert!(r.contains("only a moderator of this game can start the game"), "{variant}: {r}");
        assert!(c.line("gm game start").contains("The game begins"), "{variant}");
    }
}

// ---- Item 3: a hashed phase with no commitment resolves at once ----

#[test]
fn item03_a_commit_window_without_commitments_resolves_at_once() {
    let mut c = moderated("item03");
    two_players(&mut c, "hashed=yes movement=24h reveal=12h grace=0 cd-after=off");
    let out = c.line("advance 24h");
    assert!(
        out.contains(
            "**Spring 1401 resolved** (the deadline passed; nobody committed, so there was nothing to reveal)"
        ),
        "{out}"
    );
    assert!(!out.contains("Reveal your orders now"), "no empty reveal window: {out}");
    assert!(out.contains("France: no commitment (no orders)"), "{out}");
    let status = c.line("gm game status");
    assert!(status.contains("Fall 1401, due in 1d") && status.contains("Commit window"), "{status}");
    // A moderator's force of such a window resolves too.
    let forced = c.line("gm game force");
    assert!(forced.contains("**Fall 1401 resolved** (forced by a moderator; nobody committed"), "{forced}");
    // With a commitment the reveal window opens as before.
    run(&mut c, &[&format!("alice commit {}", sha256_hex(ALICE))]);
    let out = c.line("gm game force");
    assert!(out.contains("has closed") && out.contains("committed: France") && !out.contains("resolved"), "{out}");
}

#[test]
fn item03_a_calendar_game_keeps_its_resolve_window() {
    let mut c = moderated("item03-wheel");
    run(&mut c, &["gm game create chess-wheel cycle=7h", "ann join", "bo join", "gm game start"]);
    // Chess Wheel+ follows its calendar: its resolve window holds votes and board actions.
    let out = c.line("advance 3h");
    assert!(out.contains("commit window of Cycle 1 has closed") && out.contains("nobody committed"), "{out}");
    assert!(!out.contains("Cycle 1 resolved"), "{out}");
}

// ---- Item 6: the final position says when and how the game ended ----

#[test]
fn item06_a_game_drawn_during_a_phase_is_not_labelled_after_it() {
    let mut c = moderated("item06");
    two_players(&mut c, "");
    run(&mut c, &["alice draw yes"]);
    assert!(c.line("bob draw yes").contains("Game over: draw between"));
    let board = c.line("carol game board");
    assert!(!board.contains("after Spring 1401"), "Spring 1401 never resolved: {board}");
    assert!(
        board.contains(
            "the final position. **Game over: draw between France and England.** It ended during Spring 1401, "
        ) && board.contains("before it resolved."),
        "{board}"
    );
    let status = c.line("carol game status");
    assert!(status.contains("It ended during Spring 1401, ") && status.contains("before it resolved"), "{status}");
}

#[test]
fn item06_a_concession_and_a_moderators_end_say_when_too() {
    let mut c = moderated("item06-concede");
    two_players(&mut c, "");
    run(&mut c, &["alice orders K c1 - c2", "bob orders K d6 - d5", "alice ready", "bob ready"]);
    assert!(c.line("bob concede").contains("France wins by concession"));
    let board = c.line("carol game board");
    assert!(board.contains("France wins by concession.** It ended during Fall 1401"), "{board}");
    let mut d = moderated("item06-end");
    two_players(&mut d, "");
    d.line("gm game end");
    let board = d.line("carol game board");
    assert!(board.contains("ended by a moderator.** It ended during Spring 1401"), "{board}");
}

// ---- Item 7: every event in the export has its time and phase; `open` as documented ----

#[test]
fn item07_the_export_says_open_only_for_the_phase_being_played() {
    let mut c = moderated("item07");
    two_players(&mut c, "");
    run(&mut c, &["alice orders K c1 - c2", "bob orders K d6 - d5", "alice ready", "bob ready"]);
    run(&mut c, &["gm game rollback", "alice ready", "bob ready"]);
    let json = export(&mut c);
    let phases = json["phases"].as_array().expect("phases");
    let open: Vec<_> = phases.iter().filter(|p| p["open"] == true).map(|p| p["seq"].clone()).collect();
    assert_eq!(open, vec![json_current(&json)], "only the current phase is open: {phases:?}");
    for p in phases.iter().filter(|p| p["rolled_back"] == true) {
        assert_eq!(p["open"], false, "a rolled-back phase is not being played: {p}");
        assert!(p["deadline"].is_null());
    }
    // A game that ended has no open phase.
    run(&mut c, &["alice draw yes", "bob draw yes"]);
    let json = export(&mut c);
    assert!(json["phases"].as_array().expect("phases").iter().all(|p| p["open"] == false), "{}", json["phases"]);
}

/// The seq of the phase the game is in (the last phase row).
fn json_current(json: &serde_json::Value) -> serde_json::Value {
    json["phases"].as_array().and_then(|p| p.last()).map_or(serde_json::Value::Null, |p| p["seq"].clone())
}

#[test]
fn item07_concessions_draws_and_moderator_actions_have_their_time_and_phase() {
    let mut c = moderated("item07-events");
    run(
        &mut c,
        &[
            "gm game create chesspolitik4 cd-after=off",
            "a join Mughal Empire",
            "b join Ming Dynasty",
            "d join Tsardom of Russia",
            "e join Ottoman Empire",
        ],
    );
    let json = export(&mut c);
    let powers: Vec<String> =
        json["powers"].as_array().expect("powers").iter().map(|p| p["name"].to_string()).collect();
    assert_eq!(powers.len(), 4, "{powers:?}");
    run(
        &mut c,
        &[
            "gm game start",
            "gm game extend 1h",
            "gm game force",
            "gm game rollback",
            "gm game force",
            "gm game rollback",
        ],
    );
    run(&mut c, &["a concede"]);
    run(&mut c, &["b draw yes", "d draw yes", "e draw yes"]);
    let json = export(&mut c);
    assert!(json["result"].as_str().is_some_and(|r| r.starts_with("draw between")), "{}", json["result"]);
    assert!(json["ended_at"].is_number(), "{}", json["ended_at"]);
    assert_eq!(json["ended_phase"], "Spring 1601");
    let conceded: Vec<_> =
        json["powers"].as_array().expect("powers").iter().filter(|p| p["conceded"] == true).collect();
    assert_eq!(conceded.len(), 1);
    assert!(
        conceded[0]["conceded_at"].is_number() && conceded[0]["conceded_phase"] == "Spring 1601",
        "{}",
        conceded[0]
    );
    let moderation = json["moderation"].as_array().expect("moderation");
    for m in moderation {
        assert!(m["at"].is_number() && m["phase"].is_string(), "every moderator action has its time and phase: {m}");
        assert!(!m["detail"].as_str().unwrap_or("").is_empty(), "every moderator action says what it did: {m}");
    }
    let force = moderation.iter().find(|m| m["action"] == "force").expect("force");
    assert_eq!(force["phase"], "Spring 1601", "a force is logged in the phase it forced");
    let rollbacks: Vec<&str> =
        moderation.iter().filter(|m| m["action"] == "rollback").filter_map(|m| m["detail"].as_str()).collect();
    assert_eq!(rollbacks.len(), 2, "{moderation:?}");
    assert_eq!(rollbacks, ["Spring 1601 reopened (rolled back: Spring 1601, Fall 1601)"; 2]);
}

#[test]
fn item07_a_moderators_end_is_logged_with_its_phase() {
    let mut c = moderated("item07-end");
    two_players(&mut c, "");
    c.line("gm game end");
    let json = export(&mut c);
    let end = json["moderation"].as_array().and_then(|m| m.iter().find(|m| m["action"] == "end").cloned());
    let end = end.expect("end logged");
    assert_eq!(end["detail"], "during Spring 1401");
    assert_eq!(end["phase"], "Spring 1401");
    assert_eq!(json["ended_phase"], "Spring 1401");
}

// ---- Item 8: every name `history` lists is accepted ----

#[test]
fn item08_history_takes_every_name_it_lists() {
    let mut c = moderated("item08");
    two_players(&mut c, "");
    run(&mut c, &["alice orders K c1 - c2", "bob orders K d6 - d5", "alice ready", "bob ready"]);
    run(&mut c, &["gm game rollback", "alice ready", "bob ready"]);
    // Roll back twice the same phase: two records of it are undone.
    run(&mut c, &["gm game rollback", "alice ready", "bob ready"]);
    let refusal = c.line("carol history winter 1999");
    let listed = refusal.split("resolved so far: ").nth(1).expect("the list").trim().to_string();
    assert_eq!(listed, "Spring 1401 (rolled back 1), Spring 1401 (rolled back 2), Spring 1401", "{refusal}");
    for name in listed.split(", ") {
        let r = c.line(&format!("carol history {name}"));
        assert!(r.contains("**Spring 1401**"), "`history {name}` is refused: {r}");
        assert_eq!(r.contains("(rolled back by a moderator)"), name.contains("rolled back"), "{name}: {r}");
        assert_eq!(c.line(&format!("carol history {}", name.to_uppercase())), r, "in any case");
    }
    // The autocomplete offers the same names.
    assert_eq!(c.service().resolved_phases("console").expect("names").join(", "), listed);
    let mut d = moderated("item08-once");
    two_players(&mut d, "");
    run(&mut d, &["alice ready", "bob ready", "gm game rollback", "alice ready", "bob ready"]);
    let r = d.line("carol history spring 1401 (rolled back)");
    assert!(r.contains("**Spring 1401** (rolled back by a moderator)"), "{r}");
}

// ---- Item 21: a force is saved whole or not at all ----

#[test]
fn item21_a_force_whose_log_fails_saves_nothing_and_says_so() {
    let dir = temp_dir("item21");
    let mut c = moderated_in(&dir);
    two_players(&mut c, "");
    run(&mut c, &["alice orders K c1 - c2"]);
    // The moderation log cannot be written (as a full disk or a locked table would make it).
    let db = rusqlite::Connection::open(dir.join("g.db")).expect("db");
    db.execute_batch(
        "CREATE TRIGGER no_log BEFORE INSERT ON moderation_log BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END;",
    )
    .expect("trigger");
    let r = c.line("gm game force");
    assert!(r.contains("database error") && !r.contains("resolved"), "{r}");
    // Nothing happened: the phase is still open, nothing was announced, nothing logged.
    assert!(c.line("gm game status").contains("Spring 1401, due in"), "the phase was resolved anyway");
    assert!(c.line("gm history").contains("no phase has been resolved yet"));
    db.execute_batch("DROP TRIGGER no_log;").expect("drop");
    // Sending it again resolves Spring 1401, not the phase after it.
    let r = c.line("gm game force");
    assert!(r.contains("**Spring 1401 resolved** (forced by a moderator)"), "{r}");
    let json = export(&mut c);
    let forces: Vec<_> =
        json["moderation"].as_array().expect("log").iter().filter(|m| m["action"] == "force").collect();
    assert_eq!(forces.len(), 1, "one force, logged once");
    assert_eq!(forces[0]["detail"], "Spring 1401 resolved (forced by a moderator).");
}

// ---- Item 24: the export is streamed; over a channel's limit it is compressed or explained ----

/// A started Chesspolitik game in `dir` with `extra` resolved phases added directly to the store.
fn long_game(dir: &Path, extra: i64) -> Console {
    let mut c = moderated_in(dir);
    two_players(&mut c, "");
    run(&mut c, &["alice orders K c1 - c2", "bob orders K d6 - d5", "alice ready", "bob ready"]);
    let db = rusqlite::Connection::open(dir.join("g.db")).expect("db");
    // Phases 3.. copy the resolved phase 1 (its state and report); the game's current phase moves to the last.
    db.execute_batch(&format!(
        "WITH RECURSIVE n(k) AS (SELECT 3 UNION ALL SELECT k + 1 FROM n WHERE k < {last})
         INSERT INTO phases (game_id, seq, name, state, status, deadline, report, resolved_at, stage)
         SELECT p.game_id, n.k, 'Phase ' || n.k, p.state, 'resolved', NULL, p.report, p.resolved_at, p.stage
         FROM phases p, n WHERE p.seq = 1;
         UPDATE phases SET seq = {next} WHERE seq = 2;
         UPDATE games SET phase_seq = {next};",
        last = extra + 2,
        next = extra + 3,
    ))
    .expect("insert phases");
    c
}

#[test]
fn item24_a_long_export_is_compressed_to_fit_a_channel() {
    let dir = temp_dir("item24");
    let c = long_game(&dir, 1500);
    let svc = c.service();
    let plain = {
        let mut out = Vec::new();
        let n = svc.export_to("console", &mut out).expect("export");
        assert_eq!(n as usize, out.len());
        out
    };
    let doc: serde_json::Value = serde_json::from_slice(&plain).expect("valid json");
    assert_eq!(doc["phases"].as_array().map(Vec::len), Some(1502));
    // Under the limit: the JSON itself.
    let fits = svc.export_file("console", plain.len() + 1).expect("fits");
    assert!(!fits.compressed() && fits.name == "game.json" && fits.bytes.len() == plain.len());
    // Over it: gzip, which opens to the same document.
    let limit = plain.len() / 4;
    let file = svc.export_file("console", limit).expect("compressed");
    assert!(file.compressed() && file.name == "game.json.gz" && file.bytes.len() <= limit, "{}", file.bytes.len());
    assert_eq!(file.json_bytes as usize, plain.len());
    assert!(file.caption(limit).contains("compressed with gzip"), "{}", file.caption(limit));
    let mut unzipped = Vec::new();
    flate2::read::GzDecoder::new(&file.bytes[..]).read_to_end(&mut unzipped).expect("gzip");
    let again: serde_json::Value = serde_json::from_slice(&unzipped).expect("valid json");
    assert_eq!(again["phases"].as_array().map(Vec::len), Some(1502));
    // Over it even compressed: a clear answer saying how to get it.
    let e = svc.export_file("console", 4096).expect_err("too large");
    assert!(matches!(e, ExportError::TooLarge { .. }), "{e:?}");
    let text = e.to_string();
    assert!(
        text.contains("chessdip export --channel console --output game.json") && text.contains("even compressed"),
        "{text}"
    );
}

#[test]
fn item24_a_failing_writer_stops_the_export_with_a_clear_error() {
    struct Full(usize);
    impl std::io::Write for Full {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.0 + buf.len() > 100_000 {
                return Err(std::io::Error::other("no space left on device"));
            }
            self.0 += buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let dir = temp_dir("item24-full");
    let c = long_game(&dir, 200);
    let e = c.service().export_to("console", &mut Full(0)).expect_err("full");
    assert!(e.to_string().contains("the export could not be written: no space left on device"), "{e}");
    let e = c.service().export_to("elsewhere", &mut Vec::new()).expect_err("no game");
    assert!(e.to_string().contains("there is no game in this channel"), "{e}");
}

#[test]
fn item24_chessdip_export_writes_the_game_from_the_command_line() {
    let dir = temp_dir("item24-cli");
    drop(long_game(&dir, 50));
    let db = dir.join("g.db");
    let out = dir.join("game.json");
    let cli = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_chessdip"))
            .args(["export", "--db"])
            .arg(&db)
            .args(args)
            .current_dir(&dir)
            .output()
            .expect("run chessdip")
    };
    let r = cli(&["--channel", "console", "--output", out.to_str().expect("path")]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).expect("written")).expect("json");
    assert_eq!(doc["phases"].as_array().map(Vec::len), Some(52));
    // An existing file is not overwritten by accident.
    let r = cli(&["--channel", "console", "--output", out.to_str().expect("path")]);
    assert!(!r.status.success() && String::from_utf8_lossy(&r.stderr).contains("--force"));
    // Compressed, to standard output.
    let r = cli(&["--channel", "console", "--gzip"]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let mut unzipped = Vec::new();
    flate2::read::GzDecoder::new(&r.stdout[..]).read_to_end(&mut unzipped).expect("gzip");
    assert_eq!(serde_json::from_slice::<serde_json::Value>(&unzipped).expect("json")["phases"], doc["phases"]);
    // A channel without a game says so.
    let r = cli(&["--channel", "nowhere"]);
    assert!(!r.status.success() && String::from_utf8_lossy(&r.stderr).contains("no game in this channel"));
}

#[test]
fn item21_what_a_saved_command_sets_off_failing_does_not_say_it_was_not_saved() {
    let dir = temp_dir("item21-ready");
    let mut c = moderated_in(&dir);
    two_players(&mut c, "movement=24h grace=0");
    run(&mut c, &["alice orders K c1 - c2", "alice ready"]);
    // Resolving cannot be written (the phase's row is locked, the disk full...).
    let db = rusqlite::Connection::open(dir.join("g.db")).expect("db");
    db.execute_batch(
        "CREATE TRIGGER no_close BEFORE UPDATE OF status ON phases BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END;",
    )
    .expect("trigger");
    let r = c.line("bob ready");
    assert!(r.contains("Marked ready without orders: every piece holds"), "{r}");
    assert!(
        r.contains("Your ready mark is saved, but resolving the phase right away failed (")
            && r.contains("that happens at the deadline instead, or when a moderator uses `game force`"),
        "{r}"
    );
    let status = c.line("gm game status");
    assert!(
        status.contains("England (bob)") && status.contains("[no orders yet, ready]"),
        "the ready mark was lost: {status}"
    );
    db.execute_batch("DROP TRIGGER no_close;").expect("drop");
    assert!(c.line("advance 24h").contains("**Spring 1401 resolved** (the deadline passed)"));
}

/// What a, b and d commit in [`four_in_reveal_window`].
const SALTED: &str = "# salt 00000000aaaaaaaa";

/// A hashed four-player Chesspolitik game in its reveal window, where a, b and d committed [`SALTED`].
fn four_in_reveal_window(c: &mut Console) {
    run(
        c,
        &[
            "gm game create chesspolitik4 hashed=yes movement=24h reveal=12h grace=0",
            "a join Mughal Empire",
            "b join Ming Dynasty",
            "d join Tsardom of Russia",
            "e join Ottoman Empire",
            "gm game start",
        ],
    );
    for u in ["a", "b", "d"] {
        let r = c.line(&format!("{u} commit {}", sha256_hex(SALTED)));
        assert!(r.contains("Commitment recorded"), "{r}");
    }
    assert!(c.line("advance 24h").contains("committed: Ming Dynasty, Mughal Empire, Tsardom of Russia"));
}

#[test]
fn item03_a_reveal_window_left_with_nothing_to_reveal_resolves_at_once() {
    let salt = SALTED;
    let mut c = moderated("item03-concede");
    four_in_reveal_window(&mut c);
    assert!(c.line(&format!("a reveal {salt}")).contains("reveal matches"));
    assert!(c.line(&format!("b reveal {salt}")).contains("reveal matches"));
    // d's commitment stops counting when d concedes: every one left is revealed.
    let r = c.line("d concede");
    assert!(r.contains("**Spring 1601 resolved** (every commitment that still counts was revealed)"), "{r}");
    let mut k = moderated("item03-kick");
    four_in_reveal_window(&mut k);
    run(&mut k, &["gm game kick a", "gm game kick b"]);
    let r = k.line("gm game kick d");
    assert!(r.contains("no commitment counts any more, so there is nothing left to reveal"), "{r}");
    assert!(k.line("gm game status").contains("Fall 1601"));
}

#[test]
fn item07_proposals_have_their_phase() {
    let mut c = moderated("item07-proposals");
    run(&mut c, &["gm game create chess-wheel cycle=7h", "ann join", "bo join", "gm game start"]);
    assert!(c.line("ann proposal submit Knights may jump between boards").contains("Proposal #1 by ann"));
    let json = export(&mut c);
    let p = &json["proposals"][0];
    assert!(p["submitted_at"].is_number() && p["phase"] == "Cycle 1", "{p}");
}
