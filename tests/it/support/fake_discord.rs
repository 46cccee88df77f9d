//! A fake of Discord's HTTP API and gateway on 127.0.0.1, for end-to-end
//! tests of the real bot. serenity's HTTP client is pointed at it as a
//! proxy, and it answers the gateway URL with its own WebSocket server.
//!
//! It records every HTTP request (JSON bodies, and the `payload_json` and
//! files of multipart ones), sends HELLO and READY to whoever connects, and
//! dispatches the events a test pushes (INTERACTION_CREATE, MESSAGE_CREATE;
//! the slash commands, presses and direct messages a test sends are built
//! in `fake_interactions.rs`).
//!
//! It enforces Discord's documented rate limits ([`Limits`], set per test
//! with [`FakeDiscord::set_limits`]): a global limit of 50 requests in any
//! one second (a sliding window; interaction answers are not counted, as on
//! Discord), and per-route buckets: 5 messages per channel per 5 seconds,
//! 50 a second on every other route (a fixed window from the bucket's first
//! request). Every answer carries the `X-RateLimit-*` headers of its bucket;
//! a request over a limit is answered 429 with Discord's JSON body
//! (`message`, `retry_after` in seconds, `global`) and the `Retry-After`,
//! `X-RateLimit-Scope` and (when global) `X-RateLimit-Global` headers, and
//! is counted ([`FakeDiscord::refused`]). Every request's arrival time is
//! recorded, for [`FakeDiscord::most_in_one_second`]. For storms of many
//! results, [`FakeDiscord::light_files`] keeps only the first bytes of each
//! upload and [`FakeDiscord::with_requests`] reads the record without copying it.
//!
//! Channels keep the messages created in them, as Discord lists them
//! (`GET /channels/{id}/messages` with `limit` and `before`, `after` or
//! `around`, newest first, without their nonces), with ids that are
//! Discord's snowflakes of the fake's clock. The clock is the system's
//! until a test moves it ([`FakeDiscord::jump`]); a nonce is remembered for
//! [`FakeDiscord::set_nonce_window`] of it (for ever unless a test says), and a
//! second post with a remembered nonce is answered with the first one's
//! message. Tests add members' messages ([`FakeDiscord::say`]), delete
//! messages and hide their embeds as a moderator would. The server's
//! categories, roles and the channels the bot makes for games are
//! `fake_guild.rs`'s. Users who do not
//! accept direct messages: `super::fake_dms`.
#![allow(dead_code)]

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use axum::body::Bytes;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::sync::{broadcast, Notify};
use tokio_tungstenite::tungstenite::Message;

use super::fake_channels::Channels;
use super::fake_dms::Dms;
use super::fake_guild::Guild;
use super::fake_limits::LimitState;
pub use super::fake_limits::{Limits, Refused};

/// The bot's application and user id.
pub const APP: u64 = 4_000_000_000_000_001;
/// The test server.
pub const GUILD: u64 = 4_000_000_000_000_002;

/// One recorded HTTP request.
#[derive(Clone, Debug)]
pub struct Request {
    /// GET, POST...
    pub method: String,
    /// The path after `/api/v10`.
    pub path: String,
    /// The JSON body, or a multipart request's `payload_json`.
    pub json: Value,
    /// A multipart request's files: (file name, bytes; only the first ones
    /// after [`FakeDiscord::light_files`]).
    pub files: Vec<(String, Vec<u8>)>,
    /// A channel message that Discord created (not refused, not a
    /// duplicate of an earlier one with the same enforced nonce).
    pub created: bool,
    /// When it arrived.
    pub at: Instant,
    /// 429 when refused for a rate limit, a fault's status when failed by
    /// one ([`FakeDiscord::fail_channel_posts`]), 200 otherwise.
    pub status: u16,
    /// Whether it counts against the global limit (everything but interaction answers).
    pub counted: bool,
}

impl Request {
    /// The message text, for a message or interaction response.
    #[must_use]
    pub fn content(&self) -> String {
        let d = if self.json.get("data").is_some() { &self.json["data"] } else { &self.json };
        let mut t = d["content"].as_str().unwrap_or("").to_string();
        for e in d["embeds"].as_array().into_iter().flatten() {
            for k in ["title", "description"] {
                if let Some(s) = e[k].as_str() {
                    t += "\n";
                    t += s;
                }
            }
        }
        t
    }

