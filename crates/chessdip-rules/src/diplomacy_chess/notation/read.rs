//! [`MoveText`] and a position to a legal [`Move`], or the reason it is not
//! one (for the player, or in the third person).

use thiserror::Error;

use super::super::board::at;
use super::super::board::{back_rank, last_rank, Position};
use super::super::movegen::{legality_in, pseudo_from, why_unreachable_in, Move, Rules};
use super::super::text::{both_or_all, Voice};
use super::{san, MoveText, SyntaxError};
use crate::words::{join_and, join_or};
use crate::{Role, Side, Square};

/// A move text that does not give a legal move in the position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// Not a move at all.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// Several pieces fit the text.
    #[error("{text} is ambiguous: {options} can {} go there{}", both_or_all(*.count), .hint.as_ref().map_or(String::new(), |h| format!("; write {h}")))]
    Ambiguous {
        /// The text.
        text: String,
        /// `the knights on b1 and f3`.
        options: String,
        /// How many pieces fit.
        count: usize,
        /// `Nbd2 or Nfd2`, for the player (none in public text).
        hint: Option<String>,
    },
    /// Understood but not allowed, with the reason.
    #[error("{0}")]
    Illegal(String),
}

/// How a move text is read: whom the reasons speak to, and whether the
/// player's own king must be safe after the move alone.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Whom reasons speak to.
    pub voice: Voice,
    /// Whether a move that leaves the player's own king in check is refused
    /// (not in the simultaneously progressive mode, where the whole list is
    /// judged instead).
    pub king_safety: bool,
}

impl Reading {
    /// A player's order, read for the player: the chess rules for orders.
    pub const PLAYER: Reading = Reading { voice: Voice::You, king_safety: true };
}

/// What a player's move text was read as (for notes such as a default promotion).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadMove {
    /// The legal move.
    pub mv: Move,
    /// Something the player should know about how it was read.
    pub note: Option<String>,
}

/// Finds the legal move `text` stands for in `pos` for `side`, as if it were
/// `side`'s turn.
///
/// # Errors
/// [`IllegalMove`] with a reason for the player.
pub fn read(pos: &Position, side: Side, text: &MoveText) -> Result<ReadMove, IllegalMove> {
    read_with(pos, side, text, Reading::PLAYER)
}

/// [`read`], with the reasons in `how.voice` and the king's safety checked
/// or not.
///
/// # Errors
/// [`IllegalMove`] with a reason.
pub fn read_with(pos: &Position, side: Side, text: &MoveText, how: Reading) -> Result<ReadMove, IllegalMove> {
    let v = how.voice;
    match *text {
        MoveText::Castle { long } => {
            let r = back_rank(side);
            let (from, to) = (at(4, r), at(if long { 2 } else { 6 }, r));
            if pos.get(from).is_none_or(|p| p.side != side || p.role != Role::King) {
                return Err(IllegalMove::Illegal(format!(
                    "{} cannot castle: {} king is not on {from}",
                    v.subject(),
                    v.poss()
                )));
            }
            pick(pos, side, from, to, None, how)
        }
        MoveText::Coords { role, from, to, promotion, .. } => {
            let piece = pos.get(from).filter(|p| p.side == side).ok_or_else(|| no_piece(from, v))?;
            if let Some(said) = role.filter(|r| *r != piece.role) {
                return Err(wrong_piece(from, piece.role, said));
            }
            pick(pos, side, from, to, promotion, how)
        }
        MoveText::San { role, file, rank, to, promotion, .. } => {
            let mine = candidates(pos, side, role, file, rank);
            let name = role.name();
            if mine.is_empty() {
                return Err(IllegalMove::Illegal(match (file, rank) {
                    (None, None) => format!("{} no {name}", v.has()),
                    _ => format!("{} no {name} there to move to {to}", v.has()),
                }));
            }
            let reach: Vec<Square> = mine
                .iter()
                .copied()
                .filter(|&s| pseudo_from(pos, s, Rules::Orders).iter().any(|m| m.to == to && promo_fits(m, promotion)))
                .collect();
            match reach.as_slice() {
                [] if mine.len() == 1 => Err(IllegalMove::Illegal(why_unreachable_in(pos, mine[0], to, v))),
                [] => {
                    // Of several, the one whose line leads there but is blocked says why.
                    let lined: Vec<Square> = mine.iter().copied().filter(|&s| on_a_line(pos, s, to)).collect();
                    Err(IllegalMove::Illegal(match lined.as_slice() {
                        [one] => why_unreachable_in(pos, *one, to, v),
                        _ => format!("none of {} {name}s can reach {to}", v.poss()),
                    }))
                }
                [one] => pick(pos, side, *one, to, promotion, how),
                several => {
                    let legal: Vec<Square> =
                        several.iter().copied().filter(|&s| pick(pos, side, s, to, promotion, how).is_ok()).collect();
                    match legal.as_slice() {
                        [one] => pick(pos, side, *one, to, promotion, how),
                        [] => pick(pos, side, several[0], to, promotion, how),
                        many => Err(ambiguous(role, to, many, promotion, v)),
                    }
                }
            }
        }
    }
}

