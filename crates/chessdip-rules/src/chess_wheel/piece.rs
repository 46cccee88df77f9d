//! Pieces and their reach: the seed's simplified piece actions, never
//! blocked by pieces in between, across the hub.
//!
//! A piece on a player's board (ranks 1-7) sees that board's 8x8 grid, whose
//! rank 8 is the hub. A piece on the hub is on every board at once: it may
//! move within any board's grid. A move therefore measures its shape in the
//! one board both ends are on; a move between ranks 1-7 of two different
//! boards is out of every piece's range.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::space::{Seat, Space};
use crate::Role;

/// A piece on the wheel.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    /// Its owner's seat.
    pub owner: Seat,
    /// Its kind.
    pub role: Role,
    /// Where it stands.
    pub space: Space,
}

/// The pieces `populate` creates, as (role, zero-based file, zero-based rank):
/// rooks a1 h1, knights b1 g1, bishops c1 f1, queen d1, king e1, a pawn on
/// every space of rank 2.
pub const START: [(Role, u8, u8); 16] = [
    (Role::Rook, 0, 0),
    (Role::Knight, 1, 0),
    (Role::Bishop, 2, 0),
    (Role::Queen, 3, 0),
    (Role::King, 4, 0),
    (Role::Bishop, 5, 0),
    (Role::Knight, 6, 0),
    (Role::Rook, 7, 0),
    (Role::Pawn, 0, 1),
    (Role::Pawn, 1, 1),
    (Role::Pawn, 2, 1),
    (Role::Pawn, 3, 1),
    (Role::Pawn, 4, 1),
    (Role::Pawn, 5, 1),
    (Role::Pawn, 6, 1),
    (Role::Pawn, 7, 1),
];

/// Why a move is outside its piece's range (the move fails).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OutOfRange {
    /// The move names the piece's own space.
    SameSpace,
    /// Both spaces are on ranks 1-7 of two different boards: no board
    /// holds both (only hub spaces are on several boards).
    OtherBoard {
        /// The board the piece is on.
        from: Seat,
        /// The board of the destination.
        to: Seat,
    },
    /// The piece does not move that way.
    Shape(Role),
}

impl OutOfRange {
    /// The reason, for a player.
    #[must_use]
    pub fn describe(self, players: &[String]) -> String {
        let name = |s: Seat| players.get(usize::from(s)).map_or("?", String::as_str).to_string();
        match self {
            OutOfRange::SameSpace => "out of range: a move must leave its space".into(),
            OutOfRange::OtherBoard { from, to } => format!(
                "out of range: the piece is on {}'s board and the space on {}'s; only hub pieces (rank 8) reach other boards",
                name(from),
                name(to)
            ),
            OutOfRange::Shape(role) => format!("out of range: a {} {}", role.name(), shape(role)),
        }
    }
}

impl fmt::Display for OutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutOfRange::SameSpace => f.write_str("out of range (same space)"),
            OutOfRange::OtherBoard { .. } => f.write_str("out of range (another board)"),
            OutOfRange::Shape(role) => write!(f, "out of range for a {}", role.name()),
        }
    }
}

/// How a piece moves, in words.
#[must_use]
pub fn shape(role: Role) -> &'static str {
    match role {
        Role::Pawn => "moves one space along its file, either way",
        Role::Bishop => "moves diagonally",
        Role::Knight => "moves two spaces one way and one the other",
        Role::Rook => "moves along its rank or file",
        Role::Queen => "moves along its rank, file or a diagonal",
        Role::King => "moves to an adjacent space",
    }
}