    /// Whether the response is ephemeral (flag 64).
    #[must_use]
    pub fn ephemeral(&self) -> bool {
        let d = if self.json.get("data").is_some() { &self.json["data"] } else { &self.json };
        d["flags"].as_u64().is_some_and(|f| f & 64 != 0)
    }

    /// The attached PNG files.
    #[must_use]
    pub fn pngs(&self) -> Vec<&(String, Vec<u8>)> {
        self.files.iter().filter(|(_, b)| b.starts_with(b"\x89PNG")).collect()
    }

    /// The attached GIF files (animations).
    #[must_use]
    pub fn gifs(&self) -> Vec<&(String, Vec<u8>)> {
        self.files.iter().filter(|(_, b)| b.starts_with(b"GIF89a")).collect()
    }
}

#[derive(Default)]
struct Shared {
    requests: Mutex<Vec<Request>>,
    changed: Notify,
    identified: AtomicU64,
    /// Paths answered only after a delay: (path after `/api/v10`, delay).
    slow: Mutex<Vec<(String, Duration)>>,
    /// Keep only the first bytes of uploaded files (enough to tell a PNG from a GIF).
    light: std::sync::atomic::AtomicBool,
    faults: Mutex<Faults>,
    limits: Mutex<LimitState>,
    /// Paths whose POSTs are answered late after the first few: (path, POSTs answered on time, delay).
    slow_from: Mutex<Vec<(String, usize, Duration)>>,
    /// Requests so far per path among those of `slow_from`.
    arrivals: Mutex<HashMap<String, usize>>,
    /// How far the fake's clock is ahead of the system's.
    ahead: Mutex<Duration>,
    /// The messages of each channel, oldest first, and the last id given.
    channels: Mutex<Channels>,
    /// The `attachment_size_limit` interactions carry (0: Discord's 8 MiB).
    attachment_limit: AtomicU64,
    /// The server's categories, roles and the channels the bot made (`fake_guild.rs`).
    guild: Mutex<Guild>,
    /// Users who do not accept direct messages.
    dms: Mutex<Dms>,
}

/// Failures the fake answers with, set by a test.
#[derive(Default)]
struct Faults {
    /// Channel posts answer this status and Discord error code (and the count left, if limited).
    posts: Option<(u16, u64, Option<usize>)>,
    /// Only posts to this channel fail (none: every channel's).
    posts_in: Option<String>,
    /// Interaction responses are refused as Discord refuses late ones (404, Unknown interaction).
    refuse_callbacks: bool,
    /// Nonces of created channel messages (for `enforce_nonce`).
    nonces: std::collections::HashSet<String>,
}

/// The fake.
pub struct FakeDiscord {
    /// `http://127.0.0.1:PORT`: the bot's proxy URL.
    pub url: String,
    shared: Arc<Shared>,
    events: broadcast::Sender<Value>,
    next_id: AtomicU64,
}

/// A member of the test server as a command's interaction carries them.
#[derive(Clone, Copy, Debug)]
pub struct Member<'a> {
    /// The user id.
    pub id: u64,
    /// The user name (Discord allows only lower-case letters, digits, `_` and `.`).
    pub username: &'a str,
    /// The display name, if set.
    pub global_name: Option<&'a str>,
    /// The nickname in this server, if set.
    pub nick: Option<&'a str>,
}

impl Member<'_> {
    pub(super) fn user(&self) -> Value {
        json!({"id": self.id.to_string(), "username": self.username, "discriminator": "0",
               "global_name": self.global_name, "avatar": null, "bot": false})
    }
}

pub(super) fn user(id: u64, name: &str, bot: bool) -> Value {
    json!({"id": id.to_string(), "username": name, "discriminator": "0", "global_name": name, "avatar": null, "bot": bot})
}

pub(super) fn message(channel: &str, content: &str) -> Value {
    static NEXT: AtomicU64 = AtomicU64::new(7_000_000_000_000_000);
    json!({
        "id": NEXT.fetch_add(1, Ordering::Relaxed).to_string(), "channel_id": channel, "author": user(APP, "chessdip", true),
        "content": content, "timestamp": "2026-11-23T00:00:00+00:00", "edited_timestamp": null, "tts": false,
        "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
        "pinned": false, "type": 0
    })
}

