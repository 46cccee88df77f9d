//! chessdip: the game master for chess/Diplomacy hybrids (Chess Dip,
//! Chesspolitik, Diplomacy Chess, Diplomat Chess, Chess Wheel+).
//!
//! Layers, each depending only on the ones before it (see
//! `docs/architecture.md`): [`rules`] (pure game logic, one module per
//! game family behind [`rules::family::Family`]), [`render`] (board images),
//! [`bots`] (the computer players, beside the rules: they may call them,
//! nothing in the rules calls them), [`game`] (the game master: who may do what, phases, deadlines, orders,
//! history), [`store`] (SQLite), and the front ends: `discord` (the bot,
//! behind the default `discord` feature) and [`console`] (`chessdip play`).
//! [`scenario`] runs adjudication test files over the rules; [`config`]
//! reads `config.toml` and `CHESSDIP_*` variables. The front ends open no
//! store: the command line (`main.rs` and its `cli/` modules) builds the
//! [`game::Service`] they are given.
#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations, rust_2018_idioms)]

pub mod bots;
pub mod config;
pub mod console;
#[cfg(feature = "discord")]
pub mod discord;
pub mod game;
pub mod render;
pub mod rules;
pub mod scenario;
pub mod status;
pub mod store;
