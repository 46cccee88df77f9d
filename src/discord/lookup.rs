//! Whether a message the bot may already have sent is in its channel.
//!
//! Every message of an announcement carries a nonce that Discord checks
//! (`enforce_nonce`), but Discord remembers nonces for a few minutes only,
//! and lists messages without them. So the delivery task
//! (`super::delivery`) records each try before sending it, and before it
//! sends a message again after a try whose outcome is not known (the bot
//! stopped before Discord answered, the network failed, Discord answered
//! with a server error) and that the nonce may no longer cover (made by an
//! earlier run of the bot, or [`NONCE_TRUST`] ago or more), it looks for
//! the message in the channel with [`find`].
//!
//! What it looks for is already unique to the message: the bot's own
//! message (not a webhook's: interaction answers are), created while those
//! tries could have created it (message ids are timestamps), with the same
//! text, or with the same files and the same embed title and description
//! (only the files if a moderator hid the embeds). A message with the
//! same text posted by the bot in that same minute is, in a channel whose
//! announcements go out one at a time, that message.

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, GetMessages, Message, MessageFlags, MessageId};

use super::post::Piece;

/// How long after a try the delivery trusts Discord's nonce to catch a
/// second post (Discord keeps nonces a few minutes); after that, or when
/// the try was made by an earlier run, it looks in the channel first.
pub const NONCE_TRUST: i64 = 60;

/// How far the bot's clock and Discord's may disagree, in seconds: the
/// look starts this much before the first try and ends this much after the
/// latest try could have been answered.
const SKEW: i64 = 120;

/// Messages per page of the list (Discord's most).
const PAGE: u8 = 100;

/// Discord's epoch (the first second of 2015), in milliseconds since 1970.
const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;

/// The smallest message id Discord could give at unix second `secs`.
#[must_use]
pub fn first_id_at(secs: i64) -> u64 {
    u64::try_from(secs.saturating_mul(1000) - DISCORD_EPOCH_MS).unwrap_or(0) << 22
}

/// The unix second message `id` was created in.
#[must_use]
pub fn created_at(id: u64) -> i64 {
    i64::try_from(id >> 22).unwrap_or(i64::MAX).saturating_add(DISCORD_EPOCH_MS) / 1000
}

/// What a sent message looks like in the channel's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Print {
    /// A text message: its text.
    Text(String),
    /// Images: the files' names (sorted), and the first embed's title and description.
    Files { names: Vec<String>, title: String, description: String },
}

impl Print {
    /// The print of a piece as the delivery posts it.
    #[must_use]
    pub fn of(piece: &Piece) -> Print {
        match piece {
            Piece::Text(t) => Print::Text(t.trim().to_string()),
            Piece::Files { files, embeds } => {
                let mut names: Vec<String> = files.iter().map(|f| f.filename.clone()).collect();
                names.sort();
                let first = embeds.first().and_then(|e| serde_json::to_value(e).ok()).unwrap_or_default();
                let field = |k: &str| first[k].as_str().unwrap_or("").trim().to_string();
                Print::Files { names, title: field("title"), description: field("description") }
            }
        }
    }

    /// Whether `m`, a message of the channel, is this piece as the bot posted it.
    #[must_use]
    pub fn matches(&self, m: &Message) -> bool {
        if !m.author.bot || m.webhook_id.is_some() {
            return false;
        }
        match self {
            Print::Text(t) => m.content.trim() == t && m.attachments.is_empty(),
            Print::Files { names, title, description } => {
                let mut got: Vec<&str> = m.attachments.iter().map(|a| a.filename.as_str()).collect();
                got.sort_unstable();
                if got != names.iter().map(String::as_str).collect::<Vec<_>>() {
                    return false;
                }
                let hidden = m.flags.is_some_and(|f| f.contains(MessageFlags::SUPPRESS_EMBEDS));
                hidden
                    || m.embeds.first().is_some_and(|e| {
                        e.title.as_deref().unwrap_or("").trim() == title
                            && e.description.as_deref().unwrap_or("").trim() == description
                    })
            }
        }
    }
}

/// What a look found, and what it cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    /// The message, if it is in the channel.
    pub message: Option<MessageId>,
    /// The requests the look made (pages of the list).
    pub requests: usize,
}

