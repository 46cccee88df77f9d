//! The text channels the bot makes for games (`/game create channel:new`,
//! in `games_category`): making one with its permission overwrites, and a
//! task that carries out what the service decides for the channels it
//! made: letting each seated player read and post there and taking out
//! those no longer seated (`Service::channel_readers_due`), and archiving
//! a channel once its game has ended for its `archive-after` (moved to
//! `archive_category`, read-only; `Service::channels_to_archive`).
//!
//! Who may do what in a channel the bot made: everyone may read it (a
//! private one: nobody but those let in), nobody may post but those let in
//! by a member overwrite (the game's creator and its players), the
//! moderator role and the bot. Players need that overwrite in every such
//! channel, private or not: they post there (reveals, talk).
//!
//! The overwrites name only the permissions the bot is invited with (View
//! Channel, Send Messages, Embed Links, Attach Files, Read Message
//! History): Discord refuses an overwrite that allows or denies a
//! permission the bot itself lacks.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serde_json::{json, Value};
use serenity::{ChannelId, GuildId, RoleId, UserId};

use super::ids;
use super::types::Data;

/// View Channel.
const VIEW: u64 = 1 << 10;
/// Send Messages.
const SEND: u64 = 1 << 11;
/// Embed Links.
const EMBED: u64 = 1 << 14;
/// Attach Files.
const ATTACH: u64 = 1 << 15;
/// Read Message History.
const HISTORY: u64 = 1 << 16;

/// What the bot allows itself in a channel it made: what it needs to post
/// the game there (the permissions it is invited with).
const BOT_ALLOW: u64 = VIEW | SEND | EMBED | ATTACH | HISTORY;
/// What the creator, the players and the moderator role are allowed.
const READER_ALLOW: u64 = VIEW | SEND | HISTORY;

/// How long the task waits before looking again at a channel due for
/// archiving whose announcements are still being posted.
const POSTING_WAIT: u64 = 60;
/// How long the task waits before trying again a change Discord refused
/// (a permission the bot lacks), unless a command or a channel or role
/// change wakes it first.
const FAILURE_WAIT: u64 = 600;
/// The longest the task sleeps without looking at the store.
const MAX_SLEEP: u64 = 3600;

/// One permission overwrite as Discord takes it: `kind` 0 for a role, 1 for a member.
fn overwrite(id: u64, kind: u8, allow: u64, deny: u64) -> Value {
    json!({"id": id.to_string(), "type": kind, "allow": allow.to_string(), "deny": deny.to_string()})
}

/// Who a new channel lets in besides everyone else.
#[derive(Clone, Debug)]
pub struct Access {
    /// Only those let in read it.
    pub private: bool,
    /// The game's creator.
    pub creator: UserId,
    /// The bot.
    pub bot: UserId,
    /// The roles named by `moderator_role` (one, if the server has it).
    pub moderators: Vec<RoleId>,
}

/// The overwrites of a new channel of `guild`: @everyone (the role whose
/// id is the server's) may read it unless it is private, and may not post;
/// the bot, the creator and the moderator role may read and post.
#[must_use]
pub fn new_overwrites(guild: GuildId, access: &Access) -> Vec<Value> {
    let everyone =
        if access.private { overwrite(guild.get(), 0, 0, VIEW | SEND) } else { overwrite(guild.get(), 0, VIEW, SEND) };
    let mut out = vec![
        everyone,
        overwrite(access.bot.get(), 1, BOT_ALLOW, 0),
        overwrite(access.creator.get(), 1, READER_ALLOW, 0),
    ];
    for role in &access.moderators {
        out.push(overwrite(role.get(), 0, READER_ALLOW, 0));
    }
    out
}

/// Makes a text channel named `name` in `category` of `guild` with `access`.
///
/// # Errors
/// Discord's refusal (403 without Manage Channels or Manage Roles; 400 or
/// 404 when `category` is not a category of the server), or the network's.
pub async fn make(
    http: &serenity::Http,
    guild: GuildId,
    category: ChannelId,
    name: &str,
    access: &Access,
) -> Result<ChannelId, serenity::Error> {
    let body = json!({
        "name": name,
        "type": 0,
        "parent_id": category.get().to_string(),
        "permission_overwrites": new_overwrites(guild, access),
    });
    Ok(http.create_channel(guild, &body, Some("a channel for a game (/game create channel:new)")).await?.id)
}

/// Deletes a channel the bot made for a game that was not created after all.
pub async fn unmake(http: &serenity::Http, channel: ChannelId) {
    if let Err(e) = http.delete_channel(channel, Some("the game it was made for was not created")).await {
        tracing::error!(channel = %channel, error = %e, "could not delete the channel made for a game that was not created");
    }
}

