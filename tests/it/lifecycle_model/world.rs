//! The world a sequence runs in: one service over one SQLite file per
//! thread, a clock the harness sets, a fresh channel per sequence, and the
//! steps themselves (a clock advance or a command line), run the way the
//! front end and the scheduler would: the command, then `tick()`.

use std::cell::RefCell;
use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Once};

use chessdip_game::store::Store;
use chessdip_game::{Caller, Clock, Reply, Service};

/// The users who moderate every channel (the front end vouches for them).
pub const MODERATORS: [&str; 2] = ["gm", "mod"];

/// Whether `user` is one of the [`MODERATORS`].
pub fn is_moderator(user: &str) -> bool {
    MODERATORS.contains(&user)
}

/// One step of a sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The clock moves forward by this many seconds.
    Advance(i64),
    /// `user` types `line` in the game's channel.
    Command {
        /// Who types it.
        user: String,
        /// What they type.
        line: String,
    },
}

impl Step {
    /// A command by `user`.
    pub fn command(user: &str, line: impl Into<String>) -> Step {
        Step::Command { user: user.to_string(), line: line.into() }
    }

    /// The command's words in lower case (none for a clock advance).
    pub fn words(&self) -> Vec<String> {
        match self {
            Step::Advance(_) => Vec::new(),
            Step::Command { line, .. } => line.split_whitespace().map(str::to_ascii_lowercase).collect(),
        }
    }

    /// The user typing, if this is a command.
    pub fn user(&self) -> Option<&str> {
        match self {
            Step::Advance(_) => None,
            Step::Command { user, .. } => Some(user),
        }
    }

    /// Whether a moderator typed a command starting with these words.
    pub fn is_moderators(&self, words: &[&str]) -> bool {
        self.user().is_some_and(is_moderator) && self.starts_with(words)
    }

    /// Whether the command starts with these (lower-case) words.
    pub fn starts_with(&self, words: &[&str]) -> bool {
        let mine = self.words();
        mine.len() >= words.len() && mine.iter().zip(words).all(|(a, b)| a == b)
    }
}

/// `1d2h3m4s`: exact, and readable by `parse_duration` (the console's `advance`).
pub fn exact_duration(secs: i64) -> String {
    let parts = [(secs / 86400, "d"), (secs % 86400 / 3600, "h"), (secs % 3600 / 60, "m"), (secs % 60, "s")];
    let text: String = parts.iter().filter(|(n, _)| *n > 0).map(|(n, u)| format!("{n}{u}")).collect();
    if text.is_empty() {
        "0s".into()
    } else {
        text
    }
}

impl fmt::Display for Step {
    /// As a `chessdip play` console line (moderators: gm and mod); new lines in a reveal shown as `\n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Advance(secs) => write!(f, "advance {}", exact_duration(*secs)),
            Step::Command { user, line } => write!(f, "{user} {}", line.replace('\n', "\\n")),
        }
    }
}

/// A clock the harness sets at the start of each sequence and moves forward.
#[derive(Debug, Default)]
pub struct TestClock(AtomicI64);

impl TestClock {
    fn set(&self, t: i64) {
        self.0.store(t, Ordering::SeqCst);
    }
    fn advance(&self, secs: i64) {
        self.0.fetch_add(secs, Ordering::SeqCst);
    }
}

impl Clock for TestClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// What running a step gave: the replies to the command and the scheduler's announcements for this channel.
#[derive(Debug, Default)]
pub struct Ran {
    /// The command's replies, then the tick's.
    pub replies: Vec<Reply>,
    /// A panic (its message and place) in the command or the tick, or the tick's error.
    pub crashed: Option<String>,
}

/// One service over one database file, reused by the sequences of a thread.
pub struct World {
    service: Service,
    /// The same database, opened beside the service: what the checks read.
    store: Store,
    clock: Arc<TestClock>,
    path: PathBuf,
    sequences: usize,
    channel: String,
}

