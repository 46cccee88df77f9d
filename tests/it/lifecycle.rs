//! The game's lifecycle (`docs/lifecycle.md`) through the `play` console:
//! each problem found by groups playing it, as a regression test, numbered
//! in the order the problems were reported.

use crate::support::scratch;
use scratch::{console, run, temp_dir, two_players};

use std::sync::{Arc, Barrier};

use chessdip_game::hashed::seal::sha256_hex;
use chessdip_game::store::Store;

fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

#[test]
fn p1_a_paused_game_holds_and_resumes_with_its_time() {
    let mut c = console("pause");
    two_players(&mut c, "movement=48h grace=0");
    run(&mut c, &["alice orders K c1 - c2", "advance 47h"]);
    assert!(c.line("gm game pause").contains("The game is paused"));
    // Nothing resolves a paused game: ready, force, rollback, the deadline.
    let r = run(&mut c, &["alice ready", "bob ready"]);
    assert!(count(&r, "the game is paused by a moderator") == 2 && !r.contains("resolved"), "{r}");
    assert!(c.line("gm game force").contains("`game resume` first, then `game force`"));
    assert!(c.line("gm game rollback").contains("`game resume` first"));
    assert!(c.line("alice orders K c1 - b2").contains("paused"));
    assert!(!c.line("advance 5d").contains("resolved"), "the deadline does not run while paused");
    assert!(c.line("gm game status").contains("paused with 1h left"));
    // Resume: the time that was left comes back (at least an hour), and the phase has a deadline.
    let r = c.line("gm game resume");
    assert!(r.contains("Spring 1401 is due in 1h"), "{r}");
    assert!(c.line("gm game status").contains("Spring 1401, due in 1h"));
    assert!(c.line("advance 1h").contains("Spring 1401 resolved"));
    assert!(c.line("gm game status").contains("Fall 1401, due in 2d"));
}

#[test]
fn p1_a_short_pause_still_leaves_an_hour() {
    let mut c = console("pause-min");
    two_players(&mut c, "movement=48h");
    run(&mut c, &["advance 47h 59m", "gm game pause"]);
    assert!(c.line("gm game resume").contains("due in 1h"));
}

#[test]
fn p2_ready_marks_do_not_survive_the_reveal_window_opening() {
    let mut c = console("ready-stage");
    two_players(&mut c, "hashed=yes movement=24h reveal=12h");
    let (alice, bob) = ("K c1 - c2", "K d6 - d5");
    run(&mut c, &[&format!("alice commit {}", sha256_hex(alice)), &format!("bob commit {}", sha256_hex(bob))]);
    assert!(c.line("alice ready").contains("Marked ready"));
    let opened = c.line("bob ready");
    assert!(opened.contains("The commit window of Spring 1401 has closed"), "{opened}");
    let r = c.line(&format!("alice reveal {alice}"));
    assert!(r.contains("reveal matches") && !r.contains("resolved"), "{r}");
    // The first to reveal cannot end the phase with an old ready mark or a new one.
    let r = c.line("alice ready");
    assert!(r.contains("nothing to mark ready") && !r.contains("resolved"), "{r}");
    assert!(c.line("gm game status").contains("England (bob): 3 centers, 3 pieces [committed]"));
    let r = c.line(&format!("bob reveal {bob}"));
    assert!(r.contains("Spring 1401 resolved") && r.contains("K c1 - c2") && r.contains("K d6 - d5"), "{r}");
}

#[test]
fn p2_ready_during_the_replenish_day_resolves_nothing() {
    let mut c = console("ready-wait");
    run(&mut c, &["gm game create chess-wheel cycle=7h", "ann join", "bo join", "gm game start"]);
    let out = c.line("advance 6h");
    assert!(out.contains("Cycle 1 resolved") && out.contains("Next: Cycle 2, its move phase opens in 1h"), "{out}");
    let r = run(&mut c, &["ann ready", "bo ready"]);
    assert!(count(&r, "the move phase of Cycle 2 has not opened yet") == 2 && !r.contains("resolved"), "{r}");
    assert!(c.line("gm game status").contains("Waiting for the move phase"));
}