/// Whether Discord refused for a permission the bot lacks.
#[must_use]
pub fn missing_permission(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => r.status_code.as_u16() == 403,
        serenity::Error::Model(serenity::ModelError::InvalidPermissions { .. }) => true,
        _ => false,
    }
}

/// Whether Discord answered that what was asked for is not there (404).
fn gone(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) if r.status_code.as_u16() == 404)
}

/// Whether Discord answered that the channel is gone (Unknown Channel): someone deleted it.
fn unknown_channel(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
        if r.status_code.as_u16() == 404 && r.error.code == 10003)
}

/// Stops looking after `key`, a channel someone deleted: it is recorded as
/// archived, so that nothing more is tried there.
async fn forget(data: &Data, key: &str) {
    tracing::info!(channel = key, "a channel made for a game was deleted; no longer looked after");
    let k = key.to_string();
    if let Ok(Err(e)) | Err(e) = data.call(move |s| s.channel_archived(&k).map_err(Into::into)).await {
        tracing::error!(channel = key, error = %e, "could not record that a game's channel is gone");
    }
}

/// Whether Discord refused the request as it was made (4xx): trying again
/// helps only once someone changes something (a permission, the configuration).
#[must_use]
pub fn refused(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) if r.status_code.is_client_error())
}

/// Lets `user` read and post in `channel` (a member overwrite).
async fn let_in(http: &serenity::Http, channel: ChannelId, user: UserId) -> Result<(), serenity::Error> {
    let body = json!({"type": 1, "allow": READER_ALLOW.to_string(), "deny": "0"});
    http.create_permission(channel, user.get().into(), &body, Some("a player of the channel's game")).await
}

/// Takes out the member overwrite the bot gave `user` in `channel` (one already gone is done).
async fn take_out(http: &serenity::Http, channel: ChannelId, user: UserId) -> Result<(), serenity::Error> {
    match http.delete_permission(channel, user.get().into(), Some("no longer a player of the channel's game")).await {
        Err(e) if !gone(&e) => Err(e),
        _ => Ok(()),
    }
}

/// Moves `channel` into `category` and makes it read-only: every
/// overwrite but the bot's loses Send Messages and denies it (@everyone's
/// included, added if missing); what else they allow (reading a private
/// channel) stays.
async fn archive(
    http: &serenity::Http,
    channel: ChannelId,
    category: ChannelId,
    bot: UserId,
) -> Result<(), serenity::Error> {
    let serenity::Channel::Guild(current) = http.get_channel(channel).await? else {
        return Ok(());
    };
    let guild = current.guild_id.get();
    let mut list = Vec::new();
    let (mut everyone, mut itself) = (false, false);
    for o in &current.permission_overwrites {
        let (allow, deny) = (o.allow.bits(), o.deny.bits());
        list.push(match o.kind {
            serenity::PermissionOverwriteType::Member(user) if user == bot => {
                itself = true;
                overwrite(user.get(), 1, allow | BOT_ALLOW, deny & !BOT_ALLOW)
            }
            serenity::PermissionOverwriteType::Member(user) => overwrite(user.get(), 1, allow & !SEND, deny | SEND),
            serenity::PermissionOverwriteType::Role(role) => {
                everyone |= role.get() == guild;
                overwrite(role.get(), 0, allow & !SEND, deny | SEND)
            }
            _ => continue,
        });
    }
    if !everyone {
        list.push(overwrite(guild, 0, 0, SEND));
    }
    if !itself {
        list.push(overwrite(bot.get(), 1, BOT_ALLOW, 0));
    }
    let body = json!({"parent_id": category.get().to_string(), "permission_overwrites": list});
    http.edit_channel(channel, &body, Some("the channel's game ended: archived")).await?;
    Ok(())
}

/// Records that changing `channel` failed with `e`, logging it when it is
/// news (the first time, or another failure than the last).
async fn failed(data: &Data, channel: &str, what: &'static str, e: &serenity::Error) {
    let error = e.to_string();
    let key = channel.to_string();
    let text = error.clone();
    let news = data.call(move |s| s.channel_failed(&key, &text)).await;
    if matches!(news, Ok(Ok(false))) {
        tracing::debug!(channel, what, error = %error, "a change to a game's channel failed again; retried later");
    } else {
        tracing::warn!(
            channel, what, error = %error,
            "a change to a game's channel failed (the bot needs Manage Channels and Manage Roles in the games and archive categories); retried later"
        );
    }
}

