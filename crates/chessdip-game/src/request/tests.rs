//! The reading of requests and their lifecycle transitions.

use super::*;

#[test]
fn game_force_reads_the_phase_and_confirm_in_either_order() {
    assert_eq!(force_words(""), (None, false));
    assert_eq!(force_words("confirm"), (None, true));
    assert_eq!(force_words("CONFIRM"), (None, true));
    assert_eq!(force_words("Spring 1401"), (Some("Spring 1401"), false));
    assert_eq!(force_words("Spring 1401 confirm"), (Some("Spring 1401"), true));
    assert_eq!(force_words("confirm Spring 1401"), (Some("Spring 1401"), true));
    assert_eq!(force_words("Cycle 2"), (Some("Cycle 2"), false));
}

#[test]
fn every_lifecycle_command_is_some_request() {
    let requests = [
        Request::Join { power: None },
        Request::Leave,
        Request::Start,
        Request::Submit { orders: String::new() },
        Request::Commit { hash: String::new() },
        Request::Reveal { text: String::new() },
        Request::Ready,
        Request::Draw { yes: true },
        Request::Concede,
        Request::BoardAction { action: String::new() },
        Request::Vote { number: 1, yes: true },
        Request::Force { phase: None, confirmed: false },
        Request::Extend { secs: 60 },
        Request::Pause,
        Request::Resume,
        Request::Rollback { fresh: false },
        Request::End,
        Request::Assign { player: Caller::player("bob"), power: String::new(), swap: false },
        Request::Kick { user: String::new() },
        Request::Bot { add: true, power: String::new() },
        Request::Enact { number: 1, note: String::new() },
        Request::Set { options: Vec::new() },
        Request::ExtendVote { secs: 60 },
    ];
    let reached: Vec<Command> = requests.iter().filter_map(Request::transition).collect();
    for c in Command::ALL {
        assert!(reached.contains(c), "{c:?} is the transition of no request");
    }
}

#[test]
fn a_line_is_read_into_its_request_with_typed_arguments() {
    assert_eq!(Request::parse("game extend 12h").ok(), Some(Request::Extend { secs: 12 * 3600 }));
    assert_eq!(Request::parse("vote #3 no").ok(), Some(Request::Vote { number: 3, yes: false }));
    assert_eq!(
        Request::parse("game assign bob Mughal Empire swap").ok(),
        Some(Request::Assign { player: Caller::player("bob"), power: "Mughal Empire".into(), swap: true })
    );
    assert_eq!(Request::parse("reveal  two spaces\n").ok(), Some(Request::Reveal { text: " two spaces\n".into() }));
    assert_eq!(
        Request::parse("game bot add Mughal Empire").ok(),
        Some(Request::Bot { add: true, power: "Mughal Empire".into() })
    );
    assert_eq!(Request::parse("GAME BOT remove italy").ok(), Some(Request::Bot { add: false, power: "italy".into() }));
    assert!(Request::parse("game bot kill Italy").unwrap_err().to_string().contains("game bot add <power>"));
    assert!(Request::parse("game bot add").unwrap_err().to_string().contains("game bot remove <power>"));
    assert!(Request::parse("frobnicate").unwrap_err().to_string().contains("unknown command `frobnicate`"));
    assert!(Request::parse("game extend soon").is_err());
    assert_eq!(
        Request::parse("notify phase=off results=on").ok(),
        Some(Request::Notify { phase: Some(false), deadline: None, results: Some(true) })
    );
    assert_eq!(Request::parse("notify").ok(), Some(Request::Notify { phase: None, deadline: None, results: None }));
    assert!(Request::parse("notify phase=maybe").unwrap_err().to_string().contains("not `maybe`"));
    assert!(Request::parse("notify colour=on").unwrap_err().to_string().contains("no setting `colour`"));
}

#[test]
fn a_request_reads_exactly_when_its_entry_in_the_command_list_does() {
    // `Request::reads` and `COMMANDS` say the same thing in two places: hold them together.
    // (`board` is listed as reading, so that `board <anything>` on an ended game
    // reaches its own answer; its actions still act, and `handle` refuses them there.)
    let lines = [
        "help",
        "variants",
        "game create chessdip",
        "game start",
        "status",
        "game board",
        "board",
        "game timelapse",
        "game chart",
        "game force",
        "game pause",
        "game resume",
        "game rollback",
        "game end",
        "game export",
        "game set palette=classic",
        "game extend 12h",
        "game deadline 12h",
        "game assign bob Italy",
        "game kick bob",
        "game outbox",
        "game outbox retry 3",
        "join",
        "leave",
        "orders",
        "orders clear",
        "orders preview",
        "orders K e1 - e2",
        "commit abc",
        "hash",
        "proposal submit x",
        "proposal enact 1 x",
        "proposals",
        "vote 1 yes",
        "ready",
        "unready",
        "concede",
        "extend",
        "extend vote 24h",
        "draw yes",
        "history",
        "profile",
        "leaderboard",
        "game bot add Italy",
        "notify",
        "notify phase=off",
    ];
    for line in lines {
        let spec = crate::command::spec_of(line).unwrap_or_else(|| panic!("`{line}` is a command"));
        let request = Request::parse(line).unwrap_or_else(|e| panic!("`{line}`: {e}"));
        assert_eq!(request.reads(), spec.reads, "`{line}`");
    }
}
