//! Hashed orders: `/commit`, `/reveal` (inline, from a .txt file, or in a
//! form for multi-line texts) and the `/hash` helper.

use poise::serenity_prelude as serenity;
use poise::Modal as _;

use super::{ask, Context, Data, Error};
use chessdip_game::Request;

/// The form for revealing a multi-line text.
#[derive(Debug, poise::Modal)]
#[name = "Reveal your orders"]
struct RevealForm {
    #[name = "The exact text you committed"]
    #[paragraph]
    #[max_length = 4000]
    text: String,
}

/// Hashed games: commit the SHA-256 of your orders (posted publicly)
#[poise::command(slash_command, guild_only)]
pub async fn commit(
    ctx: Context<'_>,
    #[description = "SHA-256 of your exact orders text: 64 hex digits"]
    #[min_length = 64]
    #[max_length = 64]
    hash: String,
) -> Result<(), Error> {
    ask(ctx, Request::Commit { hash }).await
}

/// Hashed games: reveal the exact text you committed (text, a .txt file, or a form)
#[poise::command(slash_command, guild_only)]
pub async fn reveal(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    #[description = "The exact text (one line); leave out for a form, or attach a file"]
    #[max_length = 4000]
    text: Option<String>,
    #[description = "A .txt file with the exact text (keeps every byte, new lines included)"] file: Option<
        serenity::Attachment,
    >,
) -> Result<(), Error> {
    let text = match (text, file) {
        (_, Some(f)) => {
            if f.size > 64 * 1024 {
                let c = poise::Context::Application(ctx);
                return super::refuse(c, "that file is too large for an order text (64 KB at most)".into()).await;
            }
            match String::from_utf8(f.download().await?) {
                Ok(t) => t,
                Err(_) => {
                    let c = poise::Context::Application(ctx);
                    return super::refuse(c, "that file is not UTF-8 text".into()).await;
                }
            }
        }
        (Some(t), None) => t,
        (None, None) => match RevealForm::execute(ctx).await? {
            Some(form) => form.text,
            None => return Ok(()),
        },
    };
    ask(poise::Context::Application(ctx), Request::Reveal { text }).await
}

/// Get the sealing page, to seal orders on your own device; or the SHA-256 of a text (shown to the bot)
#[poise::command(slash_command)]
pub async fn hash(
    ctx: Context<'_>,
    #[description = "Leave out to get the sealing page; a text here is shown to the bot"]
    #[max_length = 4000]
    text: Option<String>,
) -> Result<(), Error> {
    let reply = chessdip_game::command::hash_reply(text.as_deref().unwrap_or(""));
    let page = serenity::CreateAttachment::bytes(
        chessdip_game::hashed::seal::SEAL_PAGE.as_bytes(),
        chessdip_game::hashed::seal::SEAL_PAGE_NAME,
    );
    let mut parts = super::post::split(&reply, 2000).into_iter();
    let first = parts.next().unwrap_or_default();
    ctx.send(super::post::private(first).attachment(page)).await?;
    for part in parts {
        ctx.send(super::post::private(part)).await?;
    }
    Ok(())
}
