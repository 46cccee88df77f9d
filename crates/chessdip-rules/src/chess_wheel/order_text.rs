//! The text of a Chess Wheel+ message: one move per line (or separated by
//! `;` or `,`), each `[piece letter] space (- | x) space`.
//!
//! A space is `e2` or `{Board}e2`; board names are read case-insensitively
//! later, against the game's players ([`super::order`]). This stage only
//! knows the grammar: its errors carry the input and the column.

use thiserror::Error;

use super::space::{Coords, FILES, RANKS};
use crate::Role;

/// A space as written: an optional board name and coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddrText {
    /// The board name between braces, trimmed, if one was written.
    pub board: Option<String>,
    /// The coordinates (rank 8 is the hub).
    pub coords: Coords,
}

impl std::fmt::Display for AddrText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.board {
            Some(b) => write!(f, "{{{b}}}{}", self.coords),
            None => write!(f, "{}", self.coords),
        }
    }
}

/// One move as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The piece letter, if one was written (checked against the piece).
    pub role: Option<Role>,
    /// Where the piece stands.
    pub from: AddrText,
    /// Whether the move was written as a take (`x`); `-` and `x` mean the same.
    pub take: bool,
    /// Where it goes.
    pub to: AddrText,
}

/// What is wrong with a move's text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    /// Nothing but spaces.
    #[error("the move is empty")]
    Empty,
    /// Something other than a space where one was expected.
    #[error("expected a space such as `e2` or `{{Ann}}e2`, found {found}")]
    ExpectedSpace {
        /// What was there.
        found: String,
    },
    /// A letter that is not a file.
    #[error("`{0}` is not a file: files are a to h")]
    BadFile(char),
    /// A rank number out of 1-8.
    #[error("there is no rank {0}: ranks are 1 to 8 (rank 8 is the hub)")]
    BadRank(String),
    /// A piece letter that is not one.
    #[error("`{0}` is not a piece letter: use K, Q, R, B, N or P (or none)")]
    BadLetter(char),
    /// A word where a move should be.
    #[error("`{0}` is not a move: write a piece letter (optional), a space, `-` or `x` and a space, e.g. `Q {{Ann}}d1 - {{Ann}}d8`")]
    NotAMove(String),
    /// `{` without `}`.
    #[error("`{{` opens a board name that is never closed with `}}`")]
    Unclosed,
    /// `{}`.
    #[error("`{{}}` names no board: write the player's name, e.g. `{{Ann}}e2`")]
    EmptyBoard,
    /// No separator or no second space.
    #[error("expected `-` or `x` and the space the piece goes to, found {found}")]
    ExpectedDestination {
        /// What was there.
        found: String,
    },
    /// Text after the move.
    #[error("unexpected `{0}` after the move: write one move per line")]
    Trailing(String),
}

/// A move's text that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{kind} (in `{input}`, at character {})", at + 1)]
pub struct ParseError {
    /// The move as written (trimmed).
    pub input: String,
    /// Zero-based character index of the problem.
    pub at: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// Splits a message into its moves: lines, and `;` or `,` within a line
/// (outside braces). Lines starting with `#` are comments; empty parts are
/// skipped. Never panics.
#[must_use]
pub fn split_message(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with('#') {
            continue;
        }
        let mut depth = 0usize;
        let mut part = String::new();
        for c in line.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            if depth == 0 && (c == ';' || c == ',') {
                push_part(&mut out, &part);
                part.clear();
            } else {
                part.push(c);
            }
        }
        push_part(&mut out, &part);
    }
    out
}

fn push_part(out: &mut Vec<String>, part: &str) {
    let t = part.trim();
    if !t.is_empty() {
        out.push(t.to_string());
    }
}

