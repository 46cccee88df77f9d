//! What each user wants to be told by direct message (`notify`), per
//! server, and the users whose direct messages Discord refused.

use rusqlite::{params, Connection, OptionalExtension};

use super::StoreError;

/// A user's direct messages in one server. The default (no row): phase
/// openings and deadline reminders, not results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotifySettings {
    /// A phase opening in which they owe something.
    pub phase: bool,
    /// The reminder before a deadline, while their orders are missing.
    pub deadline: bool,
    /// Each result of their games.
    pub results: bool,
}

impl Default for NotifySettings {
    fn default() -> NotifySettings {
        NotifySettings { phase: true, deadline: true, results: false }
    }
}

/// `user`'s settings in `guild` (the defaults if they never changed them).
///
/// # Errors
/// Database errors.
pub fn notify_settings(c: &Connection, user: &str, guild: &str) -> Result<NotifySettings, StoreError> {
    let mut st =
        c.prepare_cached("SELECT phase, deadline, results FROM notify_settings WHERE user_id = ?1 AND guild_id = ?2")?;
    let row = st
        .query_row(params![user, guild], |r| {
            Ok(NotifySettings { phase: r.get(0)?, deadline: r.get(1)?, results: r.get(2)? })
        })
        .optional()?;
    Ok(row.unwrap_or_default())
}

/// Stores `user`'s settings in `guild`.
///
/// # Errors
/// Database errors.
pub fn set_notify_settings(
    c: &Connection,
    user: &str,
    guild: &str,
    s: NotifySettings,
    now: i64,
) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO notify_settings (user_id, guild_id, phase, deadline, results, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (user_id, guild_id) DO UPDATE SET phase = ?3, deadline = ?4, results = ?5, at = ?6",
        params![user, guild, s.phase, s.deadline, s.results, now],
    )?;
    Ok(())
}

/// Records that a direct message to `user` was refused at `now`; whether
/// it is the first refusal recorded for them (since one was last delivered).
///
/// # Errors
/// Database errors.
pub fn dm_refused(c: &Connection, user: &str, now: i64) -> Result<bool, StoreError> {
    let updated =
        c.execute("UPDATE dm_refusals SET last_at = ?2, times = times + 1 WHERE user_id = ?1", params![user, now])?;
    if updated == 1 {
        return Ok(false);
    }
    c.execute(
        "INSERT INTO dm_refusals (user_id, first_at, last_at, times) VALUES (?1, ?2, ?2, 1)",
        params![user, now],
    )?;
    Ok(true)
}

/// When a direct message to `user` was last refused, and how many were.
///
/// # Errors
/// Database errors.
pub fn dm_refusals(c: &Connection, user: &str) -> Result<Option<(i64, i64)>, StoreError> {
    Ok(c.query_row("SELECT last_at, times FROM dm_refusals WHERE user_id = ?1", params![user], |r| {
        Ok((r.get(0)?, r.get(1)?))
    })
    .optional()?)
}

/// Forgets the refusals of the user of outbox item `id`, a direct message
/// just delivered (they accept direct messages again); nothing for a
/// channel post.
///
/// # Errors
/// Database errors.
pub fn dm_delivered(c: &Connection, id: i64) -> Result<(), StoreError> {
    c.execute(
        "DELETE FROM dm_refusals WHERE user_id = (SELECT user_id FROM outbox WHERE id = ?1 AND user_id IS NOT NULL)",
        params![id],
    )?;
    Ok(())
}
