//! chessdip: the game master for chess/Diplomacy hybrids (Chess Dip,
//! Chesspolitik, Diplomacy Chess, Diplomat Chess, Chess Wheel+): the front
//! ends over the workspace's layers (see `docs/architecture.md`), which are
//! crates of their own: [`chessdip_rules`] (the five games' rules),
//! [`chessdip_render`] (their pictures) and [`chessdip_game`] (the game
//! master and its store).
//!
//! Here: [`discord`] (the bot, behind the default `discord` feature),
//! [`console`] (`chessdip play`) and [`config`] (`config.toml` and
//! `CHESSDIP_*` variables). The front ends open no store: the command line
//! (`main.rs` and its `cli/` modules) builds the [`chessdip_game::Service`]
//! they are given.
#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations, rust_2018_idioms)]

pub mod config;
pub mod console;
#[cfg(feature = "discord")]
pub mod discord;
