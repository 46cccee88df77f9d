//! Scratch directories, and `play` consoles and services on fresh databases,
//! shared by the tests that play games through the console or the service on
//! their own store, with the usual two-player game and the console's export
//! read as JSON.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::Arc;

use chessdip::console::{Console, OffsetClock};
use chessdip_game::store::{Store, StoreError};
use chessdip_game::{Caller, ManualClock, Service};

/// A fresh, empty directory for the test `name`: under the system's temporary
/// directory, named after the calling test's file and the process, so that
/// tests running at the same time never share one.
#[track_caller]
pub fn temp_dir(name: &str) -> PathBuf {
    let file = std::panic::Location::caller().file();
    let module = Path::new(file).file_stem().and_then(|s| s.to_str()).unwrap_or("it");
    let d = std::env::temp_dir().join(format!("chessdip-{module}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// A service on the database `dir/g.db` (created if missing), telling time by `clock`.
pub fn service_on(dir: &Path, clock: &Arc<ManualClock>) -> Service {
    Service::new(Store::open(&dir.join("g.db")).expect("store"), clock.clone())
}

/// A service on the database `dir/g.db` with a manual clock set to `t`.
pub fn service_at(dir: &Path, t: i64) -> (Service, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(t));
    (service_on(dir, &clock), clock)
}

/// The store of `service`'s database, opened beside it (a second
/// connection, as another process would open it): what tests read and
/// write behind the service's back.
pub fn store_of(service: &Service) -> Store {
    Store::open(service.database()).expect("the service's database")
}

/// Marks every announcement waiting in the outbox delivered: what a bot
/// running all along would have posted before the test begins.
pub fn mark_delivered(service: &Service) {
    loop {
        let heads = service.outbox_heads(1000).expect("outbox");
        if heads.is_empty() {
            return;
        }
        for d in heads {
            service.delivered(d.item.id).expect("delivered");
        }
    }
}

/// A plain two-player Chesspolitik game in `service`'s channel `c`, created
/// by `gm` for alice (France) and bob (England), started.
pub fn plain_game(service: &Service) {
    for (who, line) in
        [("gm", "game create chesspolitik2"), ("alice", "join France"), ("bob", "join England"), ("gm", "game start")]
    {
        let _ = service.command("c", "g", &Caller::player(who), line);
    }
}

/// A console on the database `db` (created if missing) that writes its
/// images under `images`, built as `chessdip play` builds it: the store
/// opened, the service built over it, the console given the service.
pub fn open_console(db: &Path, images: PathBuf, moderators: Vec<String>) -> Result<Console, StoreError> {
    let store = Store::open(db)?;
    let offset = store
        .read(|c| chessdip_game::store::console_offset(c, chessdip_game::Clock::now(&chessdip_game::SystemClock)))?;
    let clock = Arc::new(OffsetClock::new(offset));
    Ok(Console::new(Service::new(store, clock.clone()), clock, images, moderators))
}

/// A console on the database `dir/g.db` that writes its images under
/// `dir/img`, with these moderators.
pub fn console_at(dir: &Path, moderators: &[&str]) -> Console {
    let moderators = moderators.iter().map(|m| m.to_string()).collect();
    open_console(&dir.join("g.db"), dir.join("img"), moderators).expect("console")
}

/// A console on a fresh database in the test's own directory, with no
/// moderators, that writes no images.
pub fn console(name: &str) -> Console {
    console_at(&temp_dir(name), &[]).without_images()
}

/// Runs each line on the console and returns everything it printed.
pub fn run(c: &mut Console, lines: &[&str]) -> String {
    lines.iter().map(|l| c.line(l)).collect()
}

/// A Diplomat Chess game where a missed turn forfeits, for w (White) and
/// b (Black), started and left for 61 minutes: White forfeits. What the
/// console printed as it did.
pub fn diplomat_forfeit(c: &mut Console) -> String {
    run(
        c,
        &[
            "gm game create diplomat-chess movement=1h forfeit-after=1 grace=0",
            "w join White",
            "b join Black",
            "gm game start",
        ],
    );
    c.line("advance 61m")
}

/// A two-player Chesspolitik game created by `gm` with `options` for alice
/// (France) and bob (England), started.
pub fn two_players(c: &mut Console, options: &str) {
    let out = run(c, &[&format!("gm game create chesspolitik2 {options}"), "alice join France", "bob join England"]);
    assert!(out.contains("bob joins as England"), "{out}");
    let started = c.line("gm game start");
    assert!(started.contains("The game begins: Spring 1401"), "{started}");
}

/// The game's export (`gm game export`), read as JSON.
pub fn export(c: &mut Console) -> serde_json::Value {
    let out = c.line("gm game export");
    let start = out.find('{').expect("json");
    let end = out.rfind('}').expect("json");
    serde_json::from_str(&out[start..=end].replace("\n    ", "\n")).expect("valid json")
}

/// The image files the console printed in `out` (its `image: <path>`
/// lines) whose names end with `suffix`.
pub fn written(out: &str, suffix: &str) -> Vec<PathBuf> {
    out.lines()
        .filter_map(|l| l.trim().strip_prefix("image: "))
        .filter(|p| p.ends_with(suffix))
        .map(PathBuf::from)
        .collect()
}
