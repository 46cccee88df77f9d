//! The state between turns: the position, the turn number, what repetition
//! needs, the game's record (one line per turn) and how it ended.

use serde::{Deserialize, Serialize};

use super::board::{side_name, Position};
use super::text::{Branch, Line, Mark};
use super::variant::Mode;
use crate::Side;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameEnd {
    /// One side won.
    Won {
        /// The winner.
        winner: Side,
        /// How: `by checkmate`, `by capturing the king`.
        how: String,
    },
    /// Nobody won.
    Drawn {
        /// Why: `stalemate`, `threefold repetition`, `bare kings`,
        /// `the turn limit was reached`.
        how: String,
    },
}

/// One move of a turn in the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRecord {
    /// Whose.
    pub side: Side,
    /// The order, canonical (records made before orders were stored
    /// canonically hold the text as the player wrote it).
    pub text: String,
    /// Whether it was carried out.
    pub succeeded: bool,
    /// What happened, for everyone (`moved`, `took Black's pawn on d5`,
    /// `blocked at d4`), after the branch a conditional played.
    pub reason: String,
    /// Carried out, failed, or neither (absent in older records: from `succeeded`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<Mark>,
    /// What happened to the move played, without the branch (absent in older records).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// The branch a conditional played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub branch: Option<Branch>,
}

impl MoveRecord {
    /// Its item in the transcript.
    #[must_use]
    pub fn line(&self) -> Line<'_> {
        let mark = self.mark.unwrap_or(if self.succeeded { Mark::Done } else { Mark::Failed });
        Line {
            slot: None,
            order: &self.text,
            branch: self.branch.as_ref(),
            mark,
            result: self.result.as_deref().unwrap_or(&self.reason),
        }
    }
}

/// One turn in the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    /// The turn's number.
    pub turn: u32,
    /// Every move given, White's first, in order.
    pub moves: Vec<MoveRecord>,
}

/// A Diplomacy Chess game between turns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiplomacyChessState {
    /// The turn about to be played (1-based).
    pub turn: u32,
    /// The position.
    pub position: Position,
    /// Repetition keys of the position at the start of every turn so far,
    /// this one included.
    pub seen: Vec<String>,
    /// The turns played.
    pub history: Vec<TurnRecord>,
    /// How the game ended, once it has.
    pub end: Option<GameEnd>,
}

impl DiplomacyChessState {
    /// The last turn number. A game that reaches it is over, drawn: the turn
    /// after it could not be numbered.
    pub const LAST_TURN: u32 = u32::MAX;

    /// A game starting from `position` at turn 1.
    #[must_use]
    pub fn new(position: Position) -> DiplomacyChessState {
        let key = position.key();
        DiplomacyChessState { turn: 1, position, seen: vec![key], history: Vec::new(), end: None }
    }

    /// The standard chess start.
    #[must_use]
    pub fn start() -> DiplomacyChessState {
        DiplomacyChessState::new(Position::start())
    }

    /// How the game has ended, if it has: the recorded end, or a draw once
    /// the turn counter is at [`DiplomacyChessState::LAST_TURN`].
    #[must_use]
    pub fn ended(&self) -> Option<GameEnd> {
        self.end.clone().or_else(|| turn_limit(self.turn))
    }

    /// How often the current position has stood at the start of a turn.
    #[must_use]
    pub fn occurrences(&self) -> usize {
        let key = self.position.key();
        self.seen.iter().filter(|k| **k == key).count()
    }

    /// The record as text: one line per turn with both players' moves and
    /// their outcomes, then the result if the game is over.
    #[must_use]
    pub fn transcript(&self, mode: Mode) -> String {
        let mut out = format!("Diplomacy Chess ({mode})");
        for t in &self.history {
            out.push_str(&format!("\n{}.", t.turn));
            for (k, side) in [Side::White, Side::Black].into_iter().enumerate() {
                let mine: Vec<String> =
                    t.moves.iter().filter(|m| m.side == side).map(|m| m.line().transcript()).collect();
                let list = if mine.is_empty() { "no move".to_string() } else { mine.join(", ") };
                out.push_str(&format!("{}{}: {list}", if k == 0 { " " } else { " | " }, side_name(side)));
            }
        }
        if let Some(end) = self.ended() {
            out.push_str(&format!("\nResult: {}", end_text(&end)));
        }
        out
    }
}

/// The draw at the turn limit, for a game about to play turn `turn`.
pub(crate) fn turn_limit(turn: u32) -> Option<GameEnd> {
    (turn == DiplomacyChessState::LAST_TURN).then(|| GameEnd::Drawn { how: "the turn limit was reached".into() })
}

/// `White wins by checkmate`, `draw (stalemate)`.
#[must_use]
pub fn end_text(end: &GameEnd) -> String {
    match end {
        GameEnd::Won { winner, how } => format!("{} wins {how}", side_name(*winner)),
        GameEnd::Drawn { how } => format!("draw ({how})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_from_before_marks_still_read_and_print() {
        let json = r#"{"side":"white","text":"Ng1-f3","succeeded":false,"reason":"no move"}"#;
        let old: MoveRecord = serde_json::from_str(json).expect("old record");
        assert_eq!(old.mark, None);
        assert_eq!(old.line().transcript(), "Ng1-f3 \u{2717} (no move)");
        let pass = MoveRecord {
            side: Side::Black,
            text: "pass".into(),
            succeeded: false,
            reason: "no move".into(),
            mark: Some(Mark::NoMove),
            result: Some("no move".into()),
            branch: None,
        };
        let back: MoveRecord = serde_json::from_str(&serde_json::to_string(&pass).expect("json")).expect("back");
        assert_eq!(back, pass);
        assert_eq!(back.line().transcript(), "pass");
    }

    #[test]
    fn the_transcript_ends_with_the_result() {
        let mut s = DiplomacyChessState::start();
        s.history.push(TurnRecord { turn: 1, moves: Vec::new() });
        s.end = Some(GameEnd::Drawn { how: "stalemate".into() });
        assert_eq!(
            s.transcript(Mode::Basic),
            "Diplomacy Chess (basic)\n1. White: no move | Black: no move\nResult: draw (stalemate)"
        );
        s.end = None;
        s.turn = DiplomacyChessState::LAST_TURN;
        assert!(s.transcript(Mode::Basic).ends_with("Result: draw (the turn limit was reached)"));
    }
}
