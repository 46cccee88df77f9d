//! A whole turn: the players' checked orders run in the mode's way (all at
//! once, or step by step), then the game's end is judged.
//!
//! Game end, in this order: a king taken during the turn (both kings taken:
//! a draw); at the start of the next turn, a side in check with no legal
//! chess move is checkmated (both: a draw), a side not in check with no
//! legal chess move is stalemated (a draw); only the two kings left (a
//! draw); the same position at the start of a turn for the third time (a
//! draw); the turn counter at its limit, [`DiplomacyChessState::LAST_TURN`] (a draw).
//! In the progressive mode the game's end is judged after every step (the
//! chess rules apply at each): a king taken, a checkmate, a stalemate or
//! bare kings at a step end the turn there, and later steps are not played.

use serde::{Deserialize, Serialize};

use super::board::{opponent, Piece, Position};
use super::movegen::{has_legal_move, legality_in, pseudo_from, why_unreachable_in, Move, Rules};
use super::notation::{read_with, Reading};
use super::plan::{Plan, Planned};
use super::resolve::{resolve_traced, Fate, StepResult, Taken, Trace};
use super::state::{turn_limit, DiplomacyChessState, GameEnd, MoveRecord, TurnRecord};
use super::text::{fate_reason, Branch, Line, Mark, OtherMove, Victim, Voice, NO_MOVE};
use super::variant::Mode;
use crate::{Role, Side, Square};

/// One order's fate in a resolved turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveReport {
    /// Whose.
    pub side: Side,
    /// Its number in the player's list (1-based).
    pub slot: usize,
    /// As given to the turn (in a game, the stored canonical text; in a
    /// scenario, as the file writes it).
    pub text: String,
    /// The order in its canonical form (`Nf3`, `Nb1?d3:Nc3`).
    #[serde(default)]
    pub order: String,
    /// The step it ran at (1 unless the mode is progressive).
    pub step: usize,
    /// The move tried, if any (none for no move or a move no longer legal).
    pub tried: Option<Move>,
    /// Whether it was carried out.
    pub succeeded: bool,
    /// What happened, for everyone (third person), after the branch a
    /// conditional played: `took Black's pawn on d5`, `blocked at d4`,
    /// `White's knight is on b1, so d3: moved`.
    pub reason: String,
    /// What happened to the move played, without the branch: `moved`,
    /// `blocked at d4`, `no move`.
    #[serde(default)]
    pub result: String,
    /// The branch a conditional played, and why.
    #[serde(default)]
    pub branch: Option<Branch>,
    /// Carried out, failed, or neither (no move, not played).
    #[serde(default)]
    pub mark: Mark,
    /// The resolver's verdict, if the move was tried.
    pub fate: Option<Fate>,
}

impl MoveReport {
    /// Its line in the results and the transcript (`mode` says whether the
    /// place in the list is shown).
    #[must_use]
    pub fn line(&self, mode: Mode) -> Line<'_> {
        Line {
            slot: (mode != Mode::Basic).then_some(self.slot),
            order: &self.order,
            branch: self.branch.as_ref(),
            mark: self.mark,
            result: &self.result,
        }
    }

    /// The move it played, canonical: the order itself, or for a
    /// conditional the branch that ran.
    #[must_use]
    pub fn played(&self) -> &str {
        self.branch.as_ref().map_or(&self.order, |b| &b.played)
    }

    fn settle(&mut self, mark: Mark, result: String) {
        self.mark = mark;
        self.succeeded = mark == Mark::Done;
        self.result = result;
        self.reason = self.line(Mode::Basic).reason();
    }
}

/// A piece taken during the turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaptureReport {
    /// The piece.
    pub piece: Piece,
    /// Its square at the start of the turn.
    pub origin: Square,
    /// Where it was taken.
    pub at: Square,
    /// The step.
    pub step: usize,
    /// The taking move's side and canonical text (`Qc6`; for a conditional,
    /// the branch that ran).
    pub by: (Side, String),
}

