//! The messages the fake Discord's channels hold (see `fake_discord.rs`):
//! each created post and each member's message a test adds, with an id
//! that is Discord's snowflake of the fake's clock; the nonces Discord
//! remembers, for a window of that clock; and the message list as
//! `GET /channels/{id}/messages` answers it.
#![allow(dead_code)]

use std::collections::HashMap;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

/// Discord's epoch (2015-01-01), in milliseconds since 1970.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// The messages Discord holds.
#[derive(Default)]
pub struct Channels {
    /// Per channel id, oldest first.
    messages: HashMap<String, Vec<Value>>,
    /// The last message id given (ids only grow).
    last_id: u64,
    /// How long a nonce is remembered (`None`: for ever).
    pub nonce_window: Option<Duration>,
    /// Each remembered nonce: when it was used (the fake's clock) and the message it created.
    nonces: HashMap<String, (SystemTime, Value)>,
}

fn id_of(m: &Value) -> u64 {
    m["id"].as_str().and_then(|i| i.parse().ok()).unwrap_or(0)
}

impl Channels {
    /// `m` as created at `now`: a snowflake of that time for its id (later
    /// than every id given before), and its timestamp.
    pub fn stamp(&mut self, mut m: Value, now: SystemTime) -> Value {
        let ms = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64).saturating_sub(DISCORD_EPOCH_MS);
        let id = (ms << 22).max(self.last_id + 1);
        self.last_id = id;
        m["id"] = json!(id.to_string());
        m["timestamp"] = json!(chrono::DateTime::<chrono::Utc>::from(now).to_rfc3339());
        m["flags"] = json!(0);
        m
    }

    /// Keeps `m` in `channel`.
    pub fn keep(&mut self, channel: &str, m: Value) {
        self.messages.entry(channel.to_string()).or_default().push(m);
    }

    /// The message a post (`json`, `files`) creates at `now` from the bot's
    /// message `base`: its text, embeds and files, kept in `channel`.
    pub fn create(
        &mut self,
        channel: &str,
        base: Value,
        json: &Value,
        files: &[(String, Vec<u8>)],
        now: SystemTime,
    ) -> Value {
        let mut m = self.stamp(base, now);
        let embeds: Vec<Value> = json["embeds"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|e| {
                let mut e = e.clone();
                e["type"] = json!("rich");
                e
            })
            .collect();
        m["embeds"] = json!(embeds);
        let id = m["id"].as_str().unwrap_or("1").to_string();
        m["attachments"] = files
            .iter()
            .enumerate()
            .map(|(i, (name, bytes))| {
                json!({"id": format!("{id}{i}"), "filename": name, "size": bytes.len(),
                       "url": format!("https://cdn.example/{name}"), "proxy_url": format!("https://media.example/{name}")})
            })
            .collect();
        self.keep(channel, m.clone());
        m
    }

    /// Whether `nonce` is remembered at `now` (used within the window).
    pub fn remembers(&self, nonce: &str, now: SystemTime) -> bool {
        match (self.nonces.get(nonce), self.nonce_window) {
            (Some((at, _)), Some(window)) => now.duration_since(*at).unwrap_or_default() < window,
            (Some(_), None) => true,
            (None, _) => false,
        }
    }

    /// Remembers that `nonce` created `m` at `now`.
    pub fn remember(&mut self, nonce: &str, m: &Value, now: SystemTime) {
        self.nonces.insert(nonce.to_string(), (now, m.clone()));
    }

    /// The message `nonce` created.
    pub fn created_by(&self, nonce: &str) -> Option<Value> {
        self.nonces.get(nonce).map(|(_, m)| m.clone())
    }

    /// The messages of `channel`, oldest first.
    pub fn of(&self, channel: &str) -> Vec<Value> {
        self.messages.get(channel).cloned().unwrap_or_default()
    }

    /// Message `id` of `channel`, to change (a moderator's doing); `None` if deleted or unknown.
    pub fn find_mut(&mut self, channel: &str, id: &str) -> Option<&mut Value> {
        self.messages.get_mut(channel)?.iter_mut().find(|m| m["id"] == id)
    }

    /// Deletes message `id` of `channel`.
    pub fn delete(&mut self, channel: &str, id: &str) {
        if let Some(list) = self.messages.get_mut(channel) {
            list.retain(|m| m["id"] != id);
        }
    }

    /// `GET /channels/{id}/messages` with `query`, as Discord answers it: at
    /// most `limit` (default 50, 1 to 100) messages before, after or around
    /// an id (the newest without one), newest first; or Discord's refusal
    /// of a limit out of range.
    pub fn list(&self, channel: &str, query: &str) -> Result<Vec<Value>, Value> {
        let param = |k: &str| {
            query.split('&').filter_map(|kv| kv.split_once('=')).find(|(key, _)| *key == k).map(|(_, v)| v.to_string())
        };
        let limit: usize = param("limit").and_then(|l| l.parse().ok()).unwrap_or(50);
        if !(1..=100).contains(&limit) {
            return Err(json!({"message": "Invalid Form Body", "code": 50035}));
        }
        let id = |v: Option<String>| v.and_then(|v| v.parse::<u64>().ok());
        let all = self.messages.get(channel).map_or(&[][..], Vec::as_slice);
        let mut page: Vec<Value> = if let Some(after) = id(param("after")) {
            all.iter().filter(|m| id_of(m) > after).take(limit).cloned().collect()
        } else if let Some(around) = id(param("around")) {
            let from = all.iter().filter(|m| id_of(m) < around).count().saturating_sub(limit / 2);
            all.iter().skip(from).take(limit).cloned().collect()
        } else {
            let before = id(param("before")).unwrap_or(u64::MAX);
            let older: Vec<&Value> = all.iter().filter(|m| id_of(m) < before).collect();
            older[older.len().saturating_sub(limit)..].iter().map(|m| (*m).clone()).collect()
        };
        page.reverse();
        Ok(page)
    }
}
