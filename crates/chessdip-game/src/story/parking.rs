//! Announcements that cannot be delivered (`crate::story::outbox`): how long each
//! has been failing while the bot ran, parking it after [`PARK_AFTER`] of
//! that, the note that tells the game's creator, and the moderators'
//! `game outbox` (what waits to be posted, and why) with `game outbox
//! retry <number>` (a parked one queued again).
//!
//! Only the time spent failing while a front end was trying counts: a bot
//! that was down for days parks nothing for it, whatever failed before.

use crate::store::{self, OutboxItem, OutboxStatus};
use crate::{GameError, Reply, Service};

/// How long an announcement may fail while the bot runs before it is parked.
pub const PARK_AFTER: i64 = 3 * 86400;

/// The longest gap between two failed tries that counts as time spent
/// failing. A front end tries a failing item again within minutes (the bot:
/// every 10 minutes at most), so a longer gap is time it was not running.
pub const FAILURE_GAP: i64 = 30 * 60;

/// How many queued (and how many parked) announcements `game outbox` lists.
const LISTED: usize = 10;

/// The first line of an announcement, short, for lists and notes.
fn opening(text: &str) -> String {
    let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("").replace("**", "");
    let line = line.trim();
    let short: String = line.chars().take(100).collect();
    if short.len() < line.len() {
        format!("{short}…")
    } else {
        short
    }
}

/// What an item is, for a moderator: a channel post's opening, or whom a
/// direct message was for (its text is theirs alone).
fn what(item: &OutboxItem) -> String {
    match &item.user {
        Some(user) => format!("a direct message to <@{user}>"),
        None => format!("\"{}\"", opening(&item.text)),
    }
}

/// The last error of an item, as a moderator reads it.
fn last_error(item: &OutboxItem) -> Option<&str> {
    item.last_error.as_deref().map(|e| e.trim_start_matches("missing permission: "))
}

/// Why it failed, and since when.
fn failing(item: &OutboxItem) -> String {
    let error = last_error(item).map_or(String::new(), |e| format!(", last error: {e}"));
    match item.first_failed_at {
        Some(since) => format!(
            "failing since <t:{since}:f> ({}{error})",
            chessdip_rules::words::count(usize::try_from(item.attempts).unwrap_or(0), "attempt")
        ),
        None if !error.is_empty() => format!("not posted yet ({})", error.trim_start_matches(", ")),
        None => String::new(),
    }
}

/// The note to the game's creator when a channel post of game `game` is parked.
fn parked_note(game: &store::GameRow, item: &OutboxItem) -> String {
    let days = PARK_AFTER / 86400;
    format!(
        "**An announcement of your game in {} could not be posted.** It failed for {days} days of trying ({}) and is parked: it is no longer tried. It begins: {}\nOnce the bot can post there (it needs View Channel, Send Messages, Embed Links, Attach Files and Read Message History), `game outbox retry {}` in that channel queues it again; `game outbox` lists what waits there.",
        crate::standings::profile::channel_shown(&game.guild, &game.channel),
        last_error(item).unwrap_or("no error recorded"),
        what(item),
        item.id
    )
}

