//! `/notify`: the direct messages a player gets from the bot in this server.

use super::{ask, Context, Error};
use chessdip_game::Request;

/// On or off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum OnOff {
    /// Send them.
    #[name = "on"]
    On,
    /// Do not.
    #[name = "off"]
    Off,
}

fn on(choice: Option<OnOff>) -> Option<bool> {
    choice.map(|c| c == OnOff::On)
}

/// Your direct messages from me in this server (all left out: show them)
#[poise::command(slash_command, guild_only)]
pub async fn notify(
    ctx: Context<'_>,
    #[description = "When a phase opens in which you owe orders (on unless turned off)"] phase: Option<OnOff>,
    #[description = "The reminder before a deadline, while your orders are missing (on)"] deadline: Option<OnOff>,
    #[description = "Each result of your games (off unless turned on)"] results: Option<OnOff>,
) -> Result<(), Error> {
    // Kept per server: `ask` passes the server's. The answer is private.
    ask(ctx, Request::Notify { phase: on(phase), deadline: on(deadline), results: on(results) }).await
}