/// Looks in `channel` for `piece` as posted by a try made between `since`
/// and `last` (unix seconds, the bot's clock), of which the latest could
/// have been answered up to `answered_within` seconds later: the channel's
/// messages from [`SKEW`] before `since` on, a page of 100 at a time, oldest
/// first, until one is the piece or the list is past the latest try's
/// answer (and [`SKEW`]). One request, unless more than 100 messages were
/// posted in the channel around the tries.
///
/// # Errors
/// Discord refused the list (the bot lacks Read Message History there, the
/// channel is gone), or the network failed.
pub async fn find(
    http: &serenity::Http,
    channel: ChannelId,
    piece: &Piece,
    (since, last): (i64, i64),
    answered_within: i64,
) -> Result<Found, serenity::Error> {
    let print = Print::of(piece);
    let end = last.saturating_add(answered_within).saturating_add(SKEW);
    let mut after = first_id_at(since - SKEW).saturating_sub(1).max(1);
    let mut requests = 0;
    loop {
        let mut page = channel.messages(http, GetMessages::new().after(MessageId::new(after)).limit(PAGE)).await?;
        requests += 1;
        // Discord lists the page newest first.
        page.sort_by_key(|m| m.id);
        for m in &page {
            if created_at(m.id.get()) > end {
                return Ok(Found { message: None, requests });
            }
            if print.matches(m) {
                return Ok(Found { message: Some(m.id), requests });
            }
        }
        match page.last() {
            Some(m) if page.len() >= usize::from(PAGE) => after = m.id.get(),
            _ => return Ok(Found { message: None, requests }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_ids_are_times() {
        // A snowflake Discord's documentation takes apart: created 2016-04-30 11:18:25.796 UTC.
        assert_eq!(created_at(175_928_847_299_117_063), 1_462_015_105);
        let t = 1_795_000_000;
        assert_eq!(created_at(first_id_at(t)), t);
        assert_eq!(created_at(first_id_at(t) - 1), t - 1, "the id before is a second earlier");
        assert_eq!(first_id_at(0), 0, "before Discord's epoch: the first id");
    }

    fn message(json: serde_json::Value) -> Message {
        let mut m = serde_json::json!({
            "id": "175928847299117063", "channel_id": "1", "content": "", "timestamp": "2016-04-30T11:18:25.796Z",
            "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
            "attachments": [], "embeds": [], "pinned": false, "type": 0,
            "author": {"id": "9", "username": "chessdip", "discriminator": "0", "avatar": null, "bot": true}
        });
        for (k, v) in json.as_object().expect("fields") {
            m[k] = v.clone();
        }
        serde_json::from_value(m).expect("a message")
    }

    fn files(names: &[&str], title: &str, description: &str) -> Print {
        Print::Files {
            names: names.iter().map(ToString::to_string).collect(),
            title: title.into(),
            description: description.into(),
        }
    }

    fn attachments(names: &[&str]) -> serde_json::Value {
        names
            .iter()
            .enumerate()
            .map(|(i, n)| serde_json::json!({"id": (i + 1).to_string(), "filename": n, "size": 1, "url": "u", "proxy_url": "u"}))
            .collect()
    }

    #[test]
    fn a_text_is_the_bots_own_message_with_that_text() {
        let print = Print::Text("Spring 1401 resolved".into());
        assert!(print.matches(&message(serde_json::json!({"content": "Spring 1401 resolved"}))));
        assert!(!print.matches(&message(serde_json::json!({"content": "Spring 1402 resolved"}))));
        let someone = serde_json::json!({"id": "8", "username": "alice", "discriminator": "0", "avatar": null});
        assert!(!print.matches(&message(serde_json::json!({"content": "Spring 1401 resolved", "author": someone}))));
        assert!(
            !print.matches(&message(serde_json::json!({"content": "Spring 1401 resolved", "webhook_id": "5"}))),
            "an interaction's answer is not an announcement"
        );
    }

    #[test]
    fn images_are_their_files_and_embed_or_only_their_files_when_embeds_are_hidden() {
        let print = files(&["a-orders.png", "a-position.png"], "Spring 1401 resolved", "K c1 - c2");
        let embed = serde_json::json!([{"title": "Spring 1401 resolved", "description": "K c1 - c2", "type": "rich"}]);
        let both = attachments(&["a-position.png", "a-orders.png"]);
        assert!(print.matches(&message(serde_json::json!({"attachments": both, "embeds": embed}))), "in any order");
        let other = serde_json::json!([{"title": "Fall 1401 resolved", "description": "K c1 - c2", "type": "rich"}]);
        assert!(!print.matches(&message(serde_json::json!({"attachments": both, "embeds": other}))));
        assert!(!print
            .matches(&message(serde_json::json!({"attachments": attachments(&["a-orders.png"]), "embeds": embed}))));
        assert!(!print.matches(&message(serde_json::json!({"attachments": both}))), "embeds missing, not hidden");
        assert!(print.matches(&message(serde_json::json!({"attachments": both, "flags": 4}))), "embeds hidden");
    }
}
