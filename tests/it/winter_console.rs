//! What players read of Winter through the console: the promotions a Fall
//! leaves owed and how to choose them, a build after a waive, `orders
//! show` with nothing to order, and a Winter skipped. (Issue 36, items 18
//! to 21.)

use crate::support::dip_setup;
use crate::support::scratch;
use scratch::{console_at, run, temp_dir, two_players};

use std::path::Path;
use std::sync::Arc;

use chessdip::console::Console;
use chessdip_rules::any::Position;

/// A Chess Dip game in `dir` for e (England), i (Italy), f (France) and s
/// (Scandinavia), started, its open phase made Fall 1 of the start
/// position with Scandinavia's pawn on g2 instead of d7: every power has as
/// many pieces as centers.
fn pawn_near_its_last_rank(dir: &Path) -> Console {
    let mut c = console_at(dir, &["gm"]).without_images();
    let out = run(
        &mut c,
        &[
            "gm game create chessdip",
            "e join England",
            "i join Italy",
            "f join France",
            "s join Scandinavia",
            "gm game start",
        ],
    );
    assert!(out.contains("The game begins"), "{out}");
    let v = dip_setup::chessdip();
    let fall = dip_setup::start_but(&v, "fall 1", ("Scandinavia", "P d7"), ("Scandinavia", "P g2"));
    let json = Position::ChessDip { variant: Arc::new(v), state: fall }.encode().expect("encode");
    let db = rusqlite::Connection::open(dir.join("g.db")).expect("db");
    let n = db
        .execute(
            "UPDATE phases SET state = ?1, name = 'Fall 1' WHERE seq = (SELECT phase_seq FROM games WHERE id = phases.game_id)",
            [json],
        )
        .expect("phase");
    assert_eq!(n, 1);
    c
}

#[test]
fn a_fall_result_that_leaves_a_pawn_on_its_last_rank_says_it_will_be_promoted_in_winter() {
    let dir = temp_dir("promotion");
    let mut c = pawn_near_its_last_rank(&dir);
    assert!(c.line("s orders g2 - g1").contains("Accepted for Scandinavia: g2 - g1"));
    let result = c.line("gm game force");
    assert!(
        result.contains(
            "Promotions in Winter 1: Scandinavia's pawn on g1 (`promote g1 B` or `promote g1 R` chooses the piece; without an order it becomes a knight)."
        ),
        "{result}"
    );
    assert!(result.contains("Next: Winter 1"), "{result}");
    // Winter waits for Scandinavia alone, whose orders list the promotion owed.
    let status = c.line("gm game status");
    assert!(status.contains("Scandinavia (s): ") && status.contains("[no orders yet]"), "{status}");
    assert_eq!(status.matches("[no orders yet]").count(), 1, "only Scandinavia owes: {status}");
    let shown = c.line("s orders show");
    assert!(
        shown.contains(
            "Promotions: 0 of 1 ordered. The pawn on g1: `promote g1 B` or `promote g1 R` chooses the piece; without an order it becomes a knight."
        ),
        "{shown}"
    );
    let ordered = c.line("s orders promote g1 R");
    assert!(ordered.contains("Accepted for Scandinavia: promote g1 R"), "{ordered}");
    assert!(ordered.contains("Promotions: 1 of 1 ordered."), "{ordered}");
    let done = c.line("s ready");
    assert!(done.contains("✓ promote g1 R (carried out)"), "{done}");
}

#[test]
fn after_waive_a_build_replaces_the_waive_and_a_second_waive_is_accepted_as_a_no_op() {
    let mut c = console_at(&temp_dir("waive"), &["gm"]).without_images();
    two_players(&mut c, "");
    // France takes b2 in the Fall: one build in Winter.
    run(&mut c, &["alice orders K c1 - b2", "alice ready", "bob ready", "alice ready", "bob ready"]);
    let waive = c.line("alice orders waive");
    assert!(waive.contains("Accepted for France: waive") && waive.contains("Builds: 1 of 1 ordered."), "{waive}");
    let again = c.line("alice orders waive");
    assert!(again.contains("Accepted for France: waive"), "{again}");
    assert!(
        again.contains("`waive` changes nothing: France may build 1, and its build is already ordered or waived"),
        "{again}"
    );
    let build = c.line("alice orders build K c1");
    assert!(build.contains("Accepted for France: build K c1"), "{build}");
    assert!(build.contains("`build K c1` replaces `waive`: France may build 1, and the build uses the one it waived"));
    assert!(!build.contains("same square"), "{build}");
    let shown = c.line("alice orders show");
    assert!(shown.contains("  build K c1\n") && !shown.contains("waive"), "{shown}");
}

#[test]
fn orders_show_in_a_winter_with_nothing_owed_says_there_is_nothing_to_order() {
    let mut c = console_at(&temp_dir("nothing"), &["gm"]).without_images();
    two_players(&mut c, "");
    run(&mut c, &["alice orders K c1 - b2", "alice ready", "bob ready", "alice ready", "bob ready"]);
    // England has as many pieces as centers: sending an order and showing them say the same.
    let sent = c.line("bob orders waive");
    assert!(sent.contains("England has nothing to order in Winter 1401"), "{sent}");
    let shown = c.line("bob orders show");
    assert!(shown.contains("England has nothing to order in Winter 1401."), "{shown}");
    assert!(!shown.contains("none yet") && !shown.contains("Not marked ready"), "{shown}");
    assert!(c.line("alice orders show").contains("France's orders for Winter 1401: none yet."));
}

#[test]
fn a_skipped_winter_is_mentioned() {
    let mut c = console_at(&temp_dir("skipped"), &["gm"]).without_images();
    two_players(&mut c, "");
    let out = run(&mut c, &["alice ready", "bob ready", "alice ready", "bob ready"]);
    assert!(out.contains("**Fall 1401 resolved**"), "{out}");
    assert!(out.contains("Winter 1401 is skipped: no power has anything to build or disband."), "{out}");
    assert!(out.contains("Next: Spring 1402"), "{out}");
}

#[test]
fn a_promotion_left_unordered_is_a_knight_and_the_result_says_why() {
    let dir = temp_dir("promotion-unordered");
    let mut c = pawn_near_its_last_rank(&dir);
    c.line("s orders g2 - g1");
    c.line("gm game force");
    // Forced before its deadline: not civil disorder, but the pawn still becomes a knight, and the result says so.
    let result = c.line("gm game force");
    assert!(
        result.contains("Scandinavia sent no orders (forced before the deadline): its pawn on g1 becomes a knight"),
        "{result}"
    );
    assert!(result.contains("Promotions: g1: Scandinavia's pawn promoted to a knight (no order)"), "{result}");
    assert!(!result.contains("no builds") && !result.contains("disbands as the rules say"), "{result}");
}
