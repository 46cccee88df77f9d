//! A player's move list for one turn, checked: each move is read in the
//! position it will start from as far as the player can know it, and
//! given its canonical text (SAN; conditionals as `Nh6?e6:Qg2`), which
//! reads back to the same order.
//!
//! Move 1 is checked in the turn's starting position. In the progressive
//! mode move i is checked in the position after the player's own earlier
//! moves of the list, as if they all succeeded and the opponent stood still.
//! Conditions about the board that the player can already see (every
//! condition in the basic and simultaneously progressive modes, and move 1's
//! in the progressive mode) are decided now and only the branch taken is
//! checked; later conditions of the progressive mode are decided when their
//! step comes, so both branches are kept, and a branch that is not legal now
//! is accepted with a note and checked again then. The simultaneously
//! progressive mode checks the list as a whole, in `together.rs`.

use super::board::Position;
use super::condition::{parse_order, Condition, OrderText};
use super::movegen::{make, Move};
use super::notation::{read, san, MoveText};
use super::state::DiplomacyChessState;
use super::text::{Branch, NO_MOVE, PASS};
use super::variant::Mode;
use crate::Side;

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
        self.decide(pos, executed).1
    }

    /// The conditions asked on the way to the branch taken in `pos`, each
    /// with whether it held, and that branch.
    #[must_use]
    pub fn decide(&self, pos: &Position, executed: &[bool]) -> (Vec<(Condition, bool)>, &Plan) {
        let mut asked = Vec::new();
        let mut at = self;
        while let Plan::If { cond, then, otherwise } = at {
            let held = cond.holds(pos, executed);
            asked.push((*cond, held));
            at = if held { then } else { otherwise };
        }
        (asked, at)
    }
}

/// One accepted order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planned {
    /// Its move number in the list (1-based): its step in the progressive mode.
    pub slot: usize,
    /// As given (the player's text, or the stored canonical text).
    pub text: String,
    /// The canonical text: SAN, disambiguated as needed where the order is
    /// read; it reads back to this same order.
    pub canonical: String,
    /// What it will do.
    pub plan: Plan,
}

impl Planned {
    /// The canonical text of the branch that `asked` leads to (`None`: no
    /// move), taken from the canonical text itself.
    #[must_use]
    pub fn branch_text(&self, asked: &[(Condition, bool)]) -> Option<String> {
        let order = parse_order(&self.canonical).ok()?;
        let mut at = &order;
        for (_, held) in asked {
            match at {
                OrderText::If { then, otherwise, .. } => at = if *held { then } else { otherwise },
                _ => break,
            }
        }
        match at {
            OrderText::Pass => None,
            other => Some(other.to_string()),
        }
    }

