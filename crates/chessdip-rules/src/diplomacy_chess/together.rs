//! A simultaneously progressive move list, checked as a whole: all its moves
//! start at the first tick from the turn's position, so the order they are
//! listed in does not matter.
//!
//! - Each move is read in the turn's starting position as if it were the
//!   player's turn, except that the player's own pieces that move in the
//!   same list are not in the way: they leave at the first tick, and a piece
//!   may follow them ([`read_through`]). An own piece in the way that has no
//!   move in the list makes the move illegal. Castling is read as in chess.
//! - Each piece moves at most once a turn: two moves of one piece are both
//!   refused, and a move of a piece that only gets to its square by another
//!   move of the list is refused.
//! - The king's safety is judged for the whole list, as if every move
//!   succeeded and the opponent stood still: a move that (with the rest)
//!   leaves the king in check is refused; if no single move is to blame
//!   (the king is in check and nothing answers it), the whole list is.
//! - The player is warned where their own moves would collide if the
//!   opponent's pieces stood still (the time model does not spare a side's
//!   own pieces).

use super::board::{opponent, side_name, Position};
use super::condition::{parse_order, OrderText};
use super::movegen::{checkers, make, Move};
use super::notation::{read_through, read_with, san_with, IllegalMove, MoveText, Reading};
use super::plan::{branch_note, canonical_text, condition_problem, slot_problem, unresolved, Plan, Planned, Planning};
use super::resolve::{resolve, Fate, Return};
use super::state::DiplomacyChessState;
use super::text::Voice;
use super::variant::Mode;
use crate::words::{count, join_and};
use crate::{Role, Side, Square};

/// The player's reading of one move: own pieces in the way count, the king's
/// safety is judged later for the whole list.
const UNCHECKED: Reading = Reading { voice: Voice::You, king_safety: false };

/// One order of the list on its way through the checks.
struct Entry {
    slot: usize,
    text: String,
    order: OrderText,
    /// The branch decided at submission (true: then), outermost first.
    path: Vec<bool>,
    /// The move its branch plays, once read; `None` for no move.
    mv: Option<Move>,
    /// Notes from reading (a default promotion).
    notes: Vec<String>,
    /// Why it is refused, once it is.
    refused: Option<String>,
    /// For a conditional, how its conditions came out and what that plays:
    /// `e5 is empty, so this plays e5` (refusals start with it).
    because: Option<String>,
}

impl Entry {
    /// Refuses it for `why`, saying first which branch was judged.
    fn refuse(&mut self, why: String) {
        self.refused = Some(match &self.because {
            Some(b) => format!("{b}, but {why}"),
            None => why,
        });
    }
}

impl Entry {
    /// The piece squares this entry's move sets off from (the rook's too when castling).
    fn pieces(&self) -> Vec<Square> {
        self.mv.map_or(Vec::new(), |m| [Some(m.from), m.rook_path().map(|(rf, _)| rf)].into_iter().flatten().collect())
    }
}

/// Reads a move of the list in the turn's position `start`: as in chess
/// first, then through the player's own pieces.
fn read_leaf(start: &Position, side: Side, mt: &MoveText) -> Result<(Move, Option<String>), IllegalMove> {
    match read_with(start, side, mt, UNCHECKED) {
        Ok(r) => Ok((r.mv, r.note)),
        Err(plain) => match read_through(start, side, mt, Voice::You) {
            Ok(r) => Ok((r.mv, r.note)),
            Err(e @ IllegalMove::Ambiguous { .. }) => Err(e),
            Err(_) => Err(plain),
        },
    }
}

/// The canonical text of a move of the list: the shortest SAN that
/// [`read_leaf`] takes back to it.
fn canonical_move(start: &Position, side: Side, m: &Move) -> String {
    san_with(start, m, |t| read_leaf(start, side, t).is_ok_and(|(x, _)| x == *m))
}

