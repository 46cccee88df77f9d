//! The SQLite store: games, players, phases, orders, readiness, draw votes.
//!
//! Schema in `migrations/NNNN_*.sql`, applied at open by
//! `rusqlite_migration`. WAL, foreign keys, a busy timeout. Every write runs
//! in an immediate transaction ([`Store::write`]) so that SQLite serialises
//! writers: an order is accepted only while its phase is open, and a phase
//! is claimed for resolution with a conditional UPDATE, exactly once.
//!
//! The store is synchronous; async callers run it on a blocking thread.
//! It keeps a few connections so threads do not queue on one. Its own
//! writers take turns in a queue (`WriterQueue`) before they ask SQLite for the
//! write lock, so that a player's order waits for the transaction ahead of
//! it and no longer (SQLite's busy handler sleeps 1, 2, 5, 10 ms... between
//! tries); other processes on the same file still meet the busy timeout.

use std::path::{Path, PathBuf};
use std::sync::{Condvar, LazyLock, Mutex, PoisonError};
use std::time::Duration;

use rusqlite::{Connection, Transaction, TransactionBehavior};
use rusqlite_migration::{Migrations, M};

mod abandoned;
mod absence;
mod bots;
mod channels;
mod console;
mod extend;
mod games;
mod hashed;
mod leaderboard;
mod notify;
mod orders;
mod outbox;
mod phases;
mod proposals;
mod ratings;
mod reliability;
mod scores;
pub use abandoned::*;
pub use absence::*;
pub use bots::*;
pub use channels::*;
pub use console::*;
pub use extend::*;
pub use games::*;
pub use hashed::*;
pub use leaderboard::*;
pub use notify::*;
pub use orders::*;
pub use outbox::*;
pub use phases::*;
pub use proposals::*;
pub use ratings::*;
pub use reliability::*;
pub use scores::*;

use crate::status::{GameStatus, Stage};

