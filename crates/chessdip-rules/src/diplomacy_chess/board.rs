//! The chess position of Diplomacy Chess: pieces on 64 squares, castling
//! rights and last turn's two-square pawn advances, with attack tests on
//! cozy-chess's tables. Unlike a chess library's board it has no side to
//! move and accepts both kings in check at once.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::{Role, Side, Square};

/// The other side.
#[must_use]
pub const fn opponent(side: Side) -> Side {
    match side {
        Side::White => Side::Black,
        Side::Black => Side::White,
    }
}

/// A side's name as players read it: `White`, `Black`.
#[must_use]
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// The conflict rank of a piece kind (K>Q>R>B=N>P): higher takes lower.
#[must_use]
pub const fn rank_of(role: Role) -> u8 {
    match role {
        Role::King => 5,
        Role::Queen => 4,
        Role::Rook => 3,
        Role::Bishop | Role::Knight => 2,
        Role::Pawn => 1,
    }
}

/// The usual material value (for the standing line).
#[must_use]
pub const fn value_of(role: Role) -> u32 {
    match role {
        Role::King => 0,
        Role::Queen => 9,
        Role::Rook => 5,
        Role::Bishop | Role::Knight => 3,
        Role::Pawn => 1,
    }
}

/// A piece: its side and kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// White or Black.
    pub side: Side,
    /// King, queen...
    pub role: Role,
}

impl Piece {
    /// A piece of `side`.
    #[must_use]
    pub const fn new(side: Side, role: Role) -> Piece {
        Piece { side, role }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    #[must_use]
    pub const fn fen_char(self) -> char {
        let c = self.role.char();
        match self.side {
            Side::White => c,
            Side::Black => c.to_ascii_lowercase(),
        }
    }
}

impl fmt::Display for Piece {
    /// `N c6`-style text needs the square; alone a piece reads `White knight`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", side_name(self.side), self.role.name())
    }
}

/// Which castlings are still possible as far as the king and rooks having
/// moved goes (the position must still allow them).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Castling {
    /// White may castle kingside (O-O).
    pub white_short: bool,
    /// White may castle queenside (O-O-O).
    pub white_long: bool,
    /// Black may castle kingside.
    pub black_short: bool,
    /// Black may castle queenside.
    pub black_long: bool,
}

impl Castling {
    /// Every right, as at the start.
    pub const ALL: Castling = Castling { white_short: true, white_long: true, black_short: true, black_long: true };

    /// Whether `side` may still castle on that wing.
    #[must_use]
    pub const fn get(self, side: Side, short: bool) -> bool {
        match (side, short) {
            (Side::White, true) => self.white_short,
            (Side::White, false) => self.white_long,
            (Side::Black, true) => self.black_short,
            (Side::Black, false) => self.black_long,
        }
    }

    /// Sets one right.
    pub fn set(&mut self, side: Side, short: bool, value: bool) {
        match (side, short) {
            (Side::White, true) => self.white_short = value,
            (Side::White, false) => self.white_long = value,
            (Side::Black, true) => self.black_short = value,
            (Side::Black, false) => self.black_long = value,
        }
    }

    /// Drops the rights that depend on a piece standing on `sq` (a king's or
    /// rook's home square): called when a piece leaves or is taken there.
    pub fn touch(&mut self, sq: Square) {
        let side = match sq.rank().index() {
            0 => Side::White,
            7 => Side::Black,
            _ => return,
        };
        match sq.file().index() {
            4 => {
                self.set(side, true, false);
                self.set(side, false, false);
            }
            7 => self.set(side, true, false),
            0 => self.set(side, false, false),
            _ => {}
        }
    }

