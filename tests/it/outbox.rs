//! Announcements that fail: the time they spend failing counts only while
//! the bot runs, three days of it park them (once, with a note to the
//! game's creator), and moderators see and queue them again with `game
//! outbox` and `game outbox retry <number>`, in the service and the console.

use crate::support::scratch;

use chessdip_game::store::{self, OutboxItem, OutboxStatus, StoreError};
use chessdip_game::story::parking::{FAILURE_GAP, PARK_AFTER};
use chessdip_game::{Caller, Clock, Service};
use scratch::{console_at, plain_game, run, service_at, store_of, temp_dir};

fn item(service: &Service, id: i64) -> OutboxItem {
    store_of(service).read(|c| store::outbox_item(c, id)).expect("read").expect("the item")
}

/// Every item not delivered, oldest first.
fn waiting(service: &Service) -> Vec<OutboxItem> {
    store_of(service).read(|c| store::outbox_pending_all(c)).expect("read")
}

/// A game in channel `c` with its announcements so far delivered, and its
/// first phase forced: the result is queued. Its outbox id.
fn queued_result(service: &Service) -> i64 {
    plain_game(service);
    scratch::mark_delivered(service);
    let _ = service.command("c", "g", &Caller::player("gm"), "game force");
    let result = waiting(service).into_iter().find(|i| i.user.is_none()).expect("the result");
    assert!(result.text.contains("Spring 1401 resolved"), "{}", result.text);
    // The players' direct messages of the next phase, which follow it, taken as sent.
    for i in waiting(service).into_iter().filter(|i| i.id != result.id) {
        service.delivered(i.id).expect("delivered");
    }
    result.id
}

#[test]
fn a_downtime_never_parks_a_result() {
    let d = temp_dir("outbox-downtime");
    let (service, clock) = service_at(&d, 1_790_000_000);
    let result = queued_result(&service);
    // A first failure, then the bot is down for a week, then it fails again.
    assert!(!service.delivery_failed(result, "Internal Server Error", clock.now() + 1).expect("failed"));
    clock.advance(7 * 86400);
    assert!(!service.delivery_failed(result, "Internal Server Error", clock.now() + 1).expect("failed"));
    let i = item(&service, result);
    assert_eq!(i.status, OutboxStatus::Pending);
    assert_eq!(i.failing_for, FAILURE_GAP, "the week down counts as the longest wait between two tries");
    assert_eq!(i.first_failed_at, Some(1_790_000_000));
    // A message that got through starts the count again.
    service.delivered_parts(result, 1).expect("a part");
    let i = item(&service, result);
    assert_eq!((i.failing_for, i.first_failed_at), (0, None));
}

#[test]
fn three_days_of_failing_park_a_result_and_tell_its_creator_once() {
    let d = temp_dir("outbox-park");
    let (service, clock) = service_at(&d, 1_790_000_000);
    let result = queued_result(&service);
    // The bot tries every ten minutes, and Discord refuses every time.
    let mut parked_after = None;
    for n in 0..1000 {
        if service
            .delivery_failed(result, "missing permission: Missing Access (Discord code 50001)", 0)
            .expect("failed")
        {
            parked_after = Some(n);
            break;
        }
        clock.advance(600);
    }
    assert_eq!(parked_after, Some(PARK_AFTER / 600), "parked after three days of tries");
    let i = item(&service, result);
    assert_eq!(i.status, OutboxStatus::Parked);
    assert_eq!(i.parked_at, Some(clock.now()));
    // The note: a direct message to the game's creator, in a queue of its own.
    let notes = waiting(&service);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_eq!(notes[0].user.as_deref(), Some("gm"));
    assert_eq!(notes[0].channel, "c:moderators", "not behind the channel's own queue");
    assert_eq!(
        notes[0].text,
        format!(
            "**An announcement of your game in <#c> could not be posted.** It failed for 3 days of trying (Missing Access (Discord code 50001)) and is parked: it is no longer tried. It begins: \"Spring 1401 resolved (forced by a moderator).\"\nOnce the bot can post there (it needs View Channel, Send Messages, Embed Links, Attach Files and Read Message History), `game outbox retry {result}` in that channel queues it again; `game outbox` lists what waits there."
        )
    );
    // Once: a parked item fails no more, and a second report of a failure parks nothing again.
    assert!(!service.delivery_failed(result, "again", 0).expect("failed"));
    assert_eq!(waiting(&service).len(), 1);
    // A direct message that parks is not told (it was for its reader alone).
    let dm = notes[0].id;
    for _ in 0..=PARK_AFTER / 600 {
        service.delivery_failed(dm, "Cannot send messages to this user (Discord code 50007)", 0).expect("failed");
        clock.advance(600);
    }
    assert_eq!(item(&service, dm).status, OutboxStatus::Parked);
    assert!(waiting(&service).is_empty());
}

