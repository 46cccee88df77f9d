//! Games nobody is left playing: since when, when they end as abandoned,
//! and whether the abandonment paused them.

use rusqlite::{params, Connection, OptionalExtension};

use super::games::{game_row, GAME_COLUMNS};
use super::{GameRow, StoreError};

/// A game nobody is left playing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Abandoned {
    /// When the last player left (unix seconds).
    pub since: i64,
    /// When the game ends as abandoned if nobody takes a seat (`None`: never, `abandon-after=off`).
    pub ends_at: Option<i64>,
    /// Whether the abandonment paused the game (`false`: a moderator had paused it already).
    pub paused: bool,
}

/// Records that nobody is left playing `game` (keeps an earlier record).
///
/// # Errors
/// Database errors.
pub fn set_abandoned(c: &Connection, game: i64, a: &Abandoned) -> Result<(), StoreError> {
    c.execute(
        "INSERT OR IGNORE INTO abandoned (game_id, since, ends_at, paused) VALUES (?1, ?2, ?3, ?4)",
        params![game, a.since, a.ends_at, a.paused],
    )?;
    Ok(())
}

/// Whether nobody is left playing `game`, and since when.
///
/// # Errors
/// Database errors.
pub fn abandoned(c: &Connection, game: i64) -> Result<Option<Abandoned>, StoreError> {
    Ok(c.query_row("SELECT since, ends_at, paused FROM abandoned WHERE game_id = ?1", params![game], |r| {
        Ok(Abandoned { since: r.get(0)?, ends_at: r.get(1)?, paused: r.get(2)? })
    })
    .optional()?)
}

/// Someone plays `game` again: it is no longer abandoned. Whether it was.
///
/// # Errors
/// Database errors.
pub fn clear_abandoned(c: &Connection, game: i64) -> Result<bool, StoreError> {
    Ok(c.execute("DELETE FROM abandoned WHERE game_id = ?1", params![game])? > 0)
}

/// The games still running (paused or not) that nobody has played since
/// before their `abandon-after` ran out at `now`, oldest first.
///
/// # Errors
/// Database errors.
pub fn due_abandoned(c: &Connection, now: i64) -> Result<Vec<GameRow>, StoreError> {
    let sql = format!(
        "SELECT {} FROM games g JOIN abandoned a ON a.game_id = g.id
         WHERE a.ends_at IS NOT NULL AND a.ends_at <= ?1 AND g.status IN ('active', 'paused')
         ORDER BY a.ends_at",
        GAME_COLUMNS.split(", ").map(|c| format!("g.{c}")).collect::<Vec<_>>().join(", ")
    );
    let mut st = c.prepare_cached(&sql)?;
    let rows = st.query_map(params![now], game_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}
