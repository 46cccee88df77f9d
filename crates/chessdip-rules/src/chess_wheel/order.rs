//! A revealed message checked against the position: every line must be a
//! well-formed move of one of the player's own pieces, no piece may be
//! ordered twice, and there may be no more moves than the movement power.
//! Otherwise the message is invalid as a whole and none of its moves run.
//!
//! What is *invalid* (the message is refused): a line that cannot be read,
//! an unknown board, a space on a board that does not exist, a bare space
//! that names no board, no piece on the start space, another player's
//! piece, a wrong piece letter, a piece ordered twice, too many moves.
//! What *fails* at resolution (the message stands, that move does not
//! happen): a move outside the piece's range, onto the player's own piece
//! that stays, or into a collision ([`super::resolve`]).

use serde::{Deserialize, Serialize};

use std::fmt;

use super::order_text::{parse_move, split_message, AddrText, ParseError};
use super::piece::Piece;
use super::space::{Seat, Space};
use super::state::State;
use crate::Role;

/// A move of a valid message.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// The piece, as it stands at the start of the cycle.
    pub piece: Piece,
    /// Where it goes.
    pub to: Space,
    /// Written as a take (`x`); it means the same as `-`.
    pub take: bool,
}

impl Move {
    /// The move in full: `Q {Ann}d1 - d8` (what is stored and shown).
    #[must_use]
    pub fn text(&self, state: &State) -> String {
        format!(
            "{} {} {} {}",
            self.piece.role.char(),
            state.space_name(self.piece.space),
            if self.take { "x" } else { "-" },
            state.space_name(self.to)
        )
    }
}

/// A valid message: its moves in order, and how bare spaces were read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Message {
    /// (the move as written, the move), in the message's order.
    pub moves: Vec<(String, Move)>,
    /// How addresses were read, for the player.
    pub readings: Vec<String>,
}

/// Why one move of a message is not acceptable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// The text cannot be read.
    Parse(ParseError),
    /// `{Name}` is not a player.
    UnknownBoard {
        /// As written.
        name: String,
        /// The players' names.
        boards: Vec<String>,
    },
    /// The player has no standard board (yet).
    NoSuchBoard {
        /// The player.
        name: String,
        /// Whether it is the ordering player's own.
        own: bool,
        /// The space as written.
        written: String,
    },
    /// No board exists, so the hub does not either.
    NoHub,
    /// A bare space of ranks 1-7 with no board to read it on.
    Bare {
        /// As written.
        written: String,
        /// A board that exists, for the example.
        example: String,
    },
    /// Nothing stands on the start space.
    NoPiece {
        /// The space.
        space: String,
    },
    /// Another player's piece.
    NotYours {
        /// `Bo's knight on {Bo}g1`.
        what: String,
    },
    /// The piece letter does not match.
    WrongLetter {
        /// The letter written.
        written: Role,
        /// `the queen on {Ann}d1`.
        actual: String,
    },
    /// The piece already has a move in this message.
    Twice {
        /// `the queen on {Ann}d1`.
        what: String,
        /// 1-based number of its first move.
        first: usize,
    },
}

impl LineError {
    /// Why, for the whole channel: the same reason in the third person,
    /// `author` being the player whose message it is. (`Display` is the
    /// author's own form, which says "you".)
    #[must_use]
    pub fn public(&self, author: &str) -> String {
        match self {
            LineError::NoSuchBoard { own: true, written, .. } => {
                format!("{written} does not exist: {author} has no standard board yet")
            }
            LineError::Bare { written, example } => format!(
                "`{written}` names no board: {author} has no standard board, so the board must be written in braces, e.g. `{{{example}}}{written}`"
            ),
            LineError::NotYours { what } => {
                format!("{what} is not {author}'s: a player moves only their own pieces")
            }
            other => other.to_string(),
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Parse(e) => write!(f, "{e}"),
            LineError::UnknownBoard { name, boards } => {
                write!(f, "there is no board `{name}`: boards are named after the players ({})", boards.join(", "))
            }
            LineError::NoSuchBoard { own: true, written, .. } => {
                write!(f, "{written} does not exist: you have no standard board yet (`board create` makes it)")
            }
            LineError::NoSuchBoard { name, own: false, written } => {
                write!(f, "{written} does not exist: {name} has no standard board yet")
            }
            LineError::NoHub => f.write_str("no standard board exists yet, so there is no hub (rank 8)"),
            LineError::Bare { written, example } => write!(
                f,
                "`{written}` names no board: you have no standard board, so write the board in braces, e.g. `{{{example}}}{written}`"
            ),
            LineError::NoPiece { space } => write!(f, "there is no piece on {space}"),
            LineError::NotYours { what } => write!(f, "{what} is not yours: you may move only your own pieces"),
            LineError::WrongLetter { written, actual } => {
                write!(f, "`{}` says a {}, but {actual}", written.char(), written.name())
            }
            LineError::Twice { what, first } => {
                write!(f, "{what} already moves in move {first}: a piece moves at most once a cycle")
            }
        }
    }
}

