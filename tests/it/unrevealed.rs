//! Committed orders are never dropped without a word: a moderator's force
//! of a reveal window asks to be confirmed while commitments are not
//! revealed, each player whose commitment was not revealed is told so
//! privately, a late reveal says what became of it, and a rollback reopens
//! the reveal window with every commitment.

use crate::support::scratch;
use scratch::{console, export, run, two_players};

use chessdip_game::hashed::seal::sha256_hex;

const ALICE: &str = "K c1 - c2";
const BOB: &str = "K d6 - d5";

/// A hashed two-player game (commit window 24h, reveal window 12h) in its
/// reveal window, both powers committed, France revealed.
fn england_unrevealed(name: &str) -> chessdip::console::Console {
    let mut c = console(name);
    two_players(&mut c, "hashed=yes movement=24h reveal=12h grace=0");
    run(&mut c, &[&format!("alice commit {}", sha256_hex(ALICE)), &format!("bob commit {}", sha256_hex(BOB))]);
    let opened = c.line("advance 24h");
    assert!(opened.contains("Reveal your orders now"), "{opened}");
    assert!(c.line(&format!("alice reveal {ALICE}")).contains("France's reveal matches"));
    c
}

#[test]
fn game_force_in_a_reveal_window_asks_to_confirm_and_tells_each_unrevealed_player() {
    let mut c = england_unrevealed("force-confirm");
    let refused = c.line("gm game force");
    assert!(
        refused.contains(
            "[private to gm] Spring 1401 is in its reveal window, and the commitment of England (bob) is not revealed yet: forced now, it resolves without those orders (each player is told privately). `game force confirm` (on Discord `/game force confirm:True`) resolves it anyway; otherwise they may still reveal, until the window closes in 12h"
        ),
        "{refused}"
    );
    assert!(!refused.contains("[public]") && !refused.contains("resolved"), "{refused}");
    assert!(c.line("gm game status").contains("Reveal window"), "nothing changed");
    // Naming the phase does not confirm; `confirm` does, before or after it.
    assert!(c.line("gm game force Spring 1401").contains("not revealed yet"));
    let forced = c.line("gm game force Spring 1401 confirm");
    assert!(forced.contains("**Spring 1401 resolved** (forced by a moderator)"), "{forced}");
    assert!(forced.contains("England: committed `") && forced.contains("never revealed (no orders)"), "{forced}");
    assert!(
        forced.contains(&format!(
            "[private to bob] Your commitment for England in Spring 1401 (`{}`) was not revealed in time: Spring 1401 was resolved (forced by a moderator) before a reveal matched it, so England had no orders in it. A commitment cannot be revealed once its phase is resolved. Your next commitment is for Fall 1401.",
            sha256_hex(BOB)
        )),
        "{forced}"
    );
    assert!(!forced.contains("[private to alice] Your commitment"), "France revealed: {forced}");
    // Bob's reveal after the force says what became of his commitment.
    let late = c.line(&format!("bob reveal {BOB}"));
    assert!(
        late.contains("the reveal window of Fall 1401 is not open yet: it opens in 1d; until then only commitments are taken. This text is England's commitment for Spring 1401, which was resolved before it was revealed: England had no orders in Spring 1401, and a commitment cannot be revealed once its phase is resolved."),
        "{late}"
    );
    // The moderation log records the confirmed force.
    let log = export(&mut c)["moderation"].to_string();
    assert!(log.contains("Spring 1401 resolved (forced by a moderator)"), "{log}");
}

#[test]
fn game_force_with_every_commitment_revealed_resolves_at_once() {
    let mut c = england_unrevealed("force-all-revealed");
    assert!(c.line(&format!("bob reveal {BOB}")).contains("resolved** (every commitment was revealed)"));
    // In the next phase's commit window a force opens the reveal window, dropping nothing.
    run(&mut c, &[&format!("alice commit {}", sha256_hex("K c2 - c3"))]);
    let opened = c.line("gm game force");
    assert!(
        opened.contains("commit window of Fall 1401 has closed") && opened.contains("committed: France"),
        "{opened}"
    );
    assert!(c.line("alice reveal K c2 - c3").contains("resolved** (every commitment was revealed)"));
}

#[test]
fn a_reveal_window_closing_on_an_unrevealed_commitment_tells_its_player() {
    let mut c = england_unrevealed("deadline-notice");
    let closed = c.line("advance 12h");
    assert!(closed.contains("**Spring 1401 resolved** (the deadline passed)"), "{closed}");
    assert!(
        closed.contains("[private to bob] Your commitment for England in Spring 1401 (`")
            && closed.contains("was resolved (the deadline passed) before a reveal matched it"),
        "{closed}"
    );
    // Revealed in the next phase's reveal window, the old text is named for what it is.
    run(&mut c, &[&format!("alice commit {}", sha256_hex("K c2 - c3")), "advance 24h"]);
    let late = c.line(&format!("bob reveal {BOB}"));
    assert!(
        late.contains("England made no commitment in Fall 1401")
            && late.contains(
                "This text is England's commitment for Spring 1401, which was resolved before it was revealed"
            ),
        "{late}"
    );
}

