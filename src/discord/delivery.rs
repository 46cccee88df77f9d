//! The delivery task: posts the outbox's announcements (`chessdip_game::story::outbox`)
//! in order per channel; marks an item delivered only once Discord confirmed
//! every part of it. A message is never posted twice, however long the bot
//! was down: each try is recorded before it is sent, and carries a nonce
//! derived from its outbox row with `enforce_nonce`, which makes Discord
//! answer a second try of the last few minutes with the first one's
//! message; a message whose earlier try may have been created and that the
//! nonce may no longer cover is looked for in the channel before it is sent
//! again (`super::lookup`). Every request waits its turn under Discord's rate
//! limits in the gate (`super::gate`, `super::limits`), which also waits
//! out a 429 and sends it again. Server errors, a rate limit that keeps
//! refusing and network errors are retried with a backoff capped at [`MAX_BACKOFF`]; a missing permission
//! keeps the item queued (logged once, retried when anything happens in the
//! channel, and every [`PERMISSION_RETRY`] otherwise); an item that has been
//! failing for three days while the bot ran is parked by the service
//! (`chessdip_game::story::parking`), which tells the game's creator, and the log says so.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::Nonce;

use super::ids;
use super::limits;
use super::lookup::{self, NONCE_TRUST};
use super::post::{self, Piece};
use super::types::Data;
use chessdip_game::story::outbox::Delivery;

/// The longest wait between two tries after a server or network error.
pub const MAX_BACKOFF: i64 = 15;
/// How often an item held back by a missing permission is tried again (besides channel events and commands).
pub const PERMISSION_RETRY: i64 = 600;
/// The longest the task sleeps without looking at the outbox.
const MAX_SLEEP: u64 = 60;

// The service takes a gap of more than `FAILURE_GAP` between two failed
// tries for downtime: every wait of the task between two tries is shorter.
const _: () = assert!(
    PERMISSION_RETRY + (MAX_SLEEP as i64) < chessdip_game::story::parking::FAILURE_GAP
        && MAX_BACKOFF < chessdip_game::story::parking::FAILURE_GAP
);
/// The longest an item of a round, drawn and ready, waits for older items
/// of the round still being drawn before it posts (a long animation or
/// timelapse does not hold the others up for longer).
const ORDER_WAIT: Duration = Duration::from_secs(2);

/// The turns of a round's items, oldest first: an item sends its first
/// message once the first message of every older item of the round has
/// reached the rate limiter (or that item failed, or had nothing to post),
/// or after [`ORDER_WAIT`]. The limiter lets waiting requests go in the
/// order they arrive: so results go out oldest first while the round's
/// images are drawn side by side.
struct RoundOrder {
    gone: std::sync::Mutex<Vec<bool>>,
    changed: tokio::sync::Notify,
}

impl RoundOrder {
    fn new(n: usize) -> RoundOrder {
        RoundOrder { gone: std::sync::Mutex::new(vec![false; n]), changed: tokio::sync::Notify::new() }
    }

    fn all_gone_before(&self, i: usize) -> bool {
        self.gone.lock().unwrap_or_else(std::sync::PoisonError::into_inner)[..i].iter().all(|g| *g)
    }

    /// Waits until every item before `i` has gone, at most [`ORDER_WAIT`].
    async fn wait(&self, i: usize) {
        let _ = tokio::time::timeout(ORDER_WAIT, async {
            loop {
                let changed = self.changed.notified();
                if self.all_gone_before(i) {
                    return;
                }
                changed.await;
            }
        })
        .await;
    }

    fn release(&self, i: usize) {
        if let Some(g) = self.gone.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get_mut(i) {
            *g = true;
        }
        self.changed.notify_waiters();
    }
}

/// Item `i`'s turn: it waits for the older items before its first
/// message, and lets the newer ones go once that message has reached the
/// rate limiter (or when it is dropped: the item failed or had nothing to post).
struct Turn<'a> {
    turns: &'a RoundOrder,
    i: usize,
    released: bool,
}

impl Turn<'_> {
    /// Waits for the older items (at most [`ORDER_WAIT`]).
    async fn wait(&self) {
        if !self.released {
            self.turns.wait(self.i).await;
        }
    }

    /// Lets the newer items go.
    fn release(&mut self) {
        if !self.released {
            self.released = true;
            self.turns.release(self.i);
        }
    }
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        self.release();
    }
}

/// The items this run of the bot has tried to send: a try of theirs whose
/// outcome is not known was made by this run (the others' by an earlier one).
type Tried = Mutex<HashSet<i64>>;

