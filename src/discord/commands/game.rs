//! `/game`: creating, starting and following a game, and the moderators' commands.

use poise::serenity_prelude as serenity;
use poise::ChoiceParameter as _;

use super::{ask, channel_key, choices, refuse, Context, Error};
use crate::discord::failure::{Failure, Progress};
use chessdip_game::options::create_settings;
use chessdip_game::Request;
use chessdip_game::{parse_duration_within, Bounds, Caller, GameError, Settings, OFFERS};

/// What happens at a phase's deadline.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum AtDeadline {
    /// Resolve with the orders in.
    #[name = "resolve"]
    Resolve,
    /// Wait for a moderator.
    #[name = "wait"]
    Wait,
}

/// Image colours.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Palette {
    /// webDiplomacy's colours.
    #[name = "classic"]
    Classic,
    /// Okabe-Ito colours, safe for colour-blind players.
    #[name = "colour-blind"]
    ColourBlind,
}

/// Who may take over a power opened by civil disorder.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum TakeoverChoice {
    /// Anyone not kicked and not holding another power, with /join.
    #[name = "open"]
    Open,
    /// /join asks; a moderator grants with /game assign.
    #[name = "moderator"]
    Moderator,
}

/// Who plays a power that becomes vacant.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum VacantChoice {
    /// Nobody: it holds, in civil disorder, until someone takes it.
    #[name = "hold"]
    Hold,
    /// A bot, until someone takes it.
    #[name = "bot"]
    Bot,
}

/// Where a game runs: `new`, a text channel made for it.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ChannelChoice {
    /// A new text channel in the server's games category.
    #[name = "new"]
    New,
}

/// What `/game bot` does.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum BotAction {
    /// Seat a bot in a free seat or a vacant power.
    #[name = "add"]
    Add,
    /// Take a bot out.
    #[name = "remove"]
    Remove,
}

/// How a game starts.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum StartChoice {
    /// The moment its last seat is taken.
    #[name = "when-full"]
    WhenFull,
    /// When a moderator starts it.
    #[name = "moderator"]
    Moderator,
}

/// How a draw is scored in a game with centers.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ScoringChoice {
    /// A draw shares the point equally among the powers in it.
    #[name = "draw-size"]
    DrawSize,
    /// A draw shares the point by centers squared.
    #[name = "sum-of-squares"]
    SumOfSquares,
}

async fn ac_variant(_ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    choices(OFFERS.iter().map(|o| o.id.to_string()), partial)
}

async fn ac_phase(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let key = channel_key(ctx);
    let phases = ctx.data().call(move |s| s.resolved_phases(&key).unwrap_or_default()).await.unwrap_or_default();
    choices(phases.into_iter().rev(), partial)
}

async fn ac_power(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let key = channel_key(ctx);
    let powers = ctx.data().call(move |s| s.power_names(&key).unwrap_or_default()).await.unwrap_or_default();
    choices(powers, partial)
}

