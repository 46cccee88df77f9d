//! A set of squares as a 64-bit mask.

use std::fmt;

use super::square::Square;

/// A set of squares of an up-to-8x8 board.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(u64);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// Whether `sq` is in the set.
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }
    /// Adds `sq`; returns whether it was new.
    pub fn insert(&mut self, sq: Square) -> bool {
        let new = !self.contains(sq);
        self.0 |= 1 << sq.index();
        new
    }
    /// Removes `sq`.
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }
    /// Number of squares.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The squares in index order (`a1`, `b1`, ..., `a2`, ...).
    pub fn iter(self) -> impl Iterator<Item = Square> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Square::from_index(i)
        })
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut s = SquareSet::EMPTY;
        for sq in iter {
            s.insert(sq);
        }
        s
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_iterate_remove() {
        let mut s: SquareSet = ["h8", "a1", "e4"].iter().map(|n| n.parse::<Square>().unwrap()).collect();
        assert_eq!(s.len(), 3);
        assert_eq!(s.iter().map(|q| q.to_string()).collect::<Vec<_>>(), ["a1", "e4", "h8"]);
        s.remove("e4".parse().unwrap());
        assert!(!s.contains("e4".parse().unwrap()));
        assert!(!s.insert("a1".parse().unwrap()));
    }
}