#[test]
fn p2_ready_cannot_resolve_a_turn_that_a_vacant_seat_owes() {
    let mut c = console("ready-vacant");
    run(&mut c, &["gm game create diplomat-chess", "w join White", "gm game start"]);
    assert!(c.line("w orders d3").contains("resolved"), "White's move resolves at once");
    // Black is vacant: White's ready mark must not skip Black's turn (force refuses it too).
    let r = c.line("w ready");
    assert!(!r.contains("resolved") && r.contains("White has nothing to order"), "{r}");
    assert!(c.line("gm game force").contains("a turn cannot be skipped"));
}

#[test]
fn p3_a_chess_wheel_cycle_resolves_at_the_end_of_its_resolve_window() {
    let mut c = console("wheel-early");
    run(&mut c, &["gm game create chess-wheel cycle=7h", "ann join", "bo join", "gm game start"]);
    run(&mut c, &["ann board create", "bo board create", "ann board populate", "bo board populate"]);
    let p = c.line("ann proposal submit Rooks may cross the hub");
    assert!(p.contains("resolve phase of Cycle 1"), "{p}");
    let (a, b) = ("{ann}a2 - {ann}a3", "{bo}a2 - {bo}a3");
    run(&mut c, &[&format!("ann commit {}", sha256_hex(a)), &format!("bo commit {}", sha256_hex(b))]);
    let r = run(&mut c, &["ann ready", "bo ready"]);
    assert!(r.contains("follows its calendar") && !r.contains("commit window of Cycle 1 has closed"), "{r}");
    assert!(c.line("advance 3h").contains("commit window of Cycle 1 has closed"));
    assert!(c.line("ann vote 1 yes").contains("votes for"));
    let r = run(&mut c, &[&format!("ann reveal {a}"), &format!("bo reveal {b}")]);
    assert!(!r.contains("Cycle 1 resolved"), "every reveal is in, but the window is open: {r}");
    // The vote is still open after every reveal, and the board actions of the next cycle are not.
    assert!(c.line("bo vote 1 yes").contains("votes for"));
    assert!(c.line("ann board populate").contains("[private to ann]"));
    let r = c.line("advance 3h");
    assert!(r.contains("Cycle 1 resolved") && r.contains("is popular, 2 for and 0 against"), "{r}");
}

#[test]
fn p4_the_weekly_calendar_does_not_drift_after_downtime_or_a_force() {
    let mut c = console("calendar");
    // 2099-01-09 is a Friday: the first move window waits for Monday.
    run(&mut c, &["advance to 2099-01-09T10:00:00Z", "gm game create chess-wheel", "ann join", "bo join"]);
    let start = c.line("gm game start");
    assert!(start.contains("opens in 2d 14h"), "{start}");
    // The bot is down from before Monday until the next Friday: the move
    // window is not opened across the resolve days; the phase waits for Monday.
    let late = c.line("downtime to 2099-01-16T10:00:00Z");
    assert!(late.contains("opens at its calendar time, in 2d 14h"), "{late}");
    assert!(c.line("gm game force").contains("not opened early"), "a force cannot open it on a Friday either");
    // Forced on the Sunday pause, the move window opens and still closes on Thursday.
    c.line("advance to 2099-01-18T12:00:00Z");
    let forced = c.line("gm game force");
    assert!(forced.contains("The move phase of Cycle 1 is open") && forced.contains("within 3d 12h"), "{forced}");
    // The commit deadline passes while the bot is down into Sunday: reveals run to Monday 00:00 only.
    let r = c.line("downtime to 2099-01-25T06:00:00Z");
    assert!(r.contains("nobody committed") && r.contains("it resolves when its resolve window closes, in 18h"), "{r}");
    let r = c.line("advance 18h");
    assert!(r.contains("Cycle 1 resolved") && r.contains("commitments due in 3d"), "{r}");
}

#[test]
fn p5_a_kicked_player_stays_out_and_their_orders_go_with_them() {
    let mut c = console("kick");
    two_players(&mut c, "");
    assert!(c.line("bob orders K d6 - d5").contains("Accepted"));
    assert!(c.line("gm game kick bob").contains("England is open for takeover"));
    let r = c.line("bob join England");
    assert!(r.contains("only a moderator can seat you again") && !r.contains("joins"), "{r}");
    assert!(c.line("carol join England").contains("carol joins as England"));
    let mine = c.line("carol orders show");
    assert!(!mine.contains("K d6 - d5"), "the new holder does not see the old orders: {mine}");
    let r = c.line("gm game force");
    assert!(!r.contains("K d6 - d5"), "and they do not execute: {r}");
    // A moderator may seat the kicked user again.
    assert!(c.line("gm game assign bob England").contains("bob now plays England (replacing carol)"));
}

