//! Orders, readiness, draw votes and concessions.

use rusqlite::{params, Connection};

use super::{OrderRow, StoreError};

/// The orders of a phase, every power's, or one power's.
///
/// # Errors
/// Database errors.
pub fn orders(c: &Connection, game: i64, seq: i64, power: Option<&str>) -> Result<Vec<OrderRow>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT power, slot, text, submitted_by, submitted_at FROM orders
         WHERE game_id = ?1 AND seq = ?2 AND (?3 IS NULL OR power = ?3) ORDER BY power, submitted_at, rowid",
    )?;
    let rows = st.query_map(params![game, seq, power], |r| {
        Ok(OrderRow {
            power: r.get(0)?,
            slot: r.get(1)?,
            text: r.get(2)?,
            submitted_by: r.get(3)?,
            submitted_at: r.get(4)?,
        })
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
pub fn concede(c: &Connection, game: i64, power: &str, at: i64, seq: i64) -> Result<(), StoreError> {
    c.execute(
        "INSERT OR IGNORE INTO concessions (game_id, power, at, seq) VALUES (?1, ?2, ?3, ?4)",
        params![game, power, at, seq],
    )?;
    Ok(())
}

/// A power's concession (or forfeit), as history keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Concession {
    /// The power.
    pub power: String,
    /// When (unknown for those recorded before times were kept).
    pub at: Option<i64>,
    /// The phase it was made in (unknown likewise).
    pub seq: Option<i64>,
}

/// Each concession (or forfeit) with when it was made and in which phase, oldest first.
///
/// # Errors
/// Database errors.
pub fn concessions_timed(c: &Connection, game: i64) -> Result<Vec<Concession>, StoreError> {
    let mut st = c.prepare_cached("SELECT power, at, seq FROM concessions WHERE game_id = ?1 ORDER BY at, rowid")?;
    let rows = st.query_map(params![game], |r| Ok(Concession { power: r.get(0)?, at: r.get(1)?, seq: r.get(2)? }))?;
    Ok(rows.collect::<Result<_, _>>()?)
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

/// Counts a missed turn for `power` and returns how many in a row it has missed.
///
/// # Errors
/// Database errors.
pub fn miss_turn(c: &Connection, game: i64, power: &str) -> Result<i64, StoreError> {
    c.execute(
        "INSERT INTO missed_turns (game_id, power, count) VALUES (?1, ?2, 1)
         ON CONFLICT (game_id, power) DO UPDATE SET count = count + 1",
        params![game, power],
    )?;
    Ok(c.query_row("SELECT count FROM missed_turns WHERE game_id = ?1 AND power = ?2", params![game, power], |r| {
        r.get(0)
    })?)
}

/// How many turns in a row `power` has missed (0 if none).
///
/// # Errors
/// Database errors.
pub fn missed_turns(c: &Connection, game: i64, power: &str) -> Result<i64, StoreError> {
    let mut st = c.prepare_cached("SELECT count FROM missed_turns WHERE game_id = ?1 AND power = ?2")?;
    let mut rows = st.query_map(params![game, power], |r| r.get(0))?;
    Ok(rows.next().transpose()?.unwrap_or(0))
}

/// Forgets every power's missed turns in `game` (a rollback undid the phase they were missed in).
///
/// # Errors
/// Database errors.
pub fn forget_missed_turns(c: &Connection, game: i64) -> Result<(), StoreError> {
    c.execute("DELETE FROM missed_turns WHERE game_id = ?1", params![game])?;
    Ok(())
}

/// Forgets `power`'s missed turns (it moved).
///
/// # Errors
/// Database errors.
pub fn moved_in_time(c: &Connection, game: i64, power: &str) -> Result<(), StoreError> {
    c.execute("DELETE FROM missed_turns WHERE game_id = ?1 AND power = ?2", params![game, power])?;
    Ok(())
}
