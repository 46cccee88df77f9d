//! Runs Diplomacy Chess scenarios (`variant: diplomacy-chess`).
//!
//! Besides the sections every game has (`docs/scenario-format.md`): `phase: turn N` sets the
//! turn (in the progressive modes, how many moves each side may give;
//! without it, the most moves either side gives), and `state:` takes
//! `moved:` (pieces that have moved: castling rights lost), `double-step:`
//! (last turn's two-square advances, for en passant) and `seen: N` (how many
//! turns, this one included, have started from the scenario's position, for
//! threefold repetition). `dislodged:` lists the pieces taken this turn by
//! their square at the start of the turn.

use std::collections::BTreeMap;

use super::{InvalidResult, OrderResult, Report, Run, Scenario, ScenarioError};
use crate::any;
use crate::diplomacy_chess::board::side_name;
use crate::diplomacy_chess::plan::{plan, Planned};
use crate::diplomacy_chess::state::{DiplomacyChessState, GameEnd};
use crate::diplomacy_chess::{resolve_turn, side_of, Castling, DiplomacyChessReport, Mode, Piece, Position, Variant};
use crate::{Role, Side, Square};

fn setup_error(message: String) -> ScenarioError {
    ScenarioError { line: 0, message }
}

fn side(name: &str) -> Result<Side, ScenarioError> {
    side_of(name).ok_or_else(|| setup_error(format!("`{name}` is not a side of Diplomacy Chess: White or Black")))
}

/// Reads `K d1`, `Kd1`, `P c2` or a bare `c2` (a pawn).
fn piece(text: &str) -> Result<(Role, Square), ScenarioError> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let bad = || setup_error(format!("`{text}` is not a piece: write a letter and a square, like `K d1`"));
    let square = |s: &str| s.parse::<Square>().map_err(|e| setup_error(e.to_string()));
    let first = t.chars().next().ok_or_else(bad)?;
    if t.chars().nth(1).is_some_and(|c| c.is_ascii_digit()) {
        return Ok((Role::Pawn, square(&t)?));
    }
    let role = Role::from_char(first).ok_or_else(bad)?;
    Ok((role, square(&t[first.len_utf8()..])?))
}

fn build_state(s: &Scenario) -> Result<DiplomacyChessState, ScenarioError> {
    let mut pos = match &s.position {
        None => Position::start(),
        Some(list) => {
            let mut p = Position::empty();
            p.castling = Castling::ALL;
            for (power, text) in list {
                let side = side(power)?;
                let (role, sq) = piece(text)?;
                if p.get(sq).is_some() {
                    return Err(setup_error(format!("two pieces are given for {sq}")));
                }
                p.set(sq, Some(Piece::new(side, role)));
            }
            p
        }
    };
    let mut seen = 1usize;
    for (key, value) in &s.state {
        match key.as_str() {
            "moved" => {
                for item in super::split_list(value) {
                    let (_, sq) = piece(item)?;
                    pos.castling.touch(sq);
                }
            }
            "double-step" | "double-steps" | "double_step" => {
                for step in super::split_list(value) {
                    let (a, b) = step
                        .split_once('-')
                        .ok_or_else(|| setup_error(format!("double-step `{step}` should look like `d7-d5`")))?;
                    let sq = |x: &str| x.trim().parse::<Square>().map_err(|e| setup_error(e.to_string()));
                    pos.double_steps.push((sq(a)?, sq(b)?));
                }
            }
            "seen" => {
                seen = value
                    .trim()
                    .parse()
                    .map_err(|_| setup_error(format!("`seen: {value}` takes a number of turns, like `seen: 2`")))?;
            }
            other => {
                return Err(setup_error(format!(
                    "`{other}:` is not a state key for diplomacy-chess; use moved, double-step or seen"
                )))
            }
        }
    }
    pos.validate().map_err(|e| setup_error(e.to_string()))?;
    let mut state = DiplomacyChessState::new(pos);
    let key = state.position.key();
    state.seen = vec![key; seen.max(1)];
    Ok(state)
}