/// Checks a simultaneously progressive list.
pub(super) fn plan_together(state: &DiplomacyChessState, side: Side, orders: &[(usize, String)]) -> Planning {
    let mode = Mode::SimultaneousProgressive;
    let start = &state.position;
    let mut out = Planning::default();
    let mut sorted: Vec<&(usize, String)> = orders.iter().collect();
    sorted.sort_by_key(|(slot, _)| *slot);
    let mut entries: Vec<Entry> = Vec::new();
    for (slot, text) in sorted {
        let (slot, text) = (*slot, text.trim().to_string());
        let refuse = |why: String| Entry {
            slot,
            text: text.clone(),
            order: OrderText::Pass,
            path: Vec::new(),
            mv: None,
            notes: Vec::new(),
            refused: Some(why),
            because: None,
        };
        if let Some(why) = slot_problem(mode, state.turn, slot) {
            entries.push(refuse(why));
            continue;
        }
        let order = match parse_order(&text) {
            Ok(o) => o,
            Err(e) => {
                entries.push(refuse(e.to_string()));
                continue;
            }
        };
        if let Some(why) = condition_problem(mode, slot, &order) {
            entries.push(refuse(why));
            continue;
        }
        // Board conditions are decided on the turn's position.
        let mut path = Vec::new();
        let mut asked = Vec::new();
        let mut leaf = &order;
        while let OrderText::If { cond, then, otherwise } = leaf {
            let held = cond.holds(start, &[]);
            path.push(held);
            asked.push(super::text::condition_outcome(cond, held, start));
            leaf = if held { then } else { otherwise };
        }
        let because = match leaf {
            OrderText::Move(mt) if !asked.is_empty() => Some(format!("{}, so this plays {mt}", join_and(&asked))),
            _ => None,
        };
        let mut entry =
            Entry { slot, text, order: order.clone(), path, mv: None, notes: Vec::new(), refused: None, because };
        if let OrderText::Move(mt) = leaf {
            match read_leaf(start, side, mt) {
                Ok((m, note)) => {
                    entry.mv = Some(m);
                    entry.notes.extend(note);
                }
                Err(e) => entry.refuse(e.to_string()),
            }
        }
        entries.push(entry);
    }
    once_per_piece(start, side, &mut entries);
    own_pieces_in_the_way(start, side, &mut entries);
    king_safety(start, side, &mut entries);
    let accepted: Vec<Move> = entries.iter().filter(|e| e.refused.is_none()).filter_map(|e| e.mv).collect();
    for e in entries {
        if let Some(why) = e.refused {
            out.rejected.push((e.text, why));
            continue;
        }
        let canonical = canonical_text(&e.order, &|mt| match read_leaf(start, side, mt) {
            Ok((m, _)) => canonical_move(start, side, &m),
            Err(_) => mt.to_string(),
        });
        let plan = rebuild(&e.order, &e.path, e.mv.map_or(Plan::Pass, Plan::Move));
        let planned = Planned { slot: e.slot, text: e.text, canonical, plan };
        let (asked, _) = planned.plan.decide(start, &[]);
        out.notes.extend(e.notes);
        out.notes.extend(branch_note(&planned, &asked, start));
        out.planned.push(planned);
    }
    out.notes.extend(collisions(start, side, &accepted, &out.planned));
    out
}

/// The order's plan with the branch on `path` playing `leaf` and the others
/// kept as text.
fn rebuild(order: &OrderText, path: &[bool], leaf: Plan) -> Plan {
    match (order, path.split_first()) {
        (OrderText::If { cond, then, otherwise }, Some((&held, rest))) => {
            let (taken, other) = if held { (then, otherwise) } else { (otherwise, then) };
            let taken = rebuild(taken, rest, leaf);
            let other = unresolved(other);
            let (then, otherwise) = if held { (taken, other) } else { (other, taken) };
            Plan::If { cond: *cond, then: Box::new(then), otherwise: Box::new(otherwise) }
        }
        _ => leaf,
    }
}

/// A piece moves at most once a turn: two moves of one piece are both
/// refused; a move that could not be read because its piece only gets to
/// its square by another move of the list says so.
fn once_per_piece(start: &Position, side: Side, entries: &mut [Entry]) {
    let text_of = |e: &Entry| format!("`{}`", e.text);
    let mut twice: Vec<(usize, String)> = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        if e.refused.is_some() {
            continue;
        }
        for sq in e.pieces() {
            let same: Vec<&Entry> =
                entries.iter().filter(|o| o.refused.is_none() && o.pieces().contains(&sq)).collect();
            if same.len() > 1 {
                let name = start.get(sq).map_or("piece", |p| p.role.name());
                let texts: Vec<String> = same.iter().map(|o| text_of(o)).collect();
                twice.push((
                    i,
                    format!(
                        "the {name} on {sq} has {} in this list ({}); all moves start together, so a piece moves at most once a turn",
                        count(same.len(), "move"),
                        join_and(&texts)
                    ),
                ));
                break;
            }
        }
    }
    for (i, why) in twice {
        entries[i].refuse(why);
    }
    // A piece that only gets somewhere by another move of the list.
    let read: Vec<(usize, Move)> = entries
        .iter()
        .enumerate()
        .filter(|(_, e)| e.refused.is_none())
        .filter_map(|(i, e)| e.mv.map(|m| (i, m)))
        .collect();
    let after = read.iter().fold(start.clone(), |p, (_, m)| make(&p, m));
    // (Refused while being read: no move; refused for its place or its text: no move text.)
    for e in entries.iter_mut().filter(|e| e.refused.is_some() && e.mv.is_none()) {
        let Some(mt) = leaf_text(&e.order, &e.path) else { continue };
        let Ok(r) = read_with(&after, side, mt, UNCHECKED) else { continue };
        if let Some((_, m)) = read.iter().find(|(_, m)| m.to == r.mv.from) {
            e.refused = None;
            e.refuse(format!(
                "the {} on {} only gets there by your move {}; all moves start together, so a piece moves at most once a turn",
                r.mv.role.name(),
                r.mv.from,
                canonical_move(start, side, m)
            ));
        }
    }
}

/// The move text the decided branch plays, if any.
fn leaf_text<'a>(order: &'a OrderText, path: &[bool]) -> Option<&'a MoveText> {
    let mut at = order;
    for held in path {
        match at {
            OrderText::If { then, otherwise, .. } => at = if *held { then } else { otherwise },
            _ => break,
        }
    }
    match at {
        OrderText::Move(mt) => Some(mt),
        _ => None,
    }
}

