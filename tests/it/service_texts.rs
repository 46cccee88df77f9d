//! What players read around the rules (the game master's part):
//! ready marks withdrawn by new orders, `history` by number, every ending
//! with its move list and final position, a self-describing export, the
//! console's times and image files, and what a game says of itself before
//! it starts, after it ends and of its windows. Each found problem is a
//! regression test through the console.

use crate::support::scratch;
use scratch::{console, console_at, export, run, temp_dir};

use chessdip::console::Console;
use chessdip_game::hashed::seal::sha256_hex;

fn simul(c: &mut Console) {
    run(c, &["gm game create diplomacy-chess", "alice join White", "bob join Black", "gm game start"]);
}

#[test]
fn new_orders_after_ready_say_that_the_ready_mark_was_withdrawn() {
    let mut c = console("unready");
    run(&mut c, &["gm game create chesspolitik2", "alice join France", "bob join England", "gm game start"]);
    let first = c.line("alice orders K c1 - c2");
    assert!(!first.contains("marked ready"), "nothing to withdraw yet: {first}");
    assert!(c.line("alice ready").contains("ready"));
    let again = c.line("alice orders N b1 - c3");
    assert!(
        again.contains("France was marked ready; new orders withdrew that mark, so the phase will not end early for France: send `ready` again when these are final."),
        "{again}"
    );
    assert!(c.line("alice ready").contains("ready"));
    let same = c.line("alice orders N b1 - c3");
    assert!(!same.contains("withdrew"), "the same orders again change nothing: {same}");
    let cleared = c.line("alice orders clear");
    assert!(cleared.contains("clearing orders withdrew that mark"), "{cleared}");
}

#[test]
fn history_takes_a_phase_by_its_number_or_words_and_says_what_is_ambiguous() {
    let mut c = console("history");
    simul(&mut c);
    assert!(c
        .line("gm history")
        .contains("no phase has been resolved yet: `history` shows one once the first phase resolves"));
    for (w, b) in [("e4", "e5"), ("Nf3", "Nc6")] {
        c.line(&format!("alice orders {w}"));
        c.line(&format!("bob orders {b}"));
        c.line("alice ready");
        c.line("bob ready");
    }
    let by_number = c.line("gm history 2");
    assert!(by_number.contains("**Turn 2**"), "{by_number}");
    assert_eq!(by_number, c.line("gm history turn 2"));
    assert_eq!(by_number, c.line("gm history Turn 2"));
    assert!(c.line("gm history 1").contains("**Turn 1**"));
    let missing = c.line("gm history 9");
    assert!(missing.contains("no resolved phase is called `9`: resolved so far: Turn 1, Turn 2"), "{missing}");
    assert!(!missing.contains(" :"), "no stray space: {missing}");

    let mut d = console("history-dip");
    run(&mut d, &["gm game create chesspolitik2", "alice join France", "bob join England", "gm game start"]);
    run(&mut d, &["alice ready", "bob ready", "alice ready", "bob ready"]);
    let both = d.line("gm history 1401");
    assert!(
        both.contains(
            "`1401` names several phases: Spring 1401, Fall 1401; write one of them, e.g. `history Spring 1401`"
        ),
        "{both}"
    );
    assert!(d.line("gm history fall 1401").contains("**Fall 1401**"));
    assert!(d.line("gm history 2").contains("**Fall 1401**"), "a number no phase is named by: the second resolved");
}

#[test]
fn every_ending_carries_the_move_list_and_the_final_position() {
    // A draw by vote.
    let mut c = console("draw");
    simul(&mut c);
    run(&mut c, &["alice orders e4", "bob orders e5", "alice ready", "bob ready"]);
    c.line("alice draw yes");
    let draw = c.line("bob draw yes");
    assert!(draw.contains("Game over: draw between White and Black"), "{draw}");
    assert!(draw.contains("1. White: e4"), "the move list: {draw}");
    assert!(draw.contains("image: final-position.png"), "the final position: {draw}");
    let json = export(&mut c);
    assert_eq!(json["final"]["position"]["White"].as_array().map(Vec::len), Some(16), "{}", json["final"]);

    // A concession.
    let mut c = console("concede");
    simul(&mut c);
    run(&mut c, &["alice orders d4", "bob orders d5", "alice ready", "bob ready"]);
    let conceded = c.line("bob concede");
    assert!(conceded.contains("Black concedes. **Game over: White wins by concession.**"), "{conceded}");
    assert!(conceded.contains("1. White: d4"), "{conceded}");

    // A moderator's end, named.
    let mut c = console("end");
    simul(&mut c);
    run(&mut c, &["alice orders c4", "bob orders c5", "alice ready", "bob ready"]);
    let ended = c.line("gm game end");
    assert!(ended.contains("**Game over: ended by a moderator (gm).**") && ended.contains("1. White: c4"), "{ended}");
    // An ending mid-phase is not a phase's result: it cannot be rolled back.
    assert!(c.line("gm game rollback").contains("only a phase's result can be rolled back"));
}

