//! The time model: simultaneous moves resolved tick by tick.
//!
//! Every moving piece enters one square of its line per tick (a knight's
//! jump takes one tick and touches only its landing square; castling moves
//! king and rook together, each one square per tick). Within a tick:
//! - two pieces entering one square, or swapping squares, both fail — except
//!   two enemies both *landing* there: equal rank both fail, otherwise the
//!   higher rank (K>Q>R>B=N>P) takes the lower;
//! - a piece entering a square held by a piece that stands (never moved,
//!   or failed and is back) fails, unless it lands there and takes it; a
//!   pawn moving straight never takes;
//! - a piece entering a square where a piece has already landed fails,
//!   unless it lands there too: then the rank rule decides;
//! - a piece meeting a bounced piece on its way back fails.
//!
//! A failed piece goes back to its square: at once ([`Return::Instant`],
//! basic and progressive modes: "a failed piece stays where it was"), or
//! travelling back along its line at the same speed, turning round at the
//! moment it would have entered the square where it failed
//! ([`Return::Travel`], the simultaneously progressive mode). A bounced
//! piece is never stopped on its way back; an enemy that landed on its
//! square meanwhile takes it when it gets there.
//!
//! After the last tick, a king that landed on a square attacked in the new
//! position fails: it is then treated as if it had never left (its move
//! fails at the first tick) and the turn is resolved again, until no king
//! lands on an attacked square. En passant takes the pawn beside the
//! landing square if that pawn is still there at the end.
//!
//! Layout: `outcome` the result types ([`Fate`], [`StepResult`], [`Trace`]),
//! `simulate` one run tick by tick, `tick` the clashes within a tick,
//! `kings` the forced-king loop.

use super::board::Position;
use super::movegen::Move;

mod kings;
pub(super) mod outcome;
mod simulate;
mod tick;

use kings::forced_kings;
pub use outcome::{Fate, Return, StepResult, Taken, Trace, TracedPiece};
use simulate::simulate;

/// Resolves `moves` (legal in `pos`, any number per side) together.
#[must_use]
pub fn resolve(pos: &Position, moves: &[Move], ret: Return) -> StepResult {
    match forced_kings(pos, moves, ret) {
        (Some(out), _) => out,
        (None, forced) => simulate(pos, moves, ret, &forced, None),
    }
}