/// Why a delivery failed, as far as what to do next goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Worth trying again soon: a server error, a rate limit, the network.
    Transient(String),
    /// The bot lacks a permission in the channel (403): wait for it to come back.
    Permission(String),
    /// The channel or user is gone (404), or the id is not Discord's.
    Gone(String),
    /// A direct message its user does not take (403 with Discord's code
    /// [`CANNOT_DM`]: they do not accept direct messages from the bot), or
    /// to an id that is no Discord user's: done, never tried again.
    CannotDm(String),
}

/// Discord's error code for a direct message its user does not accept
/// ("Cannot send messages to this user").
pub const CANNOT_DM: isize = 50007;

/// Whether Discord answered `e` with a refusal (4xx): the message was not created.
fn refused(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) if r.status_code.is_client_error())
}

impl Failure {
    /// Classifies a serenity error.
    #[must_use]
    pub fn of(e: &serenity::Error) -> Failure {
        match e {
            serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => match r.status_code.as_u16() {
                403 if r.error.code == CANNOT_DM => {
                    Failure::CannotDm(format!("{} (Discord code {})", r.error.message, r.error.code))
                }
                403 => Failure::Permission(format!("{} (Discord code {})", r.error.message, r.error.code)),
                404 => Failure::Gone(format!("{} (Discord code {})", r.error.message, r.error.code)),
                _ => Failure::Transient(e.to_string()),
            },
            _ => Failure::Transient(e.to_string()),
        }
    }
}

/// The nonce of part `part` of outbox item `id`: at most 25 characters,
/// the same on every try, different for every message. Besides the row id
/// it carries the item's random `token` (or, for items queued before
/// tokens, its creation time `created`), so that another database handing
/// out the same row ids (a restored backup, a second instance on the same
/// bot token) never repeats a nonce Discord still remembers: Discord would
/// return the old message instead of posting.
#[must_use]
pub fn nonce_text(id: i64, token: &str, created: i64, part: usize) -> String {
    let salt = if token.is_empty() || token.len() > 6 { base36(created) } else { token.to_string() };
    format!("{}.{salt}.{part}", base36(id))
}

fn base36(n: i64) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut n = n.unsigned_abs();
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

fn nonce(d: &Delivery, part: usize) -> Nonce {
    Nonce::String(nonce_text(d.item.id, &d.item.token, d.item.created_at, part))
}

/// When to try again after `attempts` failed tries of a transient kind:
/// 1, 2, 4, 8 seconds..., at most [`MAX_BACKOFF`].
#[must_use]
pub fn backoff(attempts: i64) -> i64 {
    1i64.checked_shl(u32::try_from(attempts.clamp(0, 10)).unwrap_or(10)).unwrap_or(MAX_BACKOFF).min(MAX_BACKOFF)
}

/// Runs until the task is dropped: delivers what is due, sleeps until the
/// next retry or until woken (`Data::deliver`).
pub async fn run(http: Arc<serenity::Http>, data: Arc<Data>) {
    let tried = Tried::default();
    loop {
        if data.stopping.load(std::sync::atomic::Ordering::SeqCst) {
            return;
        }
        if round(&http, &data, &tried).await > 0 {
            // A channel due for archiving waits for its announcements: the last may have gone out.
            data.channels.notify_one();
            continue; // more may be queued behind what went out
        }
        let next = data.call(|s| s.outbox_next_attempt()).await.ok().and_then(Result::ok).flatten();
        let now = data.service.now();
        let wait = next.map_or(MAX_SLEEP, |t| u64::try_from(t - now).unwrap_or(0)).clamp(1, MAX_SLEEP);
        tokio::select! {
            () = tokio::time::sleep(Duration::from_secs(wait)) => {}
            () = data.deliver.notified() => {}
        }
    }
}