/// Lets in and takes out the players of each channel the bot made, as the
/// service says; whether anything failed.
async fn readers(http: &serenity::Http, data: &Data) -> bool {
    let due = match data.call(|s| s.channel_readers_due()).await {
        Ok(Ok(due)) => due,
        Ok(Err(e)) => {
            tracing::error!(error = %e, "could not read whom the games' channels should let in");
            return true;
        }
        Err(e) => {
            tracing::error!(error = %e, "the channels task's database call failed");
            return true;
        }
    };
    let mut any_failed = false;
    for change in due {
        let Some(channel) = ids::channel_for(&change.channel, "a game channel's readers") else { continue };
        let (mut added, mut removed) = (Vec::new(), Vec::new());
        let mut failure = None;
        for user in &change.add {
            // A user who is not a Discord user (a console name) has nothing to be let in to.
            let done = match ids::user(user) {
                Some(id) => let_in(http, channel, id).await,
                None => Ok(()),
            };
            match done {
                Ok(()) => added.push(user.clone()),
                Err(e) => failure = Some(e),
            }
        }
        for user in &change.remove {
            let done = match ids::user(user) {
                Some(id) => take_out(http, channel, id).await,
                None => Ok(()),
            };
            match done {
                Ok(()) => removed.push(user.clone()),
                Err(e) => failure = Some(e),
            }
        }
        if !added.is_empty() || !removed.is_empty() {
            let key = change.channel.clone();
            if let Ok(Err(e)) | Err(e) =
                data.call(move |s| s.channel_readers_done(&key, &added, &removed).map_err(Into::into)).await
            {
                tracing::error!(channel = %change.channel, error = %e, "could not record a game channel's readers");
            }
        }
        match failure {
            Some(e) if unknown_channel(&e) => forget(data, &change.channel).await,
            Some(e) => {
                any_failed = true;
                failed(data, &change.channel, "letting the game's players read and post", &e).await;
            }
            None => {}
        }
    }
    any_failed
}

/// What an archiving round left: whether a change failed, and whether a
/// channel is due but still waits for its announcements.
#[derive(Default)]
struct Left {
    failed: bool,
    waiting: bool,
}

/// Archives the channels that are due, into `category`.
async fn archive_due(http: &serenity::Http, data: &Data, category: ChannelId, bot: UserId) -> Left {
    let mut left = Left::default();
    let due = match data.call(|s| s.channels_to_archive()).await {
        Ok(Ok(due)) => due,
        Ok(Err(e)) => {
            tracing::error!(error = %e, "could not read which games' channels to archive");
            left.failed = true;
            return left;
        }
        Err(e) => {
            tracing::error!(error = %e, "the channels task's database call failed");
            left.failed = true;
            return left;
        }
    };
    for key in due {
        let Some(channel) = ids::channel_for(&key, "archiving a game's channel") else { continue };
        match archive(http, channel, category, bot).await {
            Ok(()) => {
                tracing::info!(channel = %channel, category = %category, "archived a game's channel");
                let k = key.clone();
                if let Ok(Err(e)) | Err(e) = data.call(move |s| s.channel_archived(&k).map_err(Into::into)).await {
                    tracing::error!(channel = %key, error = %e, "could not record that a game's channel was archived");
                }
            }
            Err(e) if unknown_channel(&e) => forget(data, &key).await,
            Err(e) => {
                left.failed = true;
                failed(data, &key, "archiving the channel", &e).await;
            }
        }
    }
    // One still due: its announcements are being posted (or it failed).
    let now = data.service.now();
    if let Ok(Ok(Some(next))) = data.call(|s| s.next_channel_archive()).await {
        left.waiting = next <= now;
    }
    left
}

/// Runs until the task is dropped: lets players in to the channels the
/// bot made and archives those that are due, woken by every command
/// (`Data::channels`), and otherwise at the next archiving or retry.
pub async fn run(http: Arc<serenity::Http>, data: Arc<Data>, bot: UserId) {
    let archive_to = data.config.archive_category.and_then(|c| ids::channel(&c.to_string()));
    loop {
        let mut wait = MAX_SLEEP;
        if readers(&http, &data).await {
            wait = wait.min(FAILURE_WAIT);
        }
        if let Some(category) = archive_to {
            let left = archive_due(&http, &data, category, bot).await;
            if left.failed {
                wait = wait.min(FAILURE_WAIT);
            } else if left.waiting {
                wait = wait.min(POSTING_WAIT);
            }
            if let Ok(Ok(Some(next))) = data.call(|s| s.next_channel_archive()).await {
                let now = data.service.now();
                if next > now {
                    wait = wait.min(u64::try_from(next - now).unwrap_or(MAX_SLEEP));
                }
            }
        }
        tokio::select! {
            () = tokio::time::sleep(Duration::from_secs(wait.max(1))) => {}
            () = data.channels.notified() => {}
        }
    }
}
