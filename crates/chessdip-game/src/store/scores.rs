//! Each power's score at the end of a game.

use rusqlite::{params, Connection};

use super::StoreError;

/// A stored score.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreRow {
    /// The power.
    pub power: String,
    /// Who held it at the end, or who was unseated from it and left it
    /// open (none for a vacant power); in a power's second row, a player
    /// who left its seat before the end.
    pub user: Option<String>,
    /// The score, from 0 to 1.
    pub score: f64,
    /// The score as announced (`1`, `½`, `0.634`).
    pub shown: String,
    /// How it was earned (`solo`, `draw of 3`, `conceded`...).
    pub how: String,
}

/// Records a game's scores, in the powers' order, replacing any.
///
/// # Errors
/// Database errors.
pub fn put_scores(c: &Connection, game: i64, scores: &[ScoreRow]) -> Result<(), StoreError> {
    delete_scores(c, game)?;
    let mut st = c.prepare_cached(
        "INSERT INTO scores (game_id, power, user_id, score, shown, how, ord) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for (i, s) in scores.iter().enumerate() {
        st.execute(params![game, s.power, s.user, s.score, s.shown, s.how, i64::try_from(i).unwrap_or(i64::MAX)])?;
    }
    Ok(())
}

/// Forgets a game's scores (a rollback reopened it).
///
/// # Errors
/// Database errors.
pub fn delete_scores(c: &Connection, game: i64) -> Result<(), StoreError> {
    c.execute("DELETE FROM scores WHERE game_id = ?1", params![game])?;
    Ok(())
}

/// A game's scores in the powers' order (none: not ended, or not scored).
///
/// # Errors
/// Database errors.
pub fn scores(c: &Connection, game: i64) -> Result<Vec<ScoreRow>, StoreError> {
    let mut st =
        c.prepare_cached("SELECT power, user_id, score, shown, how FROM scores WHERE game_id = ?1 ORDER BY ord")?;
    let rows = st.query_map(params![game], |r| {
        Ok(ScoreRow { power: r.get(0)?, user: r.get(1)?, score: r.get(2)?, shown: r.get(3)?, how: r.get(4)? })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