    fn fen(self) -> String {
        let mut s = String::new();
        for (on, c) in
            [(self.white_short, 'K'), (self.white_long, 'Q'), (self.black_short, 'k'), (self.black_long, 'q')]
        {
            if on {
                s.push(c);
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}

/// The home rank index (0-based) of a side's pieces.
#[must_use]
pub const fn back_rank(side: Side) -> u8 {
    match side {
        Side::White => 0,
        Side::Black => 7,
    }
}

/// The rank index a side's pawns promote on.
#[must_use]
pub const fn last_rank(side: Side) -> u8 {
    match side {
        Side::White => 7,
        Side::Black => 0,
    }
}

/// The direction a side's pawns advance (rank delta).
#[must_use]
pub const fn forward(side: Side) -> i8 {
    match side {
        Side::White => 1,
        Side::Black => -1,
    }
}

/// A position that is not a Diplomacy Chess position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A side has no king, or more than one.
    #[error("{side} must have exactly one king, found {count}")]
    Kings {
        /// The side's name.
        side: &'static str,
        /// How many it has.
        count: usize,
    },
    /// A pawn on the first or last rank.
    #[error("a pawn cannot stand on {0}: pawns promote on the last rank and never stand on their first")]
    PawnOnEdge(Square),
    /// Two pieces given for one square.
    #[error("two pieces are given for {0}")]
    Twice(Square),
    /// The placement text could not be read.
    #[error("cannot read the position `{0}`")]
    Fen(String),
}

/// A Diplomacy Chess position between turns (or steps).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    squares: [Option<Piece>; 64],
    /// Castling rights.
    pub castling: Castling,
    /// The two-square pawn advances of the last turn (progressive mode: of
    /// the last step), as (from, to): these pawns may be taken en passant.
    pub double_steps: Vec<(Square, Square)>,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.key())
    }
}

/// The cozy-chess square for one of ours (both count `a1` = 0 .. `h8` = 63).
pub(crate) fn cz(sq: Square) -> cozy_chess::Square {
    cozy_chess::Square::ALL[sq.index()]
}

/// Our squares of a cozy-chess bitboard.
pub(crate) fn squares_of(bb: cozy_chess::BitBoard) -> impl Iterator<Item = Square> {
    bb.iter().filter_map(|s| Square::from_index(s as usize))
}

/// The square at file `f`, rank `r` (0-based); for the rules' own
/// constant squares only (a file or rank above 7 is a bug in this module).
pub(crate) const fn at(f: u8, r: u8) -> Square {
    match Square::from_coords(f, r) {
        Some(s) => s,
        None => panic!("square coordinates out of range"),
    }
}

impl Position {
    /// An empty board with no castling rights.
    #[must_use]
    pub fn empty() -> Position {
        Position { squares: [None; 64], castling: Castling::default(), double_steps: Vec::new() }
    }

    /// The standard chess start.
    #[must_use]
    pub fn start() -> Position {
        Position::from_fen_board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
            .map(|mut p| {
                p.castling = Castling::ALL;
                p
            })
            .unwrap_or_else(|_| Position::empty())
    }

