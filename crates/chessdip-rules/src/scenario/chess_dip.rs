//! Runs scenarios of the Diplomacy-style variants (Chesspolitik, Chess Dip).

use std::collections::BTreeMap;

use super::{parse_owner_list, InvalidResult, OrderResult, Report, Run, Scenario, ScenarioError};
use crate::any::Position;
use crate::chess_dip::{
    self, apply_adjustments, apply_movement, validate_adjustment, validate_movement, Adjustment, ChessDipReport,
    ChessDipState, Context, GameResult, Order, Phase, Setup, Variant,
};
use crate::{PowerId, Role, Square};

fn setup_error(message: String) -> ScenarioError {
    ScenarioError { line: 0, message }
}

fn power(variant: &Variant, name: &str) -> Result<PowerId, ScenarioError> {
    variant.power_by_name(name).ok_or_else(|| {
        setup_error(format!("`{name}` is not a power of {}; its powers are {}", variant.id, variant.power_names()))
    })
}

fn square(variant: &Variant, text: &str) -> Result<Square, ScenarioError> {
    variant.board.parse_square(text).map_err(|e| setup_error(e.to_string()))
}

/// Reads `K d1`, `Kd1`, `P c2` or a bare `c2` (a pawn).
fn piece(variant: &Variant, text: &str) -> Result<(Role, Square), ScenarioError> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let bad = || setup_error(format!("`{text}` is not a piece: write a letter and a square, like `K d1`"));
    let first = t.chars().next().ok_or_else(bad)?;
    let second_is_digit = t.chars().nth(1).is_some_and(|c| c.is_ascii_digit());
    if second_is_digit {
        return Ok((Role::Pawn, square(variant, &t)?));
    }
    let role = Role::from_char(first).ok_or_else(bad)?;
    Ok((role, square(variant, &t[first.len_utf8()..])?))
}

fn piece_text(role: Role, sq: Square) -> String {
    format!("{} {sq}", role.char())
}

fn build_state(variant: &Variant, s: &Scenario) -> Result<ChessDipState, ScenarioError> {
    let phase = match &s.phase {
        Some(p) => Phase::parse(p).map_err(setup_error)?,
        None => ChessDipState::start(variant).phase,
    };
    let mut setup = Setup::default();
    let moved: Vec<Square> = s
        .state_values("moved")
        .flat_map(super::split_list)
        .map(|p| piece(variant, p).map(|(_, sq)| sq))
        .collect::<Result<_, _>>()?;
    match &s.position {
        Some(list) => {
            for (p, text) in list {
                let (role, sq) = piece(variant, text)?;
                setup.pieces.push((power(variant, p)?, role, sq, moved.contains(&sq)));
            }
        }
        None => {
            for (id, def) in variant.power_ids().map(|id| (id, variant.power(id))) {
                for &(role, sq) in &def.start_units {
                    setup.pieces.push((id, role, sq, moved.contains(&sq)));
                }
            }
        }
    }
    for (key, value) in &s.state {
        match key.as_str() {
            "moved" => {}
            "double-step" | "double-steps" | "double_step" => {
                for step in super::split_list(value) {
                    let (a, b) = step
                        .split_once('-')
                        .ok_or_else(|| setup_error(format!("double-step `{step}` should look like `d7-d5`")))?;
                    setup.double_steps.push((square(variant, a)?, square(variant, b)?));
                }
            }
            "centers" => {
                for (owner, squares) in parse_owner_list(value) {
                    let owner = power(variant, &owner)?;
                    for sq in squares {
                        setup.owners.push((square(variant, &sq)?, Some(owner)));
                    }
                }
            }
            "neutral" => {
                for sq in value.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()) {
                    setup.owners.push((square(variant, sq)?, None));
                }
            }
            "homes" => {
                for (owner, squares) in parse_owner_list(value) {
                    let owner = power(variant, &owner)?;
                    for sq in squares {
                        setup.promoted_homes.push((square(variant, &sq)?, owner));
                    }
                }
            }
            other => {
                return Err(setup_error(format!(
                    "`{other}:` is not a state key for {}; use moved, double-step, centers, neutral or homes",
                    variant.id
                )))
            }
        }
    }
    ChessDipState::from_setup(variant, phase, &setup).map_err(|e| setup_error(e.to_string()))
}

fn outcome_text(variant: &Variant, r: GameResult) -> String {
    match r {
        GameResult::Ongoing => "ongoing".into(),
        GameResult::Solo { winner } => format!("{} wins", variant.power(winner).name),
        GameResult::YearLimit => "draw".into(),
    }
}

fn finish(variant: &Variant, next: &ChessDipState, report: &mut Report) {
    for id in variant.power_ids() {
        let pieces: Vec<String> = next.pieces_of(id).map(|(sq, p)| piece_text(p.role, sq)).collect();
        if !pieces.is_empty() {
            report.after.insert(variant.power(id).name.clone(), pieces);
        }
    }
    report.centers =
        next.owned_centers().map(|(sq, p)| (sq.to_string(), variant.power(p).name.clone())).collect::<BTreeMap<_, _>>();
    report.next_phase = next.phase.name(variant);
}

/// What a phase of a Diplomacy-style scenario did: the orders and reports
/// the renderer draws.
#[derive(Debug, Clone)]
pub enum PhaseResult {
    /// Spring or Fall: the accepted orders and the adjudication.
    Movement {
        /// The legal orders, as adjudicated.
        orders: Vec<Order>,
        /// The resolution and its consequences.
        report: chess_dip::MovementReport,
    },
    /// Winter: the accepted adjustment orders and what was done.
    Adjustment {
        /// The legal adjustment orders.
        orders: Vec<Adjustment>,
        /// What was carried out, including civil disorder and promotions.
        report: chess_dip::AdjustmentReport,
    },
}

