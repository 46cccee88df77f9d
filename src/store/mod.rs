//! The SQLite store: games, players, phases, orders, readiness, draw votes.
//!
//! Schema in `migrations/NNNN_*.sql`, applied at open by
//! `rusqlite_migration`. WAL, foreign keys, a busy timeout. Every write runs
//! in an immediate transaction ([`Store::write`]) so that SQLite serialises
//! writers: an order is accepted only while its phase is open, and a phase
//! is claimed for resolution with a conditional UPDATE, exactly once.
//!
//! The store is synchronous; async callers run it on a blocking thread.
//! It keeps a few connections so threads do not queue on one.

use std::path::{Path, PathBuf};
use std::sync::{LazyLock, Mutex};
use std::time::Duration;

use rusqlite::{params, Connection, OptionalExtension, Transaction, TransactionBehavior};
use rusqlite_migration::{Migrations, M};

mod hashed;
mod proposals;
pub use hashed::*;
pub use proposals::*;

/// Store errors.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite failed.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// Applying the migrations failed.
    #[error("database migration failed: {0}")]
    Migration(#[from] rusqlite_migration::Error),
    /// Stored JSON did not parse (a newer or damaged database).
    #[error("stored data is unreadable: {0}")]
    Json(#[from] serde_json::Error),
}

/// The schema, in order.
pub static MIGRATIONS: LazyLock<Migrations<'static>> =
    LazyLock::new(|| Migrations::new(SOURCES.iter().map(|sql| M::up(sql)).collect()));

/// The migration files, in order (`migrations/NNNN_*.sql`).
const SOURCES: &[&str] = &[
    include_str!("../../migrations/0001_init.sql"),
    include_str!("../../migrations/0002_concessions.sql"),
    include_str!("../../migrations/0003_player_names.sql"),
    include_str!("../../migrations/0004_reminders.sql"),
    include_str!("../../migrations/0005_hashed_orders.sql"),
    include_str!("../../migrations/0006_proposals.sql"),
];

/// A game's lifecycle.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameStatus {
    /// Players are joining.
    Forming,
    /// Being played.
    Active,
    /// Deadlines frozen by a moderator.
    Paused,
    /// Over.
    Ended,
}

impl GameStatus {
    fn as_str(self) -> &'static str {
        match self {
            GameStatus::Forming => "forming",
            GameStatus::Active => "active",
            GameStatus::Paused => "paused",
            GameStatus::Ended => "ended",
        }
    }

    fn parse(s: &str) -> GameStatus {
        match s {
            "forming" => GameStatus::Forming,
            "active" => GameStatus::Active,
            "paused" => GameStatus::Paused,
            _ => GameStatus::Ended,
        }
    }
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
    /// The current phase's sequence number (0 before the start).
    pub phase_seq: i64,
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
    /// Where a hashed game's phase is: committing or revealing (`Orders` otherwise).
    pub stage: Stage,
}

/// The part of a phase that is open.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Plain orders.
    Orders,
    /// A pause before a hashed game's commit window (Chess Wheel+'s Replenish day).
    Wait,
    /// A hashed game's commit window.
    Commit,
    /// A hashed game's reveal window.
    Reveal,
}

impl Stage {
    /// The stored name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Orders => "orders",
            Stage::Wait => "wait",
            Stage::Commit => "commit",
            Stage::Reveal => "reveal",
        }
    }

    pub(crate) fn parse(s: &str) -> Stage {
        match s {
            "commit" => Stage::Commit,
            "wait" => Stage::Wait,
            "reveal" => Stage::Reveal,
            _ => Stage::Orders,
        }
    }
}

/// A stored order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderRow {
    /// The power's name.
    pub power: String,
    /// What the order occupies (a piece's square; `waive:N`).
    pub slot: String,
    /// The order as the player wrote it.
    pub text: String,
    /// Who sent it.
    pub submitted_by: String,
}

/// The database.
#[derive(Debug)]
pub struct Store {
    path: PathBuf,
    idle: Mutex<Vec<Connection>>,
}

impl Store {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    ///
    /// # Errors
    /// If the file cannot be opened or migrated.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let mut conn = connect(path)?;
        MIGRATIONS.to_latest(&mut conn)?;
        Ok(Store { path: path.to_path_buf(), idle: Mutex::new(vec![conn]) })
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

