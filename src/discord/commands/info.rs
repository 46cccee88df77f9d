//! `/help`, `/variants`, `/profile` and `/leaderboard`.

use poise::serenity_prelude as serenity;

use super::{ask, channel_key, post, Context, Error};
use chessdip_game::Request;

/// How to play: the commands, and the order syntax of this channel's game
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    let key = channel_key(ctx);
    let mut text = ctx.data().call(move |s| s.help(&key)).await?;
    text += "\n\nDirect messages: send me your orders as plain text (start with the game's number if you play in several games); `games` lists your games.";
    for part in post::split(&text, 2000) {
        ctx.send(post::private(part)).await?;
    }
    Ok(())
}

/// The games I run, with their options
#[poise::command(slash_command)]
pub async fn variants(ctx: Context<'_>) -> Result<(), Error> {
    ctx.send(post::private(chessdip_game::command::variants_text())).await?;
    Ok(())
}

/// This server's games: forming (join from the menu), running, and where you owe orders now
#[poise::command(slash_command, guild_only)]
pub async fn games(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Games).await
}

/// A player's record in this server: ratings, results, reliability (public)
#[poise::command(slash_command, guild_only)]
pub async fn profile(
    ctx: Context<'_>,
    #[description = "Whose record (yours if left out)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    // Records are kept per server: `ask` passes the server's, never another's.
    let user = user.map(|u| u.id.get().to_string());
    ask(ctx, Request::Profile { user }).await
}

/// The games to choose from, shown by name, filtered by what was typed in the name or the id.
async fn ac_game(_ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let p = partial.trim().to_lowercase();
    let list: Vec<serenity::AutocompleteChoice> = chessdip_game::OFFERS
        .iter()
        .filter(|o| p.is_empty() || o.id.contains(&p) || o.name.to_lowercase().contains(&p))
        .map(|o| serenity::AutocompleteChoice::new(o.name, o.id))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(list)
}

/// This server's players of a game, ranked by rating, with their games and results (public)
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "The game (every rated game if left out)"]
    #[autocomplete = "ac_game"]
    game: Option<String>,
) -> Result<(), Error> {
    // Ratings are kept per server: `ask` passes the server's, never another's.
    ask(ctx, Request::Leaderboard { game }).await
}
