//! Games that survive their players: grace for a late power, civil
//! disorder named in the result, abandoned seats unseated and taken over,
//! through the `play` console (and the service for who is pinged).

use crate::support::scratch;
use scratch::{console_at, export, run, service_at, temp_dir, two_players};

use std::path::Path;

use chessdip::console::Console;
use chessdip_game::Caller;

/// A console on a fresh database in `dir`, with `mod` a moderator (and `gm` each game's creator).
fn console_in(dir: &Path) -> Console {
    console_at(dir, &["mod"]).without_images()
}

/// Every reliability row of `user`: (phase, kind), in phase order.
fn records(dir: &Path, user: &str) -> Vec<(i64, String)> {
    let db = rusqlite::Connection::open(dir.join("g.db")).expect("db");
    let mut st = db.prepare("SELECT seq, kind FROM reliability WHERE user_id = ?1 ORDER BY seq, kind").expect("sql");
    st.query_map([user], |r| Ok((r.get(0)?, r.get(1)?))).expect("rows").collect::<Result<_, _>>().expect("rows")
}

#[test]
fn a_late_power_with_grace_extends_the_phase_once_for_everyone() {
    let dir = temp_dir("grace");
    let mut c = console_in(&dir);
    two_players(&mut c, "movement=24h");
    run(&mut c, &["alice orders K c1 - c2"]);
    let r = c.line("advance 24h");
    assert!(
        r.contains("**Grace:** the deadline of Spring 1401 passed with no orders from England (@bob, grace used, none left). The phase is extended once for everyone: due in 1d"),
        "{r}"
    );
    assert!(!r.contains("France (") && !r.contains("resolved"), "only the late power is named: {r}");
    let status = c.line("gm game status");
    assert!(status.contains("Spring 1401, due in 1d"), "{status}");
    // The grace is spent: at the next deadline the phase resolves, England in civil disorder.
    let r = c.line("advance 24h");
    assert!(r.contains("**Spring 1401 resolved** (the deadline passed)"), "{r}");
    assert!(r.contains("England sent no orders: civil disorder, every piece holds."), "{r}");
    assert!(r.contains("\u{2713} K c1 - c2 (moved)"), "{r}");
    // Bob's grace is used up for the game: the next phase he misses resolves at its deadline.
    run(&mut c, &["alice orders K c2 - c3"]);
    let r = c.line("advance 24h");
    assert!(r.contains("**Fall 1401 resolved**") && !r.contains("Grace"), "{r}");
    let json = export(&mut c);
    let grace = json["absence"]["grace"].as_array().expect("grace");
    assert_eq!(grace.len(), 1, "{grace:?}");
    assert_eq!((grace[0]["phase"].as_str(), grace[0]["power"].as_str()), (Some("Spring 1401"), Some("England")));
    assert!(grace[0]["until"].as_i64() > grace[0]["at"].as_i64());
    let disorder = json["absence"]["civil_disorder"].as_array().expect("civil disorder");
    assert_eq!(disorder.len(), 2, "{disorder:?}");
    assert_eq!(records(&dir, "alice"), [(1, "in_time".to_string()), (2, "in_time".to_string())]);
    let bob = records(&dir, "bob");
    assert!(
        bob.contains(&(1, "civil_disorder".to_string())) && bob.contains(&(2, "civil_disorder".to_string())),
        "{bob:?}"
    );
}

#[test]
fn a_power_that_sent_orders_is_never_graced_and_grace_zero_is_off() {
    let mut c = console_in(&temp_dir("grace-not-late"));
    two_players(&mut c, "movement=24h");
    // Orders in, nobody ready: nobody is late.
    run(&mut c, &["alice orders K c1 - c2", "bob orders K d6 - d5"]);
    let r = c.line("advance 24h");
    assert!(r.contains("**Spring 1401 resolved**") && !r.contains("Grace") && !r.contains("civil disorder"), "{r}");
    let mut off = console_in(&temp_dir("grace-off"));
    two_players(&mut off, "movement=24h grace=0");
    let r = off.line("advance 24h");
    assert!(r.contains("**Spring 1401 resolved**") && !r.contains("Grace"), "{r}");
    assert!(r.contains("France sent no orders: civil disorder, every piece holds."), "{r}");
}

