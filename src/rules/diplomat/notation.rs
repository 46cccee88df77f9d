//! The seed's move notation, read and written: `d3`, `Ha3`, `d-4`, `f-f3`,
//! `bxa3`, `4xf3`, `a3=black` (or `a3=b`, a suborn), `b1=Rook`, `H4+`,
//! `dxe2++`; from-to forms `b2-b3`, `b2b3`, `Hb1-a3`; drops `H@c2`.
//!
//! Reading is two stages: text -> [`MoveText`] (syntax only), then the
//! text is matched against the position's moves ([`Position::read_move`]),
//! with an [`IllegalMove`] that says why nothing matched.

use thiserror::Error;

use super::cell::{Cell, Radius};
use super::movegen::{DropProblem, Move};
use super::piece::{Colour, Kind};
use super::position::Position;
use super::variant::{SubornRule, Variant};

/// Where a move's piece comes from, as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FromHint {
    /// Not written.
    Any,
    /// A radius letter: `f-f3`, `bxa3`.
    Radius(Radius),
    /// A crown number.
    Crown(u8),
    /// A full cell (`b2-b3`) or `4` for the centre (`4xf3`).
    Cell(Cell),
}

impl FromHint {
    fn admits(self, c: Cell) -> bool {
        match self {
            FromHint::Any => true,
            FromHint::Radius(r) => c.radius() == Some(r),
            FromHint::Crown(k) => c.crown() == k && !c.is_centre(),
            FromHint::Cell(x) => x == c,
        }
    }

    fn describe(self) -> String {
        match self {
            FromHint::Any => String::new(),
            FromHint::Radius(r) => format!(" on radius {}", r.char()),
            FromHint::Crown(k) => format!(" on crown {k}"),
            FromHint::Cell(c) => format!(" on {c}"),
        }
    }
}

/// A move as written, before it is checked against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The piece letter, if written (none: a pawn, or the piece on a written from-cell).
    pub piece: Option<Kind>,
    /// Where from, if written.
    pub from: FromHint,
    /// Whether `x` (or `:`) was written.
    pub capture: bool,
    /// The landing cell (the suborned piece's cell for a suborn).
    pub to: Cell,
    /// The word after `=`, lower-case: a colour (suborn) or a piece (promotion).
    pub eq: Option<String>,
    /// A drop (`H@c2`).
    pub drop: bool,
}

/// What is wrong with a move's syntax.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SyntaxError {
    /// Nothing was written.
    #[error("no move given: write e.g. d3, Ha3, bxa3 or a3=black")]
    Empty,
    /// `O-O`.
    #[error("there is no castling in Diplomat Chess")]
    Castling,
    /// No landing cell at the end.
    #[error("a move ends in a cell: a1..n3, or 4 for the centre")]
    NoDestination,
    /// Unreadable text before the landing cell.
    #[error("`{0}` does not say where the piece comes from (a radius a-n, a crown 1-3, a cell, or 4 for the centre)")]
    BadFrom(String),
    /// A radius letter right before `4`, which reads like a cell of a fourth crown.
    #[error("there is no cell {0}4: the crowns are 1-3 and the centre is 4 (write {0}-4 for a move from radius {0} to the centre)")]
    CrownFour(char),
    /// Two `=`.
    #[error("only one `=` is allowed")]
    DoubleEquals,
    /// Nothing after `=`.
    #[error("nothing after `=`: write e.g. a3=black (suborn) or b1=R (promotion)")]
    EmptyWord,
    /// A malformed drop.
    #[error("a drop is written as a piece letter, @ and a cell, e.g. H@c2")]
    BadDrop,
}

/// A move text that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("cannot read `{input}`: {kind}")]
pub struct NotationError {
    /// The text as given.
    pub input: String,
    /// What is wrong.
    pub kind: SyntaxError,
}

/// Why a readable move is not allowed, written for the player.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// The move would leave (or put) the mover's king in check.
    #[error("that would leave your king in check")]
    KingInCheck,
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

