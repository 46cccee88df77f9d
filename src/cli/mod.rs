//! The `chessdip` command line's work, one file a subcommand family:
//! `main.rs` parses the arguments and calls these.

#[macro_use]
mod output;

pub mod arena;
pub mod backup;
pub mod bot;
mod database;
pub mod export;
pub mod play;
pub mod render;
pub mod scenario;
pub mod seal;

pub use output::exit_code;
