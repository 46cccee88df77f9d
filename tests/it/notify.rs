//! Direct messages to players through the service (`notify`): who is told
//! when a phase (or a hashed phase's window) opens, with what; the
//! reminder and the result by direct message; the settings per user and
//! server, and the refusals of what `notify` does not take. The same
//! through the real bot: `tests/it/discord_notify.rs`.

use crate::support::replies;
use crate::support::scratch;
use replies::text;
use scratch::{service_at, store_of, temp_dir};

use std::sync::Arc;

use chessdip_game::hashed::seal::sha256_hex;
use chessdip_game::store::{self, OutboxItem};
use chessdip_game::{Caller, ManualClock, Service};

fn fresh(name: &str) -> (Service, Arc<ManualClock>) {
    service_at(&temp_dir(name), 1_000_000)
}

fn run(s: &Service, channel: &str, who: &str, line: &str) -> String {
    text(&s.command(channel, "g", &Caller::player(who), line))
}

fn pending(s: &Service) -> Vec<OutboxItem> {
    store_of(s).read(|c| store::outbox_pending_all(c)).expect("outbox")
}

/// The direct messages waiting in the outbox, oldest first, taken as sent.
fn dms(s: &Service) -> Vec<OutboxItem> {
    let items = pending(s);
    for i in &items {
        s.delivered(i.id).expect("delivered");
    }
    items.into_iter().filter(|i| i.user.is_some()).collect()
}

fn to<'a>(items: &'a [OutboxItem], user: &str) -> Vec<&'a OutboxItem> {
    items.iter().filter(|i| i.user.as_deref() == Some(user)).collect()
}

/// A two-player Chesspolitik game in channel `c` (alice France, bob England) with `options`, started.
fn game(s: &Service, options: &str) {
    assert!(run(s, "c", "gm", &format!("game create chesspolitik2 grace=0 {options}")).contains("forming"));
    run(s, "c", "alice", "join France");
    run(s, "c", "bob", "join England");
}

#[test]
fn a_phase_opening_tells_each_owing_player_once_with_the_deadline_the_board_and_what_they_owe() {
    let (s, clock) = fresh("opening");
    game(&s, "movement=48h");
    // Bob turns phase openings off before the game starts; alice keeps the default.
    let r = run(&s, "c", "bob", "notify phase=off");
    assert!(r.starts_with("Saved.") && r.contains("- phase: **off**") && r.contains("- deadline: **on**"), "{r}");
    let _ = dms(&s);
    assert!(run(&s, "c", "gm", "game start").contains("The game begins"));
    let sent = dms(&s);
    assert_eq!(sent.len(), 1, "{sent:#?}");
    let dm = sent[0].clone();
    assert_eq!(dm.user.as_deref(), Some("alice"));
    assert!(
        dm.text.starts_with(
            "**Your orders: Spring 1401**\nChesspolitik (2 players) in <#c>, where you play France. Due in 2d."
        ),
        "{}",
        dm.text
    );
    assert!(dm.text.contains("No order yet (they will hold): N b1, K c1, K d1"), "{}", dm.text);
    assert!(dm.text.contains("Send them privately with `orders ...`"), "{}", dm.text);
    assert_eq!(dm.deadline, Some(1_000_000 + 48 * 3600), "the deadline, for the front end's timestamp");
    assert!(dm.images.contains("\"from\":\"phase\",\"seq\":1"), "the board of the opening position: {}", dm.images);
    assert_eq!(dm.channel, "c");

    // The next phase: alice again, bob still not; a phase is told once however it opened.
    run(&s, "c", "alice", "orders K c1 - c2");
    clock.advance(48 * 3600 + 1);
    s.tick().expect("tick");
    let sent = dms(&s);
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert!(sent[0].text.starts_with("**Your orders: Fall 1401**"), "{}", sent[0].text);
    assert!(sent[0].images.contains("\"seq\":2"), "{}", sent[0].images);
    s.tick().expect("tick");
    assert!(dms(&s).is_empty(), "nothing twice");

    // Bob turns them on again: told at the next opening. Settings are per server.
    run(&s, "c", "bob", "notify phase=on");
    assert!(text(&s.command("elsewhere", "h", &Caller::player("bob"), "notify")).contains("- phase: **on**"));
    let r = text(&s.command("elsewhere", "h", &Caller::player("bob"), "notify phase=off"));
    assert!(r.contains("- phase: **off**"), "{r}");
    run(&s, "c", "gm", "game force");
    let sent = dms(&s);
    let mut told: Vec<String> = sent.iter().filter_map(|i| i.user.clone()).collect();
    told.sort();
    assert_eq!(told, ["alice", "bob"], "{sent:#?}");
    assert!(sent.iter().all(|i| i.text.starts_with("**Your orders: Spring 1402**")), "{sent:#?}");
}

