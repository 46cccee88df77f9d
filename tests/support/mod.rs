//! Test support shared by integration tests.
pub mod bot;
pub mod fake_channels;
pub mod fake_discord;
pub mod fake_limits;
pub mod flow;
