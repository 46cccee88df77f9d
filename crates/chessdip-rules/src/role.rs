//! Piece kinds.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A kind of chess piece. Each game says which kinds it uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Role {
    /// King: one square in any direction.
    King,
    /// Queen (Diplomacy Chess, Chess Wheel+).
    Queen,
    /// Rook: along ranks and files.
    Rook,
    /// Bishop: along diagonals.
    Bishop,
    /// Knight: the L-shaped jump.
    Knight,
    /// Pawn: advances forward, attacks diagonally forward.
    Pawn,
}

impl Role {
    /// All roles, strongest first.
    pub const ALL: [Role; 6] = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

    /// The upper-case letter used in orders: `K Q R B N P`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::King => 'K',
            Role::Queen => 'Q',
            Role::Rook => 'R',
            Role::Bishop => 'B',
            Role::Knight => 'N',
            Role::Pawn => 'P',
        }
    }

    /// The role for a letter `K Q R B N P` (either case).
    #[must_use]
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'K' => Role::King,
            'Q' => Role::Queen,
            'R' => Role::Rook,
            'B' => Role::Bishop,
            'N' => Role::Knight,
            'P' => Role::Pawn,
            _ => return None,
        })
    }

    /// The lower-case English name: `king`, `knight`...
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Queen => "queen",
            Role::Rook => "rook",
            Role::Bishop => "bishop",
            Role::Knight => "knight",
            Role::Pawn => "pawn",
        }
    }

    /// The role for a full name (`knight`, `Kings`), either case, singular or plural.
    #[must_use]
    pub fn from_name(word: &str) -> Option<Role> {
        let w = word.to_ascii_lowercase();
        let w = w.strip_suffix('s').unwrap_or(&w);
        Role::ALL.into_iter().find(|r| r.name() == w)
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_names() {
        for r in Role::ALL {
            assert_eq!(Role::from_char(r.char()), Some(r));
            assert_eq!(Role::from_char(r.char().to_ascii_lowercase()), Some(r));
            assert_eq!(Role::from_name(r.name()), Some(r));
        }
        assert_eq!(Role::from_name("Knights"), Some(Role::Knight));
        assert_eq!(Role::from_char('X'), None);
    }
}
