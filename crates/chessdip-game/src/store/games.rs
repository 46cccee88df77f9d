//! Games and their players.

use rusqlite::{params, Connection, OptionalExtension};

use super::{GameRow, GameStatus, StoreError};

pub(super) const GAME_COLUMNS: &str =
    "id, channel_id, guild_id, variant, settings, status, created_by, created_at, ended, phase_seq, final_state, ended_at, ended_seq";

pub(super) fn game_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    Ok(GameRow {
        id: r.get(0)?,
        channel: r.get(1)?,
        guild: r.get(2)?,
        variant: r.get(3)?,
        settings: r.get(4)?,
        status: GameStatus::parse(&r.get::<_, String>(5)?),
        created_by: r.get(6)?,
        created_at: r.get(7)?,
        ended: r.get(8)?,
        phase_seq: r.get(9)?,
        final_state: r.get(10)?,
        ended_at: r.get(11)?,
        ended_seq: r.get(12)?,
    })
}

/// The most recent game in a channel, live or ended.
///
/// # Errors
/// Database errors.
pub fn latest_game(c: &Connection, channel: &str) -> Result<Option<GameRow>, StoreError> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ?1 ORDER BY id DESC LIMIT 1");
    Ok(c.query_row(&sql, params![channel], game_row).optional()?)
}

/// A game by id.
///
/// # Errors
/// Database errors.
pub fn game(c: &Connection, id: i64) -> Result<Option<GameRow>, StoreError> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1");
    Ok(c.query_row(&sql, params![id], game_row).optional()?)
}

/// Creates a game; `None` if the channel already has a live one.
///
/// # Errors
/// Database errors.
pub fn insert_game(
    c: &Connection,
    channel: &str,
    guild: &str,
    variant: &str,
    settings: &str,
    created_by: &str,
    now: i64,
) -> Result<Option<i64>, StoreError> {
    let n = c.execute(
        "INSERT INTO games (channel_id, guild_id, variant, settings, status, created_by, created_at)
         VALUES (?1, ?2, ?3, ?4, 'forming', ?5, ?6) ON CONFLICT DO NOTHING",
        params![channel, guild, variant, settings, created_by, now],
    )?;
    Ok((n == 1).then(|| c.last_insert_rowid()))
}

/// Sets a game's status (and how it ended).
///
/// # Errors
/// Database errors.
pub fn set_status(c: &Connection, id: i64, status: GameStatus, ended: Option<&str>) -> Result<(), StoreError> {
    c.execute(
        "UPDATE games SET status = ?2, ended = COALESCE(?3, ended),
             start_at = CASE WHEN ?2 = 'forming' THEN start_at END
         WHERE id = ?1",
        params![id, status.as_str(), ended],
    )?;
    Ok(())
}

/// Reopens an ended game (a rollback undid the result that ended it): active
/// again, with no result and no final position.
///
/// # Errors
/// Database errors.
pub fn reopen_game(c: &Connection, id: i64) -> Result<(), StoreError> {
    c.execute(
        "UPDATE games SET status = 'active', ended = NULL, final_state = NULL, ended_at = NULL, ended_seq = NULL WHERE id = ?1",
        params![id],
    )?;
    Ok(())
}

/// Records when a game ended and in which phase (`seq`; none for a game
/// that never started).
///
/// # Errors
/// Database errors.
pub fn set_ended_at(c: &Connection, id: i64, at: i64, seq: Option<i64>) -> Result<(), StoreError> {
    c.execute("UPDATE games SET ended_at = ?2, ended_seq = ?3 WHERE id = ?1", params![id, at, seq])?;
    Ok(())
}

/// Replaces a game's settings.
///
/// # Errors
/// Database errors.
pub fn set_settings(c: &Connection, id: i64, settings: &str) -> Result<(), StoreError> {
    c.execute("UPDATE games SET settings = ?2 WHERE id = ?1", params![id, settings])?;
    Ok(())
}

/// The game's players: (power, user).
///
/// # Errors
/// Database errors.
pub fn players(c: &Connection, game: i64) -> Result<Vec<(String, String)>, StoreError> {
    let mut st = c.prepare_cached("SELECT power, user_id FROM players WHERE game_id = ?1 ORDER BY power")?;
    let rows = st.query_map(params![game], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Seats `user` as `power`, replacing whoever held it. The user must not
/// hold another power of the game (the service moves them first).
///
/// # Errors
/// Database errors (including the user already holding another power).
pub fn seat(c: &Connection, game: i64, power: &str, user: &str, name: &str, now: i64) -> Result<(), StoreError> {
    c.execute("DELETE FROM players WHERE game_id = ?1 AND power = ?2", params![game, power])?;
    c.execute(
        "INSERT INTO players (game_id, power, user_id, name, joined_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![game, power, user, name, now],
    )?;
    Ok(())
}

/// A seated player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The power played.
    pub power: String,
    /// The user id.
    pub user: String,
    /// The name the player is shown by.
    pub name: String,
}

/// The seated players with their names, by power.
///
/// # Errors
/// Database errors.
pub fn seats(c: &Connection, game: i64) -> Result<Vec<Seat>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT power, user_id, CASE name WHEN '' THEN user_id ELSE name END FROM players WHERE game_id = ?1 ORDER BY power",
    )?;
    let rows = st.query_map(params![game], |r| Ok(Seat { power: r.get(0)?, user: r.get(1)?, name: r.get(2)? }))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The live games a user plays in: (channel, variant, power), oldest first (for direct messages).
