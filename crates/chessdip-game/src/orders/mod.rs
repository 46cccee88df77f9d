//! A power's orders: submitting, amending and reading them back, the
//! characters that only look like the right ones, Chess Wheel+'s board
//! actions and proposals.

pub(crate) mod actions;
pub mod chars;
pub(crate) mod proposals;
pub(crate) mod slots;
pub(crate) mod submit;