/// What the renderer needs of a resolved turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiplomacyChessReport {
    /// The mode.
    pub mode: Mode,
    /// The turn resolved.
    pub turn: u32,
    /// The position the turn started from.
    pub before: Position,
    /// The position after it.
    pub after: Position,
    /// Every order given, White's first, in list order.
    pub moves: Vec<MoveReport>,
    /// Pieces taken.
    pub captures: Vec<CaptureReport>,
    /// Sides whose king is attacked after the turn.
    pub in_check: Vec<Side>,
    /// How the game ended this turn, if it did.
    pub end: Option<GameEnd>,
    /// Every step the turn ran (one outside the progressive mode), as the
    /// resolver ran it: what the pictures of the turn replay.
    pub steps: Vec<StepRun>,
}

/// One step of a turn as the resolver ran it (the whole turn outside the
/// progressive mode).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepRun {
    /// The step (1-based).
    pub step: usize,
    /// The position the step started from.
    pub start: Position,
    /// The moves tried at the step, in the resolver's order (White's first).
    pub moves: Vec<Move>,
    /// What came of them, with where every moving piece was tick by tick;
    /// `None` when no move was tried at the step.
    pub run: Option<(StepResult, Trace)>,
}

/// Resolves a turn of `state` in `mode` with each side's checked orders.
#[must_use]
pub fn resolve_turn(
    mode: Mode,
    state: &DiplomacyChessState,
    white: &[Planned],
    black: &[Planned],
) -> (DiplomacyChessState, DiplomacyChessReport) {
    let before = state.position.clone();
    let mut pos = before.clone();
    // Steps after the last one with an order only clear the two-square
    // advances: one of them does it (a late turn has billions of steps).
    let last_slot = white.iter().chain(black).map(|p| p.slot).max().unwrap_or(0);
    let steps = if mode.stepwise() { mode.moves_in(state.turn).min(last_slot.saturating_add(1)) } else { 1 };
    let mut moves: Vec<MoveReport> = Vec::new();
    let mut captures: Vec<CaptureReport> = Vec::new();
    let mut origin: [Option<Square>; 64] = [None; 64];
    for (s, _) in pos.pieces() {
        origin[s.index()] = Some(s);
    }
    let mut executed = [Vec::<bool>::new(), Vec::new()];
    let mut kings_taken: Vec<Side> = Vec::new();
    // How the game ended, and the step it ended at: a progressive turn is
    // judged after every step, as the chess rules apply at each.
    let mut ended: Option<(usize, GameEnd)> = None;
    let mut runs: Vec<StepRun> = Vec::new();
    for step in 1..=steps {
        if ended.is_none() && step > 1 {
            ended = judge(&pos, &kings_taken).map(|e| (step - 1, e));
        }
        // The orders of this step: (report index, move) for the ones tried.
        let mut tried: Vec<(usize, Move)> = Vec::new();
        for (k, (side, list)) in [(Side::White, white), (Side::Black, black)].into_iter().enumerate() {
            let mine: Vec<&Planned> =
                list.iter().filter(|p| if mode.stepwise() { p.slot == step } else { true }).collect();
            for p in mine {
                let idx = moves.len();
                let mut report = MoveReport {
                    side,
                    slot: p.slot,
                    text: p.text.clone(),
                    order: p.canonical.clone(),
                    step,
                    tried: None,
                    succeeded: false,
                    reason: String::new(),
                    result: String::new(),
                    branch: None,
                    mark: Mark::NoMove,
                    fate: None,
                };
                if let Some((at, _)) = &ended {
                    report.settle(Mark::NoMove, format!("not played: the game ended at step {at}"));
                    moves.push(report);
                    continue;
                }
                let (asked, leaf) = p.plan.decide(&pos, &executed[k]);
                report.branch = p.branch(&asked, &pos);
                match leaf_move(&pos, side, leaf, mode.stepwise()) {
                    Ok(Some(m)) => {
                        report.tried = Some(m);
                        tried.push((idx, m));
                    }
                    Ok(None) => report.settle(Mark::NoMove, NO_MOVE.to_string()),
                    Err(why) => report.settle(Mark::Failed, format!("no longer legal: {why}")),
                }
                moves.push(report);
            }
        }
        if tried.is_empty() {
            for e in &mut executed {
                e.push(false);
            }
            runs.push(StepRun { step, start: pos.clone(), moves: Vec::new(), run: None });
            pos.double_steps.clear();
            continue;
        }
        let list: Vec<Move> = tried.iter().map(|(_, m)| *m).collect();
        let (out, trace) = resolve_traced(&pos, &list, mode.bounce());
        let start = pos.clone();
        let others: Vec<OtherMove> = tried
            .iter()
            .map(|(idx, m)| OtherMove { side: m.side, order: moves[*idx].played().to_string(), role: m.role })
            .collect();
        let victim = |t: &Taken| Victim { piece: t.piece, origin: origin[t.home.index()].unwrap_or(t.home), at: t.at };
        for t in &out.taken {
            let (idx, m) = tried[t.by];
            captures.push(CaptureReport {
                piece: t.piece,
                origin: victim(t).origin,
                at: t.at,
                step,
                by: (m.side, moves[idx].played().to_string()),
            });
            if t.piece.role == Role::King {
                kings_taken.push(t.piece.side);
            }
        }
        for (j, (idx, m)) in tried.iter().enumerate() {
            let fate = out.fates[j];
            let took: Vec<(Victim, bool)> =
                out.taken.iter().filter(|t| t.by == j).map(|t| (victim(t), t.at != m.to)).collect();
            let promotion = m.promotion.filter(|_| fate.succeeded());
            let r = &mut moves[*idx];
            r.fate = Some(fate);
            let mark = if fate.succeeded() { Mark::Done } else { Mark::Failed };
            r.settle(mark, fate_reason(fate, &others, &took, promotion));
        }
        // Origins follow the pieces that moved.
        let mut next_origin: [Option<Square>; 64] = [None; 64];
        for (s, _) in out.after.pieces() {
            next_origin[s.index()] = origin[s.index()];
        }
        for (j, (_, m)) in tried.iter().enumerate() {
            if out.fates[j].succeeded() {
                next_origin[m.to.index()] = origin[m.from.index()];
                if let Some((rf, path)) = m.rook_path() {
                    if let Some(last) = path.last() {
                        next_origin[last.index()] = origin[rf.index()];
                    }
                }
            }
        }
        for (s, _) in out.after.pieces() {
            if next_origin[s.index()].is_none() {
                next_origin[s.index()] = Some(s);
            }
        }
        origin = next_origin;
        for (k, side) in [Side::White, Side::Black].into_iter().enumerate() {
            executed[k].push(tried.iter().enumerate().any(|(j, (_, m))| m.side == side && out.fates[j].succeeded()));
        }
        pos = out.after.clone();
        runs.push(StepRun { step, start, moves: list, run: Some((out, trace)) });
    }
    let end = ended.map(|(_, e)| e).or_else(|| judge(&pos, &kings_taken));
    let in_check: Vec<Side> = [Side::White, Side::Black].into_iter().filter(|s| pos.in_check(*s)).collect();
    let mut next = state.clone();
    // At the last turn the counter stays: the game is drawn there.
    next.turn = state.turn.saturating_add(1);
    next.history.push(TurnRecord {
        turn: state.turn,
        moves: moves
            .iter()
            .map(|m| MoveRecord {
                side: m.side,
                text: m.order.clone(),
                succeeded: m.succeeded,
                reason: m.reason.clone(),
                mark: Some(m.mark),
                result: Some(m.result.clone()),
                branch: m.branch.clone(),
            })
            .collect(),
    });
    next.seen.push(pos.key());
    next.position = pos.clone();
    next.end = end.clone().or_else(|| repetition(&next)).or_else(|| turn_limit(next.turn));
    let report = DiplomacyChessReport {
        mode,
        turn: state.turn,
        before,
        after: pos,
        moves,
        captures,
        in_check,
        end: next.end.clone(),
        steps: runs,
    };
    (next, report)
}

