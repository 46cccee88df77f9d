//! The phase cycle: Spring and Fall movement, center ownership after Fall,
//! Winter adjustments (skipped when nobody has any), elimination and solo,
//! and the draw when the years run out.

use serde::Serialize;

use super::adjust::has_adjustments;
use super::geometry::MoveKind;
use super::order::{Order, OrderKind};
use super::resolve::{resolve, Resolution};
use super::state::{ChessDipState, Phase, Season};
use super::variant::Variant;
use crate::power::PowerId;
use crate::role::Role;
use crate::square::Square;

/// Whether the game goes on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum GameResult {
    /// Play on.
    Ongoing,
    /// One power won alone: it reached the solo threshold after a Fall,
    /// or every other power was eliminated.
    Solo {
        /// The winner.
        winner: PowerId,
    },
    /// Nobody won and the game reached [`Phase::LAST_YEAR`]: the year after
    /// it could not be numbered, so the game ends drawn.
    YearLimit,
}

/// What a movement phase did.
#[derive(Clone, Debug)]
pub struct MovementReport {
    /// The phase that was resolved.
    pub phase: Phase,
    /// Orders, outcomes, dislodgements.
    pub resolution: Resolution,
    /// The position with the moves carried out (the phase not advanced):
    /// what the pictures of the phase show last.
    pub carried_out: Box<ChessDipState>,
    /// Centers that changed hands: (center, old owner, new owner). Only after Fall.
    pub center_changes: Vec<(Square, Option<PowerId>, PowerId)>,
    /// Powers left with neither pieces nor centers.
    pub eliminated: Vec<PowerId>,
    /// The game's state afterwards.
    pub result: GameResult,
}

/// The game result in a state: solo by centers, or the last power standing;
/// otherwise a draw once the state is in [`Phase::LAST_YEAR`].
#[must_use]
pub fn game_result(variant: &Variant, state: &ChessDipState) -> GameResult {
    for p in variant.power_ids() {
        if state.centers_of(p).len() as u32 >= variant.solo {
            return GameResult::Solo { winner: p };
        }
    }
    let alive: Vec<PowerId> = variant.power_ids().filter(|&p| state.is_alive(p)).collect();
    match alive.as_slice() {
        [only] if variant.powers.len() > 1 => GameResult::Solo { winner: *only },
        _ if state.phase.year == Phase::LAST_YEAR => GameResult::YearLimit,
        _ => GameResult::Ongoing,
    }
}

/// `state` with a movement phase's `resolution` carried out, the phase not
/// advanced: dislodged pieces gone, movers on their landing squares (marked
/// as moved, a pawn's double step noted for en passant) and, after Fall,
/// centers owned by the power standing on them. Also the center changes.
#[must_use]
pub fn carry_out(
    variant: &Variant,
    state: &ChessDipState,
    resolution: &Resolution,
) -> (ChessDipState, Vec<(Square, Option<PowerId>, PowerId)>) {
    let mut next = state.clone();
    next.double_steps.clear();
    for &(sq, _) in &resolution.dislodged {
        next.take(sq);
    }
    let mut arrivals = Vec::new();
    for &(from, to) in &resolution.moved {
        if let Some(mut piece) = next.take(from) {
            piece.moved = true;
            arrivals.push((to, piece));
            let two_step = resolution.orders.iter().any(|o| {
                o.square == from
                    && matches!(o.kind, OrderKind::Move { to: t, kind: MoveKind::Travel, via } if t == to && via.len() == 1)
            });
            if piece.role == Role::Pawn && two_step {
                next.double_steps.push((from, to));
            }
        }
    }
    for (to, piece) in arrivals {
        next.put(to, piece);
    }
    let mut center_changes = Vec::new();
    if state.phase.season == Season::Fall {
        for c in variant.centers.iter() {
            if let Some(p) = next.piece(c) {
                let old = next.owner(c);
                if old != Some(p.power) {
                    next.set_owner(c, Some(p.power));
                    center_changes.push((c, old, p.power));
                }
            }
        }
    }
    (next, center_changes)
}

/// Resolves a movement phase and moves on to the next phase. `orders` are
/// legal orders; unordered pieces hold. Dislodged pieces are removed (no
/// retreats). After Fall, centers go to the power standing on them, and
/// Winter is skipped when no power has an adjustment to make.
#[must_use]
pub fn apply_movement(variant: &Variant, state: &ChessDipState, orders: &[Order]) -> (ChessDipState, MovementReport) {
    let resolution = resolve(state, orders);
    let (mut next, center_changes) = carry_out(variant, state, &resolution);
    let carried_out = Box::new(next.clone());
    let eliminated = variant.power_ids().filter(|&p| state.is_alive(p) && !next.is_alive(p)).collect();
    next.phase = match state.phase.season {
        Season::Fall if !variant.power_ids().any(|p| has_adjustments(variant, &next, p)) => state.phase.next().next(),
        _ => state.phase.next(),
    };
    let result = game_result(variant, &next);
    let report = MovementReport { phase: state.phase, resolution, carried_out, center_changes, eliminated, result };
    (next, report)
}
