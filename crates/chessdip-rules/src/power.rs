//! Powers (the players' nations) and tables keyed by power.

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

/// A power's index in its variant's list of powers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PowerId(pub u8);

impl PowerId {
    /// The index, for tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for PowerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "power #{}", self.0)
    }
}

/// Which set of chess pieces a power plays: drawn light or dark.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Light pieces (White's side in the seeds).
    White,
    /// Dark pieces (Black's side).
    Black,
}

/// The direction a power faces: away from its home edge. Pawns advance this way.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Facing {
    /// Home at rank 1, facing higher ranks.
    Up,
    /// Home at the top rank, facing rank 1.
    Down,
    /// Home at the last file, facing file a.
    Left,
    /// Home at file a, facing the last file.
    Right,
}

impl Facing {
    /// One step forward as (file, rank) deltas.
    #[must_use]
    pub const fn forward(self) -> (i8, i8) {
        match self {
            Facing::Up => (0, 1),
            Facing::Down => (0, -1),
            Facing::Left => (-1, 0),
            Facing::Right => (1, 0),
        }
    }
}

/// A table with one entry per power, indexed by [`PowerId`].
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ByPower<T>(Vec<T>);

impl<T> ByPower<T> {
    /// A table for `n` powers, each entry made by `f`.
    pub fn from_fn(n: usize, f: impl FnMut(PowerId) -> T) -> ByPower<T> {
        ByPower((0..n).map(|i| PowerId(i as u8)).map(f).collect())
    }
    /// Number of powers.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// Whether there are no powers.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Entries with their power.
    pub fn iter(&self) -> impl Iterator<Item = (PowerId, &T)> {
        self.0.iter().enumerate().map(|(i, t)| (PowerId(i as u8), t))
    }
}

impl<T> Index<PowerId> for ByPower<T> {
    type Output = T;
    fn index(&self, p: PowerId) -> &T {
        &self.0[p.index()]
    }
}

impl<T> IndexMut<PowerId> for ByPower<T> {
    fn index_mut(&mut self, p: PowerId) -> &mut T {
        &mut self.0[p.index()]
    }
}
