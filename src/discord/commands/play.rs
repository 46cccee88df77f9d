//! Taking part: join, leave, ready, draw votes, extension votes, concession.

use poise::serenity_prelude as serenity;

use super::{ask, channel_key, choices, refuse, Context, Error};
use chessdip_game::Request;
use chessdip_game::{parse_duration_within, Bounds};

async fn ac_free_power(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let key = channel_key(ctx);
    let powers = ctx.data().call(move |s| s.free_powers(&key).unwrap_or_default()).await.unwrap_or_default();
    choices(powers, partial)
}

/// A draw vote.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Vote {
    /// For a draw.
    #[name = "yes"]
    Yes,
    /// Withdraw a vote.
    #[name = "no"]
    No,
}

/// Join the game in this channel
#[poise::command(slash_command, guild_only)]
pub async fn join(
    ctx: Context<'_>,
    #[description = "The power to play (a random free one if left out)"]
    #[autocomplete = "ac_free_power"]
    power: Option<String>,
) -> Result<(), Error> {
    ask(ctx, Request::Join { power }).await
}

/// Leave the game before it starts
#[poise::command(slash_command, guild_only)]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Leave).await
}

/// Mark your orders final (when everyone is ready the phase resolves early)
#[poise::command(slash_command, guild_only)]
pub async fn ready(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Ready).await
}

/// Take back your ready mark
#[poise::command(slash_command, guild_only)]
pub async fn unready(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Unready).await
}

/// Secret draw vote: the game is drawn when every surviving power votes yes this phase
#[poise::command(slash_command, guild_only)]
pub async fn draw(ctx: Context<'_>, #[description = "yes for a draw, no to withdraw"] vote: Vote) -> Result<(), Error> {
    ask(ctx, Request::Draw { yes: matches!(vote, Vote::Yes) }).await
}

/// Vote to extend the deadline (public): at two thirds of the players, by the shortest duration voted
#[poise::command(slash_command, guild_only)]
pub async fn extend(
    ctx: Context<'_>,
    #[description = "How much longer, e.g. 24h, 1d12h (left out: show the votes)"] duration: Option<String>,
) -> Result<(), Error> {
    match duration.map(|d| parse_duration_within(&d, Bounds::CHANGE)) {
        None => ask(ctx, Request::ExtendVotes).await,
        Some(Ok(secs)) => ask(ctx, Request::ExtendVote { secs }).await,
        Some(Err(e)) => refuse(ctx, e.to_string()).await,
    }
}

/// Concede the game (the last power standing wins)
#[poise::command(slash_command, guild_only)]
pub async fn concede(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Concede).await
}
