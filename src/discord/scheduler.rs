//! The deadline scheduler: sleeps until the next deadline or reminder in the
//! store (woken early when a command may have moved one), resolves the due
//! phases through the service and claims the due reminders; what that
//! announces is in the outbox, and the delivery task (`super::delivery`)
//! posts it. On start-up its first round catches up on everything that fell
//! due while the bot was down.

use std::sync::Arc;
use std::time::Duration;

use super::types::Data;

/// The longest the scheduler sleeps without looking at the store again.
const MAX_SLEEP: u64 = 3600;

/// Runs forever (until the task is dropped).
pub async fn run(data: Arc<Data>) {
    let ahead = i64::from(data.config.reminder_hours) * 3600;
    loop {
        round(&data, ahead).await;
        let next = match data.call(move |s| s.next_wake(ahead)).await {
            Ok(Ok(n)) => n,
            Ok(Err(e)) => {
                tracing::error!(error = %e, "the scheduler could not read the deadlines");
                None
            }
            Err(e) => {
                tracing::error!(error = %e, "the scheduler's database task failed");
                None
            }
        };
        let now = data.service.now();
        let wait = next.map_or(MAX_SLEEP, |t| u64::try_from(t - now).unwrap_or(0)).min(MAX_SLEEP);
        // A due phase that could not be resolved must not make this loop spin.
        let wait = Duration::from_secs(wait.max(1));
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = data.wake.notified() => {}
        }
    }
}

/// One round: resolve what is due, send the reminders that are due.
async fn round(data: &Data, ahead: i64) {
    match data.call(|s| s.tick()).await {
        // What the tick announced is in the outbox: the delivery task posts it.
        Ok(Ok(results)) => {
            if !results.is_empty() {
                data.deliver.notify_one();
                // A phase (or a window of one) opened: the bots seated in it play their turns.
                data.think.notify_one();
                // A game may have ended: its channel's archiving is due from now on.
                data.channels.notify_one();
            }
        }
        Ok(Err(e)) => tracing::error!(error = %e, "resolving due phases failed"),
        Err(e) => tracing::error!(error = %e, "the scheduler's database task failed"),
    }
    match data.call(move |s| s.due_reminders(ahead)).await {
        // The reminders are in the outbox: the delivery task posts them.
        Ok(Ok(reminders)) => {
            if !reminders.is_empty() {
                data.deliver.notify_one();
            }
        }
        Ok(Err(e)) => tracing::error!(error = %e, "reading reminders failed"),
        Err(e) => tracing::error!(error = %e, "the scheduler's database task failed"),
    }
}
