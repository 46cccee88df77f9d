//! Players' names in the game master's texts: a name that markup could read
//! (a masked link, a mention, bold, a heading on a line of its own) is
//! marked wherever a text names it, so that Discord escapes it, and shown
//! as it is in the console; names are kept on one line, without control or
//! bidirectional characters. Through the service and the console (the
//! Discord side is `tests/it/discord_names.rs`).

use crate::support::scratch;

use chessdip_game::names::{self, END, START};
use chessdip_game::{Caller, Reply, Service};

/// The four names of the issue, as Discord gives them, with a user id each.
const HOSTILE: [(&str, &str); 4] = [
    ("u1", "[Free Nitro](https://evil.example)"),
    ("u2", "<@4000000000000999>"),
    ("gm", "**Game over: I win**"),
    ("u3", "line\n# Fake heading"),
];

fn caller(i: usize) -> Caller {
    let (user, name) = HOSTILE[i];
    Caller { user: user.into(), name: names::clean(name), moderator: user == "gm" }
}

/// `text` with its marked names cut out.
fn unmarked(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find(START) {
        out += &rest[..i];
        rest = rest[i..].split_once(END).map_or("", |(_, after)| after);
    }
    out + rest
}

/// Every text the service wrote: the replies given and the announcements queued.
fn texts(service: &Service, replies: &[Reply]) -> Vec<String> {
    let mut out: Vec<String> = replies.iter().map(|r| r.text.clone()).collect();
    for d in service.outbox_pending().expect("outbox") {
        service.delivered(d.item.id).expect("delivered");
        out.push(d.reply.text);
    }
    out
}

#[test]
fn display_names_are_escaped() {
    let d = scratch::temp_dir("hostile-names");
    let (service, clock) = scratch::service_at(&d, 1_900_000_000);
    let ch = "c";
    let mut replies: Vec<Reply> = Vec::new();
    let run = |who: usize, line: &str| service.command(ch, "g", &caller(who), line);
    replies.extend(run(2, "game create chesspolitik2 movement=1h grace=0 cd-after=1 takeover=moderator"));
    replies.extend(run(0, "join France"));
    replies.extend(run(1, "join England"));
    replies.extend(run(1, "leave"));
    replies.extend(run(1, "join England"));
    replies.extend(run(2, "game start"));
    replies.extend(run(2, "game status"));
    replies.extend(run(0, "extend vote 12h"));
    replies.extend(run(2, "game set palette=colour-blind"));
    // The moderator gives England to u3 (as `/game replace` does), then removes them.
    replies.extend(service.assign(ch, &caller(2), &caller(3), "England", false).expect("assign"));
    replies.extend(service.assign(ch, &caller(2), &caller(1), "England", false).expect("assign back"));
    replies.extend(run(2, "game kick u1"));
    replies.extend(service.assign(ch, &caller(2), &caller(0), "France", false).expect("assign after a kick"));
    // The deadline passes without France's orders: its player is unseated; the rollback undoes it; then again.
    for rollback in [true, false] {
        replies.extend(run(1, "orders K d6 - d5"));
        clock.advance(13 * 3600);
        for (_, r) in service.tick().expect("tick") {
            replies.push(r);
        }
        if rollback {
            replies.extend(run(2, "game rollback"));
        }
    }
    replies.extend(run(3, "join France"));
    replies.extend(run(2, "game end"));
    let all = texts(&service, &replies);
    let every = all.join("\n");
    for (user, name) in HOSTILE {
        let clean = names::clean(name);
        assert!(
            every.contains(&format!("{START}{clean}{END}")),
            "{user}'s name is marked somewhere:\n{}",
            names::plain(&every)
        );
    }
    for text in &all {
        let outside = unmarked(text);
        for (user, name) in HOSTILE {
            assert!(!outside.contains(&names::clean(name)), "{user}'s name unmarked in: {text}");
        }
        assert!(!outside.contains(START) && !outside.contains(END), "{text:?}");
    }
    // What the texts said, for the eye (the console's view).
    let plain = names::plain(&every);
    for said in [
        "A game of Chesspolitik (2 players) is forming.",
        "[Free Nitro](https://evil.example) joins as France.",
        "<@4000000000000999> leaves the game.",
        "line # Fake heading now plays England (replacing <@4000000000000999>).",
        "is unseated from France",
        "The unseating of [Free Nitro](https://evil.example) from France is undone",
        "line # Fake heading asks to take over France.",
        "**Game over: ended by a moderator (**Game over: I win**).**",
    ] {
        assert!(plain.contains(said), "`{said}` in:\n{plain}");
    }
}

#[test]
fn the_console_shows_names_as_they_are() {
    let d = scratch::temp_dir("names-console");
    let mut c = scratch::console_at(&d, &[]);
    let out = c.line("a_b game create chesspolitik2");
    assert!(out.contains("a_b starts it with `game start`"), "{out}");
    let out = c.line("[x](y) join France");
    assert!(out.contains("[x](y) joins as France."), "{out}");
    assert!(!out.contains(START) && !out.contains(END), "{out:?}");
}