///
/// # Errors
/// Database errors.
pub fn games_of(c: &Connection, user: &str) -> Result<Vec<(String, String, String)>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT g.channel_id, g.variant, p.power FROM players p JOIN games g ON g.id = p.game_id
         WHERE p.user_id = ?1 AND g.status IN ('active', 'paused', 'forming') ORDER BY g.id",
    )?;
    let rows = st.query_map(params![user], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Removes a user from the game's seats; whether they had one.
///
/// # Errors
/// Database errors.
pub fn unseat(c: &Connection, game: i64, user: &str) -> Result<bool, StoreError> {
    Ok(c.execute("DELETE FROM players WHERE game_id = ?1 AND user_id = ?2", params![game, user])? > 0)
}

/// Records that a moderator removed `user` (they may not join again on their own).
///
/// # Errors
/// Database errors.
pub fn kick(c: &Connection, game: i64, user: &str, now: i64) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO kicked (game_id, user_id, at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
        params![game, user, now],
    )?;
    Ok(())
}

/// The powers a moderator removed their player from (`game kick`) and
/// that nobody holds now, in the order of the powers' names.
///
/// # Errors
/// Database errors.
pub fn kicked_powers(c: &Connection, game: i64) -> Result<Vec<String>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT DISTINCT r.power FROM reliability r
         JOIN kicked k ON k.game_id = r.game_id AND k.user_id = r.user_id
         WHERE r.game_id = ?1 AND r.kind = 'left'
           AND NOT EXISTS (SELECT 1 FROM players p WHERE p.game_id = ?1 AND p.power = r.power)
         ORDER BY r.power",
    )?;
    let rows = st.query_map(params![game], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Whether a moderator removed `user` from the game.
///
/// # Errors
/// Database errors.
pub fn is_kicked(c: &Connection, game: i64, user: &str) -> Result<bool, StoreError> {
    Ok(c.query_row("SELECT COUNT(*) FROM kicked WHERE game_id = ?1 AND user_id = ?2", params![game, user], |r| {
        r.get::<_, i64>(0)
    })? > 0)
}

/// Lifts a removal (a moderator seated the user again).
///
/// # Errors
/// Database errors.
pub fn unkick(c: &Connection, game: i64, user: &str) -> Result<(), StoreError> {
    c.execute("DELETE FROM kicked WHERE game_id = ?1 AND user_id = ?2", params![game, user])?;
    Ok(())
}

/// A moderator action, as the game's log keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModeratorAction {
    /// Unix seconds.
    pub at: i64,
    /// The moderator's user id.
    pub user: String,
    /// The name shown for them then.
    pub name: String,
    /// `force`, `extend`, `pause`...
    pub action: String,
    /// What it did: `Spring 1601 resolved`, `by 1d`, `alice to France`.
    pub detail: String,
    /// The phase it was taken in (none before the start). When logging,
    /// `None` means the game's current phase.
    pub seq: Option<i64>,
}

/// Records a moderator action on `game`.
///
/// # Errors
/// Database errors.
pub fn log_moderation(c: &Connection, game: i64, a: &ModeratorAction) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO moderation_log (game_id, at, user_id, name, action, detail, seq)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, COALESCE(?7, (SELECT NULLIF(phase_seq, 0) FROM games WHERE id = ?1)))",
        params![game, a.at, a.user, a.name, a.action, a.detail, a.seq],
    )?;
    Ok(())
}

/// The moderator actions on `game`, oldest first.
///
/// # Errors
/// Database errors.
pub fn moderation_log(c: &Connection, game: i64) -> Result<Vec<ModeratorAction>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT at, user_id, name, action, detail, seq FROM moderation_log WHERE game_id = ?1 ORDER BY id",
    )?;
    let rows = st.query_map(params![game], |r| {
        Ok(ModeratorAction {
            at: r.get(0)?,
            user: r.get(1)?,
            name: r.get(2)?,
            action: r.get(3)?,
            detail: r.get(4)?,
            seq: r.get(5)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Forming games whose `start-at` time has come by `now`, soonest first.
///
/// # Errors
/// Database errors.
pub fn starts_due(c: &Connection, now: i64) -> Result<Vec<GameRow>, StoreError> {
    let sql = format!(
        "SELECT {GAME_COLUMNS} FROM games WHERE start_at IS NOT NULL AND start_at <= ?1 AND status = 'forming'
         ORDER BY start_at"
    );
    let mut st = c.prepare_cached(&sql)?;
    let rows = st.query_map(params![now], game_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The soonest `start-at` time of a forming game, if any.
///
/// # Errors
/// Database errors.
pub fn next_start(c: &Connection) -> Result<Option<i64>, StoreError> {
    Ok(c.query_row("SELECT MIN(start_at) FROM games WHERE start_at IS NOT NULL AND status = 'forming'", [], |r| {
        r.get(0)
    })?)
}

/// The games of server `guild` that are forming or running (paused ones
/// included), oldest first.
///
/// # Errors
/// Database errors.
pub fn live_games_in(c: &Connection, guild: &str) -> Result<Vec<GameRow>, StoreError> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ?1 AND status != 'ended' ORDER BY id");
    let mut st = c.prepare_cached(&sql)?;
    let rows = st.query_map(params![guild], game_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Sets (or clears) when a forming game starts by itself.
///
/// # Errors
/// Database errors.
pub fn set_start_at(c: &Connection, id: i64, at: Option<i64>) -> Result<(), StoreError> {
    c.execute("UPDATE games SET start_at = ?2 WHERE id = ?1", params![id, at])?;
    Ok(())
}
