//! Chess Wheel+ scenarios (`docs/scenario-format.md`) set up and resolved,
//! shared by the Chess Wheel+ image and animation tests.
#![allow(dead_code)]

use chessdip_rules::scenario::chess_wheel::{adjudicate, Adjudication};
use chessdip_rules::scenario::Scenario;

/// The scenario `text` set up and its orders resolved.
pub fn adjudicated(text: &str) -> Adjudication {
    adjudicate(&Scenario::parse(text, "test").expect("scenario")).expect("adjudicates")
}
