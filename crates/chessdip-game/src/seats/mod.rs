//! Who plays which power: taking and leaving seats, absence and civil
//! disorder, the reliability record it leaves, and a game nobody plays.

pub(crate) mod abandon;
pub(crate) mod absence;
pub mod bots;
pub mod reliability;
pub(crate) mod seating;
