//! Reading a move against a position: the text's syntax
//! ([`super::notation::parse`]) is matched against the position's moves, and
//! when nothing matches, [`IllegalMove`] says why, for the player.

use thiserror::Error;

use super::cell::Cell;
use super::movegen::{pawn_reach, DropProblem, Move};
use super::notation::{parse, FromHint, MoveText, NotationError};
use super::piece::{Colour, Kind};
use super::position::Position;
use super::variant::{SubornRule, Variant};

/// Why a readable move is not allowed, written for the player.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// The move would leave the mover's king in check (or expose it).
    #[error("that would leave your king in check")]
    KingInCheck,
    /// The king would move into check.
    #[error("your king would be in check on {0}")]
    IntoCheck(Cell),
    /// The identified piece cannot get there.
    #[error("the {kind} on {from} cannot reach {to}")]
    CannotReach {
        /// The piece.
        kind: Kind,
        /// Its cell.
        from: Cell,
        /// Where it was sent.
        to: Cell,
    },
    /// None of the candidate pieces can get there.
    #[error("none of your {kind}s{hint} can {verb} {to}")]
    NoneCanReach {
        /// The kind.
        kind: Kind,
        /// ` on radius b`, or empty.
        hint: String,
        /// `reach`, `move to`, `capture on`.
        verb: &'static str,
        /// The landing cell.
        to: Cell,
    },
    /// No piece of that kind (where written).
    #[error("you have no {kind}{hint}")]
    NoPiece {
        /// The kind.
        kind: Kind,
        /// ` on radius b`, or empty.
        hint: String,
    },
    /// No own piece on the written from-cell.
    #[error("there is no piece of yours on {0}")]
    NoPieceAt(Cell),
    /// The piece on the from-cell is of another kind.
    #[error("the piece on {cell} is your {actual}, not a {written}")]
    WrongPiece {
        /// The cell.
        cell: Cell,
        /// What stands there.
        actual: Kind,
        /// What was written.
        written: Kind,
    },
    /// The landing cell holds one of the mover's own pieces.
    #[error("your own {kind} stands on {cell}")]
    OwnPiece {
        /// The cell.
        cell: Cell,
        /// What stands there.
        kind: Kind,
    },
    /// A rook sent round a whole crown.
    #[error("the rook on {0} cannot go round the full circle back to {0}")]
    NullMove(Cell),
    /// Suborning a king.
    #[error("the king cannot be suborned")]
    KingImmune,
    /// Suborning an empty cell.
    #[error("there is no enemy piece on {0} to suborn")]
    NothingToSuborn(Cell),
    /// Suborning one's own piece.
    #[error("the {kind} on {cell} is already yours")]
    AlreadyYours {
        /// The cell.
        cell: Cell,
        /// What stands there.
        kind: Kind,
    },
    /// No diplomat next to the target.
    #[error("none of your diplomats{hint} stands next to {cell}")]
    NoDiplomatNext {
        /// The target.
        cell: Cell,
        /// ` on radius b`, or empty.
        hint: String,
    },
    /// A suborn written with the opponent's colour.
    #[error("a suborned piece joins your side: write {cell}={}", colour.word())]
    SubornColour {
        /// The target.
        cell: Cell,
        /// The mover's colour.
        colour: Colour,
    },
    /// A pawn reaching a promotion cell without saying what it becomes.
    #[error("a pawn reaching {0} promotes: add =R, =B, =H or =D (e.g. {0}=R)")]
    NeedsPromotion(Cell),
    /// A promotion where there is none.
    #[error("{0} is not a promotion cell for your pawns")]
    NotPromotion(Cell),
    /// Promotion to a king, pawn or queen.
    #[error("a pawn promotes to a rook, bishop, horse or diplomat, not to {0}")]
    BadPromotion(String),
    /// A promotion written for a piece that is not a pawn.
    #[error("only a pawn promotes: a {0} never does, so write the move without `=`")]
    NotAPawn(Kind),
    /// A word after `=` that is neither a colour nor a piece.
    #[error("`={0}` is neither a colour (white, black) nor a piece (R, B, H, D)")]
    BadWord(String),
    /// A drop in a game without drops.
    #[error("pieces are dropped only in games played with suborn=drop")]
    NoDrops,
    /// Dropping what is not in hand.
    #[error("you have no {0} in hand")]
    NotInHand(Kind),
    /// Dropping on an occupied cell.
    #[error("{0} is not empty")]
    DropOccupied(Cell),
    /// Dropping on the centre.
    #[error("pieces cannot be dropped on the centre")]
    DropCentre,
    /// Dropping a pawn where it would promote.
    #[error("a pawn cannot be dropped on a promotion cell ({0})")]
    DropPromotion(Cell),
    /// A drop that checks.
    #[error("a dropped piece may not give check")]
    DropCheck,
    /// Several moves fit the text.
    #[error("`{text}` could mean {}: write one of them", options.join(" or "))]
    Ambiguous {
        /// The text.
        text: String,
        /// The moves it could mean, in notation.
        options: Vec<String>,
    },
}

