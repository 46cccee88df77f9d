//! chessdip: the game master for chess/Diplomacy hybrids.
//!
//! Layers (each depends only on the ones above it): [`rules`] (pure game
//! logic), [`scenario`] (adjudication test files over the rules), and
//! [`config`] (settings from `config.toml` and `CHESSDIP_*` variables).
#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations, rust_2018_idioms)]

pub mod config;
pub mod console;
#[cfg(feature = "discord")]
pub mod discord;
pub mod game;
pub mod render;
pub mod rules;
pub mod scenario;
pub mod store;
