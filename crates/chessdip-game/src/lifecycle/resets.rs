//! What a transition resets, in one place; the store only persists it.
//!
//! - A stage change (orders, wait, commit, reveal, sealed) clears every ready
//!   mark and draw vote of the phase: they belong to a stage.
//! - A seat changing hands, or its power conceding, clears that seat's
//!   pending orders, ready mark and draw vote in the open phase, voids its
//!   commitments and reveals there (kept in history with the reason), and
//!   starts its missed-turn count again.
//!
//! A new phase starts with no marks of its own (they are kept per phase), so
//! opening one resets nothing here.

use rusqlite::Connection;

use super::Stage;
use crate::store::{self, GameRow, StoreError};
use crate::GameError;

/// Moves the open phase `seq` of `game` from `from` to `to` with a new
/// deadline, and clears its ready marks and draw votes when the stage
/// changed; `false` if it was not in `from` (someone else moved it first).
///
/// # Errors
/// Database errors.
pub fn change_stage(
    c: &Connection,
    (game, seq): (i64, i64),
    from: Stage,
    to: Stage,
    deadline: Option<i64>,
) -> Result<bool, StoreError> {
    let moved = store::set_stage(c, game, seq, from, to, deadline)?;
    if moved && from != to {
        store::clear_marks(c, game, seq)?;
    }
    Ok(moved)
}

/// A seat changed hands, or its power conceded: its pending orders, ready
/// mark and draw vote in the open phase are cleared, its commitments and
/// reveals there stop counting (kept in history with `why`), and its
/// missed-turn count starts again.
///
/// # Errors
/// Database errors.
pub fn clear_seat(c: &Connection, game: &GameRow, power: &str, why: &str) -> Result<(), GameError> {
    if game.phase_seq > 0 {
        if let Some(row) = store::phase(c, game.id, game.phase_seq)?.filter(|r| r.open) {
            store::delete_orders(c, game.id, row.seq, power, None)?;
            store::set_ready(c, game.id, row.seq, power, false)?;
            store::set_draw_vote(c, game.id, row.seq, power, false)?;
            store::void_hashed(c, game.id, row.seq, power, why)?;
        }
    }
    store::moved_in_time(c, game.id, power)?;
    Ok(())
}
