//! The outbox: announcements written in the same transaction as the state
//! change that causes them, delivered later by a front end, in order per
//! channel, and marked delivered only once the front end confirms.

use rusqlite::{params, Connection, OptionalExtension};

use super::StoreError;

/// An announcement to deliver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxItem {
    /// Row id (also what a front end derives its idempotency nonce from).
    pub id: i64,
    /// The game's channel.
    pub channel: String,
    /// A direct message to this user instead of a channel post.
    pub user: Option<String>,
    /// The game it is about.
    pub game: Option<i64>,
    /// The text.
    pub text: String,
    /// A deadline the text speaks of (unix seconds).
    pub deadline: Option<i64>,
    /// The images' specs (JSON), drawn from the stored game at delivery.
    pub images: String,
    /// Users the message may ping (JSON list of ids).
    pub mentions: String,
    /// When it was written.
    pub created_at: i64,
    /// Delivery attempts so far.
    pub attempts: i64,
    /// Parts of the item already confirmed (a retry resumes after them).
    pub parts_done: i64,
    /// The last delivery error, if any.
    pub last_error: Option<String>,
    /// Six random hex digits written when the item was queued (empty for
    /// items queued before tokens existed): with the row id, what the
    /// delivery nonce is made from.
    pub token: String,
    /// Queued, delivered or parked.
    pub status: OutboxStatus,
    /// When it is tried next (while queued).
    pub next_attempt_at: i64,
    /// The first try at the part being sent whose outcome is not known
    /// (Discord may have created the message): see [`outbox_trying`].
    pub sent_since: Option<i64>,
    /// The latest such try.
    pub sent_last: Option<i64>,
    /// The first failed try since the item last got a message through.
    pub first_failed_at: Option<i64>,
    /// How long it has been failing while the bot ran, in seconds (see [`outbox_failed`]).
    pub failing_for: i64,
    /// When it was parked, if it is.
    pub parked_at: Option<i64>,
    /// When it was delivered, if it was.
    pub delivered_at: Option<i64>,
    /// The components of its last message (JSON).
    pub components: String,
    /// An edit: the item whose message it rewrites.
    pub edits: Option<i64>,
    /// Its last message, once posted.
    pub message_id: Option<String>,
}

/// Where an announcement stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutboxStatus {
    /// Waiting to be delivered (or being delivered).
    Pending,
    /// Confirmed by its front end.
    Delivered,
    /// Failed for too long: kept, no longer tried until a moderator queues it again.
    Parked,
}

impl OutboxStatus {
    fn of(s: &str) -> OutboxStatus {
        match s {
            "delivered" => OutboxStatus::Delivered,
            "parked" => OutboxStatus::Parked,
            _ => OutboxStatus::Pending,
        }
    }
}

const COLUMNS: &str = "id, channel_id, user_id, game_id, text, deadline, images, created_at, attempts, parts_done, last_error, mentions, token,
     status, next_attempt_at, sent_since, sent_last, first_failed_at, failing_for, parked_at, delivered_at,
     components, edits, message_id";

fn item(r: &rusqlite::Row<'_>) -> rusqlite::Result<OutboxItem> {
    Ok(OutboxItem {
        id: r.get(0)?,
        channel: r.get(1)?,
        user: r.get(2)?,
        game: r.get(3)?,
        text: r.get(4)?,
        deadline: r.get(5)?,
        images: r.get(6)?,
        created_at: r.get(7)?,
        attempts: r.get(8)?,
        parts_done: r.get(9)?,
        last_error: r.get(10)?,
        mentions: r.get(11)?,
        token: r.get(12)?,
        status: OutboxStatus::of(&r.get::<_, String>(13)?),
        next_attempt_at: r.get(14)?,
        sent_since: r.get(15)?,
        sent_last: r.get(16)?,
        first_failed_at: r.get(17)?,
        failing_for: r.get(18)?,
        parked_at: r.get(19)?,
        delivered_at: r.get(20)?,
        components: r.get(21)?,
        edits: r.get(22)?,
        message_id: r.get(23)?,
    })
}

/// What to write: everything but the bookkeeping.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewItem<'a> {
    /// The game's channel.
    pub channel: &'a str,
    /// A direct message to this user instead.
    pub user: Option<&'a str>,
    /// The game.
    pub game: Option<i64>,
    /// The text.
    pub text: &'a str,
    /// A deadline the text speaks of.
    pub deadline: Option<i64>,
    /// Image specs, JSON.
    pub images: &'a str,
    /// Users it may ping, JSON.
    pub mentions: &'a str,
    /// Components of its last message, JSON.
    pub components: &'a str,
    /// An edit of this item's message.
    pub edits: Option<i64>,
}

