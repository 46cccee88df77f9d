//! The Chess Wheel+ bot.

use super::limits::Clock;
use super::rng::Rng;
use super::Choice;
use crate::rules::wheel::{State, Variant};

/// Nodes a decision may use by default.
pub const DEFAULT_NODES: u64 = 4_000;

/// The bot's board actions and message.
pub(crate) fn decide(v: &Variant, s: &State, power: &str, _clock: &mut Clock, rng: &mut Rng) -> Choice {
    super::baseline::random(&crate::rules::any::Position::Wheel { v: std::sync::Arc::new(v.clone()), s: s.clone() }, power, rng)
}
