//! Chess Wheel+ through the `play` console: three players, board actions,
//! a whole cycle of hashed commits and reveals, proposals and votes.

use crate::support::scratch;
use scratch::{console, console_at, temp_dir};

use chessdip_game::hashed::seal::sha256_hex;

#[test]
fn three_players_through_a_whole_cycle_with_hashed_orders() {
    let dir = temp_dir("cycle");
    let mut c = console_at(&dir, &[]).without_images();
    let out = c.line("gm game create chess-wheel cycle=7h");
    assert!(out.contains("A 7h cycle: move (commitments) 3h, resolve (reveals) 3h, replenish 1h"), "{out}");
    for p in ["ann", "bo", "cy"] {
        assert!(c.line(&format!("{p} join")).contains(&format!("joins as {p}")));
    }
    assert!(c.line("gm game start").contains("Cycle 1"));

    // Board actions: once per cycle each.
    for p in ["ann", "bo", "cy"] {
        assert!(c.line(&format!("{p} board create")).contains("created the standard board"));
        assert!(c.line(&format!("{p} board populate")).contains("placed 16 pieces"));
    }
    assert!(c.line("ann board populate").contains("[private to ann]"), "a second populate is refused privately");
    assert!(c.line("ann orders Q d1 - d8").contains("hashed orders"), "plain orders are refused");

    // Ann's queen goes up to the hub; Bo moves a pawn (and plans a take on the hub next cycle); Cy sends too many moves.
    let ann = "# salt 81f2\nQ {ann}d1 - d8";
    let bo = "{bo}e2 - {bo}e3";
    let cy = "{cy}a2 - {cy}a3\n{cy}b2 - {cy}b3\n{cy}c2 - {cy}c3\n{cy}d2 - {cy}d3";
    for (p, text) in [("ann", ann), ("bo", bo), ("cy", cy)] {
        let r = c.line(&format!("{p} commit {}", sha256_hex(text)));
        assert!(r.contains(&format!("[public] {p} committed")), "{r}");
    }
    let closed = c.line("advance 3h");
    assert!(
        closed.contains("commit window of Cycle 1 has closed") && closed.contains("committed: ann, bo, cy"),
        "{closed}"
    );

    // Reveals: multi-line texts from files (byte for byte), one line inline.
    let ann_file = dir.join("ann.txt");
    std::fs::write(&ann_file, ann).expect("write");
    assert!(c.line(&format!("ann reveal-file {}", ann_file.display())).contains("ann's reveal matches"));
    assert!(c.line(&format!("bo reveal {bo}")).contains("bo's reveal matches"));
    let cy_file = dir.join("cy.txt");
    std::fs::write(&cy_file, cy).expect("write");
    let r = c.line(&format!("cy reveal-file {}", cy_file.display()));
    assert!(r.contains("cy's reveal matches"), "the hash matches even though the message is invalid: {r}");
    assert!(r.contains("movement power"), "and the player is told why none of its moves will run: {r}");

    // Every commitment revealed, but the cycle resolves at the end of its
    // resolve window on the calendar, not earlier.
    assert!(!r.contains("Cycle 1 resolved"), "{r}");
    let r = c.line("advance 3h");
    assert!(r.contains("Cycle 1 resolved"), "{r}");
    assert!(r.contains("Q {ann}d1 - d8") && r.contains("(moved)"), "{r}");
    let status = c.line("gm game status");
    assert!(status.contains("Cycle 2"), "{status}");
    assert!(status.contains("cy (cy): board: {cy}"), "{status}");

    // The next cycle starts with the replenish pause: no commitments yet.
    let early = c.line(&format!("ann commit {}", sha256_hex("x")));
    assert!(early.contains("has not opened yet"), "{early}");
    assert!(c.line("advance 1h").contains("The move phase of Cycle 2 is open"));
    let history = c.line("gm history Cycle 1");
    assert!(history.contains("Commitments:") && history.contains("Board actions:"), "{history}");
}

