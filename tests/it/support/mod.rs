//! What the integration tests share: scratch databases, consoles and
//! services, scenes and pixel checks for pictures, sample games, and the
//! fake Discord on 127.0.0.1 with the real bot run against it.
#![allow(dead_code)]

#[cfg(feature = "discord")]
pub mod bot;
pub mod cases;
pub mod dip_colours;
pub mod dip_setup;
pub mod diplomat_sample;
#[cfg(feature = "discord")]
pub mod drawing;
pub mod fake_channels;
pub mod fake_discord;
pub mod fake_dms;
pub mod fake_guild;
pub mod fake_interactions;
pub mod fake_limits;
pub mod flow;
pub mod gen;
pub mod gifs;
pub mod pixels;
pub mod replies;
pub mod scenes;
pub mod scratch;
pub mod squares;
pub mod wheel_scenario;

/// Taken by the tests that measure a storm of results against the real bot:
/// two at once on a 2-core machine would time each other, not the bot.
static HEAVY: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Waits for the other storms to finish; held until the guard is dropped.
pub async fn heavy() -> tokio::sync::MutexGuard<'static, ()> {
    HEAVY.lock().await
}
