//! What players read around the rules (the game master's part):
//! ready marks withdrawn by new orders, `history` by number, every ending
//! with its move list and final position, a self-describing export, and the
//! console's times and image files. Each found problem is a regression
//! test through the console.

#[path = "common/scratch.rs"]
mod scratch;
use scratch::{console, console_at, export, run, temp_dir};

use chessdip::console::Console;
use chessdip::game::hashed::sha256_hex;

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