    /// The piece on `sq`.
    #[must_use]
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// Puts `piece` on `sq` (or empties it).
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.squares[sq.index()] = piece;
    }

    /// Every piece with its square, `a1` first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.squares.iter().enumerate().filter_map(|(i, p)| p.and_then(|p| Square::from_index(i).map(|s| (s, p))))
    }

    /// The square of `side`'s king, if it has one.
    #[must_use]
    pub fn king(&self, side: Side) -> Option<Square> {
        self.pieces().find(|(_, p)| p.side == side && p.role == Role::King).map(|(s, _)| s)
    }

    /// Occupied squares as a bitboard.
    #[must_use]
    pub fn occupied(&self) -> cozy_chess::BitBoard {
        let mut bits = 0u64;
        for (i, p) in self.squares.iter().enumerate() {
            if p.is_some() {
                bits |= 1 << i;
            }
        }
        cozy_chess::BitBoard(bits)
    }

    /// The squares a piece of kind `role` and side `side` on `from` attacks
    /// with the board's pieces as blockers.
    #[must_use]
    pub fn attacks_from(&self, from: Square, side: Side, role: Role) -> cozy_chess::BitBoard {
        attacks(from, side, role, self.occupied())
    }

    /// The pieces of `by` attacking `target` (with the board as it is).
    #[must_use]
    pub fn attackers(&self, target: Square, by: Side) -> Vec<(Square, Piece)> {
        let occ = self.occupied();
        self.pieces()
            .filter(|(s, p)| p.side == by && *s != target && attacks(*s, p.side, p.role, occ).has(cz(target)))
            .collect()
    }

    /// Whether `by` attacks `target`.
    #[must_use]
    pub fn is_attacked(&self, target: Square, by: Side) -> bool {
        !self.attackers(target, by).is_empty()
    }

    /// Whether `side`'s king is attacked.
    #[must_use]
    pub fn in_check(&self, side: Side) -> bool {
        self.king(side).is_some_and(|k| self.is_attacked(k, opponent(side)))
    }

    /// The placement part of FEN (`rnbqkbnr/pppppppp/8/...`).
    #[must_use]
    pub fn fen_board(&self) -> String {
        let mut out = String::new();
        for r in (0..8u8).rev() {
            let mut empty = 0;
            for f in 0..8u8 {
                match Square::from_coords(f, r).and_then(|s| self.get(s)) {
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if r > 0 {
                out.push('/');
            }
        }
        out
    }

    /// Reads the placement part of FEN.
    ///
    /// # Errors
    /// [`SetupError::Fen`] if the text is not eight ranks of pieces and digits.
    pub fn from_fen_board(text: &str) -> Result<Position, SetupError> {
        let bad = || SetupError::Fen(text.to_string());
        let mut p = Position::empty();
        let ranks: Vec<&str> = text.split('/').collect();
        if ranks.len() != 8 {
            return Err(bad());
        }
        for (i, row) in ranks.iter().enumerate() {
            let r = 7 - i as u8;
            let mut f = 0u8;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    f = f.checked_add(d as u8).ok_or_else(bad)?;
                } else {
                    let role = Role::from_char(c).ok_or_else(bad)?;
                    let side = if c.is_ascii_uppercase() { Side::White } else { Side::Black };
                    let s = Square::from_coords(f, r).ok_or_else(bad)?;
                    p.set(s, Some(Piece::new(side, role)));
                    f += 1;
                }
                if f > 8 {
                    return Err(bad());
                }
            }
            if f != 8 {
                return Err(bad());
            }
        }
        Ok(p)
    }

    /// The position's identity for repetition: placement, castling rights
    /// and the squares en passant is possible on.
    #[must_use]
    pub fn key(&self) -> String {
        let mut ep: Vec<String> = self
            .double_steps
            .iter()
            .filter(|(_, to)| self.en_passant_possible(*to))
            .map(|(_, to)| to.to_string())
            .collect();
        ep.sort();
        format!(
            "{} {} {}",
            self.fen_board(),
            self.castling.fen(),
            if ep.is_empty() { "-".into() } else { ep.join(",") }
        )
    }

    /// Whether an enemy pawn stands beside the pawn on `to` to take it en passant.
    fn en_passant_possible(&self, to: Square) -> bool {
        let Some(victim) = self.get(to) else { return false };
        [-1i8, 1].iter().any(|&df| {
            to.offset(df, 0).and_then(|s| self.get(s)).is_some_and(|p| p.role == Role::Pawn && p.side != victim.side)
        })
    }

    /// Checks the position is playable: one king a side, no pawn on the
    /// first or last rank. Castling rights for a king or rook that is not on
    /// its home square are dropped.
    ///
    /// # Errors
    /// The first problem found.
    pub fn validate(&mut self) -> Result<(), SetupError> {
        for side in [Side::White, Side::Black] {
            let count = self.pieces().filter(|(_, p)| p.side == side && p.role == Role::King).count();
            if count != 1 {
                return Err(SetupError::Kings { side: side_name(side), count });
            }
        }
        if let Some((s, _)) = self.pieces().find(|(s, p)| p.role == Role::Pawn && matches!(s.rank().index(), 0 | 7)) {
            return Err(SetupError::PawnOnEdge(s));
        }
        self.drop_lost_castling();
        let pawn_at = |p: &Position, s: Square| p.get(s).is_some_and(|x| x.role == Role::Pawn);
        let steps: Vec<(Square, Square)> =
            self.double_steps.iter().copied().filter(|&(_, to)| pawn_at(self, to)).collect();
        self.double_steps = steps;
        Ok(())
    }

    /// Drops castling rights whose king or rook is not on its home square.
    pub fn drop_lost_castling(&mut self) {
        for side in [Side::White, Side::Black] {
            let r = back_rank(side);
            let has = |f: u8, role: Role| self.get(at(f, r)) == Some(Piece::new(side, role));
            let (king, short_rook, long_rook) = (has(4, Role::King), has(7, Role::Rook), has(0, Role::Rook));
            if !(king && short_rook) {
                self.castling.set(side, true, false);
            }
            if !(king && long_rook) {
                self.castling.set(side, false, false);
            }
        }
    }

    /// Whether only the two kings are left.
    #[must_use]
    pub fn bare_kings(&self) -> bool {
        self.pieces().all(|(_, p)| p.role == Role::King)
    }

    /// The material of `side` (Q 9, R 5, B 3, N 3, P 1).
    #[must_use]
    pub fn material(&self, side: Side) -> u32 {
        self.pieces().filter(|(_, p)| p.side == side).map(|(_, p)| value_of(p.role)).sum()
    }
}

