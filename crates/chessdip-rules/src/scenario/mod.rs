//! Scenario files: one adjudication case per file (`docs/scenario-format.md`).
//!
//! [`Scenario::parse`] reads the text into sections without knowing the game;
//! a runner per game family turns it into a [`Run`] (the positions and the
//! resolution, and the textual [`Report`]); [`check`] compares a report with
//! the file's `expect` and `after` sections. Scenarios draw nothing: the
//! renderers take a [`Run`]'s positions and resolution.

mod check;
pub mod chess_dip;
pub mod chess_wheel;
pub mod diplomacy_chess;
pub mod diplomat_chess;
mod files;

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::sync::Arc;

use serde::Serialize;
use thiserror::Error;

use crate::any::{self, Kind, Position};

pub use check::{check, Mismatch};
pub use files::{files, FilesError};

/// A scenario file, split into its sections, still as text.
#[derive(Debug, Clone, Default)]
pub struct Scenario {
    /// `name:` or the file name.
    pub name: String,
    /// `variant:`.
    pub variant: String,
    /// `mode:` (Diplomacy Chess).
    pub mode: Option<String>,
    /// `phase:`.
    pub phase: Option<String>,
    /// `position:` entries as (power, piece), or `None` for the start position.
    pub position: Option<Vec<(String, String)>>,
    /// `state:` entries as (key, value), keys lower-case.
    pub state: Vec<(String, String)>,
    /// `orders:` entries as (power, order) in file order.
    pub orders: Vec<(String, String)>,
    /// `expect:` section.
    pub expect: Expect,
    /// `after:` entries as (power, piece), if the section is present.
    pub after: Option<Vec<(String, String)>>,
}

/// The `expect:` section.
#[derive(Debug, Clone, Default)]
pub struct Expect {
    /// (power, order text, succeeds?).
    pub orders: Vec<(String, String, bool)>,
    /// Pieces expected dislodged, if any `dislodged:` line is present.
    pub dislodged: Option<Vec<String>>,
    /// (power, order text) expected to be rejected.
    pub invalid: Vec<(String, String)>,
    /// `outcome:`.
    pub outcome: Option<String>,
    /// `centers:` (an extension): owners of listed centers after the phase, as (power or `neutral`, squares).
    pub centers: Vec<(String, Vec<String>)>,
}

/// A scenario file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {message}")]
pub struct ScenarioError {
    /// 1-based line number (0 for whole-file problems).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Section {
    None,
    Position,
    State,
    Orders,
    Expect,
    After,
}

fn split_key(line: &str) -> Option<(&str, &str)> {
    let (k, v) = line.split_once(':')?;
    Some((k.trim(), v.trim()))
}

/// Splits `a, b, c` into trimmed non-empty parts.
pub(crate) fn split_list(s: &str) -> impl Iterator<Item = &str> {
    s.split(',').map(str::trim).filter(|p| !p.is_empty())
}