#[test]
fn proposals_are_voted_in_the_other_half_of_the_cycle_and_enacted_by_a_moderator() {
    let mut c = console("proposals");
    c.line("gm game create chess-wheel cycle=7h");
    for p in ["ann", "bo", "cy"] {
        c.line(&format!("{p} join"));
    }
    c.line("gm game start");
    let p = c.line("ann proposal submit Knights may jump between boards");
    assert!(p.contains("Proposal #1 by ann") && p.contains("resolve phase of Cycle 1"), "{p}");
    assert!(c.line("bo vote 1 yes").contains("not now"), "the vote has not opened");
    let opened = c.line("advance 3h");
    assert!(opened.contains("Voting is open on proposal #1"), "{opened}");
    assert!(c.line("ann vote 1 yes").contains("votes for"));
    assert!(c.line("bo vote 1 no").contains("votes against"));
    assert!(c.line("bo vote 1 yes").contains("votes for"), "a vote may change");
    assert!(c.line("cy vote 1 no").contains("votes against"));
    assert!(c.line("eve vote 1 yes").contains("not playing"));
    // The resolve phase ends: the result is announced.
    let closed = c.line("advance 3h");
    assert!(
        closed.contains("The vote on proposal #1") && closed.contains("is popular, 2 for and 1 against"),
        "{closed}"
    );
    assert!(c.line("ann proposal enact 1 done").contains("only a moderator"));
    assert!(c.line("gm proposal enact 1 knights now leap across the hub").contains("recorded proposal #1"));
    let list = c.line("gm proposals");
    assert!(list.contains("enacted: knights now leap across the hub"), "{list}");
    assert!(c.line("gm game create chesspolitik2").contains("already has a game"));
}

#[test]
fn other_games_have_no_proposals_or_board_actions() {
    let mut c = console("none");
    c.line("gm game create chesspolitik2");
    c.line("a join France");
    c.line("b join England");
    c.line("gm game start");
    assert!(c.line("a proposal submit x").contains("has no proposals"));
    assert!(c.line("a board create").contains("no board actions"));
}

/// A message is judged in full when the cycle resolves, on the
/// board as it stands then. A move of pieces still to be placed is kept at
/// the reveal (the player is told what it waits for) and runs if the board
/// is populated in time; otherwise the message is invalid as a whole, and
/// the result says so for everyone, with the powers that never revealed.
#[test]
fn a_message_for_a_board_populated_later_in_the_cycle_is_judged_at_resolution() {
    let dir = temp_dir("later");
    let mut c = console_at(&dir, &[]).without_images();
    c.line("gm game create chess-wheel cycle=7h");
    for p in ["ann", "bo", "cy", "dee"] {
        c.line(&format!("{p} join"));
    }
    c.line("gm game start");
    assert!(c.line("bo board create").contains("created the standard board"));
    assert!(c.line("bo board populate").contains("placed 16 pieces"));
    assert!(c.line("ann board create").contains("created the standard board"));

    // Ann orders her pawn and knight before placing her pieces; Cy orders
    // from a board he never makes; Dee commits and never reveals; Bo orders
    // a piece on Ann's board, where only Ann's pieces can ever stand.
    let ann = "# salt 5e1f0a77c2d4\ne2 e3\nN g1 - f3";
    let cy = "# salt 0b9e44aa81c3\n{cy}d2 - {cy}d3";
    let bo = "# salt 7c3d1e2f4a5b\n{ann}e2 - {ann}e4";
    for (p, text) in [("ann", ann), ("bo", bo), ("cy", cy), ("dee", "# salt 123456789abc\nd2 d3")] {
        c.line(&format!("{p} commit {}", sha256_hex(text)));
    }
    c.line("advance 3h");
    let write = |name: &str, text: &str| {
        let f = dir.join(name);
        std::fs::write(&f, text).expect("write");
        f.display().to_string()
    };
    let r = c.line(&format!("ann reveal-file {}", write("ann.txt", ann)));
    assert!(r.contains("ann's reveal matches"), "{r}");
    assert!(
        !r.contains("cannot be mended") && !r.contains("Rejected"),
        "a move that may still stand is not rejected: {r}"
    );
    assert!(
        r.contains("2 of 2 moves wait for the board")
            && r.contains("1. P {ann}e2 - {ann}e3: waits, stands if you populate your board (`board populate`) before the cycle resolves (now: there is no piece on {ann}e2)"),
        "{r}"
    );
    let orders = c.line("ann orders");
    assert!(
        orders.contains("1. P {ann}e2 - {ann}e3: waits, stands if you populate your board (`board populate`)"),
        "{orders}"
    );
    let r = c.line(&format!("cy reveal-file {}", write("cy.txt", cy)));
    assert!(r.contains("stands if you create and populate your board (`board create`, `board populate`)"), "{r}");
    let r = c.line(&format!("bo reveal-file {}", write("bo.txt", bo)));
    assert!(r.contains("no piece on {ann}e2") && r.contains("cannot be mended"), "invalid whatever happens: {r}");

    // Ann places her pieces in the resolve days; Cy never makes his board.
    assert!(c.line("ann board populate").contains("placed 16 pieces"));
    let r = c.line("advance 3h");
    assert!(r.contains("Cycle 1 resolved"), "{r}");
    assert!(r.contains("P {ann}e2 - {ann}e3 (moved)") && r.contains("N {ann}g1 - {ann}f3 (moved)"), "{r}");
    assert!(r.contains("ann: revealed `") && r.contains("`: valid, 2 moves"), "{r}");
    // Cy's message was kept at the reveal and fell at resolution: the result
    // lists its move with the reason, and the list of messages refers to it.
    assert!(
        r.contains("cy: the message is invalid as a whole, so none of its moves ran:")
            && r.contains("\u{2717} P {cy}d2 - {cy}d3 ({cy}d2 does not exist: cy has no standard board yet)"),
        "{r}"
    );
    assert!(
        r.contains("cy: revealed `")
            && r.contains("`: invalid as a whole, none of its moves ran (each move's reason is above)"),
        "{r}"
    );
    assert_eq!(r.matches("cy has no standard board yet").count(), 1, "the reason is said once: {r}");
    // Bo's was invalid at the reveal: no moves were kept, and the list of messages gives the reason.
    assert!(
        r.contains("bo: revealed `")
            && r.contains("invalid as a whole, none of its moves ran: move 1 (`{ann}e2 - {ann}e4`)"),
        "{r}"
    );
    assert_eq!(r.matches("{ann}e2 - {ann}e4").count(), 1, "the reason is said once: {r}");
    let public = r.split("Cycle 1 resolved").nth(1).unwrap_or_default();
    for word in ["you ", "your "] {
        assert!(!public.contains(word), "the public result is in the third person (found `{word}`): {public}");
    }
    assert!(r.contains("dee: committed `") && r.contains("never revealed (no orders)"), "{r}");
}

