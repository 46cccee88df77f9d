//! The fake Discord's direct messages: users who do not accept them (a
//! message to their DM channel is refused 403 with Discord's code 50007,
//! "Cannot send messages to this user", as Discord refuses a user who
//! turned off direct messages from server members or blocked the bot),
//! and what each user received. A user's DM channel is
//! [`FakeDiscord::dm_channel`]; creating it (`POST /users/@me/channels`)
//! always succeeds, as on Discord.
#![allow(dead_code)]

use std::collections::HashSet;

use super::fake_discord::{FakeDiscord, Request};

/// Discord's error code for a direct message its user does not accept.
pub const CANNOT_DM: u64 = 50007;

/// The users who do not accept direct messages, by DM channel id.
#[derive(Default)]
pub struct Dms {
    refusing: HashSet<String>,
}

impl Dms {
    /// The fault a post to `channel` meets: 403 and [`CANNOT_DM`] in the
    /// DM channel of a user who does not accept direct messages.
    pub fn fault(&self, channel: &str) -> Option<(u16, u64)> {
        self.refusing.contains(channel).then_some((403, CANNOT_DM))
    }
}

/// The path of `user`'s DM channel's messages.
#[must_use]
pub fn dm_path(user: u64) -> String {
    format!("/channels/{}/messages", FakeDiscord::dm_channel(user))
}

impl FakeDiscord {
    /// From now on `user` does not accept direct messages (or, `false`, does again).
    pub fn refuse_dms(&self, user: u64, refuse: bool) {
        let channel = FakeDiscord::dm_channel(user).to_string();
        let mut dms = self.dms().lock().expect("lock");
        if refuse {
            dms.refusing.insert(channel);
        } else {
            dms.refusing.remove(&channel);
        }
    }

    /// The direct messages `user` received (created in their DM channel), in order.
    #[must_use]
    pub fn dms_to(&self, user: u64) -> Vec<Request> {
        let path = dm_path(user);
        self.with_requests(|all| all.iter().filter(|r| r.created && r.path == path).cloned().collect())
    }

    /// The messages sent to `user`'s DM channel and refused (403).
    #[must_use]
    pub fn dms_refused(&self, user: u64) -> usize {
        let path = dm_path(user);
        self.with_requests(|all| all.iter().filter(|r| r.status == 403 && r.path == path).count())
    }

    /// How many DM channels the bot asked to create (`POST /users/@me/channels`), refused ones included.
    #[must_use]
    pub fn dm_channels_opened(&self) -> usize {
        self.with_requests(|all| {
            all.iter().filter(|r| r.method == "POST" && r.path == "/users/@me/channels" && r.status != 429).count()
        })
    }

    /// Every created direct message of the users of `users`, in order.
    #[must_use]
    pub fn dms_of(&self, users: &[u64]) -> Vec<Request> {
        let paths: HashSet<String> = users.iter().map(|u| dm_path(*u)).collect();
        self.with_requests(|all| all.iter().filter(|r| r.created && paths.contains(&r.path)).cloned().collect())
    }
}
