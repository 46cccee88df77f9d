//! The Chess Dip and Chesspolitik bot.

use super::limits::Clock;
use super::rng::Rng;
use super::Choice;
use crate::rules::dip::{DipState, Variant};

/// Nodes (phases adjudicated) a decision may use by default.
pub const DEFAULT_NODES: u64 = 4_000;

/// The bot's orders for `power`.
pub(crate) fn decide(v: &Variant, s: &DipState, power: &str, _clock: &mut Clock, rng: &mut Rng) -> Choice {
    super::baseline::random(&crate::rules::any::Position::Dip { v: std::sync::Arc::new(v.clone()), s: s.clone() }, power, rng)
}
