//! The rules' part of the small defects that decide whether a group
//! trusts the bot. Item 4: a failed move's reason names what really stopped
//! it (not a piece that was dislodged anyway). Item 5: Diplomat Chess does
//! not say "You are in check." after a move that escaped check. Item 10:
//! Chess Wheel+'s movement power is a moderator setting from the next
//! cycle, proposals say truthfully what happens to them, and `hashed=no` is
//! refused there.

use crate::support::dip_setup;
use crate::support::diplomat_sample;
use crate::support::scratch;
use crate::support::squares;
use dip_setup::{chessdip, outcome, politik, position, resolve};
use squares::sq;

use diplomat_sample::sample_game;

use scratch::console;

use chessdip::console::Console;
use chessdip_game::hashed::seal::sha256_hex;
use chessdip_rules::chess_dip::{self, ChessDipState, Judgement, Variant};

/// The resolver's outcome of the order from `from` landing on `to`.
fn raw(state: &ChessDipState, v: &Variant, orders: &[(&str, &str)], from: &str, to: &str) -> Judgement {
    let r = resolve(v, state, orders);
    let chess_dip::ChessDipReport::Movement { resolution, .. } = r.report else { panic!("a movement phase") };
    let i = resolution
        .orders
        .iter()
        .position(|o| o.square == sq(from) && o.move_target() == Some(sq(to)))
        .expect("that order");
    resolution.outcomes[i]
}

// Item 4: a failed move names what stopped it.

#[test]
fn item04_a_move_beaten_into_a_square_names_the_stronger_move_not_the_dislodged_piece() {
    let v = politik();
    let s = position(
        &v,
        "fall 1601",
        &[("Mughal", "K e3"), ("Mughal", "K d3"), ("Mughal", "K e4"), ("Ottoman", "K c4"), ("Russia", "N d4")],
        &[],
    );
    let orders = [
        ("Mughal", "K e3 - d4"),
        ("Mughal", "K d3 S K e3 - d4"),
        ("Mughal", "K e4 S K e3 - d4"),
        ("Ottoman", "K c4 - d4"),
        ("Russia", "N d4 H"),
    ];
    let r = resolve(&v, &s, &orders);
    assert_eq!(outcome(&r, "K e3 - d4"), (true, "moved, dislodging N d4".to_string()));
    assert_eq!(
        outcome(&r, "K c4 - d4"),
        (false, "bounced at d4 against K e3 - d4, supported by K d3 and K e4: strength 1 against 3".to_string())
    );
    assert_eq!(outcome(&r, "N d4 H").1, "dislodged by K e3 - d4");
    // The resolver's own outcome says the same (the scenario reports and the images read it).
    let o = raw(&s, &v, &orders, "c4", "d4");
    assert_eq!(
        o,
        Judgement::Bounced {
            at: sq("d4"),
            attack: chess_dip::Strength(2),
            against: chess_dip::Strength(6),
            by: sq("e3")
        }
    );
    assert_eq!(o.reason(), "bounced at d4: strength 1 against 3 from the move from e3");
}

#[test]
fn item04_a_supported_en_passant_capture_is_named_by_the_move_it_beat() {
    let d = chessdip();
    let s = position(
        &d,
        "fall 1",
        &[("Italy", "P e5"), ("Italy", "K e4"), ("Scandinavia", "P d5"), ("England", "K c4")],
        &[("d7", "d5")],
    );
    let r = resolve(&d, &s, &[("Italy", "e5 t d6 x d5"), ("Italy", "K e4 S e5 x d5"), ("England", "K c4 - d5")]);
    assert_eq!(outcome(&r, "e5 t d6 x d5"), (true, "moved to d6, capturing P d5 en passant".to_string()));
    assert_eq!(
        outcome(&r, "K c4 - d5"),
        (false, "bounced at d5 against e5 x d5, supported by K e4: strength 1 against 2".to_string())
    );
}