/// Reads a move's syntax. Never panics.
///
/// # Errors
/// [`NotationError`] with the input and what is wrong.
pub fn parse(text: &str) -> Result<MoveText, NotationError> {
    let err = |kind| NotationError { input: text.trim().to_string(), kind };
    let mut s = text.trim();
    // A leading move number (`12.` or `12...`) and Black's `...` are ignored.
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if s[digits..].starts_with('.') {
        s = s[digits..].trim_start_matches('.');
    }
    let lower = s.to_ascii_lowercase();
    let is_drop_word = lower.starts_with("drop ");
    let s: String = if is_drop_word { &s[5..] } else { s }.chars().filter(|c| !c.is_whitespace()).collect();
    let s = s.trim_end_matches(['+', '#', '!', '?']);
    if s.is_empty() {
        return Err(err(SyntaxError::Empty));
    }
    if matches!(s.to_ascii_lowercase().as_str(), "o-o" | "0-0" | "o-o-o" | "0-0-0") {
        return Err(err(SyntaxError::Castling));
    }
    let drop_at = s.find(['@', '*']);
    if is_drop_word || drop_at.is_some() {
        let (left, right) = match drop_at {
            Some(i) => (&s[..i], &s[i + 1..]),
            None => s.split_at(s.chars().next().map_or(0, char::len_utf8)),
        };
        let mut lc = left.chars();
        let kind = match (lc.next(), lc.next()) {
            (None, _) => Some(Kind::Pawn),
            (Some(c), None) => Kind::from_letter(c.to_ascii_uppercase()),
            _ => None,
        };
        let (Some(kind), Ok(to)) = (kind, right.parse::<Cell>()) else {
            return Err(err(SyntaxError::BadDrop));
        };
        return Ok(MoveText { piece: Some(kind), from: FromHint::Any, capture: false, to, eq: None, drop: true });
    }
    let (main, eq) = match s.split_once('=') {
        None => (s, None),
        Some((_, w)) if w.contains('=') => return Err(err(SyntaxError::DoubleEquals)),
        Some((_, "")) => return Err(err(SyntaxError::EmptyWord)),
        Some((m, w)) => (m, Some(w.to_ascii_lowercase())),
    };
    let mut chars: Vec<char> = main.chars().collect();
    let piece = match chars.first() {
        Some(&c) if c.is_ascii_uppercase() => Kind::from_letter(c),
        _ => None,
    };
    if piece.is_some() {
        chars.remove(0);
    }
    let to = match chars.as_slice() {
        [.., l, '4'] if Radius::from_char(*l).is_some() => return Err(err(SyntaxError::CrownFour(*l))),
        [.., '4'] => {
            chars.pop();
            Cell::CENTRE
        }
        [.., l, d] => match format!("{l}{d}").parse::<Cell>() {
            Ok(c) => {
                chars.truncate(chars.len() - 2);
                c
            }
            Err(_) => return Err(err(SyntaxError::NoDestination)),
        },
        _ => return Err(err(SyntaxError::NoDestination)),
    };
    let mut capture = false;
    if let Some(&last) = chars.last() {
        if matches!(last, '-' | 'x' | 'X' | ':') {
            capture = last != '-';
            chars.pop();
        }
    }
    let hint: String = chars.iter().collect();
    let from = match chars.as_slice() {
        [] => FromHint::Any,
        ['4'] => FromHint::Cell(Cell::CENTRE),
        [d @ '1'..='3'] => FromHint::Crown(*d as u8 - b'0'),
        [l] => Radius::from_char(*l).map(FromHint::Radius).ok_or_else(|| err(SyntaxError::BadFrom(hint.clone())))?,
        _ => hint.parse::<Cell>().map(FromHint::Cell).map_err(|_| err(SyntaxError::BadFrom(hint.clone())))?,
    };
    Ok(MoveText { piece, from, capture, to, eq, drop: false })
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
            [] if !pseudo.is_empty() => Err(IllegalMove::KingInCheck.into()),
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
                    let r = super::movegen::pawn_reach(p, c);
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

    /// The seed's notation for legal move `mv`, with `+` for check and `++`
    /// for checkmate.
    #[must_use]
    pub fn notation(&self, v: &Variant, mv: Move) -> String {
        let legal = self.legal_moves(v);
        let mut s = self.notation_in(&legal, mv);
        let (next, _) = self.play(v, mv);
        if next.in_check(next.to_move) {
            s.push_str(if next.has_legal_move(v) { "+" } else { "++" });
        }
        s
    }

    /// The notation of `mv` (no check mark), disambiguated against `legal`.
    fn notation_in(&self, legal: &[Move], mv: Move) -> String {
        let tag = |c: Cell| c.radius().map_or('4', |r| r.char());
        match mv {
            Move::Drop { kind, to } => format!("{}@{to}", kind.letter()),
            Move::Suborn { from, target } => {
                let rivals: Vec<Cell> = legal
                    .iter()
                    .filter_map(|m| match *m {
                        Move::Suborn { from: f, target: t } if t == target && f != from => Some(f),
                        _ => None,
                    })
                    .collect();
                let prefix =
                    if rivals.is_empty() { String::new() } else { format!("D{}", disambiguate(from, &rivals)) };
                format!("{prefix}{target}={}", self.to_move.word())
            }
            Move::Step { from, to, promotion } => {
                let Some(p) = self.piece(from) else { return format!("{from}-{to}") };
                let capture = self.piece(to).is_some();
                let rivals: Vec<Cell> = legal
                    .iter()
                    .filter_map(|m| match *m {
                        Move::Step { from: f, to: t, promotion: pr }
                            if t == to
                                && f != from
                                && pr == promotion
                                && self.piece(f).map(|q| q.kind) == Some(p.kind) =>
                        {
                            Some(f)
                        }
                        _ => None,
                    })
                    .collect();
                let promo = promotion.map_or(String::new(), |k| format!("={}", k.title()));
                if p.kind == Kind::Pawn {
                    let same_tag = rivals.iter().any(|&r| tag(r) == tag(from));
                    let origin = if same_tag { from.to_string() } else { tag(from).to_string() };
                    let radial = from.is_centre() || from.radius() == to.radius();
                    if capture {
                        format!("{origin}x{to}{promo}")
                    } else if to.is_centre() || (!rivals.is_empty() && !radial) {
                        format!("{origin}-{to}{promo}")
                    } else {
                        format!("{to}{promo}")
                    }
                } else {
                    let tag = disambiguate(from, &rivals);
                    // `Rb4` would read as a cell b4: a tag before the centre takes a dash.
                    let x = match (capture, to.is_centre() && !tag.is_empty()) {
                        (true, _) => "x",
                        (false, true) => "-",
                        (false, false) => "",
                    };
                    format!("{}{tag}{x}{to}{promo}", p.kind.letter())
                }
            }
        }
    }

    /// The move in words: `horse b1 to a3`, `pawn b2 takes the horse on a3`,
    /// `diplomat n2 suborns the horse on a3`, `horse dropped on c2`.
    #[must_use]
    pub fn describe_move(&self, mv: Move) -> String {
        let name = |c: Cell| self.piece(c).map_or("piece", |p| p.kind.name());
        match mv {
            Move::Drop { kind, to } => format!("{kind} dropped on {to}"),
            Move::Suborn { from, target } => format!("diplomat {from} suborns the {} on {target}", name(target)),
            Move::Step { from, to, promotion } => {
                let mut s = match self.piece(to) {
                    Some(q) => format!("{} {from} takes the {} on {to}", name(from), q.kind),
                    None => format!("{} {from} to {to}", name(from)),
                };
                if let Some(k) = promotion {
                    s += &format!(", promoting to a {k}");
                }
                s
            }
        }
    }
}

