//! The Discord front end (`chessdip run`): poise slash commands, direct
//! messages, and a scheduler task for deadlines, over the game service.
//!
//! This layer only translates. It never adjudicates, never touches SQL and
//! decides no permissions beyond telling the service who the caller is and
//! whether Discord says they moderate the channel. Service calls run on
//! blocking threads so database work never blocks the runtime.

mod bots;
mod channels;
mod checks;
mod clock;
mod commands;
mod components;
mod delivery;
mod dm;
mod draw;
mod failure;
mod gate;
mod ids;
pub mod limits;
mod lookup;
pub mod markup;
mod post;
mod scheduler;
mod types;

use std::future::Future;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tokio::sync::Notify;

pub use chessdip_game::reminder_text;
pub use clock::TokioClock;
pub use post::split;
pub use types::{Data, Error, PendingDms};

use crate::config::Config;
use chessdip_game::Service;
use failure::{Progress, Via};

/// The gateway intents the bot needs; none is privileged (direct messages
/// to a bot carry their text without the Message Content intent).
#[must_use]
pub fn intents() -> serenity::GatewayIntents {
    serenity::GatewayIntents::GUILDS | serenity::GatewayIntents::DIRECT_MESSAGES
}

/// The command tree.
#[must_use]
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    commands::all()
}

/// The registration payload Discord receives for the command tree.
///
/// # Errors
/// Serialisation failed (it does not for these types).
pub fn registration() -> Result<serde_json::Value, serde_json::Error> {
    serde_json::to_value(poise::builtins::create_application_commands(&commands()))
}

/// What Discord would refuse in a registration payload: names lower-case
/// and at most 32 characters, descriptions of 1 to 100 characters, at most
/// 25 options and 25 choices, required options before optional ones.
#[must_use]
pub fn registration_problems(payload: &serde_json::Value) -> Vec<String> {
    let mut out = Vec::new();
    let Some(list) = payload.as_array() else {
        return vec!["the payload is not a list of commands".into()];
    };
    if list.len() > 100 {
        out.push(format!("{} commands: at most 100", list.len()));
    }
    for c in list {
        check_command(c, "", &mut out);
    }
    out
}

fn check_command(c: &serde_json::Value, parent: &str, out: &mut Vec<String>) {
    let name = c["name"].as_str().unwrap_or("");
    let path = format!("{parent}/{name}");
    let valid_name = !name.is_empty()
        && name.chars().count() <= 32
        && name.chars().all(|ch| ch == '-' || ch == '_' || ch.is_alphanumeric())
        && name.chars().all(|ch| !ch.is_uppercase());
    if !valid_name {
        out.push(format!("{path}: the name must be 1-32 lower-case letters, digits, - or _"));
    }
    // Top-level commands of type 1 (slash) need descriptions; every option does.
    let kind = c["type"].as_u64().unwrap_or(1);
    if kind == 1 {
        let d = c["description"].as_str().unwrap_or("");
        let n = d.chars().count();
        if !(1..=100).contains(&n) {
            out.push(format!("{path}: the description has {n} characters; it must have 1 to 100"));
        }
    }
    if let Some(choices) = c["choices"].as_array() {
        if choices.len() > 25 {
            out.push(format!("{path}: {} choices; at most 25", choices.len()));
        }
        for ch in choices {
            let n = ch["name"].as_str().map_or(0, |s| s.chars().count());
            if !(1..=100).contains(&n) {
                out.push(format!("{path}: a choice name has {n} characters; 1 to 100"));
            }
        }
    }
    if let Some(options) = c["options"].as_array() {
        if options.len() > 25 {
            out.push(format!("{path}: {} options; at most 25", options.len()));
        }
        let mut seen_optional = false;
        for o in options {
            let sub = matches!(o["type"].as_u64(), Some(1 | 2));
            if !sub {
                let required = o["required"].as_bool().unwrap_or(false);
                if required && seen_optional {
                    out.push(format!(
                        "{path}: required option `{}` comes after an optional one",
                        o["name"].as_str().unwrap_or("")
                    ));
                }
                seen_optional |= !required;
            }
            let mut o = o.clone();
            if !sub {
                o["type"] = serde_json::json!(1);
            }
            check_command(&o, &path, out);
        }
    }
}