#[test]
fn a_rollback_reopens_the_phase_and_tells_those_without_orders_again() {
    let (s, _) = fresh("rollback");
    game(&s, "");
    run(&s, "c", "gm", "game start");
    run(&s, "c", "alice", "orders K c1 - c2");
    run(&s, "c", "gm", "game force");
    let _ = dms(&s);
    let r = run(&s, "c", "gm", "game rollback");
    assert!(r.contains("Spring 1401 is open again"), "{r}");
    let sent = dms(&s);
    // Alice's orders were carried over: only bob still owes his.
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert_eq!(sent[0].user.as_deref(), Some("bob"));
    assert!(sent[0].text.starts_with("**Your orders: Spring 1401**"), "{}", sent[0].text);
}

#[test]
fn a_turn_based_game_tells_only_the_side_to_move() {
    let (s, _) = fresh("turns");
    run(&s, "c", "gm", "game create diplomat-chess movement=1h grace=0");
    run(&s, "c", "w", "join White");
    run(&s, "c", "b", "join Black");
    run(&s, "c", "gm", "game start");
    let sent = dms(&s);
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert_eq!(sent[0].user.as_deref(), Some("w"));
    assert!(sent[0].text.starts_with("**Your move: "), "{}", sent[0].text);
    assert!(sent[0].text.contains("where you play White"), "{}", sent[0].text);
}

#[test]
fn a_hashed_phase_tells_everyone_to_commit_then_those_who_committed_to_reveal() {
    let (s, clock) = fresh("hashed");
    game(&s, "hashed=yes movement=24h reveal=12h");
    run(&s, "c", "gm", "game start");
    let sent = dms(&s);
    assert_eq!(sent.len(), 2, "{sent:#?}");
    for dm in &sent {
        assert!(dm.text.starts_with("**Commit your orders: Spring 1401**"), "{}", dm.text);
        assert!(dm.text.contains("`commit <hash>`"), "{}", dm.text);
        assert!(dm.images.contains("\"from\":\"phase\""), "{}", dm.images);
    }
    run(&s, "c", "alice", &format!("commit {}", sha256_hex("K c1 - c2")));
    clock.advance(24 * 3600 + 1);
    s.tick().expect("tick");
    let sent = dms(&s);
    assert_eq!(sent.len(), 1, "only alice committed: {sent:#?}");
    assert_eq!(sent[0].user.as_deref(), Some("alice"));
    assert!(sent[0].text.starts_with("**Reveal your orders: Spring 1401**"), "{}", sent[0].text);
    assert!(sent[0].text.contains("`reveal <text>`") && !sent[0].text.contains("K c1"), "{}", sent[0].text);
    assert_eq!(sent[0].images, "[]", "no board for a reveal");
}

#[test]
fn bots_are_told_nothing() {
    let (s, _) = fresh("bots");
    run(&s, "c", "gm", "game create chesspolitik2 grace=0 bots=England");
    run(&s, "c", "alice", "join France");
    run(&s, "c", "gm", "game start");
    let sent = dms(&s);
    assert_eq!(sent.iter().filter_map(|i| i.user.clone()).collect::<Vec<_>>(), ["alice"], "{sent:#?}");
}

#[test]
fn the_reminder_is_sent_by_direct_message_to_the_late_players_who_want_it() {
    let (s, clock) = fresh("reminder");
    game(&s, "movement=48h");
    run(&s, "c", "alice", "notify deadline=off");
    run(&s, "c", "gm", "game start");
    let _ = dms(&s);
    clock.advance(42 * 3600 + 1);
    let reminders = s.due_reminders(6 * 3600).expect("reminders");
    assert_eq!(reminders.len(), 1);
    assert_eq!(reminders[0].missing.len(), 2, "the channel's reminder still names both");
    let sent = dms(&s);
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert_eq!(sent[0].user.as_deref(), Some("bob"));
    assert!(
        sent[0].text.starts_with("**Reminder: Spring 1401**\nChesspolitik (2 players) in <#c>, where you play England: your orders are still missing, due in 6h. Please send them privately"),
        "{}",
        sent[0].text
    );
    assert_eq!(sent[0].deadline, Some(1_000_000 + 48 * 3600));
    assert!(s.due_reminders(6 * 3600).expect("reminders").is_empty());
    assert!(dms(&s).is_empty(), "once per phase");
}