impl World {
    /// A world over a new database file `name` in the temporary directory.
    pub fn open(name: &str) -> World {
        install_panic_hook();
        let path = std::env::temp_dir().join(format!("chessdip-model-{}-{name}.db", std::process::id()));
        remove_db(&path);
        let clock = Arc::new(TestClock::default());
        let service = Service::new(Store::open(&path).expect("open the model's database"), clock.clone());
        let store = Store::open(&path).expect("open the model's database beside the service");
        World { service, store, clock, path, sequences: 0, channel: String::new() }
    }

    /// The service.
    pub fn service(&self) -> &Service {
        &self.service
    }

    /// The database, opened beside the service.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The current sequence's channel.
    pub fn channel(&self) -> &str {
        &self.channel
    }

    /// Now, by the service's clock.
    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// Starts a sequence: the clock at `start`, a channel nobody used.
    pub fn begin(&mut self, start: i64) {
        self.forget();
        self.sequences += 1;
        self.clock.set(start);
        self.channel = format!("model-{}", self.sequences);
    }

    /// Deletes the current channel's games (so that later ticks do not see them).
    fn forget(&self) {
        if self.channel.is_empty() {
            return;
        }
        let deleted = self.store.write(|c| {
            // The tables of absence, extend votes and records keep their game's rows (no cascade): they go first.
            for table in [
                "grace_used",
                "civil_disorder",
                "early_forces",
                "seat_events",
                "extend_votes",
                "vote_extensions",
                "reliability",
            ] {
                c.execute(
                    &format!("DELETE FROM {table} WHERE game_id IN (SELECT id FROM games WHERE channel_id = ?1)"),
                    [&self.channel],
                )
                .map_err(chessdip_game::store::StoreError::from)?;
            }
            c.execute("DELETE FROM games WHERE channel_id = ?1", [&self.channel])
                .map_err(chessdip_game::store::StoreError::from)
        });
        deleted.expect("delete a finished sequence's game");
    }

    /// Runs one step and then the scheduler's tick, catching panics.
    pub fn run(&self, step: &Step) -> Ran {
        let mut ran = Ran::default();
        let command = catching(|| match step {
            Step::Advance(secs) => {
                self.clock.advance(*secs);
                Vec::new()
            }
            Step::Command { user, line } => {
                let caller = if is_moderator(user) { Caller::moderator(user) } else { Caller::player(user) };
                self.service.command(&self.channel, "guild", &caller, line)
            }
        });
        match command {
            Ok(replies) => ran.replies = replies,
            Err(p) => {
                ran.crashed = Some(format!("the command panicked: {p}"));
                return ran;
            }
        }
        match catching(|| self.service.tick()) {
            Ok(Ok(ticked)) => {
                ran.replies.extend(ticked.into_iter().filter(|(c, _)| *c == self.channel).map(|(_, r)| r));
            }
            Ok(Err(e)) => ran.crashed = Some(format!("tick() failed: {e}")),
            Err(p) => ran.crashed = Some(format!("tick() panicked: {p}")),
        }
        ran
    }
}

impl Drop for World {
    fn drop(&mut self) {
        remove_db(&self.path);
    }
}

fn remove_db(path: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
}

thread_local! {
    /// Set while a step runs: a panic's message is kept here instead of printed.
    static CAUGHT: RefCell<Option<Option<String>>> = const { RefCell::new(None) };
}

/// Keeps the default panic output for the harness itself but not for the steps it runs.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let quiet = CAUGHT.with(|c| {
                let mut c = c.borrow_mut();
                match c.as_mut() {
                    Some(slot) => {
                        let at = info.location().map_or(String::new(), |l| format!(" at {}:{}", l.file(), l.line()));
                        let msg = info
                            .payload()
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| info.payload().downcast_ref::<String>().cloned())
                            .unwrap_or_else(|| "(no message)".into());
                        *slot = Some(format!("{msg}{at}"));
                        true
                    }
                    None => false,
                }
            });
            if !quiet {
                default(info);
            }
        }));
    });
}

/// Runs `f`; a panic comes back as its message and place.
fn catching<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    CAUGHT.with(|c| *c.borrow_mut() = Some(None));
    let out = panic::catch_unwind(AssertUnwindSafe(f));
    let caught = CAUGHT.with(|c| c.borrow_mut().take()).flatten();
    out.map_err(|_| caught.unwrap_or_else(|| "a panic".into()))
}
