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

/// Where a power finished among every power scored in its game: its place
/// (1 + the powers that scored more), whether another power scored the
/// same, and how many powers were scored.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Placing {
    /// 1 for the best score.
    pub place: i64,
    /// Another power scored the same (`shared 1st`).
    pub shared: bool,
    /// The powers scored in the game.
    pub of: i64,
}

/// Two scores of one game are equal within this (shares of one draw are computed alike).
const SAME_SCORE: f64 = 1e-9;

/// The columns of a placing for the score `s` (a column expression) of the
/// player `user` (a column expression) holding `power`, in a query that
/// joins the game's scores as `o` and groups by the player's row:
/// `higher` (the powers that scored more), `others` (the other powers with
/// that score) and `scored` (the powers scored). Each power counts once,
/// by its first row (the score of whoever held it at the end, or of its
/// vacant seat); a player who left a seat before the end, with a second
/// row of its own, is placed among the powers. Its place is 1 + `higher`.
fn placing_columns(s: &str, user: &str, power: &str) -> String {
    format!(
        "TOTAL(o.score > {s} + {SAME_SCORE:e}) AS higher,
         TOTAL(ABS(o.score - {s}) <= {SAME_SCORE:e} AND NOT (o.power = {power} AND o.user_id IS {user})) AS others,
         COUNT(o.game_id) AS scored"
    )
}

/// The join condition that keeps each power's first score row as `o`.
const FIRST_ROW: &str = "o.ord = (SELECT MIN(f.ord) FROM scores f WHERE f.game_id = o.game_id AND f.power = o.power)";

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
    /// Where it placed among the game's powers.
    pub placing: Placing,
    /// The power that won the game alone, if one did.
    pub solo: Option<String>,
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
    let sql = format!(
        "SELECT g.id, g.channel_id, g.variant, s.power, s.shown, s.how, rc.before, rc.after, {},
                (SELECT w.power FROM scores w WHERE w.game_id = g.id AND w.how = 'solo')
           FROM scores s
           JOIN games g ON g.id = s.game_id
           LEFT JOIN rating_changes rc ON rc.game_id = s.game_id AND rc.user_id = s.user_id
           JOIN scores o ON o.game_id = s.game_id AND {FIRST_ROW}
          WHERE g.guild_id = ?1 AND s.user_id = ?2 AND g.variant = ?3 AND g.status = 'ended'
          GROUP BY s.game_id, s.ord
          ORDER BY COALESCE(g.ended_at, 0) DESC, g.id DESC
          LIMIT ?4",
        placing_columns("s.score", "s.user_id", "s.power")
    );
    let mut st = c.prepare_cached(&sql)?;
    let rows = st.query_map(params![guild, user, variant, i64::try_from(limit).unwrap_or(i64::MAX)], |r| {
        let before: Option<f64> = r.get(6)?;
        let after: Option<f64> = r.get(7)?;
        let (higher, others): (f64, f64) = (r.get(8)?, r.get(9)?);
        Ok(ResultRow {
            game: r.get(0)?,
            channel: r.get(1)?,
            variant: r.get(2)?,
            power: r.get(3)?,
            shown: r.get(4)?,
            how: r.get(5)?,
            placing: Placing { place: 1 + higher as i64, shared: others > 0.0, of: r.get(10)? },
            solo: r.get(11)?,
            rating: before.zip(after),
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A player's rated games of one variant by where they placed: how many
/// they finished first in, alone or shared, and their scores.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Placings {
    /// Rated games.
    pub games: i64,
    /// First alone.
    pub first: i64,
    /// First with another power (a draw shared equally, equal sums of squares).
    pub shared_first: i64,
    /// The sum of their scores.
    pub score: f64,
}

/// `user`'s placings in their rated games of `variant` in `guild`: each
/// rated game's scores read once, by one join.
///
/// # Errors
/// Database errors.
pub fn placings(c: &Connection, guild: &str, variant: &str, user: &str) -> Result<Placings, StoreError> {
    let sql = format!(
        "SELECT COUNT(*), COALESCE(SUM(higher = 0 AND others = 0), 0), COALESCE(SUM(higher = 0 AND others > 0), 0),
                TOTAL(score)
           FROM (SELECT rc.score AS score, {}
                   FROM rating_changes rc LEFT JOIN scores o ON o.game_id = rc.game_id AND {FIRST_ROW}
                  WHERE rc.guild_id = ?1 AND rc.variant = ?2 AND rc.user_id = ?3
                  GROUP BY rc.game_id)",
        placing_columns("rc.score", "rc.user_id", "rc.power")
    );
    Ok(c.prepare_cached(&sql)?.query_row(params![guild, variant, user], |r| {
        Ok(Placings { games: r.get(0)?, first: r.get(1)?, shared_first: r.get(2)?, score: r.get(3)? })
    })?)
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
