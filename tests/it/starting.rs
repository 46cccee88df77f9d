//! Games that start by themselves and `games`, through the `play` console:
//! `start=when-full`, `start-at=` with and without bots, the refusals of
//! bad values, and the three parts of `games`.

use crate::support::scratch;
use scratch::{console, run};

#[test]
fn when_full_starts_the_game_with_the_last_seat() {
    let mut c = console("when-full");
    let out = c.line("gm game create chesspolitik2 start=when-full");
    assert!(out.contains("it starts the moment the last seat is taken"), "{out}");
    assert!(out.contains("Seats: France: free · England: free"), "{out}");
    let out = c.line("a join France");
    assert!(out.contains("a joins as France. 1 power still free.") && !out.contains("The game begins"), "{out}");
    // A seated player's early order is told how the game starts.
    let early = c.line("a orders K d1 - d2");
    assert!(early.contains("starts by itself the moment its last seat is taken"), "{early}");
    let out = c.line("b join England");
    assert!(out.contains("b joins as England. Every seat is taken."), "{out}");
    assert!(out.contains("The game begins: Spring 1401"), "{out}");
    // The advert's edits are Discord's: the console does not print the advert again.
    assert_eq!(out.matches("is forming").count(), 0, "{out}");
    assert!(c.line("gm game start").contains("already"), "a started game is not started twice");
}

#[test]
fn start_at_starts_on_time_with_bots_or_waits_and_says_why() {
    // With bots: the free seat goes to a bot at the start time.
    let mut c = console("start-at-bots");
    let out = c.line("gm game create chesspolitik2 start-at=2h vacant=bot");
    assert!(out.contains("it starts by itself on") && out.contains("with bots in the seats still free"), "{out}");
    c.line("a join France");
    let before = c.line("advance 119m");
    assert!(!before.contains("The game begins"), "{before}");
    let out = c.line("advance 2m");
    assert!(out.contains("The start time has come. Bots take the seats still free: England."), "{out}");
    assert!(out.contains("The game begins: Spring 1401") && out.contains("England (bot)"), "{out}");

    // Without bots: it waits to be full, says why once, and starts when full.
    let mut c = console("start-at-wait");
    c.line("gm game create chesspolitik2 start-at=1h");
    c.line("a join France");
    let out = c.line("advance 61m");
    assert!(
        out.contains("The start time has come, but 1 seat still free (England) and this game takes no bots"),
        "{out}"
    );
    assert!(!c.line("advance 1h").contains("start time"), "said once");
    let out = c.line("b join England");
    assert!(out.contains("The game begins"), "{out}");

    // Nobody joined: it waits, and says so.
    let mut c = console("start-at-nobody");
    c.line("gm game create chesspolitik2 start-at=1h vacant=bot");
    let out = c.line("advance 61m");
    assert!(out.contains("The start time has come, but nobody has joined yet"), "{out}");
}

#[test]
fn bad_start_settings_are_refused_with_what_is_right() {
    let mut c = console("start-refusals");
    let out = c.line("gm game create chesspolitik2 start=maybe");
    assert!(out.contains("`start=maybe`: start is when-full") && out.contains("start-at="), "{out}");
    let out = c.line("gm game create chesspolitik2 start-at=soon");
    assert!(out.contains("`start-at=soon`: start-at is a time from now") && out.contains("2026-12-01T20:00"), "{out}");
    let out = c.line("gm game create chesspolitik2 start-at=2001-01-01T20:00");
    assert!(out.contains("`start-at`:") && out.contains("has passed"), "{out}");
    let out = c.line("gm game create chesspolitik2 start-at=100d");
    assert!(out.contains("start-at is a time from now, 1 minute to 90 days"), "{out}");
    assert!(c.line("gm game status").contains("no game"), "nothing was created");
}

#[test]
fn games_lists_forming_running_and_your_turns() {
    let mut c = console("games");
    let empty = c.line("a games");
    assert!(empty.contains("**Forming**: none; `game create` starts one"), "{empty}");
    assert!(empty.contains("**Running**: none") && empty.contains("**Your turn**: nothing owed now"), "{empty}");
    run(&mut c, &["gm game create chesspolitik2", "a join France", "b join England", "gm game start"]);
    run(&mut c, &["channel second", "gm game create chessdip", "c join England"]);
    let out = c.line("a games");
    assert!(out.contains("**Forming** (1)\n"), "{out}");
    assert!(out.contains("- Chess Dip in channel second: 3 seats left (Italy, France, Scandinavia)"), "{out}");
    assert!(out.contains("**Running** (1)\n") && out.contains("in channel console: Spring 1401, deadline"), "{out}");
    assert!(out.contains("**Your turn** (1)\n") && out.contains("France owes orders for Spring 1401"), "{out}");
    // Orders sent: nothing owed any more; another player's turn is not yours.
    run(&mut c, &["channel console", "a orders K d1 - d2"]);
    assert!(c.line("a games").contains("**Your turn**: nothing owed now"));
    assert!(c.line("b games").contains("England owes orders"));
    assert!(c.line("c games").contains("**Your turn**: nothing owed now"));
}
