//! The deadline storm: many games due at the same moment, resolved and
//! posted by the real `chessdip run` binary against the fake Discord, which
//! enforces Discord's rate limits. Two shapes:
//!
//! - **at once**: the bot is running and N games fall due in the same second;
//! - **catch-up**: the bot was down while N games passed their deadlines
//!   (spread over the downtime), and is started.
//!
//! Each run reports the time from the deadline (or the restart) to the first
//! and the last result posted, the requests answered 429, the most requests
//! in any one second, the bot's CPU time and peak memory, and the latency of
//! orders sent by slash command to other games during the storm (twenty a
//! second): from the gateway event to the answer, and inside the bot (its
//! `command handled` log lines: the wait for a thread and the service's own
//! time, transaction included). The cost of
//! one resolution, split into the rules, the rest of the resolution (storage,
//! texts) and the drawing of stills and animation, is measured in this
//! process on the same games.
//!
//! `cargo test --test storm` runs a storm of 20 (a few seconds) and checks
//! that every result is posted once, never a global 429, and results in
//! deadline order; and the same storm of every kind of game with bots in
//! half the seats, whose results come as soon whether the bots think 500 ms
//! about each phase the storm opens or 1 ms. The figures for N = 100 and 1,000 (`docs/scaling.md`):
//!
//! ```text
//! cargo test --release --test storm -- --ignored --nocapture
//! CHESSDIP_STORM_N=100 cargo test --release --test storm -- --ignored --nocapture
//! ```
//!
//! `drawing_figures` (ignored too) times what one user asking for four
//! timelapses of a 2,000-phase game (`CHESSDIP_LAPSE_PHASES`) does to
//! another player's `/game board` and to another game's result
//! (`tests/it/discord_drawing.rs` runs it on a 100-phase game).
#![cfg(feature = "discord")]

use crate::support;

use crate::support::scratch;

use crate::support::drawing;

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chessdip_game::store::Store;
use chessdip_game::{Caller, Clock, ManualClock, Service, SystemClock, Visibility};
use serde_json::json;
use support::bot::run_binary_logged_with;
use support::fake_discord::{FakeDiscord, Request, APP};
use support::flow::{callback_of, temp_db, ALICE, BOB};

/// The storm games' channels: `STORM + i`.
const STORM: u64 = 5_000_000_000_000_000;
/// The calm games' channels (players send orders there during the storm): `CALM + i`.
const CALM: u64 = 5_100_000_000_000_000;
const CALM_GAMES: u64 = 3;

/// The variants of a mixed storm, in turn. Chess Wheel+ is left out: its
/// phases end with its players' commit and reveal windows, not at one deadline.
const MIX: &[&str] = &["chessdip", "chesspolitik4", "chesspolitik2", "diplomacy-chess", "diplomat-chess"];

