//! Discord's rate limits: the real bot (`chessdip::discord::serve`) against
//! the fake Discord enforcing them, with results of many channels due at
//! once (phases that fell due while the bot was down).
#![cfg(feature = "discord")]

use crate::support;

use crate::support::scratch;
use scratch::temp_dir;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chessdip::config::Config;
use chessdip::discord::TokioClock;
use chessdip_game::store::Store;
use chessdip_game::{Caller, Clock, ManualClock, Service, Settings};
use support::bot::{config, Bot};
use support::fake_discord::{FakeDiscord, Limits, Refused};

/// The first game's channel; the others follow.
const FIRST: u64 = 4_000_000_000_003_000;
/// Every game's first result says so.
const RESULT: &str = "resolved (the deadline passed)";
/// A member of the server who plays in none of the games.
const MEMBER: u64 = 4_000_000_000_003_900;

/// `n` started two-player games in `n` channels, created three days ago a
/// second apart (their first deadlines passed a day ago, in channel
/// order), their announcements so far
/// taken as posted: what is left to post is each game's result, all due at once.
fn overdue_games(name: &str, n: u64) -> (PathBuf, Vec<u64>) {
    let db = temp_dir(name).join("bot.db");
    let past = chessdip_game::SystemClock.now() - 3 * 86400;
    let clock = Arc::new(ManualClock::new(past));
    let service = Service::new(Store::open(&db).expect("db"), clock.clone());
    let gm = Caller::player("gm");
    let settings = Settings { grace: 0, cd_after: None, animation: false, ..Settings::default() };
    let channels: Vec<u64> = (0..n).map(|i| FIRST + i).collect();
    for ch in &channels {
        // Each game's deadline a second after the one before.
        clock.advance(1);
        let ch = ch.to_string();
        service.create(&ch, "g", &gm, "chesspolitik2", &settings).expect("create");
        for (user, power) in [("a", "France"), ("b", "England")] {
            service.join(&ch, &Caller::player(user), Some(power)).expect("join");
        }
        service.start(&ch, &gm).expect("start");
    }
    scratch::mark_delivered(&service);
    (db, channels)
}

