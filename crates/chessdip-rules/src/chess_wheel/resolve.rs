//! Resolution of every player's moves together.
//!
//! 1. A move outside its piece's range fails.
//! 2. Moves (in range) that end on one space all fail (`docs/rules/chess-wheel.md`:
//!    two pieces can never share a space, so none of them succeeds).
//! 3. A move onto an empty space succeeds. A move onto a space whose piece
//!    leaves it successfully succeeds (chains); pieces moving round a cycle,
//!    two pieces swapping included, all succeed: nothing blocks and no two
//!    pieces end on one space. A move onto a piece that stays (unordered, or
//!    its own move failed) takes it if it is another player's, and fails if
//!    it is the mover's own. A piece that moves away is never taken.
//!
//! Deterministic: the result depends only on the position and the set of
//! moves, not on their order.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::order::Move;
use super::piece::{reach, OutOfRange, Piece};
use super::space::{Seat, Space};
use super::state::State;
use crate::Role;

/// What happened to a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveOutcome {
    /// The piece moved to an empty or vacated space.
    Moved,
    /// The piece moved and took the piece that stayed there.
    Took {
        /// The piece taken.
        piece: Piece,
    },
    /// Outside the piece's range.
    OutOfRange(OutOfRange),
    /// Two or more moves ended on the same space.
    Collision {
        /// How many moves ended there.
        movers: usize,
    },
    /// The mover's own piece stays on the space.
    OwnPiece {
        /// That piece's kind.
        role: Role,
    },
}

impl MoveOutcome {
    /// Whether the piece moved.
    #[must_use]
    pub fn succeeded(self) -> bool {
        matches!(self, MoveOutcome::Moved | MoveOutcome::Took { .. })
    }

    /// Why, in a few words, for everyone: `mover` is the player whose move it was.
    #[must_use]
    pub fn reason(self, state: &State, mover: Seat) -> String {
        match self {
            MoveOutcome::Moved => "moved".into(),
            MoveOutcome::Took { piece } => {
                format!("took {}'s {} on {}", state.name(piece.owner), piece.role.name(), state.space_name(piece.space))
            }
            MoveOutcome::OutOfRange(o) => o.describe(&state.players),
            MoveOutcome::Collision { movers } => {
                format!("{movers} pieces would end on that space, so none of those moves succeeds")
            }
            MoveOutcome::OwnPiece { role } => {
                format!("{}'s own {} stays on that space", state.name(mover), role.name())
            }
        }
    }
}

/// One move and what happened to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveResult {
    /// Who ordered it.
    pub player: Seat,
    /// Its 0-based place in the player's message.
    pub index: usize,
    /// The move as written.
    pub text: String,
    /// The move.
    pub order: Move,
    /// What happened.
    pub outcome: MoveOutcome,
}

/// A piece taken in a resolution.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Taken {
    /// The piece, where it stood.
    pub piece: Piece,
    /// The piece that took it, where it came from.
    pub by: Piece,
}

/// What the renderer and the summary need of a resolved cycle.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChessWheelReport {
    /// The cycle resolved.
    pub cycle: u32,
    /// Every move of every valid message, players in seat order.
    pub moves: Vec<MoveResult>,
    /// Pieces taken.
    pub taken: Vec<Taken>,
    /// Players whose message was invalid, with why, for everyone (none of its moves ran).
    pub invalid: Vec<(Seat, String)>,
    /// The position the cycle's moves left (the same cycle and board
    /// actions, with the winner they decide): what the cycle's pictures end
    /// on, kept so that nothing after the resolution applies the moves
    /// again. `None` in reports kept before it was (the service fills
    /// those in once, at start-up, with [`ChessWheelReport::after`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moved: Option<Box<State>>,
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Mark {
    Open,
    OnPath,
    Done(MoveOutcome),
}