/// A scenario of a Diplomacy-style variant, adjudicated.
#[derive(Debug, Clone)]
pub struct Adjudication {
    /// The variant.
    pub variant: Variant,
    /// The position before the phase.
    pub before: ChessDipState,
    /// The position after it.
    pub after: ChessDipState,
    /// The orders and what happened to them.
    pub phase: PhaseResult,
    /// The textual report (what `scenario run` prints).
    pub report: Report,
}

/// Adjudicates a scenario of a Diplomacy-style variant, keeping the states
/// and reports.
///
/// # Errors
/// [`ScenarioError`] when the scenario cannot be set up.
pub fn adjudicate(s: &Scenario) -> Result<Adjudication, ScenarioError> {
    let variant = Variant::builtin(&s.variant).map_err(|e| setup_error(e.to_string()))?;
    let state = build_state(&variant, s)?;
    let ctx = if state.phase.season.is_movement() { Context::Movement } else { Context::Adjustment };
    let mut report = Report { phase: state.phase.name(&variant), ..Report::default() };
    // Accepted texts with the indexes of the orders they stand for.
    let mut accepted: Vec<(Vec<usize>, PowerId, String)> = Vec::new();
    let mut movement: Vec<Order> = Vec::new();
    let mut adjustments: Vec<Adjustment> = Vec::new();
    for (pname, text) in &s.orders {
        let p = power(&variant, pname)?;
        let name = variant.power(p).name.clone();
        let reject = |error: String| InvalidResult { power: name.clone(), order: text.clone(), error };
        let parsed = match chess_dip::parse(variant.board, text, ctx) {
            Ok(t) => t,
            Err(e) => {
                report.invalid.push(reject(e.kind.to_string()));
                continue;
            }
        };
        if ctx == Context::Movement {
            match validate_movement(&variant, &state, p, &parsed) {
                Ok(valid) => {
                    let clash = valid
                        .orders()
                        .find_map(|o| movement.iter().find(|prev| prev.square == o.square).map(|prev| (o, *prev)));
                    if let Some((o, prev)) = clash {
                        let e = chess_dip::IllegalOrder::AlreadyOrdered {
                            role: o.role,
                            square: o.square,
                            previous: prev.to_string(),
                        };
                        report.invalid.push(reject(e.to_string()));
                        continue;
                    }
                    let first = movement.len();
                    movement.extend(valid.orders());
                    accepted.push(((first..movement.len()).collect(), p, text.clone()));
                }
                Err(e) => report.invalid.push(reject(e.to_string())),
            }
        } else {
            match validate_adjustment(&variant, &state, p, &parsed, &adjustments) {
                Ok(a) => {
                    accepted.push((vec![adjustments.len()], p, text.clone()));
                    adjustments.push(a);
                }
                Err(e) => report.invalid.push(reject(e.to_string())),
            }
        }
    }
    if ctx == Context::Movement {
        let (next, mr) = apply_movement(&variant, &state, &movement);
        let res = &mr.resolution;
        for (indexes, p, text) in &accepted {
            let outcomes: Vec<chess_dip::Judgement> = indexes
                .iter()
                .filter_map(|&i| res.orders.iter().position(|o| *o == movement[i]).map(|k| res.outcomes[k]))
                .collect();
            let ok = outcomes.iter().all(|o| o.succeeded());
            let reason = outcomes
                .iter()
                .find(|o| !o.succeeded() && **o != chess_dip::Judgement::PartnerFailed)
                .or(outcomes.first())
                .map_or_else(String::new, |o| o.reason());
            report.orders.push(OrderResult {
                power: variant.power(*p).name.clone(),
                order: text.clone(),
                result: if ok { "succeeds" } else { "fails" }.into(),
                reason,
            });
        }
        report.dislodged =
            res.dislodged.iter().filter_map(|(sq, _)| state.piece(*sq).map(|p| piece_text(p.role, *sq))).collect();
        report.outcome = outcome_text(&variant, mr.result);
        finish(&variant, &next, &mut report);
        Ok(Adjudication {
            variant,
            before: state,
            after: next,
            phase: PhaseResult::Movement { orders: movement, report: mr },
            report,
        })
    } else {
        let (next, ar) = apply_adjustments(&variant, &state, &adjustments);
        for (indexes, p, text) in &accepted {
            let a = adjustments[indexes[0]];
            let done = ar.carried_out.contains(&a);
            report.orders.push(OrderResult {
                power: variant.power(*p).name.clone(),
                order: text.clone(),
                result: if done { "succeeds" } else { "fails" }.into(),
                reason: if done { "carried out".into() } else { "not carried out".into() },
            });
        }
        report.civil_disorder = ar.civil_disorder.iter().map(|(_, role, sq)| piece_text(*role, *sq)).collect();
        report.dislodged = Vec::new();
        report.outcome = outcome_text(&variant, chess_dip::game_result(&variant, &next));
        finish(&variant, &next, &mut report);
        Ok(Adjudication {
            variant,
            before: state,
            after: next,
            phase: PhaseResult::Adjustment { orders: adjustments, report: ar },
            report,
        })
    }
}

impl From<Adjudication> for Run {
    fn from(a: Adjudication) -> Run {
        let phase = match a.phase {
            PhaseResult::Movement { orders, report } => {
                ChessDipReport::Movement { resolution: report.resolution, orders, after: report.carried_out }
            }
            PhaseResult::Adjustment { orders, report } => {
                ChessDipReport::Adjustment { orders, report, after: Box::new(a.after.clone()) }
            }
        };
        Run::new(a.variant, (a.before, a.after), |v, s| Position::ChessDip { variant: v, state: s }, phase, a.report)
    }
}
