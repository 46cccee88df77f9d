//! `/help`, `/variants` and `/profile`.

use poise::serenity_prelude as serenity;

use super::{channel_key, post, run, Context, Error};

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
    ctx.send(post::private(crate::game::command::variants_text())).await?;
    Ok(())
}

/// A player's record in this server: phases owed and sent, games, reliability (public)
#[poise::command(slash_command, guild_only)]
pub async fn profile(
    ctx: Context<'_>,
    #[description = "Whose record (yours if left out)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    // Records are kept per server: the server's, never another's.
    let guild = ctx.guild_id().map_or_else(String::new, |g| g.get().to_string());
    let user = user.map(|u| u.id.get().to_string());
    run(ctx, move |s, c, _| s.profile(&guild, c, user.as_deref()).map(|r| vec![r])).await
}