/// Delivers the head item of every channel whose turn has come; how many went out.
async fn round(http: &serenity::Http, data: &Data, tried: &Tried) -> usize {
    let heads = match data.call(|s| s.outbox_heads(32)).await {
        Ok(Ok(h)) => h,
        Ok(Err(e)) => {
            tracing::error!(error = %e, "the delivery task could not read the outbox");
            return 0;
        }
        Err(e) => {
            tracing::error!(error = %e, "the delivery task's database call failed");
            return 0;
        }
    };
    // On shutdown, the items in flight are finished and nothing new is started.
    if data.stopping.load(std::sync::atomic::Ordering::SeqCst) {
        return 0;
    }
    // Each head is a different channel's next item, oldest first: they go out
    // side by side, so one channel's long upload or animation does not hold up
    // another's, and each channel's items still go out in order. The gate paces
    // them: its global limit takes waiting requests in turn, and each channel's
    // bucket follows Discord's headers.
    let turns = RoundOrder::new(heads.len());
    let turns = &turns;
    let sent = serenity::futures::future::join_all(heads.iter().enumerate().map(|(i, d)| async move {
        let outcome = send(http, data, d, tried, Turn { turns, i, released: false }).await;
        if outcome.is_ok() {
            // Recorded as soon as it is confirmed, not when the slowest channel is done.
            let id = d.item.id;
            if let Ok(Err(e)) = data.call(move |s| s.delivered(id)).await {
                tracing::error!(outbox = id, error = %e, "delivered, but could not record it");
            }
            tried.lock().unwrap_or_else(PoisonError::into_inner).remove(&id);
        }
        outcome
    }))
    .await;
    let mut delivered = 0;
    for (d, outcome) in heads.iter().zip(sent) {
        match outcome {
            Ok(()) => delivered += 1,
            Err(f) => failed(data, d, f).await,
        }
    }
    delivered
}

/// Sends every part of an item not yet confirmed, recording each try
/// before it goes out and each part as it is confirmed. A part that an
/// earlier try may have created is first looked for in the channel, unless
/// that try was this run's and recent enough for its nonce to catch a
/// second post.
async fn send(
    http: &serenity::Http,
    data: &Data,
    d: &Delivery,
    tried: &Tried,
    mut turn: Turn<'_>,
) -> Result<(), Failure> {
    let id = d.item.id;
    if d.item.edits.is_some() {
        return edit(http, d).await;
    }
    let pieces = post::pieces(&d.reply).await.map_err(|e| Failure::Transient(e.to_string()))?;
    let last = pieces.len().saturating_sub(1);
    let target = match &d.item.user {
        Some(user) => {
            let Some(user) = ids::user(user) else {
                return Err(Failure::CannotDm(format!("`{user}` is not a Discord user id")));
            };
            // Created once per user and run: a storm of direct messages costs one request each, not two.
            let create = || async move { user.create_dm_channel(http).await.map(|c| c.id) };
            data.dm_channels.get_or_create(user, create).await.map_err(|e| Failure::of(&e))?
        }
        None => ids::channel(&d.item.channel)
            .ok_or_else(|| Failure::Gone(format!("`{}` is not a Discord channel id", d.item.channel)))?,
    };
    let done = usize::try_from(d.item.parts_done).unwrap_or(0);
    // The tries of the first part to send whose outcome is not known, if any.
    let mut unsure = d.item.sent_since.zip(d.item.sent_last);
    for (part, piece) in pieces.into_iter().enumerate().skip(done) {
        let parts = i64::try_from(part + 1).unwrap_or(i64::MAX);
        if let Some(tries) = unsure {
            let ours = tried.lock().unwrap_or_else(PoisonError::into_inner).contains(&id);
            if !ours || data.service.now() - tries.0 >= NONCE_TRUST {
                let found = lookup::find(http, target, &piece, tries, super::gate::REQUEST_TIMEOUT.as_secs() as i64)
                    .await
                    .map_err(|e| Failure::of(&e))?;
                if let Some(message) = found.message {
                    if part == last {
                        let m = message.to_string();
                        let _ = data.call(move |s| s.posted_as(id, &m)).await;
                    }
                    tracing::info!(outbox = id, part, message = %message, requests = found.requests, "an earlier try was posted: found in the channel, not sent again");
                    data.call(move |s| s.delivered_parts(id, parts))
                        .await
                        .ok()
                        .and_then(Result::ok)
                        .ok_or_else(|| Failure::Transient("found in the channel, but could not record it".into()))?;
                    unsure = None;
                    turn.release();
                    continue;
                }
                tracing::info!(
                    outbox = id,
                    part,
                    requests = found.requests,
                    "an earlier try was not posted: sending it"
                );
                data.call(move |s| s.not_sent(id))
                    .await
                    .ok()
                    .and_then(Result::ok)
                    .ok_or_else(|| Failure::Transient("could not record that an earlier try was not posted".into()))?;
                unsure = None;
            }
        }
        // The try is recorded before it goes out: if the bot stops before the
        // answer comes back, the next run knows Discord may have created it.
        tried.lock().unwrap_or_else(PoisonError::into_inner).insert(id);
        data.call(move |s| s.trying(id))
            .await
            .ok()
            .and_then(Result::ok)
            .ok_or_else(|| Failure::Transient("could not record the try before sending it".into()))?;
        let mut msg = piece.message(&d.reply.mentions).nonce(nonce(d, part)).enforce_nonce(true);
        if part == last && !d.reply.components.is_empty() {
            msg = msg.components(super::components::rows(&d.reply.components));
        }
        let sending = async move {
            match piece {
                Piece::Files { files, .. } => target.send_files(http, files, msg).await,
                Piece::Text(_) => target.send_message(http, msg).await,
            }
        };
        let sent = if turn.released {
            sending.await
        } else {
            // The first message: after the older items' first ones; the newer
            // items go once it has taken its place in the limiter's queue.
            turn.wait().await;
            let route = limits::route("POST", &format!("/channels/{target}/messages"));
            let seen = data.limiter.arrivals(&route);
            tokio::pin!(sending);
            let sent = tokio::select! {
                biased;
                sent = &mut sending => sent,
                () = data.limiter.arrived_after(&route, seen) => {
                    turn.release();
                    (&mut sending).await
                }
            };
            turn.release();
            sent
        };
        let sent = match sent {
            Ok(m) => m,
            Err(e) => {
                // Refused outright, and no earlier try in doubt: nothing of this part is in the channel.
                if refused(&e) && unsure.is_none() {
                    let _ = data.call(move |s| s.not_sent(id)).await;
                }
                return Err(Failure::of(&e));
            }
        };
        if part == last {
            // What an edit of this item (a forming game's advert) rewrites.
            let m = sent.id.get().to_string();
            if let Ok(Err(e)) = data.call(move |s| s.posted_as(id, &m)).await {
                tracing::warn!(outbox = id, error = %e, "could not record the message an announcement was posted as");
            }
        }
        unsure = None;
        if let Ok(Err(e)) = data.call(move |s| s.delivered_parts(id, parts)).await {
            tracing::warn!(outbox = id, error = %e, "could not record a delivered part");
        }
    }
    Ok(())
}