    /// Runs `f` in an immediate (write-locking) transaction, committed if `f` returns `Ok`.
    ///
    /// # Errors
    /// `f`'s error, or the database's.
    pub fn write<T, E: From<StoreError>>(&self, f: impl FnOnce(&Transaction<'_>) -> Result<T, E>) -> Result<T, E> {
        let mut c = self.conn()?;
        let out = (|| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate).map_err(StoreError::from)?;
            let v = f(&tx)?;
            tx.commit().map_err(StoreError::from)?;
            Ok(v)
        })();
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

fn connect(path: &Path) -> Result<Connection, StoreError> {
    let c = Connection::open(path)?;
    c.busy_timeout(Duration::from_secs(10))?;
    c.pragma_update(None, "journal_mode", "WAL")?;
    c.pragma_update(None, "foreign_keys", "ON")?;
    c.pragma_update(None, "synchronous", "NORMAL")?;
    Ok(c)
}

const GAME_COLUMNS: &str =
    "id, channel_id, guild_id, variant, settings, status, created_by, created_at, ended, phase_seq";

fn game_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    Ok(GameRow {
        id: r.get(0)?,
        channel: r.get(1)?,
        guild: r.get(2)?,
        variant: r.get(3)?,
        settings: r.get(4)?,
        status: GameStatus::parse(&r.get::<_, String>(5)?),
        created_by: r.get(6)?,
        created_at: r.get(7)?,
        ended: r.get(8)?,
        phase_seq: r.get(9)?,
    })
}

/// The live (not ended) game in a channel.
///
/// # Errors
/// Database errors.
pub fn live_game(c: &Connection, channel: &str) -> Result<Option<GameRow>, StoreError> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ?1 AND status != 'ended'");
    Ok(c.query_row(&sql, params![channel], game_row).optional()?)
}

/// The most recent game in a channel, live or ended.
///
/// # Errors
/// Database errors.
pub fn latest_game(c: &Connection, channel: &str) -> Result<Option<GameRow>, StoreError> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ?1 ORDER BY id DESC LIMIT 1");
    Ok(c.query_row(&sql, params![channel], game_row).optional()?)
}

/// A game by id.
///
/// # Errors
/// Database errors.
pub fn game(c: &Connection, id: i64) -> Result<Option<GameRow>, StoreError> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1");
    Ok(c.query_row(&sql, params![id], game_row).optional()?)
}

/// Creates a game; `None` if the channel already has a live one.
///
/// # Errors
/// Database errors.
pub fn insert_game(
    c: &Connection,
    channel: &str,
    guild: &str,
    variant: &str,
    settings: &str,
    created_by: &str,
    now: i64,
) -> Result<Option<i64>, StoreError> {
    let n = c.execute(
        "INSERT INTO games (channel_id, guild_id, variant, settings, status, created_by, created_at)
         VALUES (?1, ?2, ?3, ?4, 'forming', ?5, ?6) ON CONFLICT DO NOTHING",
        params![channel, guild, variant, settings, created_by, now],
    )?;
    Ok((n == 1).then(|| c.last_insert_rowid()))
}

/// Sets a game's status (and how it ended).
///
/// # Errors
/// Database errors.
pub fn set_status(c: &Connection, id: i64, status: GameStatus, ended: Option<&str>) -> Result<(), StoreError> {
    c.execute(
        "UPDATE games SET status = ?2, ended = COALESCE(?3, ended) WHERE id = ?1",
        params![id, status.as_str(), ended],
    )?;
    Ok(())
}

/// Replaces a game's settings.
///
/// # Errors
/// Database errors.
pub fn set_settings(c: &Connection, id: i64, settings: &str) -> Result<(), StoreError> {
    c.execute("UPDATE games SET settings = ?2 WHERE id = ?1", params![id, settings])?;
    Ok(())
}

/// The game's players: (power, user).
///
/// # Errors
/// Database errors.
pub fn players(c: &Connection, game: i64) -> Result<Vec<(String, String)>, StoreError> {
    let mut st = c.prepare_cached("SELECT power, user_id FROM players WHERE game_id = ?1 ORDER BY power")?;
    let rows = st.query_map(params![game], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Seats `user` as `power`, replacing whoever held it.
///
/// # Errors
/// Database errors (including the user already holding another power).
pub fn seat(c: &Connection, game: i64, power: &str, user: &str, name: &str, now: i64) -> Result<(), StoreError> {
    c.execute("DELETE FROM players WHERE game_id = ?1 AND (power = ?2 OR user_id = ?3)", params![game, power, user])?;
    c.execute(
        "INSERT INTO players (game_id, power, user_id, name, joined_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![game, power, user, name, now],
    )?;
    Ok(())
}

/// A seated player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The power played.
    pub power: String,
    /// The user id.
    pub user: String,
    /// The name the player is shown by.
    pub name: String,
}

/// The seated players with their names, by power.
///
/// # Errors
/// Database errors.
pub fn seats(c: &Connection, game: i64) -> Result<Vec<Seat>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT power, user_id, CASE name WHEN '' THEN user_id ELSE name END FROM players WHERE game_id = ?1 ORDER BY power",
    )?;
    let rows = st.query_map(params![game], |r| Ok(Seat { power: r.get(0)?, user: r.get(1)?, name: r.get(2)? }))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The live games a user plays in: (channel, variant, power), oldest first (for direct messages).