/// A short id to quote in an apology and find in the log.
fn error_id() -> String {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    format!("E{:x}-{}", t & 0xFF_FFFF, COUNTER.fetch_add(1, Ordering::Relaxed))
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            let id = error_id();
            tracing::error!(error_id = %id, command = %ctx.command().qualified_name, error = %error, "command failed");
            let text = failure::apology(Progress::of(&error), Via::Command, &id);
            if let Err(e) = ctx.send(post::private(text)).await {
                tracing::error!(error_id = %id, error = %e, "could not apologise");
            }
        }
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            let text = "This command works in a server channel, where the game is. Here you can send me your orders as plain text.";
            if let Err(e) = ctx.send(post::private(text)).await {
                tracing::error!(error = %e, "could not answer a command used outside a server");
            }
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "error while handling an error");
            }
        }
    }
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    // A channel's or a role's permissions may have changed: try what is held back.
    if matches!(
        event,
        serenity::FullEvent::ChannelUpdate { .. }
            | serenity::FullEvent::GuildRoleUpdate { .. }
            | serenity::FullEvent::GuildRoleCreate { .. }
            | serenity::FullEvent::GuildMemberUpdate { .. }
    ) {
        let data = framework.user_data;
        // A change the bot could not make to a game's channel may go through now.
        data.channels.notify_one();
        if let Ok(Ok(n)) = data.call(|s| s.retry_held()).await {
            if n > 0 {
                data.deliver.notify_one();
            }
        }
    }
    if let serenity::FullEvent::InteractionCreate { interaction } = event {
        let (ctx, data) = (framework.serenity_context, framework.user_data);
        let done = match interaction {
            serenity::Interaction::Component(ci) => components::on_component(ctx, data, ci).await,
            serenity::Interaction::Modal(mi) => components::on_modal(ctx, data, mi).await,
            _ => Ok(()),
        };
        if let Err(e) = done {
            let id = error_id();
            tracing::error!(error_id = %id, error = %e, "handling a button, a menu or the order form failed");
        }
    }
    if let serenity::FullEvent::Message { new_message } = event {
        if let Err(e) = dm::on_message(framework.serenity_context, framework.user_data, new_message).await {
            let id = error_id();
            tracing::error!(error_id = %id, error = %e, "handling a direct message failed");
            let text = failure::apology(Progress::of(&e), Via::DirectMessage, &id);
            let apology = serenity::CreateMessage::new().content(text).allowed_mentions(post::quiet());
            if let Err(e) = new_message.channel_id.send_message(&framework.serenity_context.http, apology).await {
                tracing::error!(error_id = %id, error = %e, "could not apologise");
            }
        }
    }
    Ok(())
}