/// Reads `text` as if the player's other pieces were not on the board: a
/// piece may pass or land where its partners stand, because in the
/// simultaneously progressive mode they may leave at the first tick (whether
/// they do is the caller's to check). Castling is never read so. The king's
/// safety is not checked.
///
/// # Errors
/// [`IllegalMove`] with a reason in `voice`.
pub fn read_through(pos: &Position, side: Side, text: &MoveText, voice: Voice) -> Result<ReadMove, IllegalMove> {
    let how = Reading { voice, king_safety: false };
    match *text {
        MoveText::Castle { .. } => read_with(pos, side, text, how),
        MoveText::Coords { role, from, to, promotion, .. } => {
            let piece = pos.get(from).filter(|p| p.side == side).ok_or_else(|| no_piece(from, voice))?;
            if let Some(said) = role.filter(|r| *r != piece.role) {
                return Err(wrong_piece(from, piece.role, said));
            }
            pick(&alone(pos, side, from), side, from, to, promotion, how)
        }
        MoveText::San { role, file, rank, to, promotion, .. } => {
            let reach: Vec<Square> = candidates(pos, side, role, file, rank)
                .into_iter()
                .filter(|&s| {
                    pseudo_from(&alone(pos, side, s), s, Rules::Orders)
                        .iter()
                        .any(|m| m.to == to && promo_fits(m, promotion))
                })
                .collect();
            match reach.as_slice() {
                [one] => pick(&alone(pos, side, *one), side, *one, to, promotion, how),
                [] => read_with(pos, side, text, how),
                many => Err(ambiguous(role, to, many, promotion, voice)),
            }
        }
    }
}

/// Whether the piece on `from` could reach `to` on an otherwise empty board.
fn on_a_line(pos: &Position, from: Square, to: Square) -> bool {
    let mut empty = Position::empty();
    empty.set(from, pos.get(from));
    pseudo_from(&empty, from, Rules::Orders).iter().any(|m| m.to == to)
}

/// `pos` without `side`'s pieces other than the one on `keep`.
fn alone(pos: &Position, side: Side, keep: Square) -> Position {
    let mut p = pos.clone();
    for (s, piece) in pos.pieces() {
        if piece.side == side && s != keep {
            p.set(s, None);
        }
    }
    p
}

/// `side`'s pieces of kind `role` on the given file and rank, if any.
fn candidates(pos: &Position, side: Side, role: Role, file: Option<u8>, rank: Option<u8>) -> Vec<Square> {
    pos.pieces()
        .filter(|(s, p)| {
            p.side == side
                && p.role == role
                && file.is_none_or(|f| s.file().index() == f)
                && rank.is_none_or(|r| s.rank().index() == r)
        })
        .map(|(s, _)| s)
        .collect()
}

fn no_piece(sq: Square, v: Voice) -> IllegalMove {
    IllegalMove::Illegal(format!("{} no piece on {sq}", v.has()))
}

fn wrong_piece(sq: Square, found: Role, said: Role) -> IllegalMove {
    IllegalMove::Illegal(format!("the piece on {sq} is a {}, not a {}", found.name(), said.name()))
}

fn promo_fits(m: &Move, promotion: Option<Role>) -> bool {
    promotion.is_none() || m.promotion.is_none() || m.promotion == promotion
}

fn ambiguous(role: Role, to: Square, many: &[Square], promotion: Option<Role>, v: Voice) -> IllegalMove {
    let name = role.name();
    let squares: Vec<String> = many.iter().map(ToString::to_string).collect();
    let options = format!("the {name}s on {}", join_and(&squares));
    let promo = promotion.map_or(String::new(), |p| format!("={}", p.char()));
    let letter = if role == Role::Pawn { String::new() } else { role.char().to_string() };
    let hints: Vec<String> = many
        .iter()
        .map(|s| {
            let same_file = many.iter().filter(|o| o.file() == s.file()).count() > 1;
            let same_rank = many.iter().filter(|o| o.rank() == s.rank()).count() > 1;
            let d = match (same_file, same_rank) {
                (false, _) => s.file().char().to_string(),
                (true, false) => s.rank().number().to_string(),
                (true, true) => s.to_string(),
            };
            format!("{letter}{d}{to}{promo}")
        })
        .collect();
    let text = format!("{letter}{to}{promo}");
    let hint = (v == Voice::You).then(|| join_or(&hints));
    IllegalMove::Ambiguous { text, options, count: many.len(), hint }
}

/// The legal move of the piece on `from` to `to` with `promotion`.
fn pick(
    pos: &Position,
    side: Side,
    from: Square,
    to: Square,
    promotion: Option<Role>,
    how: Reading,
) -> Result<ReadMove, IllegalMove> {
    let v = how.voice;
    let Some(piece) = pos.get(from).filter(|p| p.side == side) else { return Err(no_piece(from, v)) };
    if let Some(p) = promotion {
        if matches!(p, Role::King | Role::Pawn) {
            return Err(IllegalMove::Illegal("a pawn promotes to a queen, rook, bishop or knight".into()));
        }
        if piece.role != Role::Pawn || to.rank().index() != last_rank(side) {
            return Err(IllegalMove::Illegal(format!(
                "only a pawn reaching the last rank promotes; the {} on {from} going to {to} does not",
                piece.role.name()
            )));
        }
    }
    let candidates: Vec<Move> = pseudo_from(pos, from, Rules::Orders).into_iter().filter(|m| m.to == to).collect();
    if candidates.is_empty() {
        return Err(IllegalMove::Illegal(why_unreachable_in(pos, from, to, v)));
    }
    let (mv, defaulted) = if candidates[0].promotion.is_some() {
        match promotion {
            Some(p) => (candidates.iter().copied().find(|m| m.promotion == Some(p)), false),
            None => (candidates.iter().copied().find(|m| m.promotion == Some(Role::Queen)), true),
        }
    } else {
        (candidates.first().copied(), false)
    };
    let mv = mv.ok_or_else(|| IllegalMove::Illegal(why_unreachable_in(pos, from, to, v)))?;
    if how.king_safety {
        legality_in(pos, &mv, Rules::Orders, v).map_err(IllegalMove::Illegal)?;
    }
    let note = defaulted.then(|| {
        format!("read as {}: the pawn on {from} becomes a queen (write =R, =B or =N for another piece)", san(pos, &mv))
    });
    Ok(ReadMove { mv, note })
}