struct Reader<'a> {
    input: &'a str,
    chars: Vec<char>,
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_spaces(&mut self) -> bool {
        let start = self.at;
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
        self.at > start
    }

    fn error(&self, at: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { input: self.input.to_string(), at, kind }
    }

    /// What is at the cursor, for messages.
    fn found(&self) -> String {
        match self.peek() {
            None => "the end of the move".into(),
            Some(_) => {
                let rest: String = self.chars[self.at..].iter().take(12).collect();
                format!("`{}`", rest.trim_end())
            }
        }
    }

    fn addr(&mut self) -> Result<AddrText, ParseError> {
        self.skip_spaces();
        let mut board = None;
        if self.peek() == Some('{') {
            let open = self.at;
            self.at += 1;
            let mut name = String::new();
            loop {
                match self.peek() {
                    None => return Err(self.error(open, ParseErrorKind::Unclosed)),
                    Some('}') => {
                        self.at += 1;
                        break;
                    }
                    Some(c) => {
                        name.push(c);
                        self.at += 1;
                    }
                }
            }
            let name = name.trim();
            if name.is_empty() {
                return Err(self.error(open, ParseErrorKind::EmptyBoard));
            }
            board = Some(name.to_string());
            self.skip_spaces();
        }
        let file = match self.peek() {
            Some(c) if c.is_alphabetic() => {
                let lower = c.to_ascii_lowercase();
                if !lower.is_ascii_lowercase() || (lower as u8 - b'a') >= FILES {
                    return Err(self.error(self.at, ParseErrorKind::BadFile(c)));
                }
                self.at += 1;
                lower as u8 - b'a'
            }
            _ => return Err(self.error(self.at, ParseErrorKind::ExpectedSpace { found: self.found() })),
        };
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        if self.at == start {
            return Err(self.error(self.at, ParseErrorKind::ExpectedSpace { found: self.found() }));
        }
        let digits: String = self.chars[start..self.at].iter().collect();
        let rank = match digits.parse::<u32>() {
            Ok(r) if (1..=u32::from(RANKS)).contains(&r) => (r - 1) as u8,
            _ => return Err(self.error(start, ParseErrorKind::BadRank(digits))),
        };
        Ok(AddrText { board, coords: Coords { file, rank } })
    }
}

impl Reader<'_> {
    /// A leading letter followed by a brace or another letter is a piece
    /// letter (`Q d1`, `Bb1`, `N{Bo}g1`); a letter followed by a digit is a
    /// file (`b1`).
    fn letter(&mut self) -> Result<Option<Role>, ParseError> {
        let Some(c) = self.peek().filter(|c| c.is_alphabetic()) else { return Ok(None) };
        // A word (three letters or more) is not a move at all.
        let word: String = self.chars[self.at..].iter().take_while(|c| !c.is_whitespace()).collect();
        if word.chars().take(3).filter(|c| c.is_alphabetic()).count() == 3 {
            return Err(self.error(self.at, ParseErrorKind::NotAMove(word)));
        }
        let mut k = self.at + 1;
        while self.chars.get(k).is_some_and(|c| c.is_whitespace()) {
            k += 1;
        }
        if !self.chars.get(k).is_some_and(|&n| n == '{' || n.is_alphabetic()) {
            return Ok(None);
        }
        let role = Role::from_char(c).ok_or_else(|| self.error(self.at, ParseErrorKind::BadLetter(c)))?;
        self.at += 1;
        Ok(Some(role))
    }

    fn end(&mut self) -> Result<(), ParseError> {
        self.skip_spaces();
        if self.peek().is_some() {
            let rest: String = self.chars[self.at..].iter().collect();
            return Err(self.error(self.at, ParseErrorKind::Trailing(rest)));
        }
        Ok(())
    }
}

fn reader(text: &str) -> Result<Reader<'_>, ParseError> {
    let input = text.trim();
    let r = Reader { input, chars: input.chars().collect(), at: 0 };
    if r.chars.is_empty() {
        return Err(r.error(0, ParseErrorKind::Empty));
    }
    Ok(r)
}

/// Reads one move.
///
/// # Errors
/// [`ParseError`] saying what is wrong and where.
pub fn parse_move(text: &str) -> Result<MoveText, ParseError> {
    let mut r = reader(text)?;
    let role = r.letter()?;
    let from = r.addr()?;
    let spaced = r.skip_spaces();
    let take = match r.peek() {
        Some('-' | '\u{2013}' | '\u{2014}') => {
            r.at += 1;
            if r.peek() == Some('>') {
                r.at += 1;
            }
            false
        }
        Some('x' | 'X' | '\u{00D7}') => {
            r.at += 1;
            true
        }
        Some(c) if spaced && (c == '{' || c.is_alphabetic()) => false,
        _ => return Err(r.error(r.at, ParseErrorKind::ExpectedDestination { found: r.found() })),
    };
    let to = r.addr()?;
    r.end()?;
    Ok(MoveText { role, from, take, to })
}

