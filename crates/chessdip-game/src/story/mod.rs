//! The story of a game: the reports kept when phases resolve, the pictures
//! drawn from them (boards, the chart, the timelapse, kept drawings), the
//! export, and the outbox that announces it all (with what it parks).

pub(crate) mod chart;
pub(crate) mod drawings;
pub mod export;
pub mod outbox;
pub mod parking;
pub(crate) mod pictures;
pub(crate) mod reports;
pub mod source;
pub(crate) mod timelapse;
pub(crate) mod told;
pub(crate) mod whole;