impl Scenario {
    /// Reads a scenario; `default_name` is used when there is no `name:` line.
    ///
    /// # Errors
    /// [`ScenarioError`] with the line of the first problem.
    pub fn parse(text: &str, default_name: &str) -> Result<Scenario, ScenarioError> {
        let mut s = Scenario { name: default_name.to_string(), ..Scenario::default() };
        let mut section = Section::None;
        let mut saw_variant = false;
        for (n, raw) in text.lines().enumerate() {
            let line_no = n + 1;
            let err = |message: String| ScenarioError { line: line_no, message };
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let Some((key, value)) = split_key(line) else {
                return Err(err(format!("expected `key: value` or a section header, found `{line}`")));
            };
            let lkey = key.to_ascii_lowercase();
            match lkey.as_str() {
                "name" => {
                    // The name takes the rest of the line, colons included.
                    s.name = value.to_string();
                    continue;
                }
                "variant" => {
                    s.variant = value.to_ascii_lowercase();
                    saw_variant = true;
                    continue;
                }
                "mode" => {
                    s.mode = Some(value.to_ascii_lowercase());
                    continue;
                }
                "phase" => {
                    s.phase = Some(value.to_string());
                    continue;
                }
                "position" | "state" | "orders" | "expect" | "after" => {
                    section = match lkey.as_str() {
                        "position" => {
                            s.position.get_or_insert_with(Vec::new);
                            Section::Position
                        }
                        "state" => Section::State,
                        "orders" => Section::Orders,
                        "expect" => Section::Expect,
                        _ => {
                            s.after.get_or_insert_with(Vec::new);
                            Section::After
                        }
                    };
                    if !value.is_empty() {
                        return Err(err(format!("put the entries of `{key}:` on the lines below it")));
                    }
                    continue;
                }
                _ => {}
            }
            match section {
                Section::None => {
                    return Err(err(format!(
                        "`{key}:` is outside any section; expected name, variant, phase, position, state, orders, expect or after"
                    )))
                }
                Section::Position | Section::After => {
                    let list = if section == Section::Position { s.position.as_mut() } else { s.after.as_mut() };
                    let list = list.ok_or_else(|| err("internal: section list missing".into()))?;
                    for piece in split_list(value) {
                        list.push((key.to_string(), piece.to_string()));
                    }
                }
                Section::State => s.state.push((lkey, value.to_string())),
                Section::Orders => {
                    for o in split_list(value) {
                        s.orders.push((key.to_string(), o.to_string()));
                    }
                }
                Section::Expect => match lkey.as_str() {
                    "dislodged" => {
                        s.expect.dislodged.get_or_insert_with(Vec::new).extend(split_list(value).map(String::from));
                    }
                    "invalid" => {
                        let Some((power, order)) = split_key(value) else {
                            return Err(err(format!("`invalid:` takes `Power: order`, found `{value}`")));
                        };
                        s.expect.invalid.push((power.to_string(), order.to_string()));
                    }
                    "outcome" => s.expect.outcome = Some(value.to_string()),
                    "centers" => s.expect.centers.extend(parse_owner_list(value)),
                    _ => {
                        for part in split_list(value) {
                            let lower = part.to_ascii_lowercase();
                            let (order, ok) = if let Some(o) = lower.strip_suffix("succeeds") {
                                (&part[..o.len()], true)
                            } else if let Some(o) = lower.strip_suffix("fails") {
                                (&part[..o.len()], false)
                            } else {
                                return Err(err(format!(
                                    "expected `{key}: <order> succeeds` or `... fails`, found `{part}`"
                                )));
                            };
                            s.expect.orders.push((key.to_string(), order.trim().to_string(), ok));
                        }
                    }
                },
            }
        }
        if !saw_variant {
            return Err(ScenarioError { line: 0, message: "missing `variant:` line".into() });
        }
        Ok(s)
    }

    /// Reads a scenario file; the default name is the file name without `.txt`.
    ///
    /// # Errors
    /// [`ScenarioError`] for unreadable files or bad syntax.
    pub fn from_file(path: &Path) -> Result<Scenario, ScenarioError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| ScenarioError { line: 0, message: format!("cannot read {}: {e}", path.display()) })?;
        let stem = path.file_stem().map_or_else(|| path.display().to_string(), |s| s.to_string_lossy().into_owned());
        Scenario::parse(&text, &stem)
    }

    /// The values of a `state:` key (it may repeat).
    pub fn state_values<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.state.iter().filter(move |(k, _)| k == key).map(|(_, v)| v.as_str())
    }
}

/// Reads `England d1 b1; Italy e1` into (power, squares) pairs.
pub(crate) fn parse_owner_list(value: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for group in value.split(';').map(str::trim).filter(|g| !g.is_empty()) {
        let words: Vec<&str> = group.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).collect();
        let first_square = words.iter().position(|w| looks_like_square(w)).unwrap_or(words.len());
        out.push((words[..first_square].join(" "), words[first_square..].iter().map(|w| w.to_string()).collect()));
    }
    out
}

fn looks_like_square(w: &str) -> bool {
    let mut cs = w.chars();
    cs.next().is_some_and(|c| c.is_ascii_alphabetic()) && {
        let rest = cs.as_str();
        !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit())
    }
}