/// Waits (up to `secs`) until every channel has its result posted, and the outbox is empty.
async fn all_posted(fake: &FakeDiscord, db: &Path, channels: &[u64], secs: u64) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    let store = Store::open(db).expect("db");
    loop {
        let posted = channels.iter().filter(|ch| results(fake, **ch) > 0).count();
        let pending: i64 = channels
            .iter()
            .map(|ch| store.read(|c| chessdip_game::store::outbox_waiting(c, &ch.to_string())).expect("read"))
            .sum();
        if posted == channels.len() && pending == 0 {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{posted} of {} results posted, {pending} items pending; refused {:?}",
            channels.len(),
            fake.refused()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// How many times `channel`'s result was posted.
fn results(fake: &FakeDiscord, channel: u64) -> usize {
    fake.created_posts(channel).iter().filter(|r| r.content().contains(RESULT)).count()
}

fn bot(fake: &FakeDiscord, db: &Path, per_second: u32) -> Bot {
    let service = Service::new(Store::open(db).expect("db"), Arc::new(TokioClock::new()));
    Bot::start(Config { requests_per_second: per_second, ..config(fake, db) }, service)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thirty_results_due_at_once_stay_under_a_lowered_global_limit() {
    let _alone = crate::support::heavy().await;
    let fake = FakeDiscord::start().await;
    fake.set_limits(Limits { global: Some(10), ..Limits::default() });
    let (db, channels) = overdue_games("limits-thirty", 30);
    let bot = bot(&fake, &db, 8);
    all_posted(&fake, &db, &channels, 90).await;
    // Settled: nothing more goes out.
    tokio::time::sleep(Duration::from_millis(500)).await;
    for ch in &channels {
        assert_eq!(results(&fake, *ch), 1, "channel {ch}");
    }
    // Oldest deadline first: requests let through together (at most the 8 of
    // a second) may reach Discord in either order, never further apart.
    let order: Vec<u64> = fake.with_requests(|all| {
        all.iter()
            .filter(|r| r.created && r.content().contains(RESULT))
            .filter_map(|r| r.path.split('/').nth(2).and_then(|c| c.parse::<u64>().ok()))
            .map(|c| c - FIRST)
            .collect()
    });
    assert_eq!(order.len(), 30);
    let out_of_place = order.iter().enumerate().map(|(i, c)| (i as u64).abs_diff(*c)).max();
    assert!(out_of_place <= Some(8), "results in the order {order:?}");
    let refused = fake.refused();
    assert_eq!(refused.global, 0, "{refused:?}");
    assert!(refused.route <= 3, "{refused:?}");
    let most = fake.most_in_one_second();
    assert!(most <= 10, "{most} requests in one second");
    // The limit was what held the bot back: it had more to send than 10 a second.
    let counted = fake.requests().iter().filter(|r| r.counted).count();
    assert!(counted > 30, "{counted} requests");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_results_due_at_once_settle_under_a_global_limit_the_bot_was_not_told_of() {
    let _alone = crate::support::heavy().await;
    // Discord allows 10 a second (another process shares the token, say);
    // the bot is left at its default, 45. After its first global 429 it
    // lowers its own pace instead of meeting a 429 after every `retry_after`.
    let fake = FakeDiscord::start().await;
    fake.set_limits(Limits { global: Some(10), ..Limits::default() });
    let (db, channels) = overdue_games("limits-learns", 50);
    let per_second = config(&fake, &db).requests_per_second;
    let started = Instant::now();
    let bot = bot(&fake, &db, per_second);
    all_posted(&fake, &db, &channels, 120).await;
    let took = started.elapsed();
    tokio::time::sleep(Duration::from_millis(500)).await;
    for ch in &channels {
        assert_eq!(results(&fake, *ch), 1, "channel {ch}");
    }
    let refused = fake.refused();
    eprintln!("50 results under a global limit of 10 a second (the bot at {per_second}): {refused:?} in {took:?}");
    assert!(refused.global <= 5, "{refused:?}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channels_bucket_is_followed_from_the_headers_without_a_refusal() {
    let fake = FakeDiscord::start().await;
    // A four-player game created, joined and started three days ago, whose
    // first phase has passed: seven announcements wait in one channel, and
    // Discord allows 5 messages per channel per 5 s.
    let db = temp_dir("limits-bucket").join("bot.db");
    let channel = FIRST;
    {
        let past = chessdip_game::SystemClock.now() - 3 * 86400;
        let service = Service::new(Store::open(&db).expect("db"), Arc::new(ManualClock::new(past)));
        let gm = Caller::player("gm");
        let settings = Settings { grace: 0, cd_after: None, animation: false, ..Settings::default() };
        let ch = channel.to_string();
        service.create(&ch, "g", &gm, "chesspolitik4", &settings).expect("create");
        for user in ["a", "b", "c", "d"] {
            service.join(&ch, &Caller::player(user), None).expect("join");
        }
        service.start(&ch, &gm).expect("start");
    }
    let bot = bot(&fake, &db, 45);
    all_posted(&fake, &db, &[channel], 60).await;
    let posts = fake.created_posts(channel);
    assert_eq!(posts.len(), 7, "{:#?}", fake.summary());
    assert!(posts[0].content().contains("is forming") && posts[6].content().contains(RESULT));
    assert_eq!(fake.refused(), Refused::default(), "the bucket's headers were followed: {:?}", fake.refused_by_route());
    let waited = posts[5].at - posts[0].at;
    assert!(waited >= Duration::from_millis(4900), "the sixth waited for the bucket's reset: {waited:?}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_routes_429_is_waited_out_before_that_route_is_tried_again() {
    let fake = FakeDiscord::start().await;
    let (db, channels) = overdue_games("limits-route", 1);
    let path = format!("/channels/{}/messages", channels[0]);
    fake.refuse_next(&path, 2.5, false);
    let bot = bot(&fake, &db, 45);
    all_posted(&fake, &db, &channels, 60).await;
    let to_route: Vec<_> = fake.requests().into_iter().filter(|r| r.path == path).collect();
    assert_eq!(to_route[0].status, 429);
    assert!(to_route[1].created, "the next request to the route is the post");
    let waited = to_route[1].at - to_route[0].at;
    assert!(waited >= Duration::from_millis(2500), "tried again after {waited:?}");
    assert!(waited < Duration::from_secs(6), "and not much later: {waited:?}");
    assert_eq!(fake.refused(), Refused { global: 0, route: 1 });
    assert_eq!(results(&fake, channels[0]), 1);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_global_429_stops_every_request_for_its_retry_after() {
    let fake = FakeDiscord::start().await;
    let (db, channels) = overdue_games("limits-global", 6);
    // The first channel post is refused for the global limit, for 3 s.
    fake.refuse_next("/channels/", 3.0, true);
    let bot = bot(&fake, &db, 45);
    all_posted(&fake, &db, &channels, 60).await;
    let requests = fake.requests();
    let first = requests.iter().find(|r| r.status == 429).expect("the refusal");
    let t0 = first.at;
    // Requests already on their way when Discord refused may still arrive
    // (and be refused); after that, nothing until the 3 s are over.
    let during: Vec<_> = requests
        .iter()
        .filter(|r| r.counted && r.at > t0 + Duration::from_millis(250) && r.at < t0 + Duration::from_secs(3))
        .map(|r| format!("{} {} after {:?}", r.method, r.path, r.at - t0))
        .collect();
    assert!(during.is_empty(), "sent during the global refusal: {during:#?}");
    let after = requests.iter().filter(|r| r.counted && r.at >= t0 + Duration::from_secs(3)).count();
    assert!(after >= 1, "the refused post went out after the wait");
    assert_eq!(fake.refused().route, 0);
    for ch in &channels {
        assert_eq!(results(&fake, *ch), 1, "channel {ch}");
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_is_answered_at_once_while_results_queue_behind_the_limit() {
    let fake = FakeDiscord::start().await;
    fake.light_files(true);
    let (db, channels) = overdue_games("limits-answer", 30);
    // 4 requests a second: the 30 results take over 7 s to post.
    let bot = bot(&fake, &db, 4);
    fake.wait_identified(1, 30).await;
    // Once 10 are out, the others are drawn and wait their turn.
    let posted = || channels.iter().filter(|ch| results(&fake, **ch) > 0).count();
    let deadline = Instant::now() + Duration::from_secs(60);
    while posted() < 10 {
        assert!(Instant::now() < deadline, "only {} results posted", posted());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let n = fake.requests().len();
    let asked = Instant::now();
    let id = fake.command(MEMBER, "member", channels[29], &["game", "status"], &[], false);
    let answer = fake.wait_for(n, 20, |r| r.path.starts_with(&format!("/interactions/{id}/"))).await;
    let took = answer.at - asked;
    let now_posted = posted();
    assert!(now_posted < 25, "the results were still going out ({now_posted} of 30 posted)");
    // Answers to commands are not counted against the global limit: they do not wait their turn.
    assert!(took < Duration::from_secs(1), "answered after {took:?}");
    assert!(answer.content().contains("Fall 1401"), "{}", answer.content());
    all_posted(&fake, &db, &channels, 90).await;
    assert_eq!(fake.refused(), Refused::default());
    assert!(fake.most_in_one_second() <= 4);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rate_limit_gate_serves_only_the_bot() {
    use support::flow::{ask, registered_globally, GM};
    use tokio::io::AsyncBufReadExt as _;
    let fake = FakeDiscord::start().await;
    let db = temp_dir("gate-secret").join("bot.db");
    let mut bot = support::bot::run_binary_logged(&fake, &db, "warn,chessdip::discord::gate=info");
    // The gate's address, from the bot's log; the log is kept for what it says later.
    let mut lines = tokio::io::BufReader::new(bot.stderr.take().expect("piped")).lines();
    let url = tokio::time::timeout(Duration::from_secs(60), async {
        while let Some(line) = lines.next_line().await.expect("log") {
            if line.contains("the rate-limit gate listens") {
                let at = line.find("url=").expect("the gate's url") + 4;
                return line[at..].split_whitespace().next().expect("url").to_string();
            }
        }
        panic!("the bot stopped before its gate listened");
    })
    .await
    .expect("the gate's address is logged");
    let log = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let kept = log.clone();
    tokio::spawn(async move {
        while let Ok(Some(line)) = lines.next_line().await {
            kept.lock().expect("lock").push(line);
        }
    });
    registered_globally(&fake).await;

    // Another process on the machine, even one holding the token, is refused
    // 300 times: without the secret, with a wrong one, with the right one's length.
    let other = reqwest::Client::new();
    let path = format!("{url}/api/v10/channels/{FIRST}/messages");
    for i in 0..300 {
        let mut request = other
            .post(&path)
            .header("authorization", "Bot fake-token")
            .header("content-type", "application/json")
            .body(format!(r#"{{"content": "not the bot's message {i}"}}"#));
        match i % 3 {
            0 => {}
            1 => request = request.header("x-chessdip-gate", "guessed"),
            _ => request = request.header("x-chessdip-gate", "0".repeat(32)),
        }
        let answer = request.send().await.expect("the gate answers");
        assert_eq!(answer.status().as_u16(), 403, "request {i}");
        let body: serde_json::Value =
            serde_json::from_slice(&answer.bytes().await.expect("body")).expect("a JSON refusal");
        assert!(
            body["message"].as_str().is_some_and(|m| m.contains("only the requests of the chessdip process")),
            "{body}"
        );
    }
    // None reached Discord.
    assert_eq!(fake.with_requests(|all| all.iter().filter(|r| r.content().contains("not the bot's")).count()), 0);
    assert!(fake.with_requests(|all| all.iter().all(|r| r.path != format!("/channels/{FIRST}/messages"))));

    // The bot's own requests still go through: a command is answered.
    let answer = ask(&fake, (GM, "gm"), &["game", "status"], &[], false).await;
    assert!(answer.content().contains("there is no game in this channel"), "{}", answer.content());
    // The log warns once (and at every thousandth refusal), naming no secret.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let warned: Vec<String> = log
        .lock()
        .expect("lock")
        .iter()
        .filter(|l| l.contains("refused a request that is not the bot's"))
        .cloned()
        .collect();
    assert_eq!(warned.len(), 1, "{warned:?}");
    assert!(warned[0].contains("refused=1"), "{}", warned[0]);
    let _ = bot.kill().await;
}
