//! Grouping failures by what broke them, and shrinking a failing sequence
//! to the fewest steps that still break the same invariant the same way.

use std::collections::BTreeSet;

use super::invariants::Invariant;
use super::sequence::{replay, Failure};
use super::world::{Step, World};

/// Replays spent shrinking one failure.
const SHRINK_BUDGET: usize = 400;

/// An invariant and what broke it (the breaking step's command: `game extend`, `ready`, `advance`).
pub type Cause = (Invariant, String);

/// The command of a step, for grouping failures: `game extend`, `orders show`, `orders <orders>`, `advance`.
fn verb(step: &Step) -> String {
    let w = step.words();
    match w.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        [] => "advance".into(),
        ["orders", sub @ ("show" | "clear" | "preview")] => format!("orders {sub}"),
        ["orders", ..] => "orders <orders>".into(),
        [first @ ("game" | "board" | "draw" | "proposal"), second, ..] => format!("{first} {second}"),
        [first, ..] => first.to_string(),
    }
}

/// How the report groups failures: by the command of the breaking step,
/// except that refusals on an ended game are one cause whatever the command.
fn cause_of(inv: Invariant, step: &Step, why: &str) -> Cause {
    if inv == Invariant::EndedGamesStayEnded && why.starts_with("the game has ended, but") {
        return (inv, "any command on the ended game".into());
    }
    (inv, verb(step))
}

/// The causes of a failure.
pub fn causes(failure: &Failure) -> Vec<Cause> {
    let Some(last) = failure.steps.last() else { return Vec::new() };
    failure.broken.iter().map(|(inv, why)| cause_of(*inv, last, why)).collect()
}

/// Whether a failure breaks the same invariant in the same way as `target`.
fn reproduces(failure: &Failure, target: &Cause) -> bool {
    causes(failure).contains(target)
}

/// Shrinks a failure while it still breaks `target`: removes runs of steps
/// (halves, then shorter and shorter runs), then the settings of `game create`.
pub fn shrink(world: &mut World, start: i64, failure: Failure, target: &Cause, skip: &BTreeSet<u8>) -> Failure {
    let mut best = failure;
    let mut budget = SHRINK_BUDGET;
    let mut attempt = |candidate: &[Step], best: &mut Failure| -> bool {
        if budget == 0 {
            return false;
        }
        budget -= 1;
        match replay(world, start, candidate, skip) {
            Some(f) if reproduces(&f, target) => {
                *best = f;
                true
            }
            _ => false,
        }
    };
    let mut chunk = best.steps.len().div_ceil(2);
    loop {
        let mut i = 0;
        while i < best.steps.len() {
            let mut candidate = best.steps.clone();
            candidate.drain(i..(i + chunk).min(candidate.len()));
            if !attempt(&candidate, &mut best) {
                i += chunk;
            }
        }
        if chunk == 1 {
            break;
        }
        chunk = chunk.div_ceil(2).min(chunk - 1);
    }
    // The settings of `game create`, from the last: removing one leaves the words before it in place.
    let mut word = best.steps.first().map_or(0, |s| s.words().len());
    while word > 3 {
        word -= 1;
        let Some(Step::Command { user, line }) = best.steps.first().cloned() else { break };
        let mut words: Vec<&str> = line.split_whitespace().collect();
        if !best.steps[0].starts_with(&["game", "create"]) || word >= words.len() {
            break;
        }
        words.remove(word);
        let mut candidate = best.steps.clone();
        candidate[0] = Step::command(&user, words.join(" "));
        attempt(&candidate, &mut best);
    }
    best
}
