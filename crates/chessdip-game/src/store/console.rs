//! The local console's own state: its clock.

use rusqlite::{params, Connection, OptionalExtension};

use super::StoreError;

/// The console's clock as last stored: how far ahead of the wall clock it
/// runs, in seconds, and the latest time it had reached.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ConsoleClock {
    /// Seconds ahead of the wall clock.
    pub offset: i64,
    /// The latest console time stored (unix seconds).
    pub latest: i64,
}

/// The stored console clock, if a console ever ran on this database.
///
/// # Errors
/// Database errors.
pub fn console_clock(c: &Connection) -> Result<Option<ConsoleClock>, StoreError> {
    Ok(c.query_row("SELECT offset_secs, latest FROM console_clock WHERE id = 1", [], |r| {
        Ok(ConsoleClock { offset: r.get(0)?, latest: r.get(1)? })
    })
    .optional()?)
}

/// Stores the console clock. It only moves forward: a second console on the
/// same database that is behind does not take the stored time back.
///
/// # Errors
/// Database errors.
pub fn set_console_clock(c: &Connection, clock: ConsoleClock) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO console_clock (id, offset_secs, latest) VALUES (1, ?1, ?2)
         ON CONFLICT (id) DO UPDATE SET offset_secs = MAX(offset_secs, excluded.offset_secs),
                                        latest = MAX(latest, excluded.latest)",
        params![clock.offset, clock.latest],
    )?;
    Ok(())
}

/// How far ahead of the wall clock (`wall`, unix seconds) a console on this
/// database runs: it goes on from where the last console left it, never
/// back (0 if no console ever ran here).
///
/// # Errors
/// Database errors.
pub fn console_offset(c: &Connection, wall: i64) -> Result<i64, StoreError> {
    Ok(console_clock(c)?.map_or(0, |s| s.offset.max(s.latest.saturating_sub(wall))))
}