#[test]
fn item04_a_piece_that_stayed_and_was_not_dislodged_is_still_named() {
    // The hold was what stopped both moves: the rivals bounced too.
    let v = politik();
    let s = position(&v, "spring 1601", &[("Mughal", "K d1"), ("Ming", "K e1"), ("Russia", "N d2")], &[]);
    let r = resolve(&v, &s, &[("Mughal", "K d1 - d2"), ("Ming", "K e1 - d2"), ("Russia", "N d2 H")]);
    assert_eq!(
        outcome(&r, "K d1 - d2"),
        (false, "bounced at d2 against N d2 holding there: strength 1 against 1".to_string())
    );
    // A bounce among several moves into an empty square names the strongest of them.
    let s = position(
        &v,
        "spring 1601",
        &[
            ("Mughal", "K d1"),
            ("Ming", "K e1"),
            ("Russia", "K c3"),
            ("Russia", "K c2"),
            ("Ottoman", "K e3"),
            ("Ottoman", "K e2"),
        ],
        &[],
    );
    let r = resolve(
        &v,
        &s,
        &[
            ("Mughal", "K d1 - d2"),
            ("Ming", "K e1 - d2"),
            ("Russia", "K c3 - d2"),
            ("Russia", "K c2 S K c3 - d2"),
            ("Ottoman", "K e3 - d2"),
            ("Ottoman", "K e2 S K e3 - d2"),
        ],
    );
    let (ok, why) = outcome(&r, "K d1 - d2");
    assert!(!ok);
    assert_eq!(why, "bounced at d2 against K c3 - d2, supported by K c2: strength 1 against 2");
}

#[test]
fn item04_a_head_to_head_lost_to_a_third_move_names_the_move_that_got_in() {
    // Ming's N d4 and Mughal's N c2 swap head to head; Russia's supported
    // move into d4 dislodges the knight there, so Mughal's move failed
    // against Russia's, not against the beaten knight.
    let v = politik();
    let s = position(
        &v,
        "spring 1601",
        &[("Mughal", "N c2"), ("Ming", "N d4"), ("Russia", "K e5"), ("Russia", "K e4")],
        &[],
    );
    let r = resolve(
        &v,
        &s,
        &[("Mughal", "N c2 - d4"), ("Ming", "N d4 - c2"), ("Russia", "K e5 - d4"), ("Russia", "K e4 S K e5 - d4")],
    );
    assert!(outcome(&r, "K e5 - d4").0);
    assert_eq!(
        outcome(&r, "N c2 - d4"),
        (false, "bounced at d4 against K e5 - d4, supported by K e4: strength 1 against 2".to_string())
    );
    // Without the third move the head-to-head is the reason, as before.
    let tie = resolve(&v, &s, &[("Mughal", "N c2 - d4"), ("Ming", "N d4 - c2")]);
    assert_eq!(
        outcome(&tie, "N c2 - d4"),
        (false, "bounced head to head with N d4 - c2: strength 1 against 1".to_string())
    );
}

#[test]
fn item04_a_convoy_square_whose_piece_was_dislodged_names_the_move_that_came_in() {
    let d = chessdip();
    // R a1 - d1 passes b1 and c1; France's K b1 stays on b1 but is dislodged.
    let s =
        position(&d, "spring 1", &[("England", "R a1"), ("Italy", "N d2"), ("Italy", "K c2"), ("France", "K b1")], &[]);
    let r = resolve(&d, &s, &[("England", "R a1 - d1"), ("Italy", "N d2 - b1"), ("Italy", "K c2 S N d2 - b1")]);
    assert_eq!(outcome(&r, "N d2 - b1"), (true, "moved, dislodging K b1".to_string()));
    assert_eq!(outcome(&r, "R a1 - d1"), (false, "its path failed at b1: N d2 - b1 moved in".to_string()));
}

// Item 5: Diplomat Chess and check.

