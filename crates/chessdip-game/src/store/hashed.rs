//! Hashed orders: commitments, reveal attempts, and the commit/reveal stage of a phase.

use rusqlite::{params, Connection};

use super::{Stage, StoreError};

/// A commitment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Commitment {
    /// The power.
    pub power: String,
    /// SHA-256, lowercase hex.
    pub hash: String,
    /// Who made it.
    pub user: String,
    /// When (unix seconds).
    pub at: i64,
    /// Why it no longer counts (the seat changed hands, the power conceded), if it does not.
    pub void: Option<String>,
}

/// A reveal attempt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reveal {
    /// The power.
    pub power: String,
    /// The text exactly as revealed.
    pub text: String,
    /// Its SHA-256, lowercase hex.
    pub hash: String,
    /// Whether it matched the power's latest commitment.
    pub matched: bool,
    /// What came of it (`accepted`, `does not match ...`).
    pub detail: String,
    /// Who sent it.
    pub user: String,
    /// When.
    pub at: i64,
    /// Why it no longer counts (the seat changed hands, the power conceded), if it does not.
    pub void: Option<String>,
}

/// Records a commitment.
///
/// # Errors
/// Database errors.
pub fn add_commitment(c: &Connection, game: i64, seq: i64, m: &Commitment) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO commitments (game_id, seq, power, hash, user_id, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![game, seq, m.power, m.hash, m.user, m.at],
    )?;
    Ok(())
}

/// Every commitment of a phase, oldest first.
///
/// # Errors
/// Database errors.
pub fn commitments(c: &Connection, game: i64, seq: i64) -> Result<Vec<Commitment>, StoreError> {
    Ok(all_commitments(c, game, seq)?.into_iter().filter(|m| m.void.is_none()).collect())
}

/// Every commitment of a phase, those that no longer count included (history).
///
/// # Errors
/// Database errors.
pub fn all_commitments(c: &Connection, game: i64, seq: i64) -> Result<Vec<Commitment>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT power, hash, user_id, at, void FROM commitments WHERE game_id = ?1 AND seq = ?2 ORDER BY id",
    )?;
    let rows = st.query_map(params![game, seq], |r| {
        Ok(Commitment { power: r.get(0)?, hash: r.get(1)?, user: r.get(2)?, at: r.get(3)?, void: r.get(4)? })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Records a reveal attempt.
///
/// # Errors
/// Database errors.
pub fn add_reveal(c: &Connection, game: i64, seq: i64, r: &Reveal) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO reveals (game_id, seq, power, text, hash, matched, detail, user_id, at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![game, seq, r.power, r.text, r.hash, r.matched, r.detail, r.user, r.at],
    )?;
    Ok(())
}

/// Every reveal attempt of a phase, oldest first.
///
/// # Errors
/// Database errors.
pub fn reveals(c: &Connection, game: i64, seq: i64) -> Result<Vec<Reveal>, StoreError> {
    Ok(all_reveals(c, game, seq)?.into_iter().filter(|r| r.void.is_none()).collect())
}

/// Every reveal attempt of a phase, those that no longer count included (history).
///
/// # Errors
/// Database errors.
pub fn all_reveals(c: &Connection, game: i64, seq: i64) -> Result<Vec<Reveal>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT power, text, hash, matched, detail, user_id, at, void FROM reveals WHERE game_id = ?1 AND seq = ?2 ORDER BY id",
    )?;
    let rows = st.query_map(params![game, seq], |r| {
        Ok(Reveal {
            power: r.get(0)?,
            text: r.get(1)?,
            hash: r.get(2)?,
            matched: r.get(3)?,
            detail: r.get(4)?,
            user: r.get(5)?,
            at: r.get(6)?,
            void: r.get(7)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Moves an open phase from `from` to `to` with a new deadline; `false` if
/// it was not in `from` (someone else moved it first).
///
/// # Errors
/// Database errors.
pub fn set_stage(
    c: &Connection,
    game: i64,
    seq: i64,
    from: Stage,
    to: Stage,
    deadline: Option<i64>,
) -> Result<bool, StoreError> {
    let n = c.execute(
        "UPDATE phases SET stage = ?4, deadline = ?5, reminded = 0
         WHERE game_id = ?1 AND seq = ?2 AND status = 'open' AND stage = ?3",
        params![game, seq, from.as_str(), to.as_str(), deadline],
    )?;
    Ok(n == 1)
}

/// Makes the commitments and reveal attempts of `power` in a phase stop
/// counting, with the reason (they stay in history).
///
/// # Errors
/// Database errors.
pub fn void_hashed(c: &Connection, game: i64, seq: i64, power: &str, why: &str) -> Result<(), StoreError> {
    for table in ["commitments", "reveals"] {
        c.execute(
            &format!("UPDATE {table} SET void = ?4 WHERE game_id = ?1 AND seq = ?2 AND power = ?3 AND void IS NULL"),
            params![game, seq, power, why],
        )?;
    }
    Ok(())
}
