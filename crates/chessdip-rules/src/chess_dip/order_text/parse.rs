//! The grammar: movement orders (a piece, its action, what it supports)
//! and adjustment orders (build, disband, promote, waive).

use super::super::order_tokens::{is_castle, tokenize, Tok};
use super::cursor::{Aliases, Cursor};
use super::{ActionText, Context, ConvoyCode, DirectText, MoveCode, OrderText, ParseError, ParseErrorKind, Reading};
use crate::square::{Board, Square};

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