#[test]
fn a_grace_extension_pings_only_the_late_players() {
    let dir = temp_dir("grace-ping");
    let (service, clock) = service_at(&dir, 1_000_000);
    let run = |who: &str, line: &str| service.command("c", "g", &Caller::player(who), line);
    for (who, line) in [
        ("gm", "game create chesspolitik2 movement=1h grace=2"),
        ("alice", "join France"),
        ("bob", "join England"),
        ("gm", "game start"),
        ("alice", "orders K c1 - c2"),
    ] {
        run(who, line);
    }
    clock.advance(3600);
    let out = service.tick().expect("tick");
    assert_eq!(out.len(), 1, "{out:?}");
    let (channel, reply) = &out[0];
    assert_eq!(channel, "c");
    assert_eq!(reply.mentions, ["bob"]);
    assert!(reply.text.contains("England (<@bob>, grace used, 1 left)"), "{}", reply.text);
    assert_eq!(reply.deadline, Some(1_000_000 + 3600 + 86_400));
}

#[test]
fn an_absent_player_is_unseated_after_cd_after_phases_and_anyone_can_take_over() {
    let dir = temp_dir("unseat");
    let mut c = console_in(&dir);
    two_players(&mut c, "movement=24h grace=0");
    run(&mut c, &["alice orders K c1 - c2"]);
    let r = c.line("advance 24h");
    assert!(r.contains("England sent no orders: civil disorder") && !r.contains("unseated"), "{r}");
    run(&mut c, &["alice orders K c2 - c3"]);
    let r = c.line("advance 24h");
    let unseated =
        "bob is unseated from England after 2 phases in civil disorder: England is open for takeover — `join England`.";
    assert!(r.contains(unseated), "{r}");
    assert!(r.find("**Fall 1401 resolved**") < r.find(unseated), "the result comes first: {r}");
    let status = c.line("gm game status");
    assert!(status.contains("England (open for takeover: `join England`"), "{status}");
    // Orders from the unseated player are no longer taken; a player holding a power cannot take another.
    assert!(c.line("bob orders K d6 - d5").contains("not playing"), "unseated");
    assert!(c.line("alice join England").contains("you already play France"));
    let r = c.line("carol join England");
    assert!(r.contains("carol joins as England, taking over a vacant power."), "{r}");
    assert!(c.line("dave join England").contains("England is taken"));
    assert!(c.line("gm game status").contains("England (carol)"));
    let json = export(&mut c);
    let seats = json["absence"]["seats"].as_array().expect("seats");
    let events: Vec<(&str, &str, &str)> = seats
        .iter()
        .map(|e| {
            (e["event"].as_str().unwrap_or(""), e["user"].as_str().unwrap_or(""), e["phase"].as_str().unwrap_or(""))
        })
        .collect();
    assert_eq!(events, [("unseated", "bob", "Fall 1401"), ("took_over", "carol", "Winter 1401")]);
    let bob = records(&dir, "bob");
    assert!(bob.contains(&(2, "unseated".to_string())), "recorded with the phase that unseated him: {bob:?}");
    assert_eq!(bob.iter().filter(|(_, k)| k == "civil_disorder").count(), 2, "{bob:?}");
}

#[test]
fn sending_orders_starts_the_civil_disorder_count_again() {
    let mut c = console_in(&temp_dir("unseat-reset"));
    two_players(&mut c, "movement=24h grace=0");
    let r = c.line("advance 24h");
    assert!(r.contains("England sent no orders"), "{r}");
    run(&mut c, &["bob orders K d6 - d5", "alice orders K c1 - c2"]);
    let r = c.line("advance 24h");
    assert!(r.contains("**Fall 1401 resolved**") && !r.contains("England sent no orders"), "{r}");
    // A phase without orders again: one phase in a row, not two.
    let r = c.line("advance 24h");
    assert!(r.contains("England sent no orders") && !r.contains("unseated"), "{r}");
    assert!(c.line("gm game status").contains("England (bob)"));
}