#[test]
fn the_export_names_every_power_dates_every_event_and_logs_moderators() {
    let mut c = console("export");
    c.line("gm game create chesspolitik4");
    for (p, power) in [("a", "Mughal Empire"), ("b", "Ming Dynasty"), ("c", "Ottoman Empire")] {
        c.line(&format!("{p} join {power}"));
    }
    c.line("gm game start");
    c.line("a orders K d1 - d2");
    c.line("gm game extend 1d");
    c.line("gm game force");
    c.line("gm game assign d Tsardom of Russia");
    let json = export(&mut c);
    assert_eq!(json["format_version"], 2);
    let powers: Vec<&str> =
        json["powers"].as_array().expect("powers").iter().map(|p| p["name"].as_str().unwrap_or("")).collect();
    assert_eq!(
        powers,
        ["Mughal Empire", "Ming Dynasty", "Tsardom of Russia", "Ottoman Empire"],
        "variant order, by name"
    );
    assert_eq!(json["powers"][0]["player"]["name"], "a");
    let spring = &json["phases"][0];
    assert!(spring["resolved_at"].as_i64().is_some(), "{spring}");
    assert_eq!(spring["orders"][0]["power"], "Mughal Empire");
    assert_eq!(spring["orders"][0]["by"], "a");
    assert!(spring["orders"][0]["at"].as_i64().is_some());
    assert!(spring["position"]["Mughal Empire"].as_array().is_some_and(|p| !p.is_empty()), "{}", spring["position"]);
    let log: Vec<(String, String)> = json["moderation"]
        .as_array()
        .expect("moderation log")
        .iter()
        .map(|a| (a["action"].as_str().unwrap_or("").to_string(), a["by"].as_str().unwrap_or("").to_string()))
        .collect();
    assert_eq!(
        log,
        [("extend".to_string(), "gm".to_string()), ("force".into(), "gm".into()), ("assign".into(), "gm".into())]
    );
    assert!(
        json["moderation"][1]["detail"].as_str().is_some_and(|d| d.contains("Spring 1601 resolved")),
        "{}",
        json["moderation"]
    );
    assert!(json["moderation"][0]["at"].as_i64().is_some());
}

#[test]
fn the_export_keeps_chess_wheel_board_actions() {
    let mut c = console("export-wheel");
    run(&mut c, &["gm game create chess-wheel cycle=7h", "ann join", "bo join", "gm game start"]);
    c.line("ann board create");
    c.line("ann board populate");
    let salted = "# salt 0a1b2c3d4e5f\nQ d1 - d8";
    c.line(&format!("ann commit {}", sha256_hex(salted)));
    let json = export(&mut c);
    let actions = &json["phases"][0]["board_actions"];
    assert_eq!(actions[0]["power"], "ann");
    assert_eq!(actions[0]["action"], "create");
    assert_eq!(actions[1]["action"], "populate");
    assert!(actions[1]["at"].as_i64().is_some());
    assert_eq!(json["phases"][0]["commitments"][0]["hash"], sha256_hex(salted));
}

#[test]
fn console_times_are_local_times_not_discord_timestamps() {
    let mut c = console("times");
    run(&mut c, &["gm game create chesspolitik2 hashed=yes", "alice join France", "bob join England", "gm game start"]);
    c.line(&format!("alice commit {}", sha256_hex("# salt 12345678\nK c1 - c2")));
    c.line("gm game force");
    c.line("gm game force confirm");
    c.line("advance 2h");
    let history = c.line("gm history");
    assert!(history.contains("France `") && !history.contains("<t:"), "{history}");
    assert!(history.contains(" (2h ago)"), "a local time with how long ago: {history}");
}

