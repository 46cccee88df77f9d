//! Discord's rate limits kept on the bot's side, for every REST request
//! the bot sends (see `super::gate`, which puts every request through
//! [`Limiter::send`]).
//!
//! - **Global**: at most the pace's requests in any one second (a sliding
//!   window, counted from when each answer came back, so that the network's
//!   delays cannot bunch requests up), and never two sooner than a second
//!   divided by the pace apart, besides interaction answers
//!   (`/interactions/...`), which Discord does not count against the global
//!   limit and which the pace never holds back. The pace is [`Limiter::new`]'s
//!   `per_second`, or less for a while after a global 429 (below).
//! - **Per route**: a bucket per method, route and top-level resource
//!   (channel, guild, webhook, interaction), as Discord keys its limits. Its
//!   limit, remaining count and reset are read from the `X-RateLimit-*`
//!   headers of each answer; a request waits while its bucket has none left.
//!   One request per bucket is in flight at a time, so the remaining count
//!   read from an answer is never stale.
//! - **Refused (429)**: the answer's `retry_after` (the JSON body's, else
//!   the `Retry-After` header's) is waited out by every request when the
//!   refusal is global (`"global": true`, `X-RateLimit-Global` or scope
//!   `global`), else by that bucket's requests, and the request is tried
//!   again, up to [`RETRIES`] times before the refusal is handed to the caller.
//! - **A pace that learns**: Discord's global limit may be lower than
//!   `per_second` (another process sharing the token without a shared
//!   proxy). So a global 429 of a counted request lowers the pace to 0.8 of
//!   the counted requests Discord let through in the last second (at least
//!   1; never raised by a refusal). The lowered pace holds until [`HOLD`]
//!   after the refusal's `retry_after` is over (a later global 429 starts
//!   the hold again), then climbs by one request a second every
//!   [`CLIMB_EVERY`], up to `per_second`. Requests being spread over the
//!   second, a limit lower than the pace is overshot by about one request
//!   before the pace comes down, not by a burst. A 429 of a route leaves the
//!   pace as it is. The log warns when the pace is lowered, and says when
//!   it is back at `per_second`.
//! - **Invalid requests**: Discord bans a bot for a while that gets 10,000
//!   answers 401, 403 or 429 in ten minutes; the log warns at every
//!   thousand.

use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use reqwest::header::HeaderMap;
use tokio::time::{sleep_until, Instant};

/// The window the global limit counts in.
pub const WINDOW: Duration = Duration::from_secs(1);
/// How many times a refused (429) request is tried again before the
/// refusal reaches the caller.
pub const RETRIES: u32 = 3;
/// The wait after a 429 that says nothing of how long to wait.
const DEFAULT_RETRY: Duration = Duration::from_secs(1);
/// The window Discord counts invalid requests in.
const INVALID_WINDOW: Duration = Duration::from_secs(600);
/// The invalid requests in `INVALID_WINDOW` that bring a temporary ban.
pub const INVALID_LIMIT: usize = 10_000;
/// After a global 429 the pace is lowered to this share (a fraction: 4/5)
/// of the counted requests Discord let through in the last [`WINDOW`].
const LOWER_TO: (usize, usize) = (4, 5);
/// How long a lowered pace holds after the last global 429's `retry_after`
/// is over, before it climbs.
pub const HOLD: Duration = Duration::from_secs(10);
/// A lowered pace then climbs by one request a second this often, up to the
/// configured rate.
pub const CLIMB_EVERY: Duration = Duration::from_secs(2);

/// An answer as the limiter sees it: its status, headers and body.
#[derive(Debug, Clone, Default)]
pub struct Answer {
    /// The HTTP status.
    pub status: u16,
    /// The headers.
    pub headers: HeaderMap,
    /// The body.
    pub body: Vec<u8>,
}

/// What an answer says of the limits.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Limits {
    /// `X-RateLimit-Limit`: requests per reset period.
    pub limit: Option<u32>,
    /// `X-RateLimit-Remaining`: requests left before the reset.
    pub remaining: Option<u32>,
    /// `X-RateLimit-Reset-After` (or `X-RateLimit-Reset`, an epoch time, made relative).
    pub reset_after: Option<Duration>,
    /// `X-RateLimit-Bucket`: Discord's name of the bucket.
    pub bucket: Option<String>,
    /// On a 429: how long to wait (`retry_after` of the body, else `Retry-After`).
    pub retry_after: Option<Duration>,
    /// On a 429: whether the refusal is global.
    pub global: bool,
    /// On a 429: `X-RateLimit-Scope` (`user`, `global` or `shared`).
    pub scope: Option<String>,
}