/// Whether `role` may go from `from` to `to` (whatever stands anywhere:
/// nothing blocks).
///
/// # Errors
/// Why the move is out of range.
pub fn reach(role: Role, from: Space, to: Space) -> Result<(), OutOfRange> {
    if from == to {
        return Err(OutOfRange::SameSpace);
    }
    if let (Some(a), Some(b)) = (from.board(), to.board()) {
        if a != b {
            return Err(OutOfRange::OtherBoard { from: a, to: b });
        }
    }
    // Both spaces are on one board's grid (the hub is rank 8 of each).
    let df = (i16::from(to.file()) - i16::from(from.file())).abs();
    let dr = (i16::from(to.rank()) - i16::from(from.rank())).abs();
    let line = df == 0 || dr == 0;
    let diagonal = df == dr;
    let ok = match role {
        Role::Pawn => df == 0 && dr == 1,
        Role::Bishop => diagonal,
        Role::Knight => (df == 1 && dr == 2) || (df == 2 && dr == 1),
        Role::Rook => line,
        Role::Queen => line || diagonal,
        Role::King => df <= 1 && dr <= 1,
    };
    if ok {
        Ok(())
    } else {
        Err(OutOfRange::Shape(role))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(board: Seat, s: &str) -> Space {
        let c: Vec<u8> = s.bytes().collect();
        Space::on(board, c[0] - b'a', c[1] - b'1').expect("space")
    }

    #[test]
    fn pawns_move_one_along_the_file_both_ways() {
        assert_eq!(reach(Role::Pawn, b(0, "e2"), b(0, "e3")), Ok(()));
        assert_eq!(reach(Role::Pawn, b(0, "e2"), b(0, "e1")), Ok(()));
        assert!(reach(Role::Pawn, b(0, "e2"), b(0, "e4")).is_err());
        assert!(reach(Role::Pawn, b(0, "e2"), b(0, "d3")).is_err());
        // Onto the hub from rank 7, and from the hub onto any board's rank 7.
        assert_eq!(reach(Role::Pawn, b(0, "e7"), b(1, "e8")), Ok(()));
        assert_eq!(reach(Role::Pawn, b(0, "e8"), b(1, "e7")), Ok(()));
        assert!(reach(Role::Pawn, b(0, "e7"), b(1, "e7")).is_err());
    }

    #[test]
    fn the_hub_is_rank_eight_of_every_board() {
        // A queen from Ann's d1 up the file to the hub.
        assert_eq!(reach(Role::Queen, b(0, "d1"), b(1, "d8")), Ok(()));
        // From the hub down any board.
        assert_eq!(reach(Role::Queen, b(0, "d8"), b(2, "d1")), Ok(()));
        assert_eq!(reach(Role::Bishop, b(0, "d8"), b(2, "h4")), Ok(()));
        assert_eq!(reach(Role::Knight, b(0, "d8"), b(2, "e6")), Ok(()));
        assert_eq!(reach(Role::Knight, b(2, "c7"), b(0, "e8")), Ok(()));
        // Along the hub.
        assert_eq!(reach(Role::Rook, b(0, "a8"), b(0, "h8")), Ok(()));
        assert_eq!(reach(Role::King, b(0, "a8"), b(0, "b8")), Ok(()));
        // Not from one board's ranks 1-7 to another's.
        assert_eq!(reach(Role::Queen, b(0, "d1"), b(1, "d2")), Err(OutOfRange::OtherBoard { from: 0, to: 1 }));
        assert_eq!(reach(Role::King, b(0, "d7"), b(1, "d7")), Err(OutOfRange::OtherBoard { from: 0, to: 1 }));
    }

    #[test]
    fn shapes() {
        assert!(reach(Role::Bishop, b(0, "c1"), b(0, "h6")).is_ok());
        assert!(reach(Role::Bishop, b(0, "c1"), b(0, "c3")).is_err());
        assert!(reach(Role::Rook, b(0, "a1"), b(0, "a7")).is_ok());
        assert!(reach(Role::Rook, b(0, "a1"), b(0, "b2")).is_err());
        assert!(reach(Role::Queen, b(0, "d1"), b(0, "h5")).is_ok());
        assert!(reach(Role::Queen, b(0, "d1"), b(0, "e3")).is_err());
        assert!(reach(Role::King, b(0, "e1"), b(0, "f2")).is_ok());
        assert!(reach(Role::King, b(0, "e1"), b(0, "e3")).is_err());
        assert!(reach(Role::Knight, b(0, "g1"), b(0, "f3")).is_ok());
        assert!(reach(Role::Knight, b(0, "g1"), b(0, "g3")).is_err());
        assert_eq!(reach(Role::King, b(0, "e1"), b(0, "e1")), Err(OutOfRange::SameSpace));
    }
}
