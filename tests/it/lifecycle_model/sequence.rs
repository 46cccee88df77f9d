//! Running one sequence: its steps one by one, each followed by the
//! scheduler's tick and a check of every invariant; drawn from a seed, or
//! replayed from a list of steps.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::generate::{Config, Generator, Rng};
use super::invariants::{self, Invariant, StepCheck, Tracker};
use super::snapshot::{self, Snapshot};
use super::world::{Step, World};

/// Monday 2026-01-05 00:00 UTC: sequences start within four weeks of it.
const EPOCH: i64 = 1_767_571_200;

/// A sequence that broke invariants: every step up to and including the
/// breaking one, and what each broken invariant says.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The steps, the breaking one last.
    pub steps: Vec<Step>,
    /// The invariants the last step broke, with what each says.
    pub broken: Vec<(Invariant, String)>,
}

/// One sequence being run and checked.
struct Sequence<'w> {
    world: &'w World,
    skip: &'w BTreeSet<u8>,
    tracker: Tracker,
    last: Snapshot,
    steps: Vec<Step>,
    trace: Option<String>,
}

impl<'w> Sequence<'w> {
    fn new(world: &'w World, skip: &'w BTreeSet<u8>, verbose: bool) -> Sequence<'w> {
        let last = snapshot::take(world.store(), world.channel(), world.now(), &Snapshot::default());
        Sequence { world, skip, tracker: Tracker::default(), last, steps: Vec::new(), trace: verbose.then(String::new) }
    }

    /// Runs a step and checks every invariant.
    fn step(&mut self, step: Step) -> Result<(), Failure> {
        let ran = self.world.run(&step);
        let after = snapshot::take(self.world.store(), self.world.channel(), self.world.now(), &self.last);
        self.tracker.observe(&step, &self.last, &ran);
        let check = StepCheck {
            step: &step,
            before: &self.last,
            after: &after,
            ran: &ran,
            store: self.world.store(),
            tracker: &self.tracker,
        };
        let broken = invariants::check(&check, self.skip);
        if let Some(t) = &mut self.trace {
            let _ = writeln!(t, "{:>3}. {step}", self.steps.len() + 1);
            for r in &ran.replies {
                let to = r.to.as_deref().map_or(String::new(), |u| format!(" to {u}"));
                let text: String = r.text.chars().take(600).collect();
                let _ = writeln!(t, "       [{:?}{to}] {}", r.visibility, text.replace('\n', "\n         "));
            }
            let _ = writeln!(t, "       => {}", describe(&after));
        }
        self.steps.push(step);
        self.last = after;
        if broken.is_empty() {
            Ok(())
        } else {
            Err(Failure { steps: self.steps.clone(), broken })
        }
    }
}

/// The game's state in a line, for traces.
fn describe(s: &Snapshot) -> String {
    let Some(p) = s.current() else { return format!("{} (no phase)", s.status_name()) };
    let due = p.deadline.map_or("no deadline".to_string(), |d| format!("due in {}s", d - s.now));
    format!(
        "{} #{} {} ({}, {}) {due}; seats {:?}; ready {:?}; draw {:?}",
        s.status_name(),
        s.phase_seq,
        p.name,
        if p.open { "open" } else { "resolved" },
        p.stage,
        s.players,
        s.ready,
        s.draw_votes
    )
}

/// A sequence as drawn from its seed: where the clock starts, and the game.
pub struct Scenario {
    /// The seed.
    pub seed: u64,
    /// Where the clock starts (unix seconds).
    pub start: i64,
}

/// Draws and runs sequence `seed`: a game created, joined and started, then 15 to 40 random steps.
pub fn explore(
    world: &mut World,
    seed: u64,
    skip: &BTreeSet<u8>,
    verbose: bool,
) -> (Scenario, Result<usize, Failure>, String) {
    let mut rng = Rng::new(seed);
    let start = EPOCH + rng.between(0, 28 * 24 * 60) * 60 + rng.between(0, 59);
    let config = Config::pick(&mut rng);
    world.begin(start);
    let mut seq = Sequence::new(world, skip, verbose);
    let outcome = (|| {
        seq.step(Step::command("gm", config.create.clone()))?;
        let powers = if config.wheel {
            Vec::new()
        } else {
            seq.world.service().power_names(seq.world.channel()).unwrap_or_default()
        };
        let mut gen = Generator::new(rng, config, powers);
        for join in gen.joins() {
            seq.step(join)?;
        }
        seq.step(Step::command("gm", "game start"))?;
        let n = gen.rng().between(15, 40);
        for _ in 0..n {
            let next = gen.next(seq.world, &seq.last);
            seq.step(next)?;
        }
        Ok(seq.steps.len())
    })();
    let trace = seq.trace.take().unwrap_or_default();
    (Scenario { seed, start }, outcome, trace)
}

/// Runs `steps` from a clock at `start`; the failure, if one breaks an invariant.
pub fn replay(world: &mut World, start: i64, steps: &[Step], skip: &BTreeSet<u8>) -> Option<Failure> {
    replay_traced(world, start, steps, skip, false).0
}

/// [`replay`], with every step's replies and the game's state after it if `verbose`.
pub fn replay_traced(
    world: &mut World,
    start: i64,
    steps: &[Step],
    skip: &BTreeSet<u8>,
    verbose: bool,
) -> (Option<Failure>, String) {
    world.begin(start);
    let mut seq = Sequence::new(world, skip, verbose);
    let failure = steps.iter().find_map(|s| seq.step(s.clone()).err());
    (failure, seq.trace.take().unwrap_or_default())
}

/// Reads a sequence as the report writes it (the clock's start, then one
/// numbered console line a step, `>>` marking the last; other lines are
/// ignored): where the clock starts and the steps.
pub fn parse_report(text: &str) -> Result<(i64, Vec<Step>), String> {
    let mut start = None;
    let mut steps = Vec::new();
    for raw in text.lines() {
        let line = raw.trim_start().trim_start_matches(">>").trim_start();
        if let Some(rest) = line.strip_prefix("clock starts at") {
            let unix = rest.rsplit_once('(').and_then(|(_, n)| n.trim_end_matches(')').parse().ok());
            start = Some(unix.ok_or_else(|| format!("no unix time in `{raw}`"))?);
            continue;
        }
        let Some((number, step)) = line.split_once(". ") else { continue };
        if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        steps.push(match step.strip_prefix("advance ") {
            Some(d) => Step::Advance(chessdip_game::parse_duration(d).map_err(|e| e.to_string())?),
            None => {
                let (user, command) = step.split_once(' ').ok_or_else(|| format!("no command in `{raw}`"))?;
                Step::command(user, command.replace("\\n", "\n"))
            }
        });
    }
    Ok((start.ok_or("no `clock starts at ... (<unix time>)` line")?, steps))
}
