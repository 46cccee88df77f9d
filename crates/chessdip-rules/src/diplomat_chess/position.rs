//! A position: the pieces on the disk, the side to move and (with drops)
//! the pieces in hand; set up from a plain [`Setup`], and what attacks what.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::cell::{Cell, Radius, Rot, CELLS};
use super::piece::{ByColour, Colour, Kind, Piece};

/// A position between moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "Stored", from = "Stored")]
pub struct Position {
    pub(super) board: [Option<Piece>; CELLS],
    pub(super) to_move: Colour,
    pub(super) hands: ByColour<Vec<Kind>>,
}

/// The stored form: pieces by cell.
#[derive(Serialize, Deserialize)]
struct Stored {
    pieces: BTreeMap<Cell, Piece>,
    to_move: Colour,
    #[serde(default, skip_serializing_if = "hands_empty")]
    hands: ByColour<Vec<Kind>>,
}

fn hands_empty(h: &ByColour<Vec<Kind>>) -> bool {
    h.white.is_empty() && h.black.is_empty()
}

impl From<Position> for Stored {
    fn from(p: Position) -> Stored {
        Stored { pieces: p.pieces().collect(), to_move: p.to_move, hands: p.hands }
    }
}

impl From<Stored> for Position {
    fn from(s: Stored) -> Position {
        let mut board = [None; CELLS];
        for (c, p) in s.pieces {
            board[c.index()] = Some(p);
        }
        Position { board, to_move: s.to_move, hands: s.hands }
    }
}

/// An unvalidated position, as scenario files and tests write it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Every piece.
    pub pieces: Vec<(Colour, Kind, Cell)>,
    /// Pawns whose circular sense is already chosen.
    pub senses: Vec<(Cell, Rot)>,
    /// Who moves next.
    pub to_move: Colour,
    /// Pieces in hand (drop games).
    pub hands: ByColour<Vec<Kind>>,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup { pieces: Vec::new(), senses: Vec::new(), to_move: Colour::White, hands: ByColour::default() }
    }
}

/// Why a [`Setup`] is not a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// Two pieces on one cell.
    #[error("two pieces on {0}")]
    Occupied(Cell),
    /// Not exactly one king.
    #[error("{colour} needs exactly one king, not {count}")]
    Kings {
        /// The side.
        colour: Colour,
        /// How many it has.
        count: usize,
    },
    /// A sense given for a cell without a pawn.
    #[error("there is no pawn on {0} to give a direction to")]
    SenseWithoutPawn(Cell),
    /// A king in hand.
    #[error("a king cannot be in hand")]
    KingInHand,
    /// The side that has just moved is in check.
    #[error("{checked} is in check, but it is {to_move}'s move")]
    WrongSideInCheck {
        /// The side in check.
        checked: Colour,
        /// The side to move.
        to_move: Colour,
    },
}

/// The starting position: each side's pieces on its outer crown, pawns in front.
const START: [(Kind, char); 10] = [
    (Kind::Horse, 'b'),
    (Kind::Bishop, 'c'),
    (Kind::King, 'd'),
    (Kind::Rook, 'e'),
    (Kind::Diplomat, 'f'),
    (Kind::Pawn, 'b'),
    (Kind::Pawn, 'c'),
    (Kind::Pawn, 'd'),
    (Kind::Pawn, 'e'),
    (Kind::Pawn, 'f'),
];

impl Setup {
    /// The starting setup: White K d1, R e1, D f1, B c1, H b1, pawns b2-f2;
    /// Black the same turned half a circle (K k1, R l1, D m1, B j1, H i1,
    /// pawns i2-m2). (The seed lists crown 3; the sample game, the author's
    /// correction and the board's own logic put the pieces on crown 1.)
    #[must_use]
    pub fn start() -> Setup {
        let mut s = Setup::default();
        for colour in Colour::BOTH {
            for (i, &(kind, letter)) in START.iter().enumerate() {
                let crown = if i < 5 { 1 } else { 2 };
                let Some(r) = Radius::from_char(letter) else { continue };
                let r = if colour == Colour::White { r } else { r.opposite() };
                if let Some(cell) = Cell::new(r, crown) {
                    s.pieces.push((colour, kind, cell));
                }
            }
        }
        s
    }
}

/// Reads a piece as scenario files and tests write it: a kind letter and a
/// cell (`K d1`, `Kd1`, `H 4`), or a bare cell for a pawn (`d2`, `P d2`, `4`).
///
/// # Errors
/// A message saying what a piece looks like.
pub fn parse_piece(text: &str) -> Result<(Kind, Cell), String> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let bad =
        || format!("`{}` is not a piece: write a letter (K R B H D P) and a cell, like `K d1` or `H 4`", text.trim());
    if let Ok(cell) = t.parse::<Cell>() {
        return Ok((Kind::Pawn, cell));
    }
    let mut cs = t.chars();
    let kind = cs.next().and_then(|c| Kind::from_letter(c.to_ascii_uppercase())).ok_or_else(bad)?;
    let cell = cs.as_str().parse::<Cell>().map_err(|_| bad())?;
    Ok((kind, cell))
}