/// The move the branch `leaf` plays now; `Ok(None)` for no move. In the
/// progressive mode (`recheck`) a checked move is checked again in `pos`,
/// the position its step starts from; otherwise every move starts from the
/// position it was checked against when submitted. Reasons are public.
fn leaf_move(pos: &Position, side: Side, leaf: &Plan, recheck: bool) -> Result<Option<Move>, String> {
    let voice = Voice::Public(side);
    match leaf {
        Plan::Pass | Plan::If { .. } => Ok(None),
        Plan::Text(mt) => {
            let how = Reading { voice, king_safety: true };
            read_with(pos, side, mt, how).map(|r| Some(r.mv)).map_err(|e| e.to_string())
        }
        Plan::Move(m) => {
            let here = pos.get(m.from);
            if here != Some(Piece::new(side, m.role)) {
                return Err(match here {
                    Some(p) if p.side == side => format!("a {} stands on {} now", p.role.name(), m.from),
                    _ => format!("{} {} is no longer on {}", voice.poss(), m.role.name(), m.from),
                });
            }
            if !recheck {
                return Ok(Some(*m));
            }
            let same = pseudo_from(pos, m.from, Rules::Orders)
                .into_iter()
                .find(|x| x.to == m.to && x.promotion == m.promotion);
            let Some(now) = same else {
                return Err(why_unreachable_in(pos, m.from, m.to, voice));
            };
            legality_in(pos, &now, Rules::Orders, voice)?;
            Ok(Some(now))
        }
    }
}