/// Splits a multipart body into (name, filename, bytes) parts.
fn multipart(headers: &HeaderMap, body: &[u8]) -> Vec<(String, Option<String>, Vec<u8>)> {
    let Some(ct) = headers.get("content-type").and_then(|v| v.to_str().ok()) else { return Vec::new() };
    let Some(boundary) = ct.split("boundary=").nth(1) else { return Vec::new() };
    let delim = format!("--{}", boundary.trim_matches('"'));
    let mut out = Vec::new();
    let mut rest = body;
    while let Some(start) = find(rest, delim.as_bytes()) {
        rest = &rest[start + delim.len()..];
        if rest.starts_with(b"--") {
            break;
        }
        let Some(head_end) = find(rest, b"\r\n\r\n") else { break };
        let head = String::from_utf8_lossy(&rest[..head_end]).to_string();
        let content = &rest[head_end + 4..];
        let end = find(content, delim.as_bytes()).unwrap_or(content.len());
        let data = content[..end].strip_suffix(b"\r\n").unwrap_or(&content[..end]).to_vec();
        // The attributes of the part's Content-Disposition line (a
        // Content-Type line may follow it).
        let disposition = head
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with("content-disposition"))
            .unwrap_or_default()
            .to_string();
        let attr = |key: &str| {
            disposition
                .split(';')
                .map(str::trim)
                .find_map(|p| p.strip_prefix(&format!("{key}=\"")))
                .map(|v| v.trim_end_matches('"').to_string())
        };
        out.push((attr("name").unwrap_or_default(), attr("filename"), data));
        rest = &content[end..];
    }
    out
}

/// The largest request body the fake reads (a message with its files): more than any upload Discord takes.
const UPLOAD_MOST: usize = 64 * 1024 * 1024;

/// The bytes of an uploaded file kept by [`FakeDiscord::light_files`].
const LIGHT_BYTES: usize = 16;

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

impl FakeDiscord {
    /// Starts the HTTP and gateway servers on ephemeral ports of 127.0.0.1.
    pub async fn start() -> FakeDiscord {
        let shared = Arc::new(Shared::default());
        let (events, _) = broadcast::channel(256);
        let ws = TcpListener::bind("127.0.0.1:0").await.expect("bind gateway");
        let ws_addr = ws.local_addr().expect("addr");
        tokio::spawn(gateway(ws, shared.clone(), events.clone(), ws_addr));
        let http = TcpListener::bind("127.0.0.1:0").await.expect("bind http");
        let http_addr = http.local_addr().expect("addr");
        let ws_url = format!("ws://{ws_addr}");
        let s = shared.clone();
        let app = axum::Router::new().fallback(move |method: Method, uri: Uri, headers: HeaderMap, body: Bytes| {
            let s = s.clone();
            let ws_url = ws_url.clone();
            async move {
                let path = uri.path().strip_prefix("/api/v10").unwrap_or(uri.path()).to_string();
                let delay = s.slow.lock().expect("lock").iter().find(|(p, _)| *p == path).map(|(_, d)| *d);
                let delay = delay.or_else(|| if method == Method::POST { s.late(&path) } else { None });
                // Recorded on arrival, answered after the delay.
                let response = rest(&s, &ws_url, method, uri, headers, body);
                if let Some(d) = delay {
                    tokio::time::sleep(d).await;
                }
                response
            }
        });
        // Uploads as large as Discord takes (axum's own limit is 2 MB: a long game's timelapse is more).
        let app = app.layer(axum::extract::DefaultBodyLimit::max(UPLOAD_MOST));
        tokio::spawn(async move {
            let _ = axum::serve(http, app).await;
        });
        FakeDiscord {
            url: format!("http://{http_addr}"),
            shared,
            events,
            next_id: AtomicU64::new(5_000_000_000_000_000),
        }
    }

    /// Channel posts fail with `status` and Discord error `code` (`times`
    /// times, or until [`FakeDiscord::heal`]).
    pub fn fail_channel_posts(&self, status: u16, code: u64, times: Option<usize>) {
        let mut f = self.shared.faults.lock().expect("lock");
        f.posts = Some((status, code, times));
        f.posts_in = None;
    }