#[test]
fn item05_a_move_that_escapes_check_is_not_told_it_is_in_check() {
    let mut c = console("diplomat-check");
    for l in ["gm game create diplomat-chess", "alice join White", "bob join Black", "gm game start"] {
        c.line(l);
    }
    let moves = sample_game();
    let mut escapes = 0;
    for (i, mv) in moves.iter().enumerate().take(49) {
        let player = if i % 2 == 0 { "alice" } else { "bob" };
        let answering_check = i > 0 && moves[i - 1].ends_with('+');
        if answering_check {
            let shown = c.line(&format!("{player} orders show"));
            assert!(
                shown.contains("You are in check: your move must get your king out of check."),
                "before move {}: {shown}",
                i + 1
            );
        }
        let reply = c.line(&format!("{player} orders {mv}"));
        assert!(!reply.contains("[private to") || reply.contains("read as"), "move {} `{mv}` accepted: {reply}", i + 1);
        // What the mover is told (the other player's direct message, about their own move, aside).
        let told: String = reply
            .split("\n[")
            .filter(|part| !part.starts_with("private to") || part.starts_with(&format!("private to {player}]")))
            .collect();
        assert!(!told.contains("You are in check"), "move {} `{mv}` escaped the check: {reply}", i + 1);
        if answering_check {
            assert!(reply.contains("That move gets your king out of check."), "move {} `{mv}`: {reply}", i + 1);
            escapes += 1;
        }
    }
    // 22. Bx4, 23. Kxb1, 24. Kc2 and 25. Kd2 each answer a check.
    assert_eq!(escapes, 4);
}

// Item 10: Chess Wheel+'s movement power and proposals.

/// A Chess Wheel+ game on a 7-hour cycle (move 3h, resolve 3h, replenish
/// 1h) with ann and bo, boards created and populated.
fn wheel(name: &str) -> Console {
    let mut c = console(name);
    c.line("gm game create chess-wheel cycle=7h");
    for p in ["ann", "bo"] {
        c.line(&format!("{p} join"));
    }
    assert!(c.line("gm game start").contains("Cycle 1"));
    for p in ["ann", "bo"] {
        c.line(&format!("{p} board create"));
        c.line(&format!("{p} board populate"));
    }
    c
}

/// Ann commits `message` now, and reveals it after the commit window closes.
fn commit_and_reveal(c: &mut Console, message: &str) -> String {
    let r = c.line(&format!("ann commit {}", sha256_hex(message)));
    assert!(r.contains("ann committed"), "{r}");
    c.line("advance 3h");
    // A file of its own: tests running at the same time reveal different messages.
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let file = std::env::temp_dir().join(format!("chessdip-trust-rules-{}-{n}-msg.txt", std::process::id()));
    std::fs::write(&file, message).expect("write");
    c.line(&format!("ann reveal-file {}", file.display()))
}

const FOUR_MOVES: &str = "# salt 1f\n{ann}a2 - {ann}a3\n{ann}b2 - {ann}b3\n{ann}c2 - {ann}c3\n{ann}d2 - {ann}d3";

