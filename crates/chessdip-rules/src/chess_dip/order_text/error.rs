//! What can be wrong with an order's syntax.

use thiserror::Error;

use crate::square::{Square, SquareError};

/// An order that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{kind} (in `{input}`)")]
pub struct ParseError {
    /// The text as given.
    pub input: String,
    /// What was wrong.
    pub kind: ParseErrorKind,
}

/// What was wrong with an order's syntax.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    /// Nothing but blanks.
    #[error("the order is empty")]
    Empty,
    /// A square name that is malformed or off the board.
    #[error("{0}")]
    Square(#[from] SquareError),
    /// Something else was needed here.
    #[error("expected {expected} but found `{found}`")]
    Expected {
        /// What would have been right.
        expected: &'static str,
        /// What was there.
        found: String,
    },
    /// The order stopped too early.
    #[error("the order ends too early: expected {0}")]
    Incomplete(&'static str),
    /// A piece with no action.
    #[error("no action for the piece on {0}: add `H` to hold, `- <square>` to move or `S <square> ...` to support")]
    NoAction(Square),
    /// A word no order uses.
    #[error("`{0}` is not part of any order: orders look like `K e1 - e2`, `K e1 H`, `N g1 S K e1 - e2`")]
    UnknownWord(String),
    /// Extra text after a complete order.
    #[error("unexpected `{0}` after the end of the order")]
    Trailing(String),
    /// A build without a piece kind.
    #[error("say which piece to build, e.g. `build K {0}` for a king or `build N {0}` for a knight")]
    BuildWhat(Square),
    /// `B <square>` in an adjustment phase: `B` was read as `build`, and no piece kind followed.
    #[error(
        "in the adjustment phase `B` means `build`, so `B {0}` reads as a build on {0} without a piece: \
         write e.g. `build K {0}` for a king or `build N {0}` for a knight (pieces get orders in the movement phases)"
    )]
    BuildLetterWhat(Square),
    /// A promotion without a piece kind.
    #[error("say what the pawn on {0} becomes, e.g. `promote {0} N` (N, B or R)")]
    PromoteWhat(Square),
}
