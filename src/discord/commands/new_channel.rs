//! `/game create channel:new`: a text channel made for the game in the
//! server's games category (`games_category`), and the game created there.
//!
//! The settings were read first, so a mistake makes nothing. Without a
//! games category, or when Discord refuses to make the channel (the bot
//! lacks Manage Channels or Manage Roles there), the caller is told what
//! the operator must set or grant, and nothing is made. When the service
//! refuses the game after the channel was made (or fails), the channel is
//! deleted again: nothing is left half-made.

use poise::serenity_prelude as serenity;

use super::{refuse, Context, Error, DEFER_AFTER};
use crate::discord::channels::{self, Access};
use crate::discord::failure::{Failure, Progress};
use crate::discord::{checks, ids, post};
use chessdip_game::{format_duration, GameError, Reply, Request, Settings};

/// Why `channel:new` is refused where no games category is configured.
pub const NO_CATEGORY: &str = "`channel:new` makes a text channel for the game in this server's games category, and none is set: the bot's operator must set `games_category` in config.toml to the id of a category where the bot has Manage Channels and Manage Roles (see docs/operations.md). Nothing was created; leave `channel` out to play in this channel.";

/// What the caller is answered.
enum Outcome {
    /// The game's channel was made and the game created there.
    Made(String),
    /// Nothing was made, and why.
    Refused(String),
}

/// Makes the channel `settings.channel` describes and creates the game of
/// `variant` there, answering the caller privately with a link to it.
///
/// # Errors
/// Unexpected failures: the database, Discord's network.
pub(super) async fn create(ctx: Context<'_>, variant: String, settings: Settings) -> Result<(), Error> {
    let category = ctx.data().config.games_category.and_then(|c| ids::channel(&c.to_string()));
    let (Some(category), Some(guild)) = (category, ctx.guild_id()) else {
        return refuse(ctx, NO_CATEGORY.into()).await;
    };
    let work = made(ctx, guild, category, variant, settings);
    tokio::pin!(work);
    // Discord wants an answer within 3 seconds: making a channel and a game may take longer.
    let outcome = tokio::select! {
        done = &mut work => done,
        () = tokio::time::sleep(DEFER_AFTER) => {
            if let Err(e) = ctx.defer_ephemeral().await {
                tracing::warn!(error = %e, "could not defer the answer to /game create channel:new");
            }
            work.await
        }
    };
    for notify in [&ctx.data().wake, &ctx.data().deliver, &ctx.data().think, &ctx.data().channels] {
        notify.notify_one();
    }
    match outcome? {
        Outcome::Made(text) => {
            ctx.send(post::private(text)).await.map_err(|e| Failure::tag(Progress::AnswerLost, e))?;
            Ok(())
        }
        Outcome::Refused(text) => refuse(ctx, text).await.map_err(|e| Failure::tag(Progress::RefusalLost, e)),
    }
}

/// The refusal when Discord would not make the channel in `category`.
fn not_made(e: &serenity::Error, category: serenity::ChannelId) -> Option<String> {
    if channels::missing_permission(e) {
        return Some(format!(
            "I could not make the game's channel: I need the Manage Channels permission (and Manage Roles for the channel's permissions) in the category <#{category}>. A server admin can grant them to my role in the category's permissions (or server-wide); then try again. Nothing was created."
        ));
    }
    channels::refused(e).then(|| format!(
        "I could not make the game's channel in the games category (Discord said: {e}): the bot's operator must check that `games_category` in config.toml is the id of a category of this server. Nothing was created."
    ))
}

async fn made(
    ctx: Context<'_>,
    guild: serenity::GuildId,
    category: serenity::ChannelId,
    variant: String,
    settings: Settings,
) -> Result<Outcome, Error> {
    let Some(wanted) = settings.channel.clone() else {
        return Ok(Outcome::Refused("`channel:new` was not given".into()));
    };
    // A game the service would refuse makes no channel.
    let (v, s) = (variant.clone(), settings.clone());
    match ctx.data().call(move |service| service.check_create(&v, &s)).await? {
        Ok(()) => {}
        Err(GameError::Store(e)) => return Err(Failure::tag(Progress::NotSaved, e)),
        Err(e) => return Ok(Outcome::Refused(e.to_string())),
    }
    let caller = checks::caller(ctx).await;
    let access = Access {
        private: wanted.private,
        creator: ctx.author().id,
        bot: ctx.framework().bot_id(),
        moderators: checks::moderator_roles(ctx).await,
    };
    let channel = match channels::make(ctx.http(), guild, category, &wanted.name, &access).await {
        Ok(c) => c,
        Err(e) => {
            tracing::warn!(guild = %guild, category = %category, error = %e, "Discord did not make a game's channel");
            return match not_made(&e, category) {
                Some(text) => Ok(Outcome::Refused(text)),
                None => Err(Failure::tag(Progress::NotSaved, e)),
            };
        }
    };
    let key = channel.get().to_string();
    let server = guild.get().to_string();
    let request = Request::Create { variant, settings: Box::new(settings) };
    let created = ctx.data().call(move |s| s.handle(&key, &server, &caller, request)).await;
    let replies = match created {
        Ok(Ok(replies)) => replies,
        Ok(Err(e)) => {
            channels::unmake(ctx.http(), channel).await;
            return match e {
                GameError::Store(e) => Err(Failure::tag(Progress::NotSaved, e)),
                e => Ok(Outcome::Refused(e.to_string())),
            };
        }
        Err(e) => {
            // The service's task failed: the game was created only if the channel is recorded as its own.
            let key = channel.get().to_string();
            if !matches!(ctx.data().call(move |s| s.game_channel(&key)).await, Ok(Ok(Some(_)))) {
                channels::unmake(ctx.http(), channel).await;
            }
            return Err(e);
        }
    };
    Ok(Outcome::Made(answer(ctx, channel, category, &wanted, &replies)))
}

/// The caller's answer: the channel, who reads it, when it is archived, and what it was told.
fn answer(
    ctx: Context<'_>,
    channel: serenity::ChannelId,
    category: serenity::ChannelId,
    wanted: &chessdip_game::NewChannel,
    replies: &[Reply],
) -> String {
    let who = if wanted.private {
        " Only its players, its moderators and I can read it: seat the players with `/game replace` there (each is let in as they are seated)."
    } else {
        " Everyone can read it; its players are let in to post as they join with `/join` there."
    };
    let archive = match ctx.data().config.archive_category {
        Some(to) => format!(
            " {} after the game ends it moves to <#{to}> and becomes read-only.",
            format_duration(wanted.archive_after_secs)
        ),
        None => " It stays where it is after the game ends (this server archives no channels).".to_string(),
    };
    let told = replies.iter().find(|r| r.outbox.is_some() && r.to.is_none()).map(|r| {
        let line = crate::discord::markup::for_discord(r.text.lines().next().unwrap_or("")).replace("**", "");
        let short: String = line.chars().take(300).collect();
        format!(" Posted there: {short}")
    });
    format!(
        "Made <#{channel}> for the game in <#{category}>; the game runs there.{who}{archive}{}",
        told.unwrap_or_default()
    )
}
