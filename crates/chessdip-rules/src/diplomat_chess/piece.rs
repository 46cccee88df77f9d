//! Sides, piece kinds and pieces.

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

use super::cell::{Cell, Radius, Rot};

/// A side: White (radii `a`..`g`) or Black (`h`..`n`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// Moves first; territory `a`..`g`, king on `d1`.
    White,
    /// Territory `h`..`n`, king on `k1`.
    Black,
}

impl Colour {
    /// Both sides, White first.
    pub const BOTH: [Colour; 2] = [Colour::White, Colour::Black];

    /// The other side.
    #[must_use]
    pub const fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// `White` or `Black` (the power names).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Colour::White => "White",
            Colour::Black => "Black",
        }
    }

    /// `white` or `black`, as suborn notation writes it (`a3=black`).
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }

    /// The side for a power name or colour word (`White`, `w`, `black`...).
    #[must_use]
    pub fn from_word(s: &str) -> Option<Colour> {
        match s.trim().to_ascii_lowercase().as_str() {
            "white" | "w" => Some(Colour::White),
            "black" | "b" => Some(Colour::Black),
            _ => None,
        }
    }

    /// Whether `r` lies in this side's territory.
    #[must_use]
    pub const fn owns(self, r: Radius) -> bool {
        match self {
            Colour::White => r.index() < 7,
            Colour::Black => r.index() >= 7,
        }
    }

    /// The radius of this side's king at the start (`d` or `k`).
    #[must_use]
    pub const fn king_radius(self) -> Radius {
        match self {
            Colour::White => Radius::D,
            Colour::Black => Radius::K,
        }
    }

    /// Where this side's pawns promote: the opponent's non-pawn starting cells.
    #[must_use]
    pub fn promotes_on(self, cell: Cell) -> bool {
        let enemy = self.other().king_radius().index();
        cell.crown() == 1
            && cell.radius().is_some_and(|r| {
                let d = (r.index() + 14 - enemy) % 14;
                d <= 2 || d >= 12
            })
    }

    /// The index (White 0, Black 1), for tables.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Colour::White => 0,
            Colour::Black => 1,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A pair of values, one per side.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ByColour<T> {
    /// White's.
    pub white: T,
    /// Black's.
    pub black: T,
}

impl<T> Index<Colour> for ByColour<T> {
    type Output = T;
    fn index(&self, c: Colour) -> &T {
        match c {
            Colour::White => &self.white,
            Colour::Black => &self.black,
        }
    }
}

impl<T> IndexMut<Colour> for ByColour<T> {
    fn index_mut(&mut self, c: Colour) -> &mut T {
        match c {
            Colour::White => &mut self.white,
            Colour::Black => &mut self.black,
        }
    }
}

/// A kind of piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// Steps to any adjacent cell; cannot be suborned.
    King,
    /// Slides radially (through the centre) and along a crown.
    Rook,
    /// Slides diagonally (through the centre, keeping its sense).
    Bishop,
    /// Leaps like a chess knight.
    Horse,
    /// Steps like a king without capturing; suborns an adjacent enemy piece.
    Diplomat,
    /// Steps forward radially or circularly; captures to the sides.
    Pawn,
}

impl Kind {
    /// Every kind, king first.
    pub const ALL: [Kind; 6] = [Kind::King, Kind::Rook, Kind::Bishop, Kind::Horse, Kind::Diplomat, Kind::Pawn];

    /// What a pawn may promote to.
    pub const PROMOTIONS: [Kind; 4] = [Kind::Rook, Kind::Bishop, Kind::Horse, Kind::Diplomat];

    /// The notation letter: `K R B H D P`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Horse => 'H',
            Kind::Diplomat => 'D',
            Kind::Pawn => 'P',
        }
    }

    /// The kind for an upper-case letter (`N` is accepted for the horse).
    #[must_use]
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c {
            'K' => Kind::King,
            'R' => Kind::Rook,
            'B' => Kind::Bishop,
            'H' | 'N' => Kind::Horse,
            'D' => Kind::Diplomat,
            'P' => Kind::Pawn,
            _ => return None,
        })
    }

    /// The lower-case name: `horse`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Rook => "rook",
            Kind::Bishop => "bishop",
            Kind::Horse => "horse",
            Kind::Diplomat => "diplomat",
            Kind::Pawn => "pawn",
        }
    }

    /// The capitalised name the seed writes after a promotion: `Rook`.
    #[must_use]
    pub fn title(self) -> String {
        let n = self.name();
        n[..1].to_ascii_uppercase() + &n[1..]
    }

    /// The kind for a name or letter, any case (`rook`, `R`, `knight`, `n`).
    #[must_use]
    pub fn from_word(s: &str) -> Option<Kind> {
        let w = s.trim().to_ascii_lowercase();
        if let [c] = w.as_bytes() {
            return Kind::from_letter(char::from(*c).to_ascii_uppercase());
        }
        match w.as_str() {
            "knight" => Some(Kind::Horse),
            _ => Kind::ALL.into_iter().find(|k| k.name() == w),
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Its side.
    pub colour: Colour,
    /// What it is.
    pub kind: Kind,
    /// A pawn's circular sense once chosen on a central radius (`d`, `k`);
    /// kept for the rest of the game (reset when it changes sides).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sense: Option<Rot>,
}

impl Piece {
    /// A piece with no pawn sense.
    #[must_use]
    pub const fn new(colour: Colour, kind: Kind) -> Piece {
        Piece { colour, kind, sense: None }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.colour.word(), self.kind.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_cells_are_the_enemy_piece_cells() {
        let on =
            |c: Colour| -> Vec<String> { Cell::all().filter(|&x| c.promotes_on(x)).map(|x| x.to_string()).collect() };
        assert_eq!(on(Colour::White), ["i1", "j1", "k1", "l1", "m1"]);
        assert_eq!(on(Colour::Black), ["b1", "c1", "d1", "e1", "f1"]);
    }

    #[test]
    fn words_and_letters() {
        assert_eq!(Kind::from_word("Rook"), Some(Kind::Rook));
        assert_eq!(Kind::from_word("n"), Some(Kind::Horse));
        assert_eq!(Kind::from_word("knight"), Some(Kind::Horse));
        assert_eq!(Kind::from_word("queen"), None);
        assert_eq!(Colour::from_word("b"), Some(Colour::Black));
        assert_eq!(Kind::Diplomat.title(), "Diplomat");
        assert!(Colour::White.owns(Radius::from_char('g').expect("g")));
        assert!(!Colour::White.owns(Radius::from_char('h').expect("h")));
    }
}
