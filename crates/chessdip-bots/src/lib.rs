//! The computer players: a bot for every game, and the two baselines the
//! arena measures it against (`random` and `hold`).
//!
//! This layer thinks; it owns no rule. It may use [`chessdip_rules`] and
//! nothing else of the crate: no I/O, no storage, no clock but the
//! [`std::time::Instant`] its time budget needs, no threads. The rules never
//! call it. Every text a player here returns is an order a person could
//! type, in the rules' canonical form, and the rules' own reading and
//! checking accept it (the property tests in `tests/it/bots_accepted.rs` hold
//! every bot to that).
//!
//! The one entry point for the game master is [`decide`]: a position (which
//! carries its game), a power, a budget ([`Limits`]) and a seed give that
//! power's [`Decision`]: the order texts to submit as one message and, in
//! Chess Wheel+, the board actions to take first. The same seed and node
//! budget give the same decision on any machine unless the time budget cut
//! the search short, which [`Stats::stopped_by_time`] says.
//!
//! What each game's bot knows is in `docs/bots.md`: Chess Dip and
//! Chesspolitik ([`chess_dip`]: values diffused from the centers, order sets from
//! them, a search over sampled order sets of every power adjudicated by the
//! real resolver), Diplomacy Chess ([`diplomacy_chess`]: every pair of moves resolved
//! by the real time model, the small matrix game solved by regret matching),
//! Diplomat Chess ([`diplomat_chess`]: alpha-beta with quiescence) and Chess Wheel+
//! ([`chess_wheel`]: board actions, then moves chosen against sampled messages).

pub mod baseline;
pub mod chess_dip;
pub mod chess_wheel;
mod decision;
pub mod diplomacy_chess;
pub mod diplomat_chess;
mod error;
mod limits;
pub mod matrix;
mod player;
pub mod rng;
mod vet;

pub use decision::{Decision, Stats};
pub use error::BotError;
pub use limits::Limits;
pub use player::Player;

use chessdip_rules::any::Position;
use chessdip_rules::chess_wheel::BoardAction;

/// What a family's player chose, before the stats are added.
#[derive(Clone, Debug, Default)]
pub(crate) struct Choice {
    /// Order texts, canonical.
    pub(crate) orders: Vec<String>,
    /// Board actions to take first.
    pub(crate) actions: Vec<BoardAction>,
    /// Orders withdrawn by the rules' check of the whole list.
    pub(crate) withdrawn: usize,
}

impl Choice {
    /// Just these orders.
    pub(crate) fn orders(orders: Vec<String>) -> Choice {
        Choice { orders, ..Choice::default() }
    }
}

/// The bot's decision for `power` in `position`'s current phase: the
/// orders a person would type (submit [`Decision::message`] through the
/// same path as a person's orders) and, in Chess Wheel+, its board actions
/// (take them first; on proposals the bot abstains). A power that owes
/// nothing in this phase gets an empty decision.
///
/// Deterministic for a seed and a node budget ([`Limits::nodes`]); the
/// decision takes at most `limits.time` and a few milliseconds more.
///
/// # Errors
/// [`BotError`]: the power is not one of the game's, or the game is over.
pub fn decide(position: &Position, power: &str, limits: Limits, seed: u64) -> Result<Decision, BotError> {
    Player::Bot.decide(position, power, limits, seed)
}
