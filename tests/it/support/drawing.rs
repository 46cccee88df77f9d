//! The games and steps of the tests of drawing on the fake Discord
//! (`tests/it/discord_drawing.rs`, and the figures of `tests/it/storm.rs`): a
//! long game whose timelapse takes a while to draw, beside a short one;
//! the binary started with its drawings logged; one user asking for
//! timelapses while another asks for the board and a third game's result
//! falls due, timed. A test that uses it declares `mod support` and `mod
//! scratch` beside it.
#![allow(dead_code)]

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chessdip_game::store::Store;
use chessdip_game::{Caller, Clock, ManualClock, Service, SystemClock};

use crate::support::bot::run_binary_logged;
use crate::support::fake_discord::{FakeDiscord, Request, APP};
use crate::support::flow::*;

/// A Chess Dip game in `channel` of `phases` resolved phases, England's
/// and France's knights wandering near home (a legal move to one of four
/// squares chosen at random each phase, so that the positions of its
/// timelapse differ as a played game's do, while nobody gains enough to
/// win), created by `gm` with alice as England, bob as France.
pub fn long_game(service: &Service, channel: &str, phases: usize) {
    let (alice, bob) = (ALICE.to_string(), BOB.to_string());
    let line = |who: &str, l: &str| {
        let replies = service.command(channel, "g", &Caller::player(who), l);
        let text: String = replies.iter().map(|r| r.text.as_str()).collect();
        assert!(!text.contains("Rejected") && !text.starts_with("error"), "{who} {l}: {text}");
    };
    line("gm", "game create chessdip movement=1d grace=0 cd-after=off animation=no");
    for (who, power) in [(alice.as_str(), "England"), (bob.as_str(), "France"), ("i", "Italy"), ("s", "Scandinavia")] {
        line(who, &format!("join {power}"));
    }
    line("gm", "game start");
    let walks = [(&alice, ["b1", "a3", "b5", "c3"]), (&bob, ["g8", "h6", "g4", "f6"])];
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..phases {
        for (who, squares) in &walks {
            let moves: Vec<String> = service
                .order_suggestions(channel, &Caller::player(who), "N ", 64)
                .into_iter()
                .filter(|m| m.rsplit(' ').next().is_some_and(|to| squares.contains(&to)))
                .collect();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            if let Some(m) = moves.get((seed % moves.len().max(1) as u64) as usize) {
                let _ = service.command(channel, "g", &Caller::player(who), &format!("orders {m}"));
            }
        }
        let forced = service.command(channel, "g", &Caller::player("gm"), "game force");
        let text: String = forced.iter().map(|r| r.text.as_str()).collect();
        assert!(text.contains(" resolved"), "the game goes on: {text}");
    }
}

/// A two-player Chesspolitik game in `channel`, started, the moderator `gm`.
pub fn short_game(service: &Service, channel: &str) {
    for (who, l) in [
        ("gm", "game create chesspolitik2 movement=1d grace=0 cd-after=off"),
        ("c", "join France"),
        ("d", "join England"),
        ("gm", "game start"),
        ("c", "orders K c1 - c2"),
    ] {
        let _ = service.command(channel, "g", &Caller::player(who), l);
    }
}

/// Writes the games into the database `db`, their announcements marked posted.
pub fn prepare(db: &Path, long: usize) {
    let service = Service::new(Store::open(db).expect("db"), Arc::new(ManualClock::new(SystemClock.now() - 3600)));
    long_game(&service, &CHANNEL.to_string(), long);
    short_game(&service, &CHANNEL2.to_string());
    crate::support::scratch::mark_delivered(&service);
}

/// Keeps the `drawn` lines of the bot's log (each drawing the pool did:
/// its images and times); other lines go to this test's standard error.
pub fn drawings_logged(bot: &mut tokio::process::Child) -> Arc<Mutex<Vec<String>>> {
    use tokio::io::AsyncBufReadExt;
    let lines = Arc::new(Mutex::new(Vec::new()));
    let out = lines.clone();
    let stderr = bot.stderr.take().expect("piped");
    tokio::spawn(async move {
        let mut read = tokio::io::BufReader::new(stderr).lines();
        while let Ok(Some(line)) = read.next_line().await {
            if line.contains(" drawn ") || line.contains("timelapse drawn") {
                out.lock().expect("lock").push(line);
            } else if !line.contains("DEBUG") {
                eprintln!("bot: {line}");
            }
        }
    });
    lines
}

