//! The boards a turn is drawn on: one for the whole turn, or for a
//! progressive turn one per step, read from the steps the report keeps.

use chessdip_rules::diplomacy_chess::{DiplomacyChessReport, Mode, MoveReport, Piece, Position};
use chessdip_rules::Square;

/// One board's content: the position it starts from, its moves and the
/// pieces they took (where each stood on this board, where it was taken).
pub(super) struct Frame<'a> {
    pub(super) step: usize,
    pub(super) pos: Position,
    pub(super) moves: Vec<&'a MoveReport>,
    pub(super) taken: Vec<(Piece, Square, Square)>,
}

/// The boards a report is drawn on. Progressive turns are shown step by
/// step (each step's board starts from the position the report's step run
/// started from, with the pieces it took), so each board shows the
/// position at its step.
pub(super) fn frames(r: &DiplomacyChessReport) -> Vec<Frame<'_>> {
    if r.mode != Mode::Progressive {
        return vec![Frame {
            step: 0,
            pos: r.before.clone(),
            moves: r.moves.iter().collect(),
            taken: r.captures.iter().map(|c| (c.piece, c.origin, c.at)).collect(),
        }];
    }
    let (mut out, _) = replay(r);
    if out.len() == 1 {
        // One step: the whole turn on one board.
        out[0].step = 0;
    }
    out
}

/// The number of steps of a progressive turn, as its step boards and its
/// animation number them ("Step 2 of 3"): its last step with a move.
pub(super) fn step_count(r: &DiplomacyChessReport) -> usize {
    r.moves.iter().map(|m| m.step).max().unwrap_or(1)
}

/// A progressive turn step by step as the report's step runs keep it: a
/// frame for each step that has moves, and the position after the last step.
pub(super) fn replay(r: &DiplomacyChessReport) -> (Vec<Frame<'_>>, Position) {
    let last = step_count(r);
    let mut pos = r.before.clone();
    let mut out = Vec::new();
    for step in 1..=last {
        let moves: Vec<&MoveReport> = r.moves.iter().filter(|m| m.step == step).collect();
        let kept = r.steps.iter().find(|s| s.step == step);
        let start = kept.map_or_else(|| pos.clone(), |s| s.start.clone());
        let mut taken = Vec::new();
        match kept.and_then(|s| s.run.as_ref()) {
            Some((o, _)) => {
                taken = o.taken.iter().map(|t| (t.piece, t.home, t.at)).collect();
                pos = o.after.clone();
            }
            None => {
                pos = start.clone();
                pos.double_steps.clear();
            }
        }
        if !moves.is_empty() {
            out.push(Frame { step, pos: start, moves, taken });
        }
    }
    (out, pos)
}

/// The positions a progressive turn's boards show, as `(step, position at
/// the step's start)`, followed by `(last step + 1, position after the
/// turn)` as the step-by-step replay reaches it (it equals `report.after`
/// when the boards are true to the turn). Other modes: the turn's position
/// before and after.
#[must_use]
pub fn step_positions(report: &DiplomacyChessReport) -> Vec<(usize, Position)> {
    if report.mode != Mode::Progressive {
        return vec![(0, report.before.clone()), (1, report.after.clone())];
    }
    let (frames, after) = replay(report);
    let last = step_count(report);
    frames.into_iter().map(|f| (f.step, f.pos)).chain(std::iter::once((last + 1, after))).collect()
}