/// Every power moving in Chess Dip's first spring (ten moves): a busy animation.
const CHESSDIP_OPENING: &[(&str, &str, &str)] = &[
    ("e", "England", "c2 - c4, N b1 - a3, K d1 - d2"),
    ("i", "Italy", "e2 - e4, B f1 - d3, K e1 - f2"),
    ("f", "France", "e7 - e5, N g8 - f6, K e8 - e7"),
    ("s", "Scandinavia", "d7 - d5, K d8 - d7"),
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shape {
    /// The bot running, every game due in the same second.
    AtOnce,
    /// The bot down while the games passed their deadlines (one a second, the oldest first), then started.
    CatchUp,
}

struct Storm {
    n: usize,
    mixed: bool,
    shape: Shape,
    /// Bots seated in every game (half its powers, the other half people),
    /// thinking this many milliseconds at most about a decision: they play
    /// each phase the storm opens as it opens.
    bots: Option<u32>,
}

#[derive(Debug, Clone)]
struct Figures {
    first: f64,
    last: f64,
    posted: usize,
    twice: usize,
    refused_global: usize,
    refused_route: usize,
    requests: usize,
    most_in_one_second: usize,
    cpu: f64,
    peak_mb: f64,
    idle_mb: f64,
    /// Orders sent by slash command during the storm, from the gateway event to the answer (ms).
    orders: Vec<f64>,
    /// The bot's own time in the service for each of those orders (ms), from its log.
    service: Vec<f64>,
    /// How long each waited for a blocking thread before it (ms), from the bot's log.
    waits: Vec<f64>,
    /// How far a result came from its place in deadline order, at most (in results).
    displaced: usize,
    /// The turns the bots still owed when the bot was stopped (with bots
    /// seated: it is stopped once they owe none, or after a minute).
    owed_by_bots: usize,
}

fn run_line(s: &Service, channel: &str, who: &str, line: &str) {
    let caller = if who == "gm" { Caller { moderator: true, ..Caller::player("gm") } } else { Caller::player(who) };
    let replies = s.command(channel, "storm", &caller, line);
    let text: String = replies.iter().map(|r| r.text.as_str()).collect();
    let done = match line.split_whitespace().next() {
        Some("orders") => text.contains("ccepted"),
        Some("join") => text.contains("joins as"),
        _ => !replies.iter().all(|r| r.visibility == Visibility::Private),
    };
    assert!(done, "{who} {line}: {text}");
}

/// Creates game `i` of the storm in its channel and starts it, with its
/// players' orders in; with `bots`, bots play half its powers (England and
/// Italy, two of four, England, Black) and the people the rest.
fn storm_game(s: &Service, i: usize, mixed: bool, bots: bool) {
    let ch = (STORM + i as u64).to_string();
    let variant = if mixed { MIX[i % MIX.len()] } else { "chessdip" };
    let seated = match (bots, variant) {
        (false, _) => "",
        (true, "chessdip") => " bots=England,Italy",
        (true, "chesspolitik4") => " bots=2",
        (true, "chesspolitik2") => " bots=England",
        (true, _) => " bots=Black",
    };
    run_line(s, &ch, "gm", &format!("game create {variant} movement=48h grace=0 cd-after=off{seated}"));
    let person = |power: &str| !(bots && ["England", "Italy", "Black"].contains(&power));
    match variant {
        "chessdip" => {
            for (who, power, _) in CHESSDIP_OPENING.iter().filter(|(_, p, _)| person(p)) {
                run_line(s, &ch, who, &format!("join {power}"));
            }
            run_line(s, &ch, "gm", "game start");
            for (who, _, orders) in CHESSDIP_OPENING.iter().filter(|(_, p, _)| person(p)) {
                run_line(s, &ch, who, &format!("orders {orders}"));
            }
        }
        "chesspolitik4" => {
            for who in ["a", "b", "c", "d"].iter().skip(if bots { 2 } else { 0 }) {
                run_line(s, &ch, who, "join");
            }
            run_line(s, &ch, "gm", "game start");
        }
        "chesspolitik2" => {
            run_line(s, &ch, "a", "join France");
            if person("England") {
                run_line(s, &ch, "b", "join England");
            }
            run_line(s, &ch, "gm", "game start");
            run_line(s, &ch, "a", "orders K c1 - c2");
        }
        _ => {
            run_line(s, &ch, "a", "join White");
            if person("Black") {
                run_line(s, &ch, "b", "join Black");
            }
            run_line(s, &ch, "gm", "game start");
            if variant == "diplomacy-chess" {
                run_line(s, &ch, "a", "orders e4");
                if person("Black") {
                    run_line(s, &ch, "b", "orders e5");
                }
            } else {
                run_line(s, &ch, "a", "orders d3");
            }
        }
    }
}

/// Writes the storm's games into `db`: game `i` due at `due[i]` (unix
/// seconds), and the calm games (ALICE and BOB in Chesspolitik 2, due in a week).
fn prepare(db: &Path, storm: &Storm, due: &[i64]) {
    let first = due.iter().min().copied().unwrap_or(0);
    let clock = Arc::new(ManualClock::new(first - 48 * 3600));
    let s = Service::new(Store::open(db).expect("db"), clock.clone());
    for (i, &d) in due.iter().enumerate() {
        let at = clock.now();
        clock.advance(d - 48 * 3600 - at);
        storm_game(&s, i, storm.mixed, storm.bots.is_some());
        // The bots' turns, as a running bot would have played them when the phase opened.
        s.play_bots(Duration::from_millis(500)).expect("the bots play");
    }
    for i in 0..CALM_GAMES {
        let ch = (CALM + i).to_string();
        run_line(&s, &ch, "gm", "game create chesspolitik2 movement=7d grace=0 cd-after=off");
        run_line(&s, &ch, &ALICE.to_string(), "join France");
        run_line(&s, &ch, &BOB.to_string(), "join England");
        run_line(&s, &ch, "gm", "game start");
    }
    // The setup's announcements, which a real bot would have posted long before the storm.
    scratch::mark_delivered(&s);
}

/// The bot process's CPU seconds and peak resident memory (MB), from /proc.
fn process_use(pid: u32) -> (f64, f64) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit_once(") ").map_or(Vec::new(), |(_, rest)| rest.split(' ').collect());
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the name), in ticks of 1/100 s.
    let ticks: f64 = [11, 12].iter().filter_map(|&k| fields.get(k)?.parse::<f64>().ok()).sum();
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let hwm = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .unwrap_or(0.0);
    (ticks / 100.0, hwm / 1024.0)
}

