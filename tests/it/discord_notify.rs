//! Direct messages to players through the real bot against the fake
//! Discord (`notify`, issue 40): the phase-opening message to each player
//! who owes orders, none to one who turned it off, the reminder by direct
//! message, a user who does not accept direct messages (Discord's 403 with
//! code 50007), and a storm of phases opening at once with every player
//! told: each message sent once, never a global 429. The same through the
//! service: `tests/it/notify.rs`.
#![cfg(feature = "discord")]

use crate::support;

use crate::support::scratch;

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chessdip::config::Config;
use chessdip::discord::TokioClock;
use chessdip_game::store::{self, Store};
use chessdip_game::{Caller, Clock, ManualClock, Service, Settings};
use serde_json::json;
use support::bot::{config, run_binary_logged_with, Bot};
use support::fake_discord::{FakeDiscord, Request};
use support::fake_dms::dm_path;
use support::flow::*;

/// `/notify`'s choices, as Discord sends them (their index).
const ON: i64 = 0;
const OFF: i64 = 1;

/// Waits (up to `secs`) until `user` has received `n` direct messages, and returns them.
async fn dms(fake: &FakeDiscord, user: u64, n: usize, secs: u64) -> Vec<Request> {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        let got = fake.dms_to(user);
        if got.len() >= n {
            return got;
        }
        assert!(Instant::now() < deadline, "{} of {n} direct messages to {user}: {:#?}", got.len(), fake.summary());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The deadline pair every phase's direct message ends with: the full date and time, and how far off.
fn has_deadline_pair(text: &str) -> bool {
    let Some(at) = text.find("Deadline: <t:") else { return false };
    let rest = &text[at + 13..];
    let Some((secs, tail)) = rest.split_once(":F> (<t:") else { return false };
    tail.starts_with(&format!("{secs}:R>)"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phase_opening_tells_each_owing_player_by_direct_message_and_not_one_who_turned_it_off() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("opening");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    fake.wait_identified(1, 30).await;
    registered(&fake).await;

    game_with(&fake, &[("variant", json!("chesspolitik2"))], [(ALICE, "alice", "France"), (BOB, "bob", "England")])
        .await;
    for (user, power) in [(ALICE, "France"), (BOB, "England")] {
        let got = dms(&fake, user, 1, 30).await;
        // With the board, the first line is the embed's title, the rest its description.
        let text = got[0].content();
        assert_eq!(got[0].json["embeds"][0]["title"], "Your orders: Spring 1401", "{text}");
        let description = got[0].json["embeds"][0]["description"].as_str().unwrap_or_default().to_string();
        let game = format!("Chesspolitik (2 players) in <#{CHANNEL}>, where you play {power}. Due in 2d.");
        assert!(description.starts_with(&game), "{description}");
        assert!(text.contains("No order yet (they will hold): "), "what they owe: {text}");
        assert!(has_deadline_pair(&text), "the deadline as a Discord timestamp: {text}");
        assert_eq!(got[0].pngs().len(), 1, "the board of the opening position");
        assert!(got[0].pngs()[0].0.starts_with("spring-1401-position"), "{}", got[0].pngs()[0].0);
    }

    // Bob turns phase openings off: at the next phase only Alice is told.
    let r = ask(&fake, (BOB, "bob"), &["notify"], &[("phase", json!(OFF))], false).await;
    assert!(r.ephemeral(), "the answer is private");
    assert!(r.content().contains("Saved.") && r.content().contains("phase: **off**"), "{}", r.content());
    let n = fake.requests().len();
    ask(&fake, (GM, "gm"), &["game", "force"], &[], false).await;
    posted(&fake, n, "Spring 1401 resolved").await;
    let got = dms(&fake, ALICE, 2, 30).await;
    assert!(got[1].content().contains("Your orders: Fall 1401\n"), "{}", got[1].content());
    // Settled: nothing else goes out, nothing twice.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(fake.dms_to(ALICE).len(), 2);
    assert_eq!(fake.dms_to(BOB).len(), 1, "none with phase openings off");
    let posts_to = |user: u64| fake.with_requests(|all| all.iter().filter(|r| r.path == dm_path(user)).count());
    assert_eq!((posts_to(ALICE), posts_to(BOB)), (2, 1), "each sent once");
    assert!(fake.dm_channels_opened() <= 2, "one DM channel per user: {}", fake.dm_channels_opened());

    // Back on, and `/notify` alone shows it.
    let r = ask(&fake, (BOB, "bob"), &["notify"], &[("phase", json!(ON))], false).await;
    assert!(r.content().contains("phase: **on**"), "{}", r.content());
    let r = ask(&fake, (BOB, "bob"), &["notify"], &[], false).await;
    assert!(r.ephemeral() && r.content().contains("results: **off**"), "{}", r.content());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reminder_before_the_deadline_is_also_sent_by_direct_message_to_who_wants_it() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("reminder");
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(Config { reminder_hours: 6, ..config(&fake, &db) }, service);
    fake.wait_identified(1, 30).await;
    registered(&fake).await;
    ask(&fake, (ALICE, "alice"), &["notify"], &[("deadline", json!(OFF))], false).await;
    // An hour to play, reminders six hours before: the reminder is due as the game starts.
    let n = fake.requests().len();
    let options = [("variant", json!("chesspolitik2")), ("movement", json!("1h"))];
    game_with(&fake, &options, [(ALICE, "alice", "France"), (BOB, "bob", "England")]).await;
    let reminder = posted(&fake, n, "Reminder: Spring 1401").await;
    let pinged = pinged(&reminder);
    assert!(pinged.to_string().contains(&ALICE.to_string()) && pinged.to_string().contains(&BOB.to_string()));
    let got = dms(&fake, BOB, 2, 30).await;
    let reminded: Vec<&Request> = got.iter().filter(|r| r.content().starts_with("**Reminder: Spring 1401**")).collect();
    assert_eq!(reminded.len(), 1, "{got:#?}");
    let text = reminded[0].content();
    assert!(text.contains("where you play England: your orders are still missing, due in"), "{text}");
    assert!(text.contains(&format!("Chesspolitik (2 players) in <#{CHANNEL}>")), "{text}");
    assert!(has_deadline_pair(&text), "{text}");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let alice = fake.dms_to(ALICE);
    assert_eq!(alice.len(), 1, "the phase's opening only: {alice:#?}");
    assert_eq!(fake.dms_to(BOB).len(), 2, "the opening and the reminder, once each");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_refuses_direct_messages_is_logged_once_and_the_others_are_still_told() {
    use tokio::io::AsyncBufReadExt as _;
    let fake = FakeDiscord::start().await;
    fake.refuse_dms(BOB, true);
    let db = temp_db("refused");
    let env = [("CHESSDIP_REMINDER_HOURS", "6".to_string())];
    let mut bot = run_binary_logged_with(&fake, &db, "warn", &env);
    let log = Arc::new(Mutex::new(Vec::<String>::new()));
    let kept = log.clone();
    let mut lines = tokio::io::BufReader::new(bot.stderr.take().expect("piped")).lines();
    tokio::spawn(async move {
        while let Ok(Some(line)) = lines.next_line().await {
            kept.lock().expect("lock").push(line);
        }
    });
    registered_globally(&fake).await;
    let options = [("variant", json!("chesspolitik2")), ("movement", json!("1h"))];
    let n = fake.requests().len();
    game_with(&fake, &options, [(ALICE, "alice", "France"), (BOB, "bob", "England")]).await;
    // Alice gets the phase's opening and its reminder; Bob's are refused, and
    // the channel's reminder still pings him.
    let reminder = posted(&fake, n, "Reminder: Spring 1401").await;
    assert!(pinged(&reminder).to_string().contains(&BOB.to_string()));
    dms(&fake, ALICE, 2, 60).await;
    let n = fake.requests().len();
    ask(&fake, (GM, "gm"), &["game", "force"], &[], false).await;
    posted(&fake, n, "Spring 1401 resolved").await;
    dms(&fake, ALICE, 4, 60).await;
    // Bob's four (two openings, two reminders) were each tried once, and are done.
    let deadline = Instant::now() + Duration::from_secs(30);
    while fake.dms_refused(BOB) < 4 {
        assert!(Instant::now() < deadline, "{} refused", fake.dms_refused(BOB));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(2000)).await;
    assert_eq!(fake.dms_refused(BOB), 4, "none tried again");
    assert!(fake.dms_to(BOB).is_empty());
    assert_eq!(fake.dms_to(ALICE).len(), 4);
    let store = Store::open(&db).expect("db");
    let waiting = store.read(|c| store::outbox_pending_all(c)).expect("outbox");
    assert!(waiting.is_empty(), "nothing left to send: {waiting:#?}");
    // The log says so once, naming the user.
    let warned: Vec<String> =
        log.lock().expect("lock").iter().filter(|l| l.contains("does not accept direct messages")).cloned().collect();
    assert_eq!(warned.len(), 1, "{warned:#?}");
    assert!(warned[0].contains(&BOB.to_string()) && warned[0].contains("50007"), "{}", warned[0]);
    // Bob is told why when he looks at his settings.
    let r = ask(&fake, (BOB, "bob"), &["notify"], &[], false).await;
    assert!(r.content().contains("you do not accept direct messages from me"), "{}", r.content());
    let _ = bot.kill().await;
}

/// The storm's games' channels: `STORM + i`; their players `PLAYERS + 2i` (France) and `PLAYERS + 2i + 1` (England).
const STORM: u64 = 4_000_000_000_006_000;
const PLAYERS: u64 = 4_000_000_000_600_000;

/// `n` started two-player games in `n` channels, each with two players of
/// its own, whose first deadlines passed a day ago while the bot was down;
/// everything announced so far taken as posted.
fn overdue(db: &Path, n: u64) {
    let clock = Arc::new(ManualClock::new(chessdip_game::SystemClock.now() - 3 * 86400));
    let service = Service::new(Store::open(db).expect("db"), clock.clone());
    let gm = Caller::player("gm");
    let settings = Settings { grace: 0, cd_after: None, animation: false, ..Settings::default() };
    for i in 0..n {
        clock.advance(1);
        let ch = (STORM + i).to_string();
        service.create(&ch, "g", &gm, "chesspolitik2", &settings).expect("create");
        for (k, power) in [(0, "France"), (1, "England")] {
            let user = (PLAYERS + 2 * i + k).to_string();
            service.join(&ch, &Caller::player(&user), Some(power)).expect("join");
        }
        service.start(&ch, &gm).expect("start");
    }
    scratch::mark_delivered(&service);
}

#[derive(Debug)]
struct StormFigures {
    phases: u64,
    seconds: f64,
    /// From the start to the last result posted.
    last_result: f64,
    requests: usize,
    results: usize,
    dms: usize,
    dm_channels: usize,
    refused_global: usize,
    refused_route: usize,
    most_in_one_second: usize,
}

/// `n` phases open at once (their games overdue when the bot starts), each
/// telling its two players by direct message.
async fn dm_storm(name: &str, n: u64) -> StormFigures {
    let _alone = crate::support::heavy().await;
    let fake = FakeDiscord::start().await;
    fake.light_files(true);
    let db = temp_db(name);
    overdue(&db, n);
    let users: Vec<u64> = (0..2 * n).map(|k| PLAYERS + k).collect();
    let started = Instant::now();
    let service = Service::new(Store::open(&db).expect("db"), Arc::new(TokioClock::new()));
    let bot = Bot::start(config(&fake, &db), service);
    let store = Store::open(&db).expect("db");
    let results = || {
        fake.with_requests(|all| {
            all.iter().filter(|r| r.created && r.content().contains("Spring 1401 resolved")).count()
        })
    };
    let deadline = Instant::now() + Duration::from_secs(30 + n);
    loop {
        let told = fake.dms_of(&users).len();
        let pending = store.read(|c| store::outbox_pending_all(c)).expect("outbox").len();
        if told >= users.len() && results() >= n as usize && pending == 0 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{told} of {} direct messages, {} of {n} results, {pending} pending; refused {:?}",
            users.len(),
            results(),
            fake.refused()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let seconds = started.elapsed().as_secs_f64();
    // Settled: nothing more goes out.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    for user in &users {
        let got = fake.dms_to(*user);
        assert_eq!(got.len(), 1, "user {user}: {got:#?}");
        assert!(got[0].content().contains("Your orders: Fall 1401\n"), "{}", got[0].content());
    }
    let refused = fake.refused();
    let last_result = fake.with_requests(|all| {
        all.iter()
            .filter(|r| r.created && r.content().contains("Spring 1401 resolved"))
            .map(|r| r.at.duration_since(started).as_secs_f64())
            .fold(0.0, f64::max)
    });
    let figures = StormFigures {
        phases: n,
        seconds,
        last_result,
        requests: fake.with_requests(|all| all.iter().filter(|r| r.counted).count()),
        results: results(),
        dms: fake.dms_of(&users).len(),
        dm_channels: fake.dm_channels_opened(),
        refused_global: refused.global,
        refused_route: refused.route,
        most_in_one_second: fake.most_in_one_second(),
    };
    bot.stop().await;
    println!(
        "DM storm: {} phases opening at once, {} players told: {:.1} s from the start to the last result, {:.1} s to the last message; {} requests ({} results, {} direct messages, {} DM channels opened, the rest the bot's start), {} in the busiest second; 429s: {} global, {} per route",
        figures.phases,
        figures.dms,
        figures.last_result,
        figures.seconds,
        figures.requests,
        figures.results,
        figures.dms,
        figures.dm_channels,
        figures.most_in_one_second,
        figures.refused_global,
        figures.refused_route
    );
    figures
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_storm_of_two_hundred_phases_opening_tells_every_player_once_without_a_global_429() {
    let f = dm_storm("storm-200", 200).await;
    assert_eq!(f.results, 200, "{f:?}");
    assert_eq!(f.dms, 400, "{f:?}");
    assert_eq!(f.dm_channels, 400, "one DM channel opened per user: {f:?}");
    assert_eq!(f.refused_global, 0, "{f:?}");
    assert!(f.most_in_one_second <= 50, "{f:?}");
    // The channels' results go first, the players are told next.
    assert!(f.last_result < f.seconds * 0.6, "{f:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "two minutes: 1,000 phases opening at once, each telling two players, 5,000 requests at 45 a second (--nocapture prints the figures)"]
async fn a_storm_of_a_thousand_phases_opening_tells_every_player_once_without_a_global_429() {
    let f = dm_storm("storm-1000", 1000).await;
    assert_eq!((f.results, f.dms, f.dm_channels), (1000, 2000, 2000), "{f:?}");
    assert_eq!(f.refused_global, 0, "{f:?}");
}
