//! Players extend a deadline by vote through the console: each vote is
//! public, two thirds of the powers still playing extend the phase once by
//! the shortest duration voted (on the fixed time in a fixed-time game),
//! and what is not allowed is refused with the reason.

use crate::support::scratch;
use scratch::{console, export, run};

/// A Chess Dip game with alice (England), bob (France) and carol (Italy);
/// Scandinavia vacant. Two votes of three are needed.
fn three_players(c: &mut chessdip::console::Console, options: &str) {
    let out = run(
        c,
        &[
            &format!("gm game create chessdip grace=0 cd-after=off {options}"),
            "alice join England",
            "bob join France",
            "carol join Italy",
            "gm game start",
        ],
    );
    assert!(out.contains("The game begins: Spring 1"), "{out}");
}

#[test]
fn two_thirds_of_the_players_extend_once_by_the_shortest_duration() {
    let mut c = console("extend-votes");
    three_players(&mut c, "movement=48h");
    let out = c.line("carol extend");
    assert!(out.contains("[private to carol] No votes to extend Spring 1 yet (0 of 2 needed"), "{out}");
    let out = c.line("alice extend vote 24h");
    assert!(
        out.contains(
            "[public] alice (England) votes to extend Spring 1 by 1d: 1 of 2 needed. `extend vote <duration>`"
        ),
        "{out}"
    );
    // The same vote again changes nothing; another duration changes the vote.
    let out = c.line("alice extend vote 1d");
    assert!(out.contains("[private to alice] England already votes to extend Spring 1 by 1d"), "{out}");
    let out = c.line("alice extend vote 36h");
    assert!(
        out.contains("alice (England) changes their vote: extend Spring 1 by 1d 12h, not 1d: 1 of 2 needed"),
        "{out}"
    );
    let out = c.line("bob extend");
    assert!(out.contains("Votes to extend Spring 1: England 1d 12h (1 of 2 needed"), "{out}");
    let out = c.line("bob extend vote 12h");
    assert!(out.contains("[public] bob (France) votes to extend Spring 1 by 12h: 2 of 2 needed."), "{out}");
    assert!(
        out.contains("**Spring 1 is extended by vote** (England and France): by 12h, the shortest duration voted. It is now due in 2d 12h."),
        "{out}"
    );
    let out = c.line("gm game status");
    assert!(out.contains("Spring 1, due in 2d 12h"), "{out}");
    // Once per phase.
    let out = c.line("carol extend vote 1d");
    assert!(
        out.contains("[private to carol] Spring 1 was already extended by vote (by 12h): the players extend a phase once; a moderator can still `game extend`"),
        "{out}"
    );
    let out = c.line("carol extend");
    assert!(out.contains("Spring 1 was extended by vote by 12h"), "{out}");
    // The next phase takes votes again.
    let out = run(&mut c, &["gm game force", "carol extend vote 1d"]);
    assert!(out.contains("carol (Italy) votes to extend Fall 1 by 1d: 1 of 2 needed"), "{out}");
    // The export keeps the votes and the extension, phase by phase.
    let json = export(&mut c);
    let spring = &json["phases"][0];
    let votes: Vec<(String, i64)> = spring["extend_votes"]
        .as_array()
        .expect("votes")
        .iter()
        .map(|v| (v["power"].as_str().unwrap_or("").to_string(), v["secs"].as_i64().unwrap_or(0)))
        .collect();
    assert_eq!(votes, [("England".to_string(), 36 * 3600), ("France".to_string(), 12 * 3600)]);
    let ext = &spring["extended_by_vote"];
    assert_eq!(ext["secs"].as_i64(), Some(12 * 3600), "{ext}");
    assert_eq!(ext["until"].as_i64().zip(ext["from"].as_i64()).map(|(u, f)| u - f), Some(12 * 3600), "{ext}");
    assert!(json["phases"][1]["extended_by_vote"].is_null());
    assert_eq!(json["phases"][1]["extend_votes"][0]["power"].as_str(), Some("Italy"));
}