/// Rewrites the message of the item an edit names (its text and
/// components). An item never posted, or a message deleted since, leaves
/// nothing to edit: the edit is done.
async fn edit(http: &serenity::Http, d: &Delivery) -> Result<(), Failure> {
    let Some(message) = d.edit.as_deref().and_then(|m| m.parse::<u64>().ok()).filter(|m| *m != 0) else {
        tracing::info!(outbox = d.item.id, "the message to edit was never posted: nothing to edit");
        return Ok(());
    };
    let channel = ids::channel(&d.item.channel)
        .ok_or_else(|| Failure::Gone(format!("`{}` is not a Discord channel id", d.item.channel)))?;
    let text = post::split(&post::text_of(&d.reply), 2000).into_iter().next().unwrap_or_default();
    let change = serenity::EditMessage::new()
        .content(text)
        .components(super::components::rows(&d.reply.components))
        .allowed_mentions(post::quiet());
    match channel.edit_message(http, serenity::MessageId::new(message), change).await {
        Ok(_) => Ok(()),
        Err(e) if matches!(Failure::of(&e), Failure::Gone(_)) => {
            tracing::info!(outbox = d.item.id, "the message to edit is gone: nothing to edit");
            Ok(())
        }
        Err(e) => Err(Failure::of(&e)),
    }
}

/// A direct message its user does not take: the item is done (not tried
/// again, not parked), the user recorded; the log says so at the first
/// such refusal of this user only. Nothing else changes: they are still
/// sent the next ones, and pinged in the channel by its reminders.
async fn cannot_dm(data: &Data, d: &Delivery, user: &str, error: &str) {
    let id = d.item.id;
    let (who, why) = (user.to_string(), error.to_string());
    match data.call(move |s| s.dm_refused(id, &who, &why)).await {
        Ok(Ok(true)) if ids::user(user).is_none() => tracing::warn!(
            user = %user,
            outbox = id,
            "a direct message to an id that is no Discord user's (a console game's player?) is dropped (logged once per user)"
        ),
        Ok(Ok(true)) => tracing::warn!(
            user = %user,
            outbox = id,
            error = %error,
            "a user does not accept direct messages from the bot: the message is dropped, as are the next ones they refuse (logged once per user)"
        ),
        Ok(Ok(false)) => tracing::debug!(user = %user, outbox = id, "a direct message refused again: dropped"),
        Ok(Err(e)) => tracing::error!(outbox = id, error = %e, "could not record a refused direct message"),
        Err(e) => tracing::error!(outbox = id, error = %e, "the delivery task's database call failed"),
    }
}

