//! Proposals and their votes.

use rusqlite::{params, Connection, OptionalExtension};

use super::{Stage, StoreError};

/// A stored proposal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    /// Row id.
    pub id: i64,
    /// Its number within the game (`#3`).
    pub number: i64,
    /// What is proposed.
    pub text: String,
    /// The proposing power.
    pub power: String,
    /// When.
    pub submitted_at: i64,
    /// The phase whose window holds the vote.
    pub vote_seq: i64,
    /// The window (commit = move phase, reveal = resolve phase).
    pub vote_stage: Stage,
    /// Still open for votes (or waiting for its window)?
    pub open: bool,
    /// Votes for and against, once closed.
    pub tally: Option<(i64, i64)>,
    /// The moderator's note when enacted.
    pub enacted: Option<String>,
}

const COLUMNS: &str = "id, number, text, power, submitted_at, vote_seq, vote_stage, status, yes, no, enacted_note";

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Proposal> {
    let yes: Option<i64> = r.get(8)?;
    let no: Option<i64> = r.get(9)?;
    Ok(Proposal {
        id: r.get(0)?,
        number: r.get(1)?,
        text: r.get(2)?,
        power: r.get(3)?,
        submitted_at: r.get(4)?,
        vote_seq: r.get(5)?,
        vote_stage: Stage::parse(&r.get::<_, String>(6)?),
        open: r.get::<_, String>(7)? == "open",
        tally: yes.zip(no),
        enacted: r.get(10)?,
    })
}

/// Records a proposal and returns its number.
///
/// # Errors
/// Database errors.
#[allow(clippy::too_many_arguments)]
pub fn add_proposal(
    c: &Connection,
    game: i64,
    text: &str,
    power: &str,
    user: &str,
    now: i64,
    vote_seq: i64,
    vote_stage: Stage,
) -> Result<i64, StoreError> {
    let number: i64 =
        c.query_row("SELECT COALESCE(MAX(number), 0) + 1 FROM proposals WHERE game_id = ?1", params![game], |r| {
            r.get(0)
        })?;
    c.execute(
        "INSERT INTO proposals (game_id, number, text, power, user_id, submitted_at, vote_seq, vote_stage)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![game, number, text, power, user, now, vote_seq, vote_stage.as_str()],
    )?;
    Ok(number)
}

/// Every proposal of a game, by number.
///
/// # Errors
/// Database errors.
pub fn proposals(c: &Connection, game: i64) -> Result<Vec<Proposal>, StoreError> {
    let mut st = c.prepare_cached(&format!("SELECT {COLUMNS} FROM proposals WHERE game_id = ?1 ORDER BY number"))?;
    let rows = st.query_map(params![game], row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Proposal `number` of a game.
///
/// # Errors
/// Database errors.
pub fn proposal(c: &Connection, game: i64, number: i64) -> Result<Option<Proposal>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM proposals WHERE game_id = ?1 AND number = ?2");
    Ok(c.query_row(&sql, params![game, number], row).optional()?)
}

/// Records (or changes) a power's vote.
///
/// # Errors
/// Database errors.
pub fn set_vote(c: &Connection, proposal: i64, power: &str, yes: bool, now: i64) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO proposal_votes (proposal_id, power, yes, at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (proposal_id, power) DO UPDATE SET yes = excluded.yes, at = excluded.at",
        params![proposal, power, yes, now],
    )?;
    Ok(())
}

/// Closes a proposal's vote with its tally (for, against); `false` if it was already closed.
///
/// # Errors
/// Database errors.
pub fn close_proposal(c: &Connection, proposal: i64) -> Result<Option<(i64, i64)>, StoreError> {
    let (yes, no): (i64, i64) = c.query_row(
        "SELECT COALESCE(SUM(yes), 0), COALESCE(SUM(1 - yes), 0) FROM proposal_votes WHERE proposal_id = ?1",
        params![proposal],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let n = c.execute(
        "UPDATE proposals SET status = 'closed', yes = ?2, no = ?3 WHERE id = ?1 AND status = 'open'",
        params![proposal, yes, no],
    )?;
    Ok((n == 1).then_some((yes, no)))
}

/// Records that a moderator enacted a proposal; `false` (and nothing
/// changed) if it was already enacted.
///
/// # Errors
/// Database errors.
pub fn enact_proposal(c: &Connection, proposal: i64, note: &str, by: &str, now: i64) -> Result<bool, StoreError> {
    let n = c.execute(
        "UPDATE proposals SET enacted_note = ?2, enacted_by = ?3, enacted_at = ?4 WHERE id = ?1 AND enacted_note IS NULL",
        params![proposal, note, by, now],
    )?;
    Ok(n == 1)
}

/// Moves the open votes that were to run in phase `from` or later `by`
/// phases on (a rollback reopened an earlier phase as a new one).
///
/// # Errors
/// Database errors.
pub fn shift_open_votes(c: &Connection, game: i64, from: i64, by: i64) -> Result<(), StoreError> {
    c.execute(
        "UPDATE proposals SET vote_seq = vote_seq + ?3 WHERE game_id = ?1 AND status = 'open' AND vote_seq >= ?2",
        rusqlite::params![game, from, by],
    )?;
    Ok(())
}
