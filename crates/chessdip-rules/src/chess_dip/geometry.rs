//! How pieces move on an empty board: which squares a piece reaches, through
//! which intermediate squares, and whether the move is an attack or a travel.

use serde::{Deserialize, Serialize};

use crate::power::Facing;
use crate::role::Role;
use crate::square::{Board, Square};

/// Attack or travel (Chess Dip's distinction; everything in Chesspolitik attacks).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveKind {
    /// An ordinary move: can dislodge.
    Attack,
    /// A pawn advance or a castling move: reaches empty squares, never dislodges.
    Travel,
}

/// The squares strictly between a move's start and its landing square, in order.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(into = "Vec<Square>", from = "Vec<Square>")]
pub struct Via {
    squares: [Option<Square>; 6],
    len: u8,
}

impl From<Via> for Vec<Square> {
    fn from(v: Via) -> Vec<Square> {
        v.iter().collect()
    }
}

impl From<Vec<Square>> for Via {
    /// The stored form read back: at most six squares (no line is longer).
    fn from(squares: Vec<Square>) -> Via {
        let mut v = Via::NONE;
        for sq in squares.into_iter().take(6) {
            v.push(sq);
        }
        v
    }
}

impl Via {
    /// No intermediate squares.
    pub const NONE: Via = Via { squares: [None; 6], len: 0 };

    fn push(&mut self, sq: Square) {
        self.squares[usize::from(self.len)] = Some(sq);
        self.len += 1;
    }
    /// The squares, nearest the start first.
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.squares[..usize::from(self.len)].iter().flatten().copied()
    }
    /// Number of intermediate squares.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }
    /// Whether the move has no intermediate squares.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The same squares less `sq` (castling: the rook's path skips the king's landing square).
    #[must_use]
    pub fn without(&self, sq: Square) -> Via {
        let mut v = Via::NONE;
        for s in self.iter().filter(|&s| s != sq) {
            v.push(s);
        }
        v
    }

    /// Whether `sq` is one of the squares.
    #[must_use]
    pub fn contains(&self, sq: Square) -> bool {
        self.iter().any(|s| s == sq)
    }
}

impl std::fmt::Debug for Via {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// A way for a piece to get from one square to another on an empty board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    /// Attack or travel.
    pub kind: MoveKind,
    /// Intermediate squares.
    pub via: Via,
}

const KING: [(i8, i8); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];
const KNIGHT: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// Whether `sq` lies on one of the power's two home rows (or files).
#[must_use]
pub fn on_home_rows(board: Board, facing: Facing, sq: Square) -> bool {
    let (f, r) = (sq.file().index(), sq.rank().index());
    match facing {
        Facing::Up => r < 2,
        Facing::Down => r + 2 >= board.ranks,
        Facing::Right => f < 2,
        Facing::Left => f + 2 >= board.files,
    }
}

/// Whether `sq` lies on the power's last rank (or file): where its pawns promote.
#[must_use]
pub fn on_last_rank(board: Board, facing: Facing, sq: Square) -> bool {
    let (f, r) = (sq.file().index(), sq.rank().index());
    match facing {
        Facing::Up => r + 1 == board.ranks,
        Facing::Down => r == 0,
        Facing::Right => f + 1 == board.files,
        Facing::Left => f == 0,
    }
}

