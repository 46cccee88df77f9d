//! The Chess Wheel+ bot.
//!
//! Board actions first: it creates its board when it has none and
//! populates it every cycle it may (populating fills the starting spaces
//! its pieces have left, so pieces that walk off their starting spaces
//! come back as new ones). Then its message: candidate messages of up to
//! the movement power's moves are drawn from the moves' worth alone
//! ([`moves`]: what a move takes, the danger it escapes or walks into, the
//! starting space it frees), and each is resolved by the rules' own
//! resolution against sampled messages of the other players (their best
//! takes, with noise) and scored by the pieces each side keeps
//! ([`search`]). On proposals it abstains.

mod moves;
mod search;

use super::limits::Clock;
use super::rng::Rng;
use super::Choice;
use crate::rules::wheel::{State, Variant};

/// Nodes (cycles resolved) a decision may use by default.
pub const DEFAULT_NODES: u64 = 600;

/// The bot's board actions and message.
pub(crate) fn decide(v: &Variant, s: &State, power: &str, clock: &mut Clock, rng: &mut Rng) -> Choice {
    let Some(me) = s.seat(power) else { return Choice::default() };
    let (actions, state) = super::baseline::board_actions(v, s, power, me);
    let chosen = search::message(&state, me, clock, rng);
    Choice { orders: chosen.iter().map(|m| m.text(&state)).collect(), actions, withdrawn: 0 }
}