#[test]
fn a_kicked_player_cannot_take_over_and_cd_after_off_never_unseats() {
    let mut c = console_in(&temp_dir("unseat-off"));
    two_players(&mut c, "movement=24h grace=0 cd-after=off");
    let r = c.line("advance 5d");
    assert!(r.matches("England sent no orders").count() >= 3 && !r.contains("unseated"), "{r}");
    assert!(c.line("gm game kick bob").contains("bob has been removed"));
    let r = c.line("bob join England");
    assert!(r.contains("a moderator removed you from this game"), "{r}");
}

#[test]
fn game_kick_in_a_game_with_takeover_open_says_the_power_is_open_for_takeover() {
    let mut c = console_in(&temp_dir("kick-open"));
    two_players(&mut c, "takeover=open");
    let r = c.line("gm game kick bob");
    assert!(
        r.contains("bob has been removed; England is open for takeover: `join England`; in civil disorder until then."),
        "{r}"
    );
    assert!(!r.contains("until a moderator assigns it"), "{r}");
    // As `game status` says, and as it is: anyone may join it.
    assert!(c
        .line("gm game status")
        .contains("England (open for takeover: `join England`; in civil disorder until then)"));
    assert!(c.line("carol join England").contains("carol joins as England, taking over a vacant power."));

    // With takeover=moderator, joining asks; in a forming game the power is simply free.
    let mut c = console_in(&temp_dir("kick-moderator"));
    two_players(&mut c, "takeover=moderator");
    let r = c.line("gm game kick bob");
    assert!(
        r.contains("England is open for takeover: `join England` asks the moderators; in civil disorder until then."),
        "{r}"
    );
    c.line("channel forming");
    run(&mut c, &["gm game create chesspolitik2", "alice join France", "bob join England"]);
    let r = c.line("gm game kick bob");
    assert!(r.contains("bob has been removed and may not join this game again unless a moderator assigns them; England is free (`join England`)."), "{r}");
    assert!(c.line("carol join England").contains("carol joins as England"));
    // A conceded power stays out; a Chess Wheel+ board is its player's own.
    c.line("channel politik");
    run(
        &mut c,
        &["gm game create chesspolitik4", "a join Mughal Empire", "b join Ming Dynasty", "gm game start", "b concede"],
    );
    assert!(c.line("gm game kick b").contains("b has been removed; Ming Dynasty is vacant, in civil disorder."));
    c.line("channel wheel");
    run(&mut c, &["gm game create chess-wheel cycle=7h", "a join", "b join", "e join", "gm game start"]);
    let r = c.line("gm game kick b");
    assert!(r.contains("b has been removed and may not join this game again. A Chess Wheel+ board is its player's own: nobody takes b over."), "{r}");
}

#[test]
fn with_takeover_by_moderator_join_asks_and_game_assign_grants() {
    let mut c = console_in(&temp_dir("takeover-moderator"));
    two_players(&mut c, "movement=24h grace=0 takeover=moderator");
    let r = c.line("advance 2d");
    assert!(r.contains("England is open for takeover — `join England` asks the moderators"), "{r}");
    assert!(r.contains("France is open for takeover"), "{r}");
    let r = c.line("carol join England");
    assert!(
        r.contains(
            "[public] carol asks to take over England. In this game a moderator approves takeovers: `game assign carol England` grants it."
        ),
        "{r}"
    );
    assert!(c.line("carol join England").contains("you have already asked to take over England"));
    assert!(c.line("gm game status").contains("England (open for takeover"), "not seated yet");
    assert!(c.line("gm game assign carol England").contains("carol now plays England"));
    assert!(c.line("gm game status").contains("England (carol)"));
    // A moderator's own join is not a request.
    assert!(c.line("mod join France").contains("mod joins as France, taking over a vacant power."));
    let json = export(&mut c);
    let kinds: Vec<&str> =
        json["absence"]["seats"].as_array().expect("seats").iter().filter_map(|e| e["event"].as_str()).collect();
    assert_eq!(kinds, ["unseated", "unseated", "asked", "took_over", "took_over"]);
}

