//! The phase and its clock: when a phase opens and closes (its calendar,
//! fixed-time deadlines, the windows of a hashed phase), what moves it on
//! (the deadline scheduler, players' extension votes), and resolving it
//! once, or rolling it back.

pub mod calendar;
pub mod clock;
pub mod extend;
pub mod fixed_time;
pub(crate) mod resolve;
pub(crate) mod rollback;
pub(crate) mod schedule;
pub(crate) mod windows;
