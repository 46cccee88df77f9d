//! Players' votes to extend a phase's deadline (`extend vote`), and the
//! extension they carried, once per phase.

use rusqlite::{params, Connection, OptionalExtension};

use super::StoreError;

/// One power's vote to extend a phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtendVote {
    /// The power that voted.
    pub power: String,
    /// The user who voted for it.
    pub user: String,
    /// By how long (seconds).
    pub secs: i64,
    /// When (unix seconds).
    pub at: i64,
}

/// A phase's deadline moved by vote.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct VoteExtension {
    /// The phase.
    pub seq: i64,
    /// The duration taken (the shortest voted).
    pub secs: i64,
    /// The deadline before.
    pub from: i64,
    /// The deadline after.
    pub until: i64,
    /// When (unix seconds).
    pub at: i64,
}

/// Records (or changes) `power`'s vote to extend phase `seq` by `secs`.
/// Returns the duration the same user had voted for it before, if any (a
/// vote cast by the power's previous holder is replaced, not changed).
///
/// # Errors
/// Database errors.
pub fn set_extend_vote(c: &Connection, game: i64, seq: i64, vote: &ExtendVote) -> Result<Option<i64>, StoreError> {
    let before: Option<i64> = c
        .query_row(
            "SELECT secs FROM extend_votes WHERE game_id = ?1 AND seq = ?2 AND power = ?3 AND user_id = ?4",
            params![game, seq, vote.power, vote.user],
            |r| r.get(0),
        )
        .optional()?;
    c.execute(
        "INSERT INTO extend_votes (game_id, seq, power, user_id, secs, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (game_id, seq, power) DO UPDATE SET user_id = excluded.user_id, secs = excluded.secs, at = excluded.at",
        params![game, seq, vote.power, vote.user, vote.secs, vote.at],
    )?;
    Ok(before)
}

/// The votes to extend phase `seq`, in the order they were first cast.
///
/// # Errors
/// Database errors.
pub fn extend_votes(c: &Connection, game: i64, seq: i64) -> Result<Vec<ExtendVote>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT power, user_id, secs, at FROM extend_votes WHERE game_id = ?1 AND seq = ?2 ORDER BY rowid",
    )?;
    let rows = st.query_map(params![game, seq], |r| {
        Ok(ExtendVote { power: r.get(0)?, user: r.get(1)?, secs: r.get(2)?, at: r.get(3)? })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Records that phase `seq`'s deadline was moved by vote.
///
/// # Errors
/// Database errors (a second extension of the same phase among them).
pub fn record_vote_extension(c: &Connection, game: i64, e: &VoteExtension) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO vote_extensions (game_id, seq, secs, \"from\", until, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![game, e.seq, e.secs, e.from, e.until, e.at],
    )?;
    Ok(())
}

/// The vote extension of phase `seq`, if it had one.
///
/// # Errors
/// Database errors.
pub fn vote_extension(c: &Connection, game: i64, seq: i64) -> Result<Option<VoteExtension>, StoreError> {
    Ok(c.query_row(
        "SELECT seq, secs, \"from\", until, at FROM vote_extensions WHERE game_id = ?1 AND seq = ?2",
        params![game, seq],
        extension_of,
    )
    .optional()?)
}

/// A `vote_extensions` row read as `seq, secs, from, until, at`.
fn extension_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<VoteExtension> {
    Ok(VoteExtension { seq: r.get(0)?, secs: r.get(1)?, from: r.get(2)?, until: r.get(3)?, at: r.get(4)? })
}