///
/// # Errors
/// Database errors.
pub fn games_of(c: &Connection, user: &str) -> Result<Vec<(String, String, String)>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT g.channel_id, g.variant, p.power FROM players p JOIN games g ON g.id = p.game_id
         WHERE p.user_id = ?1 AND g.status IN ('active', 'paused', 'forming') ORDER BY g.id",
    )?;
    let rows = st.query_map(params![user], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Removes a user from the game's seats; whether they had one.
///
/// # Errors
/// Database errors.
pub fn unseat(c: &Connection, game: i64, user: &str) -> Result<bool, StoreError> {
    Ok(c.execute("DELETE FROM players WHERE game_id = ?1 AND user_id = ?2", params![game, user])? > 0)
}

fn phase_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<PhaseRow> {
    Ok(PhaseRow {
        seq: r.get(0)?,
        name: r.get(1)?,
        state: r.get(2)?,
        open: r.get::<_, String>(3)? == "open",
        deadline: r.get(4)?,
        paused_left: r.get(5)?,
        report: r.get(6)?,
        stage: Stage::parse(&r.get::<_, String>(7)?),
    })
}

const PHASE_COLUMNS: &str = "seq, name, state, status, deadline, paused_left, report, stage";

/// A phase of a game.
///
/// # Errors
/// Database errors.
pub fn phase(c: &Connection, game: i64, seq: i64) -> Result<Option<PhaseRow>, StoreError> {
    let sql = format!("SELECT {PHASE_COLUMNS} FROM phases WHERE game_id = ?1 AND seq = ?2");
    Ok(c.query_row(&sql, params![game, seq], phase_row).optional()?)
}

/// Every phase of a game, in order.
///
/// # Errors
/// Database errors.
pub fn phases(c: &Connection, game: i64) -> Result<Vec<PhaseRow>, StoreError> {
    let sql = format!("SELECT {PHASE_COLUMNS} FROM phases WHERE game_id = ?1 ORDER BY seq");
    let mut st = c.prepare_cached(&sql)?;
    let rows = st.query_map(params![game], phase_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Opens phase `seq` with its starting position and makes it the game's current phase.
///
/// # Errors
/// Database errors.
pub fn open_phase(
    c: &Connection,
    game: i64,
    seq: i64,
    name: &str,
    state: &str,
    deadline: Option<i64>,
    stage: Stage,
) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO phases (game_id, seq, name, state, status, deadline, stage) VALUES (?1, ?2, ?3, ?4, 'open', ?5, ?6)",
        params![game, seq, name, state, deadline, stage.as_str()],
    )?;
    c.execute("UPDATE games SET phase_seq = ?2 WHERE id = ?1", params![game, seq])?;
    Ok(())
}

/// Claims an open phase for resolution and records its report; `false` if
/// it was not open (someone else resolved it first).
///
/// # Errors
/// Database errors.
pub fn close_phase(c: &Connection, game: i64, seq: i64, report: &str, now: i64) -> Result<bool, StoreError> {
    let n = c.execute(
        "UPDATE phases SET status = 'resolved', report = ?3, resolved_at = ?4
         WHERE game_id = ?1 AND seq = ?2 AND status = 'open'",
        params![game, seq, report, now],
    )?;
    Ok(n == 1)
}

/// Undoes the last resolution: deletes phase `seq` (the one it opened) and
/// reopens `seq - 1` with `deadline` (a hashed game's phase reopens for reveals).
///
/// # Errors
/// Database errors.
pub fn reopen_previous(c: &Connection, game: i64, seq: i64, deadline: Option<i64>) -> Result<(), StoreError> {
    c.execute("DELETE FROM phases WHERE game_id = ?1 AND seq = ?2", params![game, seq])?;
    c.execute(
        "UPDATE phases SET status = 'open', report = NULL, resolved_at = NULL, deadline = ?3, paused_left = NULL,
           stage = CASE stage WHEN 'orders' THEN 'orders' ELSE 'reveal' END
         WHERE game_id = ?1 AND seq = ?2",
        params![game, seq - 1, deadline],
    )?;
    c.execute("UPDATE games SET phase_seq = ?2 WHERE id = ?1", params![game, seq - 1])?;
    Ok(())
}

/// Sets a phase's deadline and paused remainder.
///
/// # Errors
/// Database errors.
pub fn set_deadline(
    c: &Connection,
    game: i64,
    seq: i64,
    deadline: Option<i64>,
    paused_left: Option<i64>,
) -> Result<(), StoreError> {
    c.execute(
        "UPDATE phases SET deadline = ?3, paused_left = ?4 WHERE game_id = ?1 AND seq = ?2",
        params![game, seq, deadline, paused_left],
    )?;
    Ok(())
}

/// Games of `status` whose open phase's deadline is at or before `now`.
///
/// # Errors
/// Database errors.
pub fn due_games(c: &Connection, now: i64) -> Result<Vec<GameRow>, StoreError> {
    let sql = format!(
        "SELECT {} FROM games g JOIN phases p ON p.game_id = g.id AND p.seq = g.phase_seq
         WHERE p.status = 'open' AND p.deadline IS NOT NULL AND p.deadline <= ?1 AND g.status = 'active'
         ORDER BY p.deadline",
        GAME_COLUMNS.split(", ").map(|c| format!("g.{c}")).collect::<Vec<_>>().join(", ")
    );
    let mut st = c.prepare_cached(&sql)?;
    let rows = st.query_map(params![now], game_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Open phases of active games due within `ahead` seconds of `now` whose
/// players have not been reminded: (game, seq). Claims them (marks them
/// reminded), so each is returned once.
///
/// # Errors
/// Database errors.
pub fn claim_reminders(c: &Connection, now: i64, ahead: i64) -> Result<Vec<(GameRow, i64)>, StoreError> {
    let sql = format!(
        "SELECT {}, p.seq FROM games g JOIN phases p ON p.game_id = g.id AND p.seq = g.phase_seq
         WHERE p.status = 'open' AND p.reminded = 0 AND p.deadline IS NOT NULL AND p.deadline - ?2 <= ?1
           AND p.deadline > ?1 AND g.status = 'active'",
        GAME_COLUMNS.split(", ").map(|c| format!("g.{c}")).collect::<Vec<_>>().join(", ")
    );
    let mut st = c.prepare_cached(&sql)?;
    let rows: Vec<(GameRow, i64)> =
        st.query_map(params![now, ahead], |r| Ok((game_row(r)?, r.get(10)?)))?.collect::<Result<_, _>>()?;
    for (g, seq) in &rows {
        c.execute("UPDATE phases SET reminded = 1 WHERE game_id = ?1 AND seq = ?2", params![g.id, seq])?;
    }
    Ok(rows)
}

/// The earliest time something is due after `now`, or now if overdue: a
/// deadline of a game that resolves at its deadline (games that wait for a
/// moderator are left alone once due), or with `ahead` > 0 a reminder
/// `ahead` seconds before a deadline whose players were not reminded.
///
/// # Errors
/// Database errors.
pub fn next_wake(c: &Connection, now: i64, ahead: i64) -> Result<Option<i64>, StoreError> {
    Ok(c.query_row(
        "SELECT MIN(t) FROM (
           SELECT p.deadline AS t FROM games g JOIN phases p ON p.game_id = g.id AND p.seq = g.phase_seq
           WHERE p.status = 'open' AND p.deadline IS NOT NULL AND g.status = 'active'
             AND (p.deadline > ?1 OR json_extract(g.settings, '$.at_deadline') IS NOT 'wait')
           UNION ALL
           SELECT p.deadline - ?2 AS t FROM games g JOIN phases p ON p.game_id = g.id AND p.seq = g.phase_seq
           WHERE ?2 > 0 AND p.status = 'open' AND p.reminded = 0 AND p.deadline IS NOT NULL AND p.deadline > ?1
             AND g.status = 'active')",
        params![now, ahead],
        |r| r.get(0),
    )?)
}

/// The orders of a phase, every power's, or one power's.
///
/// # Errors
/// Database errors.
pub fn orders(c: &Connection, game: i64, seq: i64, power: Option<&str>) -> Result<Vec<OrderRow>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT power, slot, text, submitted_by FROM orders
         WHERE game_id = ?1 AND seq = ?2 AND (?3 IS NULL OR power = ?3) ORDER BY power, submitted_at, rowid",
    )?;
    let rows = st.query_map(params![game, seq, power], |r| {
        Ok(OrderRow { power: r.get(0)?, slot: r.get(1)?, text: r.get(2)?, submitted_by: r.get(3)? })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Stores an order in its slot, replacing what was there.
///
/// # Errors
/// Database errors.
pub fn put_order(c: &Connection, game: i64, seq: i64, o: &OrderRow, now: i64) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO orders (game_id, seq, power, slot, text, submitted_by, submitted_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (game_id, seq, power, slot) DO UPDATE SET
           text = excluded.text, submitted_by = excluded.submitted_by, submitted_at = excluded.submitted_at",
        params![game, seq, o.power, o.slot, o.text, o.submitted_by, now],
    )?;
    Ok(())
}

/// Deletes a power's order in one slot, or all of them (`slot` `None`).
///
/// # Errors
/// Database errors.
pub fn delete_orders(
    c: &Connection,
    game: i64,
    seq: i64,
    power: &str,
    slot: Option<&str>,
) -> Result<usize, StoreError> {
    Ok(c.execute(
        "DELETE FROM orders WHERE game_id = ?1 AND seq = ?2 AND power = ?3 AND (?4 IS NULL OR slot = ?4)",
        params![game, seq, power, slot],
    )?)
}

/// Marks a power ready (or not).
///
/// # Errors
/// Database errors.
pub fn set_ready(c: &Connection, game: i64, seq: i64, power: &str, ready: bool) -> Result<(), StoreError> {
    if ready {
        c.execute("INSERT OR IGNORE INTO ready (game_id, seq, power) VALUES (?1, ?2, ?3)", params![game, seq, power])?;
    } else {
        c.execute("DELETE FROM ready WHERE game_id = ?1 AND seq = ?2 AND power = ?3", params![game, seq, power])?;
    }
    Ok(())
}

/// The powers marked ready.
///
/// # Errors
/// Database errors.
pub fn ready_powers(c: &Connection, game: i64, seq: i64) -> Result<Vec<String>, StoreError> {
    let mut st = c.prepare_cached("SELECT power FROM ready WHERE game_id = ?1 AND seq = ?2 ORDER BY power")?;
    let rows = st.query_map(params![game, seq], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Records (or withdraws) a power's secret draw vote for this phase.
///
/// # Errors
/// Database errors.
pub fn set_draw_vote(c: &Connection, game: i64, seq: i64, power: &str, yes: bool) -> Result<(), StoreError> {
    if yes {
        c.execute(
            "INSERT OR IGNORE INTO draw_votes (game_id, seq, power) VALUES (?1, ?2, ?3)",
            params![game, seq, power],
        )?;
    } else {
        c.execute("DELETE FROM draw_votes WHERE game_id = ?1 AND seq = ?2 AND power = ?3", params![game, seq, power])?;
    }
    Ok(())
}

/// The powers voting for a draw this phase.
///
/// # Errors
/// Database errors.
pub fn draw_votes(c: &Connection, game: i64, seq: i64) -> Result<Vec<String>, StoreError> {
    let mut st = c.prepare_cached("SELECT power FROM draw_votes WHERE game_id = ?1 AND seq = ?2")?;
    let rows = st.query_map(params![game, seq], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Records that a power concedes the game.
///
/// # Errors
/// Database errors.
pub fn concede(c: &Connection, game: i64, power: &str) -> Result<(), StoreError> {
    c.execute("INSERT OR IGNORE INTO concessions (game_id, power) VALUES (?1, ?2)", params![game, power])?;
    Ok(())
}

/// The powers that have conceded.
///
/// # Errors
/// Database errors.
pub fn concessions(c: &Connection, game: i64) -> Result<Vec<String>, StoreError> {
    let mut st = c.prepare_cached("SELECT power FROM concessions WHERE game_id = ?1")?;
    let rows = st.query_map(params![game], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid() {
        MIGRATIONS.validate().expect("migrations");
    }

    #[test]
    fn every_migration_file_is_applied() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
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
        assert!(s.write(|c| close_phase(c, id, 1, "{}", 11)).expect("claim"));
        assert!(!s.write(|c| close_phase(c, id, 1, "{}", 12)).expect("claim"), "claimed once only");
        let _ = std::fs::remove_file(&path);
    }
}