impl Service {
    /// Records a failed try at item `id`: the error, and when to try again
    /// (`retry_at`). An item that has been failing for [`PARK_AFTER`] while
    /// the bot ran is parked instead, and a parked channel post of a game
    /// is told to the game's creator by a direct message, in the same
    /// transaction (so once per parking). Returns whether it was parked.
    ///
    /// # Errors
    /// Database errors.
    pub fn delivery_failed(&self, id: i64, error: &str, retry_at: i64) -> Result<bool, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let failing_for = store::outbox_failed(c, id, error, retry_at, now, FAILURE_GAP)?;
            if failing_for < PARK_AFTER || !store::outbox_park(c, id, error, now)? {
                return Ok(false);
            }
            let Some(item) = store::outbox_item(c, id)? else { return Ok(true) };
            let game = match item.game {
                Some(g) if item.user.is_none() => store::game(c, g)?,
                _ => None,
            };
            if let Some(game) = game {
                // Not behind the channel's queue, which is what may be failing.
                let queue = format!("{}:moderators", game.channel);
                let mut note = [Reply::to_user(&game.created_by, parked_note(&game, &item))];
                self.announce(c, &queue, Some(game.id), &mut note)?;
            }
            Ok(true)
        })
    }

    /// `game outbox`: what of the channel's game waits to be posted (moderators):
    /// the queued announcements, in the order they go out, with why any is
    /// failing, and the parked ones with why they were parked.
    ///
    /// # Errors
    /// No game; not a moderator; database errors.
    pub fn outbox_list(&self, channel: &str, caller: &crate::Caller) -> Result<Reply, GameError> {
        let now = self.now();
        let (game, items) = self.store.read(|c| {
            let live = self.latest(c, channel)?;
            Self::require_moderator(&live.game, caller, "see what waits to be posted")?;
            let items = store::outbox_undelivered_of(c, live.game.id)?;
            Ok::<_, GameError>((live.game, items))
        })?;
        let (queued, parked): (Vec<&OutboxItem>, Vec<&OutboxItem>) =
            items.iter().partition(|i| i.status == OutboxStatus::Pending);
        if items.is_empty() {
            return Ok(Reply::private(format!(
                "Nothing of game {} is waiting to be posted: no announcement is queued or parked.",
                game.id
            )));
        }
        let mut t = format!("**Announcements of game {} not posted yet**", game.id);
        if !queued.is_empty() {
            t += &format!("\nQueued ({}), posted in this order:", queued.len());
            for i in queued.iter().take(LISTED) {
                t += &format!("\n- {}, queued <t:{}:R>: {}", i.id, i.created_at, what(i));
                let why = failing(i);
                if !why.is_empty() {
                    t += &format!("; {why}");
                    if i.next_attempt_at > now {
                        t += &format!("; tried again <t:{}:R>", i.next_attempt_at);
                    }
                }
            }
            if queued.len() > LISTED {
                t += &format!("\n- and {} more", queued.len() - LISTED);
            }
        }
        if !parked.is_empty() {
            t += &format!("\nParked ({}), no longer tried:", parked.len());
            for i in parked.iter().take(LISTED) {
                let at = i.parked_at.map_or(String::new(), |p| format!(" <t:{p}:R>"));
                t += &format!("\n- {}, parked{at}: {}; {}", i.id, what(i), failing(i));
            }
            if parked.len() > LISTED {
                t += &format!("\n- and {} more", parked.len() - LISTED);
            }
            t += "\n`game outbox retry <number>` queues a parked one again.";
        }
        Ok(Reply::private(t))
    }

    /// `game outbox retry <number>`: queues a parked announcement of the
    /// channel's game again, due now (moderators).
    ///
    /// # Errors
    /// No game; not a moderator; not a number; no such announcement, or not
    /// this game's, or not parked; database errors.
    pub fn outbox_retry(&self, channel: &str, caller: &crate::Caller, number: &str) -> Result<Reply, GameError> {
        let now = self.now();
        let id: i64 = number.trim_start_matches('#').parse().map_err(|_| {
            GameError::Invalid(format!(
                "`{number}` is not an announcement's number: write e.g. `game outbox retry 12` (`game outbox` lists them)"
            ))
        })?;
        self.store.write(|c| {
            let live = self.latest(c, channel)?;
            Self::require_moderator(&live.game, caller, "queue an announcement again")?;
            let item = store::outbox_item(c, id)?.ok_or_else(|| {
                GameError::Invalid(format!(
                    "there is no announcement {id}: `game outbox` lists this game's queued and parked ones with their numbers"
                ))
            })?;
            if item.game != Some(live.game.id) {
                return Err(GameError::Invalid(format!(
                    "announcement {id} is not one of this game's (game {}): `game outbox` lists this game's",
                    live.game.id
                )));
            }
            match item.status {
                OutboxStatus::Delivered => {
                    let when = item.delivered_at.map_or(String::new(), |t| format!(" <t:{t}:R>"));
                    return Err(GameError::Invalid(format!(
                        "announcement {id} is not parked: it was posted{when}, so there is nothing to queue again"
                    )));
                }
                OutboxStatus::Pending => {
                    return Err(GameError::Invalid(format!(
                        "announcement {id} is not parked: it is queued and still tried (`game outbox` says how it is doing)"
                    )));
                }
                OutboxStatus::Parked => {}
            }
            store::outbox_requeue(c, id, now)?;
            Ok(Reply::private(format!(
                "Announcement {id} is queued again and is tried now: {}. If it still cannot go out, `game outbox` says why.",
                what(&item)
            )))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::opening;

    #[test]
    fn an_announcement_opens_with_its_first_line_shortened() {
        assert_eq!(opening("**Spring 1401 resolved**\nK c1 - c2"), "Spring 1401 resolved");
        assert_eq!(opening("\n\nsecond"), "second");
        let long = "é".repeat(150);
        assert_eq!(opening(&long).chars().count(), 101, "100 characters and an ellipsis");
    }
}
