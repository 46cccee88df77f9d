//! Order text -> [`OrderText`]: syntax only, no knowledge of the position.
//!
//! Accepts the seeds' grammar and the usual Diplomacy forms, case-insensitive,
//! with or without spaces and dashes: `K e1 - e2`, `Ke1-e2`, `Ke1 e2`,
//! `e2-e4`, `N g1 S e1 - e2`, `N c3 S K d1`, `K e1 S e2 C f1 - c4`,
//! `e5 t d6 x d5`, `O-O`, `K d1 H`, `K d1 holds`; in adjustment phases
//! `build K d1`, `B K d1`, `disband N c3`, `promote c8 R`, `c8=R`, `waive`.
//!
//! Typography is forgiven: chess figurines of either colour (`♘f3`, `♚ e8`)
//! are piece letters; the hyphen's look-alikes (the minus sign `−`, en and em
//! dashes) and arrows (`->`, `→`, `=>`, `⇒`) are the move dash; `×` is `x`.
//! The unit names of the Chesspolitik seed are piece letters too: `A`/army
//! and `M`/monarch for a king, `F`/fleet and `H`/horse for a knight, read
//! where a piece letter stands (a lone `H` after a square is still *hold*).
//! [`parse_read`] says which of these readings it made ([`Reading`]), so a
//! reply can tell the player.

use thiserror::Error;

use super::order_tokens::{is_castle, tokenize, Tok};
use crate::rules::role::Role;
use crate::rules::square::{Board, Square, SquareError};

/// How the move was written: `-`, `x` (capture) or `t` (travel).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveCode {
    /// `-`, `to`, `move`, or no sign: the kind follows from the piece.
    Plain,
    /// `x`: an attack.
    Capture,
    /// `t`: a travel order.
    Travel,
}

/// The action of a supported order, as written after `S <square>`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DirectText {
    /// Support to hold.
    Hold,
    /// Support to move to a square.
    Move {
        /// Landing square.
        to: Square,
        /// How the move was written.
        code: MoveCode,
    },
    /// Support-convoy: `S e2 C f1 - c4` supports the convoy order on e2 for
    /// the move f1 - c4.
    Convoy {
        /// Start of the convoyed order.
        from: Square,
        /// Its landing square.
        to: Square,
        /// Its convoy code (`-`, `x`, `t` or `S`).
        code: ConvoyCode,
    },
}

/// The action code of a convoyed multi-square order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConvoyCode {
    /// A move (`-`).
    Move,
    /// An attack (`x`).
    Capture,
    /// A travel (`t`).
    Travel,
    /// A multi-square support (`S`).
    Support,
}

/// What a piece is ordered to do, as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ActionText {
    /// Hold.
    Hold,
    /// Move to a square.
    Move {
        /// Landing square.
        to: Square,
        /// How the move was written.
        code: MoveCode,
    },
    /// Support another piece's order.
    Support {
        /// Piece letter written before the supported square, if any.
        role: Option<Role>,
        /// The supported piece's square (or the convoy square).
        square: Square,
        /// What it is supported to do.
        direct: DirectText,
    },
    /// En passant: travel to `travel`, attack the passed pawn on `attack`.
    EnPassant {
        /// The square passed over by the enemy pawn.
        travel: Square,
        /// The passed pawn's square.
        attack: Square,
    },
}

/// An order as written, checked only for syntax and squares on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OrderText {
    /// An order to a piece.
    Piece {
        /// Piece letter, if written.
        role: Option<Role>,
        /// The piece's square.
        square: Square,
        /// What it does.
        action: ActionText,
    },
    /// `O-O` (`long == false`) or `O-O-O`.
    Castle {
        /// Whether the rook moves three squares.
        long: bool,
    },
    /// Build a piece.
    Build {
        /// Kind to build (aliases resolved).
        role: Role,
        /// Where.
        square: Square,
    },
    /// Disband a piece.
    Disband {
        /// Piece letter, if written.
        role: Option<Role>,
        /// Its square.
        square: Square,
    },
    /// Promote the pawn on `square`.
    Promote {
        /// The pawn's square.
        square: Square,
        /// What it becomes.
        role: Role,
    },
    /// Give up one build.
    Waive,
}

/// Which phase kind the text is read for: movement words and adjustment words overlap
/// (`B` is a bishop in Spring and "build" in Winter).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Context {
    /// Spring or Fall.
    Movement,
    /// Winter.
    Adjustment,
}

