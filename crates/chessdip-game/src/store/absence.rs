//! Absence: the grace extensions spent, the windows a moderator forced
//! before their deadline, the powers in civil disorder at a resolution,
//! and the seats that changed hands without a moderator (unseated, asked
//! for, taken over, given back by a rollback).

use rusqlite::{params, Connection};

use super::StoreError;

/// Records that phase `seq` was extended from `at` to `until` because
/// `power` (played by `user`) had sent nothing: one grace spent.
///
/// # Errors
/// Database errors.
pub fn add_grace_used(
    c: &Connection,
    game: i64,
    seq: i64,
    (power, user): (&str, &str),
    at: i64,
    until: i64,
) -> Result<(), StoreError> {
    c.execute(
        "INSERT OR IGNORE INTO grace_used (game_id, seq, power, user_id, at, until) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![game, seq, power, user, at, until],
    )?;
    Ok(())
}

/// How many grace extensions `user` has spent in `game` (whatever power they played).
///
/// # Errors
/// Database errors.
pub fn grace_spent(c: &Connection, game: i64, user: &str) -> Result<u32, StoreError> {
    let n: i64 =
        c.query_row("SELECT COUNT(*) FROM grace_used WHERE game_id = ?1 AND user_id = ?2", params![game, user], |r| {
            r.get(0)
        })?;
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

/// Whether `power` was graced in phase `seq`.
///
/// # Errors
/// Database errors.
pub fn graced(c: &Connection, game: i64, seq: i64, power: &str) -> Result<bool, StoreError> {
    let n: i64 = c.query_row(
        "SELECT COUNT(*) FROM grace_used WHERE game_id = ?1 AND seq = ?2 AND power = ?3",
        params![game, seq, power],
        |r| r.get(0),
    )?;
    Ok(n > 0)
}

/// Whether phase `seq` was extended for a late power already.
///
/// # Errors
/// Database errors.
pub fn phase_graced(c: &Connection, game: i64, seq: i64) -> Result<bool, StoreError> {
    let n: i64 =
        c.query_row("SELECT COUNT(*) FROM grace_used WHERE game_id = ?1 AND seq = ?2", params![game, seq], |r| {
            r.get(0)
        })?;
    Ok(n > 0)
}

/// The deadline phase `seq` had before its grace extension (none: not graced).
///
/// # Errors
/// Database errors.
pub fn graced_from(c: &Connection, game: i64, seq: i64) -> Result<Option<i64>, StoreError> {
    Ok(c.query_row("SELECT MIN(at) FROM grace_used WHERE game_id = ?1 AND seq = ?2", params![game, seq], |r| r.get(0))?)
}

/// Records that a moderator forced the window that takes orders of phase
/// `seq` at `at`, before its deadline `deadline`.
///
/// # Errors
/// Database errors.
pub fn add_early_force(c: &Connection, game: i64, seq: i64, at: i64, deadline: i64) -> Result<(), StoreError> {
    c.execute(
        "INSERT OR IGNORE INTO early_forces (game_id, seq, at, deadline) VALUES (?1, ?2, ?3, ?4)",
        params![game, seq, at, deadline],
    )?;
    Ok(())
}

/// Whether a moderator forced the window that takes orders of phase `seq` before its deadline.
///
/// # Errors
/// Database errors.
pub fn forced_early(c: &Connection, game: i64, seq: i64) -> Result<bool, StoreError> {
    Ok(c.query_row(
        "SELECT EXISTS (SELECT 1 FROM early_forces WHERE game_id = ?1 AND seq = ?2)",
        params![game, seq],
        |r| r.get(0),
    )?)
}

/// Every window a moderator forced before its deadline in `game`, oldest
/// first: (phase, when, the deadline it had).
///
/// # Errors
/// Database errors.
pub fn early_forces(c: &Connection, game: i64) -> Result<Vec<(i64, i64, i64)>, StoreError> {
    let mut st = c.prepare_cached("SELECT seq, at, deadline FROM early_forces WHERE game_id = ?1 ORDER BY seq")?;
    let rows = st.query_map(params![game], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A grace extension, as history keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraceUsed {
    /// The phase extended.
    pub seq: i64,
    /// The late power.
    pub power: String,
    /// Its player.
    pub user: String,
    /// The deadline that passed.
    pub at: i64,
    /// The new deadline.
    pub until: i64,
}

/// Every grace extension of `game`, oldest first.
///
/// # Errors
/// Database errors.
pub fn grace_history(c: &Connection, game: i64) -> Result<Vec<GraceUsed>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT seq, power, user_id, at, until FROM grace_used WHERE game_id = ?1 ORDER BY at, seq, power",
    )?;
    let rows = st.query_map(params![game], |r| {
        Ok(GraceUsed { seq: r.get(0)?, power: r.get(1)?, user: r.get(2)?, at: r.get(3)?, until: r.get(4)? })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Records that `power` (played by `user`, `None` if vacant) reached the
/// resolution of phase `seq` without orders.
///
/// # Errors
/// Database errors.
pub fn add_civil_disorder(
    c: &Connection,
    game: i64,
    seq: i64,
    power: &str,
    user: Option<&str>,
    at: i64,
) -> Result<(), StoreError> {
    c.execute(
        "INSERT OR IGNORE INTO civil_disorder (game_id, seq, power, user_id, at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![game, seq, power, user, at],
    )?;
    Ok(())
}

/// Records that `power` (played by `user`) missed its turn in the
/// turn-based phase `seq` for the `n`th time in a row: civil disorder for
/// that deadline (the phase waits for its move).
///
/// # Errors
/// Database errors.
pub fn add_missed_turn(
    c: &Connection,
    (game, seq, n): (i64, i64, i64),
    power: &str,
    user: Option<&str>,
    at: i64,
) -> Result<(), StoreError> {
    c.execute(
        "INSERT OR IGNORE INTO civil_disorder (game_id, seq, power, user_id, at, n) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![game, seq, power, user, at, n],
    )?;
    Ok(())
}

/// A power in civil disorder at a resolution, as history keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disorder {
    /// The phase.
    pub seq: i64,
    /// The power.
    pub power: String,
    /// Its player (`None`: vacant).
    pub user: Option<String>,
    /// When the phase resolved (a missed turn: when its deadline passed).
    pub at: i64,
    /// A turn-based phase's missed turn: its number in a row (0: the phase resolved without orders).
    pub n: i64,
}

/// Every civil disorder of `game`, oldest first, leaving out those of
/// phases rolled back (a rollback undoes their resolution, and with it its
/// civil disorder).
///
/// # Errors
/// Database errors.
pub fn disorder_history(c: &Connection, game: i64) -> Result<Vec<Disorder>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT d.seq, d.power, d.user_id, d.at, d.n FROM civil_disorder d
         JOIN phases p ON p.game_id = d.game_id AND p.seq = d.seq
         WHERE d.game_id = ?1 AND p.rolled_back = 0 ORDER BY d.seq, d.n, d.power",
    )?;
    let rows = st.query_map(params![game], |r| {
        Ok(Disorder { seq: r.get(0)?, power: r.get(1)?, user: r.get(2)?, at: r.get(3)?, n: r.get(4)? })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// What happened to a seat without a moderator.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeatEventKind {
    /// The player was unseated after phases in civil disorder.
    Unseated,
    /// A user asked to take over the open power (`takeover=moderator`).
    Asked,
    /// A user took over the open power.
    TookOver,
    /// A rollback undid the phase that unseated the player and gave them
    /// their seat back (nobody had taken it over).
    Returned,
}

impl SeatEventKind {
    /// The stored word.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            SeatEventKind::Unseated => "unseated",
            SeatEventKind::Asked => "asked",
            SeatEventKind::TookOver => "took_over",
            SeatEventKind::Returned => "returned",
        }
    }

    fn parse(s: &str) -> Option<SeatEventKind> {
        [SeatEventKind::Unseated, SeatEventKind::Asked, SeatEventKind::TookOver, SeatEventKind::Returned]
            .into_iter()
            .find(|k| k.as_str() == s)
    }
}

/// A seat event, as history keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatEvent {
    /// The power.
    pub power: String,
    /// The user unseated, asking, taking over or given the seat back.
    pub user: String,
    /// The name they were shown by then.
    pub name: String,
    /// What happened.
    pub kind: SeatEventKind,
    /// The phase it happened in.
    pub seq: Option<i64>,
    /// When.
    pub at: i64,
}