#[test]
fn p6_rollback_clears_ready_marks_and_lapsed_draw_votes() {
    let mut c = console("rollback-marks");
    two_players(&mut c, "");
    run(&mut c, &["bob draw yes", "alice orders K c1 - c2", "alice ready"]);
    assert!(c.line("bob ready").contains("Spring 1401 resolved"));
    let r = c.line("gm game rollback");
    assert!(
        r.contains("Spring 1401 is open again with the orders it had") && r.contains("Nobody is marked ready"),
        "{r}"
    );
    let status = c.line("gm game status");
    assert!(!status.contains("ready]"), "{status}");
    let r = c.line("alice draw yes");
    assert!(!r.contains("Game over"), "bob's lapsed vote does not come back: {r}");
    assert!(c.line("alice orders show").contains("K c1 - c2"), "the orders it had are kept");
    // The undone phase stays in history.
    assert!(c.line("alice history").contains("Spring 1401** (rolled back"));
}

#[test]
fn rollback_texts_say_what_they_did() {
    let mut c = console("rollback-dropped");
    two_players(&mut c, "movement=24h grace=0");
    run(&mut c, &["alice orders K c1 - c2", "bob orders K d6 - d5", "alice ready", "bob ready"]);
    // A replacement: the new player starts with none of the orders of the player they replaced.
    c.line("gm game assign carol England");
    let r = c.line("gm game rollback");
    assert!(
        r.contains("Rolled back: Spring 1401 is open again with the orders it had, except England's, due in 1d. England's orders were dropped: its seat changed hands since, and carol, who holds it now, starts with none."),
        "{r}"
    );
    assert!(c.line("carol orders show").contains("England's orders for Spring 1401: none yet."));
    assert!(c.line("alice orders show").contains("K c1 - c2"), "France kept its orders");
    // A swap: both players start with none.
    run(&mut c, &["carol orders K d6 - d5", "alice ready", "carol ready", "gm game assign alice England swap"]);
    let r = c.line("gm game rollback");
    assert!(r.contains("with the orders it had, except England's and France's, due in 1d."), "{r}");
    assert!(r.contains("England's orders were dropped: its seat changed hands since, and alice, who holds it now, starts with none."), "{r}");
    assert!(r.contains("France's orders were dropped: its seat changed hands since, and carol, who holds it now, starts with none."), "{r}");
    // A seat emptied by a moderator: said as vacant.
    run(
        &mut c,
        &["carol orders K c1 - c2", "alice orders K d6 - d5", "carol ready", "alice ready", "gm game kick carol"],
    );
    let r = c.line("gm game rollback");
    assert!(r.contains("France's orders were dropped: its seat changed hands since, and it is vacant now."), "{r}");
    assert!(!r.contains("England's orders were dropped"), "alice kept England: {r}");
    // Nothing changed hands: nothing to say.
    run(&mut c, &["gm game force", "gm game force"]);
    let r = c.line("gm game rollback");
    assert!(r.contains("open again with the orders it had, due in") && !r.contains("dropped"), "{r}");
    // A hashed phase reopened in its reveal window keeps the commitments and matched reveals of the seats' present players only.
    let mut h = console("rollback-dropped-hashed");
    two_players(&mut h, "hashed=yes movement=24h reveal=12h grace=0");
    let (alice, bob) = ("K c1 - c2", "K d6 - d5");
    run(&mut h, &[&format!("alice commit {}", sha256_hex(alice)), &format!("bob commit {}", sha256_hex(bob))]);
    run(&mut h, &["advance 24h", &format!("alice reveal {alice}"), &format!("bob reveal {bob}")]);
    h.line("gm game assign carol England");
    let r = h.line("gm game rollback");
    assert!(
        r.contains("open again in its reveal window, with every commitment and every matched reveal it had, except England's (every commitment is revealed; no new commitment is taken)"),
        "{r}"
    );
    assert!(
        r.contains("England's commitments were dropped: its seat changed hands since, and carol, who holds it now, starts with none."),
        "{r}"
    );
}