/// Why a message is invalid as a whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidMessage {
    /// Every move of the message as written.
    pub moves: Vec<String>,
    /// (0-based index into `moves`, why) for each unacceptable move.
    pub lines: Vec<(usize, LineError)>,
    /// More moves than the movement power: (moves, power).
    pub too_many: Option<(usize, usize)>,
}

impl InvalidMessage {
    /// Why the whole message is refused, in one sentence, for its author.
    #[must_use]
    pub fn summary(&self) -> String {
        format!("the message is invalid, so none of its moves run: {}", self.reasons())
    }

    /// What makes the message invalid, for its author: `it has 4 moves,
    /// more than the movement power of 3; move 2 (`e2 e9`): ...`.
    #[must_use]
    pub fn reasons(&self) -> String {
        self.reasons_with(&LineError::to_string)
    }

    /// What makes `author`'s message invalid, for the whole channel (third person).
    #[must_use]
    pub fn public_reasons(&self, author: &str) -> String {
        self.reasons_with(&|e| e.public(author))
    }

    fn reasons_with(&self, line: &dyn Fn(&LineError) -> String) -> String {
        let mut parts = Vec::new();
        if let Some((n, power)) = self.too_many {
            parts.push(format!("it has {n} moves, more than the movement power of {power}"));
        }
        for (i, e) in &self.lines {
            parts.push(format!("move {} (`{}`): {}", i + 1, self.moves.get(*i).map_or("", String::as_str), line(e)));
        }
        parts.join("; ")
    }

    /// Why move `i` is refused, for the author: its own problem, or that
    /// another part of the message makes the whole of it invalid.
    #[must_use]
    pub fn reason_for(&self, i: usize) -> String {
        match self.lines.iter().find(|(k, _)| *k == i) {
            Some((_, e)) => e.to_string(),
            None => match self.too_many {
                Some((n, power)) => format!(
                    "fine in itself, but the message has {n} moves, more than the movement power of {power}, so none of them run"
                ),
                None => "fine in itself, but another move makes the message invalid as a whole, so it does not run".into(),
            },
        }
    }

    /// Why move `i` of `author`'s message did not run, for the whole
    /// channel: its own problem, or that the message was invalid as a whole.
    #[must_use]
    pub fn public_reason_for(&self, i: usize, author: &str) -> String {
        match self.lines.iter().find(|(k, _)| *k == i) {
            Some((_, e)) => e.public(author),
            None => "not run: the message is invalid as a whole".into(),
        }
    }
}

impl fmt::Display for InvalidMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary())
    }
}

impl std::error::Error for InvalidMessage {}

impl std::error::Error for LineError {}

