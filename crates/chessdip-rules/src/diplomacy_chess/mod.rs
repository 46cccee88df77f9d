//! Diplomacy Chess: simultaneous chess (the published *Diplomacy Chess*, as
//! `docs/rules/diplomacy-chess.md` reads it and decides where it is silent).
//!
//! Both players move at once; moves that clash fail by the seed's conflict
//! rules, played out on a clock of one square per tick. Three modes: basic
//! (one move a turn), progressive (n moves in turn n, run step by step) and
//! simultaneously progressive (n moves at once, bounced pieces travel back).
//!
//! Layout: [`board`] (the position, attacks on cozy-chess tables),
//! [`movegen`] (moves and legality), [`notation`] (SAN and coordinates,
//! read and written), [`condition`] (conditional moves), [`plan`] (a
//! player's checked move list, with each order's canonical text; the
//! simultaneously progressive list in `together`), [`resolve`] (the time
//! model), [`turn`] (a whole turn and the game's end), [`text`] (every
//! sentence about orders and their outcomes: public and private forms),
//! [`state`], [`variant`], and the [`Family`](crate::family::Family)
//! implementation in `family`.

pub mod board;
pub mod condition;
mod family;
pub mod movegen;
pub mod notation;
pub mod plan;
pub mod resolve;
pub mod state;
pub mod text;
mod together;
pub mod turn;
pub mod variant;

pub use board::{Castling, Piece, Position, SetupError};
pub use family::{side_of, split_moves};
pub use movegen::{Move, MoveKind, Rules};
pub use resolve::{Fate, Return};
pub use state::{DiplomacyChessState, GameEnd, MoveRecord, TurnRecord};
pub use turn::{resolve_turn, CaptureReport, DiplomacyChessReport, MoveReport};
pub use variant::{Mode, Variant};
