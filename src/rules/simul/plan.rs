//! A player's move list for one turn, checked: each move is read in the
//! position it will start from as far as the player can know it.
//!
//! Move 1 is checked in the turn's starting position. In the progressive
//! modes move i is checked in the position after the player's own earlier
//! moves of the list, as if they all succeeded and the opponent stood still
//! (in the simultaneously progressive mode the opponent's two-square
//! advances of the last turn stay open to en passant, since all moves start
//! together). Conditions about the board that the player can already see
//! (every condition in the basic and simultaneously progressive modes, and
//! move 1's in the progressive mode) are decided now and only the branch
//! taken is checked; later conditions of the progressive mode are decided
//! when their step comes, so both branches are kept, and a branch that is
//! not legal now is accepted with a note and checked again then.

use super::board::Position;
use super::condition::{parse_order, Condition, OrderText};
use super::movegen::{make, Move};
use super::notation::{read, MoveText};
use super::state::SimulState;
use super::variant::Mode;
use crate::rules::{Side, SquareSet};

/// A checked order: what it will do when its turn (or step) comes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// No move.
    Pass,
    /// This move (checked).
    Move(Move),
    /// Move text read again when its step comes (a progressive branch not legal now).
    Text(MoveText),
    /// A conditional.
    If {
        /// The question.
        cond: Condition,
        /// If it holds.
        then: Box<Plan>,
        /// If not.
        otherwise: Box<Plan>,
    },
}

impl Plan {
    /// The branch taken in `pos` given which of the player's earlier moves executed.
    #[must_use]
    pub fn choose(&self, pos: &Position, executed: &[bool]) -> &Plan {
        match self {
            Plan::If { cond, then, otherwise } => {
                if cond.holds(pos, executed) {
                    then.choose(pos, executed)
                } else {
                    otherwise.choose(pos, executed)
                }
            }
            other => other,
        }
    }
}

/// One accepted order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planned {
    /// Its move number in the list (1-based): its step in the progressive mode.
    pub slot: usize,
    /// As the player wrote it.
    pub text: String,
    /// What it will do.
    pub plan: Plan,
}

/// A checked move list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Planning {
    /// Accepted orders, by slot.
    pub planned: Vec<Planned>,
    /// Rejected texts with the reason.
    pub rejected: Vec<(String, String)>,
    /// Notes for the player.
    pub notes: Vec<String>,
}

/// Checks `side`'s orders `(slot, text)` for this turn of `state` in `mode`.
#[must_use]
pub fn plan(mode: Mode, state: &SimulState, side: Side, orders: &[(usize, String)]) -> Planning {
    let mut out = Planning::default();
    let allowed = mode.moves_in(state.turn);
    let start = &state.position;
    let mut hyp = start.clone();
    let mut moved = SquareSet::EMPTY;
    let mut executed: Vec<bool> = Vec::new();
    let mut sorted: Vec<&(usize, String)> = orders.iter().collect();
    sorted.sort_by_key(|(slot, _)| *slot);
    for (slot, text) in sorted {
        let (slot, text) = (*slot, text.trim().to_string());
        while executed.len() + 1 < slot {
            executed.push(false);
        }
        let reject = |out: &mut Planning, why: String| out.rejected.push((text.clone(), why));
        if slot == 0 || slot > allowed {
            let why = match mode {
                Mode::Basic => "one move per turn in the basic mode".to_string(),
                _ => format!("turn {} has {allowed} move{} each", state.turn, if allowed == 1 { "" } else { "s" }),
            };
            reject(&mut out, why);
            continue;
        }
        let order = match parse_order(&text) {
            Ok(o) => o,
            Err(e) => {
                reject(&mut out, e.to_string());
                continue;
            }
        };
        if let Some(why) = condition_problem(mode, slot, &order) {
            reject(&mut out, why);
            continue;
        }
        let known = mode != Mode::Progressive || slot == 1;
        let result = match &order {
            _ if known => plan_known(&order, start, &hyp, side, &executed, &mut out.notes),
            // A plain later move must be legal where the player's own earlier moves leave it.
            OrderText::Move(mt) => read(&hyp, side, mt)
                .map(|r| {
                    out.notes.extend(r.note);
                    Plan::Move(r.mv)
                })
                .map_err(|e| format!("{e} (move {slot} is checked in the position after your moves before it)")),
            _ => Ok(plan_later(&order, &hyp, side, slot, &mut out.notes)),
        };
        let plan = match result {
            Ok(p) => p,
            Err(why) => {
                reject(&mut out, why);
                continue;
            }
        };
        // The move this order plays in the hypothetical position.
        let chosen = match plan.choose(if known { start } else { &hyp }, &executed) {
            Plan::Move(m) => Some(*m),
            _ => None,
        };
        if let Some(m) = chosen {
            if mode == Mode::SimultaneousProgressive {
                let rook = m.rook_path().map(|(rf, _)| rf);
                if let Some(s) = [Some(m.from), rook].into_iter().flatten().find(|s| moved.contains(*s)) {
                    reject(
                        &mut out,
                        format!(
                            "the piece on {s} only gets there by an earlier move of your list, and in the simultaneously progressive mode each piece moves at most once a turn"
                        ),
                    );
                    continue;
                }
                moved.insert(m.to);
                if let Some((_, path)) = m.rook_path() {
                    if let Some(last) = path.last() {
                        moved.insert(*last);
                    }
                }
            }
            let keep = hyp.double_steps.clone();
            hyp = make(&hyp, &m);
            hyp.double_steps = match mode {
                Mode::SimultaneousProgressive => keep,
                _ => Vec::new(),
            };
        }
        executed.push(chosen.is_some());
        out.planned.push(Planned { slot, text, plan });
    }
    if mode != Mode::Basic && !out.planned.is_empty() && out.planned.len() < allowed {
        out.notes.push(format!("{} of {allowed} moves in; a missing move is no move at its step", out.planned.len()));
    }
    out
}

