//! Spaces: every player's standard board (ranks 1-7, named after the
//! player) and the hub (rank 8, one set of eight spaces shared by every
//! standard board).

use std::fmt;

use serde::{Deserialize, Serialize};

/// Files per board (`a`..`h`).
pub const FILES: u8 = 8;
/// Ranks per standard board (`1`..`8`); rank 8 is the hub.
pub const RANKS: u8 = 8;
/// The zero-based index of rank 8, the hub.
pub const HUB_RANK: u8 = RANKS - 1;

/// A seat: the index of a player (and of their standard board) in
/// [`State::players`](super::State::players).
pub type Seat = u8;

/// A space of the wheel.
///
/// `{Ann}d8` and `{Bo}d8` are the same space, [`Space::Hub`] with file `d`:
/// rank 8 of every standard board is shared.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Space {
    /// A space of ranks 1-7 of a player's standard board.
    Board {
        /// Whose board.
        board: Seat,
        /// File, 0 = `a` .. 7 = `h`.
        file: u8,
        /// Rank, 0 = rank 1 .. 6 = rank 7.
        rank: u8,
    },
    /// A hub space: rank 8 of every standard board at once.
    Hub {
        /// File, 0 = `a` .. 7 = `h`.
        file: u8,
    },
}

impl Space {
    /// The space at zero-based `file` and `rank` of `board`'s standard board
    /// (rank index 7 is the hub), if both are on the board.
    #[must_use]
    pub fn on(board: Seat, file: u8, rank: u8) -> Option<Space> {
        if file >= FILES || rank >= RANKS {
            return None;
        }
        Some(if rank == HUB_RANK { Space::Hub { file } } else { Space::Board { board, file, rank } })
    }

    /// Zero-based file.
    #[must_use]
    pub fn file(self) -> u8 {
        match self {
            Space::Board { file, .. } | Space::Hub { file } => file,
        }
    }

    /// Zero-based rank on any board it belongs to (7 for the hub).
    #[must_use]
    pub fn rank(self) -> u8 {
        match self {
            Space::Board { rank, .. } => rank,
            Space::Hub { .. } => HUB_RANK,
        }
    }

    /// The board a rank 1-7 space is on; `None` for the hub (it is on every board).
    #[must_use]
    pub fn board(self) -> Option<Seat> {
        match self {
            Space::Board { board, .. } => Some(board),
            Space::Hub { .. } => None,
        }
    }

    /// Whether this is a hub space.
    #[must_use]
    pub fn is_hub(self) -> bool {
        matches!(self, Space::Hub { .. })
    }

    /// The space's coordinates (`e2`) without its board.
    #[must_use]
    pub fn coords(self) -> Coords {
        Coords { file: self.file(), rank: self.rank() }
    }

    /// The space as players write it: `{Ann}e2` on a board, a bare `d8` on
    /// the hub (every board's rank 8 is the same space).
    #[must_use]
    pub fn name(self, players: &[String]) -> String {
        match self {
            Space::Board { board, .. } => {
                let owner = players.get(usize::from(board)).map_or("?", String::as_str);
                format!("{{{owner}}}{}", self.coords())
            }
            Space::Hub { .. } => self.coords().to_string(),
        }
    }
}

/// A file and rank without a board: `e2`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Coords {
    /// Zero-based file.
    pub file: u8,
    /// Zero-based rank.
    pub rank: u8,
}

impl fmt::Display for Coords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file.min(25)), u32::from(self.rank) + 1)
    }
}

/// Whether two board names are the same when read: case-insensitively.
#[must_use]
pub fn same_name(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_eight_is_the_hub_on_every_board() {
        assert_eq!(Space::on(0, 3, 7), Some(Space::Hub { file: 3 }));
        assert_eq!(Space::on(0, 3, 7), Space::on(5, 3, 7));
        assert_eq!(Space::on(1, 4, 1), Some(Space::Board { board: 1, file: 4, rank: 1 }));
        assert_ne!(Space::on(0, 4, 1), Space::on(1, 4, 1));
        assert_eq!(Space::on(0, 8, 0), None);
        assert_eq!(Space::on(0, 0, 8), None);
    }

    #[test]
    fn names() {
        let players = vec!["Ann".to_string(), "Bo".to_string()];
        assert_eq!(Space::Board { board: 1, file: 4, rank: 1 }.name(&players), "{Bo}e2");
        assert_eq!(Space::Hub { file: 3 }.name(&players), "d8");
        assert!(same_name("ann", " ANN "));
        assert!(!same_name("Ann", "Anna"));
    }
}
