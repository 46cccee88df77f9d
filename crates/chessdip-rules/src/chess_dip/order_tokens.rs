//! The words of an order: order text -> tokens, before any grammar.
//!
//! Squares, words (split into letters where a run of letters is not a
//! word), chess figurines, the move dash and `=`. Typography is forgiven
//! here: the hyphen's look-alikes and arrows are one dash, `×` is `x`,
//! figurines of either colour are piece letters.

use std::fmt;

use super::order_text::ParseErrorKind;
use crate::role::Role;

/// One token of an order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Tok {
    Word(String),
    Square(String),
    /// A chess figurine: a piece letter that cannot be read as a word.
    Figurine(Role),
    Dash,
    Eq,
}

impl fmt::Display for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Word(w) | Tok::Square(w) => f.write_str(w),
            Tok::Figurine(r) => write!(f, "{}", r.char()),
            Tok::Dash => f.write_str("-"),
            Tok::Eq => f.write_str("="),
        }
    }
}

/// Words that mean something on their own; anything else is split into letters.
const WORDS: &[&str] = &[
    "h", "hold", "holds", "stand", "stands", "to", "m", "move", "moves", "x", "t", "s", "support", "supports", "c",
    "convoy", "convoys", "build", "b", "disband", "disbands", "d", "remove", "destroy", "waive", "waives", "w", "pass",
    "promote", "promotes", "k", "q", "r", "n", "p", "a", "f", "king", "kings", "queen", "queens", "rook", "rooks",
    "bishop", "bishops", "knight", "knights", "pawn", "pawns", "army", "armies", "fleet", "fleets", "monarch",
    "monarchs", "horse", "horses",
];

/// Whether `c` is read as the move dash: the hyphen, its look-alikes (the
/// minus sign, hyphen and dash characters, small and full-width hyphen-minus)
/// and arrows. `>` only ever follows another dash (`->`).
fn is_dash(c: char) -> bool {
    matches!(
        c,
        '-' | '\u{2010}'
            ..='\u{2015}'
                | '\u{2212}'
                | '\u{fe63}'
                | '\u{ff0d}'
                | '\u{2192}'
                | '\u{21d2}'
                | '\u{27f6}'
                | '\u{27f9}'
                | '\u{2794}'
                | '\u{279c}'
                | '>'
    )
}

/// The piece of a chess figurine, white (`♔`..`♙`) or black (`♚`..`♟`).
fn figurine(c: char) -> Option<Role> {
    let k = match c {
        '\u{2654}'..='\u{2659}' => u32::from(c) - 0x2654,
        '\u{265a}'..='\u{265f}' => u32::from(c) - 0x265a,
        _ => return None,
    };
    Some([Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn][k as usize])
}

/// Splits an order into tokens.
///
/// # Errors
/// A character or number no order uses.
pub(super) fn tokenize(input: &str) -> Result<Vec<Tok>, ParseErrorKind> {
    let chars: Vec<char> = input.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == '.' || c == ':' {
            i += 1;
        } else if is_dash(c) || (c == '=' && chars.get(i + 1) == Some(&'>')) {
            // `->`, `=>`, `-->` and `- -` are one dash.
            if !matches!(toks.last(), Some(Tok::Dash)) {
                toks.push(Tok::Dash);
            }
            i += if c == '=' { 2 } else { 1 };
        } else if c == '=' {
            toks.push(Tok::Eq);
            i += 1;
        } else if let Some(role) = figurine(c) {
            toks.push(Tok::Figurine(role));
            i += 1;
        } else if c == '\u{d7}' {
            toks.push(Tok::Word("x".into()));
            i += 1;
        } else if c.is_ascii_alphabetic() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_alphabetic() {
                i += 1;
            }
            let mut run: String = chars[start..i].iter().collect();
            let mut square = None;
            if i < chars.len() && chars[i].is_ascii_digit() {
                let last = run.pop().unwrap_or('a');
                let dstart = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let digits: String = chars[dstart..i].iter().collect();
                square = Some(format!("{}{digits}", last.to_ascii_lowercase()));
            }
            if !run.is_empty() {
                let lower = run.to_ascii_lowercase();
                if WORDS.contains(&lower.as_str()) {
                    toks.push(Tok::Word(lower));
                } else if lower.len() <= 3 && lower.chars().all(|ch| WORDS.contains(&ch.to_string().as_str())) {
                    toks.extend(lower.chars().map(|ch| Tok::Word(ch.to_string())));
                } else {
                    return Err(ParseErrorKind::UnknownWord(run));
                }
            }
            if let Some(s) = square {
                toks.push(Tok::Square(s));
            }
        } else if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let s: String = chars[start..i].iter().collect();
            return Err(ParseErrorKind::Expected { expected: "a square like `e4`", found: s });
        } else {
            return Err(ParseErrorKind::UnknownWord(c.to_string()));
        }
    }
    Ok(toks)
}

/// `O-O` (false) or `O-O-O` (true), written with letters or zeros and any dashes.
pub(super) fn is_castle(input: &str) -> Option<bool> {
    let squeezed: String = input
        .chars()
        .filter(|&c| !c.is_whitespace() && !is_dash(c))
        .map(|c| if c == '0' { 'o' } else { c.to_ascii_lowercase() })
        .collect();
    match squeezed.as_str() {
        "oo" => Some(false),
        "ooo" => Some(true),
        _ => None,
    }
}