#[test]
fn p6_a_rolled_back_hashed_phase_reopens_its_reveal_window_with_every_commitment() {
    let mut c = console("rollback-hashed");
    two_players(&mut c, "hashed=yes movement=24h reveal=12h");
    let (alice, bob) = ("K c1 - c2", "K d6 - d5");
    run(&mut c, &[&format!("alice commit {}", sha256_hex(alice)), &format!("bob commit {}", sha256_hex(bob))]);
    c.line("advance 24h");
    c.line(&format!("alice reveal {alice}"));
    let r = c.line("advance 12h");
    assert!(r.contains("Spring 1401 resolved") && r.contains("K c1 - c2"), "bob did not reveal: {r}");
    let next = sha256_hex("K c2 - c3");
    c.line(&format!("alice commit {next}"));
    let r = c.line("gm game rollback");
    assert!(r.contains("in its reveal window") && r.contains("England may still reveal"), "{r}");
    // Nothing recorded is deleted: the later phase's commitment is still in the export.
    assert!(c.line("gm game export").contains(&next));
    // Bob's commitment counts again: his reveal matches and, every commitment revealed, the phase resolves.
    let revealed = c.line(&format!("bob reveal {bob}"));
    assert!(revealed.contains("England's reveal matches"), "{revealed}");
    assert!(revealed.contains("Spring 1401 resolved** (every commitment was revealed)"), "{revealed}");
    assert!(revealed.contains("K c1 - c2") && revealed.contains("K d6 - d5"), "{revealed}");
    // Asked explicitly, the phase reopens with every commitment reset and a fresh commit window.
    let r = c.line("gm game rollback fresh");
    assert!(r.contains("every commitment reset") && r.contains("commitments due in 1d"), "{r}");
    assert!(c.line(&format!("bob commit {}", sha256_hex(bob))).contains("Commitment recorded"));
}

#[test]
fn p7_durations_are_bounded() {
    let mut c = console("durations");
    let r = c.line("gm game create chesspolitik2 movement=9223372036854775807s");
    assert!(r.contains("too long for a phase or window") && r.contains("it must be at most 90d"), "{r}");
    let r = c.line("gm game create chess-wheel cycle=1s");
    assert!(r.contains("too short for a cycle") && r.contains("7m"), "{r}");
    two_players(&mut c, "");
    for line in ["gm game extend 9223372036854775807s", "gm game deadline 9223372036854775807s"] {
        let r = c.line(line);
        assert!(r.contains("too long") && !r.contains("resolved"), "{line}: {r}");
    }
    let r = c.line("gm game extend 89d23h");
    assert!(r.contains("at most 90d away"), "{r}");
    assert!(c.line("gm game status").contains("Spring 1401, due in 2d"));
}

#[test]
fn p8_a_conceded_power_is_in_civil_disorder_at_once() {
    let mut c = console("concede");
    run(&mut c, &["gm game create chesspolitik4", "a join Mughal", "b join Ming", "c join Russia", "d join Ottoman"]);
    c.line("gm game start");
    c.line("a orders K a4 - b4");
    assert!(c.line("a concede").contains("concedes the game and is in civil disorder"));
    assert!(c.line("gm game status").contains("conceded, in civil disorder"));
    assert!(c.line("a orders K a4 - b4").contains("has conceded"));
    assert!(c.line("a draw yes").contains("has conceded"));
    let r = run(&mut c, &["b draw yes", "c draw yes", "d draw yes"]);
    assert!(
        r.contains("Game over: draw between Ming Dynasty, Tsardom of Russia and Ottoman Empire**"),
        "the powers still playing decide: {r}"
    );
    assert!(!r.contains("Mughal Empire, "), "the conceded power is not in the draw: {r}");
    // Once the game is over, civil disorder is no longer said.
    let status = c.line("gm game status");
    assert!(status.contains("[conceded]") && !status.contains("civil disorder"), "{status}");
}

