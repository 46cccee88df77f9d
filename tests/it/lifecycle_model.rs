//! A model-based property test of the game master's lifecycle: random games
//! of every variant driven by random command sequences from players,
//! outsiders and moderators, with the clock moving in small and large
//! jumps, and the lifecycle's invariants checked after every step (the
//! command, then `tick()` as the scheduler would call it):
//!
//! 1. a paused game never changes phase;
//! 2. a running game has an open phase with a future deadline (or waits for a moderator);
//! 3. no ready mark or draw vote outlives a phase or stage change;
//! 4. nobody else can read a power's pending orders or reveals, nor a reveal that did not match (its hash included);
//! 5. each phase resolves exactly once, announced once;
//! 6. a hashed phase resolves only when every commitment is revealed or its reveal window closed (or a moderator forced it with `confirm`), and each player whose commitment was left unrevealed is told privately;
//! 7. Chess Wheel+ weekly deadlines lie on the calendar;
//! 8. every commitment and reveal attempt accepted stays in the store;
//! 9. no panic, and no reply over 8,000 characters;
//! 10. an ended game stays ended (unless rolled back) and says so, and its status never says what comes next;
//! 11. a phase with a fixed time (`deadline-at`) always ends at that local time on an allowed day;
//! 12. a phase is extended by vote at most once.
//! 13. a grace never extends a phase with nobody late;
//! 14. an unseated player holds no seat;
//! 15. grace used per player never exceeds `grace`;
//! 16. every unseating in the records is explained by its phases in civil disorder;
//! 17. a game nobody plays is paused, and ended once its abandon-after has passed.
//!
//! Each is a function with its full statement in `lifecycle_model/invariants.rs`.
//! A sequence stops at the first step that breaks one; the shortest
//! failing sequence of each invariant is shrunk (steps removed while it
//! still breaks) and reported with its variant, the step and every step
//! before it, written as `chessdip play` console lines (moderators: gm, mod).
//!
//! Environment: `CHESSDIP_MODEL_CASES=N` runs N sequences (default 10,000,
//! on two threads); `CHESSDIP_MODEL_SEED=S` replays one sequence and prints
//! every step with its replies; `CHESSDIP_MODEL_STEPS=file` does the same
//! for a sequence as the report writes it (pasted, maybe edited by hand);
//! `CHESSDIP_MODEL_SKIP=9,10` ignores invariants.

// The harness's parts, in `tests/it/lifecycle_model/`.
mod absence;
mod generate;
mod invariants;
mod self_checks;
mod sequence;
mod shrink;
mod snapshot;
mod world;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::time::Instant;

use generate::Rng;
use invariants::Invariant;
use sequence::{explore, parse_report, replay_traced, Failure, Scenario};
use shrink::{causes, shrink, Cause};
use world::World;

/// Sequences in a default run.
const DEFAULT_CASES: usize = 10_000;
/// Worker threads (the machine has two cores).
const THREADS: usize = 2;

/// The sequences that broke one invariant at one kind of step.
struct Found {
    count: usize,
    seed: u64,
    start: i64,
    shortest: Failure,
}

/// What a thread found.
#[derive(Default)]
struct Tally {
    sequences: usize,
    steps: usize,
    found: BTreeMap<Cause, Found>,
}

impl Tally {
    fn add(&mut self, scenario: &Scenario, failure: &Failure) {
        for cause in causes(failure) {
            let found = Found { count: 1, seed: scenario.seed, start: scenario.start, shortest: failure.clone() };
            self.note(cause, found);
        }
    }

    fn note(&mut self, cause: Cause, found: Found) {
        match self.found.get_mut(&cause) {
            None => {
                self.found.insert(cause, found);
            }
            Some(mine) => {
                mine.count += found.count;
                if found.shortest.steps.len() < mine.shortest.steps.len() {
                    (mine.seed, mine.start, mine.shortest) = (found.seed, found.start, found.shortest);
                }
            }
        }
    }

    fn merge(&mut self, other: Tally) {
        self.sequences += other.sequences;
        self.steps += other.steps;
        for (cause, found) in other.found {
            self.note(cause, found);
        }
    }
}

/// The seed of sequence `i` of a run.
fn seed_of(i: usize) -> u64 {
    Rng::new(0x6c69_6665_6379_636c ^ i as u64).next_u64()
}

fn env_number(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let v = v.trim();
    let parsed = match v.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => v.parse(),
    };
    Some(parsed.unwrap_or_else(|_| panic!("{name}={v} is not a number")))
}

fn skipped() -> BTreeSet<u8> {
    std::env::var("CHESSDIP_MODEL_SKIP").unwrap_or_default().split(',').filter_map(|n| n.trim().parse().ok()).collect()
}

