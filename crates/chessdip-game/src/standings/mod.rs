//! How games end up counted: each end's scores, the players' ratings, the
//! leaderboards and the players' profiles.

pub mod leaderboard;
pub(crate) mod profile;
pub mod ratings;
pub mod scores;