/// Records a failed delivery: when to try again. The service parks an item
/// that has been failing for days while the bot ran.
async fn failed(data: &Data, d: &Delivery, f: Failure) {
    let id = d.item.id;
    let now = data.service.now();
    let (error, retry_at) = match &f {
        Failure::Transient(e) => (e.clone(), now + backoff(d.item.attempts)),
        Failure::Permission(e) => (format!("missing permission: {e}"), now + PERMISSION_RETRY),
        Failure::Gone(e) => (e.clone(), now + PERMISSION_RETRY),
        Failure::CannotDm(e) => match &d.item.user {
            Some(user) => return cannot_dm(data, d, user, e).await,
            // Only a direct message is refused so.
            None => (e.clone(), now + PERMISSION_RETRY),
        },
    };
    let logged = error.clone();
    let channel = &d.item.channel;
    match data.call(move |s| s.delivery_failed(id, &error, retry_at)).await {
        Ok(Ok(true)) => {
            tracing::error!(outbox = id, channel = %channel, error = %logged, "parked: this announcement failed for three days of trying and is no longer tried; the game's creator is told (`game outbox retry` queues it again)");
        }
        Ok(Ok(false)) => match &f {
            Failure::Transient(_) => {
                tracing::info!(outbox = id, channel = %channel, error = %logged, "delivery failed; retrying");
            }
            Failure::Permission(e)
                if !d.item.last_error.as_deref().is_some_and(|l| l.starts_with("missing permission")) =>
            {
                tracing::warn!(outbox = id, channel = %channel, error = %e, "missing permission: the announcement stays queued until it is given");
            }
            _ => {}
        },
        Ok(Err(e)) => tracing::error!(outbox = id, error = %e, "could not record a failed delivery"),
        Err(e) => tracing::error!(outbox = id, error = %e, "the delivery task's database call failed"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn an_item_waits_for_the_older_items_of_its_round_but_not_for_long() {
        let turns = RoundOrder::new(3);
        let start = tokio::time::Instant::now();
        // Item 2 is ready first; item 1 goes (item 0 has nothing to post) after 300 ms.
        let third = async {
            let t = Turn { turns: &turns, i: 2, released: false };
            t.wait().await;
            tokio::time::Instant::now() - start
        };
        let others = async {
            drop(Turn { turns: &turns, i: 0, released: false });
            tokio::time::sleep(Duration::from_millis(300)).await;
            let mut t = Turn { turns: &turns, i: 1, released: false };
            t.wait().await;
            t.release();
        };
        let (waited, ()) = tokio::join!(third, others);
        assert_eq!(waited, Duration::from_millis(300), "item 2 went right after item 1");

        // An older item still drawing holds the next one for ORDER_WAIT at most.
        let turns = RoundOrder::new(2);
        let start = tokio::time::Instant::now();
        Turn { turns: &turns, i: 1, released: false }.wait().await;
        assert_eq!(tokio::time::Instant::now() - start, ORDER_WAIT);
        // The first item is never held.
        let start = tokio::time::Instant::now();
        Turn { turns: &turns, i: 0, released: false }.wait().await;
        assert_eq!(tokio::time::Instant::now() - start, Duration::ZERO);
    }

    #[test]
    fn backoff_doubles_and_is_capped() {
        assert_eq!((0..6).map(backoff).collect::<Vec<_>>(), vec![1, 2, 4, 8, 15, 15]);
        assert_eq!(backoff(1_000), MAX_BACKOFF);
    }

    #[test]
    fn nonces_fit_discords_limit_and_differ_by_part() {
        let n = nonce_text(i64::MAX, "ffffff", 4_102_444_800, 99);
        assert!(n.len() <= 25, "{n}");
        let n = nonce_text(i64::MAX, "", 4_102_444_800, 99);
        assert!(n.len() <= 25, "{n}");
        let t = "a1b2c3";
        assert_eq!(nonce_text(7, t, 1_795_000_000, 0), nonce_text(7, t, 1_795_000_000, 0), "the same on every try");
        assert_ne!(nonce_text(7, t, 1_795_000_000, 0), nonce_text(7, t, 1_795_000_000, 1));
        assert_ne!(nonce_text(7, t, 1_795_000_000, 0), nonce_text(8, t, 1_795_000_000, 0));
        assert_ne!(
            nonce_text(7, t, 1_795_000_000, 0),
            nonce_text(7, "0f9e8d", 1_795_000_000, 0),
            "another database's row 7 of the same second differs"
        );
        assert_ne!(
            nonce_text(7, "", 1_795_000_000, 0),
            nonce_text(7, "", 1_795_000_001, 0),
            "items queued before tokens differ by time"
        );
        assert_eq!(base36(35), "z");
        assert_eq!(base36(36), "10");
    }
}
