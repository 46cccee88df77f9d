//! `/orders`: submit (inline or in a form for long multi-line sets), show, clear, preview. Every reply is private.

use poise::serenity_prelude as serenity;
use poise::Modal as _;

use super::{ask, channel_key, checks, choices, Context, Error};
use chessdip_game::Request;

/// Completes the order being typed from the caller's legal orders.
async fn ac_orders(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let caller = checks::caller(ctx).await;
    let key = channel_key(ctx);
    let typed = partial.to_string();
    let list = ctx.data().call(move |s| s.order_suggestions(&key, &caller, &typed, 25)).await.unwrap_or_default();
    choices(list.into_iter().filter(|s| s.len() <= 100), "")
}

/// The form for long order sets.
#[derive(Debug, poise::Modal)]
#[name = "Your orders"]
struct OrdersForm {
    #[name = "Orders, one per line"]
    #[placeholder = "K e1 - e2\nN g1 S K e1 - e2"]
    #[paragraph]
    #[max_length = 4000]
    orders: String,
}

/// Your orders for this phase (private): submit, write, show, clear, preview
#[poise::command(
    slash_command,
    guild_only,
    subcommand_required,
    subcommands("submit", "write", "show", "clear", "preview")
)]
pub async fn orders(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Send orders: separate them with commas, e.g. K e1 - e2, N g1 S K e1 - e2
#[poise::command(slash_command, guild_only)]
async fn submit(
    ctx: Context<'_>,
    #[description = "Your orders, separated by commas or semicolons"]
    #[max_length = 4000]
    #[autocomplete = "ac_orders"]
    text: String,
) -> Result<(), Error> {
    ask(ctx, Request::Submit { orders: text }).await
}

/// Send a long order set in a form, one order per line
#[poise::command(slash_command, guild_only)]
async fn write(ctx: poise::ApplicationContext<'_, super::Data, Error>) -> Result<(), Error> {
    let Some(form) = OrdersForm::execute(ctx).await? else {
        return Ok(());
    };
    ask(poise::Context::Application(ctx), Request::Submit { orders: form.orders }).await
}

/// Your orders for this phase, and the pieces without one
#[poise::command(slash_command, guild_only)]
async fn show(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::ShowOrders).await
}

/// Remove all your orders for this phase
#[poise::command(slash_command, guild_only)]
async fn clear(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::ClearOrders).await
}

/// What your orders would do if everyone else held (private, with the image)
#[poise::command(slash_command, guild_only)]
async fn preview(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Preview).await
}