fn header<'a>(h: &'a HeaderMap, name: &str) -> Option<&'a str> {
    h.get(name).and_then(|v| v.to_str().ok()).map(str::trim)
}

fn seconds(s: &str) -> Option<Duration> {
    s.parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0).map(Duration::from_secs_f64)
}

impl Limits {
    /// Reads the limits from an answer (`status`, `headers` and, for a 429, its JSON `body`).
    #[must_use]
    pub fn of(status: u16, headers: &HeaderMap, body: &[u8]) -> Limits {
        let reset_after = header(headers, "x-ratelimit-reset-after").and_then(seconds).or_else(|| {
            let at = header(headers, "x-ratelimit-reset").and_then(|s| s.parse::<f64>().ok())?;
            let now = SystemTime::now().duration_since(UNIX_EPOCH).ok()?.as_secs_f64();
            seconds(&(at - now).max(0.0).to_string())
        });
        let mut l = Limits {
            limit: header(headers, "x-ratelimit-limit").and_then(|s| s.parse().ok()),
            remaining: header(headers, "x-ratelimit-remaining").and_then(|s| s.parse().ok()),
            reset_after,
            bucket: header(headers, "x-ratelimit-bucket").map(str::to_string),
            scope: header(headers, "x-ratelimit-scope").map(str::to_string),
            ..Limits::default()
        };
        if status == 429 {
            let json: serde_json::Value = serde_json::from_slice(body).unwrap_or_default();
            l.retry_after = json["retry_after"]
                .as_f64()
                .and_then(|v| seconds(&v.to_string()))
                .or_else(|| header(headers, "retry-after").and_then(seconds));
            l.global = json["global"].as_bool().unwrap_or(false)
                || header(headers, "x-ratelimit-global").is_some_and(|v| v.eq_ignore_ascii_case("true"))
                || l.scope.as_deref() == Some("global");
        }
        l
    }
}

/// One bucket's state, as the last answer left it.
#[derive(Debug, Clone, Copy, Default)]
struct Bucket {
    remaining: Option<u32>,
    reset_at: Option<Instant>,
}

impl Bucket {
    /// When the next request may go, if not now.
    fn ready_at(&self, now: Instant) -> Option<Instant> {
        (self.remaining == Some(0)).then_some(self.reset_at).flatten().filter(|t| *t > now)
    }

    fn observe(&mut self, l: &Limits, now: Instant) {
        if let Some(r) = l.remaining {
            self.remaining = Some(r);
            self.reset_at = l.reset_after.map(|d| now + d);
        }
    }

    fn refused(&mut self, wait: Duration, now: Instant) {
        self.remaining = Some(0);
        self.reset_at = Some(self.reset_at.filter(|t| *t > now + wait).unwrap_or(now + wait));
    }
}

/// The route a bucket is kept for: the method, and the path with every id
/// replaced by `:id` except the top-level resource's (a channel, guild,
/// webhook with its token, or interaction with its token), as Discord keys
/// its per-route limits.
#[must_use]
pub fn route(method: &str, path: &str) -> String {
    let path = path.split('?').next().unwrap_or("");
    let path = strip_version(path);
    let segs: Vec<&str> = path.trim_matches('/').split('/').collect();
    let top = segs.first().copied().unwrap_or("");
    let mut out = method.to_ascii_uppercase();
    for (i, s) in segs.iter().enumerate() {
        let major = match i {
            1 => matches!(top, "channels" | "guilds" | "webhooks" | "interactions"),
            2 => matches!(top, "webhooks" | "interactions"),
            _ => false,
        };
        out.push('/');
        out.push_str(if !major && !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) { ":id" } else { s });
    }
    out
}

/// `path` without its `/api/vN` prefix.
fn strip_version(path: &str) -> &str {
    let Some(rest) = path.strip_prefix("/api") else { return path };
    match rest.strip_prefix("/v") {
        Some(v) => v.find('/').map_or("", |i| &v[i..]),
        None => rest,
    }
}

/// Whether a request counts against the global limit: Discord does not
/// count interaction answers.
#[must_use]
pub fn counted(path: &str) -> bool {
    !strip_version(path).starts_with("/interactions/")
}

/// The refusals seen so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Refusals {
    /// Global 429s.
    pub global: u64,
    /// 429s of one bucket (or a shared resource).
    pub route: u64,
}

/// The counted requests on their way, and the recent answers.
#[derive(Debug, Default)]
struct Window {
    in_flight: usize,
    /// When each answer came back (or the request gave up), and whether
    /// Discord let the request through (an answer other than 429).
    answered: VecDeque<(Instant, bool)>,
    /// When the last counted request was let go.
    last_sent: Option<Instant>,
}