#[test]
fn item10_movement_power_is_a_moderator_setting_from_the_next_cycle() {
    let mut c = wheel("power");
    assert!(c.line("ann game set movement-power=4").contains("only a moderator"));
    let bad = c.line("gm game set movement-power=0");
    assert!(bad.contains("from 1 to 16") && bad.contains("movement-power=4"), "{bad}");
    let set = c.line("gm game set movement-power=4");
    assert!(
        set.contains(
            "[public] gm set the movement power to 4 moves per cycle from Cycle 2 on; Cycle 1 keeps 3 moves, as it began with."
        ),
        "{set}"
    );
    let status = c.line("gm game status");
    assert!(status.contains("Movement power: 3 moves this cycle, 4 from the next cycle."), "{status}");
    let again = c.line("gm game set movement-power=4");
    assert!(again.contains("Nothing changed") && again.contains("movement power is already 4"), "{again}");
    // Logged with the moderator's other actions.
    let export = c.line("gm game export");
    assert!(export.contains("movement-power=4"), "{export}");

    // Cycle 1 keeps 3: a message of four moves is invalid as a whole.
    let r = commit_and_reveal(&mut c, FOUR_MOVES);
    assert!(r.contains("more than the movement power of 3"), "{r}");
    let resolved = c.line("advance 3h");
    assert!(resolved.contains("Cycle 1 resolved"), "{resolved}");
    assert!(resolved.contains("none of its moves ran"), "{resolved}");

    // Cycle 2 has 4, the validity judge included.
    c.line("advance 1h");
    let r = commit_and_reveal(&mut c, FOUR_MOVES);
    assert!(r.contains("ann's reveal matches") && r.contains("Movement power used: 4 of 4."), "{r}");
    let resolved = c.line("advance 3h");
    assert!(resolved.contains("ann (4 of 4 moves)"), "{resolved}");
    assert!(c.line("gm game status").contains("Movement power: 4 moves this cycle."));

    // On the replenish day the coming cycle has no commitments yet: a change counts for it.
    let set = c.line("gm game set movement-power=2");
    assert!(
        set.contains(
            "gm set the movement power to 2 moves per cycle from Cycle 3 on (its move phase has not opened yet)."
        ),
        "{set}"
    );
    c.line("advance 1h");
    let r = commit_and_reveal(&mut c, "{ann}e2 - {ann}e3\n{ann}f2 - {ann}f3\n{ann}g2 - {ann}g3");
    assert!(r.contains("more than the movement power of 2"), "{r}");
}

#[test]
fn item10_movement_power_is_only_for_chess_wheel_and_may_be_set_at_creation() {
    let mut c = console("power-other");
    c.line("gm game create chesspolitik2");
    let r = c.line("gm game set movement-power=4");
    assert!(
        r.contains("`movement-power` is a Chess Wheel+ setting: Chesspolitik (2 players) has no movement power"),
        "{r}"
    );
    let r = c.line("gm game set movement=1h");
    assert!(r.contains("only the images' palette and animation, and Chess Wheel+'s movement power"), "{r}");
    c.line("gm game end");

    let mut c = console("power-create");
    let r = c.line("gm game create chess-wheel cycle=7h movement-power=5");
    assert!(r.contains("movement-power=5"), "{r}");
    for p in ["ann", "bo"] {
        c.line(&format!("{p} join"));
    }
    c.line("gm game start");
    c.line("ann board create");
    c.line("ann board populate");
    let r = commit_and_reveal(&mut c, FOUR_MOVES);
    assert!(r.contains("Movement power used: 4 of 5."), "{r}");
    let r = c.line("gm game create chess-wheel movement-power=many");
    assert!(r.contains("the movement power is a whole number of moves per cycle from 1 to 16"), "{r}");
}

/// A wheel game with proposal #1 voted popular (ann and bo for).
fn popular_proposal(name: &str) -> (Console, String) {
    let mut c = wheel(name);
    assert!(c.line("ann proposal submit The movement power becomes 4").contains("Proposal #1 by ann"));
    c.line("advance 3h");
    c.line("ann vote 1 yes");
    c.line("bo vote 1 yes");
    let closed = c.line("advance 3h");
    assert!(closed.contains("is popular, 2 for and 0 against"), "{closed}");
    (c, closed)
}

#[test]
fn item10_a_popular_vote_says_what_can_apply_it() {
    let (_, closed) = popular_proposal("popular");
    assert!(!closed.contains("A moderator applies it"), "{closed}");
    assert!(
        closed.contains(
            "The bot changes no rule by itself: if the proposal changes the movement power, a moderator sets it with `game set movement-power=<n>` (from the next cycle)"
        ),
        "{closed}"
    );
    assert!(closed.contains("records what was done with `proposal enact <number> <note>`"), "{closed}");
}

