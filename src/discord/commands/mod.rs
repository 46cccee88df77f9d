//! The slash commands: one file per group. Every handler only translates:
//! it names the caller, calls the service on a blocking thread, and posts
//! what the service answers.

mod chess_wheel;
mod game;
mod hashed;
mod info;
mod new_channel;
mod notify;
mod orders;
mod play;

use poise::serenity_prelude as serenity;

use super::failure::{Failure, Progress};
use super::types::{Context, Data, Error};
use super::{checks, post};
use chessdip_game::{Caller, GameError, Reply, Request, Service};

/// Every command, in the order Discord lists them.
#[must_use]
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![
        game::game(),
        play::join(),
        play::leave(),
        orders::orders(),
        hashed::commit(),
        hashed::reveal(),
        hashed::hash(),
        play::ready(),
        play::unready(),
        play::draw(),
        play::extend(),
        play::concede(),
        chess_wheel::board(),
        chess_wheel::proposal(),
        chess_wheel::vote(),
        info::games(),
        info::profile(),
        info::leaderboard(),
        notify::notify(),
        info::help(),
        info::variants(),
    ]
}

/// How long a command may run before its answer is deferred (Discord allows 3 s).
const DEFER_AFTER: std::time::Duration = std::time::Duration::from_secs(2);

/// Runs `f` on the service for the caller in this channel and answers with
/// its replies. A refusal (the player's mistake) is answered privately;
/// only unexpected failures (the database, Discord) become errors.
async fn run(
    ctx: Context<'_>,
    f: impl FnOnce(&Service, &Caller, &str) -> Result<Vec<Reply>, GameError> + Send + 'static,
) -> Result<(), Error> {
    let caller = checks::caller(ctx).await;
    let channel = ctx.channel_id();
    let key = channel.get().to_string();
    let asked = std::time::Instant::now();
    // The service's task failing (a panic) leaves unknown what was saved.
    let call = ctx.data().call(move |s| {
        let started = std::time::Instant::now();
        let result = f(s, &caller, &key);
        let service = started.elapsed();
        // Anything happening in the channel retries what is held back there.
        let note = s.channel_touched(&key, &caller).unwrap_or_else(|e| {
            tracing::error!(error = %e, "could not look at the channel's announcements");
            None
        });
        (result, note, started.saturating_duration_since(asked), service)
    });
    tokio::pin!(call);
    // Discord wants an answer within 3 seconds: a command still running after
    // 2 (a lock wait, a large resolution) is deferred, and answered privately when done.
    let (result, note, waited, service) = tokio::select! {
        done = &mut call => done?,
        () = tokio::time::sleep(DEFER_AFTER) => {
            if let Err(e) = ctx.defer_ephemeral().await {
                tracing::warn!(error = %e, "could not defer a slow command's answer");
            }
            call.await?
        }
    };
    // What `docs/scaling.md` measures during a storm: the service's own
    // time for the command (its transaction included), and the wait for a
    // blocking thread before it.
    tracing::debug!(
        command = %ctx.command().qualified_name,
        wait_us = waited.as_micros(),
        service_us = service.as_micros(),
        "command handled"
    );
    // Deadlines may have moved: let the scheduler look again; and the delivery
    // task; and the bots (the command may have opened a phase or seated one).
    ctx.data().wake.notify_one();
    ctx.data().deliver.notify_one();
    ctx.data().think.notify_one();
    // And the channels the bot made for games (a player seated or gone, a game ended).
    ctx.data().channels.notify_one();
    match result {
        Ok(replies) => post::answer(ctx, channel, replies).await.map_err(|e| Failure::tag(Progress::AnswerLost, e))?,
        Err(GameError::Store(e)) => return Err(Failure::tag(Progress::NotSaved, e)),
        Err(e) => refuse(ctx, e.to_string()).await.map_err(|e| Failure::tag(Progress::RefusalLost, e))?,
    }
    if let Some(note) = note {
        refuse(ctx, note).await?;
    }
    Ok(())
}

/// Carries out `request` for the caller in this channel (of this server)
/// and answers with its replies: every slash command that acts on a game
/// goes through the service's one entry point with the request it built.
async fn ask(ctx: Context<'_>, request: Request) -> Result<(), Error> {
    let guild = ctx.guild_id().map_or_else(String::new, |g| g.get().to_string());
    run(ctx, move |s, c, ch| s.handle(ch, &guild, c, request)).await
}

/// A private refusal (pinging nobody, invisible characters it quotes shown
/// as `<U+200B>`, the names in it escaped).
async fn refuse(ctx: Context<'_>, text: String) -> Result<(), Error> {
    let text = super::markup::for_discord(&chessdip_game::orders::chars::visible(&text));
    for part in post::split(&text, 2000) {
        ctx.send(post::private(part)).await?;
    }
    Ok(())
}

/// Autocomplete choices from a list, filtered by what was typed (at most 25).
fn choices(items: impl IntoIterator<Item = String>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let p = partial.trim().to_lowercase();
    let list: Vec<serenity::AutocompleteChoice> = items
        .into_iter()
        .filter(|i| p.is_empty() || i.to_lowercase().contains(&p))
        .take(25)
        .map(|i| {
            let name: String = i.chars().take(100).collect();
            serenity::AutocompleteChoice::new(name.clone(), name)
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(list)
}

/// The channel's id as the service keys games.
fn channel_key(ctx: Context<'_>) -> String {
    ctx.channel_id().get().to_string()
}
