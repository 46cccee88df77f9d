//! Why a bot cannot decide.

use thiserror::Error;

/// Why a bot gives no decision.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BotError {
    /// The power named is not one of the game's.
    #[error("there is no power `{power}` in this {game} game")]
    NoSuchPower {
        /// The name given.
        power: String,
        /// The game's name.
        game: String,
    },
    /// The game is over: nothing is left to decide.
    #[error("the game is over ({0}): there is nothing to decide")]
    GameOver(String),
}
