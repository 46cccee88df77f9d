//! `/help` and `/variants`.

use super::{channel_key, post, Context, Error};

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
