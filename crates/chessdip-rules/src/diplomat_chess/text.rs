//! Diplomat Chess in words: the one place that turns a move, what it did
//! and how the game ended into text, for the replies to a player, the
//! public results and history, and the transcript.
//!
//! The move itself is always written in the seed's notation, as
//! [`Position::notation`] writes it for the move actually played (`f3` for
//! a typed `f-f3`), so what is stored reads back to the same move. Public
//! text (a result, the transcript) names the sides and never says "your";
//! the reasons a move is refused ([`super::reading::IllegalMove`]) are
//! private and may.

use super::cell::Cell;
use super::game::{EndOfGame, Played};
use super::movegen::{Effect, Move};
use super::piece::{Colour, Kind, Piece};
use super::position::Position;
use super::variant::SubornRule;

/// `f3`, or `the centre` for `4` (in words, not notation).
fn cell_words(c: Cell) -> String {
    if c.is_centre() {
        "the centre".to_string()
    } else {
        c.to_string()
    }
}

/// `on f3`, or `in the centre`.
fn at(c: Cell) -> String {
    if c.is_centre() {
        "in the centre".to_string()
    } else {
        format!("on {c}")
    }
}

/// `horse b1`, or `pawn from the centre`.
fn piece_from(name: &str, c: Cell) -> String {
    if c.is_centre() {
        format!("{name} from the centre")
    } else {
        format!("{name} {c}")
    }
}

/// `a rook`, `an ...` (every piece name starts with a consonant).
fn a(kind: Kind) -> String {
    format!("a {}", kind.name())
}

impl Position {
    /// The move in words, in the third person: `horse b1 to a3`, `pawn b2
    /// takes the horse on a3`, `pawn d3 to the centre`, `diplomat n2
    /// suborns the horse on a3`, `horse dropped on c2`, `pawn a1 to b1,
    /// promoting to a rook`.
    #[must_use]
    pub fn describe_move(&self, mv: Move) -> String {
        let name = |c: Cell| self.piece(c).map_or("piece", |p| p.kind.name());
        match mv {
            Move::Drop { kind, to } => format!("{kind} dropped {}", at(to)),
            Move::Suborn { from, target } => {
                format!("{} suborns the {} {}", piece_from("diplomat", from), name(target), at(target))
            }
            Move::Step { from, to, promotion } => {
                let mover = piece_from(name(from), from);
                let mut s = match self.piece(to) {
                    Some(q) => format!("{mover} takes the {} {}", q.kind, at(to)),
                    None => format!("{mover} to {}", cell_words(to)),
                };
                if let Some(k) = promotion {
                    s += &format!(", promoting to {}", a(k));
                }
                s
            }
        }
    }
}

/// A move numbered as the seed's sample game numbers it: `12. f3=white`
/// for White, `12. ..., k-4` for Black.
#[must_use]
pub fn numbered(number: u32, colour: Colour, notation: &str) -> String {
    match colour {
        Colour::White => format!("{number}. {notation}"),
        Colour::Black => format!("{number}. ..., {notation}"),
    }
}

/// The public line of a resolved move: `12. ..., k-4 (Black: pawn k3 to the centre)`.
#[must_use]
pub fn played_line(number: u32, colour: Colour, notation: &str, words: &str) -> String {
    format!("{} ({colour}: {words})", numbered(number, colour, notation))
}

/// `N g1` for a piece on a cell (the short form of the removed and changed lines).
#[must_use]
pub fn piece_at(p: Piece, c: Cell) -> String {
    format!("{} {c}", p.kind.letter())
}

/// The public lines of what a move did to the board, as
/// [`crate::family::Resolution`]'s `removed` and `changes`:
/// `H a3 (Black, captured by P b2)`, `P a3 suborned by D n2: now Black's`,
/// `b1: the pawn promoted to a rook`.
#[must_use]
pub fn effects(rule: SubornRule, mover: Colour, mv: Move, effect: &Effect) -> (Vec<String>, Vec<String>) {
    let mut removed = Vec::new();
    let mut changes = Vec::new();
    let by = effect.mover.map_or_else(String::new, |p| piece_at(p, mv.from().unwrap_or(mv.to())));
    if let Some(q) = effect.captured {
        removed.push(format!("{} ({}, captured by {by})", piece_at(q, mv.to()), q.colour));
    }
    if let Some(q) = effect.suborned {
        let t = piece_at(q, mv.to());
        match rule {
            SubornRule::Convert => changes.push(format!("{t} suborned by {by}: now {mover}'s")),
            SubornRule::Remove => removed.push(format!("{t} ({}, suborned by {by}: off the board)", q.colour)),
            SubornRule::Drop => removed.push(format!("{t} ({}, suborned by {by}: into {mover}'s hand)", q.colour)),
        }
    }
    if let Some(k) = effect.promoted {
        changes.push(format!("{}: the pawn promoted to {}", mv.to(), a(k)));
    }
    (removed, changes)
}