impl Window {
    /// The requests let through whose answers came back within the last [`WINDOW`] before `now`.
    fn let_through(&self, now: Instant) -> usize {
        self.answered.iter().filter(|(t, through)| *through && now.duration_since(*t) < WINDOW).count()
    }
}

/// A counted request's place in the global window, held until its answer is back.
struct Slot<'a> {
    limiter: &'a Limiter,
    /// Discord answered, and not 429.
    let_through: bool,
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        let mut w = self.limiter.window.lock().unwrap_or_else(PoisonError::into_inner);
        w.in_flight = w.in_flight.saturating_sub(1);
        w.answered.push_back((Instant::now(), self.let_through));
        drop(w);
        self.limiter.freed.notify_waiters();
    }
}

/// The global pace: the counted requests a second the limiter lets go, at
/// most the configured rate. A global 429 lowers it; it holds for [`HOLD`]
/// after the refusal is over, then climbs back by one every [`CLIMB_EVERY`].
#[derive(Debug)]
struct Pace {
    /// The configured rate (`requests_per_second`).
    configured: usize,
    /// The pace now, as of the last step taken.
    current: usize,
    /// When the pace next climbs by one, while it is below the configured rate.
    climbs_at: Option<Instant>,
}

impl Pace {
    fn new(configured: usize) -> Pace {
        Pace { configured, current: configured, climbs_at: None }
    }

    /// The pace at `now`, taking the climbing steps due by then.
    fn at(&mut self, now: Instant) -> usize {
        if let Some(at) = self.climbs_at.filter(|t| *t <= now) {
            let steps = now.duration_since(at).as_nanos() / CLIMB_EVERY.as_nanos() + 1;
            let steps = usize::try_from(steps).unwrap_or(usize::MAX);
            self.current = self.current.saturating_add(steps).min(self.configured);
            if self.current == self.configured {
                self.climbs_at = None;
                tracing::info!(
                    per_second = self.configured,
                    "no global 429 for a while: the requests to Discord are back at the configured pace"
                );
            } else {
                let steps = u32::try_from(steps).unwrap_or(u32::MAX);
                self.climbs_at = Some(at + CLIMB_EVERY.saturating_mul(steps));
            }
        }
        self.current
    }

    /// A global 429 came back at `now` while `let_through` counted requests
    /// were let through in the last [`WINDOW`]; every request waits until
    /// `resume`. Returns the pace before and after.
    fn refused(&mut self, let_through: usize, now: Instant, resume: Instant) -> (usize, usize) {
        let before = self.at(now);
        // What Discord let through, a little less: the share of the limit left to the bot.
        let measured = let_through.saturating_mul(LOWER_TO.0) / LOWER_TO.1;
        self.current = before.min(measured.max(1));
        let climbs_at = resume.max(now) + HOLD;
        self.climbs_at = Some(self.climbs_at.filter(|t| *t > climbs_at).unwrap_or(climbs_at));
        if self.current == self.configured {
            // Not lowered (at 1 a second, or Discord let more through than that): nothing to climb back from.
            self.climbs_at = None;
        }
        (before, self.current)
    }
}

/// The bot's side of Discord's rate limits. See the module's documentation.
#[derive(Debug)]
pub struct Limiter {
    /// The configured rate, and the pace after global 429s.
    pace: Mutex<Pace>,
    /// The counted requests on their way, and when answers came back in the last second.
    window: Mutex<Window>,
    /// Requests waiting for a place in the window take their turn (a FIFO lock).
    turn: tokio::sync::Mutex<()>,
    /// A request of the window got its answer.
    freed: tokio::sync::Notify,
    /// Every counted request waits until then (a global 429).
    paused_until: Mutex<Option<Instant>>,
    buckets: Mutex<HashMap<String, Arc<tokio::sync::Mutex<Bucket>>>>,
    invalid: Mutex<VecDeque<Instant>>,
    refusals: Mutex<Refusals>,
    /// Requests that reached the limiter, per route.
    arrivals: Mutex<HashMap<String, u64>>,
    arrived: tokio::sync::Notify,
}

impl Limiter {
    /// A limiter sending at most `per_second` counted requests in any second (at least 1).
    #[must_use]
    pub fn new(per_second: u32) -> Limiter {
        Limiter {
            pace: Mutex::new(Pace::new(usize::try_from(per_second.max(1)).unwrap_or(usize::MAX))),
            window: Mutex::new(Window::default()),
            turn: tokio::sync::Mutex::new(()),
            freed: tokio::sync::Notify::new(),
            paused_until: Mutex::new(None),
            buckets: Mutex::new(HashMap::new()),
            invalid: Mutex::new(VecDeque::new()),
            refusals: Mutex::new(Refusals::default()),
            arrivals: Mutex::new(HashMap::new()),
            arrived: tokio::sync::Notify::new(),
        }
    }

