//! Every game ends: a game nobody is left playing pauses itself, says so
//! once and ends as abandoned after `abandon-after`; a draw the players
//! left have all voted for ends the game whenever the voters change; a
//! vacant power never wins by concession. Through the `play` console.

use crate::support::scratch;
use scratch::{console, console_at, export, run, temp_dir, two_players};

use chessdip::console::Console;

/// The channel posts in what the console printed (direct messages and private answers left out).
fn posts(out: &str) -> usize {
    out.matches("[public]").count()
}

/// A two-player Chesspolitik game whose players both stop ordering, with
/// `options`: both are unseated at the Fall 1401 resolution. What the
/// console printed from the start of that resolution.
fn both_unseated(c: &mut Console, options: &str) -> String {
    two_players(c, &format!("movement=24h cd-after=2 grace=0 {options}"));
    c.line("advance 24h");
    let r = c.line("advance 24h");
    assert!(r.contains("alice is unseated from France") && r.contains("bob is unseated from England"), "{r}");
    r
}

#[test]
fn a_game_nobody_plays_pauses_once_and_ends_abandoned_after_abandon_after() {
    let dir = temp_dir("abandoned-year");
    let mut c = console_at(&dir, &[]).without_images();
    let r = both_unseated(&mut c, "");
    // The result, one post for both unseatings, and one saying the game is paused, pinging its creator.
    assert_eq!(posts(&r), 3, "{r}");
    assert!(
        r.contains("**Nobody is left playing:** every power still in the game is vacant. The game is paused"),
        "{r}"
    );
    assert!(r.contains("`join <power>` (`France` and `England`), and the game resumes"), "{r}");
    assert!(
        r.contains("Moderators (@gm): `game assign <user> <power>` seats someone, `game end` ends the game."),
        "{r}"
    );
    assert!(r.contains("If nobody takes a seat, it ends as abandoned in 14d: not scored, not rated."), "{r}");
    let status = c.line("gm game status");
    assert!(status.contains("(paused): Spring 1402, paused with 1d left. Nobody is left playing since"), "{status}");
    // A simulated year: nothing resolves while it waits, and it ends once, after 14 days.
    let mut year = String::new();
    for _ in 0..52 {
        year += &c.line("advance 7d");
    }
    assert_eq!(posts(&year), 1, "one post in a year, the end: {year}");
    assert!(!year.contains("resolved"), "{year}");
    assert!(year.contains("**Game over: abandoned.** Nobody has played it since"), "{year}");
    assert!(year.contains("Scores: none, an abandoned game is not scored."), "{year}");
    let status = c.line("gm game status");
    assert!(
        status.contains("**Game over: abandoned (nobody was left playing).** It ended during Spring 1402"),
        "{status}"
    );
    // Not scored, not rated; it ended 14 days after the last seat emptied.
    let json = export(&mut c);
    assert!(json["scores"].is_null(), "{}", json["scores"]);
    assert!(json["ratings"].is_null(), "{}", json["ratings"]);
    let db = rusqlite::Connection::open(dir.join("g.db")).expect("db");
    let (since, ended): (i64, i64) = db
        .query_row("SELECT a.since, g.ended_at FROM abandoned a JOIN games g ON g.id = a.game_id", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .expect("abandoned");
    assert_eq!(ended - since, 14 * 86400);
    assert!(c.line("alice join France").contains("this game has ended: abandoned (nobody was left playing)"));
}

#[test]
fn a_paused_abandoned_game_resumes_when_someone_takes_a_seat() {
    let mut c = console("abandoned-join");
    both_unseated(&mut c, "");
    let r = c.line("carol join England");
    assert!(
        r.contains("carol joins as England, taking over a vacant power. The game resumes; Spring 1402 is due in 1d."),
        "{r}"
    );
    assert!(c.line("gm game status").contains("(active): Spring 1402, due in 1d."));
    // The game plays on; the other power stays vacant and holds.
    run(&mut c, &["carol orders K d6 - d5"]);
    let r = c.line("advance 24h");
    assert!(r.contains("**Spring 1402 resolved**") && r.contains("France is vacant: civil disorder"), "{r}");
    assert!(!r.contains("Nobody is left playing"), "{r}");
    // A moderator's assignment resumes it as well, with at least an hour.
    let mut c = console("abandoned-assign");
    both_unseated(&mut c, "");
    run(&mut c, &["advance 23h 50m"]);
    let r = c.line("gm game assign dave France");
    assert!(r.contains("dave now plays France. The game resumes; Spring 1402 is due in 1d."), "{r}");
}

#[test]
fn a_game_nobody_plays_cannot_be_resumed_until_someone_takes_a_seat() {
    let mut c = console("abandoned-resume");
    both_unseated(&mut c, "");
    let r = c.line("gm game resume");
    assert!(r.contains("nobody is left playing: every power still in the game is vacant (France, England)"), "{r}");
    assert!(r.contains("`game end` ends it, and it ends as abandoned in 14d otherwise"), "{r}");
    assert!(c.line("gm game status").contains("(paused)"));
    // A moderator's own pause stays a pause: a seat taken ends the abandonment, not the pause.
    let mut c = console("abandoned-moderator-pause");
    two_players(&mut c, "movement=24h cd-after=1 grace=0");
    run(&mut c, &["gm game pause", "gm game kick alice"]);
    let r = c.line("gm game kick bob");
    assert!(r.contains("**Nobody is left playing:**") && r.contains("The game stays paused."), "{r}");
    let r = c.line("gm game assign carol France");
    assert!(r.contains("it stays paused until a moderator resumes it"), "{r}");
    assert!(c.line("gm game resume").contains("The game resumes"));
}

#[test]
fn abandon_after_off_waits_for_good_and_bad_values_are_refused() {
    let mut c = console("abandoned-off");
    let r = both_unseated(&mut c, "abandon-after=off");
    assert!(r.contains("It waits for good (`abandon-after=off`)."), "{r}");
    let r = run(&mut c, &["advance 365d", "advance 365d"]);
    assert_eq!(posts(&r), 0, "{r}");
    assert!(c.line("gm game status").contains("(paused)"));
    assert!(c.line("gm game end").contains("Game over: ended by a moderator"));
    let mut c = console("abandoned-bad");
    for (word, why) in [
        ("abandon-after=forever", "`forever` is not a duration"),
        ("abandon-after=10m", "`10m` is too short for abandon-after: it must be at least 1h"),
        ("abandon-after=400d", "too long for abandon-after: it must be at most 365d"),
    ] {
        let r = c.line(&format!("gm game create chesspolitik2 {word}"));
        assert!(r.contains(why) && r.contains("or off"), "{word}: {r}");
        assert!(!r.contains("[public]"), "nothing was created: {r}");
    }
    let r = c.line("gm game create chesspolitik2 abandon-after=3d");
    assert!(r.contains("is forming"), "{r}");
}

#[test]
fn chess_wheel_players_absent_for_cd_after_cycles_leave_nobody_playing() {
    let mut c = console("abandoned-wheel");
    run(&mut c, &["gm game create chess-wheel cycle=7h abandon-after=2d", "ann join", "bo join", "gm game start"]);
    let r = run(&mut c, &["advance 7h", "advance 7h"]);
    assert!(
        r.contains("every player has left, conceded or sent nothing for 2 cycles in a row. The game is paused"),
        "{r}"
    );
    assert!(r.contains("`game resume` lets them play on"), "{r}");
    // 17 cycles in 5 days no more: the game waits, then ends.
    let r = c.line("advance 5d");
    assert_eq!(r.matches("resolved").count(), 0, "{r}");
    assert!(r.contains("**Game over: abandoned.**"), "{r}");
    // A player who acts is not absent: a board created keeps the game going.
    let mut c = console("wheel-present");
    run(&mut c, &["gm game create chess-wheel cycle=7h", "ann join", "bo join", "gm game start"]);
    run(&mut c, &["advance 7h", "ann board create"]);
    let r = c.line("advance 7h");
    assert!(r.contains("Cycle 2 resolved") && !r.contains("Nobody is left playing"), "{r}");
}

#[test]
fn a_draw_is_checked_when_a_concession_changes_the_voters() {
    let mut c = console("draw-concession");
    run(
        &mut c,
        &[
            "gm game create chesspolitik4",
            "a join Mughal Empire",
            "b join Ming Dynasty",
            "c join Tsardom of Russia",
            "d join Ottoman Empire",
            "gm game start",
            "a draw yes",
            "b draw yes",
            "c draw yes",
        ],
    );
    let r = c.line("d concede");
    assert!(r.contains("Ottoman Empire concedes the game"), "{r}");
    assert!(
        r.contains("**Game over: draw between Mughal Empire, Ming Dynasty and Tsardom of Russia**, by unanimous vote"),
        "{r}"
    );
    assert!(r.contains("Ottoman Empire 0 (conceded)"), "{r}");
    // Without every vote in, the game goes on.
    let mut c = console("draw-concession-not-all");
    run(
        &mut c,
        &[
            "gm game create chesspolitik4",
            "a join Mughal Empire",
            "b join Ming Dynasty",
            "c join Tsardom of Russia",
            "d join Ottoman Empire",
            "gm game start",
            "a draw yes",
            "b draw yes",
        ],
    );
    let r = c.line("d concede");
    assert!(!r.contains("Game over"), "{r}");
}

#[test]
fn a_draw_is_checked_when_a_kick_changes_the_voters() {
    let mut c = console("draw-kick");
    run(&mut c, &["gm game create chess-wheel cycle=7h", "ann join", "bo join", "cy join", "gm game start"]);
    run(&mut c, &["ann draw yes", "bo draw yes"]);
    let r = c.line("gm game kick cy");
    assert!(r.contains("**Game over: draw between ann and bo**, by unanimous vote"), "{r}");
    assert!(c.line("bo draw yes").contains("this game has ended"));
}

#[test]
fn a_draw_is_checked_when_an_unseating_changes_the_voters() {
    let mut c = console("draw-unseat");
    run(
        &mut c,
        &[
            "gm game create chesspolitik4 movement=24h cd-after=1 grace=0",
            "a join Mughal Empire",
            "b join Ming Dynasty",
            "c join Tsardom of Russia",
            "d join Ottoman Empire",
            "gm game start",
        ],
    );
    for who in ["a", "b", "c"] {
        run(&mut c, &[&format!("{who} draw yes"), &format!("{who} ready")]);
    }
    let r = c.line("advance 24h");
    assert!(r.contains("d is unseated from Ottoman Empire"), "{r}");
    assert!(r.contains("**Game over: draw between"), "{r}");
    assert!(!r.contains("Your draw vote lapsed"), "{r}");
}

#[test]
fn a_vacant_power_never_wins_by_concession() {
    let dir = temp_dir("vacant-concession");
    let mut c = console_at(&dir, &[]).without_images();
    two_players(&mut c, "movement=24h cd-after=1 grace=0");
    run(&mut c, &["bob orders K d6 - d5"]);
    assert!(c.line("advance 24h").contains("alice is unseated from France"));
    let r = c.line("bob concede");
    assert!(
        r.contains("England concedes. **Game over: abandoned**, nobody plays the powers still in the game (France): nobody wins"),
        "{r}"
    );
    assert!(!r.contains("wins by concession") && r.contains("Scores: none, an abandoned game is not scored."), "{r}");
    let json = export(&mut c);
    assert!(json["scores"].is_null());
    assert!(json["ratings"].is_null());
    // The last player standing with nobody else left still wins.
    let mut c = console("last-standing");
    two_players(&mut c, "");
    assert!(c.line("bob concede").contains("**Game over: France wins by concession.**"));
}

#[test]
fn a_draw_is_between_the_powers_still_played_and_a_player_who_left_adds_no_place() {
    let mut c = console("draw-without-vacant");
    run(
        &mut c,
        &[
            "gm game create chessdip",
            "ann join England",
            "bo join Italy",
            "cy join France",
            "di join Scandinavia",
            "gm game start",
            "ann draw yes",
            "bo draw yes",
            "cy draw yes",
        ],
    );
    let r = c.line("gm game kick di");
    // Scandinavia is vacant: it scores nothing, so it is not in the draw either.
    assert!(r.contains("**Game over: draw between England, Italy and France**, by unanimous vote"), "{r}");
    assert!(
        r.contains("Scandinavia 0 (vacant). Players who left before the end score 0: di (Scandinavia, removed)."),
        "{r}"
    );
    // Four powers, four places: the player who left is placed among them, not after them.
    let ann = c.line("ann profile");
    assert!(ann.contains("England, shared 1st of 4 (draw of 3)"), "{ann}");
    assert!(ann.contains("1 game: shared 1st in 1, average score 0.33."), "never `1st in 0`: {ann}");
    let di = c.line("di profile");
    assert!(di.contains("Scandinavia, shared 4th of 4 (removed), score 0"), "{di}");
}