#[test]
fn item10_proposal_enact_records_a_note_once() {
    let (mut c, _) = popular_proposal("enact");
    let r = c.line("gm proposal enact 1 movement power 4 from Cycle 3 (game set)");
    assert!(
        r.contains("[public] gm recorded proposal #1 (The movement power becomes 4) as enacted: movement power 4 from Cycle 3 (game set)"),
        "{r}"
    );
    assert!(r.contains("it changes no rule by itself"), "{r}");
    let again = c.line("gm proposal enact 1 something else");
    assert!(
        again.contains(
            "proposal #1 was already enacted, with the note: movement power 4 from Cycle 3 (game set). A note is recorded once"
        ),
        "{again}"
    );
    let list = c.line("gm proposals");
    assert!(list.contains("enacted: movement power 4 from Cycle 3 (game set)"), "{list}");
    assert!(!list.contains("something else"), "{list}");
    let export = c.line("gm game export");
    assert_eq!(export.matches("\"enact\"").count(), 1, "one enactment logged: {export}");
}

#[test]
fn item10_proposal_commands_without_their_text_get_their_usage() {
    let mut c = wheel("usage");
    for (line, usage) in [
        ("ann proposal submit", "write the proposal after the words: `proposal submit <text>`"),
        ("gm proposal enact 1", "write the proposal's number and what was changed: `proposal enact <number> <note>`"),
        ("gm proposal enact", "`proposal enact <number> <note>`"),
        ("ann proposal", "write `proposal submit <text>`, `proposal list`"),
        ("gm proposal enact one done", "`one` is not a proposal number: write e.g. `proposal enact 3 <note>`"),
    ] {
        let r = c.line(line);
        assert!(r.contains(usage) && !r.contains("unknown command"), "{line}: {r}");
    }
}

#[test]
fn item10_plain_orders_or_phases_on_chess_wheel_are_refused_with_the_reason() {
    let mut c = console("hashed-no");
    let r = c.line("gm game create chess-wheel hashed=no");
    assert!(
        r.contains("`hashed=no`: Chess Wheel+ takes its orders only hashed") && r.contains("leave `hashed` out"),
        "{r}"
    );
    let r = c.line("gm game create chess-wheel cycle=phases");
    assert!(r.contains("`cycle=phases`: Chess Wheel+ runs on a cycle"), "{r}");
    assert!(c.line("gm game status").contains("there is no game in this channel"));
    let r = c.line("gm game create chess-wheel hashed=yes cycle=7h");
    assert!(r.contains("A game of Chess Wheel+ is forming") && r.contains("Orders are hashed"), "{r}");
}

#[test]
fn item04_a_contested_convoy_square_names_the_convoy_that_held() {
    let d = chessdip();
    let s = position(
        &d,
        "spring 1",
        &[("England", "B c1"), ("Italy", "R e1"), ("France", "R g3"), ("France", "K f2")],
        &[],
    );
    let r = resolve(
        &d,
        &s,
        &[("England", "B c1 - f4"), ("Italy", "R e1 - e4"), ("France", "R g3 - d3"), ("France", "K f2 S e3 C g3 - d3")],
    );
    assert_eq!(outcome(&r, "R g3 - d3"), (true, "moved".to_string()));
    assert_eq!(
        outcome(&r, "B c1 - f4"),
        (
            false,
            "its path failed at e3: contested by the convoy there for R g3 - d3, support-convoyed by K f2, \
             which was stronger"
                .to_string()
        )
    );
}

#[test]
fn item04_a_move_blocked_by_its_own_dislodged_piece_also_names_the_move_that_got_in() {
    let v = politik();
    let s = position(
        &v,
        "fall 1601",
        &[("Mughal", "K e3"), ("Mughal", "N d4"), ("Ottoman", "K c4"), ("Ottoman", "K c3")],
        &[],
    );
    let r = resolve(
        &v,
        &s,
        &[("Mughal", "K e3 - d4"), ("Mughal", "N d4 H"), ("Ottoman", "K c4 - d4"), ("Ottoman", "K c3 S K c4 - d4")],
    );
    assert_eq!(outcome(&r, "K c4 - d4"), (true, "moved, dislodging N d4".to_string()));
    assert_eq!(
        outcome(&r, "K e3 - d4"),
        (
            false,
            "bounced at d4 against its own power's N d4: a power cannot dislodge its own piece; \
             K c4 - d4 got in, dislodging it"
                .to_string()
        )
    );
}