    /// How many requests to `route` (see [`route`]) have reached the limiter.
    #[must_use]
    pub fn arrivals(&self, route: &str) -> u64 {
        self.arrivals.lock().unwrap_or_else(PoisonError::into_inner).get(route).copied().unwrap_or(0)
    }

    /// Waits until more than `seen` requests to `route` have reached the
    /// limiter: a request that has arrived has taken its place among the
    /// waiting ones.
    pub async fn arrived_after(&self, route: &str, seen: u64) {
        loop {
            let arrived = self.arrived.notified();
            if self.arrivals(route) > seen {
                return;
            }
            arrived.await;
        }
    }

    /// The counted requests a second the limiter lets go now: the
    /// configured rate, or less for a while after a global 429.
    #[must_use]
    pub fn pace(&self) -> usize {
        self.pace.lock().unwrap_or_else(PoisonError::into_inner).at(Instant::now())
    }

    /// The 429s answered so far.
    #[must_use]
    pub fn refusals(&self) -> Refusals {
        *self.refusals.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn bucket(&self, route: &str) -> Arc<tokio::sync::Mutex<Bucket>> {
        let mut b = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        b.entry(route.to_string()).or_default().clone()
    }

    /// Waits for a place in the global window (and for a global refusal to
    /// end), and takes it until the answer is back ([`Slot`]'s drop).
    ///
    /// A request reaches Discord somewhere between the moment it is sent and
    /// the moment its answer is back: so a request may go when fewer than
    /// the pace (see [`Limiter::pace`]) others are on their way or had their
    /// answer within the last second. Then no one-second window at Discord
    /// holds more than the pace of them, however late or early each one arrived.
    async fn global_slot(&self) -> Slot<'_> {
        let _turn = self.turn.lock().await;
        loop {
            let freed = self.freed.notified();
            let now = Instant::now();
            let paused = *self.paused_until.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(until) = paused.filter(|t| *t > now) {
                sleep_until(until).await;
                continue;
            }
            let pace = self.pace.lock().unwrap_or_else(PoisonError::into_inner).at(now);
            let gap = WINDOW / u32::try_from(pace).unwrap_or(u32::MAX);
            let (spaced, earliest) = {
                let mut w = self.window.lock().unwrap_or_else(PoisonError::into_inner);
                while w.answered.front().is_some_and(|(t, _)| now.duration_since(*t) >= WINDOW) {
                    w.answered.pop_front();
                }
                let spaced = w.last_sent.map(|t| t + gap).filter(|t| *t > now);
                if spaced.is_none() && w.in_flight + w.answered.len() < pace {
                    w.in_flight += 1;
                    w.last_sent = Some(now);
                    return Slot { limiter: self, let_through: false };
                }
                (spaced, w.answered.front().map(|(t, _)| *t))
            };
            if let Some(at) = spaced {
                // Spread over the second: never sooner than `gap` after the last one.
                sleep_until(at).await;
                continue;
            }
            match earliest {
                Some(t) => {
                    tokio::select! {
                        () = sleep_until(t + WINDOW) => {}
                        () = freed => {}
                    }
                }
                None => freed.await,
            }
        }
    }

    /// Counts an invalid request (401, 403, or a 429 not of a shared resource) and warns as they add up.
    fn invalid(&self, now: Instant) {
        let mut v = self.invalid.lock().unwrap_or_else(PoisonError::into_inner);
        while v.front().is_some_and(|t| now.duration_since(*t) >= INVALID_WINDOW) {
            v.pop_front();
        }
        v.push_back(now);
        if v.len() % 1000 == 0 {
            tracing::warn!(
                invalid = v.len(),
                "Discord refused {} requests (401, 403 or 429) in the last ten minutes; at {INVALID_LIMIT} it bans the bot for a while",
                v.len()
            );
        }
    }

