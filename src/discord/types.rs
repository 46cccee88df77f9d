//! The bot's shared data, error and context types.

use std::collections::HashMap;
use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tokio::sync::{Mutex, Notify};

use crate::game::Service;

/// What every handler can reach.
#[derive(Debug, Clone)]
pub struct Data {
    /// The game master.
    pub service: Service,
    /// Settings from `config.toml`.
    pub config: crate::config::Config,
    /// Wakes the scheduler when deadlines may have changed.
    pub wake: Arc<Notify>,
    /// Wakes the delivery task when announcements were written to the outbox.
    pub deliver: Arc<Notify>,
    /// Set on shutdown: the delivery task finishes the item in flight and stops.
    pub stopping: Arc<std::sync::atomic::AtomicBool>,
    /// The delivery task, awaited on shutdown.
    pub delivery: Arc<std::sync::Mutex<Option<tokio::task::JoinHandle<()>>>>,
    /// A direct message that named no game, waiting for the player to say which: user -> text.
    pub pending_dm: Arc<Mutex<HashMap<serenity::UserId, String>>>,
}

/// Errors that reach poise's error handler: unexpected ones (Discord, the
/// database). Players' mistakes never get here; they are answered directly.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// The command context.
pub type Context<'a> = poise::Context<'a, Data, Error>;

impl Data {
    /// Runs `f` on the service on a blocking thread, so database work never blocks the runtime.
    ///
    /// # Errors
    /// If the blocking task panicked or was cancelled.
    pub async fn call<T: Send + 'static>(&self, f: impl FnOnce(&Service) -> T + Send + 'static) -> Result<T, Error> {
        let service = self.service.clone();
        Ok(tokio::task::spawn_blocking(move || f(&service)).await?)
    }
}
