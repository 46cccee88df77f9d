//! What a resolution reports: each move's fate, the pieces taken, the
//! position after, and the tick-by-tick trace the pictures draw; and how a
//! failed piece gets back ([`Return`]).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::diplomacy_chess::board::{Piece, Position};
use crate::Square;

/// How a failed piece gets back to its square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Return {
    /// At once: from the tick its move fails it stands on its square again.
    Instant,
    /// Back along its line, one square per tick.
    Travel,
}

/// What happened to one move (indexes name other moves of the same resolution).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fate {
    /// It was carried out.
    Moved,
    /// A piece that stands (or has already landed) was in the way.
    Blocked {
        /// Where.
        at: Square,
    },
    /// It met another moving piece on a square at the same tick.
    Met {
        /// Where.
        at: Square,
        /// The other move.
        other: usize,
    },
    /// It tried to swap squares with another moving piece.
    Swapped {
        /// The other move.
        other: usize,
    },
    /// Another piece of equal rank landed on the same square.
    EqualRank {
        /// Where.
        at: Square,
        /// The other move.
        other: usize,
    },
    /// A higher-ranked piece landing on the same square took it.
    TakenBy {
        /// Where.
        at: Square,
        /// The other move.
        other: usize,
    },
    /// It met a piece travelling back after its own move failed.
    MetReturning {
        /// Where.
        at: Square,
        /// The bounced piece's move.
        other: usize,
    },
    /// A king's landing square would be attacked after the turn.
    KingInCheck {
        /// The landing square.
        on: Square,
    },
    /// The other half of a castling failed.
    Partner,
}

impl Fate {
    /// Whether the move was carried out.
    #[must_use]
    pub fn succeeded(self) -> bool {
        self == Fate::Moved
    }
}

/// A piece taken during the resolution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Taken {
    /// The piece.
    pub piece: Piece,
    /// Its square when the resolution started.
    pub home: Square,
    /// Where it was taken.
    pub at: Square,
    /// The move that took it.
    pub by: usize,
}

/// The result of resolving a set of simultaneous moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepResult {
    /// Per move, what happened.
    pub fates: Vec<Fate>,
    /// Pieces taken, in the order it happened.
    pub taken: Vec<Taken>,
    /// The position afterwards (castling rights updated, two-square
    /// advances of this resolution recorded).
    pub after: Position,
    /// How many ticks it took.
    pub ticks: u32,
}

impl fmt::Display for Fate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fate::Moved => f.write_str("moved"),
            Fate::Blocked { at } => write!(f, "blocked at {at}"),
            Fate::Met { at, .. } => write!(f, "met another piece at {at}"),
            Fate::Swapped { .. } => f.write_str("ran head-on into a piece coming the other way"),
            Fate::EqualRank { at, .. } => write!(f, "conflict at {at} (equal rank)"),
            Fate::TakenBy { at, .. } => write!(f, "taken on {at}"),
            Fate::MetReturning { at, .. } => write!(f, "met a piece returning to its square at {at}"),
            Fate::KingInCheck { on } => write!(f, "king would be in check on {on}"),
            Fate::Partner => f.write_str("the other half of the castling failed"),
        }
    }
}

/// Where every moving piece of a resolution was, tick by tick: a read-only
/// record of the same run [`resolve`](super::resolve) makes (for pictures of it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trace {
    /// The moving pieces (castling has two), in the order of their moves.
    pub pieces: Vec<TracedPiece>,
    /// For each entry of [`StepResult::taken`], the tick it was taken at (en
    /// passant, which is judged after the last tick: the last tick).
    pub taken_at: Vec<u32>,
}

/// One moving piece of a [`Trace`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TracedPiece {
    /// Index of its move.
    pub mv: usize,
    /// The piece (a promoting pawn is a pawn).
    pub piece: Piece,
    /// Its square at the start.
    pub from: Square,
    /// The squares it enters, one per tick (its line).
    pub path: Vec<Square>,
    /// Where it is at the end of every tick, from tick 0 (the start) to the
    /// last tick; `None` once it has been taken.
    pub at: Vec<Option<Square>>,
    /// The tick at which it turned back (its move failed): 0 for a king
    /// whose landing square is attacked after the turn (it never leaves).
    pub turned: Option<u32>,
}