/// A reading of the order text a player may not expect, reported so the
/// reply can say how the order was read.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reading {
    /// Another name of a piece read as its letter: `A` or `army` as `K`.
    Alias {
        /// The word as written, lower-case.
        written: String,
        /// The piece it stands for.
        role: Role,
    },
    /// `B` at the start of an adjustment order read as `build`.
    BuildLetter,
}

/// An order that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{kind} (in `{input}`)")]
pub struct ParseError {
    /// The text as given.
    pub input: String,
    /// What was wrong.
    pub kind: ParseErrorKind,
}

/// What was wrong with an order's syntax.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    /// Nothing but blanks.
    #[error("the order is empty")]
    Empty,
    /// A square name that is malformed or off the board.
    #[error("{0}")]
    Square(#[from] SquareError),
    /// Something else was needed here.
    #[error("expected {expected} but found `{found}`")]
    Expected {
        /// What would have been right.
        expected: &'static str,
        /// What was there.
        found: String,
    },
    /// The order stopped too early.
    #[error("the order ends too early: expected {0}")]
    Incomplete(&'static str),
    /// A piece with no action.
    #[error("no action for the piece on {0}: add `H` to hold, `- <square>` to move or `S <square> ...` to support")]
    NoAction(Square),
    /// A word no order uses.
    #[error("`{0}` is not part of any order: orders look like `K e1 - e2`, `K e1 H`, `N g1 S K e1 - e2`")]
    UnknownWord(String),
    /// Extra text after a complete order.
    #[error("unexpected `{0}` after the end of the order")]
    Trailing(String),
    /// A build without a piece kind.
    #[error("say which piece to build, e.g. `build K {0}` for a king or `build N {0}` for a knight")]
    BuildWhat(Square),
    /// `B <square>` in an adjustment phase: `B` was read as `build`, and no piece kind followed.
    #[error(
        "in the adjustment phase `B` means `build`, so `B {0}` reads as a build on {0} without a piece: \
         write e.g. `build K {0}` for a king or `build N {0}` for a knight (pieces get orders in the movement phases)"
    )]
    BuildLetterWhat(Square),
    /// A promotion without a piece kind.
    #[error("say what the pawn on {0} becomes, e.g. `promote {0} N` (N, B or R)")]
    PromoteWhat(Square),
}

struct Cursor<'a> {
    toks: &'a [Tok],
    pos: usize,
    board: Board,
    readings: Vec<Reading>,
}

