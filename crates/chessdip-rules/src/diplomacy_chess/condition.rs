//! Conditional moves, `condition?if-true:if-false`, with the seed's four
//! kinds of condition: a piece on a square (`Nh6`), a number of pieces in
//! the game (`2Q`), an empty square (`~e5`) and "was my n-th move executed"
//! (`3`, progressive mode only). Branches may be empty (no move), `pass`,
//! a move or another conditional.

use std::fmt;

use thiserror::Error;

use super::board::Position;
use super::notation::{parse_move, MoveText, SyntaxError};
use crate::{Role, Square};

/// How deeply conditionals may nest.
pub const MAX_DEPTH: usize = 6;

/// One question a conditional move may ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    /// `Nh6`: is there a piece of this kind (either side) on the square?
    PieceOn {
        /// The kind.
        role: Role,
        /// The square.
        square: Square,
    },
    /// `2Q`: are there exactly this many pieces of this kind (both sides together)?
    Count {
        /// How many.
        n: u32,
        /// The kind.
        role: Role,
    },
    /// `~e5`: is the square empty?
    Empty(Square),
    /// `3`: was my third move of this turn executed (progressive mode)?
    Executed(u32),
}

impl Condition {
    /// Whether the condition holds in `pos`; `executed[i]` tells whether the
    /// player's move `i + 1` of this turn was executed.
    #[must_use]
    pub fn holds(&self, pos: &Position, executed: &[bool]) -> bool {
        match *self {
            Condition::PieceOn { role, square } => pos.get(square).is_some_and(|p| p.role == role),
            Condition::Count { n, role } => pos.pieces().filter(|(_, p)| p.role == role).count() == n as usize,
            Condition::Empty(s) => pos.get(s).is_none(),
            Condition::Executed(n) => n >= 1 && executed.get(n as usize - 1).copied().unwrap_or(false),
        }
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Condition::PieceOn { role, square } => write!(f, "{}{square}", role.char()),
            Condition::Count { n, role } => write!(f, "{n}{}", role.char()),
            Condition::Empty(s) => write!(f, "~{s}"),
            Condition::Executed(n) => write!(f, "{n}"),
        }
    }
}

/// An order as written: no move, a move, or a conditional.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OrderText {
    /// No move (`pass`, or an empty branch).
    Pass,
    /// A move.
    Move(MoveText),
    /// `condition?then:otherwise`.
    If {
        /// The question.
        cond: Condition,
        /// What to play if it holds.
        then: Box<OrderText>,
        /// What to play if not.
        otherwise: Box<OrderText>,
    },
}

/// An order that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OrderError {
    /// The move part is not a move.
    #[error(transparent)]
    Move(#[from] SyntaxError),
    /// The condition is not one of the four kinds.
    #[error(
        "`{0}` is not a condition: ask for a piece on a square (`Nh6?e6:Qg2`), a number of pieces (`2Q?e4:Rd1`), an empty square (`~e5?e5:exf6`) or whether your n-th move was executed (`3?Ba3:Na3`)"
    )]
    Condition(String),
    /// A `?` with no condition before it (`Nf6??`: the second `?`).
    #[error(
        "a `?` with nothing before it asks no condition: a conditional is written `condition?if-true:if-false`, e.g. `Nh6?e6:Qg2`"
    )]
    NoCondition,
    /// A move followed by a chess annotation with a `?` (`Nf6??`, `e4?!`),
    /// which would read as a conditional.
    #[error(
        "`{order}`: `{annotation}` after a move is a chess annotation, and orders take none (`?` asks a condition here, `condition?if-true:if-false`): write the move alone, `{mv}`"
    )]
    Annotation {
        /// The order as written.
        order: String,
        /// The move without the annotation.
        mv: String,
        /// The annotation.
        annotation: String,
    },
    /// Too many nested conditions.
    #[error("conditions nest at most {MAX_DEPTH} deep")]
    TooDeep,
}

/// Reads an order: `pass`, a move, or `condition?move:move` (either branch
/// may be empty or another conditional).
///
/// # Errors
/// [`OrderError`] for text that is neither.
pub fn parse_order(text: &str) -> Result<OrderText, OrderError> {
    let t = text.trim();
    // `Nf6??`, `e4?!`: a move with an annotation, not a conditional (a lone
    // `?` is a conditional with both branches empty, and reads as one).
    let mv = t.trim_end_matches(['?', '!']);
    let annotation = &t[mv.len()..];
    if annotation.len() >= 2 && annotation.contains('?') && !mv.contains(['?', ':']) && parse_move(mv).is_ok() {
        return Err(OrderError::Annotation {
            order: t.to_string(),
            mv: mv.trim().to_string(),
            annotation: annotation.to_string(),
        });
    }
    parse_at(t, 0)
}