/// Whether `r` is a message posted in storm game `i`'s channel: its result
/// (the setup's announcements were never posted, and nothing else falls due).
fn result_of(r: &Request) -> Option<usize> {
    let ch: u64 = r.path.strip_prefix("/channels/")?.strip_suffix("/messages")?.parse().ok()?;
    let i = ch.checked_sub(STORM)?;
    (r.method == "POST" && r.created && i < 1_000_000).then_some(i as usize)
}

/// Runs one storm and measures it.
async fn storm(storm: &Storm) -> Figures {
    let _alone = crate::support::heavy().await;
    let fake = FakeDiscord::start().await;
    // Uploads are kept as their first bytes only: a storm's images would fill this process's memory.
    fake.light_files(true);
    let db = temp_db(&format!("storm-{}-{:?}-{}-{:?}", storm.n, storm.shape, storm.mixed, storm.bots));
    let now = SystemClock.now();
    // At once: all due 8 s from now (time to start the bot); catch-up: one a second, the last 2 s ago.
    let n = i64::try_from(storm.n).expect("n");
    let due: Vec<i64> = match storm.shape {
        Shape::AtOnce => vec![now + 8; storm.n],
        Shape::CatchUp => (0..n).map(|i| now - 2 - (n - 1 - i)).collect(),
    };
    let prepared = Instant::now();
    prepare(&db, storm, &due);
    eprintln!("storm of {}: {} games prepared in {:.1} s", storm.n, storm.n, prepared.elapsed().as_secs_f64());
    // Unix time to the test's clock, to the millisecond.
    let unix0 = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("after 1970").as_secs_f64();
    let instant0 = Instant::now();
    let at = |t: i64| {
        let d = t as f64 - unix0;
        if d >= 0.0 {
            instant0 + Duration::from_secs_f64(d)
        } else {
            instant0 - Duration::from_secs_f64(-d)
        }
    };
    let think: Vec<(&str, String)> = storm.bots.iter().map(|ms| ("CHESSDIP_BOT_THINK_MS", ms.to_string())).collect();
    let mut bot = run_binary_logged_with(&fake, &db, "warn,chessdip::discord::commands=debug", &think);
    let pid = bot.id().expect("pid");
    let timed = read_command_times(bot.stderr.take().expect("piped"));
    fake.wait_for(0, 120, |r| r.method == "PUT" && r.path == format!("/applications/{APP}/commands")).await;
    let (_, idle_mb) = process_use(pid);
    let (cpu0, _) = process_use(pid);
    let started = Instant::now();
    // The storm begins at the (last) deadline, or now for a catch-up.
    let begins = match storm.shape {
        Shape::AtOnce => at(due[0]),
        Shape::CatchUp => started,
    };
    // An untimed first order: the bot's command path warmed, its statements prepared.
    let n = fake.requests().len();
    let id = fake.command(ALICE, "alice", CALM, &["orders", "submit"], &[("text", json!("K c1 - c2"))], false);
    fake.wait_for(n, 60, callback_of(&id)).await;
    let logged = Instant::now() + Duration::from_secs(10);
    while timed.lock().expect("lock").is_empty() && Instant::now() < logged {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let warmed = timed.lock().expect("lock").len();
    assert_eq!(warmed, 1, "the warm-up order is logged with its times");
    // The orders sent during the storm: interaction id and when it was sent.
    let mut sent: Vec<(String, Instant)> = Vec::new();
    let mut k = 0u64;
    let give_up = Instant::now() + Duration::from_secs(900);
    let mut last_report = Instant::now();
    loop {
        let posted: usize = fake.with_requests(|all| {
            let mut seen = vec![false; storm.n];
            for i in all.iter().filter_map(result_of) {
                seen[i] = true;
            }
            seen.iter().filter(|s| **s).count()
        });
        if posted == storm.n || Instant::now() > give_up {
            break;
        }
        if last_report.elapsed() > Duration::from_secs(10) {
            eprintln!("storm of {}: {posted} results posted after {:.0} s", storm.n, started.elapsed().as_secs_f64());
            last_report = Instant::now();
        }
        // Players send orders to the calm games, twenty a second, as players
        // of other games do during a storm (not waiting for each answer).
        if Instant::now() + Duration::from_secs(1) >= begins {
            let ch = CALM + k % CALM_GAMES;
            let (who, name, line) = if k % 2 == 0 { (ALICE, "alice", "K c1 - c2") } else { (BOB, "bob", "K d6 - d5") };
            let id = fake.command(who, name, ch, &["orders", "submit"], &[("text", json!(line))], false);
            sent.push((id, Instant::now()));
            k += 1;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (cpu1, peak_mb) = process_use(pid);
    // Every order sent is answered, and logged, before the bot is stopped.
    let answered = |all: &[Request]| {
        let ids: std::collections::HashSet<&str> = all
            .iter()
            .filter(|r| r.method == "POST")
            .filter_map(|r| r.path.strip_prefix("/interactions/")?.split('/').next())
            .collect();
        sent.iter().filter(|(id, _)| ids.contains(id.as_str())).count()
    };
    let patience = Instant::now() + Duration::from_secs(30);
    while (fake.with_requests(answered) < sent.len() || timed.lock().expect("lock").len() < warmed + sent.len())
        && Instant::now() < patience
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The bots play the phases the storm opened; the storm is over once they have.
    let owed = || {
        let store = Store::open(&db).expect("db");
        store.read(|c| chessdip_game::store::owed_bot_turns(c, 10_000)).expect("owed turns").len()
    };
    let patience = Instant::now() + Duration::from_secs(60);
    while storm.bots.is_some() && owed() > 0 && Instant::now() < patience {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let owed_by_bots = owed();
    let _ = bot.kill().await;
    let requests = fake.requests();
    let answers: HashMap<&str, Instant> = requests
        .iter()
        .filter(|r| r.method == "POST")
        .filter_map(|r| Some((r.path.strip_prefix("/interactions/")?.split('/').next()?, r.at)))
        .collect();
    let orders: Vec<f64> = sent
        .iter()
        .map(|(id, at)| {
            answers.get(id.as_str()).map_or(f64::INFINITY, |t| t.duration_since(*at).as_secs_f64() * 1000.0)
        })
        .collect();
    let (service, waits): (Vec<f64>, Vec<f64>) = timed.lock().expect("lock").iter().skip(warmed).copied().unzip();
    assert_eq!(service.len(), sent.len(), "every order sent during the storm was handled and logged");
    let mut times: HashMap<usize, Vec<Instant>> = HashMap::new();
    for r in &requests {
        if let Some(i) = result_of(r) {
            times.entry(i).or_default().push(r.at);
        }
    }
    let firsts: Vec<(usize, Instant)> = times.iter().map(|(i, t)| (*i, *t.iter().min().expect("a post"))).collect();
    let since = |t: Instant| t.saturating_duration_since(begins).as_secs_f64();
    let first = firsts.iter().map(|(_, t)| since(*t)).fold(f64::INFINITY, f64::min);
    let last = firsts.iter().map(|(_, t)| since(*t)).fold(0.0, f64::max);
    // Deadline order: the posting order against the games' order (their deadlines, oldest first).
    let mut by_post = firsts.clone();
    by_post.sort_by_key(|(i, t)| (*t, *i));
    if std::env::var_os("CHESSDIP_STORM_ORDER").is_some() {
        let outbox: Vec<String> = by_post.iter().map(|(i, _)| i.to_string()).collect();
        eprintln!("posted in the order of games {}", outbox.join(" "));
    }
    let displaced = by_post.iter().enumerate().map(|(place, (i, _))| place.abs_diff(*i)).max().unwrap_or(0);
    let refused = fake.refused();
    Figures {
        first,
        last,
        posted: times.len(),
        twice: twice(&requests),
        refused_global: refused.global,
        refused_route: refused.route,
        requests: requests.iter().filter(|r| r.counted).count(),
        most_in_one_second: fake.most_in_one_second(),
        cpu: cpu1 - cpu0,
        peak_mb,
        idle_mb,
        orders,
        service,
        waits,
        displaced,
        owed_by_bots,
    }
}

/// Reads the bot's log: the (service, wait) milliseconds of every `orders
/// submit` it handled, in order (its `command handled` lines). Other lines
/// (warnings) are passed on to this test's standard error.
fn read_command_times(stderr: tokio::process::ChildStderr) -> Arc<Mutex<Vec<(f64, f64)>>> {
    use tokio::io::AsyncBufReadExt;
    let times = Arc::new(Mutex::new(Vec::new()));
    let out = times.clone();
    tokio::spawn(async move {
        let mut lines = tokio::io::BufReader::new(stderr).lines();
        while let Ok(Some(line)) = lines.next_line().await {
            if !line.contains("command handled") {
                eprintln!("bot: {line}");
                continue;
            }
            if !line.contains("command=orders submit ") {
                continue;
            }
            let field = |key: &str| -> Option<f64> {
                let v = line.split_whitespace().find_map(|w| w.strip_prefix(key))?;
                Some(v.parse::<f64>().ok()? / 1000.0)
            };
            if let (Some(service), Some(wait)) = (field("service_us="), field("wait_us=")) {
                out.lock().expect("lock").push((service, wait));
            }
        }
    });
    times
}

/// How many results were posted twice: the same outbox part (its nonce) created twice.
fn twice(requests: &[Request]) -> usize {
    let mut seen = std::collections::HashSet::new();
    requests
        .iter()
        .filter(|r| result_of(r).is_some())
        .filter_map(|r| r.json["nonce"].as_str().map(str::to_string))
        .filter(|n| !seen.insert(n.clone()))
        .count()
}

fn percentile(v: &[f64], p: f64) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    v.get(((v.len() as f64 - 1.0) * p).round() as usize).copied().unwrap_or(f64::NAN)
}

fn show(storm: &Storm, f: &Figures) -> String {
    // An order's whole time in the bot: its wait for a thread, then the service.
    let in_bot: Vec<f64> = f.service.iter().zip(&f.waits).map(|(s, w)| s + w).collect();
    format!(
        "| {} | {} | {:?} | {:.1} s | {:.1} s | {}/{} | {} global, {} route of {} | {} | {:.1} s ({:.0} ms each) | {:.0} MB (idle {:.0}) | {:.1} / {:.1} ms ({} sent) | {:.2} / {:.2} / {:.2} ms | {:.2} / {:.2} / {:.2} ms |",
        storm.n,
        if storm.mixed { "mix" } else { "Chess Dip" },
        storm.shape,
        f.first,
        f.last,
        f.posted,
        storm.n,
        f.refused_global,
        f.refused_route,
        f.requests,
        f.most_in_one_second,
        f.cpu,
        f.cpu * 1000.0 / storm.n as f64,
        f.peak_mb,
        f.idle_mb,
        percentile(&f.orders, 0.5),
        percentile(&f.orders, 0.99),
        f.orders.len(),
        percentile(&f.service, 0.5),
        percentile(&f.service, 0.99),
        f.service.iter().copied().fold(0.0, f64::max),
        percentile(&in_bot, 0.5),
        percentile(&in_bot, 0.99),
        in_bot.iter().copied().fold(0.0, f64::max),
    )
}

/// The cost of one resolution of each storm game, in this process: the
/// rules (per adjudication), the rest of the resolution (storage, texts),
/// and drawing its stills and its animation. Milliseconds per game.
fn resolution_costs(n: usize, mixed: bool) -> [f64; 4] {
    let dir = scratch::temp_dir(&format!("storm-costs-{n}-{mixed}"));
    let due = SystemClock.now() + 60;
    let db = dir.join("g.db");
    prepare(&db, &Storm { n, mixed, shape: Shape::AtOnce, bots: None }, &vec![due; n]);
    let clock = Arc::new(ManualClock::new(due + 1));
    let s = Service::new(Store::open(&db).expect("db"), clock);
    let (runs0, rules0) = chessdip_game::costs::rules_so_far();
    let t = Instant::now();
    let resolved = s.tick().expect("tick");
    let whole = t.elapsed();
    let (runs1, rules1) = chessdip_game::costs::rules_so_far();
    assert_eq!(resolved.len(), n, "every storm game resolves, or a turn-based one's missed turn is announced");
    // A Diplomat Chess game's deadline is a missed turn: nothing to adjudicate.
    let runs = runs1 - runs0;
    assert!(runs > 0 && runs <= n as u64);
    let rules = rules1 - rules0;
    let (mut stills, mut animations) = (Duration::ZERO, Duration::ZERO);
    for d in s.outbox_heads(n + 10).expect("outbox") {
        for image in &d.reply.images {
            let t = Instant::now();
            // A phase where nothing moved has an empty animation (left out).
            std::hint::black_box(image.bytes());
            if image.is_animation() {
                animations += t.elapsed();
            } else {
                stills += t.elapsed();
            }
        }
    }
    let per = |d: Duration| d.as_secs_f64() * 1000.0 / n as f64;
    [rules.as_secs_f64() * 1000.0 / runs as f64, per(whole - rules), per(stills), per(animations)]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_storm_of_twenty_is_posted_once_in_deadline_order_without_a_global_429() {
    // Twenty Chess Dip results missed during a downtime (due a second apart),
    // then twenty games of every kind due in the same second, the bot running.
    for s in [
        Storm { n: 20, mixed: false, shape: Shape::CatchUp, bots: None },
        Storm { n: 20, mixed: true, shape: Shape::AtOnce, bots: None },
    ] {
        let f = storm(&s).await;
        eprintln!("{}", show(&s, &f));
        assert_eq!((f.posted, f.twice), (20, 0), "{f:?}");
        assert_eq!(f.refused_global, 0, "{f:?}");
        assert!(f.most_in_one_second <= 50, "{f:?}");
        // Posted oldest deadline first: the downtime's results cost alike, so none may
        // come out of turn by more than the drawings and posts in flight at once.
        if s.shape == Shape::CatchUp {
            assert!(f.displaced <= 4, "{f:?}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_storm_of_twenty_with_bots_seated_is_not_delayed_by_them() {
    // Twenty games of every kind due in the same second, bots in half their seats: the bots
    // think about every phase the storm opens, on their own low-priority threads once the
    // results are drawn. The same storm, the bots thinking their default 500 ms (Diplomacy
    // Chess uses it) or 1 ms, posts its results as fast (the thinking run goes first, on the
    // colder machine).
    let quick = Storm { n: 20, mixed: true, shape: Shape::AtOnce, bots: Some(1) };
    let thinking = Storm { bots: Some(500), ..quick };
    // Each storm twice, alternating, and the faster of the two kept: a 2-core machine
    // running other tests beside this one slows one run or another by a second.
    let mut runs = Vec::new();
    for _ in 0..2 {
        let f = storm(&thinking).await;
        eprintln!("bots thinking 500 ms: {}", show(&thinking, &f));
        let quick_f = storm(&quick).await;
        eprintln!("bots thinking 1 ms: {}", show(&quick, &quick_f));
        for g in [&quick_f, &f] {
            assert_eq!((g.posted, g.twice, g.refused_global), (20, 0, 0), "{g:?}");
            assert_eq!(g.owed_by_bots, 0, "the bots played every phase the storm opened: {g:?}");
        }
        runs.push((f, quick_f));
    }
    let fastest = |pick: fn(&(Figures, Figures)) -> &Figures| {
        runs.iter().map(pick).min_by(|a, b| a.last.total_cmp(&b.last)).cloned().expect("two runs")
    };
    let (f, quick_f) = (fastest(|r| &r.0), fastest(|r| &r.1));
    // Not delayed by their thinking: the last result comes as soon, give or take a busy machine's
    // noise (on two cores shared with the rest of the suite, the thinking itself takes CPU from the
    // drawings: a second at most). Results held back by the thinking would come 10 s later (20 phases
    // of 500 ms).
    assert!(f.last <= quick_f.last * 1.25 + 1.0, "thinking {f:?}\nquick {quick_f:?}");
    // Nor the players' orders to other games.
    let p99 = |g: &Figures| percentile(&g.orders, 0.99);
    assert!(p99(&f) <= p99(&quick_f) * 2.0 + 200.0, "thinking {f:?}\nquick {quick_f:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "minutes: the storm's figures, run with --release (see the module's note)"]
async fn storm_figures() {
    let sizes: Vec<usize> = std::env::var("CHESSDIP_STORM_N")
        .unwrap_or_else(|_| "100,1000".into())
        .split(',')
        .filter_map(|n| n.trim().parse().ok())
        .collect();
    for (what, n, mixed) in [("one Chess Dip resolution", 50, false), ("one resolution of the mix", 60, true)] {
        let [rules, rest, stills, animation] = resolution_costs(n, mixed);
        eprintln!(
            "{what}: rules {rules:.2} ms, storage and texts {rest:.2} ms, stills {stills:.1} ms, animation {animation:.1} ms"
        );
    }
    eprintln!("| N | games | shape | first | last | posted | 429s (of requests) | most in 1 s | bot CPU | peak memory | slash orders p50 / p99 | order in the service p50 / p99 / max | with its wait for a thread p50 / p99 / max |");
    for n in sizes {
        for (mixed, shape) in [(false, Shape::AtOnce), (true, Shape::AtOnce), (false, Shape::CatchUp)] {
            let s = Storm { n, mixed, shape, bots: None };
            let f = storm(&s).await;
            eprintln!("{}", show(&s, &f));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "minutes: the drawing figures, run with --release (see the module's note)"]
async fn drawing_figures() {
    let phases: usize = std::env::var("CHESSDIP_LAPSE_PHASES").ok().and_then(|n| n.parse().ok()).unwrap_or(2000);
    let fake = FakeDiscord::start().await;
    fake.light_files(false);
    let db = temp_db("drawing-figures");
    let prepared = Instant::now();
    drawing::prepare(&db, phases);
    eprintln!("a game of {phases} phases prepared in {:.1} s", prepared.elapsed().as_secs_f64());
    let (mut bot, log) = drawing::started(&fake, &db).await;
    let d = drawing::one_user_asks_for_timelapses(&fake, 4).await;
    let lapse = d.timelapses.iter().map(|(_, whole)| *whole).fold(0.0, f64::max);
    let first = d.timelapses.iter().map(|(first, _)| *first).fold(0.0, f64::max);
    for line in log.lock().expect("lock").iter() {
        eprintln!("bot: {line}");
    }
    let ms = |s: f64| format!("{:.0} ms", s * 1000.0);
    eprintln!(
        "| {phases} | 4 timelapses: first answers within {}, the GIF after {:.1} s ({} drawing) | /game board: first answer {}, with its image {} | the other game's result: {} |",
        ms(first),
        lapse,
        drawing::timelapses_drawn(&log),
        ms(d.board.0),
        ms(d.board.1),
        ms(d.result)
    );
    assert!(first < 3.0 && d.board.0 < 3.0 && d.board.1 < lapse && d.result < lapse, "{d:?}");
    let _ = bot.kill().await;
}