#[test]
fn in_a_hashed_game_a_commitment_counts_as_orders() {
    let mut c = console_in(&temp_dir("grace-hashed"));
    two_players(&mut c, "hashed=yes movement=24h reveal=12h");
    let hash = "0".repeat(64);
    run(&mut c, &[&format!("alice commit {hash}")]);
    let r = c.line("advance 24h");
    assert!(r.contains("passed with no commitment from England (@bob, grace used, none left)"), "{r}");
    // The reveal window is not graced: France committed and does not reveal, the phase resolves.
    let r = c.line("advance 24h");
    assert!(r.contains("committed: France") && r.contains("Reveal your orders now"), "{r}");
    let r = c.line("advance 12h");
    assert!(r.contains("**Spring 1401 resolved**") && !r.contains("Grace"), "{r}");
    assert!(r.contains("England sent no orders: civil disorder, every piece holds."), "{r}");
    assert!(!r.contains("France sent no orders"), "a commitment is orders sent: {r}");
}

#[test]
fn a_turn_based_game_gives_grace_before_counting_a_missed_turn() {
    let mut c = console_in(&temp_dir("grace-turns"));
    run(
        &mut c,
        &["gm game create diplomat-chess movement=1h forfeit-after=2", "w join White", "b join Black", "gm game start"],
    );
    let r = c.line("advance 1h");
    assert!(r.contains("no orders from White (@w, grace used, none left)") && !r.contains("missed"), "{r}");
    let r = c.line("advance 1d");
    assert!(r.contains("White (@w) missed the deadline for Move 1 (White) (1 of 2"), "{r}");
    let r = c.line("advance 1h");
    assert!(r.contains("Black wins: White forfeits after 2 missed turns"), "{r}");
}

#[test]
fn diplomacy_chess_says_civil_disorder_on_the_sides_own_line() {
    let mut c = console_in(&temp_dir("cd-simul"));
    run(
        &mut c,
        &["gm game create diplomacy-chess movement=1h grace=0", "alice join White", "bob join Black", "gm game start"],
    );
    run(&mut c, &["bob orders e7e5"]);
    let r = c.line("advance 1h");
    assert!(r.contains("White sent no orders: civil disorder, no move.\n"), "{r}");
    assert!(!r.contains("White: no move"), "one line for White: {r}");
}

#[test]
fn a_vacant_power_is_named_in_civil_disorder() {
    let mut c = console_in(&temp_dir("cd-vacant"));
    run(&mut c, &["gm game create chesspolitik4 grace=0", "a join Mughal Empire", "gm game start"]);
    run(&mut c, &["a orders K d1 H"]);
    let r = c.line("advance 2d");
    assert!(r.contains("Ottoman Empire is vacant: civil disorder, every piece holds."), "{r}");
    assert!(!r.contains("Mughal Empire sent no orders"), "{r}");
    let status = c.line("gm game status");
    assert!(status.contains("Ottoman Empire (open for takeover: `join Ottoman Empire`"), "{status}");
}

#[test]
fn a_winter_in_civil_disorder_builds_nothing_and_a_power_owing_nothing_is_not_named() {
    let mut c = console_in(&temp_dir("cd-winter"));
    two_players(&mut c, "movement=24h grace=0 cd-after=off");
    run(&mut c, &["alice orders K c1 - c2", "advance 24h", "alice orders K c2 - c3"]);
    let r = c.line("advance 24h");
    assert!(r.contains("Adjustments: France may build 1"), "{r}");
    let r = c.line("advance 24h");
    assert!(r.contains("**Winter 1401 resolved**"), "{r}");
    assert!(r.contains("France sent no orders: civil disorder, no builds."), "{r}");
    assert!(!r.contains("England sent no orders"), "England owed nothing in Winter: {r}");
}

#[test]
fn orders_sent_during_the_grace_count_as_sent_after_grace() {
    let dir = temp_dir("after-grace");
    let mut c = console_in(&dir);
    two_players(&mut c, "movement=24h");
    run(&mut c, &["alice orders K c1 - c2", "advance 24h", "bob orders K d6 - d5"]);
    let r = c.line("advance 24h");
    assert!(r.contains("**Spring 1401 resolved**") && !r.contains("civil disorder"), "{r}");
    assert_eq!(records(&dir, "bob"), [(1, "after_grace".to_string())]);
    assert_eq!(records(&dir, "alice"), [(1, "in_time".to_string())]);
    let profile = c.line("carol profile bob");
    assert!(profile.contains("1 after grace"), "{profile}");
}