/// A move text that is unreadable or not allowed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Unreadable.
    #[error(transparent)]
    Syntax(#[from] NotationError),
    /// Not allowed here.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// Whether a word after `=` names a colour (`w`, `white`, `b`, `black`).
fn colour_word(w: &str) -> Option<Colour> {
    Colour::from_word(w)
}

impl Position {
    /// Reads `text` as a move of the side to move. Never panics.
    ///
    /// A piece letter must be upper-case (`b` is a radius, `B` the bishop);
    /// if the strict reading fails and the text starts with a lower-case
    /// piece letter, the upper-case reading is tried.
    ///
    /// # Errors
    /// [`MoveError`]: unreadable, or not allowed here (with why).
    pub fn read_move(&self, v: &Variant, text: &str) -> Result<Move, MoveError> {
        let strict = parse(text).map_err(MoveError::from).and_then(|mt| self.match_move(v, &mt, text));
        if strict.is_ok() {
            return strict;
        }
        let t = text.trim();
        if let Some(first) = t.chars().next().filter(|c| "khdbrn".contains(*c)) {
            let upper = format!("{}{}", first.to_ascii_uppercase(), &t[first.len_utf8()..]);
            match parse(&upper).map_err(MoveError::from).and_then(|mt| self.match_move(v, &mt, &upper)) {
                Ok(m) => return Ok(m),
                // When the strict reading found no pawn to speak of, the piece reading says more.
                Err(e) if matches!(strict, Err(MoveError::Illegal(IllegalMove::NoPiece { .. }))) => return Err(e),
                Err(_) => {}
            }
        }
        strict
    }

    fn matches(&self, mt: &MoveText, mv: Move) -> bool {
        let me = self.to_move;
        match mv {
            Move::Drop { .. } => false,
            Move::Step { from, to, promotion } => {
                let Some(p) = self.piece(from) else { return false };
                let kind_ok = match mt.piece {
                    Some(k) => p.kind == k,
                    None => p.kind == Kind::Pawn || matches!(mt.from, FromHint::Cell(_)),
                };
                let eq_ok = match (promotion, mt.eq.as_deref()) {
                    (None, None) => true,
                    (Some(k), Some(w)) => Kind::from_word(w) == Some(k),
                    _ => false,
                };
                to == mt.to && kind_ok && mt.from.admits(from) && eq_ok && (!mt.capture || self.piece(to).is_some())
            }
            Move::Suborn { from, target } => {
                let kind_ok = matches!(mt.piece, None | Some(Kind::Diplomat));
                let said = match mt.eq.as_deref() {
                    Some(w) => colour_word(w) == Some(me),
                    None => mt.piece == Some(Kind::Diplomat) || mt.from == FromHint::Cell(from),
                };
                target == mt.to && kind_ok && mt.from.admits(from) && said
            }
        }
    }

    fn match_move(&self, v: &Variant, mt: &MoveText, text: &str) -> Result<Move, MoveError> {
        if mt.drop {
            return self.match_drop(v, mt).map_err(MoveError::from);
        }
        let pseudo: Vec<Move> = self.pseudo_moves(v).into_iter().filter(|&m| self.matches(mt, m)).collect();
        let legal: Vec<Move> = pseudo.iter().copied().filter(|&m| self.keeps_king_safe(v, m)).collect();
        // A bare destination (`e3`) means the pawn stepping along its radius
        // when several pawns could step there, as `e3` means the e-pawn in chess.
        let radial =
            |m: &Move| matches!(*m, Move::Step { from, to, .. } if from.is_centre() || from.radius() == to.radius());
        let bare = mt.piece.is_none() && mt.from == FromHint::Any && !mt.capture && self.piece(mt.to).is_none();
        let legal = if bare && legal.len() > 1 && legal.iter().filter(|m| radial(m)).count() == 1 {
            legal.into_iter().filter(radial).collect()
        } else {
            legal
        };
        match legal.as_slice() {
            [one] => Ok(*one),
            [] if !pseudo.is_empty() => Err(self.moving_into_check(&pseudo).unwrap_or(IllegalMove::KingInCheck).into()),
            [] => Err(self.explain(mt).into()),
            many => {
                let all = self.legal_moves(v);
                let options = many.iter().map(|&m| self.notation_in(&all, m)).collect();
                Err(IllegalMove::Ambiguous { text: text.trim().to_string(), options }.into())
            }
        }
    }

    fn match_drop(&self, v: &Variant, mt: &MoveText) -> Result<Move, IllegalMove> {
        let kind = mt.piece.unwrap_or(Kind::Pawn);
        if v.suborn_rule() != SubornRule::Drop {
            return Err(IllegalMove::NoDrops);
        }
        let to = mt.to;
        match self.drop_problem(kind, to) {
            Some(DropProblem::NotInHand) => Err(IllegalMove::NotInHand(kind)),
            Some(DropProblem::Occupied) => Err(IllegalMove::DropOccupied(to)),
            Some(DropProblem::Centre) => Err(IllegalMove::DropCentre),
            Some(DropProblem::PromotionCell) => Err(IllegalMove::DropPromotion(to)),
            Some(DropProblem::Check) => Err(IllegalMove::DropCheck),
            None => {
                let mv = Move::Drop { kind, to };
                if self.keeps_king_safe(v, mv) {
                    Ok(mv)
                } else {
                    Err(IllegalMove::KingInCheck)
                }
            }
        }
    }

    /// A king moving into check, when every move the text could mean is
    /// that king's move to one cell.
    fn moving_into_check(&self, pseudo: &[Move]) -> Option<IllegalMove> {
        let king = |m: &Move| match *m {
            Move::Step { from, to, .. } if self.piece(from).is_some_and(|p| p.kind == Kind::King) => Some(to),
            _ => None,
        };
        let first = king(pseudo.first()?)?;
        pseudo.iter().all(|m| king(m) == Some(first)).then_some(IllegalMove::IntoCheck(first))
    }

    /// Why no pseudo-legal move fits `mt`.
    fn explain(&self, mt: &MoveText) -> IllegalMove {
        let me = self.to_move;
        let to = mt.to;
        let target = self.piece(to);
        let word = mt.eq.as_deref();
        let word_colour = word.and_then(colour_word);
        let word_kind = word.and_then(Kind::from_word);
        if let Some(w) = word {
            if word_colour.is_none() && word_kind.is_none() {
                return if w == "q" || w == "queen" {
                    IllegalMove::BadPromotion("a queen (there is none in Diplomat Chess)".into())
                } else {
                    IllegalMove::BadWord(w.to_string())
                };
            }
            if word_colour.is_none() && matches!(word_kind, Some(Kind::King | Kind::Pawn)) {
                return IllegalMove::BadPromotion(format!("a {}", word_kind.map_or("", |k| k.name())));
            }
        }
        // A suborn: a colour after `=` (but `b` may be a bishop), or the diplomat sent onto a piece.
        let suborn = (word_colour.is_some() && (word_kind.is_none() || target.is_some()))
            || (mt.piece == Some(Kind::Diplomat) && target.is_some_and(|t| t.colour != me));
        if suborn {
            return match target {
                None => IllegalMove::NothingToSuborn(to),
                Some(t) if t.colour == me => IllegalMove::AlreadyYours { cell: to, kind: t.kind },
                Some(t) if t.kind == Kind::King => IllegalMove::KingImmune,
                Some(_) if word_colour.is_some_and(|c| c != me) => IllegalMove::SubornColour { cell: to, colour: me },
                Some(_) => IllegalMove::NoDiplomatNext { cell: to, hint: mt.from.describe() },
            };
        }
        // A promotion written for a piece that is not a pawn: only pawns promote.
        if word_kind.is_some() {
            let at_from = match mt.from {
                FromHint::Cell(c) => self.piece(c).filter(|p| p.colour == me).map(|p| p.kind),
                _ => None,
            };
            if let Some(k) = mt.piece.or(at_from).filter(|k| *k != Kind::Pawn) {
                return IllegalMove::NotAPawn(k);
            }
        }
        // The pieces the text can be about.
        let kind = mt.piece.unwrap_or(Kind::Pawn);
        if let FromHint::Cell(c) = mt.from {
            match self.piece(c) {
                Some(p) if p.colour == me => {
                    if mt.piece.is_some_and(|k| k != p.kind) {
                        return IllegalMove::WrongPiece { cell: c, actual: p.kind, written: kind };
                    }
                }
                _ => return IllegalMove::NoPieceAt(c),
            }
        }
        let candidates: Vec<(Cell, Kind)> = self
            .pieces()
            .filter(|&(c, p)| {
                p.colour == me
                    && mt.from.admits(c)
                    && (p.kind == kind || (mt.piece.is_none() && matches!(mt.from, FromHint::Cell(_))))
            })
            .map(|(c, p)| (c, p.kind))
            .collect();
        if candidates.is_empty() {
            return IllegalMove::NoPiece { kind, hint: mt.from.describe() };
        }
        if candidates.iter().any(|&(from, k)| k == Kind::Rook && from == to) {
            return IllegalMove::NullMove(to);
        }
        if let Some(t) = target.filter(|t| t.colour == me) {
            return IllegalMove::OwnPiece { cell: to, kind: t.kind };
        }
        let pawns: Vec<Cell> = candidates.iter().filter(|(_, k)| *k == Kind::Pawn).map(|&(c, _)| c).collect();
        if !pawns.is_empty() {
            let reaches = |c: Cell| {
                self.piece(c).is_some_and(|p| {
                    let r = pawn_reach(p, c);
                    if target.is_some() {
                        r.captures.contains(&to)
                    } else {
                        r.steps.contains(&to)
                    }
                })
            };
            if pawns.iter().any(|&c| reaches(c)) {
                if me.promotes_on(to) && word.is_none() {
                    return IllegalMove::NeedsPromotion(to);
                }
                if !me.promotes_on(to) && word_kind.is_some() {
                    return IllegalMove::NotPromotion(to);
                }
            }
        }
        if let [(from, k)] = candidates.as_slice() {
            return IllegalMove::CannotReach { kind: *k, from: *from, to };
        }
        let verb = match (kind, target.is_some()) {
            (Kind::Pawn, true) => "capture on",
            (Kind::Pawn, false) => "move to",
            _ => "reach",
        };
        IllegalMove::NoneCanReach { kind, hint: mt.from.describe(), verb, to }
    }
}
