//! Ratings per server (guild) and variant: each rated player's change in
//! each scored game (`rating_changes`), and each player's current rating and
//! record (`ratings`), kept in step in the same transaction.

use rusqlite::{params, Connection, OptionalExtension};

use super::StoreError;

/// How a rated player's game went, by the comparison the rating update
/// itself makes: their score against the other rated players' of the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum WinDrawLoss {
    /// Scored more than every other rated player.
    Win,
    /// Shared the highest score with another rated player.
    Draw,
    /// Another rated player scored more.
    Loss,
}

impl WinDrawLoss {
    /// The outcome of `score` against `others`, the scores of the game's
    /// other rated players: Glicko-2 (two players) counts a higher score a
    /// win and equal scores a draw, and Weng-Lin ranks the players by
    /// score, so a win is first place alone, a draw first place shared.
    #[must_use]
    pub fn among(score: f64, others: &[f64]) -> WinDrawLoss {
        const SAME: f64 = 1e-9;
        if others.iter().any(|o| *o > score + SAME) {
            WinDrawLoss::Loss
        } else if others.iter().any(|o| (o - score).abs() <= SAME) {
            WinDrawLoss::Draw
        } else {
            WinDrawLoss::Win
        }
    }

    /// The stored word.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            WinDrawLoss::Win => "win",
            WinDrawLoss::Draw => "draw",
            WinDrawLoss::Loss => "loss",
        }
    }

    /// The outcome of a stored word.
    #[must_use]
    pub fn parse(s: &str) -> Option<WinDrawLoss> {
        [WinDrawLoss::Win, WinDrawLoss::Draw, WinDrawLoss::Loss].into_iter().find(|o| o.as_str() == s)
    }
}

/// One rated player's rating before and after one scored game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    /// The game.
    pub game: i64,
    /// Its server.
    pub guild: String,
    /// Its variant id.
    pub variant: String,
    /// The player.
    pub user: String,
    /// The power they played.
    pub power: String,
    /// The game's place among the rated games of its server and variant (from 1).
    pub ord: i64,
    /// How it went for them.
    pub outcome: WinDrawLoss,
    /// Their score.
    pub score: f64,
    /// Their shown rating before the game.
    pub before: f64,
    /// Their shown rating after it.
    pub after: f64,
    /// Their full rating after it, as the rating system's JSON.
    pub state: String,
}

/// A player's current rating and record in a server and variant.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// The server.
    pub guild: String,
    /// The variant id.
    pub variant: String,
    /// The player.
    pub user: String,
    /// The shown rating.
    pub rating: f64,
    /// Its uncertainty on the same scale (Glicko-2's deviation, Weng-Lin's sigma × 60).
    pub deviation: f64,
    /// The full rating, as the rating system's JSON.
    pub state: String,
    /// Rated games played.
    pub games: i64,
    /// Of which won.
    pub wins: i64,
    /// Drawn.
    pub draws: i64,
    /// Lost.
    pub losses: i64,
    /// The last rated game played.
    pub last_game: i64,
}

const CHANGE_COLUMNS: &str = "game_id, guild_id, variant, user_id, power, ord, outcome, score, before, after, state";
const RATING_COLUMNS: &str =
    "guild_id, variant, user_id, rating, deviation, state, games, wins, draws, losses, last_game";

fn change_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<RatingChange> {
    let outcome: String = r.get(6)?;
    Ok(RatingChange {
        game: r.get(0)?,
        guild: r.get(1)?,
        variant: r.get(2)?,
        user: r.get(3)?,
        power: r.get(4)?,
        ord: r.get(5)?,
        outcome: WinDrawLoss::parse(&outcome)
            .ok_or_else(|| rusqlite::Error::FromSqlConversionFailure(6, rusqlite::types::Type::Text, outcome.into()))?,
        score: r.get(7)?,
        before: r.get(8)?,
        after: r.get(9)?,
        state: r.get(10)?,
    })
}

fn rating_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<RatingRow> {
    Ok(RatingRow {
        guild: r.get(0)?,
        variant: r.get(1)?,
        user: r.get(2)?,
        rating: r.get(3)?,
        deviation: r.get(4)?,
        state: r.get(5)?,
        games: r.get(6)?,
        wins: r.get(7)?,
        draws: r.get(8)?,
        losses: r.get(9)?,
        last_game: r.get(10)?,
    })
}

/// `user`'s current rating in `guild` and `variant` (none before their first rated game).
///
/// # Errors
/// Database errors.
pub fn rating(c: &Connection, guild: &str, variant: &str, user: &str) -> Result<Option<RatingRow>, StoreError> {
    let sql = format!("SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ?1 AND variant = ?2 AND user_id = ?3");
    Ok(c.prepare_cached(&sql)?.query_row(params![guild, variant, user], rating_row).optional()?)
}