/// Games in this channel: create, start, status, board, history; moderators: force, extend, pause...
#[poise::command(
    slash_command,
    guild_only,
    subcommand_required,
    subcommands(
        "create",
        "start",
        "status",
        "board",
        "history",
        "timelapse",
        "chart",
        "export",
        "force",
        "extend",
        "deadline",
        "pause",
        "resume",
        "rollback",
        "end",
        "replace",
        "kick",
        "bot",
        "set",
        "advertise",
        "outbox"
    )
)]
pub async fn game(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Create a game in this channel (you become its moderator)
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
async fn create(
    ctx: Context<'_>,
    #[description = "The variant (see /variants)"]
    #[autocomplete = "ac_variant"]
    variant: String,
    #[description = "Length of a movement phase, e.g. 48h, 2d, 90m"] movement: Option<String>,
    #[description = "Length of an adjustment phase, e.g. 24h"] adjustment: Option<String>,
    #[description = "Orders by SHA-256 commitment and reveal (see /help)"] hashed: Option<bool>,
    #[description = "At the deadline: resolve with the orders in, or wait for a moderator"]
    #[rename = "at-deadline"]
    at_deadline: Option<AtDeadline>,
    #[description = "An animated GIF of each resolution beside the boards (default yes)"] animation: Option<bool>,
    #[description = "More settings and variant options as key=value, e.g. early=no palette=colour-blind mode=progressive"]
    options: Option<String>,
    #[description = "Phases end at this local time, e.g. 20:00"]
    #[rename = "deadline-at"]
    deadline_at: Option<String>,
    #[description = "The time zone of deadline-at (or of Chess Wheel+'s week), e.g. Europe/Paris"] timezone: Option<
        String,
    >,
    #[description = "With deadline-at: the days a phase may end on, e.g. mon-fri or mon,wed,fri"] days: Option<String>,
    #[description = "Deadline extensions per player for missing orders (default 1; 0: none)"]
    #[min = 0]
    #[max = 10]
    grace: Option<u32>,
    #[description = "How long a grace extension is, e.g. 24h"]
    #[rename = "grace-length"]
    grace_length: Option<String>,
    #[description = "Phases in civil disorder in a row before a player is unseated (default 2), or off"]
    #[rename = "cd-after"]
    cd_after: Option<String>,
    #[description = "Who may take over an opened power (default open)"] takeover: Option<TakeoverChoice>,
    #[description = "The reliability (%) a player needs to join"]
    #[rename = "min-reliability"]
    #[min = 0]
    #[max = 100]
    min_reliability: Option<u8>,
    #[description = "Chess Dip, Chesspolitik: how a draw is scored (default draw-size)"] scoring: Option<ScoringChoice>,
    #[description = "How long a game nobody plays waits for a player before it ends abandoned (default 14d), or off"]
    #[rename = "abandon-after"]
    abandon_after: Option<String>,
    #[description = "Bots to seat at once: a number (e.g. 3) or the powers they play (e.g. Italy,France)"] bots: Option<
        String,
    >,
    #[description = "Who plays a power that becomes vacant (default hold: nobody; bot: a bot until someone joins)"]
    vacant: Option<VacantChoice>,
    #[description = "when-full: the game starts the moment its last seat is taken (default: a moderator starts it)"]
    start: Option<StartChoice>,
    #[description = "Start by itself at a time: from now (e.g. 2h) or a local date and time (2026-12-01 20:00)"]
    #[rename = "start-at"]
    start_at: Option<String>,
    #[description = "new: make a text channel for the game in the server's games category and run the game there"]
    channel: Option<ChannelChoice>,
    #[description = "With channel:new, the channel's name (default: the game's)"] name: Option<String>,
    #[description = "With channel:new: only the players, the moderators and the bot read the channel"] private: Option<
        bool,
    >,
    #[description = "With channel:new: how long after the end the channel is archived, read-only (default 7d)"]
    #[rename = "archive-after"]
    archive_after: Option<String>,
) -> Result<(), Error> {
    let config = &ctx.data().config;
    let base = Settings {
        movement_secs: i64::from(config.movement_hours.max(1)) * 3600,
        adjustment_secs: i64::from(config.adjustment_hours.max(1)) * 3600,
        timezone: config.timezone.clone(),
        ..Settings::default()
    };
    let mut words: Vec<String> = Vec::new();
    if let Some(d) = movement {
        words.push(format!("movement={d}"));
    }
    if let Some(d) = adjustment {
        words.push(format!("adjustment={d}"));
    }
    if let Some(h) = hashed {
        words.push(format!("hashed={}", if h { "yes" } else { "no" }));
    }
    if let Some(a) = at_deadline {
        words.push(format!("at-deadline={}", a.name()));
    }
    if let Some(a) = animation {
        words.push(format!("animation={}", if a { "yes" } else { "no" }));
    }
    let named = [
        ("deadline-at", deadline_at),
        ("timezone", timezone),
        ("days", days),
        ("grace", grace.map(|n| n.to_string())),
        ("grace-length", grace_length),
        ("cd-after", cd_after),
        ("takeover", takeover.map(|t| t.name().to_string())),
        ("min-reliability", min_reliability.map(|n| n.to_string())),
        ("scoring", scoring.map(|s| s.name().to_string())),
        ("abandon-after", abandon_after),
        ("bots", bots),
        ("vacant", vacant.map(|v| v.name().to_string())),
        ("start", start.map(|v| v.name().to_string())),
        ("start-at", start_at),
        ("channel", channel.map(|c| c.name().to_string())),
        ("name", name),
        ("private", private.map(|p| if p { "yes" } else { "no" }.to_string())),
        ("archive-after", archive_after),
    ];
    words.extend(named.into_iter().filter_map(|(k, v)| v.map(|v| format!("{k}={}", v.trim()))));
    words.extend(options.iter().flat_map(|o| o.split_whitespace().map(str::to_string)));
    let w: Vec<&str> = words.iter().map(String::as_str).collect();
    let settings = match create_settings(&variant, &w, base) {
        Ok(s) => s,
        Err(e) => return refuse(ctx, e.to_string()).await,
    };
    if settings.channel.is_some() {
        return super::new_channel::create(ctx, variant, settings).await;
    }
    ask(ctx, Request::Create { variant, settings: Box::new(settings) }).await
}

/// Start the game (a moderator may start with vacant powers)
#[poise::command(slash_command, guild_only)]
async fn start(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Start).await
}