/// A Diplomacy Chess scenario, adjudicated.
#[derive(Debug, Clone)]
pub struct Adjudication {
    /// The variant (its mode).
    pub variant: Variant,
    /// The state before the turn.
    pub before: DiplomacyChessState,
    /// The state after it.
    pub after: DiplomacyChessState,
    /// What the renderer draws.
    pub turn: DiplomacyChessReport,
    /// The textual report (what `scenario run` prints).
    pub report: Report,
}

/// Adjudicates a Diplomacy Chess scenario, keeping the states and the turn report.
///
/// # Errors
/// [`ScenarioError`] when the scenario cannot be set up (bad mode, position, side...).
pub fn adjudicate(s: &Scenario) -> Result<Adjudication, ScenarioError> {
    let mode: Mode = s.mode.as_deref().unwrap_or("basic").parse().map_err(setup_error)?;
    let variant = Variant::with_mode(mode);
    let mut state = build_state(s)?;
    let mut lists: [Vec<(usize, String)>; 2] = [Vec::new(), Vec::new()];
    for (power, text) in &s.orders {
        let k = usize::from(side(power)? == Side::Black);
        let slot = lists[k].len() + 1;
        lists[k].push((slot, text.clone()));
    }
    state.turn = match &s.phase {
        Some(p) => {
            let t = p.trim().to_ascii_lowercase();
            t.strip_prefix("turn")
                .and_then(|n| n.trim().parse::<u32>().ok())
                .filter(|n| *n >= 1)
                .ok_or_else(|| setup_error(format!("`phase: {p}` should look like `phase: turn 3`")))?
        }
        None if mode == Mode::Basic => 1,
        None => lists.iter().map(Vec::len).max().unwrap_or(1).max(1) as u32,
    };
    let mut report = Report::default();
    let mut planned: [Vec<Planned>; 2] = [Vec::new(), Vec::new()];
    for (k, side) in [Side::White, Side::Black].into_iter().enumerate() {
        let p = plan(mode, &state, side, &lists[k]);
        for (order, error) in p.rejected {
            report.invalid.push(InvalidResult { power: side_name(side).to_string(), order, error });
        }
        planned[k] = p.planned;
    }
    let (next, turn) = resolve_turn(mode, &state, &planned[0], &planned[1]);
    report.phase = format!("Turn {}", state.turn);
    report.next_phase = match &next.end {
        Some(end) => format!("game over: {}", crate::diplomacy_chess::state::end_text(end)),
        None => format!("Turn {}", next.turn),
    };
    report.orders = turn
        .moves
        .iter()
        .map(|m| OrderResult {
            power: side_name(m.side).to_string(),
            order: m.text.clone(),
            result: if m.succeeded { "succeeds" } else { "fails" }.into(),
            reason: m.reason.clone(),
        })
        .collect();
    report.dislodged = turn.captures.iter().map(|c| format!("{} {}", c.piece.role.char(), c.origin)).collect();
    report.dislodged_at = turn.captures.iter().map(|c| format!("{} {}", c.piece.role.char(), c.at)).collect();
    let mut after: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (sq, p) in next.position.pieces() {
        after.entry(side_name(p.side).to_string()).or_default().push(format!("{} {sq}", p.role.char()));
    }
    report.after = after;
    report.outcome = match &next.end {
        None => "ongoing".into(),
        Some(GameEnd::Won { winner, .. }) => format!("{} wins", side_name(*winner)),
        Some(GameEnd::Drawn { .. }) => "draw".into(),
    };
    Ok(Adjudication { variant, before: state, after: next, turn, report })
}

impl From<Adjudication> for Run {
    fn from(a: Adjudication) -> Run {
        Run::new(
            a.variant,
            (a.before, a.after),
            |v, s| any::Position::DiplomacyChess { variant: v, state: s },
            a.turn,
            a.report,
        )
    }
}
