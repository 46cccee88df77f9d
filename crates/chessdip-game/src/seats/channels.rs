//! The text channels the bot makes for games (`channel=new` on Discord):
//! who may read and post in one, kept in step with the seats, and when it
//! is archived after its game's end.
//!
//! The service decides; the front end that made the channel carries it
//! out and says when it is done. Whom the channel should let read and post
//! is the game's creator, each person seated, and each person waiting to
//! take a bot's seat: [`Service::channel_readers_due`] says, for each
//! channel, whom to let in and whom to take out (only those the bot let in
//! itself), and [`Service::channel_readers_done`] records what was done.
//! Everyone else may read a channel that is not private, and nobody but
//! these posts in it. An ended game's channel is archived
//! ([`Service::channels_to_archive`]) once `archive-after` has passed since
//! the end and everything the game announced has been posted there; once
//! archived ([`Service::channel_archived`]) the channel is left alone.

use std::collections::BTreeSet;

use crate::lifecycle::GameStatus;
use crate::store::{self, GameChannel};
use crate::{GameError, Service};

/// Whom a channel the bot made should let in and take out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReaderChange {
    /// The channel.
    pub channel: String,
    /// Users to let read and post there (a member overwrite).
    pub add: Vec<String>,
    /// Users the bot let in who are no longer the game's (their overwrite removed).
    pub remove: Vec<String>,
}

/// What the service knows of a channel it made for a game (for `game status` and tests).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChannelState {
    /// Only its players, its moderators and the bot read it.
    pub private: bool,
    /// Seconds after the game's end when it is archived.
    pub archive_after: i64,
    /// The users the bot has let read and post there.
    pub readers: Vec<String>,
    /// When it was archived.
    pub archived_at: Option<i64>,
}

impl Service {
    /// The readers the game of `ch` should have: its creator, each person seated, each waiting to take a bot's seat.
    fn wanted_readers(c: &rusqlite::Connection, ch: &GameChannel) -> Result<BTreeSet<String>, GameError> {
        let mut want = BTreeSet::from([ch.created_by.clone()]);
        want.extend(store::players(c, ch.game)?.into_iter().map(|(_, u)| u).filter(|u| !store::is_bot(u)));
        want.extend(store::handovers(c, ch.game)?.into_iter().map(|h| h.user));
        Ok(want)
    }

    /// For each channel the bot made and still looks after, whom to let
    /// read and post there and whom to take out, where that has changed
    /// since it was last done.
    ///
    /// # Errors
    /// Database errors.
    pub fn channel_readers_due(&self) -> Result<Vec<ReaderChange>, GameError> {
        self.store.read(|c| {
            let mut out = Vec::new();
            for ch in store::kept_game_channels(c)? {
                let want = Self::wanted_readers(c, &ch)?;
                let have: BTreeSet<String> = ch.readers.iter().cloned().collect();
                let add: Vec<String> = want.difference(&have).cloned().collect();
                let remove: Vec<String> = have.difference(&want).cloned().collect();
                if !add.is_empty() || !remove.is_empty() {
                    out.push(ReaderChange { channel: ch.channel, add, remove });
                }
            }
            Ok(out)
        })
    }

    /// Records that `added` were let in to `channel` and `removed` taken out.
    ///
    /// # Errors
    /// Database errors.
    pub fn channel_readers_done(&self, channel: &str, added: &[String], removed: &[String]) -> Result<(), GameError> {
        self.store.write(|c| {
            let Some(ch) = store::game_channel(c, channel)? else { return Ok(()) };
            let mut readers: Vec<String> = ch.readers.into_iter().filter(|r| !removed.contains(r)).collect();
            for a in added {
                if !readers.contains(a) {
                    readers.push(a.clone());
                }
            }
            store::set_channel_readers(c, channel, &readers)?;
            store::set_channel_error(c, channel, None)?;
            Ok(())
        })
    }

    /// The channels whose game ended at least their `archive-after` ago and
    /// whose announcements have all been posted: to archive now.
    ///
    /// # Errors
    /// Database errors.
    pub fn channels_to_archive(&self) -> Result<Vec<String>, GameError> {
        let now = self.now();
        self.store.read(|c| {
            let mut out = Vec::new();
            for ch in store::kept_game_channels(c)? {
                if archive_due(&ch).is_some_and(|t| t <= now) && store::channel_posts_waiting(c, &ch.channel)? == 0 {
                    out.push(ch.channel);
                }
            }
            Ok(out)
        })
    }

    /// When a channel the bot looks after is next due to be archived (the
    /// earliest, which may have passed: one whose announcements are still
    /// being posted).
    ///
    /// # Errors
    /// Database errors.
    pub fn next_channel_archive(&self) -> Result<Option<i64>, GameError> {
        self.store.read(|c| Ok(store::kept_game_channels(c)?.iter().filter_map(archive_due).min()))
    }

    /// Records that `channel` was archived (moved to the archive category and
    /// made read-only), or is gone (someone deleted it): it is never
    /// archived again, and its readers no longer kept.
    ///
    /// # Errors
    /// Database errors.
    pub fn channel_archived(&self, channel: &str) -> Result<(), GameError> {
        let now = self.now();
        self.store.write(|c| {
            store::set_channel_archived(c, channel, now)?;
            Ok(())
        })
    }

    /// Records that changing `channel` failed with `error`; whether it is
    /// news (not the failure recorded last), to be logged.
    ///
    /// # Errors
    /// Database errors.
    pub fn channel_failed(&self, channel: &str, error: &str) -> Result<bool, GameError> {
        self.store.write(|c| Ok(store::set_channel_error(c, channel, Some(error))?))
    }

    /// What the service knows of `channel`, if the bot made it for a game.
    ///
    /// # Errors
    /// Database errors.
    pub fn game_channel(&self, channel: &str) -> Result<Option<ChannelState>, GameError> {
        self.store.read(|c| {
            Ok(store::game_channel(c, channel)?.map(|ch| ChannelState {
                private: ch.private,
                archive_after: ch.archive_after,
                readers: ch.readers,
                archived_at: ch.archived_at,
            }))
        })
    }
}

/// When `ch` is due to be archived: its game's end and its `archive-after`.
fn archive_due(ch: &GameChannel) -> Option<i64> {
    ch.ended_at.filter(|_| ch.status == GameStatus::Ended).map(|end| end.saturating_add(ch.archive_after))
}
