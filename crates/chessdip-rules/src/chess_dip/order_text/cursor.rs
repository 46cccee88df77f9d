//! A cursor over an order's tokens: squares, piece letters and their
//! other names, move signs.

use super::super::order_tokens::Tok;
use super::{MoveCode, ParseErrorKind, Reading};
use crate::role::Role;
use crate::square::{Board, Square};

/// The tokens of one order, where reading has got to, and the unexpected
/// readings made so far.
pub(super) struct Cursor<'a> {
    pub(super) toks: &'a [Tok],
    pub(super) pos: usize,
    pub(super) board: Board,
    pub(super) readings: Vec<Reading>,
}

/// Which other names of pieces a place in the order takes.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum Aliases {
    /// Only `K Q R B N P`, figurines and the pieces' names.
    None,
    /// Also the seed's unit names written out (`army`, `horse`), not their
    /// letters: after a square, a lone `H` is *hold*, not a horse.
    Words,
    /// Also their letters (`A`, `M`, `F`, `H`).
    All,
}

impl Cursor<'_> {
    pub(super) fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }
    pub(super) fn peek_word(&self) -> Option<&str> {
        match self.peek() {
            Some(Tok::Word(w)) => Some(w),
            _ => None,
        }
    }
    pub(super) fn bump(&mut self) {
        self.pos += 1;
    }
    pub(super) fn eat_word(&mut self, words: &[&str]) -> bool {
        if self.peek_word().is_some_and(|w| words.contains(&w)) {
            self.bump();
            true
        } else {
            false
        }
    }
    pub(super) fn square(&mut self, expected: &'static str) -> Result<Square, ParseErrorKind> {
        match self.peek().cloned() {
            Some(Tok::Square(s)) => {
                self.bump();
                Ok(self.board.parse_square(&s)?)
            }
            Some(t) => Err(ParseErrorKind::Expected { expected, found: t.to_string() }),
            None => Err(ParseErrorKind::Incomplete(expected)),
        }
    }
    pub(super) fn role(&mut self, aliases: Aliases) -> Option<Role> {
        match self.peek()? {
            Tok::Figurine(r) => {
                let r = *r;
                self.bump();
                Some(r)
            }
            Tok::Word(w) => {
                let (r, alias) = role_word(w, aliases)?;
                if alias {
                    self.readings.push(Reading::Alias { written: w.clone(), role: r });
                }
                self.bump();
                Some(r)
            }
            _ => None,
        }
    }
    pub(super) fn move_code(&mut self) -> Option<MoveCode> {
        match self.peek() {
            Some(Tok::Dash) => {
                self.bump();
                Some(MoveCode::Plain)
            }
            Some(Tok::Word(w)) => {
                let code = match w.as_str() {
                    "to" | "m" | "move" | "moves" => MoveCode::Plain,
                    "x" => MoveCode::Capture,
                    "t" => MoveCode::Travel,
                    _ => return None,
                };
                self.bump();
                // `moves to`, `m -`
                if code == MoveCode::Plain {
                    self.eat_word(&["to"]);
                    if matches!(self.peek(), Some(Tok::Dash)) {
                        self.bump();
                    }
                }
                Some(code)
            }
            _ => None,
        }
    }
    pub(super) fn end(&self) -> Result<(), ParseErrorKind> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(ParseErrorKind::Trailing(
                self.toks[self.pos..].iter().map(ToString::to_string).collect::<Vec<_>>().join(" "),
            )),
        }
    }
}

/// The piece a word names, and whether it was another name (an alias).
fn role_word(w: &str, aliases: Aliases) -> Option<(Role, bool)> {
    let alias = match w {
        "a" | "m" if aliases == Aliases::All => Some(Role::King),
        "f" | "h" if aliases == Aliases::All => Some(Role::Knight),
        "army" | "armies" | "monarch" | "monarchs" if aliases != Aliases::None => Some(Role::King),
        "fleet" | "fleets" | "horse" | "horses" if aliases != Aliases::None => Some(Role::Knight),
        _ => None,
    };
    if let Some(r) = alias {
        return Some((r, true));
    }
    let mut chars = w.chars();
    let role = match (chars.next(), chars.next()) {
        (Some(c), None) => Role::from_char(c),
        _ => Role::from_name(w),
    };
    role.map(|r| (r, false))
}