#[test]
fn console_images_are_numbered_after_an_earlier_sessions() {
    let d = temp_dir("images");
    let lines = ["gm game create chesspolitik2", "alice join France", "bob join England", "gm game start"];
    let mut first = console_at(&d, &[]);
    run(&mut first, &lines);
    drop(first);
    let mut second = console_at(&d, &[]);
    let out = second.line("gm game board");
    assert!(out.contains("002-"), "the second session's first image follows the first's: {out}");
    let mut names: Vec<String> = std::fs::read_dir(d.join("img"))
        .expect("images")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 2, "nothing overwritten: {names:?}");
}

#[test]
fn a_pass_previews_as_neither_success_nor_failure() {
    let mut c = console("pass-preview");
    simul(&mut c);
    c.line("bob orders pass");
    let preview = c.line("bob orders preview");
    assert!(preview.contains("\u{2013} pass") && !preview.contains("\u{2717} pass"), "{preview}");
}

// Issue 36, item 21: what a game says of itself before it starts, after it
// ends, and of its windows.

#[test]
fn forming_game_status_names_the_variant_and_its_mode_with_nothing_dangling() {
    let mut c = console_at(&temp_dir("forming-status"), &["gm"]).without_images();
    c.line("gm game create diplomacy-chess mode=progressive");
    let none = c.line("zoe game status");
    assert!(
        none.contains("Diplomacy Chess in progressive mode (forming): 0 of 2 powers taken; `join <power>` takes a free one, and a moderator starts it with `game start`.\n      White: free\n      Black: free"),
        "{none}"
    );
    c.line("alice join White");
    let one = c.line("zoe game status");
    assert!(
        one.contains("(forming): 1 of 2 powers taken;") && one.contains("White: alice\n      Black: free"),
        "{one}"
    );
    assert!(!one.contains(": \n"), "nothing dangles after a colon: {one}");
    c.line("bob join Black");
    assert!(c
        .line("zoe game status")
        .contains("(forming): every power is taken (2); a moderator starts it with `game start`."));
    // The default mode is named too; a game of open seats counts its players.
    c.line("channel basic");
    c.line("gm game create diplomacy-chess");
    assert!(c.line("zoe game status").contains("Diplomacy Chess in basic mode (forming): "));
    c.line("channel wheel");
    run(&mut c, &["gm game create chess-wheel", "alice join"]);
    let wheel = c.line("zoe game status");
    assert!(
        wheel.contains("Chess Wheel+ (forming): 1 player so far (a game takes 2 to 12); `join` takes a board"),
        "{wheel}"
    );
}

#[test]
fn orders_from_a_seated_player_in_a_forming_game_say_the_game_has_not_started() {
    let mut c = console_at(&temp_dir("forming-orders"), &["gm"]).without_images();
    run(&mut c, &["gm game create chesspolitik2", "alice join France"]);
    for line in ["alice orders K c1 - c2", "alice orders show", "alice ready", "alice draw yes", "alice concede"] {
        let r = c.line(line);
        assert!(
            r.contains(
                "the game has not started yet: you play France, and it begins when a moderator runs `game start`"
            ),
            "{line}: {r}"
        );
        assert!(!r.contains("join with"), "{line}: {r}");
    }
    // Someone not seated is told how to take a seat.
    let r = c.line("zoe orders K d6 - d5");
    assert!(r.contains("the game has not started yet: it begins when a moderator runs `game start` (until then, players take a seat with `join`)"), "{r}");
}

#[test]
fn game_create_in_a_forming_channel_says_a_game_is_forming() {
    let mut c = console_at(&temp_dir("forming-create"), &["gm"]).without_images();
    c.line("gm game create diplomacy-chess mode=progressive");
    let r = c.line("gm game create chessdip");
    assert!(
        r.contains("a game of Diplomacy Chess in progressive mode is forming in this channel: `join` it, or a moderator ends it with `game end` before creating another"),
        "{r}"
    );
    assert!(!r.contains("already has a game in progress"), "{r}");
    run(&mut c, &["alice join White", "bob join Black", "gm game start"]);
    assert!(c.line("gm game create chessdip").contains("this channel already has a game in progress"));
}

