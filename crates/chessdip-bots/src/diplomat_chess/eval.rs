//! What a Diplomat Chess position is worth to the side to move, and a
//! 64-bit hash of a position for the transposition table.
//!
//! The evaluation: material (pawn 100, horse 300, bishop 320, rook 500,
//! diplomat 800; pieces in hand at nine tenths), pawns' progress towards
//! their promotion cells, pieces' closeness to the centre (through which
//! every line runs), and, for the side ahead, how boxed in the enemy king
//! is (checkmate and stalemate both win, so a king with nowhere to go is
//! the goal).

use crate::rng::Rng;
use chessdip_rules::diplomat_chess::cell::CELLS;
use chessdip_rules::diplomat_chess::{Cell, Colour, Kind, Position, Rot};

/// A win found by the search, less the plies it takes.
pub const WIN: i32 = 30_000;

/// The value of a piece of `kind`.
#[must_use]
pub const fn value(kind: Kind) -> i32 {
    match kind {
        Kind::King => 0,
        Kind::Pawn => 100,
        Kind::Horse => 300,
        Kind::Bishop => 320,
        Kind::Rook => 500,
        Kind::Diplomat => 800,
    }
}

/// How far a pawn of `colour` on `cell` has come towards its promotion
/// cells: 0 at the start (crown 2 of its own territory) up to 5 next to
/// them (crown 1 of the enemy's).
fn pawn_progress(colour: Colour, cell: Cell) -> i32 {
    match cell.radius() {
        None => 2,
        Some(r) if colour.owns(r) => i32::from(cell.crown()) - 2,
        Some(_) => 3 + (3 - i32::from(cell.crown())),
    }
}

/// The material and placement of `colour` (centipawns).
fn side_score(pos: &Position, colour: Colour) -> i32 {
    let mut s = 0;
    for (cell, p) in pos.pieces().filter(|(_, p)| p.colour == colour) {
        s += value(p.kind);
        match p.kind {
            Kind::Pawn => {
                let g = pawn_progress(colour, cell).max(0);
                s += 6 * g * g;
            }
            Kind::King => {}
            _ => s += 6 * i32::from(if cell.is_centre() { 4 } else { cell.crown() }),
        }
    }
    for &k in pos.hand(colour) {
        s += value(k) * 9 / 10;
    }
    s
}

/// How many cells around `colour`'s king it could step to without being
/// attacked there (0 to 14).
fn king_room(pos: &Position, colour: Colour) -> i32 {
    let Some(k) = pos.king(colour) else { return 0 };
    let foe = colour.other();
    let free = k
        .neighbours()
        .iter()
        .filter(|&&c| pos.piece(c).is_none_or(|p| p.colour == foe) && !pos.attacked_by(c, foe))
        .count();
    i32::try_from(free).unwrap_or(0)
}

/// The position's worth to the side to move.
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    let me = pos.to_move();
    let them = me.other();
    let (mine, theirs) = (side_score(pos, me), side_score(pos, them));
    let mut s = mine - theirs;
    // The side clearly ahead hunts the king: fewer free cells around it.
    if s > 250 {
        s += 12 * (8 - king_room(pos, them)).max(0);
    } else if s < -250 {
        s -= 12 * (8 - king_room(pos, me)).max(0);
    }
    s
}

/// Random keys for hashing positions: one per (cell, colour, kind, pawn
/// sense), the side to move, and per (colour, kind) in hand.
#[derive(Debug)]
pub struct Keys {
    board: Vec<u64>,
    black_to_move: u64,
    hand: [[u64; 6]; 2],
}

/// The index of a kind in the key tables.
fn kind_index(k: Kind) -> usize {
    Kind::ALL.iter().position(|&x| x == k).unwrap_or(0)
}

impl Keys {
    /// Fixed keys (the same on every machine).
    #[must_use]
    pub fn new() -> Keys {
        let mut rng = Rng::new(0xd1_71_0a_7c);
        let board = (0..CELLS * 2 * 6 * 3).map(|_| rng.next_u64()).collect();
        let black_to_move = rng.next_u64();
        let mut hand = [[0u64; 6]; 2];
        for side in &mut hand {
            for k in side.iter_mut() {
                *k = rng.next_u64();
            }
        }
        Keys { board, black_to_move, hand }
    }

    /// The hash of `pos`.
    #[must_use]
    pub fn hash(&self, pos: &Position) -> u64 {
        let mut h = if pos.to_move() == Colour::Black { self.black_to_move } else { 0 };
        for (cell, p) in pos.pieces() {
            let sense = match p.sense {
                None => 0,
                Some(Rot::Ascending) => 1,
                Some(Rot::Descending) => 2,
            };
            let i = ((cell.index() * 2 + p.colour.index()) * 6 + kind_index(p.kind)) * 3 + sense;
            h ^= self.board.get(i).copied().unwrap_or(0);
        }
        for colour in Colour::BOTH {
            for (n, &k) in pos.hand(colour).iter().enumerate() {
                // Each further piece of a kind in hand changes the hash again.
                h ^= self.hand[colour.index()][kind_index(k)].rotate_left(u32::try_from(n).unwrap_or(0) * 7);
            }
        }
        h
    }
}

impl Default for Keys {
    fn default() -> Keys {
        Keys::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chessdip_rules::diplomat_chess::Variant;

    #[test]
    fn the_start_is_even_and_a_piece_up_is_better() {
        let v = Variant::default();
        let start = Position::start();
        assert_eq!(evaluate(&start), 0, "the start is symmetric");
        let mv = start.legal_moves(&v)[0];
        let (after, _) = start.play(&v, mv);
        // Black to move after a quiet white move: close to even.
        assert!(evaluate(&after).abs() < 60, "{}", evaluate(&after));
    }

    #[test]
    fn equal_positions_hash_equal_and_moves_change_the_hash() {
        let v = Variant::default();
        let keys = Keys::new();
        let start = Position::start();
        assert_eq!(keys.hash(&start), keys.hash(&start.clone()));
        let mut seen = std::collections::HashSet::new();
        for m in start.legal_moves(&v) {
            assert!(seen.insert(keys.hash(&start.play(&v, m).0)), "two moves gave one hash");
        }
        assert!(!seen.contains(&keys.hash(&start)));
    }
}