impl Position {
    /// The starting position.
    #[must_use]
    pub fn start() -> Position {
        Position::from_setup(&Setup::start()).unwrap_or_else(|e| unreachable!("the start setup is valid: {e}"))
    }

    /// Validates a setup: one piece per cell, one king per side, senses only
    /// on pawns, no king in hand, the side that just moved not in check.
    ///
    /// # Errors
    /// [`SetupError`] naming the first problem.
    pub fn from_setup(s: &Setup) -> Result<Position, SetupError> {
        let mut board = [None; CELLS];
        for &(colour, kind, cell) in &s.pieces {
            let slot = &mut board[cell.index()];
            if slot.is_some() {
                return Err(SetupError::Occupied(cell));
            }
            *slot = Some(Piece::new(colour, kind));
        }
        for &(cell, rot) in &s.senses {
            match &mut board[cell.index()] {
                Some(p) if p.kind == Kind::Pawn => p.sense = Some(rot),
                _ => return Err(SetupError::SenseWithoutPawn(cell)),
            }
        }
        if s.hands.white.contains(&Kind::King) || s.hands.black.contains(&Kind::King) {
            return Err(SetupError::KingInHand);
        }
        let pos = Position { board, to_move: s.to_move, hands: s.hands.clone() };
        for colour in Colour::BOTH {
            let count = pos.pieces().filter(|(_, p)| p.colour == colour && p.kind == Kind::King).count();
            if count != 1 {
                return Err(SetupError::Kings { colour, count });
            }
        }
        let waiting = s.to_move.other();
        if pos.in_check(waiting) {
            return Err(SetupError::WrongSideInCheck { checked: waiting, to_move: s.to_move });
        }
        Ok(pos)
    }

    /// The piece on `cell`.
    #[must_use]
    pub fn piece(&self, cell: Cell) -> Option<Piece> {
        self.board[cell.index()]
    }