fn parse_at(text: &str, depth: usize) -> Result<OrderText, OrderError> {
    if depth > MAX_DEPTH {
        return Err(OrderError::TooDeep);
    }
    let t = text.trim();
    if t.is_empty() || ["pass", "-", "none", "--", "nothing"].iter().any(|w| t.eq_ignore_ascii_case(w)) {
        return Ok(OrderText::Pass);
    }
    let Some((cond, rest)) = t.split_once('?') else {
        return Ok(OrderText::Move(parse_move(t)?));
    };
    let cond = parse_condition(cond.trim())?;
    // The `:` that closes this conditional's true branch: the first one not
    // taken by a conditional nested inside that branch.
    let mut open = 0usize;
    let mut split = None;
    for (i, c) in rest.char_indices() {
        match c {
            '?' => open += 1,
            ':' if open == 0 => {
                split = Some(i);
                break;
            }
            ':' => open -= 1,
            _ => {}
        }
    }
    let (then, otherwise) = match split {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, ""),
    };
    Ok(OrderText::If {
        cond,
        then: Box::new(parse_at(then, depth + 1)?),
        otherwise: Box::new(parse_at(otherwise, depth + 1)?),
    })
}

/// Reads one condition.
///
/// # Errors
/// [`OrderError::Condition`].
pub fn parse_condition(text: &str) -> Result<Condition, OrderError> {
    if text.trim().is_empty() {
        return Err(OrderError::NoCondition);
    }
    let bad = || OrderError::Condition(text.to_string());
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if let Some(s) = t.strip_prefix('~') {
        return s.parse::<Square>().map(Condition::Empty).map_err(|_| bad());
    }
    let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
    if !digits.is_empty() {
        let n: u32 = digits.parse().map_err(|_| bad())?;
        let rest = &t[digits.len()..];
        if rest.is_empty() {
            return if n >= 1 { Ok(Condition::Executed(n)) } else { Err(bad()) };
        }
        let mut cs = rest.chars();
        let role = cs.next().and_then(Role::from_char).ok_or_else(bad)?;
        let tail = cs.as_str();
        if !(tail.is_empty() || tail.eq_ignore_ascii_case("s")) {
            return Err(bad());
        }
        return Ok(Condition::Count { n, role });
    }
    let mut cs = t.chars();
    let role = cs.next().and_then(Role::from_char).ok_or_else(bad)?;
    let square = cs.as_str().parse::<Square>().map_err(|_| bad())?;
    Ok(Condition::PieceOn { role, square })
}

impl fmt::Display for OrderText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrderText::Pass => f.write_str("pass"),
            OrderText::Move(m) => write!(f, "{m}"),
            OrderText::If { cond, then, otherwise } => {
                let branch = |o: &OrderText| if *o == OrderText::Pass { String::new() } else { o.to_string() };
                write!(f, "{cond}?{}:{}", branch(then), branch(otherwise))
            }
        }
    }
}

impl OrderText {
    /// The conditions used anywhere in the order.
    #[must_use]
    pub fn conditions(&self) -> Vec<Condition> {
        match self {
            OrderText::If { cond, then, otherwise } => {
                let mut v = vec![*cond];
                v.extend(then.conditions());
                v.extend(otherwise.conditions());
                v
            }
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_examples_parse() {
        for (t, shown) in [
            ("Nh6?e6:Qg2", "Nh6?e6:Qg2"),
            ("2Q?e4:Rd1", "2Q?e4:Rd1"),
            ("~e5?e5:exf6", "~e5?e5:exf6"),
            ("3?Ba3:Na3", "3?Ba3:Na3"),
            ("Nh6 ? e6", "Nh6?e6:"),
            ("~e5?:Nf3", "~e5?:Nf3"),
            ("~e5?Kh1?e5:e6:Nf3", "~e5?Kh1?e5:e6:Nf3"),
            ("pass", "pass"),
        ] {
            let o = parse_order(t).unwrap_or_else(|e| panic!("{t}: {e}"));
            assert_eq!(o.to_string(), shown, "{t}");
        }
        assert!(matches!(parse_order("Zz?e4:e5"), Err(OrderError::Condition(_))));
        assert!(matches!(parse_order("0?e4"), Err(OrderError::Condition(_))));
        assert!(matches!(parse_order("1?1?1?1?1?1?1?1?e4"), Err(OrderError::TooDeep)));
    }

    #[test]
    fn conditions_ask_the_board() {
        let p = Position::start();
        let sq = |s: &str| s.parse::<Square>().expect("square");
        assert!(Condition::PieceOn { role: Role::Knight, square: sq("g1") }.holds(&p, &[]));
        assert!(Condition::PieceOn { role: Role::Knight, square: sq("g8") }.holds(&p, &[]), "either side");
        assert!(Condition::Count { n: 2, role: Role::Queen }.holds(&p, &[]));
        assert!(!Condition::Count { n: 1, role: Role::Queen }.holds(&p, &[]));
        assert!(Condition::Empty(sq("e4")).holds(&p, &[]));
        assert!(Condition::Executed(2).holds(&p, &[false, true]));
        assert!(!Condition::Executed(3).holds(&p, &[true, true]));
    }
}
