//! Why a request was refused.

use crate::store::StoreError;

/// Why a request was refused. Shown to the caller privately.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// No game in the channel.
    #[error(
        "there is no game in this channel: start one with `game create <variant>` ({})",
        chessdip_rules::any::ids()
    )]
    NoGame,
    /// The channel's game is over.
    #[error("this game has ended: {0}. Its history stays available (`history`, `game export`); start a new game with `game create <variant>`")]
    Ended(String),
    /// A live game exists.
    #[error("this channel already has a game in progress; a moderator can end it with `game end`")]
    GameExists,
    /// The caller has no power.
    #[error("you are not playing in this game{0}")]
    NotPlayer(String),
    /// Moderators only.
    #[error("only a moderator of this game can {0}")]
    NotModerator(&'static str),
    /// Wrong moment.
    #[error("{0}")]
    State(String),
    /// Bad input.
    #[error("{0}")]
    Invalid(String),
    /// The database.
    #[error(transparent)]
    Store(#[from] StoreError),
}