#[test]
fn chess_wheel_force_of_a_resolve_window_asks_to_confirm_too() {
    let mut c = console("wheel-force");
    run(&mut c, &["gm game create chess-wheel cycle=7h", "ann join", "bo join", "gm game start"]);
    let (ann, bo) = ("# salt 0123456789ab\n", "# salt ba9876543210\n");
    run(&mut c, &[&format!("ann commit {}", sha256_hex(ann)), &format!("bo commit {}", sha256_hex(bo))]);
    assert!(c.line("gm game force").contains("committed: ann, bo"));
    let refused = c.line("gm game force");
    assert!(refused.contains("the commitments of ann and bo are not revealed yet"), "{refused}");
    let forced = c.line("gm game force confirm");
    assert!(forced.contains("**Cycle 1 resolved** (forced by a moderator)"), "{forced}");
    for p in ["ann", "bo"] {
        assert!(forced.contains(&format!("[private to {p}] Your commitment for {p} in Cycle 1 (`")), "{p}: {forced}");
    }
    assert!(forced.contains("Your next commitment is for Cycle 2."), "{forced}");
}

#[test]
fn game_rollback_of_a_phase_resolved_in_its_reveal_window_reopens_it_with_every_commitment() {
    let mut c = england_unrevealed("rollback-reveal");
    assert!(c.line("gm game force confirm").contains("Spring 1401 resolved"));
    let back = c.line("gm game rollback");
    assert!(
        back.contains(
            "Rolled back: Spring 1401 is open again in its reveal window, with every commitment and every matched reveal it had (no new commitment is taken; England may still reveal), closing in 12h."
        ),
        "{back}"
    );
    let status = c.line("gm game status");
    assert!(
        status.contains("Reveal window") && status.contains("[revealed]") && status.contains("[committed]"),
        "{status}"
    );
    // Bob's commitment is there: his reveal is taken, and the phase resolves with both powers' orders.
    let revealed = c.line(&format!("bob reveal {BOB}"));
    assert!(revealed.contains("England's reveal matches its commitment"), "{revealed}");
    assert!(revealed.contains("**Spring 1401 resolved** (every commitment was revealed)"), "{revealed}");
    assert!(revealed.contains("✓ K c1 - c2") && revealed.contains("✓ K d6 - d5"), "{revealed}");
    assert!(revealed.contains("(carried over from the rolled-back Spring 1401)"), "France's reveal stood: {revealed}");
    let profile = c.line("bob profile");
    assert!(profile.contains("Phases owed: 1 (1 sent in time, 0 after grace, 0 in civil disorder)"), "{profile}");
    assert!(export(&mut c)["absence"]["civil_disorder"].as_array().is_some_and(Vec::is_empty));
}

#[test]
fn a_rollback_takes_the_civil_disorder_of_the_rolled_back_resolution_out_of_the_records_and_the_export() {
    let mut c = console("rollback-disorder");
    two_players(&mut c, "hashed=yes movement=24h reveal=12h grace=0");
    // The commit window closes at its deadline (a force before it would not be England's absence).
    run(&mut c, &[&format!("alice commit {}", sha256_hex(ALICE)), "advance 24h"]);
    let resolved = c.line(&format!("alice reveal {ALICE}"));
    assert!(resolved.contains("England sent no orders: civil disorder"), "{resolved}");
    let disorder = |c: &mut chessdip::console::Console| export(c)["absence"]["civil_disorder"].clone();
    assert_eq!(disorder(&mut c).as_array().map(Vec::len), Some(1));
    assert!(c.line("bob profile").contains("1 in civil disorder"));
    let back = c.line("gm game rollback");
    assert!(back.contains("every commitment is revealed; no new commitment is taken"), "{back}");
    // The rolled-back resolution's civil disorder is gone from bob's record and from the export.
    assert!(c.line("bob profile").contains("Phases owed: 0 (0 sent in time, 0 after grace, 0 in civil disorder)"));
    assert_eq!(disorder(&mut c), serde_json::json!([]));
    // Resolved again, England (still without a commitment) is in civil disorder once, for the phase played again.
    assert!(c.line("gm game force").contains("England sent no orders: civil disorder"));
    assert!(c.line("bob profile").contains("Phases owed: 1 (0 sent in time, 0 after grace, 1 in civil disorder)"));
    let rows = disorder(&mut c);
    assert_eq!(rows.as_array().map(Vec::len), Some(1), "{rows}");
    assert_eq!(rows[0]["phase"], "Spring 1401");
}
