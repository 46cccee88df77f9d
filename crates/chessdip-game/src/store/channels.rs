//! The text channels the bot made for games (`channel=new`): whom it has
//! let read and post there, when it archived them, and what last failed.

use rusqlite::{params, Connection, OptionalExtension};

use super::{GameStatus, StoreError};

/// A channel the bot made for a game, with what the game's row says of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameChannel {
    /// The channel.
    pub channel: String,
    /// The game it was made for.
    pub game: i64,
    /// Only its players, its moderators and the bot read it.
    pub private: bool,
    /// Seconds after the game's end when it is archived.
    pub archive_after: i64,
    /// The users the bot has let read and post there.
    pub readers: Vec<String>,
    /// When it was archived.
    pub archived_at: Option<i64>,
    /// The last failure to change it.
    pub last_error: Option<String>,
    /// The game's creator.
    pub created_by: String,
    /// The game's status.
    pub status: GameStatus,
    /// When the game ended.
    pub ended_at: Option<i64>,
}

const COLUMNS: &str =
    "gc.channel_id, gc.game_id, gc.private, gc.archive_after, gc.readers, gc.archived_at, gc.last_error,
     g.created_by, g.status, g.ended_at";

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<(GameChannel, String)> {
    Ok((
        GameChannel {
            channel: r.get(0)?,
            game: r.get(1)?,
            private: r.get(2)?,
            archive_after: r.get(3)?,
            readers: Vec::new(),
            archived_at: r.get(5)?,
            last_error: r.get(6)?,
            created_by: r.get(7)?,
            status: GameStatus::parse(&r.get::<_, String>(8)?),
            ended_at: r.get(9)?,
        },
        r.get(4)?,
    ))
}

fn with_readers((mut ch, readers): (GameChannel, String)) -> Result<GameChannel, StoreError> {
    ch.readers = serde_json::from_str(&readers)?;
    Ok(ch)
}

/// Records that `channel` was made for `game`, and that `readers` were let
/// read and post there when it was made.
///
/// # Errors
/// Database errors (the channel or the game recorded already).
pub fn add_game_channel(
    c: &Connection,
    channel: &str,
    game: i64,
    private: bool,
    archive_after: i64,
    readers: &[String],
    now: i64,
) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO game_channels (channel_id, game_id, private, archive_after, readers, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![channel, game, private, archive_after, serde_json::to_string(readers)?, now],
    )?;
    Ok(())
}

/// The channel the bot made, if `channel` is one.
///
/// # Errors
/// Database errors.
pub fn game_channel(c: &Connection, channel: &str) -> Result<Option<GameChannel>, StoreError> {
    let sql =
        format!("SELECT {COLUMNS} FROM game_channels gc JOIN games g ON g.id = gc.game_id WHERE gc.channel_id = ?1");
    c.query_row(&sql, params![channel], row).optional()?.map(with_readers).transpose()
}

/// The channels the bot made that it still looks after: not archived, and
/// still holding the game they were made for (no later game created there).
///
/// # Errors
/// Database errors.
pub fn kept_game_channels(c: &Connection) -> Result<Vec<GameChannel>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM game_channels gc JOIN games g ON g.id = gc.game_id
         WHERE gc.archived_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM games later WHERE later.channel_id = gc.channel_id AND later.id > gc.game_id)
         ORDER BY gc.game_id"
    );
    let mut st = c.prepare_cached(&sql)?;
    let rows = st.query_map([], row)?.collect::<Result<Vec<_>, _>>()?;
    rows.into_iter().map(with_readers).collect()
}

/// Replaces the users the bot has let read and post in `channel`.
///
/// # Errors
/// Database errors.
pub fn set_channel_readers(c: &Connection, channel: &str, readers: &[String]) -> Result<(), StoreError> {
    c.execute(
        "UPDATE game_channels SET readers = ?2 WHERE channel_id = ?1",
        params![channel, serde_json::to_string(readers)?],
    )?;
    Ok(())
}

/// Records that `channel` was archived at `now`; `false` if it was already.
///
/// # Errors
/// Database errors.
pub fn set_channel_archived(c: &Connection, channel: &str, now: i64) -> Result<bool, StoreError> {
    Ok(c.execute(
        "UPDATE game_channels SET archived_at = ?2, last_error = NULL WHERE channel_id = ?1 AND archived_at IS NULL",
        params![channel, now],
    )? == 1)
}

/// Records the last failure to change `channel` (`None`: the last change
/// went through); whether that is news (another failure than the last).
///
/// # Errors
/// Database errors.
pub fn set_channel_error(c: &Connection, channel: &str, error: Option<&str>) -> Result<bool, StoreError> {
    Ok(c.execute(
        "UPDATE game_channels SET last_error = ?2 WHERE channel_id = ?1 AND last_error IS NOT ?2",
        params![channel, error],
    )? == 1)
}

/// The announcements still to be posted in `channel` (direct messages to
/// its players aside).
///
/// # Errors
/// Database errors.
pub fn channel_posts_waiting(c: &Connection, channel: &str) -> Result<i64, StoreError> {
    Ok(c.query_row(
        "SELECT COUNT(*) FROM outbox WHERE status = 'pending' AND channel_id = ?1 AND user_id IS NULL",
        params![channel],
        |r| r.get(0),
    )?)
}