/// Writes an announcement; its id.
///
/// # Errors
/// Database errors.
pub fn push_outbox(c: &Connection, item: &NewItem<'_>, now: i64) -> Result<i64, StoreError> {
    c.execute(
        "INSERT INTO outbox (channel_id, user_id, game_id, text, deadline, images, mentions, created_at, token, components, edits)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, lower(hex(randomblob(3))), ?9, ?10)",
        params![
            item.channel,
            item.user,
            item.game,
            item.text,
            item.deadline,
            item.images,
            item.mentions,
            now,
            item.components,
            item.edits
        ],
    )?;
    Ok(c.last_insert_rowid())
}

/// The guild of games played in the local console: their items are the
/// console's to print, never a Discord channel's.
pub const CONSOLE_GUILD: &str = "console";

/// The next item to deliver on Discord in each queue whose turn has come
/// (its retry time reached), oldest first: at most one per queue, so that
/// a queue's items go out in order and a failing one holds back only its
/// queue. A queue is a channel's posts, or the direct messages about the
/// channel's game to one user: a player's direct messages never wait for
/// the channel's posts (their images, a missing permission), nor the other
/// way round. The channels' posts go before the direct messages (a storm
/// of phases opening posts its results as fast as without them; the
/// players are told next), each kind oldest first. Console games' items
/// are left to the console.
///
/// # Errors
/// Database errors.
pub fn outbox_heads(c: &Connection, now: i64, limit: usize) -> Result<Vec<OutboxItem>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM outbox o WHERE o.status = 'pending' AND o.next_attempt_at <= ?1
           AND o.id = (SELECT MIN(id) FROM outbox p
                        WHERE p.status = 'pending' AND p.channel_id = o.channel_id AND p.user_id IS o.user_id)
           AND NOT EXISTS (SELECT 1 FROM games g WHERE g.id = o.game_id AND g.guild_id = '{CONSOLE_GUILD}')
         ORDER BY o.user_id IS NOT NULL, o.id LIMIT ?2"
    );
    let mut st = c.prepare_cached(&sql)?;
    let rows = st.query_map(params![now, i64::try_from(limit).unwrap_or(i64::MAX)], item)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Every pending item of the console's games, oldest first (the console prints them all).
///
/// # Errors
/// Database errors.
pub fn outbox_pending(c: &Connection) -> Result<Vec<OutboxItem>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM outbox o WHERE o.status = 'pending'
           AND EXISTS (SELECT 1 FROM games g WHERE g.id = o.game_id AND g.guild_id = '{CONSOLE_GUILD}')
         ORDER BY o.id"
    );
    let mut st = c.prepare_cached(&sql)?;
    let rows = st.query_map([], item)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Every pending item, of every front end, oldest first (for operators and tests).
///
/// # Errors
/// Database errors.
pub fn outbox_pending_all(c: &Connection) -> Result<Vec<OutboxItem>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM outbox WHERE status = 'pending' ORDER BY id");
    let mut st = c.prepare_cached(&sql)?;
    let rows = st.query_map([], item)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Pending posts in a channel (for `game status`; its direct messages aside).
///
/// # Errors
/// Database errors.
pub fn outbox_waiting(c: &Connection, channel: &str) -> Result<i64, StoreError> {
    Ok(c.query_row(
        "SELECT COUNT(*) FROM outbox WHERE status = 'pending' AND channel_id = ?1 AND user_id IS NULL",
        params![channel],
        |r| r.get(0),
    )?)
}

/// Pending posts of a channel held back by a missing permission: how many,
/// and the error Discord gave.
///
/// # Errors
/// Database errors.
pub fn outbox_held(c: &Connection, channel: &str) -> Result<Option<(i64, String)>, StoreError> {
    Ok(c.query_row(
        "SELECT COUNT(*), MAX(last_error) FROM outbox
             WHERE status = 'pending' AND channel_id = ?1 AND user_id IS NULL AND last_error LIKE 'missing permission%'",
        params![channel],
        |r| Ok((r.get::<_, i64>(0)?, r.get::<_, Option<String>>(1)?)),
    )
    .optional()?
    .and_then(|(n, e)| e.filter(|_| n > 0).map(|e| (n, e))))
}

/// Makes every held-back item due now (a channel or role changed somewhere).
///
/// # Errors
/// Database errors.
pub fn outbox_retry_all(c: &Connection, now: i64) -> Result<usize, StoreError> {
    Ok(c.execute(
        "UPDATE outbox SET next_attempt_at = ?1 WHERE status = 'pending' AND next_attempt_at > ?1",
        params![now],
    )?)
}