/// Reads `text` (the whole revealed message) as `seat`'s moves.
///
/// A bare start space of ranks 1-7 is on the player's own board. A bare
/// destination of ranks 1-7 is on the board the piece stands on, or, for a
/// piece on the hub, on the player's own board. Rank 8 is the hub, however
/// it is written.
///
/// # Errors
/// [`InvalidMessage`] with every problem found.
pub fn read_message(state: &State, seat: Seat, text: &str, power: usize) -> Result<Message, InvalidMessage> {
    let texts = split_message(text);
    let mut msg = Message::default();
    let mut lines = Vec::new();
    for (i, t) in texts.iter().enumerate() {
        match read_move(state, seat, t, &msg) {
            Ok((m, readings)) => {
                msg.readings.extend(readings);
                msg.moves.push((t.clone(), m));
            }
            Err(e) => lines.push((i, e)),
        }
    }
    let too_many = (texts.len() > power).then_some((texts.len(), power));
    if lines.is_empty() && too_many.is_none() {
        Ok(msg)
    } else {
        Err(InvalidMessage { moves: texts, lines, too_many })
    }
}

fn read_move(state: &State, seat: Seat, text: &str, earlier: &Message) -> Result<(Move, Vec<String>), LineError> {
    let mt = parse_move(text).map_err(LineError::Parse)?;
    let mut how = Vec::new();
    let from = resolve_addr(state, seat, &mt.from, seat, &mut how)?;
    let piece = state.piece(from).ok_or_else(|| LineError::NoPiece { space: state.space_name(from) })?;
    let what = format!("the {} on {}", piece.role.name(), state.space_name(from));
    if piece.owner != seat {
        return Err(LineError::NotYours {
            what: format!("{}'s {} on {}", state.name(piece.owner), piece.role.name(), state.space_name(from)),
        });
    }
    if let Some(r) = mt.role {
        if r != piece.role {
            return Err(LineError::WrongLetter {
                written: r,
                actual: format!("the piece on {} is a {}", state.space_name(from), piece.role.name()),
            });
        }
    }
    if let Some(k) = earlier.moves.iter().position(|(_, m)| m.piece.space == from) {
        return Err(LineError::Twice { what, first: k + 1 });
    }
    // A bare destination: the piece's board, or the player's own for a hub piece.
    let to = resolve_addr(state, seat, &mt.to, from.board().unwrap_or(seat), &mut how)?;
    let m = Move { piece, to, take: mt.take };
    let mut readings = Vec::new();
    if !how.is_empty() {
        readings.push(format!("`{}` read as `{}` ({})", text.trim(), m.text(state), how.join("; ")));
    }
    Ok((m, readings))
}

/// The space an address names; `bare_board` is the board a bare rank 1-7
/// space is read on. Notes how a bare or hub address was read in `how`.
fn resolve_addr(
    state: &State,
    seat: Seat,
    a: &AddrText,
    bare_board: Seat,
    how: &mut Vec<String>,
) -> Result<Space, LineError> {
    let (file, rank) = (a.coords.file, a.coords.rank);
    let board = match &a.board {
        Some(name) => state
            .seat(name)
            .ok_or_else(|| LineError::UnknownBoard { name: name.clone(), boards: state.players.clone() })?,
        None => bare_board,
    };
    let bad = || LineError::Bare { written: a.to_string(), example: example_board(state) };
    let space = Space::on(board, file, rank).ok_or_else(bad)?;
    match space {
        Space::Hub { .. } => {
            if state.boards.is_empty() {
                return Err(LineError::NoHub);
            }
            if a.board.is_some() {
                note(how, "rank 8 is the hub, shared by every board".into());
            }
        }
        Space::Board { board, .. } => {
            if !state.has_board(board) {
                return Err(if a.board.is_none() {
                    bad()
                } else {
                    LineError::NoSuchBoard {
                        name: state.name(board).to_string(),
                        own: board == seat,
                        written: a.to_string(),
                    }
                });
            }
            if a.board.is_none() {
                note(
                    how,
                    if board == seat {
                        "a space without a board is on your board".into()
                    } else {
                        format!("the destination is on {}'s board, where the piece stands", state.name(board))
                    },
                );
            }
        }
    }
    Ok(space)
}

fn note(how: &mut Vec<String>, text: String) {
    if !how.contains(&text) {
        how.push(text);
    }
}

/// A board that exists, for examples in messages.
fn example_board(state: &State) -> String {
    state.boards.first().map_or_else(|| "Ann".to_string(), |&b| state.name(b).to_string())
}