/// One order's result in a [`Report`].
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct OrderResult {
    /// Power name.
    pub power: String,
    /// The order as written in the file.
    pub order: String,
    /// `succeeds` or `fails`.
    pub result: String,
    /// Why.
    pub reason: String,
}

/// One rejected order in a [`Report`].
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct InvalidResult {
    /// Power name.
    pub power: String,
    /// The order as written.
    pub order: String,
    /// Why it was rejected.
    pub error: String,
}

/// The adjudication of a scenario, as `scenario run --json` prints it.
#[derive(Debug, Clone, Serialize, Default)]
pub struct Report {
    /// The phase that was resolved.
    pub phase: String,
    /// The phase that follows.
    pub next_phase: String,
    /// Accepted orders and their results.
    pub orders: Vec<OrderResult>,
    /// Pieces removed this phase (`P e5`), by their square before the phase.
    pub dislodged: Vec<String>,
    /// Other names of the same removed pieces, parallel to `dislodged`, that an
    /// expectation may use instead (Diplomacy Chess: `N c6`, where a piece that
    /// moved was taken).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dislodged_at: Vec<String>,
    /// Rejected orders.
    pub invalid: Vec<InvalidResult>,
    /// Pieces removed by the civil-disorder rule (adjustment phases).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub civil_disorder: Vec<String>,
    /// Every piece afterwards, by power name.
    pub after: BTreeMap<String, Vec<String>>,
    /// Center owners afterwards: center -> power name (neutral centers omitted).
    pub centers: BTreeMap<String, String>,
    /// `ongoing`, `X wins` or `draw`.
    pub outcome: String,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} resolved; next: {}", self.phase, self.next_phase)?;
        for o in &self.orders {
            writeln!(f, "  {}: {} {} ({})", o.power, o.order, o.result, o.reason)?;
        }
        for i in &self.invalid {
            writeln!(f, "  {}: {} INVALID: {}", i.power, i.order, i.error)?;
        }
        if !self.dislodged.is_empty() {
            writeln!(f, "dislodged: {}", self.dislodged.join(", "))?;
        }
        if !self.civil_disorder.is_empty() {
            writeln!(f, "civil disorder: {}", self.civil_disorder.join(", "))?;
        }
        writeln!(f, "after:")?;
        for (p, pieces) in &self.after {
            writeln!(f, "  {p}: {}", pieces.join(", "))?;
        }
        write!(f, "outcome: {}", self.outcome)
    }
}

/// A scenario's phase, adjudicated: the positions before and after it and
/// what its resolution reports, as the rules layer holds them (what the
/// renderers draw), with the textual [`Report`].
#[derive(Debug, Clone)]
pub struct Run {
    /// The position the orders were given on.
    pub before: Position,
    /// The position after the phase.
    pub after: Position,
    /// What the resolution reports (the orders and what happened to them).
    pub phase: any::Report,
    /// The textual report (what `scenario run` prints).
    pub report: Report,
}

impl Run {
    /// A run of a family whose positions are `wrap(variant, state)`.
    fn new<V, S>(
        variant: V,
        (before, after): (S, S),
        wrap: fn(Arc<V>, S) -> Position,
        phase: impl Into<any::Report>,
        report: Report,
    ) -> Run {
        let v = Arc::new(variant);
        Run { before: wrap(v.clone(), before), after: wrap(v, after), phase: phase.into(), report }
    }
}

/// Adjudicates a scenario with the runner for its variant's family.
///
/// # Errors
/// [`ScenarioError`] when the scenario cannot be set up (unknown variant,
/// bad position, unknown power...).
pub fn run(s: &Scenario) -> Result<Run, ScenarioError> {
    match Kind::of(&s.variant) {
        Some(Kind::DiplomacyChess) => diplomacy_chess::adjudicate(s).map(Run::from),
        Some(Kind::DiplomatChess) => diplomat_chess::run(s),
        Some(Kind::ChessWheel) => chess_wheel::adjudicate(s).map(Run::from),
        Some(Kind::ChessDip) | None => chess_dip::adjudicate(s).map(Run::from),
    }
}