/// The phase, the deadline, and who has orders in or is ready
#[poise::command(slash_command, guild_only)]
async fn status(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Status).await
}

/// The current board
#[poise::command(slash_command, guild_only)]
async fn board(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Board).await
}

/// The whole game so far as a GIF: the start and the position after every resolved phase
#[poise::command(slash_command, guild_only)]
async fn timelapse(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Timelapse).await
}

/// A chart of every power's centers, pieces or material over the game so far
#[poise::command(slash_command, guild_only)]
async fn chart(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Chart).await
}

/// A resolved phase: every order with its outcome, and the image
#[poise::command(slash_command, guild_only)]
async fn history(
    ctx: Context<'_>,
    #[description = "The phase (default: the last resolved)"]
    #[autocomplete = "ac_phase"]
    phase: Option<String>,
) -> Result<(), Error> {
    ask(ctx, Request::History { phase }).await
}

/// The whole game as a JSON file
#[poise::command(slash_command, guild_only)]
async fn export(ctx: Context<'_>) -> Result<(), Error> {
    use crate::discord::post::UPLOAD_LIMIT;
    use chessdip_game::story::export::ExportError;
    let key = channel_key(ctx);
    // Streamed from the store: the JSON as it is if it fits the channel's
    // upload limit, gzip-compressed if not, or a refusal saying how to get it.
    let file = ctx.data().call(move |s| s.export_file(&key, UPLOAD_LIMIT)).await?;
    match file {
        Ok(f) => {
            let caption = f.caption(UPLOAD_LIMIT);
            let file = serenity::CreateAttachment::bytes(f.bytes, f.name);
            let reply =
                poise::CreateReply::default().content(caption).attachment(file).allowed_mentions(super::post::quiet());
            ctx.send(reply).await.map_err(|e| Failure::tag(Progress::AnswerLost, e))?;
            Ok(())
        }
        Err(ExportError::Game(GameError::Store(e))) => Err(Failure::tag(Progress::NotSaved, e)),
        Err(e) => super::refuse(ctx, e.to_string()).await.map_err(|e| Failure::tag(Progress::RefusalLost, e)),
    }
}

/// Moderators: resolve the current phase now
#[poise::command(slash_command, guild_only)]
async fn force(
    ctx: Context<'_>,
    #[description = "Only if this is still the current phase (guards against a deadline racing you)"] phase: Option<
        String,
    >,
    #[description = "Resolve a reveal window even though commitments are not revealed yet (their powers get no orders)"]
    confirm: Option<bool>,
) -> Result<(), Error> {
    let confirmed = confirm.unwrap_or(false);
    ask(ctx, Request::Force { phase, confirmed }).await
}

/// Moderators: give the current phase more time
#[poise::command(slash_command, guild_only)]
async fn extend(ctx: Context<'_>, #[description = "How much more, e.g. 12h, 1d"] by: String) -> Result<(), Error> {
    match parse_duration_within(&by, Bounds::CHANGE) {
        Ok(secs) => ask(ctx, Request::Extend { secs }).await,
        Err(e) => refuse(ctx, e.to_string()).await,
    }
}

/// Moderators: set the current phase's deadline to a time from now
#[poise::command(slash_command, guild_only)]
async fn deadline(ctx: Context<'_>, #[description = "From now, e.g. 24h"] r#in: String) -> Result<(), Error> {
    match parse_duration_within(&r#in, Bounds::CHANGE) {
        Ok(secs) => ask(ctx, Request::Deadline { secs }).await,
        Err(e) => refuse(ctx, e.to_string()).await,
    }
}

