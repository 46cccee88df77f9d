//! Diplomat Chess (the published *Diplomat Chess*, read as in
//! `docs/rules/diplomat-chess.md`): a
//! turn-based chess on a disk of 43 cells whose diplomat suborns enemy
//! pieces instead of capturing them.
//!
//! [`cell`] is the board and its neighbour and line tables; [`piece`] the
//! sides and pieces; [`position`] a position and what attacks what;
//! [`movegen`] each piece's moves and legality; [`notation`] the seed's move
//! notation, read and written; [`reading`] a text matched to a legal move,
//! or why not; [`text`] moves, their effects and endings in words (replies,
//! results, the transcript); [`game`] a game with its history, repetitions
//! and result; [`variant`] the creation options (what a suborn does);
//! [`family`] the [`crate::family::Family`] the service drives.
//! Decisions where the texts are silent: `docs/rules/diplomat-chess.md`.

pub mod cell;
pub mod family;
pub mod game;
pub mod movegen;
pub mod notation;
pub mod piece;
pub mod position;
pub mod reading;
pub mod text;
pub mod variant;

pub use cell::{Cell, Radius, Rot};
pub use family::DiplomatChessReport;
pub use game::{DiplomatChessState, EndOfGame, Played, Turn};
pub use movegen::{Effect, Move};
pub use notation::NotationError;
pub use piece::{ByColour, Colour, Kind, Piece};
pub use position::{parse_piece, Position, Setup, SetupError};
pub use reading::{IllegalMove, MoveError};
pub use variant::{SubornRule, Variant};
