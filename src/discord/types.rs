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
    /// Each user's DM channel, once created.
    pub dm_channels: DmChannels,
}

/// The DM channel of each user the bot has sent a direct message to in
/// this run: creating it (`POST /users/@me/channels`) is one request, so a
/// storm of phase openings costs one per user, not one per message. Each
/// user's is created once even when several of their messages go out at
/// the same moment (the others wait for it); one that could not be created
/// is tried again with the next message. One entry per user the bot wrote
/// to: at most its players.
#[derive(Debug, Clone, Default)]
pub struct DmChannels(DmChannelMap);

type DmChannelMap = Arc<Mutex<HashMap<serenity::UserId, Arc<tokio::sync::OnceCell<serenity::ChannelId>>>>>;

impl DmChannels {
    /// `user`'s DM channel, created (by `create`) only if this run has not
    /// created it yet.
    ///
    /// # Errors
    /// `create`'s error.
    pub async fn get_or_create<F, Fut, E>(&self, user: serenity::UserId, create: F) -> Result<serenity::ChannelId, E>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Result<serenity::ChannelId, E>>,
    {
        let cell = self.0.lock().unwrap_or_else(PoisonError::into_inner).entry(user).or_default().clone();
        cell.get_or_try_init(create).await.copied()
    }

    /// How many users' DM channels are known.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).values().filter(|c| c.initialized()).count()
    }

    /// Whether none is known.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
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

    #[tokio::test]
    async fn a_users_dm_channel_is_created_once_and_again_only_after_a_failure() {
        let channels = DmChannels::default();
        let alice = serenity::UserId::new(1);
        let created = std::sync::atomic::AtomicUsize::new(0);
        let create = |ok: bool| {
            let created = &created;
            move || async move {
                created.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                if ok {
                    Ok(serenity::ChannelId::new(99))
                } else {
                    Err("refused")
                }
            }
        };
        assert_eq!(channels.get_or_create(alice, create(false)).await, Err("refused"));
        assert!(channels.is_empty());
        let (a, b) =
            tokio::join!(channels.get_or_create(alice, create(true)), channels.get_or_create(alice, create(true)));
        assert_eq!((a, b), (Ok(serenity::ChannelId::new(99)), Ok(serenity::ChannelId::new(99))));
        assert_eq!(channels.get_or_create(alice, create(true)).await, Ok(serenity::ChannelId::new(99)));
        assert_eq!(created.load(std::sync::atomic::Ordering::SeqCst), 2, "one failed try, then one creation");
        assert_eq!(channels.len(), 1);
    }
}