/// Store errors.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite failed.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// Applying the migrations failed.
    #[error("database migration failed: {}", migration_error(.0))]
    Migration(#[from] rusqlite_migration::Error),
    /// A migration failed on its own (not racing another process).
    #[error("database migration failed: {}", migration_error(.0))]
    MigrationFailed(rusqlite_migration::Error),
    /// The database has a schema this chessdip does not know yet.
    #[error("this database was written by a newer chessdip (schema {found}; this one knows {known}): upgrade chessdip, or restore a backup")]
    TooNew {
        /// The database's schema version.
        found: usize,
        /// The newest schema this chessdip knows.
        known: usize,
    },
    /// The file has tables but no schema version: not a chessdip database, or its version was reset.
    #[error("this database has tables but no chessdip schema version (it is not a chessdip database, or its version was reset): open another file, or restore a backup")]
    Unversioned,
    /// Stored JSON did not parse (a newer or damaged database).
    #[error("stored data is unreadable: {0}")]
    Json(#[from] serde_json::Error),
}

/// The schema, in order.
pub static MIGRATIONS: LazyLock<Migrations<'static>> =
    LazyLock::new(|| Migrations::new(SOURCES.iter().map(|sql| M::up(sql)).collect()));

/// The migration files, in order (`migrations/NNNN_*.sql`).
const SOURCES: &[&str] = &[
    include_str!("../../../../migrations/0001_init.sql"),
    include_str!("../../../../migrations/0002_concessions.sql"),
    include_str!("../../../../migrations/0003_player_names.sql"),
    include_str!("../../../../migrations/0004_reminders.sql"),
    include_str!("../../../../migrations/0005_hashed_orders.sql"),
    include_str!("../../../../migrations/0006_proposals.sql"),
    include_str!("../../../../migrations/0007_missed_turns.sql"),
    include_str!("../../../../migrations/0008_board_actions.sql"),
    include_str!("../../../../migrations/0009_lifecycle.sql"),
    include_str!("../../../../migrations/0010_games_by_channel.sql"),
    include_str!("../../../../migrations/0011_outbox.sql"),
    include_str!("../../../../migrations/0012_moderation_log.sql"),
    include_str!("../../../../migrations/0013_outbox_token.sql"),
    include_str!("../../../../migrations/0014_console_clock.sql"),
    include_str!("../../../../migrations/0015_event_times.sql"),
    include_str!("../../../../migrations/0016_phase_reports.sql"),
    include_str!("../../../../migrations/0017_absence.sql"),
    include_str!("../../../../migrations/0018_reliability_counted.sql"),
    include_str!("../../../../migrations/0019_vote_extensions.sql"),
    include_str!("../../../../migrations/0020_scores.sql"),
    include_str!("../../../../migrations/0021_ratings.sql"),
    include_str!("../../../../migrations/0022_records.sql"),
    include_str!("../../../../migrations/0023_abandoned.sql"),
    include_str!("../../../../migrations/0024_reliability_count_passes.sql"),
    include_str!("../../../../migrations/0025_outbox_tries.sql"),
    include_str!("../../../../migrations/0026_bots.sql"),
    include_str!("../../../../migrations/0027_game_channels.sql"),
    include_str!("../../../../migrations/0028_notify.sql"),
    include_str!("../../../../migrations/0029_components.sql"),
];

/// The newest schema version this chessdip knows.
#[must_use]
pub fn schema_version() -> usize {
    SOURCES.len()
}

/// A migration error in a sentence: SQLite's message, without the SQL that failed.
fn migration_error(e: &rusqlite_migration::Error) -> String {
    match e {
        rusqlite_migration::Error::RusqliteError { err, .. } => err.to_string(),
        other => other.to_string(),
    }
}

/// The schema version of the database behind `c`, refusing at once (without
/// migrating) one that this chessdip cannot bring up to date: written by a
/// newer chessdip, or with tables but no version.
///
/// # Errors
/// [`StoreError::TooNew`], [`StoreError::Unversioned`], or the database's error.
pub fn check_schema(c: &Connection) -> Result<usize, StoreError> {
    let (version, tables): (i64, i64) = c.query_row(
        "SELECT (SELECT user_version FROM pragma_user_version),
                (SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%')",
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let version = usize::try_from(version).unwrap_or(usize::MAX);
    if version > schema_version() {
        return Err(StoreError::TooNew { found: version, known: schema_version() });
    }
    if version == 0 && tables > 0 {
        return Err(StoreError::Unversioned);
    }
    Ok(version)
}

/// A stored game.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// Row id.
    pub id: i64,
    /// The Discord channel (or console channel) the game lives in.
    pub channel: String,
    /// The guild.
    pub guild: String,
    /// Variant id.
    pub variant: String,
    /// Settings, JSON.
    pub settings: String,
    /// Lifecycle.
    pub status: GameStatus,
    /// Who created it (a moderator of the game).
    pub created_by: String,
    /// When.
    pub created_at: i64,
    /// How it ended, if it did.
    pub ended: Option<String>,
    /// The current phase's sequence number (0 before the start; once a
    /// phase's result ended the game, that last resolved phase).
    pub phase_seq: i64,
    /// The position the game ended in (versioned JSON): the one a phase's
    /// result left, or the position of the phase it ended during.
    pub final_state: Option<String>,
    /// When it ended (unix seconds; unknown for games ended before this was recorded).
    pub ended_at: Option<i64>,
    /// The phase it ended in: the phase being played when a vote, a
    /// concession, a forfeit or a moderator ended it, or the last phase,
    /// whose result ended it.
    pub ended_seq: Option<i64>,
}

/// A stored phase.
#[derive(Clone, Debug)]
pub struct PhaseRow {
    /// Sequence number from 1.
    pub seq: i64,
    /// Display name (`Spring 1601`).
    pub name: String,
    /// The position at the start of the phase, versioned JSON.
    pub state: String,
    /// Still taking orders?
    pub open: bool,
    /// Deadline, unix seconds.
    pub deadline: Option<i64>,
    /// Seconds left when the game was paused.
    pub paused_left: Option<i64>,
    /// The resolution report, versioned JSON, once resolved.
    pub report: Option<String>,
    /// The rules' report of the resolution (`rules::any::Report`, versioned
    /// JSON), once resolved: what its images are drawn from.
    pub resolution: Option<String>,
    /// Where a hashed game's phase is: committing or revealing (`Orders` otherwise).
    pub stage: Stage,
    /// Undone by a moderator's rollback (kept as history).
    pub rolled_back: bool,
    /// When it was resolved, unix seconds.
    pub resolved_at: Option<i64>,
}

/// A stored order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderRow {
    /// The power's name.
    pub power: String,
    /// What the order occupies (a piece's square; `waive:N`).
    pub slot: String,
    /// The order, in its game's canonical form.
    pub text: String,
    /// Who sent it.
    pub submitted_by: String,
    /// When, unix seconds (as stored; a new order is stamped when it is put).
    pub submitted_at: i64,
}

/// The database.
#[derive(Debug)]
pub struct Store {
    path: PathBuf,
    idle: Mutex<Vec<Connection>>,
    writers: WriterQueue,
}

/// A first-come, first-served queue of this process's writers: a ticket
/// lock. A writer draws a ticket and waits until it is served; the one
/// before it hands over as it commits. Unlike a mutex, a thread writing in
/// a loop (the scheduler resolving a storm of due games, one transaction
/// each) cannot take its turn again ahead of a player's order that was
/// already waiting.
#[derive(Debug, Default)]
struct WriterQueue {
    /// (next ticket to hand out, ticket being served).
    tickets: Mutex<(u64, u64)>,
    served: Condvar,
}

impl WriterQueue {
    /// Waits for this writer's turn; the turn ends when the guard is dropped.
    ///
    /// A write begun inside another on the same thread (which SQLite would
    /// refuse after its busy timeout, the outer transaction holding the
    /// lock) takes no turn, so it fails as it always did instead of waiting
    /// for itself forever.
    fn take(&self) -> Option<Turn<'_>> {
        if IN_TURN.get() {
            debug_assert!(false, "a write inside a write on the same thread");
            return None;
        }
        let mut t = self.tickets.lock().unwrap_or_else(PoisonError::into_inner);
        let mine = t.0;
        t.0 += 1;
        while t.1 != mine {
            t = self.served.wait(t).unwrap_or_else(PoisonError::into_inner);
        }
        IN_TURN.set(true);
        Some(Turn(self))
    }
}

