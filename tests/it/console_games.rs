//! Whole games of Diplomacy Chess and Diplomat Chess through the `play`
//! console, as a group would play them.

use crate::support::diplomat_sample;
use crate::support::scratch;
use diplomat_sample::sample_game;

use scratch::{console, console_at, run, temp_dir};

#[test]
fn diplomat_chess_the_seeds_sample_game_through_the_console() {
    let dir = temp_dir("diplomat");
    let mut c = console_at(&dir, &[]).without_images();
    let out = run(&mut c, &["gm game create diplomat-chess", "w join White", "b join Black", "gm game start"]);
    assert!(out.contains("Move 1 (White)"), "{out}");
    // Black may not move first.
    assert!(c.line("b orders k3").contains("it is not your move"));
    let moves = sample_game();
    assert_eq!(moves.len(), 50);
    let mut last = String::new();
    for (i, m) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { "w" } else { "b" };
        last = c.line(&format!("{who} orders {m}"));
        assert!(last.contains("Accepted for"), "move {} `{m}` refused:\n{last}", i / 2 + 1);
        assert!(last.contains("resolved** (the move was made)"), "each move resolves at once:\n{last}");
    }
    assert!(last.contains("Game over: Black wins by checkmate"), "{last}");
    assert!(last.contains("25. Kd2, dxe2++"), "the transcript is posted: {last}");
    let status = c.line("w game status");
    assert!(status.contains("(ended): **Game over: Black wins by checkmate.**"), "{status}");
    assert!(!status.contains("Move 26"), "the status names no phase that will not be played: {status}");
    let after = c.line("w orders Kd1");
    assert!(
        after.contains("this game has ended: Black wins by checkmate") && after.contains("game create"),
        "orders after the end are refused with the result: {after}"
    );
    assert!(last.contains("image: final-position.png (not written)"), "{last}");
    assert!(last.contains("image: move-25-black-orders.png (not written)"), "{last}");
    let _ = dir;
}

#[test]
fn diplomat_chess_forfeits_after_missed_turns() {
    let mut c = console("forfeit");
    run(
        &mut c,
        &[
            "gm game create diplomat-chess movement=1h forfeit-after=2 grace=0",
            "w join White",
            "b join Black",
            "gm game start",
        ],
    );
    let forced = c.line("gm game force");
    assert!(forced.contains("White has not moved, and a turn cannot be skipped"), "{forced}");
    let first = c.line("advance 61m");
    assert!(first.contains("White (@w) missed the deadline for Move 1 (White) (1 of 2"), "{first}");
    // Moving resets the count.
    assert!(c.line("w orders d3").contains("resolved"));
    assert!(c.line("advance 61m").contains("Black (@b) missed the deadline"));
    let end = c.line("advance 61m");
    assert!(end.contains("Game over: White wins: Black forfeits after 2 missed turns"), "{end}");
}

#[test]
fn diplomacy_chess_a_short_game_to_checkmate_through_the_console() {
    let dir = temp_dir("simul");
    let mut c = console_at(&dir, &[]);
    let out = run(&mut c, &["gm game create diplomacy-chess", "alice join White", "bob join Black", "gm game start"]);
    assert!(out.contains("Turn 1"), "{out}");
    let turns = [("e4", "e5"), ("Qh5", "Nc6"), ("Bc4", "Nf6")];
    for (w, b) in turns {
        assert!(c.line(&format!("alice orders {w}")).contains("Accepted"));
        assert!(c.line(&format!("bob orders {b}")).contains("Accepted"));
        c.line("alice ready");
        assert!(c.line("bob ready").contains("resolved** (every power is ready)"));
    }
    // An illegal move is refused with the reason, privately.
    let refused = c.line("bob orders Ke6");
    assert!(refused.contains("[private to bob]") && refused.contains("Rejected"), "{refused}");
    c.line("alice orders Qxf7");
    c.line("bob orders a6");
    c.line("alice ready");
    let end = c.line("bob ready");
    assert!(end.contains("Game over: White wins by checkmate"), "{end}");
    assert!(end.contains("4. White: Qxf7 ✓ (took Black's pawn on f7) | Black: a6 ✓"), "the move list: {end}");
    let names: Vec<String> = std::fs::read_dir(dir.join("img"))
        .expect("images")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    let (gifs, pngs) = names.iter().partition::<Vec<&String>, _>(|n| n.ends_with(".gif"));
    assert_eq!(
        pngs.len(),
        1 + 4 * 2 + 1,
        "the start, then orders and position per turn, and the game's chart: {names:?}"
    );
    assert!(pngs.iter().any(|n| n.ends_with("-diplomacy-chess-chart.png")), "{names:?}");
    assert_eq!(gifs.len(), 4 + 1, "and each turn's animation, and the game's timelapse: {names:?}");
    assert_eq!(gifs.iter().filter(|n| n.ends_with("-resolution.gif")).count(), 4, "{names:?}");
    assert!(gifs.iter().any(|n| n.ends_with("-diplomacy-chess-timelapse.gif")), "{names:?}");
    let export = c.line("gm game export");
    assert!(export.contains("\"transcript\"") && export.contains("1. White: e4 ✓ | Black: e5 ✓"), "{export}");
}

