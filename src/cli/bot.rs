//! `chessdip run` and `chessdip discord commands`: the Discord bot and its
//! command tree (refused without the `discord` feature).

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;

#[cfg(feature = "discord")]
use super::database::load_config;

/// Runs the Discord bot with the configuration at `config_path`.
#[cfg(feature = "discord")]
pub fn run_bot(config_path: &Path) -> Result<ExitCode> {
    let config = load_config(config_path)?;
    if config.bot_token()?.is_none() {
        tell!("{}", chessdip::config::SETUP_HELP);
        return Ok(ExitCode::from(2));
    }
    // The blocking threads run the service's calls (one at a time at the
    // store) and the drawings (a core at a time): a few more than the cores
    // serve both. An unbounded pool (tokio's default allows 512) grows a
    // thread, and a memory arena of the allocator, for every call waiting
    // at the store in a storm of results, and the arenas keep what the
    // drawings freed.
    let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().max_blocking_threads(cores * 2 + 2).build()?;
    let store = chessdip_game::store::Store::open(&config.database).map_err(|e| anyhow::anyhow!("{e}"))?;
    runtime
        .block_on(async {
            let service = chessdip_game::Service::new(store, std::sync::Arc::new(chessdip::discord::TokioClock::new()));
            chessdip::discord::run(config, service).await
        })
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(ExitCode::SUCCESS)
}

/// Refuses: the bot needs the `discord` feature.
#[cfg(not(feature = "discord"))]
pub fn run_bot(_config_path: &Path) -> Result<ExitCode> {
    anyhow::bail!("this chessdip was built without the `discord` feature: build it with `cargo build --release` (the feature is on by default)")
}

/// Prints the slash commands (as a tree, or as JSON) and fails if Discord would refuse them.
#[cfg(feature = "discord")]
pub fn discord_commands(json: bool) -> Result<ExitCode> {
    let payload = chessdip::discord::registration()?;
    let problems = chessdip::discord::registration_problems(&payload);
    if json {
        say!("{}", serde_json::to_string_pretty(&payload)?);
    } else {
        for c in payload.as_array().into_iter().flatten() {
            say!("/{} - {}", c["name"].as_str().unwrap_or(""), c["description"].as_str().unwrap_or(""));
            for o in c["options"].as_array().into_iter().flatten() {
                let sub = matches!(o["type"].as_u64(), Some(1 | 2));
                let req = if o["required"].as_bool().unwrap_or(false) { "" } else { " (optional)" };
                let name = o["name"].as_str().unwrap_or("");
                if sub {
                    say!("    {name} - {}", o["description"].as_str().unwrap_or(""));
                } else {
                    say!("    {name}{req}: {}", o["description"].as_str().unwrap_or(""));
                }
            }
        }
    }
    if problems.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        for p in problems {
            tell!("invalid for Discord: {p}");
        }
        Ok(ExitCode::FAILURE)
    }
}

/// Refuses: the command tree needs the `discord` feature.
#[cfg(not(feature = "discord"))]
pub fn discord_commands(_json: bool) -> Result<ExitCode> {
    anyhow::bail!("this chessdip was built without the `discord` feature")
}
