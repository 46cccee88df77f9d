//! Move text: standard algebraic notation (`Nf3`, `exd5`, `O-O`, `e8=Q`,
//! `Qxc6+`) and coordinates (`g1f3`, `g1-f3`, `Ng1-f3`, `e7e8q`), read in
//! two stages: text to [`MoveText`] (syntax only), then [`MoveText`] and a
//! position to a legal [`Move`](super::movegen::Move) or a reason (for the
//! player, or in the third person for public text). Written back as SAN
//! ([`san`], [`san_with`]): the canonical form orders are stored and shown
//! in.

use std::fmt;

mod parse;
mod read;
mod san;
#[cfg(test)]
mod tests;

pub use parse::{parse_move, SyntaxError};
pub use read::{read, read_through, read_with, IllegalMove, ReadMove, Reading};
pub use san::{san, san_with};

use crate::{Role, Square};

/// A move as written, before looking at the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveText {
    /// `O-O` (short) or `O-O-O`.
    Castle {
        /// Queenside.
        long: bool,
    },
    /// Standard algebraic notation: piece, optional start file/rank, landing square.
    San {
        /// The piece kind (pawn when no letter is given).
        role: Role,
        /// Start file index, if given (`Nbd2`, `exd5`).
        file: Option<u8>,
        /// Start rank index, if given (`R1a3`).
        rank: Option<u8>,
        /// Landing square.
        to: Square,
        /// Promotion piece, if given.
        promotion: Option<Role>,
        /// Whether it was written as a capture (`Nxf3`); never checked, kept
        /// so that the text reads back as written.
        capture: bool,
    },
    /// Start and landing squares (`g1f3`), optionally with the piece letter.
    Coords {
        /// The piece letter, if given (`Ng1-f3`).
        role: Option<Role>,
        /// Start square.
        from: Square,
        /// Landing square.
        to: Square,
        /// Promotion piece, if given.
        promotion: Option<Role>,
        /// Whether it was written as a capture (`e4xd5`).
        capture: bool,
    },
}

impl fmt::Display for MoveText {
    /// The text as written, normalised: `Nf3`, `Nxf3`, `exd5`, `Ng1f3`,
    /// `e7e8=Q`, `O-O`. A canonical text reads back to itself.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let promo = |p: &Option<Role>| p.map_or(String::new(), |r| format!("={}", r.char()));
        let x = |c: bool| if c { "x" } else { "" };
        match self {
            MoveText::Castle { long: false } => f.write_str("O-O"),
            MoveText::Castle { long: true } => f.write_str("O-O-O"),
            MoveText::San { role, file, rank, to, promotion, capture } => {
                if *role != Role::Pawn {
                    write!(f, "{}", role.char())?;
                }
                if let Some(c) = file {
                    write!(f, "{}", char::from(b'a' + c))?;
                }
                if let Some(r) = rank {
                    write!(f, "{}", r + 1)?;
                }
                // A pawn named by its file is taking.
                let taking = *capture || (*role == Role::Pawn && file.is_some());
                write!(f, "{}{to}{}", x(taking), promo(promotion))
            }
            MoveText::Coords { role, from, to, promotion, capture } => {
                if let Some(r) = role {
                    write!(f, "{}", r.char())?;
                }
                write!(f, "{from}{}{to}{}", x(*capture), promo(promotion))
            }
        }
    }
}