/// How a position reached by a turn (or a step) ends the game, if it
/// does: `kings_taken` are the sides whose king was taken on the way; then
/// checkmate, stalemate and bare kings in `pos`, in that order. Threefold
/// repetition and the turn limit, which need the game's history, are
/// judged by [`resolve_turn`] after this. (For programs that look ahead:
/// this is the judgement a turn ends with.)
#[must_use]
pub fn judge(pos: &Position, kings_taken: &[Side]) -> Option<GameEnd> {
    match kings_taken {
        [] => {}
        [one] => return Some(GameEnd::Won { winner: opponent(*one), how: "by capturing the king".into() }),
        _ => return Some(GameEnd::Drawn { how: "both kings being captured".into() }),
    }
    let stuck = |s: Side| !has_legal_move(pos, s);
    let mated: Vec<Side> = [Side::White, Side::Black].into_iter().filter(|s| pos.in_check(*s) && stuck(*s)).collect();
    match mated.as_slice() {
        [one] => return Some(GameEnd::Won { winner: opponent(*one), how: "by checkmate".into() }),
        [_, _] => return Some(GameEnd::Drawn { how: "mutual checkmate".into() }),
        _ => {}
    }
    if [Side::White, Side::Black].into_iter().any(|s| !pos.in_check(s) && stuck(s)) {
        return Some(GameEnd::Drawn { how: "stalemate".into() });
    }
    if pos.bare_kings() {
        return Some(GameEnd::Drawn { how: "bare kings".into() });
    }
    None
}

fn repetition(next: &DiplomacyChessState) -> Option<GameEnd> {
    (next.occurrences() >= 3).then(|| GameEnd::Drawn { how: "threefold repetition".into() })
}

#[cfg(test)]
mod judge_tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        let mut p = Position::from_fen_board(fen).expect("fen");
        p.validate().expect("valid");
        p
    }

    #[test]
    fn a_taken_king_checkmate_stalemate_and_bare_kings_end_the_game() {
        let open = Position::start();
        assert_eq!(judge(&open, &[]), None);
        assert!(matches!(judge(&open, &[Side::Black]), Some(GameEnd::Won { winner: Side::White, .. })));
        assert!(matches!(judge(&open, &[Side::White, Side::Black]), Some(GameEnd::Drawn { .. })));
        // The back-rank mate: Black's king on h8 behind its pawns, a white rook on a8.
        let mate = pos("R6k/6pp/8/8/8/8/8/6K1");
        assert!(
            matches!(judge(&mate, &[]), Some(GameEnd::Won { winner: Side::White, ref how }) if how == "by checkmate")
        );
        // Black's king on a8, White's queen on b6: no move and no check.
        let stale = pos("k7/8/1Q6/8/8/8/8/7K");
        assert!(matches!(judge(&stale, &[]), Some(GameEnd::Drawn { ref how }) if how == "stalemate"));
        assert!(
            matches!(judge(&pos("k7/8/8/8/8/8/8/7K"), &[]), Some(GameEnd::Drawn { ref how }) if how == "bare kings")
        );
    }
}
