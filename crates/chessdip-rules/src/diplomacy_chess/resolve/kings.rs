//! The forced-king loop: a king that lands on a square attacked after the
//! turn is sent home and the turn is run again, until none does.

use super::outcome::{Fate, Return, StepResult};
use super::simulate::simulate;
use crate::diplomacy_chess::board::{opponent, Position};
use crate::diplomacy_chess::movegen::Move;
use crate::{Role, Square};

/// Runs the resolution until no king lands on an attacked square, forcing
/// such kings home: the settled outcome (`None` when the runs never
/// settled) and the kings forced home.
pub(super) fn forced_kings(pos: &Position, moves: &[Move], ret: Return) -> (Option<StepResult>, Vec<Option<Square>>) {
    let mut forced: Vec<Option<Square>> = vec![None; moves.len()];
    for _ in 0..=moves.len() {
        let out = simulate(pos, moves, ret, &forced, None);
        let mut again = false;
        for (i, m) in moves.iter().enumerate() {
            if m.role == Role::King && out.fates[i] == Fate::Moved && out.after.is_attacked(m.to, opponent(m.side)) {
                forced[i] = Some(m.to);
                again = true;
            }
        }
        if !again {
            return (Some(out), forced);
        }
    }
    (None, forced)
}
