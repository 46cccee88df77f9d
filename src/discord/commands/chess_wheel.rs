//! Chess Wheel+: board actions, proposals and votes.

use super::{ask, Context, Error};
use chessdip_game::Request;

/// A board action.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Action {
    /// Create your standard board.
    #[name = "create"]
    Create,
    /// Place your starting pieces on it.
    #[name = "populate"]
    Populate,
}

/// A vote.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Ballot {
    /// For.
    #[name = "yes"]
    Yes,
    /// Against.
    #[name = "no"]
    No,
}

/// Chess Wheel+: create your board or populate it (once per cycle each)
#[poise::command(slash_command, guild_only)]
pub async fn board(ctx: Context<'_>, #[description = "What to do"] action: Action) -> Result<(), Error> {
    let text = match action {
        Action::Create => "create",
        Action::Populate => "populate",
    };
    ask(ctx, Request::BoardAction { action: text.to_string() }).await
}

/// Chess Wheel+ proposals: submit, list, and (moderators) enact
#[poise::command(slash_command, guild_only, subcommand_required, subcommands("submit", "list", "enact"))]
pub async fn proposal(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Propose a change; the vote runs in the next move or resolve phase
#[poise::command(slash_command, guild_only)]
async fn submit(
    ctx: Context<'_>,
    #[description = "What you propose"]
    #[max_length = 1500]
    text: String,
) -> Result<(), Error> {
    ask(ctx, Request::Propose { text }).await
}

/// Every proposal with its vote or result
#[poise::command(slash_command, guild_only)]
async fn list(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Proposals).await
}

/// Moderators: record a note of what a popular proposal changed (it changes no rule by itself)
#[poise::command(slash_command, guild_only)]
async fn enact(
    ctx: Context<'_>,
    #[description = "The proposal's number"]
    #[min = 1]
    number: i64,
    #[description = "What was changed"] note: String,
) -> Result<(), Error> {
    ask(ctx, Request::Enact { number, note }).await
}

/// Vote on a proposal during its voting window
#[poise::command(slash_command, guild_only)]
pub async fn vote(
    ctx: Context<'_>,
    #[description = "The proposal's number"]
    #[min = 1]
    number: i64,
    #[description = "yes or no"] ballot: Ballot,
) -> Result<(), Error> {
    ask(ctx, Request::Vote { number, yes: matches!(ballot, Ballot::Yes) }).await
}