#[test]
fn chess_wheel_names_a_missing_message_and_never_unseats_a_board() {
    let mut c = console_in(&temp_dir("cd-wheel"));
    run(&mut c, &["gm game create chess-wheel cycle=7h", "ann join", "bo join", "gm game start"]);
    let r = c.line("advance 14h");
    assert!(r.contains("ann sent no orders: civil disorder, its message missing."), "{r}");
    assert!(!r.contains("Grace") && !r.contains("unseated"), "no grace on the calendar, no unseating: {r}");
    let status = c.line("gm game status");
    assert!(status.contains("ann (ann)") && status.contains("bo (bo)"), "{status}");
}

/// A grace in a game with fixed-time deadlines lands on the fixed time, on
/// the local clock across the spring change of the clocks, and says so.
#[test]
fn a_grace_with_fixed_time_deadlines_lands_on_the_local_time_across_the_clock_change() {
    let dir = temp_dir("grace-fixed-time");
    let mut c = console_in(&dir);
    run(
        &mut c,
        &[
            "advance to 2027-03-26T09:00:00+01:00",
            "gm game create chesspolitik2 movement=24h deadline-at=20:00 timezone=Europe/Paris",
            "alice join France",
            "bob join England",
            "gm game start",
            "alice orders K c1 H",
        ],
    );
    let status = c.line("alice game status");
    assert!(status.contains("(Saturday 27 March 2027, 20:00 CET)"), "{status}");
    // The clocks go forward on the night of 27 to 28 March: 20:00 stays 20:00.
    let out = c.line("advance to 2027-03-27T20:30:00+01:00");
    assert!(
        out.contains(
            "**Grace:** the deadline of Spring 1401 passed with no orders from England (@bob, grace used, none left). The phase is extended once for everyone: due in 23h (Sunday 28 March 2027, 20:00 CEST)."
        ),
        "{out}"
    );
    let out = c.line("advance to 2027-03-28T20:01:00+02:00");
    assert!(out.contains("Spring 1401 resolved") && out.contains("England sent no orders: civil disorder"), "{out}");
}

/// A takeover granted by a moderator in a fixed-time game moves the
/// deadline to the fixed time, and says when on the local clock.
#[test]
fn a_granted_takeover_says_the_new_deadline_in_local_time() {
    let dir = temp_dir("takeover-fixed-time");
    let mut c = console_in(&dir);
    run(
        &mut c,
        &[
            "advance to 2027-11-01T10:00:00+01:00",
            "gm game create chesspolitik2 movement=24h deadline-at=20:00 timezone=Europe/Paris takeover=moderator cd-after=1 grace=0",
            "alice join France",
            "bob join England",
            "gm game start",
            "alice orders K c1 H",
            "advance to 2027-11-02T20:01:00+01:00",
            // Eight hours before the Fall deadline: less than a replacement's twelve.
            "advance to 2027-11-03T12:00:00+01:00",
        ],
    );
    assert!(c.line("zed join England").contains("zed asks to take over England"));
    let out = c.line("gm game assign zed England");
    assert!(out.contains("zed now plays England. The deadline moves to"), "{out}");
    assert!(out.contains("(Thursday 4 November 2027, 20:00 CET)."), "{out}");
}