/// The public line on how the game ended: `White is checkmated: Black
/// wins.`, `Black is stalemated: White wins (a stalemate wins in Diplomat
/// Chess).`, `The game is drawn: only the two kings are left.`
#[must_use]
pub fn ending(outcome: EndOfGame) -> String {
    match outcome {
        EndOfGame::Checkmate { winner } => format!("{} is checkmated: {winner} wins.", winner.other()),
        EndOfGame::Stalemate { winner } => {
            format!("{} is stalemated: {winner} wins (a stalemate wins in Diplomat Chess).", winner.other())
        }
        EndOfGame::BareKings => "The game is drawn: only the two kings are left.".to_string(),
        EndOfGame::Repetition => "The game is drawn: the same position has occurred three times.".to_string(),
        EndOfGame::MoveLimit => "The game is drawn: the move limit was reached.".to_string(),
    }
}

/// The transcript's last line: `Checkmate: Black wins`, `Stalemate: White
/// wins`, `Draw: bare kings`, `Draw: threefold repetition`, `Draw: the
/// move limit was reached`.
#[must_use]
pub fn result_line(outcome: EndOfGame) -> String {
    match outcome {
        EndOfGame::Checkmate { winner } => format!("Checkmate: {winner} wins"),
        EndOfGame::Stalemate { winner } => format!("Stalemate: {winner} wins"),
        EndOfGame::BareKings | EndOfGame::Repetition | EndOfGame::MoveLimit => format!("Draw: {}", outcome.how()),
    }
}

/// The moves so far, numbered like the seed's sample game (`1. d3, k3`;
/// a line that starts with Black's move reads `9. ..., lx4`), one line per
/// move number, and the result on the last line if the game is over.
#[must_use]
pub fn transcript(history: &[Played], ended: Option<EndOfGame>) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut open_white: Option<u32> = None;
    for p in history {
        match (p.colour, open_white, lines.last_mut()) {
            (Colour::Black, Some(n), Some(line)) if n == p.number => {
                line.push_str(", ");
                line.push_str(&p.notation);
            }
            (colour, _, _) => lines.push(numbered(p.number, colour, &p.notation)),
        }
        open_white = (p.colour == Colour::White).then_some(p.number);
    }
    if let Some(o) = ended {
        lines.push(result_line(o));
    }
    lines.join("\n")
}

/// The public summary of a missed turn: `Move 3 (White): White made no
/// move; it is still White's move.`
#[must_use]
pub fn no_move(phase: &str, colour: Colour) -> String {
    format!("{phase}: {colour} made no move; it is still {colour}'s move.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diplomat_chess::Variant;

    #[test]
    fn moves_in_words_name_the_centre() {
        let v = Variant::default();
        let mut p = Position::start();
        let words = |p: &Position, t: &str| p.describe_move(p.read_move(&v, t).expect(t));
        assert_eq!(words(&p, "Ha3"), "horse b1 to a3");
        for m in ["d3", "k3"] {
            p = p.play(&v, p.read_move(&v, m).expect(m)).0;
        }
        assert_eq!(words(&p, "d-4"), "pawn d3 to the centre");
        p = p.play(&v, p.read_move(&v, "d-4").expect("d-4")).0;
        assert_eq!(words(&p, "kx4"), "pawn k3 takes the pawn in the centre");
    }

    #[test]
    fn numbering_and_endings() {
        assert_eq!(numbered(12, Colour::White, "f3=white"), "12. f3=white");
        assert_eq!(numbered(12, Colour::Black, "k-4"), "12. ..., k-4");
        let mate = EndOfGame::Checkmate { winner: Colour::Black };
        assert_eq!(ending(mate), "White is checkmated: Black wins.");
        let stale = EndOfGame::Stalemate { winner: Colour::White };
        assert_eq!(ending(stale), "Black is stalemated: White wins (a stalemate wins in Diplomat Chess).");
        assert_eq!(ending(EndOfGame::BareKings), "The game is drawn: only the two kings are left.");
        assert_eq!(result_line(mate), "Checkmate: Black wins");
        assert_eq!(result_line(stale), "Stalemate: White wins");
        assert_eq!(result_line(EndOfGame::BareKings), "Draw: bare kings");
        assert_eq!(result_line(EndOfGame::Repetition), "Draw: threefold repetition");
        assert_eq!(result_line(EndOfGame::MoveLimit), "Draw: the move limit was reached");
    }
}