    /// Posts to `channel` only fail with `status` and Discord error `code`
    /// (`times` times, or until [`FakeDiscord::heal`]); other channels' succeed.
    pub fn fail_posts_in(&self, channel: u64, status: u16, code: u64, times: Option<usize>) {
        let mut f = self.shared.faults.lock().expect("lock");
        f.posts = Some((status, code, times));
        f.posts_in = Some(channel.to_string());
    }

    /// Enforces `limits` from now on (the buckets' counts so far are kept).
    pub fn set_limits(&self, limits: Limits) {
        self.shared.limits.lock().expect("lock").limits = limits;
    }

    /// The next request to a path starting with `path` (after `/api/v10`) is refused 429 with
    /// `retry_after` seconds, for its route or (`global`) for every request;
    /// until then, whatever asks again is refused too.
    pub fn refuse_next(&self, path: &str, retry_after: f64, global: bool) {
        self.shared.limits.lock().expect("lock").forced.push((path.to_string(), retry_after, global));
    }

    /// The requests answered 429 so far.
    #[must_use]
    pub fn refused(&self) -> Refused {
        self.shared.limits.lock().expect("lock").refused
    }

    /// The most counted requests (interaction answers aside, refused ones
    /// included) that arrived in any one second.
    #[must_use]
    pub fn most_in_one_second(&self) -> usize {
        let times: Vec<Instant> = self.with_requests(|all| all.iter().filter(|r| r.counted).map(|r| r.at).collect());
        let mut most = 0;
        let mut first = 0;
        for (i, t) in times.iter().enumerate() {
            while t.duration_since(times[first]) >= Duration::from_secs(1) {
                first += 1;
            }
            most = most.max(i + 1 - first);
        }
        most
    }

    /// POSTs to `path` (after `/api/v10`) after the first `on_time` are
    /// answered only after `delay`; they are recorded (and a message created)
    /// when they arrive.
    pub fn slow_from(&self, path: &str, on_time: usize, delay: Duration) {
        self.shared.slow_from.lock().expect("lock").push((path.to_string(), on_time, delay));
    }

    /// Nothing is answered late any more.
    pub fn clear_slow(&self) {
        self.shared.slow.lock().expect("lock").clear();
        self.shared.slow_from.lock().expect("lock").clear();
    }

    /// Remembers nonces for `window` of the fake's clock (`None`: for ever, the default).
    pub fn set_nonce_window(&self, window: Option<Duration>) {
        self.shared.channels.lock().expect("lock").nonce_window = window;
    }

    /// Moves the fake's clock forward by `by`: nonces older than the window
    /// are forgotten, and messages created from now on have later ids.
    pub fn jump(&self, by: Duration) {
        *self.shared.ahead.lock().expect("lock") += by;
    }

    /// The fake's clock.
    #[must_use]
    pub fn now(&self) -> SystemTime {
        self.shared.now()
    }

    /// The messages `channel` holds now, oldest first, as Discord lists them.
    #[must_use]
    pub fn channel_messages(&self, channel: u64) -> Vec<Value> {
        self.shared.channels.lock().expect("lock").of(&channel.to_string())
    }

    /// A member `name` (`user`) writes `text` in `channel` (kept in the channel; no event is sent). Its id.
    pub fn say(&self, channel: u64, user_id: u64, name: &str, text: &str) -> u64 {
        let ch = channel.to_string();
        let mut m = message(&ch, text);
        m["author"] = user(user_id, name, false);
        let mut channels = self.shared.channels.lock().expect("lock");
        let m = channels.stamp(m, self.shared.now());
        channels.keep(&ch, m.clone());
        m["id"].as_str().and_then(|i| i.parse().ok()).unwrap_or(0)
    }

    /// A moderator deletes message `id` of `channel`.
    pub fn delete_message(&self, channel: u64, id: &str) {
        self.shared.channels.lock().expect("lock").delete(&channel.to_string(), id);
    }

    /// A moderator hides the embeds of message `id` of `channel` (Discord then lists it without them).
    pub fn hide_embeds(&self, channel: u64, id: &str) {
        if let Some(m) = self.shared.channels.lock().expect("lock").find_mut(&channel.to_string(), id) {
            m["embeds"] = json!([]);
            m["flags"] = json!(4);
        }
    }