thread_local! {
    /// Whether this thread holds a writer's turn.
    static IN_TURN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A writer's turn ([`WriterQueue::take`]), passed on when dropped (a panic included).
struct Turn<'a>(&'a WriterQueue);

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        IN_TURN.set(false);
        self.0.tickets.lock().unwrap_or_else(PoisonError::into_inner).1 += 1;
        self.0.served.notify_all();
    }
}

impl Store {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    ///
    /// # Errors
    /// If the file cannot be opened or migrated.
    ///
    /// Several processes may open a new database at the same moment: the
    /// migrations run in one transaction each, and a process that loses the
    /// race (the schema created by the other after it read the version, or
    /// the file locked) waits and tries again, so it finds the schema up to
    /// date. A database this chessdip cannot migrate (a newer schema, tables
    /// without a version) is refused at once ([`check_schema`]).
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        const ATTEMPTS: u32 = 40;
        let mut attempt = 0;
        loop {
            attempt += 1;
            let mut before = None;
            let opened = connect(path).and_then(|mut conn| {
                before = Some(check_schema(&conn)?);
                let migrated = MIGRATIONS.to_latest(&mut conn);
                if let Err(e) = migrated {
                    // Lost a race if another process moved the version meanwhile; otherwise say why at once.
                    let raced = check_schema(&conn).map_or(true, |now| Some(now) != before);
                    return Err(if raced { StoreError::Migration(e) } else { StoreError::MigrationFailed(e) });
                }
                Ok(conn)
            });
            match opened {
                Ok(conn) => {
                    return Ok(Store {
                        path: path.to_path_buf(),
                        idle: Mutex::new(vec![conn]),
                        writers: WriterQueue::default(),
                    })
                }
                Err(e) if attempt < ATTEMPTS && is_contention(&e) => {
                    tracing::debug!(attempt, error = %e, "opening the database raced another process; retrying");
                    std::thread::sleep(Duration::from_millis(20 * u64::from(attempt.min(10))));
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// The database file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn conn(&self) -> Result<Connection, StoreError> {
        let pooled = self.idle.lock().unwrap_or_else(std::sync::PoisonError::into_inner).pop();
        match pooled {
            Some(c) => Ok(c),
            None => connect(&self.path),
        }
    }

    fn give_back(&self, c: Connection) {
        let mut idle = self.idle.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if idle.len() < 8 {
            idle.push(c);
        }
    }

    /// Runs `f` in an immediate (write-locking) transaction, committed if
    /// `f` returns `Ok`, in this process's writers' turn (`WriterQueue`).
    ///
    /// # Errors
    /// `f`'s error, or the database's.
    pub fn write<T, E: From<StoreError>>(&self, f: impl FnOnce(&Transaction<'_>) -> Result<T, E>) -> Result<T, E> {
        let mut c = self.conn()?;
        let turn = self.writers.take();
        let out = (|| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate).map_err(StoreError::from)?;
            let v = f(&tx)?;
            tx.commit().map_err(StoreError::from)?;
            Ok(v)
        })();
        drop(turn);
        self.give_back(c);
        out
    }

    /// Runs `f` with a connection for reading (a deferred transaction, so it sees one snapshot).
    ///
    /// # Errors
    /// `f`'s error, or the database's.
    pub fn read<T, E: From<StoreError>>(&self, f: impl FnOnce(&Transaction<'_>) -> Result<T, E>) -> Result<T, E> {
        let mut c = self.conn()?;
        let out = (|| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Deferred).map_err(StoreError::from)?;
            let v = f(&tx)?;
            tx.commit().map_err(StoreError::from)?;
            Ok(v)
        })();
        self.give_back(c);
        out
    }
}