#[test]
fn p9_an_ended_game_says_so() {
    let mut c = console("ended");
    two_players(&mut c, "");
    assert!(c.line("gm game end").contains("Game over: ended by a moderator"));
    for line in ["alice orders K c1 - c2", "gm game force", "alice ready", "bob join England", "gm game pause"] {
        let r = c.line(line);
        assert!(r.contains("this game has ended: ended by a moderator") && r.contains("game create"), "{line}: {r}");
    }
    let status = c.line("gm game status");
    assert!(status.contains("**Game over: ended by a moderator.**") && !status.contains("due in"), "{status}");
    assert!(c.line("gm game rollback").contains("only a phase's result can be rolled back"));
    assert!(c.line("gm game create chesspolitik2").contains("is forming"), "a new game can start");
}

#[test]
fn p10_assign_does_not_silently_vacate_another_power() {
    let mut c = console("assign");
    two_players(&mut c, "");
    let r = c.line("gm game assign bob France");
    assert!(r.contains("bob already plays England") && r.contains("swap"), "{r}");
    assert!(c.line("gm game status").contains("England (bob)"));
    let r = c.line("gm game assign bob France swap");
    assert!(r.contains("bob now plays France, and alice now plays England"), "{r}");
    let status = c.line("gm game status");
    assert!(status.contains("France (bob)") && status.contains("England (alice)"), "{status}");
}

#[test]
fn p11_processes_opening_a_new_database_together_all_succeed() {
    let dir = temp_dir("open-race");
    for round in 0..15 {
        let path = dir.join(format!("race-{round}.db"));
        let barrier = Arc::new(Barrier::new(6));
        let handles: Vec<_> = (0..6)
            .map(|_| {
                let (path, barrier) = (path.clone(), barrier.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    Store::open(&path).map(|_| ()).map_err(|e| e.to_string())
                })
            })
            .collect();
        for h in handles {
            assert_eq!(h.join().expect("thread"), Ok(()), "round {round}");
        }
    }
}

#[test]
fn p11_chessdip_processes_started_together_on_a_new_database_all_start() {
    let dir = temp_dir("open-race-processes");
    for round in 0..4 {
        let db = dir.join(format!("p-{round}.db"));
        let children: Vec<_> = (0..4)
            .map(|_| {
                std::process::Command::new(env!("CARGO_BIN_EXE_chessdip"))
                    .args(["play", "--no-images", "--db"])
                    .arg(&db)
                    .stdin(std::process::Stdio::null())
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .expect("spawn chessdip")
            })
            .collect();
        for child in children {
            let out = child.wait_with_output().expect("wait");
            assert!(out.status.success(), "round {round}: {}", String::from_utf8_lossy(&out.stderr));
        }
    }
}

// Found by the model-based test (tests/it/lifecycle_model.rs), kept as console regressions.

#[test]
fn model_a_rollback_does_not_bring_back_a_kicked_players_orders() {
    let mut c = console("model-rollback-kick");
    two_players(&mut c, "");
    run(&mut c, &["bob orders K d6 - d5", "gm game force", "gm game kick bob"]);
    assert!(c.line("gm game rollback").contains("Spring 1401 is open again"));
    c.line("carol join England");
    let shown = c.line("carol orders show");
    assert!(!shown.contains("K d6 - d5"), "{shown}");
}

#[test]
fn model_a_weekly_game_resumed_in_its_move_days_opens_the_move_window_on_the_calendar() {
    let mut c = console("model-resume-weekly");
    // Friday 2099-01-09: the game waits for Monday; paused, then resumed on Monday evening.
    run(&mut c, &["advance to 2099-01-09T04:00:00Z", "gm game create chess-wheel", "ann join", "bo join"]);
    run(&mut c, &["gm game start", "gm game pause", "downtime to 2099-01-12T19:00:00Z"]);
    let r = c.line("gm game resume");
    assert!(r.contains("the move phase of Cycle 1 is open on the calendar: commitments due in 2d 5h"), "{r}");
}

#[test]
fn model_an_ended_game_answers_before_reading_the_arguments() {
    let mut c = console("model-ended-args");
    two_players(&mut c, "");
    c.line("gm game end");
    for line in ["gm game deadline 106751991167d", "alice commit xyz", "alice orders", "bob vote x yes"] {
        assert!(c.line(line).contains("this game has ended"), "{line}");
    }
}