/// Every player's current rating in `guild` and `variant`, best first (then more games first, then by user).
///
/// # Errors
/// Database errors.
pub fn ratings(c: &Connection, guild: &str, variant: &str) -> Result<Vec<RatingRow>, StoreError> {
    let sql = format!(
        "SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ?1 AND variant = ?2 ORDER BY rating DESC, games DESC, user_id"
    );
    let mut st = c.prepare_cached(&sql)?;
    let rows = st.query_map(params![guild, variant], rating_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// `user`'s ratings in `guild`, one per variant they were rated in, most games first.
///
/// # Errors
/// Database errors.
pub fn ratings_of(c: &Connection, guild: &str, user: &str) -> Result<Vec<RatingRow>, StoreError> {
    let sql = format!(
        "SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ?1 AND user_id = ?2 ORDER BY games DESC, variant"
    );
    let mut st = c.prepare_cached(&sql)?;
    let rows = st.query_map(params![guild, user], rating_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Writes `row`, replacing the player's previous rating.
///
/// # Errors
/// Database errors.
pub fn put_rating(c: &Connection, row: &RatingRow) -> Result<(), StoreError> {
    let sql = format!(
        "INSERT OR REPLACE INTO ratings ({RATING_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"
    );
    c.prepare_cached(&sql)?.execute(params![
        row.guild,
        row.variant,
        row.user,
        row.rating,
        row.deviation,
        row.state,
        row.games,
        row.wins,
        row.draws,
        row.losses,
        row.last_game
    ])?;
    Ok(())
}

/// The place the next rated game of `guild` and `variant` takes (1 for the first).
///
/// # Errors
/// Database errors.
pub fn next_rating_ord(c: &Connection, guild: &str, variant: &str) -> Result<i64, StoreError> {
    Ok(c.prepare_cached("SELECT COALESCE(MAX(ord), 0) + 1 FROM rating_changes WHERE guild_id = ?1 AND variant = ?2")?
        .query_row(params![guild, variant], |r| r.get(0))?)
}

/// Records one player's change in one game.
///
/// # Errors
/// Database errors (including a second change for the same player and game).
pub fn add_rating_change(c: &Connection, ch: &RatingChange) -> Result<(), StoreError> {
    let sql =
        format!("INSERT INTO rating_changes ({CHANGE_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
    c.prepare_cached(&sql)?.execute(params![
        ch.game,
        ch.guild,
        ch.variant,
        ch.user,
        ch.power,
        ch.ord,
        ch.outcome.as_str(),
        ch.score,
        ch.before,
        ch.after,
        ch.state
    ])?;
    Ok(())
}

/// A game's rating changes, in the order they were recorded (the powers' order).
///
/// # Errors
/// Database errors.
pub fn game_rating_changes(c: &Connection, game: i64) -> Result<Vec<RatingChange>, StoreError> {
    let sql = format!("SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE game_id = ?1 ORDER BY rowid");
    let mut st = c.prepare_cached(&sql)?;
    let rows = st.query_map(params![game], change_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Every rating change of `guild` and `variant`, game by game in order,
/// each game's in the order they were recorded.
///
/// # Errors
/// Database errors.
pub fn rating_changes(c: &Connection, guild: &str, variant: &str) -> Result<Vec<RatingChange>, StoreError> {
    let sql =
        format!("SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE guild_id = ?1 AND variant = ?2 ORDER BY ord, rowid");
    let mut st = c.prepare_cached(&sql)?;
    let rows = st.query_map(params![guild, variant], change_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The server and variant of a game's rating changes (none: it changed no rating).
///
/// # Errors
/// Database errors.
pub fn rated_in(c: &Connection, game: i64) -> Result<Option<(String, String)>, StoreError> {
    Ok(c.prepare_cached("SELECT guild_id, variant FROM rating_changes WHERE game_id = ?1 LIMIT 1")?
        .query_row(params![game], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?)
}

/// The changes of `user` in `guild` and `variant`, game by game in order.
///
/// # Errors
/// Database errors.
pub fn player_rating_changes(
    c: &Connection,
    guild: &str,
    variant: &str,
    user: &str,
) -> Result<Vec<RatingChange>, StoreError> {
    let sql = format!(
        "SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE guild_id = ?1 AND variant = ?2 AND user_id = ?3 ORDER BY ord"
    );
    let mut st = c.prepare_cached(&sql)?;
    let rows = st.query_map(params![guild, variant, user], change_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The place of a game among the rated games of its server and variant
/// (none: it changed no rating).
///
/// # Errors
/// Database errors.
pub fn rating_ord(c: &Connection, game: i64) -> Result<Option<i64>, StoreError> {
    Ok(c.prepare_cached("SELECT MIN(ord) FROM rating_changes WHERE game_id = ?1")?
        .query_row(params![game], |r| r.get(0))?)
}

/// The games of `guild` and `variant` rated at place `from` or later that
/// are still ended and scored, in their order.
///
/// # Errors
/// Database errors.
pub fn rated_games_from(c: &Connection, guild: &str, variant: &str, from: i64) -> Result<Vec<i64>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT rc.game_id FROM rating_changes rc JOIN games g ON g.id = rc.game_id
         WHERE rc.guild_id = ?1 AND rc.variant = ?2 AND rc.ord >= ?3 AND g.status = 'ended'
           AND EXISTS (SELECT 1 FROM scores s WHERE s.game_id = rc.game_id)
         GROUP BY rc.game_id ORDER BY MIN(rc.ord)",
    )?;
    let rows = st.query_map(params![guild, variant, from], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Forgets the rating changes of `guild` and `variant` at place `from` or
/// later, and returns the players they were of (their `ratings` rows are
/// left for the caller to rebuild).
///
/// # Errors
/// Database errors.
pub fn forget_rating_changes_from(
    c: &Connection,
    guild: &str,
    variant: &str,
    from: i64,
) -> Result<Vec<String>, StoreError> {
    let users: Vec<String> = {
        let mut st = c.prepare_cached(
            "SELECT DISTINCT user_id FROM rating_changes WHERE guild_id = ?1 AND variant = ?2 AND ord >= ?3 ORDER BY user_id",
        )?;
        let rows = st.query_map(params![guild, variant, from], |r| r.get(0))?;
        rows.collect::<Result<_, _>>()?
    };
    c.execute(
        "DELETE FROM rating_changes WHERE guild_id = ?1 AND variant = ?2 AND ord >= ?3",
        params![guild, variant, from],
    )?;
    Ok(users)
}

/// Forgets `user`'s rating in `guild` and `variant`.
///
/// # Errors
/// Database errors.
pub fn delete_rating(c: &Connection, guild: &str, variant: &str, user: &str) -> Result<(), StoreError> {
    c.execute(
        "DELETE FROM ratings WHERE guild_id = ?1 AND variant = ?2 AND user_id = ?3",
        params![guild, variant, user],
    )?;
    Ok(())
}

/// Forgets every rating change and rating of `guild` and `variant`.
///
/// # Errors
/// Database errors.
pub fn clear_ratings(c: &Connection, guild: &str, variant: &str) -> Result<(), StoreError> {
    c.execute("DELETE FROM rating_changes WHERE guild_id = ?1 AND variant = ?2", params![guild, variant])?;
    c.execute("DELETE FROM ratings WHERE guild_id = ?1 AND variant = ?2", params![guild, variant])?;
    Ok(())
}

/// The ended, scored games of `guild` and `variant` in the order their
/// ratings are computed: first the games with rating changes, in their
/// `ord`; then the others (which changed no rating, or were never rated)
/// by when they ended, then by id.
///
/// # Errors
/// Database errors.
pub fn rating_order(c: &Connection, guild: &str, variant: &str) -> Result<Vec<i64>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT g.id, (SELECT MIN(rc.ord) FROM rating_changes rc WHERE rc.game_id = g.id) AS o FROM games g
         WHERE g.guild_id = ?1 AND g.variant = ?2 AND g.status = 'ended'
           AND EXISTS (SELECT 1 FROM scores s WHERE s.game_id = g.id)
         ORDER BY o IS NULL, o, g.ended_at, g.id",
    )?;
    let rows = st.query_map(params![guild, variant], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The servers and variants with an ended game that has scores for two
/// players or more but no rating change: scored before ratings were kept.
///
/// # Errors
/// Database errors.
pub fn unrated_scored(c: &Connection) -> Result<Vec<(String, String)>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT DISTINCT g.guild_id, g.variant FROM games g
         WHERE g.status = 'ended'
           AND NOT EXISTS (SELECT 1 FROM rating_changes rc WHERE rc.game_id = g.id)
           AND (SELECT COUNT(DISTINCT s.user_id) FROM scores s WHERE s.game_id = g.id) >= 2
         ORDER BY g.guild_id, g.variant",
    )?;
    let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

#[cfg(test)]
mod tests {
    use super::WinDrawLoss;

    #[test]
    fn an_outcome_is_the_comparison_the_rating_makes() {
        assert_eq!(WinDrawLoss::among(1.0, &[0.0]), WinDrawLoss::Win);
        assert_eq!(WinDrawLoss::among(0.0, &[1.0]), WinDrawLoss::Loss);
        assert_eq!(WinDrawLoss::among(0.5, &[0.5]), WinDrawLoss::Draw);
        // Two players who both scored 0 drew, as Glicko-2 rates them (they were stored as two losses).
        assert_eq!(WinDrawLoss::among(0.0, &[0.0]), WinDrawLoss::Draw);
        // A draw of three and a concession; a sum-of-squares draw's largest share is first alone.
        let third = 1.0 / 3.0;
        assert_eq!(WinDrawLoss::among(third, &[third, third, 0.0]), WinDrawLoss::Draw);
        assert_eq!(WinDrawLoss::among(0.0, &[third, third, third]), WinDrawLoss::Loss);
        assert_eq!(WinDrawLoss::among(0.634, &[0.356, 0.010]), WinDrawLoss::Win);
    }
}