/// The game's announcement tells the players, before they join, what
/// happens to a late or absent player: each game as it is set.
#[test]
fn the_announcement_says_what_grace_and_civil_disorder_do_in_this_game() {
    let mut c = console_in(&temp_dir("announced-rules"));
    let made = c.line("gm game create chessdip");
    assert!(
        made.contains(
            " Grace: a player late at a deadline extends it by 1d for everyone, once per player in this game. A player in civil disorder for 2 phases in a row is unseated and the power opened for takeover (anyone may `join` it)."
        ),
        "the defaults: {made}"
    );
    c.line("channel two");
    let made = c.line("gm game create diplomacy-chess grace=3 grace-length=6h cd-after=1 takeover=moderator");
    assert!(made.contains("extends it by 6h for everyone, 3 times per player in this game."), "{made}");
    assert!(made.contains("A player in civil disorder for a phase is unseated and the power opened for takeover (a moderator assigns it)."), "{made}");
    c.line("channel three");
    let made = c.line("gm game create chesspolitik2 grace=0 cd-after=off");
    assert!(!made.contains("Grace") && !made.contains("unseated"), "neither applies: {made}");
    // A turn-based game ends an absence with a forfeit (its option says after how many), never an unseating.
    c.line("channel four");
    let made = c.line("gm game create diplomat-chess");
    assert!(made.contains("forfeit-after=3 (missed turns in a row)") && made.contains("Grace: "), "{made}");
    assert!(!made.contains("unseated"), "{made}");
    // A Chess Wheel+ calendar has no grace and a board is never unseated.
    c.line("channel five");
    let made = c.line("gm game create chess-wheel");
    assert!(!made.contains("Grace") && !made.contains("unseated"), "{made}");
}

/// `game status` of an ended game names what each power was, without a
/// civil disorder or a takeover that can no longer happen.
#[test]
fn an_ended_games_status_says_vacant_and_conceded_without_civil_disorder() {
    let mut c = console_in(&temp_dir("ended-status"));
    run(&mut c, &["gm game create chesspolitik4", "a join Mughal", "b join Ming", "c join Russia", "gm game start"]);
    let running = c.line("gm game status");
    assert!(running.contains("Ottoman Empire (open for takeover: `join Ottoman Empire`"), "{running}");
    run(&mut c, &["a concede", "mod game end"]);
    let ended = c.line("gm game status");
    assert!(ended.contains("Ottoman Empire (vacant): ") && ended.contains("[conceded]"), "{ended}");
    assert!(!ended.contains("civil disorder") && !ended.contains("takeover"), "{ended}");
}

/// Several late players are listed as prose: `a, b and c`.
#[test]
fn several_late_players_are_named_a_b_and_c() {
    let mut c = console_in(&temp_dir("grace-three"));
    run(&mut c, &["gm game create chessdip movement=24h", "e join England", "i join Italy", "f join France"]);
    run(&mut c, &["s join Scandinavia", "gm game start", "e orders c2 - c4"]);
    let r = c.line("advance 25h");
    assert!(
        r.contains("no orders from Italy (@i, grace used, none left), France (@f, grace used, none left) and Scandinavia (@s, grace used, none left)."),
        "{r}"
    );
}

/// A player who marks ready without orders chose to hold: that is not an
/// absence. The result says so, no grace is spent on them, the record
/// counts the phase as acted in time, and they are never unseated for it
/// (they once were, after `cd-after` such phases, as in civil disorder).
#[test]
fn ready_without_orders_holds_by_choice_and_is_not_civil_disorder() {
    let dir = temp_dir("ready-holds");
    let mut c = console_in(&dir);
    two_players(&mut c, "movement=24h cd-after=2");
    let r = c.line("alice ready");
    assert!(r.contains("Marked ready without orders: every piece holds, unless you send some"), "{r}");
    for (phase, bob) in [("Spring 1401", "bob orders K c6 - c5"), ("Fall 1401", "bob orders K c5 - c4")] {
        let r = run(&mut c, &["alice ready", bob]);
        assert!(r.contains("Accepted for England"), "{r}");
        let r = c.line("advance 24h");
        assert!(r.contains(&format!("**{phase} resolved**")), "{r}");
        assert!(r.contains("France marked ready without orders: every piece holds."), "{r}");
        assert!(!r.contains("France sent no orders") && !r.contains("unseated") && !r.contains("Grace"), "{r}");
    }
    assert!(c.line("gm game status").contains("France (alice)"), "still seated");
    assert_eq!(records(&dir, "alice"), vec![(1, "in_time".to_string()), (2, "in_time".to_string())]);
    // Withdrawn, the mark no longer counts: neither orders nor a mark is civil disorder.
    c.line("channel two");
    two_players(&mut c, "movement=24h grace=0");
    let r = run(&mut c, &["alice ready", "alice unready", "bob orders K c6 - c5", "advance 24h"]);
    assert!(r.contains("France sent no orders: civil disorder, every piece holds."), "{r}");
}