/// The squares a piece attacks from `from` with `occupied` as blockers.
#[must_use]
pub fn attacks(from: Square, side: Side, role: Role, occupied: cozy_chess::BitBoard) -> cozy_chess::BitBoard {
    let s = cz(from);
    match role {
        Role::King => cozy_chess::get_king_moves(s),
        Role::Queen => cozy_chess::get_rook_moves(s, occupied) | cozy_chess::get_bishop_moves(s, occupied),
        Role::Rook => cozy_chess::get_rook_moves(s, occupied),
        Role::Bishop => cozy_chess::get_bishop_moves(s, occupied),
        Role::Knight => cozy_chess::get_knight_moves(s),
        Role::Pawn => cozy_chess::get_pawn_attacks(
            s,
            match side {
                Side::White => cozy_chess::Color::White,
                Side::Black => cozy_chess::Color::Black,
            },
        ),
    }
}

#[derive(Serialize, Deserialize)]
struct PositionData {
    board: String,
    castling: Castling,
    #[serde(default)]
    double_steps: Vec<(Square, Square)>,
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        PositionData { board: self.fen_board(), castling: self.castling, double_steps: self.double_steps.clone() }
            .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let data = PositionData::deserialize(d)?;
        let mut p = Position::from_fen_board(&data.board).map_err(serde::de::Error::custom)?;
        p.castling = data.castling;
        p.double_steps = data.double_steps;
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().expect("square")
    }

    #[test]
    fn start_position_round_trips() {
        let p = Position::start();
        assert_eq!(p.fen_board(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
        assert_eq!(p.king(Side::White), Some(sq("e1")));
        let json = serde_json::to_string(&p).expect("json");
        let back: Position = serde_json::from_str(&json).expect("back");
        assert_eq!(back, p);
        assert!(Position::from_fen_board("8/8/8").is_err());
        assert!(Position::from_fen_board("9/8/8/8/8/8/8/8").is_err());
    }

    #[test]
    fn attacks_and_check() {
        let mut p = Position::empty();
        p.set(sq("e1"), Some(Piece::new(Side::White, Role::King)));
        p.set(sq("e8"), Some(Piece::new(Side::Black, Role::King)));
        p.set(sq("e5"), Some(Piece::new(Side::Black, Role::Rook)));
        p.set(sq("a1"), Some(Piece::new(Side::White, Role::Rook)));
        assert!(p.in_check(Side::White));
        assert!(!p.in_check(Side::Black));
        p.set(sq("e3"), Some(Piece::new(Side::White, Role::Pawn)));
        assert!(!p.in_check(Side::White));
        assert!(p.is_attacked(sq("d4"), Side::White), "the e3 pawn attacks d4");
        assert!(p.validate().is_ok());
        assert!(!p.castling.white_long);
    }
}
