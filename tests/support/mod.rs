//! Test support shared by integration tests.
pub mod fake_discord;