    /// Sends a request to `path` with `method` by calling `go` (again after
    /// a 429), when its bucket and the global limit allow; returns the
    /// last answer, or `go`'s error.
    ///
    /// # Errors
    /// `go` failed (the network); the bucket's state is left as it was.
    pub async fn send<E, F, Fut>(&self, method: &str, path: &str, mut go: F) -> Result<Answer, E>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<Answer, E>>,
    {
        let route = route(method, path);
        let counted = counted(path);
        let bucket = self.bucket(&route);
        *self.arrivals.lock().unwrap_or_else(PoisonError::into_inner).entry(route.clone()).or_default() += 1;
        self.arrived.notify_waiters();
        let mut tries = 0;
        loop {
            let mut b = bucket.lock().await;
            if let Some(at) = b.ready_at(Instant::now()) {
                sleep_until(at).await;
            }
            let mut slot = if counted { Some(self.global_slot().await) } else { None };
            let reply = go().await;
            if let (Some(slot), Ok(a)) = (slot.as_mut(), &reply) {
                slot.let_through = a.status != 429;
            }
            drop(slot);
            let reply = reply?;
            let now = Instant::now();
            let limits = Limits::of(reply.status, &reply.headers, &reply.body);
            b.observe(&limits, now);
            if matches!(reply.status, 401 | 403) {
                self.invalid(now);
            }
            if reply.status != 429 {
                return Ok(reply);
            }
            let wait = limits.retry_after.unwrap_or(DEFAULT_RETRY);
            if limits.scope.as_deref() != Some("shared") {
                self.invalid(now);
            }
            {
                let mut r = self.refusals.lock().unwrap_or_else(PoisonError::into_inner);
                if limits.global {
                    r.global += 1;
                } else {
                    r.route += 1;
                }
            }
            if limits.global {
                let resume = {
                    let mut p = self.paused_until.lock().unwrap_or_else(PoisonError::into_inner);
                    *p = Some(p.filter(|t| *t > now + wait).unwrap_or(now + wait));
                    p.unwrap_or(now + wait)
                };
                tracing::warn!(route = %route, retry_after = wait.as_secs_f64(), "Discord's global rate limit: every request waits");
                if counted {
                    let let_through = self.window.lock().unwrap_or_else(PoisonError::into_inner).let_through(now);
                    let (before, after) =
                        self.pace.lock().unwrap_or_else(PoisonError::into_inner).refused(let_through, now, resume);
                    if after < before {
                        tracing::warn!(
                            from = before,
                            to = after,
                            let_through,
                            "Discord's global rate limit is lower than the bot's pace (another process sharing the token?): \
                             the requests to Discord go slower for a while, then climb back to the configured pace"
                        );
                    }
                }
            } else {
                b.refused(wait, now);
                tracing::info!(route = %route, retry_after = wait.as_secs_f64(), scope = ?limits.scope, "rate limited on a route: its requests wait");
            }
            drop(b);
            tries += 1;
            if tries > RETRIES {
                return Ok(reply);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_str(v).expect("value"));
        }
        h
    }

    fn ok(remaining: u32, reset_after: f64) -> Answer {
        Answer {
            status: 200,
            headers: headers(&[
                ("x-ratelimit-limit", "5"),
                ("x-ratelimit-remaining", &remaining.to_string()),
                ("x-ratelimit-reset-after", &reset_after.to_string()),
                ("x-ratelimit-bucket", "abc"),
            ]),
            body: b"{}".to_vec(),
        }
    }

    fn refused(retry_after: f64, global: bool) -> Answer {
        let mut h = headers(&[("retry-after", &retry_after.to_string())]);
        if global {
            h.insert("x-ratelimit-global", HeaderValue::from_static("true"));
            h.insert("x-ratelimit-scope", HeaderValue::from_static("global"));
        } else {
            h.insert("x-ratelimit-scope", HeaderValue::from_static("user"));
        }
        let body =
            serde_json::json!({"message": "You are being rate limited.", "retry_after": retry_after, "global": global});
        Answer { status: 429, headers: h, body: body.to_string().into_bytes() }
    }

    #[test]
    fn routes_keep_the_top_level_resource_and_hide_other_ids() {
        assert_eq!(route("post", "/api/v10/channels/123/messages"), "POST/channels/123/messages");
        assert_eq!(route("DELETE", "/api/v10/channels/123/messages/456"), "DELETE/channels/123/messages/:id");
        assert_eq!(route("POST", "/api/v10/users/@me/channels"), "POST/users/@me/channels");
        assert_eq!(route("POST", "/api/v10/interactions/9/tok/callback?x=1"), "POST/interactions/9/tok/callback");
        assert_eq!(
            route("PUT", "/api/v10/applications/1/guilds/2/commands"),
            "PUT/applications/:id/guilds/:id/commands"
        );
        assert!(!counted("/api/v10/interactions/9/tok/callback"));
        assert!(counted("/api/v10/channels/1/messages") && counted("/api/v10/webhooks/1/tok"));
    }