/// Whether opening failed because another process was opening or migrating
/// the same file at the same moment (worth another try).
fn is_contention(e: &StoreError) -> bool {
    let busy = |e: &rusqlite::Error| {
        matches!(e.sqlite_error_code(), Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked))
    };
    match e {
        StoreError::Sqlite(e) => busy(e),
        // A migration that raced another process's (`table ... already
        // exists`, the version moved meanwhile); trying again reads the
        // schema version afresh.
        StoreError::Migration(_) => true,
        // The file stayed locked (another process migrating it for long).
        StoreError::MigrationFailed(rusqlite_migration::Error::RusqliteError { err, .. }) => busy(err),
        StoreError::MigrationFailed(_) | StoreError::Json(_) | StoreError::TooNew { .. } | StoreError::Unversioned => {
            false
        }
    }
}

fn connect(path: &Path) -> Result<Connection, StoreError> {
    let c = Connection::open(path)?;
    c.busy_timeout(Duration::from_secs(10))?;
    c.pragma_update(None, "journal_mode", "WAL")?;
    c.pragma_update(None, "foreign_keys", "ON")?;
    c.pragma_update(None, "synchronous", "NORMAL")?;
    Ok(c)
}

impl Store {
    /// Copies the database to `to` with SQLite's online backup API, while
    /// other connections (this process's, or the running bot's) go on
    /// reading and writing: the copy is one consistent snapshot, with every
    /// transaction committed before it and none after.
    ///
    /// The copy is written to `to` + `.partial` and renamed to `to` once
    /// complete, so `to` is never a half-written file. An existing `to` is
    /// replaced (with any `-wal` and `-shm` files beside it, which belong
    /// to the old file): the caller decides whether that is wanted.
    ///
    /// # Errors
    /// The database cannot be read, stays busy, or the copy cannot be
    /// written; `to` is then left as it was.
    pub fn backup(&self, to: &Path) -> Result<(), StoreError> {
        /// SQLite's own error for a file operation that failed.
        fn io(what: &str, path: &Path, e: &std::io::Error) -> StoreError {
            let code = rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_IOERR);
            StoreError::Sqlite(rusqlite::Error::SqliteFailure(code, Some(format!("{what} {}: {e}", path.display()))))
        }
        let beside = |suffix: &str| {
            let mut name = to.as_os_str().to_owned();
            name.push(suffix);
            PathBuf::from(name)
        };
        let partial = beside(".partial");
        // Left over from a backup that was interrupted.
        for stale in [partial.clone(), beside(".partial-journal")] {
            match std::fs::remove_file(&stale) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(io("cannot remove", &stale, &e)),
                _ => {}
            }
        }
        let source = self.conn()?;
        let copied = copy_into(&source, &partial);
        self.give_back(source);
        if let Err(e) = copied {
            let _ = std::fs::remove_file(&partial);
            return Err(e);
        }
        for stale in [beside("-wal"), beside("-shm")] {
            match std::fs::remove_file(&stale) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(io("cannot remove", &stale, &e)),
                _ => {}
            }
        }
        std::fs::rename(&partial, to).map_err(|e| io("cannot rename the copy to", to, &e))
    }
}

