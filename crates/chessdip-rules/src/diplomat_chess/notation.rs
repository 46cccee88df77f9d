//! The seed's move notation, read and written: `d3`, `Ha3`, `d-4`, `f-f3`,
//! `bxa3`, `4xf3`, `a3=black` (or `a3=b`, a suborn), `b1=Rook`, `H4+`,
//! `dxe2++`; from-to forms `b2-b3`, `b2b3`, `Hb1-a3`; drops `H@c2`.
//!
//! Reading is two stages: text -> [`MoveText`] (syntax only, here), then
//! the text is matched against the position's moves
//! ([`Position::read_move`], in [`super::reading`]).

use thiserror::Error;

use super::cell::{Cell, Radius};
use super::movegen::Move;
use super::piece::Kind;
use super::position::Position;
use super::variant::Variant;

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
    pub(super) fn admits(self, c: Cell) -> bool {
        match self {
            FromHint::Any => true,
            FromHint::Radius(r) => c.radius() == Some(r),
            FromHint::Crown(k) => c.crown() == k && !c.is_centre(),
            FromHint::Cell(x) => x == c,
        }
    }

    pub(super) fn describe(self) -> String {
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

impl Position {
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
    pub(super) fn notation_in(&self, legal: &[Move], mv: Move) -> String {
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