/// Moderators: pause the game (the deadline is frozen)
#[poise::command(slash_command, guild_only)]
async fn pause(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Pause).await
}

/// Moderators: resume a paused game
#[poise::command(slash_command, guild_only)]
async fn resume(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Resume).await
}

/// Moderators: undo the last resolution (the phase reopens; the undone one stays in history)
#[poise::command(slash_command, guild_only)]
async fn rollback(
    ctx: Context<'_>,
    #[description = "Hashed games: reset every commitment and open a new commit window"] fresh: Option<bool>,
) -> Result<(), Error> {
    let fresh = fresh.unwrap_or(false);
    ask(ctx, Request::Rollback { fresh }).await
}

/// Moderators: end the game
#[poise::command(slash_command, guild_only)]
async fn end(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::End).await
}

/// Moderators: seat a player as a power (replacing whoever plays it)
#[poise::command(slash_command, guild_only)]
async fn replace(
    ctx: Context<'_>,
    #[description = "The power"]
    #[autocomplete = "ac_power"]
    power: String,
    #[description = "The new player"] player: serenity::User,
    #[description = "If the player holds another power: move them, and this power's player to theirs"] swap: Option<
        bool,
    >,
) -> Result<(), Error> {
    let who = Caller {
        user: player.id.get().to_string(),
        name: crate::discord::checks::shown_name(&player, None),
        moderator: false,
    };
    let swap = swap.unwrap_or(false);
    ask(ctx, Request::Assign { player: who, power, swap }).await
}

/// Moderators: remove a player (their power is vacant until replaced)
#[poise::command(slash_command, guild_only)]
async fn kick(ctx: Context<'_>, #[description = "The player"] player: serenity::User) -> Result<(), Error> {
    let id = player.id.get().to_string();
    ask(ctx, Request::Kick { user: id }).await
}

/// Moderators: seat a bot in a free seat or a vacant power, or take a bot out
#[poise::command(slash_command, guild_only)]
async fn bot(
    ctx: Context<'_>,
    #[description = "add: seat a bot; remove: take it out"] action: BotAction,
    #[description = "The power"]
    #[autocomplete = "ac_power"]
    power: String,
) -> Result<(), Error> {
    ask(ctx, Request::Bot { add: matches!(action, BotAction::Add), power }).await
}

/// Moderators: the images from the next one on; Chess Wheel+'s movement power from the next cycle
#[poise::command(slash_command, guild_only)]
async fn set(
    ctx: Context<'_>,
    #[description = "Image colours"] palette: Option<Palette>,
    #[description = "An animated GIF of each resolution beside the boards"] animation: Option<bool>,
    #[description = "Chess Wheel+: moves per cycle, from the next cycle on"]
    #[rename = "movement-power"]
    #[min = 1]
    #[max = 16]
    movement_power: Option<u8>,
) -> Result<(), Error> {
    let mut words: Vec<String> = Vec::new();
    if let Some(n) = movement_power {
        words.push(format!("movement-power={n}"));
    }
    if let Some(p) = palette {
        words.push(format!("palette={}", p.name()));
    }
    if let Some(a) = animation {
        words.push(format!("animation={}", if a { "yes" } else { "no" }));
    }
    ask(ctx, Request::Set { options: words }).await
}

/// Moderators: post the forming game's advert again (in the lobby if there is one), pinging a role once
#[poise::command(slash_command, guild_only)]
async fn advertise(
    ctx: Context<'_>,
    #[description = "A role to ping once with the advert"] role: Option<serenity::Role>,
) -> Result<(), Error> {
    ask(ctx, Request::Advertise { role: role.map(|r| r.id.get().to_string()) }).await
}

/// Moderators: announcements not posted yet (queued, parked, and why); retry: queue a parked one
#[poise::command(slash_command, guild_only)]
async fn outbox(
    ctx: Context<'_>,
    #[description = "The number of a parked announcement to queue again (see the list)"]
    #[min = 1]
    retry: Option<i64>,
) -> Result<(), Error> {
    ask(ctx, retry.map_or(Request::Outbox, |id| Request::OutboxRetry { id: id.to_string() })).await
}