/// Own pieces in a move's way must leave in the same list; a move whose way
/// stays blocked is refused (and that may block others in turn).
fn own_pieces_in_the_way(start: &Position, side: Side, entries: &mut [Entry]) {
    loop {
        let leaving: Vec<Square> = entries.iter().filter(|e| e.refused.is_none()).flat_map(Entry::pieces).collect();
        let mut changed = false;
        for e in entries.iter_mut().filter(|e| e.refused.is_none()) {
            let Some(m) = e.mv else { continue };
            let mut way = m.path();
            if let Some((_, rook)) = m.rook_path() {
                way.extend(rook);
            }
            let stays = way
                .into_iter()
                .find(|s| *s != m.from && start.get(*s).is_some_and(|p| p.side == side) && !leaving.contains(s));
            if let Some(s) = stays {
                let name = start.get(s).map_or("piece", |p| p.role.name());
                e.refuse(if s == m.to {
                    format!("your own {name} stands on {s} (a piece may land there only if that {name} leaves in the same list)")
                } else {
                    format!(
                        "your own {name} on {s} is in the way (a piece may pass it only if it moves in the same list)"
                    )
                });
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
}

/// The king's safety for the whole list, as if every move succeeded and the
/// opponent stood still.
fn king_safety(start: &Position, side: Side, entries: &mut [Entry]) {
    let foe_king = |m: &Move| start.get(m.to).is_some_and(|p| p.role == Role::King && p.side != side);
    let live = |entries: &[Entry]| -> Vec<(usize, Move)> {
        entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.refused.is_none())
            .filter_map(|(i, e)| e.mv.map(|m| (i, m)))
            .collect()
    };
    let after = |moves: &[(usize, Move)], skip: Option<usize>| {
        moves.iter().filter(|(i, _)| Some(*i) != skip).fold(start.clone(), |p, (_, m)| make(&p, m))
    };
    let Some(king) = start.king(side) else { return };
    for _ in 0..entries.len() {
        let moves = live(entries);
        // A king's own move is judged after the turn; taking the enemy king is always allowed.
        if moves.iter().any(|(_, m)| (m.role == Role::King && !m.is_castle()) || foe_king(m)) {
            return;
        }
        let end = after(&moves, None);
        if !end.in_check(side) {
            return;
        }
        let to_blame: Vec<usize> =
            moves.iter().map(|(i, _)| *i).filter(|i| !after(&moves, Some(*i)).in_check(side)).collect();
        let from =
            checkers(&end, side).first().map_or(String::new(), |(s, p)| format!(" from the {} on {s}", p.role.name()));
        let king_now = end.king(side).unwrap_or(king);
        if to_blame.is_empty() {
            let why = if start.in_check(side) {
                format!("your king on {king} is in check{from} and this list does not get it out of check")
            } else {
                format!("this list would leave your king on {king_now} in check{from}")
            };
            for (i, _) in moves {
                entries[i].refuse(why.clone());
            }
            return;
        }
        for i in to_blame {
            entries[i].refuse(format!(
                "with the rest of your list it would leave your king on {king_now} in check{from} (the list is judged as if every move succeeds)"
            ));
        }
    }
}

/// A warning where the player's own moves would collide if the opponent's
/// pieces stood still.
fn collisions(start: &Position, side: Side, moves: &[Move], planned: &[Planned]) -> Option<String> {
    if moves.len() < 2 {
        return None;
    }
    let out = resolve(start, moves, Return::Travel);
    let name = |j: usize| {
        let m = moves[j];
        planned
            .iter()
            .find(|p| matches!(p.plan.choose(start, &[]), Plan::Move(x) if *x == m))
            .map_or_else(|| m.coords(), |p| format!("`{}`", p.canonical))
    };
    let lands_first = |at: Square, j: usize| {
        moves.iter().enumerate().find(|(k, m)| *k != j && m.to == at && out.fates[*k] == Fate::Moved).map(|(k, _)| k)
    };
    let mut clashes = Vec::new();
    for (j, fate) in out.fates.iter().enumerate() {
        let clash = match *fate {
            Fate::Met { at, other } if j < other => {
                Some(format!("{} and {} meet on {at} at the same tick, and both fail", name(j), name(other)))
            }
            Fate::Swapped { other } if j < other => {
                Some(format!("{} and {} run head-on into each other, and both fail", name(j), name(other)))
            }
            Fate::Blocked { at } => {
                lands_first(at, j).map(|k| format!("{} is blocked at {at}, where {} lands first", name(j), name(k)))
            }
            Fate::MetReturning { at, other } => Some(format!(
                "{} runs into your {} at {at} as it comes back from {}",
                name(j),
                moves[other].role.name(),
                name(other)
            )),
            _ => None,
        };
        clashes.extend(clash);
    }
    (!clashes.is_empty()).then(|| {
        format!(
            "with {}'s pieces standing still, your own moves would clash: {}",
            side_name(opponent(side)),
            clashes.join("; ")
        )
    })
}
