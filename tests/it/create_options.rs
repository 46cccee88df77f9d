//! `game create`'s options for games that look after themselves (fixed-time
//! deadlines, grace, civil disorder and takeover, a reliability to join):
//! each bad value is refused with what it was and the accepted forms, and
//! nothing is created; good values are taken and shown.

use crate::support::scratch;
use scratch::console;

#[test]
fn bad_values_are_refused_with_the_accepted_forms_and_nothing_is_created() {
    let mut c = console("bad-options");
    for (word, says) in [
        ("deadline-at=25:00", "HH:MM on the 24-hour clock, from 00:00 to 23:59"),
        ("deadline-at=noon", "HH:MM"),
        ("timezone=Mars/Olympus", "Europe/Paris"),
        ("days=funday", "mon-fri"),
        ("grace=-1", "from 0 (no grace) to 10"),
        ("grace=11", "from 0 (no grace) to 10"),
        ("grace-length=0s", "grace-length"),
        ("cd-after=0", "from 1 to 20"),
        ("cd-after=sometimes", "or off"),
        ("takeover=whoever", "open"),
        ("min-reliability=150", "percentage from 0 to 100"),
        ("min-reliability-new=maybe", "yes or no"),
    ] {
        let out = c.line(&format!("gm game create chessdip deadline-at=20:00 {word}"));
        let word_shown = word.split('=').next().unwrap_or(word);
        assert!(out.contains(&format!("`{word}`")) || out.contains(word_shown), "{word}: names what was wrong: {out}");
        assert!(out.contains(says), "{word}: says what is accepted ({says}): {out}");
        let status = c.line("gm game status");
        assert!(!status.contains("forming"), "{word}: nothing was created: {status}");
    }
    let out = c.line("gm game create chessdip days=mon-fri");
    assert!(out.contains("deadline-at=20:00 days=mon-fri"), "days without a time says how: {out}");
    let out = c.line("gm game create chess-wheel deadline-at=20:00");
    assert!(out.contains("weekly calendar") && out.contains("leave `deadline-at` out"), "{out}");
    assert!(!c.line("gm game status").contains("forming"), "still nothing created");
}

#[test]
fn good_values_are_taken() {
    let mut c = console("good-options");
    let out = c.line(
        "gm game create chessdip deadline-at=20:00 timezone=Europe/Paris days=mon-fri grace=2 grace-length=12h cd-after=3 takeover=moderator min-reliability=80 min-reliability-new=no",
    );
    assert!(out.contains("is forming"), "{out}");
    let mut c = console("good-options-2");
    let out = c.line("gm game create chesspolitik2 grace=0 cd-after=off");
    assert!(out.contains("is forming"), "{out}");
}

/// `channel=new` makes a Discord channel, which the console has not: it is
/// refused saying so, and the settings of that channel are refused without
/// it; nothing is created.
#[test]
fn channel_new_is_refused_in_the_console_and_its_settings_without_it() {
    let mut c = console("channel-new");
    let out = c.line("gm game create chessdip channel=new name=league private=yes");
    assert!(out.contains("`channel=new` makes a Discord text channel for the game"), "{out}");
    assert!(out.contains("there is no Discord in the console") && out.contains("Leave `channel=new`"), "{out}");
    for (words, says) in [
        (
            "name=league",
            "`name=league`: name names the channel `channel=new` makes for the game, so it goes with `channel=new`",
        ),
        ("private=yes", "`private=yes`: private makes the channel"),
        ("archive-after=2d", "a channel that was not made for the game is never archived"),
        ("channel=here", "`channel=here`: channel takes one value, new"),
        ("channel=new archive-after=forever", "`archive-after=forever`: `forever` is not a duration"),
        ("channel=new private=maybe", "`private=maybe`: use yes or no"),
    ] {
        let out = c.line(&format!("gm game create chessdip {words}"));
        assert!(out.contains(says), "{words}: {out}");
    }
    assert!(!c.line("gm game status").contains("forming"), "nothing created");
}
