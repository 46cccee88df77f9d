//! A game: the position with its move number, the moves so far (for the
//! transcript), how often each position has occurred, and how it ended.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::cell::Cell;
use super::movegen::{Effect, Move};
use super::piece::Colour;
use super::position::Position;
use super::variant::Variant;

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndOfGame {
    /// The side to move is in check with no legal move.
    Checkmate {
        /// Who delivered it.
        winner: Colour,
    },
    /// The side to move is not in check but has no legal move: a win for
    /// the side that stalemated it.
    Stalemate {
        /// Who delivered it.
        winner: Colour,
    },
    /// Only the two kings are left.
    BareKings,
    /// The same position has occurred three times.
    Repetition,
    /// The move number reached [`DiplomatChessState::LAST_MOVE`]: the move after
    /// it could not be numbered, so the game ends drawn.
    MoveLimit,
}

impl EndOfGame {
    /// The winner, if any.
    #[must_use]
    pub const fn winner(self) -> Option<Colour> {
        match self {
            EndOfGame::Checkmate { winner } | EndOfGame::Stalemate { winner } => Some(winner),
            EndOfGame::BareKings | EndOfGame::Repetition | EndOfGame::MoveLimit => None,
        }
    }

    /// How: `by checkmate`, `by stalemate`, `bare kings`, `threefold repetition`,
    /// `the move limit was reached`.
    #[must_use]
    pub const fn how(self) -> &'static str {
        match self {
            EndOfGame::Checkmate { .. } => "by checkmate",
            EndOfGame::Stalemate { .. } => "by stalemate",
            EndOfGame::BareKings => "bare kings",
            EndOfGame::Repetition => "threefold repetition",
            EndOfGame::MoveLimit => "the move limit was reached",
        }
    }
}

impl fmt::Display for EndOfGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner() {
            Some(w) => write!(f, "{w} wins {}", self.how()),
            None => write!(f, "draw ({})", self.how()),
        }
    }
}

/// One move played, for the transcript.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// The move number (White's and Black's n-th moves share number n).
    pub number: u32,
    /// Who played it.
    pub colour: Colour,
    /// The move in the seed's notation, with `+`/`++`.
    pub notation: String,
    /// The move itself.
    pub mv: Move,
}

/// The state of a game between moves (stored as JSON by the service).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiplomatChessState {
    /// The position.
    pub position: Position,
    /// The number of the move the side to move is about to make.
    pub number: u32,
    /// The moves played so far.
    pub history: Vec<Played>,
    /// How many times each position (by [`Position::key`]) has occurred.
    pub seen: BTreeMap<String, u32>,
    /// How the game ended, once it has.
    pub outcome: Option<EndOfGame>,
}

/// The result of playing a move.
#[derive(Clone, Debug)]
pub struct Turn {
    /// The state after the move.
    pub next: DiplomatChessState,
    /// The move in notation (with `+`/`++`).
    pub notation: String,
    /// What it did.
    pub effect: Effect,
    /// The cells it passed, for drawing.
    pub path: Vec<Cell>,
}

impl DiplomatChessState {
    /// The state as it stands, without the moves played to reach it and the
    /// count of positions seen (what a report keeps of the game a move
    /// left: enough to draw it, small whatever the game's length).
    #[must_use]
    pub fn snapshot(&self) -> DiplomatChessState {
        DiplomatChessState {
            position: self.position.clone(),
            number: self.number,
            history: Vec::new(),
            seen: BTreeMap::new(),
            outcome: self.outcome,
        }
    }

    /// The last move number. A game that reaches it is over, drawn: the move
    /// after it could not be numbered.
    pub const LAST_MOVE: u32 = u32::MAX;

    /// The start of a game.
    #[must_use]
    pub fn start(v: &Variant) -> DiplomatChessState {
        DiplomatChessState::new(v, Position::start(), 1)
    }

    /// A game from `position`, the side to move about to make move `number`.
    /// The outcome is worked out at once (a position may already be mate).
    #[must_use]
    pub fn new(v: &Variant, position: Position, number: u32) -> DiplomatChessState {
        let mut seen = BTreeMap::new();
        seen.insert(position.key(), 1);
        let number = number.max(1);
        let outcome = outcome_of(v, &position, 1).or_else(|| move_limit(number));
        DiplomatChessState { position, number, history: Vec::new(), seen, outcome }
    }

    /// How the game has ended, if it has: the recorded outcome, or a draw
    /// once the move number is at [`DiplomatChessState::LAST_MOVE`] (a stored
    /// state may have the number without the outcome).
    #[must_use]
    pub fn ended(&self) -> Option<EndOfGame> {
        self.outcome.or_else(|| move_limit(self.number))
    }

    /// The side to move.
    #[must_use]
    pub const fn to_move(&self) -> Colour {
        self.position.to_move()
    }

    /// The phase name: `Move 12 (White)`, or `Game over after move 25`.
    #[must_use]
    pub fn phase_name(&self) -> String {
        match self.ended() {
            None => format!("Move {} ({})", self.number, self.to_move()),
            Some(_) => {
                let last = self.history.last().map_or(self.number, |p| p.number);
                format!("Game over after move {last}")
            }
        }
    }

    /// Plays `mv`, which must be legal (see [`Position::read_move`]):
    /// updates the move number, history, repetition counts and outcome.
    #[must_use]
    pub fn play(&self, v: &Variant, mv: Move) -> Turn {
        let notation = self.position.notation(v, mv);
        let path = self.position.path(mv);
        let (position, effect) = self.position.play(v, mv);
        let mut next = self.clone();
        let colour = self.to_move();
        next.history.push(Played { number: self.number, colour, notation: notation.clone(), mv });
        if colour == Colour::Black {
            // At the last move number the counter stays: the game is drawn there.
            next.number = self.number.saturating_add(1);
        }
        let count = next.seen.entry(position.key()).or_insert(0);
        *count = count.saturating_add(1);
        let count = *count;
        next.outcome = outcome_of(v, &position, count).or_else(|| move_limit(next.number));
        next.position = position;
        Turn { next, notation, effect, path }
    }

    /// The moves so far, numbered like the seed's sample game
    /// (`1. d3, k3`), one line per move number, and the result on the last
    /// line if the game is over (see [`super::text::transcript`]).
    #[must_use]
    pub fn transcript(&self) -> String {
        super::text::transcript(&self.history, self.ended())
    }
}

/// The draw at the move limit, for a game about to make move `number`.
fn move_limit(number: u32) -> Option<EndOfGame> {
    (number == DiplomatChessState::LAST_MOVE).then_some(EndOfGame::MoveLimit)
}

/// How a game stands in `p`, which has now occurred `count` times.
fn outcome_of(v: &Variant, p: &Position, count: u32) -> Option<EndOfGame> {
    let side = p.to_move();
    if !p.has_legal_move(v) {
        let winner = side.other();
        return Some(if p.in_check(side) { EndOfGame::Checkmate { winner } } else { EndOfGame::Stalemate { winner } });
    }
    if p.bare_kings() {
        return Some(EndOfGame::BareKings);
    }
    (count >= 3).then_some(EndOfGame::Repetition)
}
