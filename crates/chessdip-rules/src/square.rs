//! Squares, files, ranks and rectangular boards of up to 8x8.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// The largest number of files or ranks a board may have.
pub const MAX_SIDE: u8 = 8;

/// A file (column), `a` = 0 .. `h` = 7.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct File(u8);

/// A rank (row), `1` = 0 .. `8` = 7.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl File {
    /// The file with index `i` (0 = `a`), if it is below [`MAX_SIDE`].
    #[must_use]
    pub const fn new(i: u8) -> Option<File> {
        if i < MAX_SIDE {
            Some(File(i))
        } else {
            None
        }
    }
    /// Zero-based index.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }
    /// The letter, `a`..`h`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }
}

impl Rank {
    /// The rank with index `i` (0 = rank 1), if it is below [`MAX_SIDE`].
    #[must_use]
    pub const fn new(i: u8) -> Option<Rank> {
        if i < MAX_SIDE {
            Some(Rank(i))
        } else {
            None
        }
    }
    /// Zero-based index.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }
    /// The number players write, `1`..`8`.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }
}

/// A square of a board of at most 8x8, `a1` = 0 .. `h8` = 63.
///
/// A `Square` says nothing about which board it is on: [`Board::contains`]
/// tells whether a smaller board has it.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square at `file` and `rank`.
    #[must_use]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square(rank.0 * MAX_SIDE + file.0)
    }
    /// The square with the given zero-based coordinates, if both are below 8.
    #[must_use]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_SIDE && rank < MAX_SIDE {
            Some(Square(rank * MAX_SIDE + file))
        } else {
            None
        }
    }
    /// The square with dense index `i` (0..64).
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < (MAX_SIDE as usize) * (MAX_SIDE as usize) {
            Some(Square(i as u8))
        } else {
            None
        }
    }
    /// Dense index 0..64, for tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The file.
    #[must_use]
    pub const fn file(self) -> File {
        File(self.0 % MAX_SIDE)
    }
    /// The rank.
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank(self.0 / MAX_SIDE)
    }
    /// The square `df` files and `dr` ranks away, if it is within 8x8.
    #[must_use]
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = i16::from(self.file().0) + i16::from(df);
        let r = i16::from(self.rank().0) + i16::from(dr);
        if (0..i16::from(MAX_SIDE)).contains(&f) && (0..i16::from(MAX_SIDE)).contains(&r) {
            Square::from_coords(f as u8, r as u8)
        } else {
            None
        }
    }
    /// Chebyshev (king-move) distance.
    #[must_use]
    pub fn distance(self, other: Square) -> u8 {
        let df = self.file().0.abs_diff(other.file().0);
        let dr = self.rank().0.abs_diff(other.rank().0);
        df.max(dr)
    }
    /// The file and rank differences `other - self`.
    #[must_use]
    pub fn delta(self, other: Square) -> (i8, i8) {
        (other.file().0 as i8 - self.file().0 as i8, other.rank().0 as i8 - self.rank().0 as i8)
    }
    /// Whether the square is dark in chessboard colouring (`a1` is dark).
    #[must_use]
    pub const fn is_dark(self) -> bool {
        (self.file().0 + self.rank().0) % 2 == 0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().number())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A square name that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SquareError {
    /// Not of the form letter + number.
    #[error("`{0}` is not a square name: squares are written like `e4`")]
    Malformed(String),
    /// Well formed but off the board.
    #[error("there is no square {name} on this board: it runs from a1 to {last}")]
    OffBoard {
        /// What was written.
        name: String,
        /// The board's last square (`h8`, `f6`).
        last: String,
    },
}

impl FromStr for Square {
    type Err = SquareError;

    /// Reads `e4` (any case) on the largest board, 8x8.
    fn from_str(s: &str) -> Result<Square, SquareError> {
        Board::MAX.parse_square(s)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A rectangular board of `files` x `ranks` squares, anchored at `a1`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// Number of files (columns), 1..=8.
    pub files: u8,
    /// Number of ranks (rows), 1..=8.
    pub ranks: u8,
}

impl Board {
    /// The 8x8 chessboard.
    pub const MAX: Board = Board { files: 8, ranks: 8 };

    /// Whether the square lies on this board.
    #[must_use]
    pub fn contains(self, sq: Square) -> bool {
        sq.file().0 < self.files && sq.rank().0 < self.ranks
    }

    /// The square `df`, `dr` away from `sq`, if it is on this board.
    #[must_use]
    pub fn offset(self, sq: Square, df: i8, dr: i8) -> Option<Square> {
        sq.offset(df, dr).filter(|s| self.contains(*s))
    }

    /// Every square of the board, `a1`, `b1`, ... rank by rank.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.ranks).flat_map(move |r| (0..self.files).filter_map(move |f| Square::from_coords(f, r)))
    }

    /// The top-right square's name, such as `h8`.
    #[must_use]
    pub fn last_square(self) -> String {
        format!("{}{}", (b'a' + self.files.saturating_sub(1)) as char, self.ranks)
    }

    /// Reads a square name (case-insensitive) that must lie on this board.
    ///
    /// # Errors
    /// [`SquareError`] if the text is not a square name or is off the board.
    pub fn parse_square(self, text: &str) -> Result<Square, SquareError> {
        let t = text.trim();
        let mut chars = t.chars();
        let malformed = || SquareError::Malformed(t.to_string());
        let letter = chars.next().ok_or_else(malformed)?.to_ascii_lowercase();
        let digits: &str = chars.as_str();
        if !letter.is_ascii_lowercase() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed());
        }
        let off = || SquareError::OffBoard { name: format!("{letter}{digits}"), last: self.last_square() };
        let rank: u32 = digits.parse().map_err(|_| off())?;
        let file = u32::from(letter) - u32::from('a');
        if rank == 0 || rank > u32::from(self.ranks) || file >= u32::from(self.files) {
            return Err(off());
        }
        Square::from_coords(file as u8, (rank - 1) as u8).ok_or_else(off)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Board::MAX.squares() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!(Board::MAX.squares().count(), 64);
    }

    #[test]
    fn small_board() {
        let b = Board { files: 6, ranks: 6 };
        assert_eq!(b.squares().count(), 36);
        assert!(b.parse_square("F6").is_ok());
        assert_eq!(
            b.parse_square("g1").unwrap_err().to_string(),
            "there is no square g1 on this board: it runs from a1 to f6"
        );
        assert!(matches!(b.parse_square("e"), Err(SquareError::Malformed(_))));
        assert!(matches!(b.parse_square("a0"), Err(SquareError::OffBoard { .. })));
        assert!(matches!(b.parse_square("a99999999999"), Err(SquareError::OffBoard { .. })));
    }

    #[test]
    fn geometry() {
        let e4: Square = "e4".parse().unwrap();
        assert_eq!(e4.offset(3, 0).unwrap().to_string(), "h4");
        assert_eq!(e4.offset(4, 0), None);
        assert_eq!(e4.distance("g7".parse().unwrap()), 3);
        assert!("a1".parse::<Square>().unwrap().is_dark());
        assert!(!"b1".parse::<Square>().unwrap().is_dark());
    }
}