    /// How a conditional came out in `pos` (`None` for a plain order).
    #[must_use]
    pub fn branch(&self, asked: &[(Condition, bool)], pos: &Position) -> Option<Branch> {
        (!asked.is_empty()).then(|| Branch::new(asked, pos, self.branch_text(asked).as_deref()))
    }
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
pub fn plan(mode: Mode, state: &DiplomacyChessState, side: Side, orders: &[(usize, String)]) -> Planning {
    if mode == Mode::SimultaneousProgressive {
        return super::together::plan_together(state, side, orders);
    }
    let mut out = Planning::default();
    let start = &state.position;
    let mut hyp = start.clone();
    let mut executed: Vec<bool> = Vec::new();
    let mut sorted: Vec<&(usize, String)> = orders.iter().collect();
    sorted.sort_by_key(|(slot, _)| *slot);
    for (slot, text) in sorted {
        let (slot, text) = (*slot, text.trim().to_string());
        while executed.len() + 1 < slot {
            executed.push(false);
        }
        let reject = |out: &mut Planning, why: String| out.rejected.push((text.clone(), why));
        if let Some(why) = slot_problem(mode, state.turn, slot) {
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
        let mut notes = Vec::new();
        let result = match &order {
            _ if known => plan_known(&order, start, &hyp, side, &executed, &mut notes),
            // A plain later move must be legal where the player's own earlier moves leave it.
            OrderText::Move(mt) => read(&hyp, side, mt)
                .map(|r| {
                    notes.extend(r.note);
                    Plan::Move(r.mv)
                })
                .map_err(|e| format!("{e} (move {slot} is checked in the position after your moves before it)")),
            _ => Ok(plan_later(&order, &hyp, side, slot, &mut notes)),
        };
        let plan = match result {
            Ok(p) => p,
            Err(why) => {
                reject(&mut out, why);
                continue;
            }
        };
        let canonical = canonical_text(&order, &|mt| match read(&hyp, side, mt) {
            Ok(r) => san(&hyp, &r.mv),
            Err(_) => mt.to_string(),
        });
        let planned = Planned { slot, text, canonical, plan };
        // The move this order plays in the hypothetical position.
        let (asked, chosen) = planned.plan.decide(if known { start } else { &hyp }, &executed);
        let chosen = match chosen {
            Plan::Move(m) => Some(*m),
            _ => None,
        };
        if known {
            notes.extend(branch_note(&planned, &asked, start));
        }
        out.notes.append(&mut notes);
        if let Some(m) = chosen {
            hyp = make(&hyp, &m);
        }
        executed.push(chosen.is_some());
        out.planned.push(planned);
    }
    out
}

/// Why an order cannot have this place in the list, if it cannot.
pub(super) fn slot_problem(mode: Mode, turn: u32, slot: usize) -> Option<String> {
    let allowed = mode.moves_in(turn);
    (slot == 0 || slot > allowed).then(|| match mode {
        Mode::Basic => "one move per turn in the basic mode".to_string(),
        _ => format!("turn {turn} has {} each", crate::words::count(allowed, "move")),
    })
}

/// The private note on a conditional decided at submission: `` `Nb1?d3:Nc3`
/// plays d3: White's knight is on b1 ``.
pub(super) fn branch_note(planned: &Planned, asked: &[(Condition, bool)], pos: &Position) -> Option<String> {
    let b = planned.branch(asked, pos)?;
    let plays = if b.played == NO_MOVE { "gives no move".to_string() } else { format!("plays {}", b.played) };
    Some(format!("`{}` {plays}: {}", planned.canonical, b.why))
}

/// The canonical text of `order`, each move written by `leaf`: `pass`, a
/// move, or `condition?then:else` with empty branches for no move.
pub(super) fn canonical_text(order: &OrderText, leaf: &dyn Fn(&MoveText) -> String) -> String {
    fn branch(o: &OrderText, leaf: &dyn Fn(&MoveText) -> String) -> String {
        match o {
            OrderText::Pass => String::new(),
            OrderText::Move(mt) => leaf(mt),
            OrderText::If { cond, then, otherwise } => {
                format!("{cond}?{}:{}", branch(then, leaf), branch(otherwise, leaf))
            }
        }
    }
    match order {
        OrderText::Pass => PASS.to_string(),
        other => branch(other, leaf),
    }
}

/// Conditions not allowed here, as a reason.
pub(super) fn condition_problem(mode: Mode, slot: usize, order: &OrderText) -> Option<String> {
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
                let why = super::text::condition_outcome(cond, holds, start);
                let plays = match &**taken {
                    OrderText::Pass => "no move".to_string(),
                    t => t.to_string(),
                };
                format!("{why}, so this plays {plays}, but {e}")
            })?;
            let other = unresolved(other);
            let (then, otherwise) = if holds { (chosen, other) } else { (other, chosen) };
            Ok(Plan::If { cond: *cond, then: Box::new(then), otherwise: Box::new(otherwise) })
        }
    }
}

/// A branch never taken: kept as text.
pub(super) fn unresolved(order: &OrderText) -> Plan {
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