/// The shortest tag telling `from` apart from `rivals`: nothing, its radius
/// letter (`4` for the centre), its crown, or the whole cell.
fn disambiguate(from: Cell, rivals: &[Cell]) -> String {
    if rivals.is_empty() {
        return String::new();
    }
    if from.is_centre() {
        return "4".into();
    }
    if rivals.iter().all(|r| r.radius() != from.radius()) {
        return from.radius().map_or_else(String::new, |r| r.char().to_string());
    }
    if rivals.iter().all(|r| r.crown() != from.crown()) {
        return from.crown().to_string();
    }
    from.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_seed_forms() {
        let p = |s: &str| parse(s).expect(s);
        let mt = p("d-4");
        assert_eq!((mt.piece, mt.from, mt.to), (None, FromHint::Radius(Radius::D), Cell::CENTRE));
        let mt = p("4xf3");
        assert_eq!((mt.from, mt.capture), (FromHint::Cell(Cell::CENTRE), true));
        let mt = p("a3=black");
        assert_eq!(mt.eq.as_deref(), Some("black"));
        let mt = p("b1=Rook");
        assert_eq!(mt.eq.as_deref(), Some("rook"));
        let mt = p("dxe2++");
        assert!(mt.capture && mt.piece.is_none());
        let mt = p("H4+");
        assert_eq!((mt.piece, mt.to), (Some(Kind::Horse), Cell::CENTRE));
        let mt = p("Hb1-a3");
        assert_eq!(mt.from, FromHint::Cell("b1".parse().expect("cell")));
        let mt = p(" 12. f - f3 ");
        assert_eq!(mt.from, FromHint::Radius(Radius::from_char('f').expect("f")));
        assert!(p("H@c2").drop && p("drop H c2").drop);
        for bad in ["", "O-O", "x", "Hz9", "a3==b", "a3=", "Kd1-d9", "@", "H@4x", "d4", "Rb4"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
