//! Delivering announcements through crashes and downtimes: the `chessdip
//! run` binary killed after Discord created a message and before the bot
//! recorded it, and started again after Discord forgot the message's nonce;
//! a downtime of days, which never parks a result; and a result parked
//! after days of failing, told to the game's creator and queued again with
//! `/game outbox retry`.
#![cfg(feature = "discord")]

use crate::support;

use crate::support::scratch;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use chessdip_game::store::{OutboxStatus, Store};
use chessdip_game::{Caller, Clock, ManualClock, Service, Settings};
use serde_json::json;
use support::bot::run_binary;
use support::fake_discord::FakeDiscord;
use support::flow::*;

/// A started two-player game in `channel`, created by `gm` at `clock`'s
/// time, with what it announced so far taken as posted.
fn started_game(service: &Service, channel: u64, gm: &str) {
    let ch = channel.to_string();
    let settings = Settings { grace: 0, cd_after: None, ..Settings::default() };
    service.create(&ch, "g", &Caller::player(gm), "chesspolitik2", &settings).expect("create");
    for (user, power) in [("a", "France"), ("b", "England")] {
        service.join(&ch, &Caller::player(user), Some(power)).expect("join");
    }
    service.start(&ch, &Caller::player(gm)).expect("start");
    scratch::mark_delivered(service);
}

/// Counts the messages Discord created in `channel` whose text contains `needle`.
fn created_with(fake: &FakeDiscord, channel: u64, needle: &str) -> usize {
    fake.created_posts(channel).iter().filter(|r| r.content().contains(needle)).count()
}

/// The looks at `channel`'s messages among the requests after the first `n`.
fn looks(fake: &FakeDiscord, n: usize, channel: u64) -> usize {
    let path = format!("/channels/{channel}/messages");
    fake.with_requests(|all| all.iter().skip(n).filter(|r| r.method == "GET" && r.path == path).count())
}