    /// The largest file interactions say their answer may carry from now
    /// on (their `attachment_size_limit`, bytes; 8 MiB unless set).
    pub fn set_attachment_size_limit(&self, bytes: u64) {
        self.shared.attachment_limit.store(bytes, Ordering::Relaxed);
    }

    /// The server's channels and roles (`fake_guild.rs`).
    pub(super) fn guild(&self) -> std::sync::MutexGuard<'_, Guild> {
        self.shared.guild.lock().expect("lock")
    }

    /// The `attachment_size_limit` interactions carry (0: Discord's 8 MiB).
    pub(super) fn attachment_limit(&self) -> u64 {
        self.shared.attachment_limit.load(Ordering::Relaxed)
    }

    /// The direct messages' state (`super::fake_dms`).
    pub(super) fn dms(&self) -> &Mutex<Dms> {
        &self.shared.dms
    }

    /// Channel posts succeed again.
    pub fn heal(&self) {
        self.shared.faults.lock().expect("lock").posts = None;
    }

    /// Interaction responses are refused (404 Unknown interaction), as for a late answer.
    pub fn refuse_interaction_callbacks(&self, refuse: bool) {
        self.shared.faults.lock().expect("lock").refuse_callbacks = refuse;
    }

    /// The messages Discord created in `channel`, in order.
    #[must_use]
    pub fn created_posts(&self, channel: u64) -> Vec<Request> {
        let path = format!("/channels/{channel}/messages");
        self.with_requests(|all| all.iter().filter(|r| r.created && r.path == path).cloned().collect())
    }

    /// Answers requests to `path` (after `/api/v10`) only after `delay`;
    /// they are recorded when they arrive.
    pub fn slow(&self, path: &str, delay: Duration) {
        self.shared.slow.lock().expect("lock").push((path.to_string(), delay));
    }

    /// The DM channel the fake gives `user`.
    #[must_use]
    pub fn dm_channel(user_id: u64) -> u64 {
        9_000_000_000_000_000 + user_id % 1_000_000
    }

    /// Keeps only the first bytes of every uploaded file from now on
    /// ([`Request::pngs`] and [`Request::gifs`] still tell them apart), for
    /// tests posting many images whose bytes they do not read: the fake
    /// runs in the test's process, and would otherwise hold every image.
    pub fn light_files(&self, light: bool) {
        self.shared.light.store(light, Ordering::Relaxed);
    }

    /// Runs `f` over the requests so far without copying them (see [`FakeDiscord::requests`]).
    pub fn with_requests<T>(&self, f: impl FnOnce(&[Request]) -> T) -> T {
        f(&self.shared.requests.lock().expect("lock"))
    }

    /// The 429s so far per route (method and path), most first.
    #[must_use]
    pub fn refused_by_route(&self) -> Vec<(String, usize)> {
        let mut counts: HashMap<String, usize> = HashMap::new();
        self.with_requests(|all| {
            for r in all.iter().filter(|r| r.status == 429) {
                *counts.entry(format!("{} {}", r.method, r.path)).or_default() += 1;
            }
        });
        let mut out: Vec<_> = counts.into_iter().collect();
        out.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        out
    }

    /// Every request so far.
    #[must_use]
    pub fn requests(&self) -> Vec<Request> {
        self.shared.requests.lock().expect("lock").clone()
    }

    /// How many gateway sessions have identified.
    #[must_use]
    pub fn sessions(&self) -> u64 {
        self.shared.identified.load(Ordering::SeqCst)
    }

    /// Waits (up to `secs` of real time) for a request matching `pred` among those after the first `after`.
    pub async fn wait_for(&self, after: usize, secs: u64, pred: impl Fn(&Request) -> bool) -> Request {
        let deadline = std::time::Instant::now() + Duration::from_secs(secs);
        loop {
            let notified = self.shared.changed.notified();
            if let Some(r) = self.requests().into_iter().skip(after).find(|r| pred(r)) {
                return r;
            }
            assert!(std::time::Instant::now() < deadline, "timed out; requests were:\n{:#?}", self.summary());
            let _ = tokio::time::timeout(Duration::from_millis(50), notified).await;
        }
    }

    /// Waits until the bot has connected and identified `n` times in all.
    pub async fn wait_identified(&self, n: u64, secs: u64) {
        let deadline = std::time::Instant::now() + Duration::from_secs(secs);
        while self.sessions() < n {
            assert!(std::time::Instant::now() < deadline, "the bot never identified; requests: {:#?}", self.summary());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// One line per request, for failure messages.
    #[must_use]
    pub fn summary(&self) -> Vec<String> {
        self.requests()
            .iter()
            .map(|r| format!("{} {} {}", r.method, r.path, r.content().replace('\n', " | ")))
            .collect()
    }

    pub(super) fn id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// Dispatches a gateway event to every connected session.
    pub fn dispatch(&self, t: &str, d: Value) {
        let _ = self.events.send(json!({"t": t, "d": d}));
    }
}

impl Shared {
    /// The fake's clock: the system's, and however far a test moved it.
    fn now(&self) -> SystemTime {
        SystemTime::now() + *self.ahead.lock().expect("lock")
    }

    /// The delay of a POST to `path` that arrives now, for `slow_from`.
    fn late(&self, path: &str) -> Option<Duration> {
        let rules = self.slow_from.lock().expect("lock");
        let (_, on_time, delay) = rules.iter().find(|(p, _, _)| p == path)?;
        let mut arrivals = self.arrivals.lock().expect("lock");
        let n = arrivals.entry(path.to_string()).or_default();
        *n += 1;
        (*n > *on_time).then_some(*delay)
    }
}

fn rest(s: &Shared, ws_url: &str, method: Method, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let path = uri.path().strip_prefix("/api/v10").unwrap_or(uri.path()).to_string();
    let (json, files) =
        if headers.get("content-type").is_some_and(|v| v.to_str().unwrap_or("").starts_with("multipart/")) {
            let parts = multipart(&headers, &body);
            let json = parts
                .iter()
                .find(|(n, f, _)| n == "payload_json" && f.is_none())
                .and_then(|(_, _, d)| serde_json::from_slice(d).ok())
                .unwrap_or(Value::Null);
            let light = s.light.load(Ordering::Relaxed);
            let files = parts
                .into_iter()
                .filter_map(|(_, f, mut d)| {
                    if light {
                        d.truncate(LIGHT_BYTES);
                    }
                    f.map(|f| (f, d))
                })
                .collect();
            (json, files)
        } else {
            (serde_json::from_slice(&body).unwrap_or(Value::Null), Vec::new())
        };
    let segs: Vec<&str> = path.trim_matches('/').split('/').collect();
    let now = Instant::now();
    let counted = !path.starts_with("/interactions/");
    let verdict = s.limits.lock().expect("lock").check(method.as_str(), &path, counted, now);
    if let Some((retry, global)) = verdict.refusal {
        s.requests.lock().expect("lock").push(Request {
            method: method.to_string(),
            path,
            json,
            files,
            created: false,
            at: now,
            status: 429,
            counted,
        });
        s.changed.notify_waiters();
        let body = json!({"message": "You are being rate limited.", "retry_after": (retry * 1000.0).ceil() / 1000.0, "global": global});
        return with_headers((StatusCode::TOO_MANY_REQUESTS, axum::Json(body)).into_response(), &verdict.headers);
    }
    let posted_in = match segs.as_slice() {
        ["channels", ch, "messages"] if method == Method::POST => Some((*ch).to_string()),
        _ => None,
    };
    let is_post = posted_in.is_some();
    let is_callback = method == Method::POST && matches!(segs.as_slice(), ["interactions", _, _, "callback"]);
    // The faults a test set, and `enforce_nonce` de-duplication.
    let (fault, created) = {
        let mut f = s.faults.lock().expect("lock");
        let refuse_callbacks = f.refuse_callbacks;
        let fails_here = is_post && f.posts_in.as_ref().is_none_or(|only| posted_in.as_ref() == Some(only));
        let fault = match (&mut f.posts, fails_here, is_callback) {
            (Some((status, code, times)), true, _) => {
                let fault = Some((*status, *code));
                if let Some(n) = times {
                    *n = n.saturating_sub(1);
                    if *n == 0 {
                        f.posts = None;
                    }
                }
                fault
            }
            (_, _, true) if refuse_callbacks => Some((404, 10062)),
            _ => posted_in.as_deref().and_then(|ch| s.dms.lock().expect("lock").fault(ch)),
        };
        let nonce = json["nonce"].as_str().map(str::to_string);
        let enforced = json["enforce_nonce"].as_bool().unwrap_or(false);
        let created = is_post
            && fault.is_none()
            && match (nonce, enforced) {
                (Some(n), true) => {
                    // A nonce is remembered only for the window (of the fake's clock).
                    if !s.channels.lock().expect("lock").remembers(&n, s.now()) {
                        f.nonces.remove(&n);
                    }
                    f.nonces.insert(n)
                }
                _ => true,
            };
        (fault, created)
    };
    // A created post is kept in its channel; a second one with a remembered nonce gets the first's message.
    let posted = match (is_post, fault, segs.get(1)) {
        (true, None, Some(ch)) => {
            let nonce = json["enforce_nonce"].as_bool().unwrap_or(false).then(|| json["nonce"].as_str()).flatten();
            let now = s.now();
            let mut channels = s.channels.lock().expect("lock");
            if created {
                let mut m =
                    channels.create(ch, message(ch, json["content"].as_str().unwrap_or("")), &json, &files, now);
                m["components"] = json.get("components").cloned().unwrap_or_else(|| json!([]));
                if let Some(n) = nonce {
                    channels.remember(n, &m, now);
                }
                m["nonce"] = json["nonce"].clone();
                Some(m)
            } else {
                nonce.and_then(|n| channels.created_by(n))
            }
        }
        _ => None,
    };
    s.requests.lock().expect("lock").push(Request {
        method: method.to_string(),
        path: path.clone(),
        json: json.clone(),
        files,
        created,
        at: now,
        status: fault.map_or(200, |(status, _)| status),
        counted,
    });
    s.changed.notify_waiters();
    let response = match (method.as_str(), segs.as_slice(), posted) {
        (_, _, Some(m)) => (StatusCode::OK, axum::Json(m)).into_response(),
        // An edit rewrites the kept message's text and components (a deleted one is Unknown Message).
        ("PATCH", ["channels", ch, "messages", id], None) => {
            let mut channels = s.channels.lock().expect("lock");
            match channels.find_mut(ch, id) {
                Some(m) => {
                    for k in ["content", "components", "embeds"] {
                        if let Some(v) = json.get(k) {
                            m[k] = v.clone();
                        }
                    }
                    m["edited_timestamp"] = json!("2026-11-23T00:00:01+00:00");
                    (StatusCode::OK, axum::Json(m.clone())).into_response()
                }
                None => (StatusCode::NOT_FOUND, axum::Json(json!({"message": "Unknown Message", "code": 10008})))
                    .into_response(),
            }
        }
        ("GET", ["channels", ch, "messages"], None) => {
            match s.channels.lock().expect("lock").list(ch, uri.query().unwrap_or("")) {
                Ok(page) => (StatusCode::OK, axum::Json(json!(page))).into_response(),
                Err(refusal) => (StatusCode::BAD_REQUEST, axum::Json(refusal)).into_response(),
            }
        }
        _ => match s.guild.lock().expect("lock").route(method.as_str(), &segs, &json) {
            Some((204, _)) => StatusCode::NO_CONTENT.into_response(),
            Some((status, body)) => {
                (StatusCode::from_u16(status).unwrap_or(StatusCode::OK), axum::Json(body)).into_response()
            }
            None => answer(&method, &segs, ws_url, &json, fault),
        },
    };
    with_headers(response, &verdict.headers)
}

fn with_headers(mut response: Response, headers: &[(&'static str, String)]) -> Response {
    for (k, v) in headers {
        if let Ok(v) = axum::http::HeaderValue::from_str(v) {
            response.headers_mut().insert(*k, v);
        }
    }
    response
}

/// The answer to a request let through by the limits.
fn answer(method: &Method, segs: &[&str], ws_url: &str, json: &Value, fault: Option<(u16, u64)>) -> Response {
    if let Some((status, code)) = fault {
        let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let message = match code {
            50013 => "Missing Permissions",
            50001 => "Missing Access",
            10062 => "Unknown interaction",
            50007 => "Cannot send messages to this user",
            _ => "Internal Server Error",
        };
        return (status, axum::Json(json!({"message": message, "code": code}))).into_response();
    }
    let ok = |v: Value| (StatusCode::OK, axum::Json(v)).into_response();
    match (method.as_str(), segs) {
        ("GET", ["gateway"]) => ok(json!({"url": ws_url})),
        ("GET", ["gateway", "bot"]) => ok(json!({"url": ws_url, "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})),
        ("PUT", ["applications", _, "commands"]) | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
            ok(json!([]))
        }
        ("POST", ["interactions", _, _, "callback"]) => StatusCode::NO_CONTENT.into_response(),
        ("POST", ["webhooks", _, _])
        | ("PATCH", ["webhooks", _, _, "messages", _])
        | ("GET", ["webhooks", _, _, "messages", _]) => ok(message("1", json["content"].as_str().unwrap_or(""))),
        ("POST", ["channels", ch, "messages"]) => ok(message(ch, json["content"].as_str().unwrap_or(""))),
        ("POST", ["users", "@me", "channels"]) => {
            let uid: u64 = json["recipient_id"]
                .as_str()
                .and_then(|v| v.parse().ok())
                .or(json["recipient_id"].as_u64())
                .unwrap_or(1);
            ok(
                json!({"id": FakeDiscord::dm_channel(uid).to_string(), "type": 1, "recipients": [user(uid, "player", false)], "last_message_id": null}),
            )
        }
        ("GET", ["users", "@me"]) => ok(user(APP, "chessdip", true)),
        _ => (StatusCode::NOT_FOUND, axum::Json(json!({"message": "Unknown route", "code": 0}))).into_response(),
    }
}

async fn gateway(listener: TcpListener, shared: Arc<Shared>, events: broadcast::Sender<Value>, addr: SocketAddr) {
    loop {
        let Ok((stream, _)) = listener.accept().await else { return };
        let shared = shared.clone();
        let mut rx = events.subscribe();
        tokio::spawn(async move {
            let Ok(ws) = tokio_tungstenite::accept_async(stream).await else { return };
            let (mut tx, mut incoming) = ws.split();
            let send = |v: Value| Message::Text(v.to_string());
            if tx.send(send(json!({"op": 10, "d": {"heartbeat_interval": 41_250}}))).await.is_err() {
                return;
            }
            let mut seq = 0u64;
            loop {
                tokio::select! {
                    msg = incoming.next() => {
                        let Some(Ok(msg)) = msg else { return };
                        let Message::Text(text) = msg else { continue };
                        let Ok(v) = serde_json::from_str::<Value>(&text) else { continue };
                        match v["op"].as_u64() {
                            Some(1) => { let _ = tx.send(send(json!({"op": 11}))).await; }
                            Some(6) => {
                                seq += 1;
                                let resumed = json!({"op": 0, "s": seq, "t": "RESUMED", "d": {}});
                                if tx.send(send(resumed)).await.is_err() { return; }
                            }
                            Some(2) => {
                                seq += 1;
                                let ready = json!({"op": 0, "s": seq, "t": "READY", "d": {
                                    "v": 10, "user": {"id": APP.to_string(), "username": "chessdip", "discriminator": "0",
                                        "avatar": null, "bot": true, "verified": true, "mfa_enabled": false},
                                    "guilds": [{"id": GUILD.to_string(), "unavailable": true}],
                                    "session_id": "session", "resume_gateway_url": format!("ws://{addr}"),
                                    "shard": [0, 1], "application": {"id": APP.to_string(), "flags": 0}}});
                                if tx.send(send(ready)).await.is_err() { return; }
                                shared.identified.fetch_add(1, Ordering::SeqCst);
                                shared.changed.notify_waiters();
                            }
                            _ => {}
                        }
                    }
                    ev = rx.recv() => {
                        let Ok(ev) = ev else { continue };
                        seq += 1;
                        let frame = json!({"op": 0, "s": seq, "t": ev["t"], "d": ev["d"]});
                        if tx.send(send(frame)).await.is_err() { return; }
                    }
                }
            }
        });
    }
}
