//! The rate limits the fake Discord enforces (see `fake_discord.rs`): a
//! global limit over a sliding one-second window, per-route buckets over a
//! fixed window from their first request, refusals a test asks for, and the
//! count of 429s.
#![allow(dead_code)]

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The rate limits the fake enforces. [`Limits::default`] is Discord's;
/// [`Limits::none`] enforces none (headers are still sent).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Requests in any one second (a sliding window), interaction answers aside.
    pub global: Option<usize>,
    /// Messages per channel: (count, period), a fixed window from the bucket's first request.
    pub channel_messages: Option<(u32, Duration)>,
    /// Every other route (each method and path its own bucket): (count, period).
    pub other_routes: Option<(u32, Duration)>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            global: Some(50),
            channel_messages: Some((5, Duration::from_secs(5))),
            other_routes: Some((50, Duration::from_secs(1))),
        }
    }
}

impl Limits {
    /// No limit at all.
    #[must_use]
    pub fn none() -> Limits {
        Limits { global: None, channel_messages: None, other_routes: None }
    }
}

/// The requests answered 429 so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Refused {
    /// For the global limit.
    pub global: usize,
    /// For a route's bucket.
    pub route: usize,
}

/// The limits the fake enforces and what they have counted so far.
#[derive(Default)]
pub struct LimitState {
    /// The limits.
    pub limits: Limits,
    /// Arrival times of the counted requests let through in the last second.
    pub recent: VecDeque<Instant>,
    /// Every counted request is refused until then (a global 429 a test asked for).
    pub global_until: Option<Instant>,
    /// Per bucket: the window's start and the requests let through in it.
    pub buckets: HashMap<String, (Instant, u32)>,
    /// Buckets refused until then (a route 429 a test asked for).
    pub blocked: HashMap<String, Instant>,
    /// Refusals a test asked for: (path, retry_after in seconds, global).
    pub forced: Vec<(String, f64, bool)>,
    /// The 429s so far.
    pub refused: Refused,
}

/// How a request fares against the limits: its bucket's headers, and the refusal if any.
pub struct Verdict {
    /// The bucket's `X-RateLimit-*` headers (and a refusal's).
    pub headers: Vec<(&'static str, String)>,
    /// The refusal, if any: (`retry_after` in seconds, global).
    pub refusal: Option<(f64, bool)>,
}

impl LimitState {
    /// How a request to `path` fares (`counted`: against the global limit), arriving `now`.
    pub fn check(&mut self, method: &str, path: &str, counted: bool, now: Instant) -> Verdict {
        let segs: Vec<&str> = path.trim_matches('/').split('/').collect();
        let (key, hash, bucket) = match (method, segs.as_slice()) {
            ("POST", ["channels", ch, "messages"]) => {
                (format!("messages:{ch}"), "c0ffee-messages", self.limits.channel_messages)
            }
            _ => (format!("{method} {path}"), "c0ffee-other", self.limits.other_routes),
        };
        let forced =
            self.forced.iter().position(|(p, _, _)| path.starts_with(p.as_str())).map(|i| self.forced.remove(i));
        let refuse = |st: &mut LimitState, retry: f64, global: bool, mut headers: Vec<(&'static str, String)>| {
            if global {
                st.refused.global += 1;
            } else {
                st.refused.route += 1;
            }
            headers.push(("retry-after", format!("{}", retry.ceil().max(1.0))));
            headers.push(("x-ratelimit-scope", if global { "global" } else { "user" }.to_string()));
            if global {
                headers.push(("x-ratelimit-global", "true".to_string()));
            }
            Verdict { headers, refusal: Some((retry, global)) }
        };
        if let Some((_, retry, global)) = forced {
            let until = now + Duration::from_secs_f64(retry);
            if global {
                self.global_until = Some(until);
            } else {
                self.blocked.insert(key.clone(), until);
            }
            return refuse(self, retry, global, Vec::new());
        }
        if counted {
            if let Some(until) = self.global_until.filter(|t| *t > now) {
                return refuse(self, (until - now).as_secs_f64(), true, Vec::new());
            }
            while self.recent.front().is_some_and(|t| now.duration_since(*t) >= Duration::from_secs(1)) {
                self.recent.pop_front();
            }
            if let Some(limit) = self.limits.global {
                if self.recent.len() >= limit {
                    let wait = Duration::from_secs(1) - now.duration_since(self.recent[0]);
                    return refuse(self, wait.as_secs_f64(), true, Vec::new());
                }
            }
        }
        if let Some(until) = self.blocked.get(&key).copied().filter(|t| *t > now) {
            return refuse(self, (until - now).as_secs_f64(), false, Vec::new());
        }
        let mut headers = Vec::new();
        let mut over = None;
        if let Some((limit, period)) = bucket {
            let (start, used) = self.buckets.entry(key).or_insert((now, 0));
            if now >= *start + period {
                (*start, *used) = (now, 0);
            }
            let reset_after = (*start + period - now).as_secs_f64();
            if *used >= limit {
                over = Some(reset_after);
            } else {
                *used += 1;
            }
            let epoch = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64());
            headers = vec![
                ("x-ratelimit-limit", limit.to_string()),
                ("x-ratelimit-remaining", (limit - *used).to_string()),
                ("x-ratelimit-reset", format!("{:.3}", epoch + reset_after)),
                ("x-ratelimit-reset-after", format!("{reset_after:.3}")),
                ("x-ratelimit-bucket", hash.to_string()),
            ];
        }
        if let Some(retry) = over {
            return refuse(self, retry, false, headers);
        }
        if counted {
            self.recent.push_back(now);
        }
        Verdict { headers, refusal: None }
    }
}
