//! Phases: positions, deadlines and stages, claims for resolution, the schedule.

use rusqlite::{params, Connection, OptionalExtension};

use super::games::{game_row, GAME_COLUMNS};
use super::{GameRow, PhaseRow, Stage, StoreError};

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
        rolled_back: r.get(8)?,
        resolved_at: r.get(9)?,
        resolution: r.get(10)?,
    })
}

const PHASE_COLUMNS: &str =
    "seq, name, state, status, deadline, paused_left, report, stage, rolled_back, resolved_at, resolution";

/// A phase of a game.
///
/// # Errors
/// Database errors.
pub fn phase(c: &Connection, game: i64, seq: i64) -> Result<Option<PhaseRow>, StoreError> {
    let sql = format!("SELECT {PHASE_COLUMNS} FROM phases WHERE game_id = ?1 AND seq = ?2");
    Ok(c.query_row(&sql, params![game, seq], phase_row).optional()?)
}

/// The first phase of a game after phase `seq` (to read a long game's
/// phases one at a time).
///
/// # Errors
/// Database errors.
pub fn phase_after(c: &Connection, game: i64, seq: i64) -> Result<Option<PhaseRow>, StoreError> {
    let sql = format!("SELECT {PHASE_COLUMNS} FROM phases WHERE game_id = ?1 AND seq > ?2 ORDER BY seq LIMIT 1");
    Ok(c.prepare_cached(&sql)?.query_row(params![game, seq], phase_row).optional()?)
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

/// Claims an open phase for resolution and records its report (the public
/// record) and the rules' report of the resolution; `false` if it was not
/// open (someone else resolved it first).
///
/// # Errors
/// Database errors.
pub fn close_phase(
    c: &Connection,
    game: i64,
    seq: i64,
    report: &str,
    resolution: &str,
    now: i64,
) -> Result<bool, StoreError> {
    let n = c.execute(
        "UPDATE phases SET status = 'resolved', report = ?3, resolution = ?4, resolved_at = ?5
         WHERE game_id = ?1 AND seq = ?2 AND status = 'open'",
        params![game, seq, report, resolution, now],
    )?;
    Ok(n == 1)
}

/// The resolved phases whose rules' report is not kept (resolved before
/// reports were kept), as (game, seq), oldest first.
///
/// # Errors
/// Database errors.
pub fn phases_without_resolution(c: &Connection) -> Result<Vec<(i64, i64)>, StoreError> {
    let mut st = c.prepare(
        "SELECT game_id, seq FROM phases WHERE status = 'resolved' AND resolution IS NULL ORDER BY game_id, seq",
    )?;
    let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Keeps the rules' report of an already resolved phase.
///
/// # Errors
/// Database errors.
pub fn set_resolution(c: &Connection, game: i64, seq: i64, resolution: &str) -> Result<(), StoreError> {
    c.execute(
        "UPDATE phases SET resolution = ?3 WHERE game_id = ?1 AND seq = ?2 AND status = 'resolved'",
        params![game, seq, resolution],
    )?;
    Ok(())
}

/// Marks phases `from..=to` of a game as rolled back (they stay as history).
///
/// # Errors
/// Database errors.
pub fn mark_rolled_back(c: &Connection, game: i64, from: i64, to: i64) -> Result<(), StoreError> {
    c.execute(
        "UPDATE phases SET rolled_back = 1 WHERE game_id = ?1 AND seq BETWEEN ?2 AND ?3",
        params![game, from, to],
    )?;
    Ok(())
}

/// Clears a phase's ready marks and draw votes (on any phase or stage change).
///
/// # Errors
/// Database errors.
pub fn clear_marks(c: &Connection, game: i64, seq: i64) -> Result<(), StoreError> {
    c.execute("DELETE FROM ready WHERE game_id = ?1 AND seq = ?2", params![game, seq])?;
    c.execute("DELETE FROM draw_votes WHERE game_id = ?1 AND seq = ?2", params![game, seq])?;
    Ok(())
}

/// Records the position a game ended in.
///
/// # Errors
/// Database errors.
pub fn set_final_state(c: &Connection, game: i64, state: &str) -> Result<(), StoreError> {
    c.execute("UPDATE games SET final_state = ?2 WHERE id = ?1", params![game, state])?;
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
        // The phase's number comes after the game's columns.
        st.query_map(params![now, ahead], |r| Ok((game_row(r)?, r.get(GAME_COLUMNS.split(", ").count())?)))?
            .collect::<Result<_, _>>()?;
    for (g, seq) in &rows {
        c.execute("UPDATE phases SET reminded = 1 WHERE game_id = ?1 AND seq = ?2", params![g.id, seq])?;
    }
    Ok(rows)
}

/// The earliest time something is due after `now`, or now if overdue: a
/// deadline of a game that resolves at its deadline (games that wait for a
/// moderator are left alone once due), or with `ahead` > 0 a reminder
/// `ahead` seconds before a deadline whose players were not reminded, or
/// the end of a game nobody is left playing.
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
             AND g.status = 'active'
           UNION ALL
           SELECT a.ends_at AS t FROM abandoned a JOIN games g ON g.id = a.game_id
           WHERE a.ends_at IS NOT NULL AND g.status IN ('active', 'paused'))",
        params![now, ahead],
        |r| r.get(0),
    )?)
}

/// Replaces an open phase's position (an action taken during the phase changed it).
///
/// # Errors
/// Database errors.
pub fn set_phase_state(c: &Connection, game: i64, seq: i64, state: &str) -> Result<(), StoreError> {
    c.execute(
        "UPDATE phases SET state = ?3 WHERE game_id = ?1 AND seq = ?2 AND status = 'open'",
        params![game, seq, state],
    )?;
    Ok(())
}

/// Records a board action and what came of it.
///
/// # Errors
/// Database errors.
#[allow(clippy::too_many_arguments)]
pub fn add_board_action(
    c: &Connection,
    game: i64,
    seq: i64,
    power: &str,
    user: &str,
    action: &str,
    result: &str,
    now: i64,
) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO board_actions (game_id, seq, power, user_id, action, result, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![game, seq, power, user, action, result, now],
    )?;
    Ok(())
}

/// The board actions of a phase: (power, action, result, time).
///
/// # Errors
/// Database errors.
pub fn board_actions(c: &Connection, game: i64, seq: i64) -> Result<Vec<(String, String, String, i64)>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT power, action, result, at FROM board_actions WHERE game_id = ?1 AND seq = ?2 ORDER BY id",
    )?;
    let rows = st.query_map(params![game, seq], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The resolved phases of Diplomat Chess and Chess Wheel+ games whose kept
/// report may lack the position its move left (kept before reports held
/// it): (game, seq), in order.
///
/// # Errors
/// Database errors.
pub fn reports_without_positions(c: &Connection) -> Result<Vec<(i64, i64)>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT p.game_id, p.seq FROM phases p JOIN games g ON g.id = p.game_id
         WHERE p.status = 'resolved' AND p.resolution IS NOT NULL
           AND ((g.variant = 'diplomat-chess' AND p.resolution NOT LIKE '%\"after\":%' AND p.resolution NOT LIKE '%\"mv\":null%')
             OR (g.variant = 'chess-wheel' AND p.resolution NOT LIKE '%\"moved\":%'))
         ORDER BY p.game_id, p.seq",
    )?;
    let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}
