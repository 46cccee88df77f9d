//! The deadline scheduler: sleeps until the next deadline or reminder in the
//! store (woken early when a command may have moved one), resolves the due
//! phases through the service and posts the results in their channels. On
//! start-up its first round catches up on everything that fell due while the
//! bot was down.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{CreateAllowedMentions, CreateMessage, UserId};

use super::types::Data;
use super::{ids, post};
use crate::game::{Reminder, Reply, Visibility};

/// The longest the scheduler sleeps without looking at the store again.
const MAX_SLEEP: u64 = 3600;

/// Runs forever (until the task is dropped).
pub async fn run(http: Arc<serenity::Http>, data: Arc<Data>) {
    let ahead = i64::from(data.config.reminder_hours) * 3600;
    loop {
        round(&http, &data, ahead).await;
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
async fn round(http: &serenity::Http, data: &Data, ahead: i64) {
    match data.call(|s| s.tick()).await {
        Ok(Ok(results)) => {
            for (channel, reply) in results {
                deliver(http, &channel, &reply).await;
            }
        }
        Ok(Err(e)) => tracing::error!(error = %e, "resolving due phases failed"),
        Err(e) => tracing::error!(error = %e, "the scheduler's database task failed"),
    }
    match data.call(move |s| s.due_reminders(ahead)).await {
        Ok(Ok(reminders)) => {
            for r in reminders {
                remind(http, &r).await;
            }
        }
        Ok(Err(e)) => tracing::error!(error = %e, "reading reminders failed"),
        Err(e) => tracing::error!(error = %e, "the scheduler's database task failed"),
    }
}

async fn deliver(http: &serenity::Http, channel: &str, reply: &Reply) {
    let sent = match (reply.visibility, &reply.to) {
        (Visibility::Private, Some(user)) => match ids::user_for(user, "a private result") {
            Some(id) => post::to_user(http, id, reply).await,
            None => Ok(()),
        },
        (Visibility::Private, None) => Ok(()),
        (Visibility::Public, _) => match ids::channel_for(channel, "a public result") {
            Some(id) => post::to_channel(http, id, reply).await,
            None => Ok(()),
        },
    };
    if let Err(e) = sent {
        tracing::error!(channel = %channel, error = %e, "posting a result failed");
    }
}

/// The reminder's text: the phase, the deadline, and a mention of each player still missing orders.
#[must_use]
pub fn reminder_text(r: &Reminder) -> String {
    let who: Vec<String> = r.missing.iter().map(|(power, user)| format!("<@{user}> ({power})")).collect();
    format!("Reminder: {} is due <t:{}:R>. Still no orders from {}.", r.phase, r.deadline, who.join(", "))
}

async fn remind(http: &serenity::Http, r: &Reminder) {
    let Some(channel) = ids::channel_for(&r.channel, "a reminder") else { return };
    let users: Vec<UserId> = r.missing.iter().filter_map(|(_, u)| ids::user_for(u, "a reminder's mention")).collect();
    let msg =
        CreateMessage::new().content(reminder_text(r)).allowed_mentions(CreateAllowedMentions::new().users(users));
    if let Err(e) = channel.send_message(http, msg).await {
        tracing::error!(channel = %r.channel, error = %e, "posting a reminder failed");
    }
}