#[test]
fn diplomacy_chess_progressive_turns_take_more_moves() {
    let mut c = console("progressive");
    run(
        &mut c,
        &["gm game create diplomacy-chess mode=progressive", "alice join White", "bob join Black", "gm game start"],
    );
    c.line("alice orders e4");
    c.line("bob orders e5");
    c.line("alice ready");
    let r = c.line("bob ready");
    assert!(r.contains("Turn 2 (2 moves each)"), "{r}");
    let two = c.line("alice orders Nf3, Bc4");
    assert!(two.contains("Accepted for White: Nf3, Bc4"), "{two}");
    let mut c2 = console("badmode");
    assert!(c2.line("gm game create diplomacy-chess mode=turbo").contains("mode"));
}

#[test]
fn a_checkmate_at_a_progressive_step_ends_the_game_at_that_step() {
    let mut c = console("progressive-mate");
    run(
        &mut c,
        &["gm game create diplomacy-chess mode=progressive", "alice join White", "bob join Black", "gm game start"],
    );
    for (w, b) in [("e4", "e5"), ("Bc4, Qh5", "Nc6, Nf6")] {
        assert!(c.line(&format!("alice orders {w}")).contains("Accepted"));
        assert!(c.line(&format!("bob orders {b}")).contains("Accepted"));
        c.line("alice ready");
        assert!(c.line("bob ready").contains("resolved** (every power is ready)"));
    }
    // Qxf7 mates at step 1; White's own Qh5 at step 2 would lift the mate.
    assert!(c.line("alice orders Qxf7, Qh5, d3").contains("Accepted for White: Qxf7, Qh5, d3"));
    assert!(c.line("bob orders a6, a5, h6").contains("Accepted for Black: a6, a5, h6"));
    c.line("alice ready");
    let end = c.line("bob ready");
    assert!(end.contains("**Game over: White wins by checkmate.**"), "{end}");
    assert!(end.contains("✓ 1. Qxf7 (took Black's pawn on f7)"), "{end}");
    for later in ["2. Qh5", "3. d3", "2. a5", "3. h6"] {
        assert!(end.contains(&format!("– {later} (not played: the game ended at step 1)")), "{later}: {end}");
    }
    assert!(!end.contains("Turn 4"), "no next turn is opened: {end}");
    let status = c.line("alice game status");
    assert!(status.contains("(ended): **Game over: White wins by checkmate.**"), "{status}");
    let refused = c.line("alice orders Qh5");
    assert!(refused.contains("this game has ended: White wins by checkmate"), "{refused}");
}

#[test]
fn order_suggestions_for_the_chess_games() {
    let mut c = console("suggest");
    run(&mut c, &["gm game create diplomat-chess", "w join White", "b join Black", "gm game start"]);
    let white = chessdip_game::Caller::player("w");
    let s = c.service().order_suggestions("console", &white, "H", 25);
    assert!(!s.is_empty() && s.iter().all(|m| m.starts_with('H')), "{s:?}");
    assert!(
        c.service().order_suggestions("console", &chessdip_game::Caller::player("b"), "", 25).is_empty(),
        "not Black's move"
    );

    let mut c = console("suggest-simul");
    run(&mut c, &["gm game create diplomacy-chess", "a join White", "b join Black", "gm game start"]);
    let s = c.service().order_suggestions("console", &chessdip_game::Caller::player("a"), "g1", 25);
    assert_eq!(s, vec!["g1f3".to_string(), "g1h3".to_string()]);
}