/// Conditions not allowed here, as a reason.
fn condition_problem(mode: Mode, slot: usize, order: &OrderText) -> Option<String> {
    for c in order.conditions() {
        if let Condition::Executed(n) = c {
            match mode {
                Mode::Progressive if (n as usize) < slot => {}
                Mode::Progressive => {
                    return Some(format!(
                        "move {slot} can only ask about your earlier moves{}",
                        if slot > 1 { format!(" (1 to {})", slot - 1) } else { ": it is the first".to_string() }
                    ))
                }
                Mode::Basic => {
                    return Some("asking whether your n-th move was executed works only in the progressive mode".into())
                }
                Mode::SimultaneousProgressive => {
                    return Some(
                        "in the simultaneously progressive mode all moves run at once, so a move cannot depend on another's execution (`3?...` works in the progressive mode)"
                            .into(),
                    )
                }
            }
        }
    }
    None
}

/// An order whose conditions are about a position the player can see:
/// decide them and check only the branch taken (in `hyp`, where it starts).
fn plan_known(
    order: &OrderText,
    start: &Position,
    hyp: &Position,
    side: Side,
    executed: &[bool],
    notes: &mut Vec<String>,
) -> Result<Plan, String> {
    match order {
        OrderText::Pass => Ok(Plan::Pass),
        OrderText::Move(mt) => {
            let r = read(hyp, side, mt).map_err(|e| e.to_string())?;
            notes.extend(r.note);
            Ok(Plan::Move(r.mv))
        }
        OrderText::If { cond, then, otherwise } => {
            let holds = cond.holds(start, executed);
            let (taken, other) = if holds { (then, otherwise) } else { (otherwise, then) };
            let chosen = plan_known(taken, start, hyp, side, executed, notes).map_err(|e| {
                format!("{cond} is {} now, so this plays {taken}, but {e}", if holds { "true" } else { "false" })
            })?;
            notes.push(format!(
                "{cond} is {} now, so `{}` plays {}",
                if holds { "true" } else { "false" },
                order,
                if **taken == OrderText::Pass { "no move".to_string() } else { taken.to_string() }
            ));
            let other = unresolved(other);
            let (then, otherwise) = if holds { (chosen, other) } else { (other, chosen) };
            Ok(Plan::If { cond: *cond, then: Box::new(then), otherwise: Box::new(otherwise) })
        }
    }
}

/// A branch never taken: kept as text.
fn unresolved(order: &OrderText) -> Plan {
    match order {
        OrderText::Pass => Plan::Pass,
        OrderText::Move(mt) => Plan::Text(mt.clone()),
        OrderText::If { cond, then, otherwise } => {
            Plan::If { cond: *cond, then: Box::new(unresolved(then)), otherwise: Box::new(unresolved(otherwise)) }
        }
    }
}

/// A progressive order after move 1: a plain move must be legal in `hyp`;
/// branches of a conditional are kept even if not legal now.
fn plan_later(order: &OrderText, hyp: &Position, side: Side, slot: usize, notes: &mut Vec<String>) -> Plan {
    match order {
        OrderText::Pass => Plan::Pass,
        OrderText::Move(mt) => match read(hyp, side, mt) {
            Ok(r) => {
                notes.extend(r.note);
                Plan::Move(r.mv)
            }
            Err(e) => {
                notes.push(format!(
                    "move {slot}: {mt} is not legal in the position as you would leave it ({e}); it is checked again when its step comes"
                ));
                Plan::Text(mt.clone())
            }
        },
        OrderText::If { cond, then, otherwise } => Plan::If {
            cond: *cond,
            then: Box::new(plan_later(then, hyp, side, slot, notes)),
            otherwise: Box::new(plan_later(otherwise, hyp, side, slot, notes)),
        },
    }
}