/// Waits (up to a minute) until nothing of `channel` is queued in the outbox.
async fn drained(db: &Path, channel: u64) {
    let store = Store::open(db).expect("db");
    let ch = channel.to_string();
    for _ in 0..240 {
        if store.read(|c| chessdip_game::store::outbox_waiting(c, &ch)).expect("read") == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    panic!("the outbox of {channel} never drained");
}

/// Kills the binary (SIGKILL) and reaps it.
async fn kill(mut bot: tokio::process::Child) {
    bot.kill().await.expect("kill -9");
    let _ = bot.wait().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_result_is_never_posted_twice_after_a_long_downtime() {
    let fake = FakeDiscord::start().await;
    // Discord remembers a nonce for five minutes here.
    fake.set_nonce_window(Some(Duration::from_secs(300)));
    let db = temp_db("downtime-twice");
    {
        let past = Arc::new(ManualClock::new(chessdip_game::SystemClock.now() - 3 * 86400));
        let service = Service::new(Store::open(&db).expect("db"), past);
        started_game(&service, CHANNEL, "gm");
    }
    // Members talk in the channel just before the result goes out: the bot
    // will have to page through them to find it.
    for i in 0..150 {
        fake.say(CHANNEL, ALICE, "alice", &format!("chat {i}"));
    }
    // Discord creates the result's message, but its answer never reaches the
    // bot: it is killed first.
    fake.slow(&format!("/channels/{CHANNEL}/messages"), Duration::from_secs(600));
    let first = run_binary(&fake, &db);
    fake.wait_for(0, 60, |r| channel_post(r) && r.created && r.content().contains("Spring 1401 resolved")).await;
    kill(first).await;
    // The bot stays down for a year: Discord forgot the nonce long ago, and members talked on.
    fake.jump(Duration::from_secs(365 * 86400));
    for i in 0..250 {
        fake.say(CHANNEL, BOB, "bob", &format!("later {i}"));
    }
    fake.clear_slow();
    let n = fake.requests().len();
    let second = run_binary(&fake, &db);
    drained(&db, CHANNEL).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(created_with(&fake, CHANNEL, "Spring 1401 resolved"), 1, "the result is in the channel once");
    let kept: Vec<serde_json::Value> = fake
        .channel_messages(CHANNEL)
        .into_iter()
        .filter(|m| m["embeds"][0]["title"].as_str().is_some_and(|t| t.contains("Spring 1401 resolved")))
        .collect();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0]["attachments"].as_array().map(Vec::len), Some(2), "with its two images");
    // What finding it cost: the channel's list from a little before the try, two
    // pages of 100 (the 150 messages before it, then the result); nothing after.
    assert_eq!(looks(&fake, n, CHANNEL), 2);
    assert_eq!(fake.with_requests(|all| all.iter().skip(n).filter(|r| channel_post(r)).count()), 0, "not sent again");
    kill(second).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_announcement_killed_between_its_messages_is_completed_not_repeated() {
    let fake = FakeDiscord::start().await;
    fake.set_nonce_window(Some(Duration::from_secs(300)));
    let db = temp_db("downtime-parts");
    let ch = CHANNEL.to_string();
    let now = chessdip_game::SystemClock.now();
    // A text too long for one message: four of them.
    let text: String = (0..4).map(|p| format!("part {p}:\n{}", format!("line {p}\n").repeat(240))).collect();
    let parts = chessdip::discord::split(&text, 2000);
    assert_eq!(parts.len(), 4);
    {
        let service = Service::new(Store::open(&db).expect("db"), Arc::new(ManualClock::new(now)));
        started_game(&service, CHANNEL, "gm");
        Store::open(&db)
            .expect("db")
            .write(|c| {
                let item = chessdip_game::store::NewItem {
                    channel: &ch,
                    user: None,
                    game: Some(1),
                    text: &text,
                    deadline: None,
                    images: "[]",
                    mentions: "[]",
                    components: "[]",
                    edits: None,
                };
                chessdip_game::store::push_outbox(c, &item, now)
            })
            .expect("queued");
    }
    // The first message is answered; Discord creates the second, whose answer
    // never reaches the bot.
    fake.slow_from(&format!("/channels/{CHANNEL}/messages"), 1, Duration::from_secs(600));
    let first = run_binary(&fake, &db);
    fake.wait_for(0, 60, |r| channel_post(r) && r.created && r.content() == parts[1]).await;
    kill(first).await;
    fake.jump(Duration::from_secs(3600));
    fake.clear_slow();
    let n = fake.requests().len();
    let second = run_binary(&fake, &db);
    drained(&db, CHANNEL).await;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let posts: Vec<String> = fake.created_posts(CHANNEL).iter().map(|r| r.content()).collect();
    let heads =
        |v: &[String]| v.iter().map(|p| (p.len(), p.lines().next().unwrap_or("").to_string())).collect::<Vec<_>>();
    assert_eq!(heads(&posts), heads(&parts), "every message once, in order");
    assert!(posts == parts);
    assert_eq!(looks(&fake, n, CHANNEL), 1, "one look found the second message");
    assert_eq!(fake.with_requests(|all| all.iter().skip(n).filter(|r| channel_post(r)).count()), 2, "the last two");
    kill(second).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_downtime_never_parks_a_result() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("downtime-park");
    let four_days_ago = chessdip_game::SystemClock.now() - 4 * 86400;
    {
        let clock = Arc::new(ManualClock::new(four_days_ago));
        let service = Service::new(Store::open(&db).expect("db"), clock.clone());
        started_game(&service, CHANNEL, "gm");
        // The result is queued, and its first try fails; then the bot is down for four days.
        service.force(&CHANNEL.to_string(), &Caller::moderator("gm"), None, false).expect("force");
        let head = service.outbox_heads(1).expect("outbox").pop().expect("the result");
        assert!(head.reply.text.contains("Spring 1401 resolved"));
        assert!(!service.delivery_failed(head.item.id, "Internal Server Error", four_days_ago + 1).expect("failed"));
    }
    // Discord fails the first tries after the restart too.
    fake.fail_channel_posts(500, 0, Some(3));
    let bot = run_binary(&fake, &db);
    posted(&fake, 0, "Spring 1401 resolved").await;
    drained(&db, CHANNEL).await;
    assert_eq!(created_with(&fake, CHANNEL, "Spring 1401 resolved"), 1);
    let failed = fake.with_requests(|all| all.iter().filter(|r| channel_post(r) && r.status == 500).count());
    assert_eq!(failed, 3);
    let store = Store::open(&db).expect("db");
    let item = store.read(|c| chessdip_game::store::outbox_item(c, 1)).expect("read");
    let parked = store
        .read(|c| {
            c.query_row("SELECT COUNT(*) FROM outbox WHERE status = 'parked'", [], |r| r.get::<_, i64>(0))
                .map_err(chessdip_game::store::StoreError::from)
        })
        .expect("count");
    assert_eq!(parked, 0, "nothing parked: {item:?}");
    kill(bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_parked_result_is_told_to_the_creator_once_listed_and_queued_again_by_a_moderator() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("parked");
    let gm = GM.to_string();
    let now = chessdip_game::SystemClock.now();
    let (result, other) = {
        let clock = Arc::new(ManualClock::new(now - 4 * 86400));
        let service = Service::new(Store::open(&db).expect("db"), clock.clone());
        started_game(&service, CHANNEL, &gm);
        started_game(&service, CHANNEL2, "someone");
        service.force(&CHANNEL.to_string(), &Caller::moderator(&gm), None, false).expect("force");
        service.force(&CHANNEL2.to_string(), &Caller::moderator("someone"), None, false).expect("force");
        // Each channel's posts are a queue (its players' direct messages queue apart).
        let heads = service.outbox_heads(100).expect("outbox");
        let of = |ch: u64| {
            heads.iter().find(|d| d.item.channel == ch.to_string() && d.item.user.is_none()).expect("a result").item.id
        };
        let (result, other) = (of(CHANNEL), of(CHANNEL2));
        // The bot has been failing to post the result for a little less than
        // three days (a try every half hour, the last half an hour ago).
        clock.advance(now - 144 * 1800 - clock.now());
        for _ in 0..144 {
            let parked =
                service.delivery_failed(result, "Missing Permissions (Discord code 50013)", 0).expect("failed");
            assert!(!parked);
            clock.advance(1800);
        }
        (result, other)
    };
    // The next refusal parks it: its creator is told once, by a direct message.
    // (Only the result's channel refuses: the other game's result may go first.)
    fake.fail_posts_in(CHANNEL, 403, 50013, Some(1));
    let bot = run_binary(&fake, &db);
    let dm = format!("/channels/{}/messages", FakeDiscord::dm_channel(GM));
    let note = fake.wait_for(0, 60, |r| r.method == "POST" && r.path == dm && r.created).await;
    let text = note.content();
    assert!(text.contains(&format!("An announcement of your game in <#{CHANNEL}> could not be posted.")), "{text}");
    assert!(text.contains("failed for 3 days of trying (Missing Permissions (Discord code 50013))"), "{text}");
    assert!(text.contains("It begins: \"Spring 1401 resolved"), "{text}");
    assert!(text.contains(&format!("`game outbox retry {result}` in that channel queues it again")), "{text}");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let notes = fake.with_requests(|all| all.iter().filter(|r| r.path == dm && r.created).count());
    assert_eq!(notes, 1, "told once");
    assert_eq!(created_with(&fake, CHANNEL, "Spring 1401 resolved"), 0);
    assert_eq!(created_with(&fake, CHANNEL2, "Spring 1401 resolved"), 1, "the other game's result went out");

    // The moderator's list says what is parked and why; a player may not see it.
    registered_globally(&fake).await;
    let list = ask(&fake, (GM, "gm"), &["game", "outbox"], &[], false).await;
    assert!(list.ephemeral());
    let text = list.content();
    assert!(text.contains("**Announcements of game 1 not posted yet**"), "{text}");
    assert!(text.contains("Parked (1), no longer tried:"), "{text}");
    assert!(text.contains(&format!("- {result}, parked <t:")), "{text}");
    assert!(text.contains(": \"Spring 1401 resolved"), "{text}");
    assert!(text.contains("(145 attempts, last error: Missing Permissions (Discord code 50013))"), "{text}");
    let refused = ask(&fake, (ALICE, "alice"), &["game", "outbox"], &[], false).await;
    assert!(
        refused.content().contains("only a moderator of this game can see what waits to be posted"),
        "{}",
        refused.content()
    );

    // Clear refusals: an unknown number, another game's, one that is not parked.
    for (id, says) in [
        (999, "there is no announcement 999".to_string()),
        (other, format!("announcement {other} is not one of this game's (game 1)")),
        (1, "announcement 1 is not parked: it was posted".to_string()),
    ] {
        let r = ask(&fake, (GM, "gm"), &["game", "outbox"], &[("retry", json!(id))], false).await;
        assert!(r.ephemeral() && r.content().contains(&says), "{id}: {}", r.content());
    }
    let r = ask(&fake, (ALICE, "alice"), &["game", "outbox"], &[("retry", json!(result))], false).await;
    assert!(r.content().contains("only a moderator of this game can queue an announcement again"), "{}", r.content());

    // Queued again, it goes out once; nothing is left.
    let n = fake.requests().len();
    let r = ask(&fake, (GM, "gm"), &["game", "outbox"], &[("retry", json!(result))], false).await;
    assert!(r.content().contains(&format!("Announcement {result} is queued again")), "{}", r.content());
    posted(&fake, n, "Spring 1401 resolved").await;
    drained(&db, CHANNEL).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(created_with(&fake, CHANNEL, "Spring 1401 resolved"), 1);
    let item = Store::open(&db).expect("db").read(|c| chessdip_game::store::outbox_item(c, result)).expect("read");
    assert_eq!(item.map(|i| i.status), Some(OutboxStatus::Delivered));
    let list = ask(&fake, (GM, "gm"), &["game", "outbox"], &[], false).await;
    assert!(list.content().contains("Nothing of game 1 is waiting to be posted"), "{}", list.content());
    kill(bot).await;
}