/// The earliest retry time among pending items, if any.
///
/// # Errors
/// Database errors.
pub fn outbox_next_attempt(c: &Connection) -> Result<Option<i64>, StoreError> {
    Ok(c.query_row("SELECT MIN(next_attempt_at) FROM outbox WHERE status = 'pending'", [], |r| r.get(0))?)
}

/// Marks an item delivered; `false` if it was not pending (delivered twice is refused).
///
/// # Errors
/// Database errors.
pub fn outbox_delivered(c: &Connection, id: i64, now: i64) -> Result<bool, StoreError> {
    Ok(c.execute(
        "UPDATE outbox SET status = 'delivered', delivered_at = ?2 WHERE id = ?1 AND status = 'pending'",
        params![id, now],
    )? == 1)
}

/// Marks a pending item done though it was not delivered: Discord refused
/// it for good (a direct message to a user who does not accept them). It
/// is kept as delivered, with `error` as its last error, and not tried again.
///
/// # Errors
/// Database errors.
pub fn outbox_refused(c: &Connection, id: i64, error: &str, now: i64) -> Result<bool, StoreError> {
    Ok(c.execute(
        "UPDATE outbox SET status = 'delivered', delivered_at = ?2, last_error = ?3, sent_since = NULL, sent_last = NULL
         WHERE id = ?1 AND status = 'pending'",
        params![id, now, error],
    )? == 1)
}

/// Makes a delivered item pending again (claimed, but its front end could not show it).
///
/// # Errors
/// Database errors.
pub fn outbox_undelivered(c: &Connection, id: i64) -> Result<(), StoreError> {
    c.execute(
        "UPDATE outbox SET status = 'pending', delivered_at = NULL WHERE id = ?1 AND status = 'delivered'",
        params![id],
    )?;
    Ok(())
}

/// Records that the first `parts` parts of a long item were confirmed: the
/// part that was being sent is no longer in doubt, and the item got a
/// message through (its time spent failing starts again from nothing).
///
/// # Errors
/// Database errors.
pub fn outbox_parts_done(c: &Connection, id: i64, parts: i64) -> Result<(), StoreError> {
    c.execute(
        "UPDATE outbox SET parts_done = MAX(parts_done, ?2), sent_since = NULL, sent_last = NULL,
             first_failed_at = NULL, last_failed_at = NULL, failing_for = 0
         WHERE id = ?1 AND parts_done < ?2",
        params![id, parts],
    )?;
    Ok(())
}

/// Records a try at the part being sent, before it goes out: until it is
/// confirmed (or found not created), its outcome is not known.
///
/// # Errors
/// Database errors.
pub fn outbox_trying(c: &Connection, id: i64, now: i64) -> Result<(), StoreError> {
    c.execute(
        "UPDATE outbox SET sent_since = COALESCE(sent_since, ?2), sent_last = ?2 WHERE id = ?1",
        params![id, now],
    )?;
    Ok(())
}

/// Records that the part being sent was not created by any try so far
/// (the channel was looked at, or Discord refused the only try).
///
/// # Errors
/// Database errors.
pub fn outbox_not_sent(c: &Connection, id: i64) -> Result<(), StoreError> {
    c.execute("UPDATE outbox SET sent_since = NULL, sent_last = NULL WHERE id = ?1", params![id])?;
    Ok(())
}

/// Records a failed try at `now`: the error, and when to try again.
/// Returns how long the item has been failing while the bot ran: the time
/// since the last failed try adds to it, but at most `gap` seconds (the
/// longest the bot waits between two tries; a longer gap is time the bot
/// was not running).
///
/// # Errors
/// Database errors.
pub fn outbox_failed(
    c: &Connection,
    id: i64,
    error: &str,
    retry_at: i64,
    now: i64,
    gap: i64,
) -> Result<i64, StoreError> {
    c.execute(
        "UPDATE outbox SET attempts = attempts + 1, last_error = ?2, next_attempt_at = ?3,
             failing_for = failing_for + CASE WHEN last_failed_at IS NULL THEN 0 ELSE MIN(MAX(?4 - last_failed_at, 0), ?5) END,
             first_failed_at = COALESCE(first_failed_at, ?4), last_failed_at = ?4
         WHERE id = ?1",
        params![id, error, retry_at, now, gap],
    )?;
    Ok(c.query_row("SELECT failing_for FROM outbox WHERE id = ?1", params![id], |r| r.get(0)).optional()?.unwrap_or(0))
}

/// Parks a queued item that could not be delivered for too long (kept, not
/// retried); `false` if it was not queued.
///
/// # Errors
/// Database errors.
pub fn outbox_park(c: &Connection, id: i64, error: &str, now: i64) -> Result<bool, StoreError> {
    Ok(c.execute(
        "UPDATE outbox SET status = 'parked', last_error = ?2, parked_at = ?3 WHERE id = ?1 AND status = 'pending'",
        params![id, error, now],
    )? == 1)
}