fn line(board: Board, from: Square, to: Square, diagonal: bool, straight: bool) -> Option<Via> {
    let (df, dr) = from.delta(to);
    let is_diag = df != 0 && df.abs() == dr.abs();
    let is_straight = (df == 0) != (dr == 0);
    if !((diagonal && is_diag) || (straight && is_straight)) {
        return None;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let mut via = Via::NONE;
    let mut cur = board.offset(from, sf, sr)?;
    while cur != to {
        via.push(cur);
        cur = board.offset(cur, sf, sr)?;
    }
    Some(via)
}

/// How a piece of `role`, facing `facing`, reaches `to` from `from` by moving.
/// `None` if it cannot (or `to == from`, or either is off the board).
#[must_use]
pub fn reach(board: Board, role: Role, facing: Facing, from: Square, to: Square) -> Option<Reach> {
    if from == to || !board.contains(from) || !board.contains(to) {
        return None;
    }
    let d = from.delta(to);
    let attack = |via| Some(Reach { kind: MoveKind::Attack, via });
    match role {
        Role::King => KING.contains(&d).then_some(Via::NONE).and_then(attack),
        Role::Knight => KNIGHT.contains(&d).then_some(Via::NONE).and_then(attack),
        Role::Bishop => line(board, from, to, true, false).and_then(attack),
        Role::Rook => line(board, from, to, false, true).and_then(attack),
        Role::Queen => line(board, from, to, true, true).and_then(attack),
        Role::Pawn => {
            let (ff, fr) = facing.forward();
            let (side_f, side_r) = (fr, ff); // perpendicular to forward
            if d == (ff, fr) {
                return Some(Reach { kind: MoveKind::Travel, via: Via::NONE });
            }
            if d == (2 * ff, 2 * fr) && on_home_rows(board, facing, from) {
                let mut via = Via::NONE;
                via.push(board.offset(from, ff, fr)?);
                return Some(Reach { kind: MoveKind::Travel, via });
            }
            if d == (ff + side_f, fr + side_r) || d == (ff - side_f, fr - side_r) {
                return attack(Via::NONE);
            }
            None
        }
    }
}

/// How a piece supports into `to`: along the squares it could attack.
/// (A pawn supports only diagonally forward; other pieces as they move.)
#[must_use]
pub fn support_reach(board: Board, role: Role, facing: Facing, from: Square, to: Square) -> Option<Reach> {
    reach(board, role, facing, from, to).filter(|r| r.kind == MoveKind::Attack)
}

/// Every square the piece can move to, in square order.
pub fn targets(board: Board, role: Role, facing: Facing, from: Square) -> impl Iterator<Item = Square> {
    board.squares().filter(move |&to| reach(board, role, facing, from, to).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }
    fn names(it: impl Iterator<Item = Square>) -> Vec<String> {
        it.map(|s| s.to_string()).collect()
    }

    #[test]
    fn knight_from_b1_as_in_the_seed() {
        assert_eq!(names(targets(Board::MAX, Role::Knight, Facing::Up, sq("b1"))), ["d2", "a3", "c3"]);
    }

    #[test]
    fn king_in_the_middle_and_corner() {
        assert_eq!(targets(Board::MAX, Role::King, Facing::Up, sq("d4")).count(), 8);
        assert_eq!(targets(Board::MAX, Role::King, Facing::Up, sq("h8")).count(), 3);
        let six = Board { files: 6, ranks: 6 };
        assert_eq!(names(targets(six, Role::King, Facing::Up, sq("f6"))), ["e5", "f5", "e6"]);
    }

    #[test]
    fn lines_have_intermediate_squares() {
        let r = reach(Board::MAX, Role::Bishop, Facing::Up, sq("f1"), sq("c4")).unwrap();
        assert_eq!(names(r.via.iter()), ["e2", "d3"]);
        let r = reach(Board::MAX, Role::Rook, Facing::Up, sq("a1"), sq("a4")).unwrap();
        assert_eq!(names(r.via.iter()), ["a2", "a3"]);
        assert!(reach(Board::MAX, Role::Rook, Facing::Up, sq("a1"), sq("b2")).is_none());
        assert!(reach(Board::MAX, Role::Bishop, Facing::Up, sq("a1"), sq("a2")).is_none());
    }

    #[test]
    fn pawns_by_facing() {
        let b = Board::MAX;
        let up = reach(b, Role::Pawn, Facing::Up, sq("e2"), sq("e4")).unwrap();
        assert_eq!((up.kind, names(up.via.iter())), (MoveKind::Travel, vec!["e3".to_string()]));
        assert!(reach(b, Role::Pawn, Facing::Up, sq("e3"), sq("e5")).is_none());
        assert_eq!(reach(b, Role::Pawn, Facing::Up, sq("e4"), sq("d5")).unwrap().kind, MoveKind::Attack);
        assert!(reach(b, Role::Pawn, Facing::Up, sq("e4"), sq("e3")).is_none());
        assert_eq!(reach(b, Role::Pawn, Facing::Down, sq("d7"), sq("d5")).unwrap().kind, MoveKind::Travel);
        assert!(reach(b, Role::Pawn, Facing::Right, sq("b4"), sq("c5")).is_some());
        assert!(support_reach(b, Role::Pawn, Facing::Up, sq("e4"), sq("e5")).is_none());
        assert!(support_reach(b, Role::Pawn, Facing::Up, sq("e4"), sq("f5")).is_some());
    }
}
