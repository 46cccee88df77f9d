//! The boards a turn is drawn on: one for the whole turn, or for a
//! progressive turn one per step, replayed from the report.

use crate::rules::simul::resolve::resolve;
use crate::rules::simul::{Mode, MoveReport, Piece, Position, SimulReport};
use crate::rules::Square;

/// One board's content: the position it starts from, its moves and the
/// pieces they took (where each stood on this board, where it was taken).
pub(super) struct Frame<'a> {
    pub(super) step: usize,
    pub(super) pos: Position,
    pub(super) moves: Vec<&'a MoveReport>,
    pub(super) taken: Vec<(Piece, Square, Square)>,
}

/// The boards a report is drawn on. Progressive turns are replayed step by
/// step (each step runs the moves the report says were tried at it, as the
/// turn did), so each board shows the position at its step.
pub(super) fn frames(r: &SimulReport) -> Vec<Frame<'_>> {
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
pub(super) fn step_count(r: &SimulReport) -> usize {
    r.moves.iter().map(|m| m.step).max().unwrap_or(1)
}

/// A progressive turn run again step by step from the report: a frame for
/// each step that has moves, and the position after the last step.
pub(super) fn replay(r: &SimulReport) -> (Vec<Frame<'_>>, Position) {
    let last = step_count(r);
    let mut pos = r.before.clone();
    let mut out = Vec::new();
    for step in 1..=last {
        let moves: Vec<&MoveReport> = r.moves.iter().filter(|m| m.step == step).collect();
        let tried: Vec<_> = moves.iter().filter_map(|m| m.tried).collect();
        let start = pos.clone();
        let mut taken = Vec::new();
        if tried.is_empty() {
            pos.double_steps.clear();
        } else {
            let o = resolve(&pos, &tried, r.mode.bounce());
            taken = o.taken.iter().map(|t| (t.piece, t.home, t.at)).collect();
            pos = o.after;
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
pub fn step_positions(report: &SimulReport) -> Vec<(usize, Position)> {
    if report.mode != Mode::Progressive {
        return vec![(0, report.before.clone()), (1, report.after.clone())];
    }
    let (frames, after) = replay(report);
    let last = step_count(report);
    frames.into_iter().map(|f| (f.step, f.pos)).chain(std::iter::once((last + 1, after))).collect()
}