/// How many timelapses were drawn so far (not found drawn before).
pub fn timelapses_drawn(log: &Arc<Mutex<Vec<String>>>) -> usize {
    log.lock().expect("lock").iter().filter(|l| l.contains("timelapse drawn")).count()
}

/// Starts the binary on `db` and waits for it to connect.
pub async fn started(fake: &FakeDiscord, db: &Path) -> (tokio::process::Child, Arc<Mutex<Vec<String>>>) {
    let mut bot =
        run_binary_logged(fake, db, "warn,chessdip::discord::draw=debug,chessdip_game::story::timelapse=debug");
    let log = drawings_logged(&mut bot);
    fake.wait_for(0, 60, |r| r.method == "PUT" && r.path == format!("/applications/{APP}/commands")).await;
    (bot, log)
}

/// The answer to interaction `id` once it has come, and when its first answer and its last came.
pub fn answered(fake: &FakeDiscord, id: &str) -> Option<(Instant, Instant, Request)> {
    let callback = format!("/interactions/{id}/");
    let followup = format!("/webhooks/{APP}/token-{id}");
    fake.with_requests(|all| {
        let first = all.iter().find(|r| r.method == "POST" && r.path.starts_with(&callback))?;
        if !deferred(first) {
            return Some((first.at, first.at, first.clone()));
        }
        let last = all.iter().find(|r| r.method == "POST" && r.path == followup)?;
        Some((first.at, last.at, last.clone()))
    })
}

/// What one user asking for `asks` timelapses of a long game in one go does
/// to another player's `/game board` and to another game's result: the
/// times from the commands to their answers (first and whole) and to the
/// result's post, in seconds.
#[derive(Debug)]
pub struct Delays {
    /// Each timelapse command: to its first answer, to its answer with the GIF.
    pub timelapses: Vec<(f64, f64)>,
    /// `/game board`: to its first answer, to its answer with the PNG.
    pub board: (f64, f64),
    /// The moderator's `/game force` in the other game: to its result posted with its images.
    pub result: f64,
}

/// Sends `asks` `/game timelapse` (carol, in the long game's channel) at
/// once, then alice's `/game board` there and a moderator's `/game force`
/// in the other game's channel, and times the answers.
pub async fn one_user_asks_for_timelapses(fake: &FakeDiscord, asks: usize) -> Delays {
    let n = fake.requests().len();
    let lapses: Vec<(String, Instant)> = (0..asks)
        .map(|_| (fake.command(CAROL, "carol", CHANNEL, &["game", "timelapse"], &[], false), Instant::now()))
        .collect();
    // Their drawing has begun (each was deferred at once): now the others ask.
    for (id, _) in &lapses {
        fake.wait_for(n, 30, callback_of(id)).await;
    }
    let board = (fake.command(ALICE, "alice", CHANNEL, &["game", "board"], &[], false), Instant::now());
    let force = Instant::now();
    fake.command(4_000_000_000_000_299, "mod", CHANNEL2, &["game", "force"], &[], true);
    let channel2 = format!("/channels/{CHANNEL2}/messages");
    let result = fake
        .wait_for(n, 120, move |r| r.created && r.path == channel2 && r.content().contains("Spring 1401 resolved"))
        .await;
    assert_eq!(result.pngs().len(), 2, "the result with its images");
    let deadline = Instant::now() + Duration::from_secs(600);
    let mut all = Vec::new();
    for (id, sent) in lapses.iter().chain(std::iter::once(&board)) {
        let (first, last, r) = loop {
            if let Some(done) = answered(fake, id) {
                break done;
            }
            assert!(Instant::now() < deadline, "no answer to {id}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        all.push((first.duration_since(*sent).as_secs_f64(), last.duration_since(*sent).as_secs_f64(), r));
    }
    let (b_first, b_last, b) = all.pop().expect("the board");
    assert!(!b.ephemeral() && b.pngs().len() == 1, "the board with its image: {}", b.content());
    let gifs: Vec<Vec<u8>> =
        all.iter().map(|(_, _, r)| r.gifs().first().map(|g| g.1.clone()).unwrap_or_default()).collect();
    assert!(gifs.iter().all(|g| !g.is_empty() && *g == gifs[0]), "every timelapse answer has the GIF");
    Delays {
        timelapses: all.iter().map(|(f, l, _)| (*f, *l)).collect(),
        board: (b_first, b_last),
        result: result.at.duration_since(force).as_secs_f64(),
    }
}