/// Copies `source`'s main database into a new database file at `path`.
fn copy_into(source: &Connection, path: &Path) -> Result<(), StoreError> {
    use rusqlite::backup::{Backup, StepResult};
    let mut dest = Connection::open(path)?;
    {
        let backup = Backup::new(source, &mut dest)?;
        // All pages in one step, under one read transaction of the source:
        // WAL lets writers go on meanwhile. (In steps of a few pages, a
        // write by another connection between two steps restarts the copy,
        // and a busy bot could keep it from ever finishing.)
        let mut waits = 0;
        loop {
            match backup.step(-1)? {
                StepResult::Done => break,
                StepResult::More => {}
                _ if waits < 200 => {
                    waits += 1;
                    std::thread::sleep(Duration::from_millis(50));
                }
                _ => {
                    let code = rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY);
                    let why = "the database stayed locked for 10 s; try again".to_string();
                    return Err(StoreError::Sqlite(rusqlite::Error::SqliteFailure(code, Some(why))));
                }
            }
        }
    }
    dest.close().map_err(|(_, e)| StoreError::Sqlite(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writers_take_turns_first_come_first_served() {
        let turns = WriterQueue::default();
        let order = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            let first = turns.take().expect("a turn");
            // Writers 1 to 4 queue while the first holds its turn, each after the one before.
            for w in 1..=4 {
                let (turns, order) = (&turns, &order);
                scope.spawn(move || {
                    let _turn = turns.take().expect("a turn");
                    order.lock().expect("lock").push(w);
                });
                while turns.tickets.lock().expect("lock").0 <= w {
                    std::thread::yield_now();
                }
            }
            drop(first);
        });
        assert_eq!(*order.lock().expect("lock"), vec![1, 2, 3, 4]);
        let t = turns.tickets.lock().expect("lock");
        assert_eq!(t.0, t.1, "every turn handed back");
    }

    #[test]
    fn a_writer_in_a_loop_cannot_keep_a_waiting_order_out() {
        // The scheduler resolving a storm writes in a loop; an order arriving
        // meanwhile is written after at most the transaction in progress.
        let dir = std::env::temp_dir().join(format!("chessdip-turns-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("t.db");
        let _ = std::fs::remove_file(&path);
        let s = Store::open(&path).expect("open");
        s.write(|c| c.execute_batch("CREATE TABLE n (i INTEGER)").map_err(StoreError::from)).expect("table");
        // Two connections kept, so that the order does not open one meanwhile.
        s.read(|_| s.read(|_| Ok::<_, StoreError>(()))).expect("two connections");
        let written = std::sync::atomic::AtomicUsize::new(0);
        let (asked, done) = (Mutex::new(None), Mutex::new(None));
        std::thread::scope(|scope| {
            scope.spawn(|| {
                for i in 0..400 {
                    s.write(|c| {
                        c.execute("INSERT INTO n VALUES (?1)", [i64::try_from(i).expect("small")])
                            .map_err(StoreError::from)?;
                        std::thread::sleep(Duration::from_micros(50));
                        Ok::<_, StoreError>(())
                    })
                    .expect("loop write");
                    written.store(i + 1, std::sync::atomic::Ordering::SeqCst);
                }
            });
            while written.load(std::sync::atomic::Ordering::SeqCst) < 100 {
                std::thread::yield_now();
            }
            *asked.lock().expect("lock") = Some(written.load(std::sync::atomic::Ordering::SeqCst));
            s.write(|c| c.execute("INSERT INTO n VALUES (-1)", []).map_err(StoreError::from)).expect("order");
            *done.lock().expect("lock") = Some(written.load(std::sync::atomic::Ordering::SeqCst));
        });
        let (asked, done) =
            (asked.into_inner().expect("lock").expect("asked"), done.into_inner().expect("lock").expect("done"));
        assert!(done <= asked + 2, "the order waited for {} of the loop's writes", done - asked);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn migrations_are_valid() {
        MIGRATIONS.validate().expect("migrations");
    }

    #[test]
    fn every_migration_file_is_applied() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations");
        let files = std::fs::read_dir(dir)
            .expect("migrations dir")
            .filter(|e| e.as_ref().is_ok_and(|e| e.path().extension().is_some_and(|x| x == "sql")));
        assert_eq!(files.count(), SOURCES.len(), "list every migrations/*.sql file in SOURCES");
    }

    #[test]
    fn one_live_game_per_channel_and_exactly_once_claims() {
        let dir = std::env::temp_dir().join(format!("chessdip-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("t.db");
        let _ = std::fs::remove_file(&path);
        let s = Store::open(&path).expect("open");
        let id = s.write(|c| insert_game(c, "chan", "g", "chessdip", "{}", "gm", 0)).expect("insert").expect("created");
        let again: Option<i64> = s.write(|c| insert_game(c, "chan", "g", "chessdip", "{}", "gm", 0)).expect("insert");
        assert_eq!(again, None, "a second live game in one channel is refused");
        s.write(|c| open_phase(c, id, 1, "Spring 1", "{}", Some(10), Stage::Orders)).expect("phase");
        assert!(s.write(|c| close_phase(c, id, 1, "{}", "{}", 11)).expect("claim"));
        assert!(!s.write(|c| close_phase(c, id, 1, "{}", "{}", 12)).expect("claim"), "claimed once only");
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn two_databases_give_the_same_row_ids_different_tokens() {
        let dir = std::env::temp_dir().join(format!("chessdip-store-token-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let item = NewItem {
            channel: "chan",
            user: None,
            game: None,
            text: "Spring 1 resolved",
            deadline: None,
            images: "[]",
            mentions: "[]",
            components: "[]",
            edits: None,
        };
        let mut tokens = Vec::new();
        for name in ["a.db", "b.db"] {
            let path = dir.join(name);
            let _ = std::fs::remove_file(&path);
            let s = Store::open(&path).expect("open");
            let id = s.write(|c| push_outbox(c, &item, 100)).expect("push");
            assert_eq!(id, 1);
            let all = s.read(|c| outbox_pending_all(c)).expect("read");
            let token = all[0].token.clone();
            assert!(token.len() == 6 && token.chars().all(|c| c.is_ascii_hexdigit()), "{token}");
            tokens.push(token);
            let _ = std::fs::remove_file(&path);
        }
        // Random: equal once in 16.7 million.
        assert_ne!(tokens[0], tokens[1], "the same row id, the same second, different tokens");
    }
}
