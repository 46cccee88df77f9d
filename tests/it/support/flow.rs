//! The common steps of the tests that run the real bot against the fake
//! Discord: the ids they use, sending a slash command and waiting for its
//! answer or for a post in the channel (the bot's configuration is
//! `super::bot::config`). A test that uses them declares `mod scratch`
//! (`tests/it/support/scratch.rs`) beside `mod support`.
#![allow(dead_code)]

use std::path::PathBuf;

use serde_json::json;

use super::fake_discord::{FakeDiscord, Request, APP, GUILD};

pub const CHANNEL: u64 = 4_000_000_000_000_100;
pub const CHANNEL2: u64 = 4_000_000_000_000_101;
pub const GM: u64 = 4_000_000_000_000_201;
pub const ALICE: u64 = 4_000_000_000_000_202;
pub const BOB: u64 = 4_000_000_000_000_203;
pub const CAROL: u64 = 4_000_000_000_000_204;

/// A fresh database file for the test `name`.
#[track_caller]
pub fn temp_db(name: &str) -> PathBuf {
    crate::support::scratch::temp_dir(name).join("bot.db")
}

pub fn callback_of(id: &str) -> impl Fn(&Request) -> bool + '_ {
    move |r: &Request| r.method == "POST" && r.path.starts_with(&format!("/interactions/{id}/"))
}

pub fn channel_post(r: &Request) -> bool {
    r.method == "POST" && r.path == format!("/channels/{CHANNEL}/messages")
}

/// Waits for the bot to register its commands in the configured server.
pub async fn registered(fake: &FakeDiscord) -> Request {
    fake.wait_for(0, 30, |r| r.method == "PUT" && r.path == format!("/applications/{APP}/guilds/{GUILD}/commands"))
        .await
}

/// Waits for the `chessdip run` binary (no server configured) to register its commands globally.
pub async fn registered_globally(fake: &FakeDiscord) -> Request {
    fake.wait_for(0, 60, |r| r.method == "PUT" && r.path == format!("/applications/{APP}/commands")).await
}

/// Waits for a post in the game's channel (after request `n`) whose text contains `needle`.
pub async fn posted(fake: &FakeDiscord, n: usize, needle: &str) -> Request {
    fake.wait_for(n, 30, |r| channel_post(r) && r.created && r.content().contains(needle)).await
}

/// Sends a slash command and waits for the interaction's answer.
pub async fn ask(
    fake: &FakeDiscord,
    user: (u64, &str),
    path: &[&str],
    options: &[(&str, serde_json::Value)],
    manage_channels: bool,
) -> Request {
    let n = fake.requests().len();
    let id = fake.command(user.0, user.1, CHANNEL, path, options, manage_channels);
    fake.wait_for(n, 20, callback_of(&id)).await
}

/// Whether an interaction's first answer defers it (type 5: "thinking", the answer to follow).
pub fn deferred(r: &Request) -> bool {
    r.json["type"].as_u64() == Some(5)
}

/// The answer the user sees to interaction `id` (whose request came after
/// request `n`): its first answer, or, if that deferred it, the follow-up
/// that replaces the "thinking" message.
pub async fn answer_of(fake: &FakeDiscord, n: usize, id: &str) -> Request {
    let first = fake.wait_for(n, 20, callback_of(id)).await;
    if !deferred(&first) {
        return first;
    }
    let followup = format!("/webhooks/{APP}/token-{id}");
    fake.wait_for(n, 60, move |r| r.method == "POST" && r.path == followup).await
}

/// Sends a slash command and waits for the answer the user sees
/// ([`answer_of`]: a deferred answer's follow-up).
pub async fn ask_answer(
    fake: &FakeDiscord,
    user: (u64, &str),
    path: &[&str],
    options: &[(&str, serde_json::Value)],
    manage_channels: bool,
) -> Request {
    let n = fake.requests().len();
    let id = fake.command(user.0, user.1, CHANNEL, path, options, manage_channels);
    answer_of(fake, n, &id).await
}

/// Creates a game of `variant` (with `options`), seats `players` and starts it.
pub async fn game_with(fake: &FakeDiscord, options: &[(&str, serde_json::Value)], players: [(u64, &str, &str); 2]) {
    ask(fake, (GM, "gm"), &["game", "create"], options, false).await;
    for (user, name, power) in players {
        ask(fake, (user, name), &["join"], &[("power", json!(power))], false).await;
    }
    ask(fake, (GM, "gm"), &["game", "start"], &[], false).await;
}

/// The delay of each frame of a GIF, in hundredths of a second.
pub fn gif_delays(bytes: &[u8]) -> Vec<u16> {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut d = opts.read_info(bytes).expect("a GIF");
    let mut out = Vec::new();
    while let Some(f) = d.read_next_frame().expect("a frame") {
        out.push(f.delay);
    }
    out
}

/// The users a message may ping.
pub fn pinged(r: &Request) -> serde_json::Value {
    let d = if r.json.get("data").is_some() { &r.json["data"] } else { &r.json };
    d["allowed_mentions"]["users"].clone()
}