/// Resolves `moves` (each player's valid message, as (player, index in the
/// message, text, move)) on `state`. Returns the position after the moves
/// (same cycle and flags) and the per-move results.
#[must_use]
pub fn resolve_moves(state: &State, moves: &[(Seat, usize, String, Move)]) -> (State, Vec<MoveResult>, Vec<Taken>) {
    let n = moves.len();
    let mut mark = vec![Mark::Open; n];
    // 1. Range.
    for (i, (_, _, _, m)) in moves.iter().enumerate() {
        if let Err(e) = reach(m.piece.role, m.piece.space, m.to) {
            mark[i] = Mark::Done(MoveOutcome::OutOfRange(e));
        }
    }
    // 2. Collisions among the moves in range.
    let mut by_target: BTreeMap<Space, Vec<usize>> = BTreeMap::new();
    for (i, (_, _, _, m)) in moves.iter().enumerate() {
        if mark[i] == Mark::Open {
            by_target.entry(m.to).or_default().push(i);
        }
    }
    for group in by_target.values().filter(|g| g.len() > 1) {
        for &i in group {
            mark[i] = Mark::Done(MoveOutcome::Collision { movers: group.len() });
        }
    }
    // 3. Dependencies: a move into an occupied space waits for that piece's move.
    let leaving: BTreeMap<Space, usize> =
        moves.iter().enumerate().map(|(i, (_, _, _, m))| (m.piece.space, i)).collect();
    for start in 0..n {
        let mut path = Vec::new();
        let mut i = start;
        // Follow the chain of occupied targets until a decided move, a
        // target whose piece stays, or a cycle.
        let cycle_from = loop {
            match mark[i] {
                Mark::Done(_) => break None,
                Mark::OnPath => break path.iter().position(|&k| k == i),
                Mark::Open => {}
            }
            mark[i] = Mark::OnPath;
            path.push(i);
            let to = moves[i].3.to;
            match (state.piece(to), leaving.get(&to)) {
                (Some(_), Some(&j)) => i = j,
                _ => break None,
            }
        };
        if let Some(k) = cycle_from {
            for &c in &path[k..] {
                mark[c] = Mark::Done(MoveOutcome::Moved);
            }
            path.truncate(k);
        }
        // Unwind: each move is decided by the fate of the piece on its target.
        for &p in path.iter().rev() {
            let m = moves[p].3;
            let outcome = match state.piece(m.to) {
                None => MoveOutcome::Moved,
                Some(occupant) => {
                    let vacated =
                        leaving.get(&m.to).is_some_and(|&j| matches!(mark[j], Mark::Done(o) if o.succeeded()));
                    if vacated {
                        MoveOutcome::Moved
                    } else if occupant.owner == m.piece.owner {
                        MoveOutcome::OwnPiece { role: occupant.role }
                    } else {
                        MoveOutcome::Took { piece: occupant }
                    }
                }
            };
            mark[p] = Mark::Done(outcome);
        }
    }
    let results: Vec<MoveResult> = moves
        .iter()
        .zip(&mark)
        .map(|((player, index, text, m), mk)| MoveResult {
            player: *player,
            index: *index,
            text: text.clone(),
            order: *m,
            outcome: match mk {
                Mark::Done(o) => *o,
                // Every move is decided above; keep a safe answer all the same.
                Mark::Open | Mark::OnPath => MoveOutcome::Moved,
            },
        })
        .collect();
    let (next, taken) = apply(state, &results);
    (next, results, taken)
}