/// Queues a parked item again, due now, as if it had never failed (a try
/// whose outcome is not known stays recorded); `false` if it was not parked.
///
/// # Errors
/// Database errors.
pub fn outbox_requeue(c: &Connection, id: i64, now: i64) -> Result<bool, StoreError> {
    Ok(c.execute(
        "UPDATE outbox SET status = 'pending', parked_at = NULL, attempts = 0, next_attempt_at = ?2, last_error = NULL,
             first_failed_at = NULL, last_failed_at = NULL, failing_for = 0
         WHERE id = ?1 AND status = 'parked'",
        params![id, now],
    )? == 1)
}

/// One item, whatever its status.
///
/// # Errors
/// Database errors.
pub fn outbox_item(c: &Connection, id: i64) -> Result<Option<OutboxItem>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM outbox WHERE id = ?1");
    Ok(c.query_row(&sql, params![id], item).optional()?)
}

/// Game `game`'s queued and parked items, oldest first.
///
/// # Errors
/// Database errors.
pub fn outbox_undelivered_of(c: &Connection, game: i64) -> Result<Vec<OutboxItem>, StoreError> {
    let sql =
        format!("SELECT {COLUMNS} FROM outbox WHERE game_id = ?1 AND status IN ('pending', 'parked') ORDER BY id");
    let mut st = c.prepare_cached(&sql)?;
    let rows = st.query_map(params![game], item)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Makes a channel's pending items due now (a permission came back, a command was used there).
///
/// # Errors
/// Database errors.
pub fn outbox_retry_now(c: &Connection, channel: &str, now: i64) -> Result<usize, StoreError> {
    Ok(c.execute(
        "UPDATE outbox SET next_attempt_at = ?2 WHERE status = 'pending' AND channel_id = ?1 AND next_attempt_at > ?2",
        params![channel, now],
    )?)
}

/// Records the id of an item's last message once it is posted.
///
/// # Errors
/// Database errors.
pub fn outbox_posted_as(c: &Connection, id: i64, message: &str) -> Result<(), StoreError> {
    c.execute("UPDATE outbox SET message_id = ?2 WHERE id = ?1", params![id, message])?;
    Ok(())
}

/// The message an item was posted as, if it was.
///
/// # Errors
/// Database errors.
pub fn outbox_message(c: &Connection, id: i64) -> Result<Option<String>, StoreError> {
    Ok(c.query_row("SELECT message_id FROM outbox WHERE id = ?1", params![id], |r| r.get(0)).optional()?.flatten())
}

/// A forming game's advert: the item that posted it, its channel, and what it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advert {
    /// The outbox item that posted it.
    pub item: i64,
    /// Its channel.
    pub channel: String,
    /// Its opening words, which every edit keeps.
    pub intro: String,
    /// What it shows now (text and components).
    pub shown: String,
}

/// Records an advert of `game` posted by item `item`.
///
/// # Errors
/// Database errors.
pub fn add_advert(
    c: &Connection,
    game: i64,
    item: i64,
    channel: &str,
    intro: &str,
    shown: &str,
) -> Result<(), StoreError> {
    c.execute(
        "INSERT OR REPLACE INTO adverts (outbox_id, game_id, channel_id, intro, shown) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![item, game, channel, intro, shown],
    )?;
    Ok(())
}

/// The adverts of `game`, oldest first.
///
/// # Errors
/// Database errors.
pub fn adverts(c: &Connection, game: i64) -> Result<Vec<Advert>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT outbox_id, channel_id, intro, shown FROM adverts WHERE game_id = ?1 ORDER BY outbox_id",
    )?;
    let rows = st.query_map(params![game], |r| {
        Ok(Advert { item: r.get(0)?, channel: r.get(1)?, intro: r.get(2)?, shown: r.get(3)? })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Records what an advert shows now.
///
/// # Errors
/// Database errors.
pub fn advert_shown(c: &Connection, item: i64, shown: &str) -> Result<(), StoreError> {
    c.execute("UPDATE adverts SET shown = ?2 WHERE outbox_id = ?1", params![item, shown])?;
    Ok(())
}

/// Drops the edits of `item`'s message not yet tried: a newer edit says it all.
///
/// # Errors
/// Database errors.
pub fn drop_untried_edits(c: &Connection, item: i64) -> Result<(), StoreError> {
    c.execute(
        "DELETE FROM outbox WHERE edits = ?1 AND status = 'pending' AND attempts = 0 AND sent_since IS NULL",
        params![item],
    )?;
    Ok(())
}
