//! Move text to [`MoveText`]: syntax only, without the board.

use thiserror::Error;

use super::MoveText;
use crate::{Role, Square};

/// Text that is not a move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{text}` is not a move{detail}: write it like `Nf3`, `exd5`, `O-O`, `e8=Q` or `g1f3`")]
pub struct SyntaxError {
    /// What was written.
    pub text: String,
    /// Extra detail (` (no square in it)`), possibly empty.
    pub detail: String,
}

fn syntax(text: &str, detail: &str) -> SyntaxError {
    SyntaxError { text: text.to_string(), detail: detail.to_string() }
}

fn promo_role(c: char) -> Option<Role> {
    match c.to_ascii_uppercase() {
        'Q' => Some(Role::Queen),
        'R' => Some(Role::Rook),
        'B' => Some(Role::Bishop),
        'N' => Some(Role::Knight),
        'K' => Some(Role::King),
        'P' => Some(Role::Pawn),
        _ => None,
    }
}

/// Reads move text (no conditions).
///
/// # Errors
/// [`SyntaxError`] naming the text.
pub fn parse_move(text: &str) -> Result<MoveText, SyntaxError> {
    let original = text.trim();
    if original.chars().count() > 24 {
        return Err(syntax(original, " (too long)"));
    }
    let mut t: String = original.chars().filter(|c| !c.is_whitespace()).collect();
    // Annotations and check marks.
    while t.ends_with(['+', '#', '!', '?']) {
        t.pop();
    }
    for suffix in ["e.p.", "ep"] {
        if t.len() > suffix.len() + 2 && t.to_ascii_lowercase().ends_with(suffix) {
            t.truncate(t.len() - suffix.len());
        }
    }
    let castle: String = t.chars().filter(|c| *c != '-').collect::<String>().to_ascii_uppercase().replace('0', "O");
    match castle.as_str() {
        "OO" => return Ok(MoveText::Castle { long: false }),
        "OOO" => return Ok(MoveText::Castle { long: true }),
        _ => {}
    }
    let chars: Vec<char> = t.chars().collect();
    if chars.is_empty() {
        return Err(syntax(original, ""));
    }
    // Piece letter: upper case KQRBNP, or lower case k q r n (a lower-case b is a file).
    let (role, mut rest) = match chars[0] {
        'K' | 'Q' | 'R' | 'B' | 'N' | 'P' | 'k' | 'q' | 'r' | 'n' => {
            (Role::from_char(chars[0]).filter(|_| chars.len() > 1), &chars[1..])
        }
        _ => (None, &chars[..]),
    };
    // Promotion suffix: `=Q`, `/Q`, `(Q)`, or a letter right after the last rank digit.
    let mut promotion = None;
    if rest.len() >= 3 && rest[rest.len() - 3] == '(' && rest[rest.len() - 1] == ')' {
        promotion = Some(promo_role(rest[rest.len() - 2]).ok_or_else(|| syntax(original, " (unknown promotion)"))?);
        rest = &rest[..rest.len() - 3];
    } else if rest.len() >= 2 && matches!(rest[rest.len() - 2], '=' | '/') {
        promotion = Some(promo_role(rest[rest.len() - 1]).ok_or_else(|| syntax(original, " (unknown promotion)"))?);
        rest = &rest[..rest.len() - 2];
    } else if rest.len() >= 3
        && rest[rest.len() - 2].is_ascii_digit()
        && rest[rest.len() - 1].is_ascii_alphabetic()
        && promo_role(rest[rest.len() - 1]).is_some()
    {
        promotion = promo_role(rest[rest.len() - 1]);
        rest = &rest[..rest.len() - 1];
    }
    // The rest: squares, a disambiguation, separators `x`, `-`, `:`.
    let capture = rest.iter().any(|c| matches!(c, 'x' | 'X' | ':' | '×'));
    let core: String = rest.iter().filter(|c| !matches!(c, 'x' | 'X' | '-' | ':' | '×')).collect();
    let core: Vec<char> = core.to_ascii_lowercase().chars().collect();
    if core.len() < 2 || !core.iter().all(|c| matches!(c, 'a'..='h' | '1'..='8')) {
        return Err(syntax(original, ""));
    }
    let n = core.len();
    let to = square(core[n - 2], core[n - 1]).ok_or_else(|| syntax(original, ""))?;
    let prefix = &core[..n - 2];
    match prefix {
        [] => Ok(MoveText::San { role: role.unwrap_or(Role::Pawn), file: None, rank: None, to, promotion, capture }),
        [f] if f.is_ascii_lowercase() => Ok(MoveText::San {
            role: role.unwrap_or(Role::Pawn),
            file: Some(*f as u8 - b'a'),
            rank: None,
            to,
            promotion,
            capture,
        }),
        [r] => Ok(MoveText::San {
            role: role.unwrap_or(Role::Pawn),
            file: None,
            rank: Some(*r as u8 - b'1'),
            to,
            promotion,
            capture,
        }),
        [f, r] => {
            let from = square(*f, *r).ok_or_else(|| syntax(original, ""))?;
            Ok(MoveText::Coords { role, from, to, promotion, capture })
        }
        _ => Err(syntax(original, "")),
    }
}

fn square(f: char, r: char) -> Option<Square> {
    if !f.is_ascii_lowercase() || !r.is_ascii_digit() || !('a'..='h').contains(&f) || !('1'..='8').contains(&r) {
        return None;
    }
    Square::from_coords(f as u8 - b'a', r as u8 - b'1')
}
