//! The rules layer: pure game logic, one module per game family.
//!
//! Owns boards, pieces, order parsing and validation, adjudication and the
//! phase cycle. Must not touch I/O, time, async, Discord or SQL: states and
//! reports go in and out as plain (serde) values.

#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations, rust_2018_idioms)]

pub mod any;
pub mod chess_dip;
pub mod chess_wheel;
pub mod diplomacy_chess;
pub mod diplomat_chess;
pub mod family;
pub mod power;
pub mod role;
pub mod scenario;
pub mod square;
pub mod square_set;
pub mod tally;
pub mod words;

pub use power::{ByPower, Facing, PowerId, Side};
pub use role::Role;
pub use square::{Board, File, Rank, Square};
pub use square_set::SquareSet;