#[test]
fn results_are_sent_by_direct_message_only_to_who_asked_with_the_stills() {
    let (s, _) = fresh("results");
    game(&s, "animation=yes");
    let r = run(&s, "c", "bob", "notify results=on phase=off");
    assert!(r.contains("- results: **on**"), "{r}");
    run(&s, "c", "gm", "game start");
    let _ = dms(&s);
    run(&s, "c", "gm", "game force");
    let sent = dms(&s);
    let bob = to(&sent, "bob");
    assert_eq!(bob.len(), 1, "the result only: {sent:#?}");
    assert!(
        bob[0].text.starts_with(
            "**Spring 1401 resolved** (forced by a moderator).\nChesspolitik (2 players) in <#c>, where you play England.\n"
        ),
        "{}",
        bob[0].text
    );
    let images: serde_json::Value = serde_json::from_str(&bob[0].images).expect("specs");
    let names: Vec<&str> = images.as_array().expect("list").iter().filter_map(|i| i["name"].as_str()).collect();
    assert_eq!(names, ["spring-1401-orders", "spring-1401-result"], "the stills, not the animation");
    // Alice did not ask for results: she is told of the next phase only.
    let alice = to(&sent, "alice");
    assert_eq!(alice.len(), 1);
    assert!(alice[0].text.starts_with("**Your orders: Fall 1401**"), "{}", alice[0].text);
}

#[test]
fn notify_needs_no_game_answers_on_an_ended_one_and_refuses_what_it_does_not_take() {
    let (s, _) = fresh("settings");
    // No game in the channel: the settings are the user's in this server.
    let r = run(&s, "nowhere", "carol", "notify");
    assert!(
        r.contains("- phase: **on**") && r.contains("- deadline: **on**") && r.contains("- results: **off**"),
        "{r}"
    );
    for (line, says) in [
        ("notify phase=maybe", "`phase` is `on` or `off`, not `maybe`"),
        ("notify colour=on", "there is no setting `colour` for direct messages"),
        ("notify phase", "`phase` is not a setting"),
        ("notify results=on results=off", "`results` is given twice"),
    ] {
        let r = run(&s, "nowhere", "carol", line);
        assert!(r.contains(says), "{line}: {r}");
    }
    assert!(run(&s, "nowhere", "carol", "notify").contains("- results: **off**"), "a refusal changes nothing");
    // An ended game's channel still answers it.
    game(&s, "");
    run(&s, "c", "gm", "game start");
    run(&s, "c", "gm", "game end");
    let r = run(&s, "c", "alice", "notify results=on");
    assert!(r.starts_with("Saved.") && r.contains("- results: **on**"), "{r}");
    // Without a server (a direct message to the bot), the server of the channel's game.
    let r = text(&s.command("c", "", &Caller::player("alice"), "notify"));
    assert!(r.contains("- results: **on**"), "{r}");
    let r = text(&s.command("nowhere", "", &Caller::player("alice"), "notify"));
    assert!(r.contains("direct messages are set per server"), "{r}");
    assert!(chessdip_game::command::help_text().contains("notify [phase=on|off] [deadline=on|off] [results=on|off]"));
}

#[test]
fn a_refused_direct_message_is_done_and_its_user_recorded_once() {
    let (s, _) = fresh("refused");
    game(&s, "");
    run(&s, "c", "gm", "game start");
    let items = pending(&s);
    let bob: Vec<&OutboxItem> = items.iter().filter(|i| i.user.as_deref() == Some("bob")).collect();
    assert_eq!(bob.len(), 1);
    let first =
        s.dm_refused(bob[0].id, "bob", "Cannot send messages to this user (Discord code 50007)").expect("refused");
    assert!(first, "the first refusal is the one to log");
    let after = pending(&s);
    assert!(after.iter().all(|i| i.id != bob[0].id), "done: not tried again");
    let r = run(&s, "c", "bob", "notify");
    assert!(r.contains("you do not accept direct messages from me"), "{r}");
    run(&s, "c", "gm", "game force");
    let next = pending(&s);
    let again = next.iter().find(|i| i.user.as_deref() == Some("bob")).expect("still told at the next phase");
    assert!(!s.dm_refused(again.id, "bob", "refused").expect("refused"), "logged once per user");
    // Bob accepts them again: a message delivered forgets the refusals.
    run(&s, "c", "gm", "game force");
    let next = pending(&s);
    let third = next.iter().find(|i| i.user.as_deref() == Some("bob")).expect("told");
    assert!(s.delivered(third.id).expect("delivered"));
    assert!(!run(&s, "c", "bob", "notify").contains("do not accept"));
    let fourth = pending(&s).into_iter().find(|i| i.user.as_deref() == Some("alice")).expect("alice's");
    assert!(s.dm_refused(fourth.id, "alice", "refused").expect("refused"), "alice's first");
}