/// Records a seat event.
///
/// # Errors
/// Database errors.
pub fn add_seat_event(c: &Connection, game: i64, e: &SeatEvent) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO seat_events (game_id, power, user_id, kind, seq, at, name) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![game, e.power, e.user, e.kind.as_str(), e.seq, e.at, e.name],
    )?;
    Ok(())
}

/// Every seat event of `game`, oldest first.
///
/// # Errors
/// Database errors.
pub fn seat_events(c: &Connection, game: i64) -> Result<Vec<SeatEvent>, StoreError> {
    let mut st =
        c.prepare_cached("SELECT power, user_id, kind, seq, at, name FROM seat_events WHERE game_id = ?1 ORDER BY id")?;
    let rows = st.query_map(params![game], |r| {
        let kind: String = r.get(2)?;
        Ok((r.get(0)?, r.get(1)?, kind, r.get(3)?, r.get(4)?, r.get(5)?))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (power, user, kind, seq, at, name): (String, String, String, Option<i64>, i64, String) = row?;
        if let Some(kind) = SeatEventKind::parse(&kind) {
            let name = if name.is_empty() { user.clone() } else { name };
            out.push(SeatEvent { power, user, name, kind, seq, at });
        }
    }
    Ok(out)
}

/// The powers whose player was unseated and that nobody has held since:
/// open for takeover, with who was unseated.
///
/// # Errors
/// Database errors.
pub fn open_seats(c: &Connection, game: i64) -> Result<Vec<(String, String)>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT e.power, e.user_id FROM seat_events e
         WHERE e.game_id = ?1 AND e.kind = 'unseated'
           AND e.id = (SELECT MAX(id) FROM seat_events WHERE game_id = ?1 AND power = e.power AND kind <> 'asked')
           AND NOT EXISTS (SELECT 1 FROM players WHERE game_id = ?1 AND power = e.power)
         ORDER BY e.power",
    )?;
    let rows = st.query_map(params![game], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}
