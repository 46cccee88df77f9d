//! Discord ids from the strings the store keeps.
//!
//! The store keys games by channel and players by user as strings, and the
//! same database may hold console games (`chessdip play`), whose channels
//! and users are any words: `0`, `lobby`, `alice`. serenity's ids are
//! non-zero (`ChannelId::new(0)` panics), so every id this layer builds
//! from a stored string goes through here: a string that is not a Discord
//! id is `None`, logged once for the item that carried it, and skipped.

use std::num::NonZeroU64;

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, UserId};

/// The snowflake a stored string names: non-zero decimal digits exactly as
/// Discord's id would be written (no sign, no spaces, no leading zero).
#[must_use]
pub fn snowflake(stored: &str) -> Option<NonZeroU64> {
    let id: NonZeroU64 = stored.parse().ok()?;
    (id.to_string() == stored).then_some(id)
}

/// The channel a stored channel string names, if it is a Discord channel.
#[must_use]
pub fn channel(stored: &str) -> Option<ChannelId> {
    snowflake(stored).map(ChannelId::from)
}

/// The user a stored user string names, if it is a Discord user.
#[must_use]
pub fn user(stored: &str) -> Option<UserId> {
    snowflake(stored).map(UserId::from)
}

/// [`channel`], logging that `item` (what was to go there) is skipped when
/// the string is not a Discord channel.
pub fn channel_for(stored: &str, item: &str) -> Option<ChannelId> {
    let id = channel(stored);
    if id.is_none() {
        tracing::warn!(channel = %stored, item, "not a Discord channel (a console game?): skipped");
    }
    id
}

/// [`user`], logging that `item` (what was to go to them) is skipped when
/// the string is not a Discord user.
pub fn user_for(stored: &str, item: &str) -> Option<UserId> {
    let id = user(stored);
    if id.is_none() {
        tracing::warn!(user = %stored, item, "not a Discord user (a console player?): skipped");
    }
    id
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_ids_are_read_and_anything_else_is_none() {
        assert_eq!(channel("4000000000000100"), Some(ChannelId::new(4_000_000_000_000_100)));
        assert_eq!(user("1"), Some(UserId::new(1)));
        assert_eq!(user(&u64::MAX.to_string()), Some(UserId::new(u64::MAX)));
        for bad in ["0", "00", "-5", "+5", "012", " 12", "12 ", "", "lobby", "alice", "1.5", "18446744073709551616"] {
            assert_eq!(channel(bad), None, "{bad:?}");
            assert_eq!(user(bad), None, "{bad:?}");
            assert_eq!(channel_for(bad, "a test"), None, "{bad:?}");
            assert_eq!(user_for(bad, "a test"), None, "{bad:?}");
        }
    }
}
