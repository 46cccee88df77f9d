//! What `leaderboard` and `profile` read beside the ratings themselves
//! (`super::ratings`): how many games were rated, which variants, and a
//! player's last results. Every query names its server: nothing is read
//! across servers.

use rusqlite::{params, Connection};

use super::StoreError;

/// The number of rated games of `variant` in `guild`.
///
/// # Errors
/// Database errors.
pub fn rated_games(c: &Connection, guild: &str, variant: &str) -> Result<i64, StoreError> {
    Ok(c.query_row(
        "SELECT COUNT(DISTINCT game_id) FROM rating_changes WHERE guild_id = ?1 AND variant = ?2",
        params![guild, variant],
        |r| r.get(0),
    )?)
}

/// The variants with at least one rated player in `guild`.
///
/// # Errors
/// Database errors.
pub fn rated_variants(c: &Connection, guild: &str) -> Result<Vec<String>, StoreError> {
    let mut st = c.prepare_cached("SELECT DISTINCT variant FROM ratings WHERE guild_id = ?1")?;
    let rows = st.query_map(params![guild], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// One result of a user in an ended, scored game.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultRow {
    /// The game.
    pub game: i64,
    /// Its channel.
    pub channel: String,
    /// Its variant id.
    pub variant: String,
    /// The power the user held at the end (or the one whose seat they left before it).
    pub power: String,
    /// The score as announced (`1`, `½`, `0.634`).
    pub shown: String,
    /// How it was earned (`solo`, `draw of 3`, `conceded`...).
    pub how: String,
    /// The rating before and after the game, if it was rated.
    pub rating: Option<(f64, f64)>,
}

/// `user`'s last `limit` scored results in `variant` in `guild`, newest first.
///
/// # Errors
/// Database errors.
pub fn last_results(
    c: &Connection,
    guild: &str,
    user: &str,
    variant: &str,
    limit: usize,
) -> Result<Vec<ResultRow>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT g.id, g.channel_id, g.variant, s.power, s.shown, s.how, rc.before, rc.after
           FROM scores s
           JOIN games g ON g.id = s.game_id
           LEFT JOIN rating_changes rc ON rc.game_id = s.game_id AND rc.user_id = s.user_id
          WHERE g.guild_id = ?1 AND s.user_id = ?2 AND g.variant = ?3 AND g.status = 'ended'
          ORDER BY COALESCE(g.ended_at, 0) DESC, g.id DESC
          LIMIT ?4",
    )?;
    let rows = st.query_map(params![guild, user, variant, i64::try_from(limit).unwrap_or(i64::MAX)], |r| {
        let before: Option<f64> = r.get(6)?;
        let after: Option<f64> = r.get(7)?;
        Ok(ResultRow {
            game: r.get(0)?,
            channel: r.get(1)?,
            variant: r.get(2)?,
            power: r.get(3)?,
            shown: r.get(4)?,
            how: r.get(5)?,
            rating: before.zip(after),
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The variants `user` has a scored result in, in `guild`.
///
/// # Errors
/// Database errors.
pub fn scored_variants(c: &Connection, guild: &str, user: &str) -> Result<Vec<String>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT g.variant FROM scores s JOIN games g ON g.id = s.game_id
          WHERE g.guild_id = ?1 AND s.user_id = ?2 AND g.status = 'ended'
          GROUP BY g.variant ORDER BY COUNT(*) DESC, g.variant",
    )?;
    let rows = st.query_map(params![guild, user], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}
