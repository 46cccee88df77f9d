//! The rules layer: pure game logic, one module per game family.
//!
//! Owns boards, pieces, order parsing and validation, adjudication and the
//! phase cycle. Must not touch I/O, time, async, Discord or SQL: states and
//! reports go in and out as plain (serde) values.

pub mod any;
pub mod dip;
pub mod diplomat;
pub mod family;
pub mod power;
pub mod role;
pub mod simul;
pub mod square;
pub mod square_set;
pub mod tally;
pub mod wheel;
pub mod words;

pub use power::{ByPower, Facing, PowerId, Side};
pub use role::Role;
pub use square::{Board, File, Rank, Square};
pub use square_set::SquareSet;