#[test]
fn an_ended_games_status_gives_its_result() {
    let mut c = console_at(&temp_dir("ended-forming"), &["gm"]).without_images();
    run(&mut c, &["gm game create chesspolitik2", "alice join France", "gm game end"]);
    let status = c.line("zoe game status");
    assert!(
        status.contains(
            "Chesspolitik (2 players) (ended): **Game over: ended by a moderator.** It ended before it started, "
        ),
        "{status}"
    );
    assert!(
        status.contains("Scores: none, a game ended by a moderator is not scored.\n      France: alice"),
        "{status}"
    );
    assert!(!status.contains("England"), "only who had joined: {status}");
    // A game that a phase's result ended gives its result, as before.
    c.line("channel mate");
    simul(&mut c);
    for (w, b) in [("e4", "e5"), ("Qh5", "Nc6"), ("Bc4", "Nf6"), ("Qxf7", "a6")] {
        run(&mut c, &[&format!("alice orders {w}"), &format!("bob orders {b}"), "alice ready", "bob ready"]);
    }
    assert!(c.line("zoe game status").contains("(ended): **Game over: White wins by checkmate.**"));
}

#[test]
fn ended_games_no_longer_say_to_move_or_may_be_populated() {
    let mut c = console_at(&temp_dir("ended-standing"), &["gm"]).without_images();
    run(&mut c, &["gm game create diplomat-chess", "alice join White", "bob join Black", "gm game start"]);
    assert!(
        c.line("zoe game status").contains("White (alice): to move, 10 pieces"),
        "while it runs, it says whose move"
    );
    c.line("gm game end");
    let status = c.line("zoe game status");
    assert!(status.contains("White (alice): 10 pieces") && !status.contains("to move"), "{status}");
    c.line("channel wheel");
    run(
        &mut c,
        &["gm game create chess-wheel cycle=7h", "alice join", "bob join", "gm game start", "alice board create"],
    );
    assert!(c.line("zoe game status").contains("may be populated this cycle (`board populate`)"));
    c.line("gm game end");
    let status = c.line("zoe game status");
    assert!(status.contains("alice (alice): board: {alice}; pieces: 0, no king"), "{status}");
    assert!(status.contains("bob (bob): board: none; pieces: 0, no king"), "{status}");
    assert!(!status.contains("populate") && !status.contains("board create"), "{status}");
}

#[test]
fn the_timelapse_refusal_in_a_game_that_ended_before_anything_resolved_says_so() {
    let mut c = console_at(&temp_dir("ended-timelapse"), &["gm"]).without_images();
    run(&mut c, &["gm game create diplomat-chess", "alice join White", "bob join Black", "gm game start"]);
    let running = c.line("zoe game timelapse");
    assert!(running.contains("ask again once the first phase resolves"), "{running}");
    c.line("gm game end");
    for (line, shows) in [
        ("zoe game timelapse", "the timelapse shows the position after every resolved phase"),
        ("zoe game chart", "the chart shows how the powers stand after every resolved phase"),
    ] {
        let r = c.line(line);
        assert!(
            r.contains(&format!("no phase of this game has resolved yet: {shows}; the game ended before its first phase resolved, so there is nothing to show")),
            "{r}"
        );
        assert!(!r.contains("ask again"), "{r}");
    }
    let history = c.line("zoe history");
    assert!(
        history.contains("the game ended before its first phase resolved, so there is no history to show"),
        "{history}"
    );
}

#[test]
fn window_times_have_no_stray_parentheses() {
    let mut c = console_at(&temp_dir("window-times"), &["gm"]).without_images();
    run(&mut c, &["gm game create chesspolitik2 hashed=yes", "alice join France", "bob join England", "gm game start"]);
    let hash = sha256_hex("K c1 - c2");
    c.line(&format!("alice commit {hash}"));
    let early = c.line("alice reveal K c1 - c2");
    assert!(
        early.contains(
            "the reveal window of Spring 1401 is not open yet: it opens in 2d; until then only commitments are taken"
        ),
        "{early}"
    );
    c.line(&format!("bob commit {hash}"));
    c.line("advance 2d");
    let late = c.line(&format!("alice commit {hash}"));
    assert!(
        late.contains("reveal the text you committed with `reveal <text>` before the reveal window closes in 1d"),
        "{late}"
    );
    let ready = c.line("alice ready");
    assert!(ready.contains("or when the window closes in 1d"), "{ready}");
    for r in [&early, &late, &ready] {
        assert!(!r.contains("(in "), "{r}");
    }
}
