//! The bot's shared data, error and context types.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use poise::serenity_prelude as serenity;
use tokio::sync::Notify;

use chessdip_game::Service;

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
    /// Wakes the bots' task when a phase may have opened (`super::bots`).
    pub think: Arc<Notify>,
    /// Wakes the task that looks after the channels the bot made for games
    /// (`super::channels`) when seats or games may have changed.
    pub channels: Arc<Notify>,
    /// Set on shutdown: the delivery task finishes the item in flight and stops.
    pub stopping: Arc<std::sync::atomic::AtomicBool>,
    /// The delivery task, awaited on shutdown.
    pub delivery: Arc<std::sync::Mutex<Option<tokio::task::JoinHandle<()>>>>,
    /// Direct messages that named no game, waiting for the player to say which.
    pub pending_dm: PendingDms,
    /// Discord's rate limits, kept by the gate every request goes through.
    pub limiter: Arc<super::limits::Limiter>,
}

/// Direct messages that named no game, kept until their sender says which
/// game they are for: user -> text.
///
/// The map is behind a plain (not async) mutex that only these methods
/// lock, each for one map operation: no guard ever leaves them, so none can
/// be held across an `.await` on Discord or the service, and one user's
/// slow message never holds up another's.
#[derive(Debug, Clone, Default)]
pub struct PendingDms(Arc<Mutex<HashMap<serenity::UserId, String>>>);

impl PendingDms {
    /// Keeps `text` for `user`, replacing what was kept for them.
    pub fn keep(&self, user: serenity::UserId, text: String) {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).insert(user, text);
    }

    /// Takes what was kept for `user`, if anything.
    #[must_use]
    pub fn take(&self, user: serenity::UserId) -> Option<String> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).remove(&user)
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_message_is_taken_once_by_its_sender_only() {
        let pending = PendingDms::default();
        let (alice, bob) = (serenity::UserId::new(1), serenity::UserId::new(2));
        pending.keep(alice, "K e1 - e2".into());
        pending.keep(alice, "K e1 - d2".into());
        assert_eq!(pending.take(bob), None);
        let shared = pending.clone();
        assert_eq!(shared.take(alice).as_deref(), Some("K e1 - d2"), "the latest message, through any clone");
        assert_eq!(pending.take(alice), None);
    }
}