/// Reads a piece as positions list them: `K {Ann}e1`, `Ke1`, `{Bo}d8`, `e2`
/// (no letter: a pawn, for the caller to decide).
///
/// # Errors
/// [`ParseError`] saying what is wrong and where.
pub fn parse_piece(text: &str) -> Result<(Option<Role>, AddrText), ParseError> {
    let mut r = reader(text)?;
    let role = r.letter()?;
    let at = r.addr()?;
    r.end()?;
    Ok((role, at))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> AddrText {
        let t = parse_move(&format!("{s} - a1")).expect("address");
        t.from
    }

    #[test]
    fn grammar() {
        let m = parse_move("Q {Ann}d1 - {Ann}d8").expect("parses");
        assert_eq!(m.role, Some(Role::Queen));
        assert_eq!(m.from.to_string(), "{Ann}d1");
        assert_eq!(m.to.to_string(), "{Ann}d8");
        assert!(!m.take);
        let m = parse_move("N {Bo}g1 x {Bo}f3").expect("parses");
        assert!(m.take);
        assert_eq!(m.role, Some(Role::Knight));
        for t in ["e2-e3", "e2 - e3", "e2 e3", "e2->e3", "E2 \u{2013} E3", "P e2 - e3", "pe2-e3"] {
            let m = parse_move(t).unwrap_or_else(|e| panic!("{t}: {e}"));
            assert_eq!((m.from.to_string(), m.to.to_string()), ("e2".into(), "e3".into()), "{t}");
        }
        // `b` is a file before a digit and a bishop before a letter or a brace.
        assert_eq!(parse_move("b1 - b2").expect("pawn").role, None);
        assert_eq!(parse_move("Bb1 - c2").expect("bishop").role, Some(Role::Bishop));
        assert_eq!(parse_move("b {Ann}c1 x {Ann}h6").expect("bishop").role, Some(Role::Bishop));
        assert_eq!(at("{ Mughal Empire }a1").board.as_deref(), Some("Mughal Empire"));
        assert_eq!(at("{x}h8").coords, Coords { file: 7, rank: 7 });
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let kind = |t: &str| parse_move(t).map(|_| ()).unwrap_err().kind;
        assert_eq!(kind("   "), ParseErrorKind::Empty);
        assert_eq!(kind("e9 - e8"), ParseErrorKind::BadRank("9".into()));
        assert_eq!(kind("e0 - e1"), ParseErrorKind::BadRank("0".into()));
        assert_eq!(kind("i2 - i3"), ParseErrorKind::BadFile('i'));
        assert_eq!(kind("Z e2 - e3"), ParseErrorKind::BadLetter('Z'));
        assert_eq!(kind("{Ann e2 - e3"), ParseErrorKind::Unclosed);
        assert_eq!(kind("{}e2 - e3"), ParseErrorKind::EmptyBoard);
        assert!(matches!(kind("e2"), ParseErrorKind::ExpectedDestination { .. }));
        assert!(matches!(kind("e2 -"), ParseErrorKind::ExpectedSpace { .. }));
        assert!(matches!(kind("e2 - e3 please"), ParseErrorKind::Trailing(_)));
        assert_eq!(kind("hello world"), ParseErrorKind::NotAMove("hello".into()));
        assert_eq!(kind("attack!"), ParseErrorKind::NotAMove("attack!".into()));
        let e = parse_move("Q d1 - d9").unwrap_err();
        assert_eq!(e.at, 8);
        assert!(e.to_string().contains("no rank 9"), "{e}");
    }

    #[test]
    fn messages_split_into_moves() {
        let m = split_message("# salt 123, 456\nQ d1 - d8; e2 - e3\r\n\n  N {Bo, the 2nd}g1 - f3 ,\n");
        assert_eq!(m, vec!["Q d1 - d8", "e2 - e3", "N {Bo, the 2nd}g1 - f3"]);
        assert!(split_message("").is_empty());
    }
}