/// [`resolve`], with the [`Trace`] of its run.
#[must_use]
pub fn resolve_traced(pos: &Position, moves: &[Move], ret: Return) -> (StepResult, Trace) {
    let (_, forced) = forced_kings(pos, moves, ret);
    let mut trace = Trace::default();
    let out = simulate(pos, moves, ret, &forced, Some(&mut trace));
    (out, trace)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diplomacy_chess::movegen::{pseudo_from, Rules};
    use crate::{Role, Side, Square};

    fn sq(s: &str) -> Square {
        s.parse().expect("square")
    }

    fn pos(fen: &str) -> Position {
        let mut p = Position::from_fen_board(fen).expect("fen");
        p.validate().expect("valid");
        p
    }

    fn mv(p: &Position, from: &str, to: &str) -> Move {
        pseudo_from(p, sq(from), Rules::Orders).into_iter().find(|m| m.to == sq(to)).expect("move")
    }

    #[test]
    fn paths_are_one_square_a_tick() {
        let p = pos("4k3/8/8/8/8/8/8/R3K1N1");
        assert_eq!(mv(&p, "a1", "a4").path(), vec![sq("a2"), sq("a3"), sq("a4")]);
        assert_eq!(mv(&p, "g1", "f3").path(), vec![sq("f3")], "a knight's jump touches only its landing square");
        assert_eq!(mv(&p, "e1", "d2").path(), vec![sq("d2")]);
    }

    #[test]
    fn meeting_swapping_and_following() {
        // Rooks a4 and h4 run at each other: they swap d4/e4 at tick 4.
        let p = pos("7k/8/8/8/R6r/8/8/K7");
        let out = resolve(&p, &[mv(&p, "a4", "h4"), mv(&p, "h4", "a4")], Return::Instant);
        assert!(matches!(out.fates[0], Fate::Swapped { other: 1 }));
        assert!(matches!(out.fates[1], Fate::Swapped { other: 0 }));
        assert_eq!(out.after, p.clone().tap_clear_ep());
        // a4-d4 and h4-e4: they stop side by side, no conflict.
        let out = resolve(&p, &[mv(&p, "a4", "d4"), mv(&p, "h4", "e4")], Return::Instant);
        assert_eq!(out.fates, vec![Fate::Moved, Fate::Moved]);
        // a4-f4 and h4-e4: they meet... e4 at tick 4 for White, tick 3 for Black: Black arrived first.
        let out = resolve(&p, &[mv(&p, "a4", "f4"), mv(&p, "h4", "e4")], Return::Instant);
        assert_eq!(out.fates[0], Fate::Blocked { at: sq("e4") });
        assert_eq!(out.fates[1], Fate::Moved);
        assert_eq!(out.ticks, 4);
    }

    #[test]
    fn ranks_decide_a_shared_landing_square() {
        // Queen a8-c6 (2 ticks), knight a5-c6 (1 tick): the queen takes the knight.
        let p = pos("Q7/4k3/8/n7/8/8/8/4K3");
        let out = resolve(&p, &[mv(&p, "a8", "c6"), mv(&p, "a5", "c6")], Return::Instant);
        assert_eq!(out.fates[0], Fate::Moved);
        assert_eq!(out.fates[1], Fate::TakenBy { at: sq("c6"), other: 0 });
        assert_eq!(out.taken.len(), 1);
        assert_eq!(out.taken[0].home, sq("a5"));
    }

    #[test]
    fn travel_back_versus_instant_return() {
        // The rook bounces off the pawn on a5 at tick 4; the bishop lands on a3 at tick 4.
        let p = pos("7k/4b3/8/p7/8/8/8/R6K");
        let moves = [mv(&p, "a1", "a6"), mv(&p, "e7", "a3")];
        let instant = resolve(&p, &moves, Return::Instant);
        assert_eq!(instant.fates, vec![Fate::Blocked { at: sq("a5") }, Fate::Moved]);
        let travel = resolve(&p, &moves, Return::Travel);
        assert_eq!(travel.fates[0], Fate::Blocked { at: sq("a5") });
        assert_eq!(travel.fates[1], Fate::MetReturning { at: sq("a3"), other: 0 });
        assert_eq!(travel.after.get(sq("a1")).map(|p| p.role), Some(Role::Rook));
    }

    #[test]
    fn king_landing_in_check_is_undone() {
        // Qf1-c4 makes b3 attacked after the turn: Ka2-b3 fails and the king stays.
        let p = pos("8/8/8/8/8/8/k7/5Q1K");
        let out = resolve(&p, &[mv(&p, "f1", "c4"), mv(&p, "a2", "b3")], Return::Instant);
        assert_eq!(out.fates, vec![Fate::Moved, Fate::KingInCheck { on: sq("b3") }]);
        assert_eq!(out.after.king(Side::Black), Some(sq("a2")));
    }

    #[test]
    fn the_trace_follows_the_pieces_tick_by_tick() {
        // As above: the rook bounces off a5 at tick 4 and travels back; the bishop meets it on a3.
        let p = pos("7k/4b3/8/p7/8/8/8/R6K");
        let moves = [mv(&p, "a1", "a6"), mv(&p, "e7", "a3")];
        let (out, trace) = resolve_traced(&p, &moves, Return::Travel);
        assert_eq!(out.fates, resolve(&p, &moves, Return::Travel).fates);
        let rook = &trace.pieces[0];
        let squares: Vec<Option<Square>> = ["a1", "a2", "a3", "a4", "a3", "a2", "a1"].map(|s| Some(sq(s))).to_vec();
        assert_eq!(rook.at, squares);
        assert_eq!(rook.turned, Some(4));
        let bishop = &trace.pieces[1];
        assert_eq!(bishop.turned, Some(4), "it meets the rook coming back at a3 at tick 4");
        assert_eq!(bishop.at.last(), Some(&Some(sq("e7"))));
        assert!(trace.taken_at.is_empty());
    }

    impl Position {
        fn tap_clear_ep(mut self) -> Position {
            self.double_steps.clear();
            self
        }
    }
}