#[test]
fn game_outbox_lists_what_waits_and_why_and_retry_queues_a_parked_one() {
    let d = temp_dir("outbox-console");
    let mut c = console_at(&d, &["gm"]).without_images();
    run(&mut c, &["gm game create chesspolitik2", "alice join France", "bob join England", "gm game start"]);
    let empty = c.line("gm game outbox");
    assert!(
        empty.contains(
            "[private to gm] Nothing of game 1 is waiting to be posted: no announcement is queued or parked."
        ),
        "{empty}"
    );
    let refused = c.line("alice game outbox");
    assert!(refused.contains("only a moderator of this game can see what waits to be posted"), "{refused}");

    // An announcement of the game that failed for three days (the console
    // never fails to print; these are the bot's steps, written through the store).
    let now = c.service().now();
    let text = "A long announcement\nwith a second line";
    let (id, failed) = store_of(c.service())
        .write(|conn| {
            let new = store::NewItem {
                channel: "console",
                user: None,
                game: Some(1),
                text,
                deadline: None,
                images: "[]",
                mentions: "[]",
                components: "[]",
                edits: None,
            };
            let id = store::push_outbox(conn, &new, now - PARK_AFTER - 60)?;
            let mut t = now - PARK_AFTER - 60;
            while t < now {
                store::outbox_failed(conn, id, "Internal Server Error", t + 15, t, FAILURE_GAP)?;
                t += 600;
            }
            let parked = store::outbox_park(conn, id, "Internal Server Error", now)?;
            Ok::<_, StoreError>((id, parked))
        })
        .expect("written");
    assert!(failed);
    let list = c.line("gm game outbox");
    assert!(list.contains("**Announcements of game 1 not posted yet**"), "{list}");
    assert!(list.contains("Parked (1), no longer tried:"), "{list}");
    assert!(
        list.contains(&format!("- {id}, parked just now: \"A long announcement\"; failing since ")),
        "the first line only: {list}"
    );
    assert!(list.contains("(433 attempts, last error: Internal Server Error)"), "{list}");
    assert!(list.contains("`game outbox retry <number>` queues a parked one again."), "{list}");

    // Clear refusals.
    for (line, says) in [
        ("alice game outbox retry 5", "only a moderator of this game can queue an announcement again".to_string()),
        (
            "gm game outbox retry five",
            "`five` is not an announcement's number: write e.g. `game outbox retry 12`".to_string(),
        ),
        ("gm game outbox retry 999", "there is no announcement 999".to_string()),
        (
            "gm game outbox retry 1",
            "announcement 1 is not parked: it was posted just now, so there is nothing to queue again".to_string(),
        ),
        (
            "gm game outbox again",
            "write `game outbox` to see what waits to be posted, or `game outbox retry <number>`".to_string(),
        ),
    ] {
        let out = c.line(line);
        assert!(out.contains(&says), "{line}: {out}");
        assert!(!out.contains("[public]"), "{line}: {out}");
    }
    // Another game's announcement is not this game's.
    run(&mut c, &["channel other", "carol game create chessdip"]);
    let other = waiting(c.service()).len();
    assert_eq!(other, 0, "printed");
    let out = c.line(&format!("carol game outbox retry {id}"));
    assert!(out.contains(&format!("announcement {id} is not one of this game's (game 2)")), "{out}");

    // Queued again: the console prints it at once.
    c.line("channel console");
    let out = c.line(&format!("gm game outbox retry #{id}"));
    assert!(
        out.contains(&format!(
            "[private to gm] Announcement {id} is queued again and is tried now: \"A long announcement\""
        )),
        "{out}"
    );
    assert!(out.contains("[public] A long announcement\n    with a second line"), "{out}");
    assert_eq!(item(c.service(), id).status, OutboxStatus::Delivered);
    let out = c.line(&format!("gm game outbox retry {id}"));
    assert!(out.contains(&format!("announcement {id} is not parked: it was posted just now")), "{out}");
    // An ended game's outbox can still be read.
    c.line("gm game end");
    assert!(c.line("gm game outbox").contains("Nothing of game 1 is waiting to be posted"));
}