#[test]
fn a_vote_is_refused_with_the_reason() {
    let mut c = console("extend-refused");
    let out = run(&mut c, &["gm game create chessdip grace=0", "alice join England"]);
    assert!(out.contains("alice joins as England"), "{out}");
    let out = c.line("alice extend vote 1d");
    assert!(out.contains("the game has not started yet: there is no deadline to extend"), "{out}");
    let out = run(&mut c, &["bob join France", "carol join Italy", "gm game start"]);
    assert!(out.contains("The game begins"), "{out}");
    for (line, want) in [
        ("dave extend vote 1d", "you are not playing in this game"),
        ("alice extend vote soon", "`soon` is not a duration"),
        ("alice extend vote 30s", "too short for an extension or a new deadline: it must be at least 1m"),
        ("alice extend vote 91d", "at most 90d"),
        ("alice extend 1d", "write `extend vote <duration>`"),
    ] {
        let out = c.line(line);
        assert!(out.contains("[private to") && out.contains(want), "{line}: {out}");
    }
    // A deadline that would end up too far is refused, and the vote is not recorded.
    let out = run(&mut c, &["gm game deadline 80d", "alice extend vote 20d", "alice extend vote 20d"]);
    assert!(out.contains("votes to extend Spring 1 by 20d: 1 of 2 needed"), "{out}");
    let out = c.line("bob extend vote 20d");
    assert!(out.contains("that would put the deadline 100d away; a deadline is at most 90d away"), "{out}");
    let out = c.line("bob extend");
    assert!(out.contains("Votes to extend Spring 1: England 20d (1 of 2 needed"), "{out}");
    // A seat that changes hands starts with no vote: alice's vote for England stops counting.
    let out = run(&mut c, &["gm game assign erin England", "bob extend"]);
    assert!(out.contains("No votes to extend Spring 1 yet (0 of 2 needed"), "{out}");
    let out = c.line("erin extend vote 20d");
    assert!(out.contains("erin (England) votes to extend Spring 1 by 20d: 1 of 2 needed"), "{out}");
    // Paused: nothing to extend; a conceded power no longer votes, and needs shrink with it.
    let out = run(&mut c, &["gm game pause", "bob extend vote 1d"]);
    assert!(out.contains("the game is paused by a moderator: its deadline is not running"), "{out}");
    let out = run(&mut c, &["gm game resume", "carol concede", "carol extend vote 1d"]);
    assert!(out.contains("Italy concedes the game"), "{out}");
    assert!(out.contains("Italy has conceded: it is in civil disorder and no longer orders or votes"), "{out}");
    let out = c.line("bob extend");
    assert!(out.contains("(1 of 2 needed, two thirds of the 2 powers still playing"), "{out}");
    // An ended game says so.
    let out = run(&mut c, &["gm game end", "alice extend vote 1d"]);
    assert!(out.contains("has ended"), "{out}");
}

#[test]
fn a_fixed_time_game_is_extended_to_its_fixed_time() {
    let mut c = console("extend-fixed");
    // Wednesday 24 March 2027, 11:00 in Paris.
    c.line("advance to 2027-03-24T10:00:00Z");
    three_players(&mut c, "deadline-at=20:00 timezone=Europe/Paris movement=24h");
    let out = run(&mut c, &["alice extend vote 6h", "bob extend vote 1d"]);
    // Thursday 20:00 + 6h is 02:00 on Friday: the next 20:00 is Friday's.
    assert!(
        out.contains("**Spring 1 is extended by vote** (England and France): by 6h, the shortest duration voted. It is now due in 2d 9h (Friday 26 March 2027, 20:00 CET)."),
        "{out}"
    );
}

#[test]
fn votes_already_cast_carry_when_a_player_concedes() {
    let mut c = console("extend-concede");
    let out = run(
        &mut c,
        &[
            "gm game create chessdip grace=0 cd-after=off movement=48h",
            "alice join England",
            "bob join France",
            "carol join Italy",
            "dave join Scandinavia",
            "gm game start",
            "alice extend vote 1d",
            "bob extend vote 12h",
        ],
    );
    assert!(out.contains("bob (France) votes to extend Spring 1 by 12h: 2 of 3 needed."), "{out}");
    let out = c.line("dave concede");
    assert!(
        out.contains("Scandinavia concedes the game and is in civil disorder from now on.\n    With Scandinavia no longer voting, the votes cast are enough: **Spring 1 is extended by vote** (England and France): by 12h, the shortest duration voted. It is now due in 2d 12h."),
        "{out}"
    );
    let out = c.line("carol extend vote 1d");
    assert!(out.contains("Spring 1 was already extended by vote (by 12h)"), "{out}");
}