/// `state` with the decided `results` carried out: the pieces that moved
/// on their targets, the ones taken gone (same cycle and flags); and the
/// pieces taken.
#[must_use]
pub fn apply(state: &State, results: &[MoveResult]) -> (State, Vec<Taken>) {
    let mut taken = Vec::new();
    let mut next = state.clone();
    let mut pieces: Vec<Piece> = Vec::with_capacity(state.pieces.len());
    for p in &state.pieces {
        let mine = results.iter().find(|r| r.order.piece.space == p.space);
        let by = results.iter().find(|r| r.order.to == p.space && matches!(r.outcome, MoveOutcome::Took { .. }));
        match (mine, by) {
            (_, Some(r)) => taken.push(Taken { piece: *p, by: r.order.piece }),
            (Some(r), None) if r.outcome.succeeded() => pieces.push(Piece { space: r.order.to, ..*p }),
            _ => pieces.push(*p),
        }
    }
    pieces.sort_by_key(|p| p.space);
    next.pieces = pieces;
    (next, taken)
}

/// The winner once a cycle's moves leave `before` as `after`: one already
/// decided stays, otherwise the owner of the last king standing, if any.
#[must_use]
pub fn winner(before: &State, after: &State) -> Option<Seat> {
    before.winner.or_else(|| after.king_winner())
}

impl ChessWheelReport {
    /// The position the cycle's moves leave `state` (the one it resolved
    /// from) in, with the winner they decide: what the cycle's pictures end
    /// on (the next cycle's number and board actions aside).
    #[must_use]
    pub fn after(&self, state: &State) -> State {
        let (mut next, _) = apply(state, &self.moves);
        next.winner = winner(state, &next);
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sp(board: Seat, s: &str) -> Space {
        let c: Vec<u8> = s.bytes().collect();
        Space::on(board, c[0] - b'a', c[1] - b'1').expect("space")
    }

    fn state(pieces: &[(Seat, Role, Space)]) -> State {
        let mut s = State::new(&["Ann".into(), "Bo".into()], 2, 12).expect("state");
        s.boards = [0, 1].into();
        s.pieces = pieces.iter().map(|&(owner, role, space)| Piece { owner, role, space }).collect();
        s.checked().expect("valid")
    }

    fn mv(s: &State, from: Space, to: Space) -> (Seat, usize, String, Move) {
        let piece = s.piece(from).expect("piece");
        (piece.owner, 0, String::new(), Move { piece, to, take: false })
    }

    #[test]
    fn swaps_and_cycles_succeed_chains_follow() {
        let s = state(&[
            (0, Role::Rook, sp(0, "a1")),
            (1, Role::Rook, sp(0, "a5")),
            (0, Role::King, sp(0, "e1")),
            (0, Role::Queen, sp(0, "d1")),
        ]);
        let moves = vec![
            mv(&s, sp(0, "a1"), sp(0, "a5")),
            mv(&s, sp(0, "a5"), sp(0, "a1")),
            mv(&s, sp(0, "d1"), sp(0, "e1")),
            mv(&s, sp(0, "e1"), sp(0, "e2")),
        ];
        let (next, res, taken) = resolve_moves(&s, &moves);
        assert!(res.iter().all(|r| r.outcome == MoveOutcome::Moved), "{res:?}");
        assert!(taken.is_empty());
        assert_eq!(next.piece(sp(0, "a1")).map(|p| p.owner), Some(1));
        assert_eq!(next.piece(sp(0, "e1")).map(|p| p.role), Some(Role::Queen));
    }

    #[test]
    fn a_piece_whose_move_fails_can_be_taken() {
        let s = state(&[(0, Role::Rook, sp(0, "a1")), (1, Role::Knight, sp(0, "a5")), (0, Role::King, sp(0, "e1"))]);
        // The knight's move is out of range: it stays and is taken.
        let moves = vec![mv(&s, sp(0, "a1"), sp(0, "a5")), mv(&s, sp(0, "a5"), sp(0, "a6"))];
        let (next, res, taken) = resolve_moves(&s, &moves);
        assert!(matches!(res[0].outcome, MoveOutcome::Took { .. }));
        assert!(matches!(res[1].outcome, MoveOutcome::OutOfRange(_)));
        assert_eq!(taken.len(), 1);
        assert_eq!(next.pieces.len(), 2);
    }
}