    /// Every piece with its cell, `a1` first, the centre last.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        Cell::all().filter_map(|c| self.piece(c).map(|p| (c, p)))
    }

    /// The side to move.
    #[must_use]
    pub const fn to_move(&self) -> Colour {
        self.to_move
    }

    /// The pieces `colour` holds in hand (drop games), in the order they were suborned.
    #[must_use]
    pub fn hand(&self, colour: Colour) -> &[Kind] {
        &self.hands[colour]
    }

    /// Where `colour`'s king stands.
    #[must_use]
    pub fn king(&self, colour: Colour) -> Option<Cell> {
        self.pieces().find(|(_, p)| p.colour == colour && p.kind == Kind::King).map(|(c, _)| c)
    }

    /// How many pieces `colour` has on the board.
    #[must_use]
    pub fn count(&self, colour: Colour) -> usize {
        self.pieces().filter(|(_, p)| p.colour == colour).count()
    }

    /// Whether only the two kings are left (and no piece is in hand).
    #[must_use]
    pub fn bare_kings(&self) -> bool {
        self.pieces().all(|(_, p)| p.kind == Kind::King) && self.hands.white.is_empty() && self.hands.black.is_empty()
    }

    /// A key that is equal for equal positions (same pieces, colours, pawn
    /// senses, hands and side to move): for counting repetitions.
    #[must_use]
    pub fn key(&self) -> String {
        let mut k = String::with_capacity(64);
        k.push(if self.to_move == Colour::White { 'w' } else { 'b' });
        for (c, p) in self.pieces() {
            k.push(' ');
            k.push_str(&c.to_string());
            let l = p.kind.letter();
            k.push(if p.colour == Colour::White { l } else { l.to_ascii_lowercase() });
            match p.sense {
                Some(Rot::Ascending) => k.push('>'),
                Some(Rot::Descending) => k.push('<'),
                None => {}
            }
        }
        for colour in Colour::BOTH {
            let mut hand: Vec<char> = self.hands[colour].iter().map(|k| k.letter()).collect();
            if !hand.is_empty() {
                hand.sort_unstable();
                k.push_str(if colour == Colour::White { " W@" } else { " B@" });
                k.extend(hand);
            }
        }
        k
    }

    /// Whether the piece on `from` attacks `target` (could capture a piece there).
    /// Diplomats attack nothing: they cannot capture.
    #[must_use]
    pub fn attacks(&self, from: Cell, target: Cell) -> bool {
        let Some(p) = self.piece(from) else { return false };
        self.piece_attacks(from, p, target)
    }

    /// Whether `p`, standing on `from`, attacks `target` in this position.
    #[must_use]
    pub fn piece_attacks(&self, from: Cell, p: Piece, target: Cell) -> bool {
        if from == target {
            return false;
        }
        match p.kind {
            Kind::King => from.touches(target),
            Kind::Horse => from.horse().contains(&target),
            Kind::Diplomat => false,
            Kind::Pawn => super::movegen::pawn_reach(p, from).captures.contains(&target),
            Kind::Rook | Kind::Bishop => {
                let lines = if p.kind == Kind::Rook { from.rook_lines() } else { from.bishop_lines() };
                lines.iter().any(|line| {
                    for &c in line {
                        if c == target {
                            return true;
                        }
                        if self.piece(c).is_some() {
                            return false;
                        }
                    }
                    false
                })
            }
        }
    }

    /// Whether any piece of `by` attacks `target`.
    #[must_use]
    pub fn attacked_by(&self, target: Cell, by: Colour) -> bool {
        self.pieces().any(|(c, p)| p.colour == by && self.piece_attacks(c, p, target))
    }

    /// The cells of `by`'s pieces that attack `target`.
    #[must_use]
    pub fn attackers(&self, target: Cell, by: Colour) -> Vec<Cell> {
        self.pieces().filter(|&(c, p)| p.colour == by && self.piece_attacks(c, p, target)).map(|(c, _)| c).collect()
    }

    /// Whether `colour`'s king is attacked.
    #[must_use]
    pub fn in_check(&self, colour: Colour) -> bool {
        self.king(colour).is_some_and(|k| self.attacked_by(k, colour.other()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Cell {
        s.parse().expect("cell")
    }

    #[test]
    fn pieces_read() {
        assert_eq!(parse_piece("K d1"), Ok((Kind::King, c("d1"))));
        assert_eq!(parse_piece("h4"), Ok((Kind::Horse, Cell::CENTRE)));
        assert_eq!(parse_piece("d2"), Ok((Kind::Pawn, c("d2"))));
        assert_eq!(parse_piece("4"), Ok((Kind::Pawn, Cell::CENTRE)));
        assert_eq!(parse_piece("P n3"), Ok((Kind::Pawn, c("n3"))));
        assert!(parse_piece("Q d1").is_err() && parse_piece("").is_err() && parse_piece("K").is_err());
    }

    #[test]
    fn start_position() {
        let p = Position::start();
        assert_eq!(p.count(Colour::White), 10);
        assert_eq!(p.count(Colour::Black), 10);
        assert_eq!(p.king(Colour::White), Some(c("d1")));
        assert_eq!(p.king(Colour::Black), Some(c("k1")));
        assert_eq!(p.piece(c("m1")), Some(Piece::new(Colour::Black, Kind::Diplomat)));
        assert_eq!(p.piece(c("i2")).map(|p| p.kind), Some(Kind::Pawn));
        assert!(!p.in_check(Colour::White) && !p.in_check(Colour::Black));
    }

    #[test]
    fn serde_round_trip() {
        let mut p = Position::start();
        p.hands.black.push(Kind::Horse);
        if let Some(pawn) = &mut p.board[c("d2").index()] {
            pawn.sense = Some(Rot::Ascending);
        }
        let json = serde_json::to_string(&p).expect("json");
        assert!(json.contains("\"d1\""), "{json}");
        let back: Position = serde_json::from_str(&json).expect("parse");
        assert_eq!(back, p);
    }

    #[test]
    fn setup_errors() {
        let mut s = Setup::start();
        s.pieces.push((Colour::White, Kind::Pawn, c("d1")));
        assert_eq!(Position::from_setup(&s), Err(SetupError::Occupied(c("d1"))));
        let mut s = Setup::start();
        s.pieces.push((Colour::Black, Kind::King, c("h3")));
        assert_eq!(Position::from_setup(&s), Err(SetupError::Kings { colour: Colour::Black, count: 2 }));
        let s = Setup {
            pieces: vec![
                (Colour::White, Kind::King, c("a1")),
                (Colour::Black, Kind::King, c("h1")),
                (Colour::White, Kind::Rook, c("h3")),
            ],
            ..Setup::default()
        };
        assert_eq!(
            Position::from_setup(&s),
            Err(SetupError::WrongSideInCheck { checked: Colour::Black, to_move: Colour::White })
        );
        let mut s = Setup::start();
        s.senses.push((c("d1"), Rot::Ascending));
        assert_eq!(Position::from_setup(&s), Err(SetupError::SenseWithoutPawn(c("d1"))));
    }
}