/// Runs the bot with `config` over `service` (built by `chessdip run`,
/// `src/cli/bot.rs`, on the configured database, with a [`TokioClock`]) until Ctrl-C (or SIGTERM).
///
/// # Errors
/// No token, Discord refused the connection.
pub async fn run(config: Config, service: Service) -> Result<(), Error> {
    serve(config, service, shutdown_signal()).await
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(t) => t,
            Err(_) => return std::future::pending::<()>().await,
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Runs the bot over `service` until `shutdown` completes. Every HTTP
/// request goes through the rate-limit gate (`gate`, [`limits`]) to
/// Discord, or to `config.proxy` when set (and so does the gateway URL).
///
/// # Errors
/// No token, Discord refused the connection, no loopback port for the gate.
pub async fn serve(config: Config, service: Service, shutdown: impl Future<Output = ()> + Send) -> Result<(), Error> {
    let token = config.bot_token()?.ok_or(crate::config::SETUP_HELP)?;
    let service = service.with_lobby(config.lobby_channel.map(|c| c.to_string()));
    let upstream = config.proxy.as_deref().unwrap_or(gate::DISCORD);
    let limiter = Arc::new(limits::Limiter::new(config.requests_per_second));
    let gate = gate::start(upstream, limiter.clone()).await?;
    // serenity's own limiter is off: it would bypass the gate, and the gate keeps the limits.
    // Its client carries the gate's secret: the gate serves nobody else.
    let http = serenity::HttpBuilder::new(&token)
        .client(gate.client()?)
        .proxy(gate.url.clone())
        .ratelimiter_disabled(true)
        .build();
    let served = run_client(config, service, http, limiter.clone(), shutdown).await;
    gate.task.abort();
    let refused = limiter.refusals();
    tracing::info!(
        global = refused.global,
        route = refused.route,
        "requests Discord refused for its rate limits (429) in this run"
    );
    served
}

async fn run_client(
    config: Config,
    service: Service,
    http: serenity::Http,
    limiter: Arc<limits::Limiter>,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), Error> {
    let data = Data {
        service,
        config: config.clone(),
        wake: Arc::new(Notify::new()),
        deliver: Arc::new(Notify::new()),
        think: Arc::new(Notify::new()),
        channels: Arc::new(Notify::new()),
        stopping: Arc::new(std::sync::atomic::AtomicBool::new(false)),
        delivery: Arc::new(std::sync::Mutex::new(None)),
        pending_dm: PendingDms::default(),
        limiter,
        dm_channels: types::DmChannels::default(),
    };
    let on_shutdown = data.clone();
    let guilds = config.guilds.clone();
    let options = poise::FrameworkOptions {
        commands: commands(),
        on_error: |e| Box::pin(on_error(e)),
        event_handler: |fw, event| Box::pin(on_event(fw, event)),
        initialize_owners: false,
        // Poise's default lets a reply ping every user it names and the one it answers: nobody is pinged
        // unless a message says so (announcements name the users they mean to ping).
        allowed_mentions: Some(post::quiet()),
        ..Default::default()
    };
    let framework = poise::Framework::builder()
        .options(options)
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
                let cmds = &framework.options().commands;
                if guilds.is_empty() {
                    poise::builtins::register_globally(ctx, cmds).await?;
                    tracing::info!("commands registered globally (they can take up to an hour to appear)");
                } else {
                    for &g in &guilds {
                        // Ids are non-zero: `GuildId::new(0)` would panic.
                        let Some(id) = std::num::NonZeroU64::new(g).map(serenity::GuildId::from) else {
                            tracing::warn!("guilds: 0 is not a Discord server id; skipped");
                            continue;
                        };
                        poise::builtins::register_in_guild(ctx, cmds, id).await?;
                    }
                    tracing::info!(guilds = ?guilds, "commands registered in the configured servers");
                }
                tokio::spawn(scheduler::run(Arc::new(data.clone())));
                // On start-up it takes the turns the bots still owe (a bot stopped mid-thought is asked again).
                tokio::spawn(bots::run(Arc::new(data.clone())));
                // On start-up it catches up on the players to let in and the channels to archive.
                tokio::spawn(channels::run(ctx.http.clone(), Arc::new(data.clone()), ready.user.id));
                // On start-up it delivers whatever an earlier run left pending.
                let task = tokio::spawn(delivery::run(ctx.http.clone(), Arc::new(data.clone())));
                *data.delivery.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(task);
                Ok(data)
            })
        })
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(http, intents()).framework(framework).await?;
    let shards = client.shard_manager.clone();
    tokio::select! {
        r = client.start_autosharded() => r?,
        () = shutdown => {
            tracing::info!("shutting down: finishing the delivery in flight");
            on_shutdown.stopping.store(true, std::sync::atomic::Ordering::SeqCst);
            on_shutdown.deliver.notify_one();
            let task = on_shutdown.delivery.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
            if let Some(task) = task {
                if tokio::time::timeout(std::time::Duration::from_secs(20), task).await.is_err() {
                    tracing::warn!("the delivery in flight did not finish within 20 s; what is left stays in the outbox");
                }
            }
            shards.shutdown_all().await;
        }
    }
    Ok(())
}
