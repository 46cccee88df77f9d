//! Who plays which power: taking and leaving seats, absence and civil
//! disorder, the reliability record it leaves, a game nobody plays, and
//! the adverts and controls that let people find and join a game.
//! disorder, the reliability record it leaves, a game nobody plays, and the
//! channel the bot made for a game (who reads and posts there, its archiving).

pub(crate) mod abandon;
pub(crate) mod absence;
pub mod adverts;
mod autostart;
pub mod bots;
pub mod channels;
pub(crate) mod listing;
pub mod reliability;
pub(crate) mod seating;
