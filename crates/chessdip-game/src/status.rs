//! The words of a game's lifecycle: a game's status and the open part of a
//! phase.
//!
//! What they mean, which commands each allows and what a change resets is
//! the lifecycle's (`game::lifecycle`, which re-exports these types). They
//! are plain enums with no dependencies so that the store, which sits below
//! the service and only persists what it is told, can write them as text
//! ([`GameStatus::as_str`], [`Stage::as_str`]) and read them back without
//! importing the service.

/// A game's lifecycle.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameStatus {
    /// Players are joining.
    Forming,
    /// Being played.
    Active,
    /// Deadlines frozen by a moderator.
    Paused,
    /// Over.
    Ended,
}

impl GameStatus {
    /// The stored name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Forming => "forming",
            GameStatus::Active => "active",
            GameStatus::Paused => "paused",
            GameStatus::Ended => "ended",
        }
    }

    /// The status with the stored name `s` (an unknown name reads as ended).
    #[must_use]
    pub fn parse(s: &str) -> GameStatus {
        match s {
            "forming" => GameStatus::Forming,
            "active" => GameStatus::Active,
            "paused" => GameStatus::Paused,
            _ => GameStatus::Ended,
        }
    }
}

/// The part of a phase that is open.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Plain orders.
    Orders,
    /// A pause before a hashed game's commit window (Chess Wheel+'s Replenish day).
    Wait,
    /// A hashed game's commit window.
    Commit,
    /// A hashed game's reveal window.
    Reveal,
    /// A hashed phase rolled back, by versions before rollbacks reopened
    /// the reveal window, after its orders were published: the matched
    /// reveals stand, no new commitment or reveal is taken, and the phase
    /// resolves at its deadline or when a moderator forces it. Kept so that
    /// such phases in a database still read and resolve; a rollback now
    /// reopens the reveal window ([`Stage::Reveal`]).
    Sealed,
}

impl Stage {
    /// The stored name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Orders => "orders",
            Stage::Wait => "wait",
            Stage::Commit => "commit",
            Stage::Reveal => "reveal",
            Stage::Sealed => "sealed",
        }
    }

    /// The stage with the stored name `s` (an unknown name reads as orders).
    #[must_use]
    pub fn parse(s: &str) -> Stage {
        match s {
            "commit" => Stage::Commit,
            "wait" => Stage::Wait,
            "reveal" => Stage::Reveal,
            "sealed" => Stage::Sealed,
            _ => Stage::Orders,
        }
    }
}