/// Which other names of pieces a place in the order takes.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Aliases {
    /// Only `K Q R B N P`, figurines and the pieces' names.
    None,
    /// Also the seed's unit names written out (`army`, `horse`), not their
    /// letters: after a square, a lone `H` is *hold*, not a horse.
    Words,
    /// Also their letters (`A`, `M`, `F`, `H`).
    All,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }
    fn peek_word(&self) -> Option<&str> {
        match self.peek() {
            Some(Tok::Word(w)) => Some(w),
            _ => None,
        }
    }
    fn bump(&mut self) {
        self.pos += 1;
    }
    fn eat_word(&mut self, words: &[&str]) -> bool {
        if self.peek_word().is_some_and(|w| words.contains(&w)) {
            self.bump();
            true
        } else {
            false
        }
    }
    fn square(&mut self, expected: &'static str) -> Result<Square, ParseErrorKind> {
        match self.peek().cloned() {
            Some(Tok::Square(s)) => {
                self.bump();
                Ok(self.board.parse_square(&s)?)
            }
            Some(t) => Err(ParseErrorKind::Expected { expected, found: t.to_string() }),
            None => Err(ParseErrorKind::Incomplete(expected)),
        }
    }
    fn role(&mut self, aliases: Aliases) -> Option<Role> {
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
    fn move_code(&mut self) -> Option<MoveCode> {
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
    fn end(&self) -> Result<(), ParseErrorKind> {
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

/// Reads one order.
///
/// # Errors
/// [`ParseError`] with the input and what was wrong.
pub fn parse(board: Board, input: &str, ctx: Context) -> Result<OrderText, ParseError> {
    parse_read(board, input, ctx).map(|(order, _)| order)
}

/// Reads one order and says which unexpected readings it made (another
/// name read as a piece letter, `B` read as `build`), in order.
///
/// # Errors
/// [`ParseError`] with the input and what was wrong.
pub fn parse_read(board: Board, input: &str, ctx: Context) -> Result<(OrderText, Vec<Reading>), ParseError> {
    parse_inner(board, input, ctx).map_err(|kind| ParseError { input: input.trim().to_string(), kind })
}

fn parse_inner(board: Board, input: &str, ctx: Context) -> Result<(OrderText, Vec<Reading>), ParseErrorKind> {
    if input.trim().is_empty() {
        return Err(ParseErrorKind::Empty);
    }
    if let Some(long) = is_castle(input) {
        return Ok((OrderText::Castle { long }, Vec::new()));
    }
    let toks = tokenize(input)?;
    let mut c = Cursor { toks: &toks, pos: 0, board, readings: Vec::new() };
    let order = match ctx {
        Context::Adjustment => parse_adjustment(&mut c)?,
        Context::Movement => parse_movement(&mut c)?,
    };
    c.end()?;
    Ok((order, c.readings))
}

fn parse_adjustment(c: &mut Cursor<'_>) -> Result<OrderText, ParseErrorKind> {
    if c.eat_word(&["waive", "waives", "w", "pass"]) {
        c.eat_word(&["build"]);
        return Ok(OrderText::Waive);
    }
    let letter = c.peek_word() == Some("b");
    if c.eat_word(&["build", "b"]) {
        if letter {
            c.readings.push(Reading::BuildLetter);
        }
        let role = c.role(Aliases::All);
        let square = c.square("the square to build on")?;
        let role = match role.or_else(|| c.role(Aliases::Words)) {
            Some(r) => r,
            None if letter => return Err(ParseErrorKind::BuildLetterWhat(square)),
            None => return Err(ParseErrorKind::BuildWhat(square)),
        };
        return Ok(OrderText::Build { role, square });
    }
    if c.eat_word(&["disband", "disbands", "d", "remove", "destroy"]) {
        let role = c.role(Aliases::All);
        let square = c.square("the square of the piece to disband")?;
        return Ok(OrderText::Disband { role, square });
    }
    let promote = c.eat_word(&["promote", "promotes"]);
    c.eat_word(&["p"]);
    let square = match c.peek() {
        Some(Tok::Square(_)) => c.square("a square")?,
        Some(t) => {
            return Err(ParseErrorKind::Expected {
                expected: "`build`, `disband`, `promote` or `waive`",
                found: t.to_string(),
            })
        }
        None => return Err(ParseErrorKind::Incomplete("`build`, `disband`, `promote` or `waive`")),
    };
    // `c8=R`, `c8 R`, `promote c8 R`, `promote c8 to R`, `c8 disband`.
    if c.eat_word(&["disband", "disbands", "d", "remove"]) {
        return Ok(OrderText::Disband { role: None, square });
    }
    if !promote && c.peek().is_none() {
        return Err(ParseErrorKind::Incomplete("`build`, `disband`, `promote` or `waive`"));
    }
    if matches!(c.peek(), Some(Tok::Eq)) {
        c.bump();
    }
    c.eat_word(&["to"]);
    match c.role(Aliases::None) {
        Some(role) => Ok(OrderText::Promote { square, role }),
        None => Err(ParseErrorKind::PromoteWhat(square)),
    }
}

fn parse_movement(c: &mut Cursor<'_>) -> Result<OrderText, ParseErrorKind> {
    let role = c.role(Aliases::All);
    let square = c.square("the square of the piece to order, like `e2`")?;
    let action = parse_action(c, square)?;
    Ok(OrderText::Piece { role, square, action })
}

fn parse_action(c: &mut Cursor<'_>, square: Square) -> Result<ActionText, ParseErrorKind> {
    if c.peek().is_none() {
        return Err(ParseErrorKind::NoAction(square));
    }
    if c.eat_word(&["h", "hold", "holds", "stand", "stands"]) {
        return Ok(ActionText::Hold);
    }
    if c.eat_word(&["s", "support", "supports"]) {
        let role = c.role(Aliases::All);
        let target = c.square("the square of the supported piece")?;
        let direct = parse_direct(c)?;
        return Ok(ActionText::Support { role, square: target, direct });
    }
    let code = c.move_code().unwrap_or(MoveCode::Plain);
    let to = c.square("the square to move to")?;
    if code == MoveCode::Travel && c.eat_word(&["x"]) {
        let attack = c.square("the passed pawn's square after `x`")?;
        return Ok(ActionText::EnPassant { travel: to, attack });
    }
    Ok(ActionText::Move { to, code })
}

fn parse_direct(c: &mut Cursor<'_>) -> Result<DirectText, ParseErrorKind> {
    if c.peek().is_none() || c.eat_word(&["h", "hold", "holds", "stand", "stands"]) {
        return Ok(DirectText::Hold);
    }
    if c.eat_word(&["c", "convoy", "convoys"]) {
        let from = c.square("the start square of the convoyed order")?;
        let code = match c.peek() {
            Some(Tok::Word(w)) if w == "s" || w == "support" || w == "supports" => {
                c.bump();
                ConvoyCode::Support
            }
            Some(Tok::Square(_)) => ConvoyCode::Move,
            Some(t) => {
                let t = t.to_string();
                match c.move_code() {
                    Some(MoveCode::Plain) => ConvoyCode::Move,
                    Some(MoveCode::Capture) => ConvoyCode::Capture,
                    Some(MoveCode::Travel) => ConvoyCode::Travel,
                    None => {
                        return Err(ParseErrorKind::Expected {
                            expected: "a convoy code `-`, `x`, `t` or `S`",
                            found: t,
                        })
                    }
                }
            }
            None => return Err(ParseErrorKind::Incomplete("a convoy code `-`, `x`, `t` or `S`")),
        };
        let to = c.square("the landing square of the convoyed order")?;
        return Ok(DirectText::Convoy { from, to, code });
    }
    let code = c.move_code().unwrap_or(MoveCode::Plain);
    let to = c.square("the square the supported piece moves to")?;
    Ok(DirectText::Move { to, code })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }
    fn mv(text: &str) -> Result<OrderText, ParseError> {
        parse(Board::MAX, text, Context::Movement)
    }
    fn adj(text: &str) -> Result<OrderText, ParseError> {
        parse(Board::MAX, text, Context::Adjustment)
    }
    fn piece(role: Option<Role>, s: &str, action: ActionText) -> OrderText {
        OrderText::Piece { role, square: sq(s), action }
    }

    #[test]
    fn moves_in_every_spelling() {
        let want = piece(Some(Role::King), "e1", ActionText::Move { to: sq("e2"), code: MoveCode::Plain });
        for t in ["K e1 - e2", "Ke1-e2", "Ke1 e2", "k E1 -> E2", "K e1 to e2", "K e1 moves to e2", "  K e1 – e2 "] {
            assert_eq!(mv(t), Ok(want), "{t}");
        }
        assert_eq!(mv("e2-e4"), Ok(piece(None, "e2", ActionText::Move { to: sq("e4"), code: MoveCode::Plain })));
        assert_eq!(mv("e4xd5"), Ok(piece(None, "e4", ActionText::Move { to: sq("d5"), code: MoveCode::Capture })));
        assert_eq!(
            mv("Bb1-c2"),
            Ok(piece(Some(Role::Bishop), "b1", ActionText::Move { to: sq("c2"), code: MoveCode::Plain }))
        );
    }

    #[test]
    fn holds_and_supports() {
        assert_eq!(mv("K d1 H"), Ok(piece(Some(Role::King), "d1", ActionText::Hold)));
        assert_eq!(mv("K d1 holds"), Ok(piece(Some(Role::King), "d1", ActionText::Hold)));
        let sup = |role| {
            piece(
                Some(Role::Knight),
                "g1",
                ActionText::Support {
                    role,
                    square: sq("e1"),
                    direct: DirectText::Move { to: sq("e2"), code: MoveCode::Plain },
                },
            )
        };
        assert_eq!(mv("N g1 S e1 - e2"), Ok(sup(None)));
        assert_eq!(mv("Ng1Se1-e2"), Ok(sup(None)));
        assert_eq!(mv("N g1 supports K e1 - e2"), Ok(sup(Some(Role::King))));
        let hold = piece(
            Some(Role::Knight),
            "c3",
            ActionText::Support { role: Some(Role::King), square: sq("d1"), direct: DirectText::Hold },
        );
        assert_eq!(mv("N c3 S K d1"), Ok(hold));
        assert_eq!(mv("N c3 S K d1 H"), Ok(hold));
    }

    #[test]
    fn chess_dip_forms() {
        assert_eq!(
            mv("K e1 S e2 C f1 - c4"),
            Ok(piece(
                Some(Role::King),
                "e1",
                ActionText::Support {
                    role: None,
                    square: sq("e2"),
                    direct: DirectText::Convoy { from: sq("f1"), to: sq("c4"), code: ConvoyCode::Move }
                }
            ))
        );
        assert_eq!(
            mv("e5 t d6 x d5"),
            Ok(piece(None, "e5", ActionText::EnPassant { travel: sq("d6"), attack: sq("d5") }))
        );
        assert_eq!(mv("e5td6xd5"), mv("e5 t d6 x d5"));
        assert_eq!(mv("O-O"), Ok(OrderText::Castle { long: false }));
        assert_eq!(mv("0-0-0"), Ok(OrderText::Castle { long: true }));
    }

    #[test]
    fn adjustments() {
        let b = OrderText::Build { role: Role::King, square: sq("d1") };
        for t in ["build K d1", "B K d1", "build king d1", "Build A d1", "build M d1", "build d1 K"] {
            assert_eq!(adj(t), Ok(b), "{t}");
        }
        let n = OrderText::Build { role: Role::Knight, square: sq("h2") };
        for t in ["build F h2", "build H h2", "build fleet h2", "build N h2", "build horse h2"] {
            assert_eq!(adj(t), Ok(n), "{t}");
        }
        assert_eq!(adj("disband N c3"), Ok(OrderText::Disband { role: Some(Role::Knight), square: sq("c3") }));
        assert_eq!(adj("waive"), Ok(OrderText::Waive));
        let p = OrderText::Promote { square: sq("c8"), role: Role::Rook };
        assert_eq!(adj("promote c8 R"), Ok(p));
        assert_eq!(adj("c8=R"), Ok(p));
        assert!(matches!(adj("build h2"), Err(ParseError { kind: ParseErrorKind::BuildWhat(_), .. })));
    }

    #[test]
    fn typography_and_other_names() {
        let want = piece(Some(Role::Knight), "g1", ActionText::Move { to: sq("f3"), code: MoveCode::Plain });
        for t in ["\u{2658}g1-f3", "\u{265e} g1 \u{2212} f3", "N g1 \u{21d2} f3", "N g1 --> f3", "N g1 \u{2010} f3"] {
            assert_eq!(mv(t), Ok(want), "{t}");
        }
        assert_eq!(mv("e4\u{d7}d5"), mv("e4 x d5"));
        assert_eq!(mv("O\u{2212}O"), Ok(OrderText::Castle { long: false }));
        let read = |t| parse_read(Board::MAX, t, Context::Movement);
        let (o, r) = read("F g1 - f3").unwrap();
        assert_eq!(o, want);
        assert_eq!(r, [Reading::Alias { written: "f".into(), role: Role::Knight }]);
        let (o, r) = read("A d1 H").unwrap();
        assert_eq!(o, piece(Some(Role::King), "d1", ActionText::Hold));
        assert_eq!(r, [Reading::Alias { written: "a".into(), role: Role::King }]);
        // After a square, `H` is hold.
        assert_eq!(read("K d1 H").unwrap().1, []);
        let (_, r) = parse_read(Board::MAX, "B N b1", Context::Adjustment).unwrap();
        assert_eq!(r, [Reading::BuildLetter]);
        assert_eq!(adj("B b1").unwrap_err().kind, ParseErrorKind::BuildLetterWhat(sq("b1")));
        assert_eq!(adj("build b1").unwrap_err().kind, ParseErrorKind::BuildWhat(sq("b1")));
        // `build b1 H` is no horse: only written-out names follow the square.
        assert!(adj("build b1 H").is_err());
        assert_eq!(adj("build b1 horse"), Ok(OrderText::Build { role: Role::Knight, square: sq("b1") }));
        assert_eq!(mv("K e1 S e2 C f1 to c4"), mv("K e1 S e2 C f1 - c4"));
        assert_eq!(mv("K b2 S a2 C a1 supports a3"), mv("K b2 S a2 C a1 S a3"));
    }

    #[test]
    fn errors_say_what_was_wrong() {
        assert_eq!(mv("").unwrap_err().kind, ParseErrorKind::Empty);
        assert_eq!(
            mv("K i9 - e2").unwrap_err().to_string(),
            "there is no square i9 on this board: it runs from a1 to h8 (in `K i9 - e2`)"
        );
        assert!(matches!(mv("K e1").unwrap_err().kind, ParseErrorKind::NoAction(_)));
        assert!(matches!(mv("K e1 - e2 e3").unwrap_err().kind, ParseErrorKind::Trailing(_)));
        assert!(matches!(mv("K e1 jumps e2").unwrap_err().kind, ParseErrorKind::UnknownWord(_)));
        assert!(matches!(mv("K e1 -").unwrap_err().kind, ParseErrorKind::Incomplete(_)));
        let six = Board { files: 6, ranks: 6 };
        assert!(parse(six, "K f6 - g6", Context::Movement).is_err());
    }
}