    #[test]
    fn limits_are_read_from_the_headers_and_the_refusals_body() {
        let l = Limits::of(200, &ok(3, 4.5).headers, b"{}");
        assert_eq!((l.limit, l.remaining, l.reset_after), (Some(5), Some(3), Some(Duration::from_millis(4500))));
        assert_eq!(l.bucket.as_deref(), Some("abc"));
        assert!(!l.global && l.retry_after.is_none());
        let r = refused(0.25, true);
        let l = Limits::of(429, &r.headers, &r.body);
        assert!(l.global);
        assert_eq!(l.retry_after, Some(Duration::from_millis(250)));
        // The body's `retry_after` wins over the header; without either, nothing is made up.
        let l = Limits::of(429, &headers(&[("retry-after", "9")]), br#"{"retry_after": 1.5, "global": false}"#);
        assert_eq!((l.retry_after, l.global), (Some(Duration::from_millis(1500)), false));
        assert_eq!(Limits::of(429, &HeaderMap::new(), b"").retry_after, None);
    }

    /// Sends `n` requests to `path` answered by `answer(i)`; returns the
    /// (paused) times they were sent at, relative to the start.
    async fn run(
        limiter: &Limiter,
        paths: &[String],
        answer: impl Fn(usize) -> Answer,
    ) -> (Vec<Duration>, Vec<Answer>) {
        let start = Instant::now();
        let times = Mutex::new(Vec::new());
        let count = AtomicUsize::new(0);
        let answers = serenity::futures::future::join_all(paths.iter().map(|p| {
            limiter.send("POST", p, || {
                let i = count.fetch_add(1, Ordering::SeqCst);
                times.lock().unwrap().push(Instant::now() - start);
                let r = answer(i);
                async move { Ok::<_, ()>(r) }
            })
        }))
        .await;
        (times.into_inner().unwrap(), answers.into_iter().map(Result::unwrap).collect())
    }

    fn most_in_a_window(times: &[Duration]) -> usize {
        times.iter().map(|t| times.iter().filter(|u| **u >= *t && **u < *t + WINDOW).count()).max().unwrap_or(0)
    }

    #[tokio::test(start_paused = true)]
    async fn the_global_limit_holds_in_every_one_second_window() {
        let limiter = Limiter::new(10);
        let paths: Vec<String> = (0..35).map(|i| format!("/api/v10/channels/{i}/messages")).collect();
        let (times, _) = run(&limiter, &paths, |_| ok(4, 5.0)).await;
        assert_eq!(times.len(), 35);
        assert_eq!(most_in_a_window(&times), 10);
        assert!(times[34] >= Duration::from_secs(3), "35 requests at 10 a second take over 3 s: {times:?}");
        // Interaction answers do not count.
        let paths: Vec<String> = (0..30).map(|i| format!("/api/v10/interactions/{i}/t/callback")).collect();
        let (times, _) = run(&limiter, &paths, |_| ok(4, 5.0)).await;
        assert_eq!(most_in_a_window(&times), 30);
    }

    /// Discord as the tests see it: a global limit of `limit` counted
    /// requests in any one second of arrival, answers `latency` after a
    /// request is sent (half the way there, half back).
    struct Discord {
        limit: usize,
        latency: Duration,
        accepted: Mutex<VecDeque<Instant>>,
        sent: Mutex<Vec<(Instant, u16)>>,
    }

    impl Discord {
        fn new(limit: usize, latency: Duration) -> Discord {
            Discord { limit, latency, accepted: Mutex::new(VecDeque::new()), sent: Mutex::new(Vec::new()) }
        }

        async fn answer(&self) -> Result<Answer, ()> {
            tokio::time::sleep(self.latency / 2).await;
            let now = Instant::now();
            let answer = {
                let mut a = self.accepted.lock().unwrap();
                while a.front().is_some_and(|t| now.duration_since(*t) >= WINDOW) {
                    a.pop_front();
                }
                if a.len() >= self.limit {
                    refused((WINDOW - now.duration_since(a[0])).as_secs_f64(), true)
                } else {
                    a.push_back(now);
                    ok(4, 5.0)
                }
            };
            self.sent.lock().unwrap().push((now, answer.status));
            tokio::time::sleep(self.latency / 2).await;
            Ok(answer)
        }

        /// The global 429s after `since`.
        fn refused_after(&self, since: Instant) -> usize {
            self.sent.lock().unwrap().iter().filter(|(t, s)| *t > since && *s == 429).count()
        }
    }

    /// Sends a request to a channel of its own for each of `channels`, all at once, to `discord`.
    async fn storm(limiter: &Limiter, discord: &Discord, channels: std::ops::Range<usize>) {
        let paths: Vec<String> = channels.map(|i| format!("/api/v10/channels/{i}/messages")).collect();
        serenity::futures::future::join_all(paths.iter().map(|p| limiter.send("POST", p, || discord.answer()))).await;
    }

    #[tokio::test(start_paused = true)]
    async fn a_global_429_lowers_the_pace_under_a_limit_the_limiter_was_not_told_of() {
        // Discord allows 10 a second; the limiter is at 50.
        let limiter = Limiter::new(50);
        let discord = Discord::new(10, Duration::from_millis(10));
        let start = Instant::now();
        storm(&limiter, &discord, 0..40).await;
        // Spread over the second, the requests overshoot Discord's limit by one.
        assert_eq!(limiter.refusals(), Refusals { global: 1, route: 0 });
        assert_eq!(limiter.pace(), 8, "0.8 of the 10 let through");
        assert_eq!(discord.sent.lock().unwrap().iter().filter(|(_, s)| *s == 200).count(), 40);
        // 10 in the first 0.2 s, the 11th refused for 0.8 s, 29 more at 8 a second.
        let took = Instant::now() - start;
        assert!(took > Duration::from_millis(4500) && took < Duration::from_millis(5000), "{took:?}");
        // Settled: another storm while the pace holds draws no 429.
        let again = Instant::now();
        storm(&limiter, &discord, 40..80).await;
        assert_eq!(discord.refused_after(again), 0);
        assert_eq!(limiter.refusals().global, 1);
        // Interaction answers are not held back by the lowered pace.
        let paths: Vec<String> = (0..30).map(|i| format!("/api/v10/interactions/{i}/t/callback")).collect();
        let (times, _) = run(&limiter, &paths, |_| ok(4, 5.0)).await;
        assert_eq!(most_in_a_window(&times), 30);
    }

    /// Sends 10 requests, then one Discord refuses (globally or not) for
    /// 1 s and takes at the second try; returns when the refusal came back.
    async fn ten_then_refused(limiter: &Limiter, global: bool) -> Instant {
        let paths: Vec<String> = (0..10).map(|i| format!("/api/v10/channels/{i}/messages")).collect();
        run(limiter, &paths, |_| ok(4, 5.0)).await;
        let at = Mutex::new(None);
        let mut n = 0;
        limiter
            .send("POST", "/api/v10/channels/10/messages", || {
                n += 1;
                let r = if n == 1 { refused(1.0, global) } else { ok(4, 5.0) };
                if n == 1 {
                    *at.lock().unwrap() = Some(Instant::now());
                }
                async move { Ok::<_, ()>(r) }
            })
            .await
            .unwrap();
        at.into_inner().unwrap().expect("refused")
    }

    #[tokio::test(start_paused = true)]
    async fn a_routes_429_leaves_the_pace_alone() {
        let limiter = Limiter::new(50);
        ten_then_refused(&limiter, false).await;
        assert_eq!(limiter.refusals(), Refusals { global: 0, route: 1 });
        assert_eq!(limiter.pace(), 50);
        // Nor does a global one on an interaction answer, which Discord does not count.
        let mut n = 0;
        limiter
            .send("POST", "/api/v10/interactions/1/t/callback", || {
                n += 1;
                let r = if n == 1 { refused(1.0, true) } else { ok(4, 5.0) };
                async move { Ok::<_, ()>(r) }
            })
            .await
            .unwrap();
        assert_eq!(limiter.refusals(), Refusals { global: 1, route: 1 });
        assert_eq!(limiter.pace(), 50);
    }

    /// The limiter's pace at `t`.
    async fn pace_at(limiter: &Limiter, t: Instant) -> usize {
        tokio::time::sleep_until(t).await;
        limiter.pace()
    }

    #[tokio::test(start_paused = true)]
    async fn a_lowered_pace_holds_then_climbs_back_slowly_to_the_configured_rate_and_no_further() {
        let limiter = Limiter::new(12);
        let refused_at = ten_then_refused(&limiter, true).await;
        assert_eq!(limiter.pace(), 8, "0.8 of the 10 let through");
        // It holds for HOLD after the refusal's 1 s is over...
        let resume = refused_at + Duration::from_secs(1);
        assert_eq!(pace_at(&limiter, resume + HOLD - Duration::from_millis(10)).await, 8);
        // ...then climbs by one every CLIMB_EVERY...
        assert_eq!(pace_at(&limiter, resume + HOLD + Duration::from_millis(10)).await, 9);
        assert_eq!(pace_at(&limiter, resume + HOLD + CLIMB_EVERY - Duration::from_millis(10)).await, 9);
        assert_eq!(pace_at(&limiter, resume + HOLD + CLIMB_EVERY + Duration::from_millis(10)).await, 10);
        assert_eq!(pace_at(&limiter, resume + HOLD + CLIMB_EVERY * 3 + Duration::from_millis(10)).await, 12);
        // ...to the configured rate, and no further.
        assert_eq!(pace_at(&limiter, resume + HOLD + CLIMB_EVERY * 50).await, 12);
        // The same after a gap: the steps due are taken at once, up to the configured rate.
        ten_then_refused(&limiter, true).await;
        assert_eq!(limiter.pace(), 8);
        tokio::time::sleep(Duration::from_secs(600)).await;
        assert_eq!(limiter.pace(), 12);

        // A limiter at 5 a second let 4 through in the second before the
        // refusal (answers 200 ms apart, the fifth a second old): 3.
        let limiter = Limiter::new(5);
        ten_then_refused(&limiter, true).await;
        assert_eq!(limiter.pace(), 3);
        tokio::time::sleep(Duration::from_secs(600)).await;
        assert_eq!(limiter.pace(), 5);
        // A global 429 while the pace is lowered lowers it again, and starts the hold over.
        let limiter = Limiter::new(50);
        let first = ten_then_refused(&limiter, true).await;
        assert_eq!(limiter.pace(), 8);
        tokio::time::sleep_until(first + Duration::from_secs(1) + HOLD + CLIMB_EVERY).await;
        assert_eq!(limiter.pace(), 10);
        // At 10 a second the ten go 100 ms apart: 9 were let through in
        // the second before the refusal, so 7.
        let again = ten_then_refused(&limiter, true).await;
        assert_eq!(limiter.pace(), 7);
        assert_eq!(pace_at(&limiter, again + Duration::from_secs(1) + HOLD - Duration::from_millis(10)).await, 7);
        assert_eq!(pace_at(&limiter, again + Duration::from_secs(1) + HOLD + Duration::from_millis(10)).await, 8);
    }

    #[tokio::test(start_paused = true)]
    async fn a_bucket_with_none_remaining_waits_for_its_reset() {
        let limiter = Limiter::new(50);
        let paths = vec!["/api/v10/channels/7/messages".to_string(); 7];
        // 5 a bucket, reset 5 s after the first.
        let (times, _) = run(&limiter, &paths, |i| ok(4u32.saturating_sub(u32::try_from(i % 5).unwrap()), 5.0)).await;
        assert!(times[..5].iter().all(|t| *t < Duration::from_millis(100)), "{times:?}");
        assert!(times[5] >= Duration::from_secs(5), "the sixth waits for the reset: {times:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn a_refusal_is_waited_out_by_its_route_or_by_everyone_when_global() {
        let limiter = Limiter::new(50);
        let paths = vec!["/api/v10/channels/7/messages".to_string()];
        let (times, answers) = run(&limiter, &paths, |i| if i == 0 { refused(2.5, false) } else { ok(4, 5.0) }).await;
        assert_eq!(answers[0].status, 200, "tried again");
        assert!(times[1] - times[0] >= Duration::from_millis(2500), "{times:?}");
        assert_eq!(limiter.refusals(), Refusals { global: 0, route: 1 });

        // A global refusal on one channel holds back another channel's request.
        let limiter = Arc::new(Limiter::new(50));
        let first = {
            let l = limiter.clone();
            tokio::spawn(async move {
                let mut n = 0;
                l.send("POST", "/api/v10/channels/1/messages", || {
                    n += 1;
                    let r = if n == 1 { refused(3.0, true) } else { ok(4, 5.0) };
                    async move { Ok::<_, ()>(r) }
                })
                .await
            })
        };
        tokio::time::sleep(Duration::from_millis(1)).await;
        let start = Instant::now();
        limiter.send("POST", "/api/v10/channels/2/messages", || async { Ok::<_, ()>(ok(4, 5.0)) }).await.unwrap();
        assert!(Instant::now() - start >= Duration::from_millis(2900), "waited out the global refusal");
        assert_eq!(first.await.unwrap().unwrap().status, 200);
        assert_eq!(limiter.refusals(), Refusals { global: 1, route: 0 });
    }

    #[tokio::test(start_paused = true)]
    async fn a_route_refusing_again_and_again_is_handed_back_after_the_retries() {
        let limiter = Limiter::new(50);
        let paths = vec!["/api/v10/channels/7/messages".to_string()];
        let (times, answers) = run(&limiter, &paths, |_| refused(1.0, false)).await;
        assert_eq!(answers[0].status, 429);
        assert_eq!(times.len(), usize::try_from(RETRIES).unwrap() + 1);
        assert_eq!(limiter.refusals().route, u64::from(RETRIES) + 1);
    }
}
