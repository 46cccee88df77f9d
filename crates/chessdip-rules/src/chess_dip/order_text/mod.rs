//! Order text -> [`OrderText`]: syntax only, no knowledge of the position.
//!
//! Accepts the seeds' grammar and the usual Diplomacy forms, case-insensitive,
//! with or without spaces and dashes: `K e1 - e2`, `Ke1-e2`, `Ke1 e2`,
//! `e2-e4`, `N g1 S e1 - e2`, `N c3 S K d1`, `K e1 S e2 C f1 - c4`,
//! `e5 t d6 x d5`, `O-O`, `K d1 H`, `K d1 holds`; in adjustment phases
//! `build K d1`, `B K d1`, `disband N c3`, `promote c8 R`, `c8=R`, `waive`.
//!
//! Typography is forgiven: chess figurines of either colour (`♘f3`, `♚ e8`)
//! are piece letters; the hyphen's look-alikes (the minus sign `−`, en and em
//! dashes) and arrows (`->`, `→`, `=>`, `⇒`) are the move dash; `×` is `x`.
//! The unit names of the Chesspolitik seed are piece letters too: `A`/army
//! and `M`/monarch for a king, `F`/fleet and `H`/horse for a knight, read
//! where a piece letter stands (a lone `H` after a square is still *hold*).
//! [`parse_read`] says which of these readings it made ([`Reading`]), so a
//! reply can tell the player.

mod cursor;
mod error;
mod parse;
#[cfg(test)]
mod tests;

pub use error::{ParseError, ParseErrorKind};
pub use parse::{parse, parse_read};

use crate::role::Role;
use crate::square::Square;

/// How the move was written: `-`, `x` (capture) or `t` (travel).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveCode {
    /// `-`, `to`, `move`, or no sign: the kind follows from the piece.
    Plain,
    /// `x`: an attack.
    Capture,
    /// `t`: a travel order.
    Travel,
}

/// The action of a supported order, as written after `S <square>`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DirectText {
    /// Support to hold.
    Hold,
    /// Support to move to a square.
    Move {
        /// Landing square.
        to: Square,
        /// How the move was written.
        code: MoveCode,
    },
    /// Support-convoy: `S e2 C f1 - c4` supports the convoy order on e2 for
    /// the move f1 - c4.
    Convoy {
        /// Start of the convoyed order.
        from: Square,
        /// Its landing square.
        to: Square,
        /// Its convoy code (`-`, `x`, `t` or `S`).
        code: ConvoyCode,
    },
}

/// The action code of a convoyed multi-square order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConvoyCode {
    /// A move (`-`).
    Move,
    /// An attack (`x`).
    Capture,
    /// A travel (`t`).
    Travel,
    /// A multi-square support (`S`).
    Support,
}

/// What a piece is ordered to do, as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ActionText {
    /// Hold.
    Hold,
    /// Move to a square.
    Move {
        /// Landing square.
        to: Square,
        /// How the move was written.
        code: MoveCode,
    },
    /// Support another piece's order.
    Support {
        /// Piece letter written before the supported square, if any.
        role: Option<Role>,
        /// The supported piece's square (or the convoy square).
        square: Square,
        /// What it is supported to do.
        direct: DirectText,
    },
    /// En passant: travel to `travel`, attack the passed pawn on `attack`.
    EnPassant {
        /// The square passed over by the enemy pawn.
        travel: Square,
        /// The passed pawn's square.
        attack: Square,
    },
}

/// An order as written, checked only for syntax and squares on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OrderText {
    /// An order to a piece.
    Piece {
        /// Piece letter, if written.
        role: Option<Role>,
        /// The piece's square.
        square: Square,
        /// What it does.
        action: ActionText,
    },
    /// `O-O` (`long == false`) or `O-O-O`.
    Castle {
        /// Whether the rook moves three squares.
        long: bool,
    },
    /// Build a piece.
    Build {
        /// Kind to build (aliases resolved).
        role: Role,
        /// Where.
        square: Square,
    },
    /// Disband a piece.
    Disband {
        /// Piece letter, if written.
        role: Option<Role>,
        /// Its square.
        square: Square,
    },
    /// Promote the pawn on `square`.
    Promote {
        /// The pawn's square.
        square: Square,
        /// What it becomes.
        role: Role,
    },
    /// Give up one build.
    Waive,
}

/// Which phase kind the text is read for: movement words and adjustment words overlap
/// (`B` is a bishop in Spring and "build" in Winter).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Context {
    /// Spring or Fall.
    Movement,
    /// Winter.
    Adjustment,
}

/// A reading of the order text a player may not expect, reported so the
/// reply can say how the order was read.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reading {
    /// Another name of a piece read as its letter: `A` or `army` as `K`.
    Alias {
        /// The word as written, lower-case.
        written: String,
        /// The piece it stands for.
        role: Role,
    },
    /// `B` at the start of an adjustment order read as `build`.
    BuildLetter,
}