#[test]
fn a_forced_resolution_before_the_deadline_is_not_a_players_absence() {
    let dir = temp_dir("forced-early");
    let mut c = console_in(&dir);
    two_players(&mut c, "movement=24h grace=0 cd-after=2");
    // Two quick forces: bob never had the time to order, so he holds, out of the record, and stays seated.
    for (order, phase) in [("K c1 - c2", "Spring 1401"), ("K c2 - c3", "Fall 1401")] {
        run(&mut c, &[&format!("alice orders {order}"), "advance 1h"]);
        let r = c.line("gm game force");
        assert!(r.contains(&format!("**{phase} resolved** (forced by a moderator)")), "{r}");
        assert!(r.contains("England sent no orders (forced before the deadline): every piece holds."), "{r}");
        assert!(!r.contains("civil disorder") && !r.contains("unseated"), "{r}");
    }
    assert!(c.line("gm game status").contains("England (bob)"));
    assert_eq!(records(&dir, "bob"), []);
    assert!(c.line("bob profile").contains("Phases owed: 0 (0 sent in time, 0 after grace, 0 in civil disorder)"));
    assert_eq!(records(&dir, "alice"), [(1, "in_time".to_string()), (2, "in_time".to_string())]);
    let json = export(&mut c);
    assert_eq!(json["absence"]["civil_disorder"], serde_json::json!([]));
    let forced = json["absence"]["forced_early"].as_array().expect("forced early");
    assert_eq!(forced.len(), 2, "{forced:?}");
    assert_eq!(forced[0]["phase"], "Spring 1401");
    assert!(forced[0]["deadline"].as_i64() > forced[0]["at"].as_i64());
}

#[test]
fn a_force_after_the_phases_own_deadline_is_an_absence() {
    // Waiting for a moderator after the deadline: forcing it then finds bob absent.
    let dir = temp_dir("forced-late");
    let mut c = console_in(&dir);
    two_players(&mut c, "movement=24h grace=0 at-deadline=wait");
    run(&mut c, &["alice orders K c1 - c2", "advance 25h"]);
    let r = c.line("gm game force");
    assert!(r.contains("England sent no orders: civil disorder, every piece holds."), "{r}");
    assert_eq!(records(&dir, "bob"), [(1, "civil_disorder".to_string())]);
    // During a grace extension: the phase's own deadline passed, which bob missed.
    let dir = temp_dir("forced-in-grace");
    let mut c = console_in(&dir);
    two_players(&mut c, "movement=24h grace=1");
    run(&mut c, &["alice orders K c1 - c2"]);
    assert!(c.line("advance 24h").contains("**Grace:**"));
    let r = c.line("gm game force");
    assert!(r.contains("England sent no orders: civil disorder, every piece holds."), "{r}");
    assert_eq!(records(&dir, "bob"), [(1, "civil_disorder".to_string())]);
}

#[test]
fn a_hashed_commit_window_forced_early_counts_nobody_absent_at_the_resolution() {
    let dir = temp_dir("forced-early-hashed");
    let mut c = console_in(&dir);
    two_players(&mut c, "hashed=yes movement=24h reveal=12h grace=0");
    let alice = "K c1 - c2";
    c.line(&format!("alice commit {}", chessdip_game::hashed::seal::sha256_hex(alice)));
    let r = c.line("gm game force");
    assert!(r.contains("Reveal your orders now"), "the reveal window opens: {r}");
    // Every commitment revealed, the phase resolves at once.
    let r = c.line(&format!("alice reveal {alice}"));
    assert!(r.contains("**Spring 1401 resolved**"), "{r}");
    assert!(r.contains("England sent no orders (forced before the deadline): every piece holds."), "{r}");
    assert_eq!(records(&dir, "bob"), []);
}