/// Writes a failing sequence: its variant, every step, the breaking step marked, and what broke.
fn report_failure(out: &mut String, start: i64, failure: &Failure) {
    let create = failure.steps.iter().find(|s| s.starts_with(&["game", "create"]));
    let variant = create.map_or("(no game created)".to_string(), |s| s.to_string());
    let clock = chrono::DateTime::from_timestamp(start, 0)
        .map_or(start.to_string(), |d| d.format("%a %Y-%m-%d %H:%M:%S UTC").to_string());
    let _ = writeln!(out, "  variant: {}", variant.trim_start_matches("gm game create "));
    let _ = writeln!(out, "  clock starts at {clock} ({start})");
    let n = failure.steps.len();
    for (i, s) in failure.steps.iter().enumerate() {
        let mark = if i + 1 == n { ">>" } else { "  " };
        let _ = writeln!(out, "  {mark}{:>3}. {s}", i + 1);
    }
    for (inv, why) in &failure.broken {
        let _ = writeln!(out, "  step {n} breaks invariant {} ({}): {why}", inv.number(), inv.title());
    }
}

#[test]
fn random_command_sequences_keep_the_lifecycle_invariants() {
    let skip = skipped();
    if let Ok(path) = std::env::var("CHESSDIP_MODEL_STEPS") {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("CHESSDIP_MODEL_STEPS={path}: {e}"));
        let (start, steps) = parse_report(&text).unwrap_or_else(|e| panic!("CHESSDIP_MODEL_STEPS={path}: {e}"));
        let mut world = World::open("steps");
        let (failure, trace) = replay_traced(&mut world, start, &steps, &skip, true);
        println!("{path}:\n{trace}");
        if let Some(failure) = failure {
            let mut out = format!("{path} breaks an invariant:\n");
            report_failure(&mut out, start, &failure);
            panic!("{out}");
        }
        return;
    }
    if let Some(seed) = env_number("CHESSDIP_MODEL_SEED") {
        let mut world = World::open("replay");
        let (scenario, outcome, trace) = explore(&mut world, seed, &skip, true);
        println!("sequence {seed:#x}:\n{trace}");
        if let Err(failure) = outcome {
            let mut out = format!("sequence {seed:#x} breaks an invariant:\n");
            report_failure(&mut out, scenario.start, &failure);
            panic!("{out}");
        }
        return;
    }
    let cases = env_number("CHESSDIP_MODEL_CASES").map_or(DEFAULT_CASES, |n| n as usize);
    let began = Instant::now();
    let mut tally = Tally::default();
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..THREADS)
            .map(|t| {
                let skip = &skip;
                s.spawn(move || {
                    let mut world = World::open(&format!("t{t}"));
                    let mut tally = Tally::default();
                    for i in (t..cases).step_by(THREADS) {
                        let (scenario, outcome, _) = explore(&mut world, seed_of(i), skip, false);
                        tally.sequences += 1;
                        match outcome {
                            Ok(steps) => tally.steps += steps,
                            Err(failure) => {
                                tally.steps += failure.steps.len();
                                tally.add(&scenario, &failure);
                            }
                        }
                    }
                    tally
                })
            })
            .collect();
        for w in workers {
            tally.merge(w.join().expect("a worker thread panicked outside a step"));
        }
    });
    let ran = began.elapsed();
    println!("lifecycle model: {} sequences, {} steps in {:.1?}", tally.sequences, tally.steps, ran);
    if tally.found.is_empty() {
        return;
    }
    let mut world = World::open("shrink");
    let invariants: BTreeSet<Invariant> = tally.found.keys().map(|(i, _)| *i).collect();
    let mut out = format!(
        "lifecycle model: {} of {} invariants broken in {} sequences ({} steps, {:.1?}):\n",
        invariants.len(),
        Invariant::ALL.len(),
        tally.sequences,
        tally.steps,
        ran
    );
    for inv in invariants {
        let causes: Vec<(&Cause, &Found)> = tally.found.iter().filter(|((i, _), _)| *i == inv).collect();
        let total: usize = causes.iter().map(|(_, f)| f.count).sum();
        let _ = writeln!(out, "\n==== Invariant {} ({}): broken in {total} sequences", inv.number(), inv.title());
        for (cause, found) in causes {
            let original = found.shortest.steps.len();
            let shrunk = shrink(&mut world, found.start, found.shortest.clone(), cause, &skip);
            let _ = writeln!(
                out,
                "\n-- at `{}` ({} sequences); the shortest, seed {:#x} (CHESSDIP_MODEL_SEED={:#x} replays it), shrunk from {original} to {} steps:",
                cause.1,
                found.count,
                found.seed,
                found.seed,
                shrunk.steps.len()
            );
            report_failure(&mut out, found.start, &shrunk);
        }
    }
    let _ = writeln!(out, "\n(shrinking took {:.1?})", began.elapsed() - ran);
    panic!("{out}");
}