/// What the game tells a player to type is a command it takes: the board
/// actions are `board create` and `board populate` (`create` alone is not a
/// command), in the status, the answers and the refusals alike.
#[test]
fn the_board_actions_are_named_as_the_commands_they_are() {
    let mut c = console_at(&temp_dir("board-words"), &[]).without_images();
    for line in ["gm game create chess-wheel cycle=7h", "ann join", "bo join", "gm game start"] {
        c.line(line);
    }
    let status = c.line("ann game status");
    assert!(status.contains("board: none yet (`board create` makes it)"), "{status}");
    assert!(c.line("ann create").contains("unknown command `create`"));
    let refused = c.line("ann board populate");
    assert!(refused.contains("`board create` makes it first"), "{refused}");
    let made = c.line("ann board create");
    assert!(made.contains("`board populate` places ann's starting pieces on it"), "{made}");
    let status = c.line("ann game status");
    assert!(status.contains("may be populated this cycle (`board populate`)"), "{status}");
    assert!(c.line("ann board populate").contains("placed 16 pieces"));
    let wrong = c.line("bo board build");
    assert!(wrong.contains("write `board create` (make your standard board) or `board populate`"), "{wrong}");
}

/// Item: a cycle whose move phase closes with no commitment says that
/// nobody committed and what happens next (it keeps its calendar, board
/// actions are still taken), not "Reveal your orders now".
#[test]
fn a_cycle_without_commitments_says_nobody_committed_and_what_happens_next() {
    let mut c = console("no-commitment");
    for line in ["gm game create chess-wheel cycle=7h", "ann join", "bo join", "gm game start"] {
        c.line(line);
    }
    let closed = c.line("advance 3h");
    assert!(
        closed.contains(
            "The commit window of Cycle 1 has closed (the deadline passed); nobody committed, so there is nothing to reveal and no orders are played in Cycle 1. It keeps its calendar: it resolves when its resolve window closes, in 3h; until then `board create` and `board populate` are still taken."
        ),
        "{closed}"
    );
    assert!(!closed.contains("Reveal your orders"), "{closed}");
    assert!(c.line("ann board create").contains("created the standard board"), "as it says: {closed}");
    let resolved = c.line("advance 3h");
    assert!(resolved.contains("Cycle 1 resolved"), "{resolved}");
}
