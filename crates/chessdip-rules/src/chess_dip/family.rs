//! Chess Dip and Chesspolitik as a [`Family`]: how a power's order set is
//! kept (one order per piece, one per build or disband), read back, and
//! resolved into public history.

use serde::{Deserialize, Serialize};

use super::{
    apply_adjustments, apply_movement, game_result, parse, parse_read, text, validate_adjustment, validate_movement,
    Adjustment, AdjustmentKind, AdjustmentReport, ChessDipState, Context, Explain, IllegalAdjustment, IllegalOrder,
    Order, Reading, Resolution as ChessDipResolution, Variant,
};
use crate::family::{Family, GameResult, OrderOutcome, PhaseInfo, PhaseKind, Resolution, Seats, SlotOrder, Submission};
use crate::{words, PowerId, Square};

/// What the renderer needs of a resolved Diplomacy-style phase.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum ChessDipReport {
    /// A movement phase: every order with its outcome, and the orders given.
    Movement {
        /// The resolver's result.
        resolution: ChessDipResolution,
        /// The orders actually given (unordered pieces held).
        orders: Vec<Order>,
        /// The position with the moves carried out, the phase not advanced.
        after: Box<ChessDipState>,
    },
    /// An adjustment phase.
    Adjustment {
        /// The adjustments ordered.
        orders: Vec<Adjustment>,
        /// What was done.
        report: AdjustmentReport,
        /// The position after the adjustments.
        after: Box<ChessDipState>,
    },
}

/// An order text checked against the position.
enum Checked {
    Movement(Vec<Order>),
    Adjustment(Adjustment),
}

impl Checked {
    /// The squares of the pieces the order is for.
    fn squares(&self) -> Vec<Square> {
        match self {
            Checked::Movement(o) => o.iter().map(|o| o.square).collect(),
            Checked::Adjustment(a) => match a.kind {
                AdjustmentKind::Build { square, .. }
                | AdjustmentKind::Disband { square, .. }
                | AdjustmentKind::Promote { square, .. } => vec![square],
                AdjustmentKind::Waive => Vec::new(),
            },
        }
    }

    /// The order's slot: the square of the (first) piece it orders, or the adjustment and its square.
    fn slot(&self, waive_no: usize) -> String {
        match self {
            Checked::Movement(o) => o[0].square.to_string(),
            Checked::Adjustment(a) => match a.kind {
                AdjustmentKind::Build { square, .. } => format!("build {square}"),
                AdjustmentKind::Disband { square, .. } => format!("disband {square}"),
                AdjustmentKind::Promote { square, .. } => format!("promote {square}"),
                AdjustmentKind::Waive => format!("waive {waive_no}"),
            },
        }
    }

    /// The order in its canonical form (what is shown and stored).
    fn text(&self) -> String {
        match self {
            Checked::Movement(o) => text::order_text(o),
            Checked::Adjustment(a) => text::adjustment_text(a),
        }
    }
}

/// An order text read and checked, with the unexpected readings it took.
struct Read {
    checked: Checked,
    readings: Vec<Reading>,
}

/// Reads and checks one order text of `p`. An order of the other kind of
/// phase (a build in Spring, a move in Winter) is refused with when it comes.
fn check(v: &Variant, state: &ChessDipState, p: PowerId, text: &str, earlier: &[Adjustment]) -> Result<Read, String> {
    let movement = state.phase.season.is_movement();
    let (ctx, other) =
        if movement { (Context::Movement, Context::Adjustment) } else { (Context::Adjustment, Context::Movement) };
    let (parsed, readings) = match parse_read(v.board, text, ctx) {
        Ok(read) => read,
        Err(e) => {
            return Err(match parse(v.board, text, other) {
                Ok(order) if movement => IllegalOrder::WrongPhase {
                    phase: state.phase.name(v),
                    advice: text::adjustment_in_movement(v, &order),
                }
                .to_string(),
                Ok(_) => IllegalAdjustment::WrongPhase {
                    phase: state.phase.name(v),
                    advice: text::movement_in_adjustment(v),
                }
                .to_string(),
                Err(_) => e.kind.to_string(),
            })
        }
    };
    let checked = if movement {
        validate_movement(v, state, p, &parsed)
            .map(|x| Checked::Movement(x.orders().collect()))
            .map_err(|e| e.to_string())
    } else {
        validate_adjustment(v, state, p, &parsed, earlier).map(Checked::Adjustment).map_err(|e| e.to_string())
    }?;
    Ok(Read { checked, readings })
}

/// Splits a message into order texts: commas, semicolons and new lines separate orders.
fn split_orders(text: &str) -> Vec<String> {
    text.split([',', ';', '\n']).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()
}

/// A power's stored orders checked in order: each row with its check (the
/// adjustments before it count against the limits).
fn checked_rows<'a>(
    v: &Variant,
    state: &ChessDipState,
    p: PowerId,
    rows: &'a [SlotOrder],
) -> Vec<(&'a SlotOrder, Result<Checked, String>)> {
    let mut earlier = Vec::new();
    let mut out = Vec::new();
    for r in rows {
        let ch = check(v, state, p, &r.text, &earlier).map(|read| read.checked);
        if let Ok(Checked::Adjustment(a)) = &ch {
            earlier.push(*a);
        }
        out.push((r, ch));
    }
    out
}

/// Every power's orders as the resolver takes them (rows no longer legal are skipped).
fn checked_orders(
    v: &Variant,
    state: &ChessDipState,
    orders: &[(String, Vec<SlotOrder>)],
) -> (Vec<Order>, Vec<Adjustment>) {
    let (mut moves, mut adjs) = (Vec::new(), Vec::new());
    for (power, rows) in orders {
        let Some(p) = v.power_by_name(power) else { continue };
        for (_, ch) in checked_rows(v, state, p, rows) {
            match ch {
                Ok(Checked::Movement(o)) => moves.extend(o),
                Ok(Checked::Adjustment(a)) => adjs.push(a),
                Err(_) => {}
            }
        }
    }
    (moves, adjs)
}

/// The kind of an adjustment order (none for a movement order).
fn adjustment_kind(checked: &Checked) -> Option<AdjustmentKind> {
    if let Checked::Adjustment(a) = checked {
        Some(a.kind)
    } else {
        None
    }
}

/// Of the orders a power has (slot, squares, adjustment, text): how many
/// use a build (builds and waives), and the slot of the last waive.
fn builds_used(covering: &[(String, Vec<Square>, Option<Adjustment>, String)]) -> (usize, Option<String>) {
    let kinds = covering.iter().filter_map(|(slot, _, a, _)| a.map(|a| (slot, a.kind)));
    let used: Vec<(&String, AdjustmentKind)> =
        kinds.filter(|(_, k)| matches!(k, AdjustmentKind::Build { .. } | AdjustmentKind::Waive)).collect();
    let waived = used.iter().rev().find(|(_, k)| *k == AdjustmentKind::Waive).map(|(slot, _)| (*slot).clone());
    (used.len(), waived)
}

impl Variant {
    fn id_of(&self, power: &str) -> Option<PowerId> {
        self.power_by_name(power)
    }

    /// Whether `p` has anything to order in `state`'s phase: a piece to
    /// move, or in Winter an adjustment to make (a build with room for it,
    /// a disband, a pawn to promote).
    fn has_business(&self, state: &ChessDipState, p: PowerId) -> bool {
        if state.phase.season.is_movement() {
            state.piece_count(p) > 0
        } else {
            super::adjust::has_adjustments(self, state, p)
        }
    }

    /// The public record of a resolved phase: outcomes, removed pieces,
    /// changes and the summary, all in the third person for the whole channel.
    fn summarise(
        &self,
        state: &ChessDipState,
        next: &ChessDipState,
        orders: &[(String, Vec<SlotOrder>)],
        report: &ChessDipReport,
        center_changes: &[(Square, Option<PowerId>, PowerId)],
    ) -> (Vec<OrderOutcome>, Vec<String>, Vec<String>, String) {
        let name = |p: PowerId| self.power(p).name.clone();
        let mut outcomes = Vec::new();
        let mut removed = Vec::new();
        let mut centers = Vec::new();
        let mut promotions = Vec::new();
        let mut unused: Vec<String> = Vec::new();
        // Seat order, whatever order the powers came in.
        let mut by_seat: Vec<(PowerId, &Vec<SlotOrder>)> =
            orders.iter().filter_map(|(pw, rows)| self.id_of(pw).map(|p| (p, rows))).collect();
        by_seat.sort_by_key(|(p, _)| *p);
        match report {
            ChessDipReport::Movement { resolution: res, .. } => {
                let explain = Explain::new(self, state, res);
                for (p, rows) in &by_seat {
                    for (_, ch) in checked_rows(self, state, *p, rows) {
                        let Ok(Checked::Movement(os)) = ch else { continue };
                        let (succeeded, reason) = explain.line(&os);
                        outcomes.push(OrderOutcome {
                            power: name(*p),
                            order: text::order_text(&os),
                            succeeded,
                            reason,
                        });
                    }
                }
                removed = explain.removed();
                for &(sq, old, new) in center_changes {
                    centers.push(format!("{sq}: {} (was {})", name(new), old.map_or("neutral".to_string(), name)));
                }
            }
            ChessDipReport::Adjustment { report, .. } => {
                for (p, rows) in &by_seat {
                    for (row, ch) in checked_rows(self, state, *p, rows) {
                        let (order, succeeded, reason) = match ch {
                            Ok(Checked::Adjustment(a)) => {
                                let done = report.carried_out.contains(&a);
                                (text::adjustment_text(&a), done, text::adjustment_reason(done, None))
                            }
                            Ok(Checked::Movement(os)) => {
                                (text::order_text(&os), false, text::adjustment_reason(false, None))
                            }
                            Err(why) => (row.text.clone(), false, text::adjustment_reason(false, Some(&why))),
                        };
                        outcomes.push(OrderOutcome { power: name(*p), order, succeeded, reason });
                    }
                }
                for &(p, role, sq) in &report.civil_disorder {
                    removed.push(format!("{} {sq} ({}, disbanded in civil disorder)", role.char(), name(p)));
                }
                for &(p, sq) in &report.default_promotions {
                    promotions.push(format!("{sq}: {}'s pawn promoted to a knight (no order)", name(p)));
                }
                unused = report.unused_builds.iter().map(|&(p, n)| format!("{} {n}", name(p))).collect();
            }
        }
        let mut summary = String::new();
        for (p, _) in &by_seat {
            let n = name(*p);
            let mine: Vec<&OrderOutcome> = outcomes.iter().filter(|o| o.power == n).collect();
            if mine.is_empty() {
                continue;
            }
            summary += &format!("{n}:");
            for o in mine {
                summary +=
                    &format!("\n  {} {} ({})", if o.succeeded { "\u{2713}" } else { "\u{2717}" }, o.order, o.reason);
            }
            summary += "\n";
        }
        if outcomes.is_empty() {
            summary += "No orders were given.\n";
        }
        if !removed.is_empty() {
            summary += &format!("Removed: {}\n", removed.join("; "));
        }
        if !centers.is_empty() {
            summary += &format!("Centers: {}\n", centers.join("; "));
        }
        if !promotions.is_empty() {
            summary += &format!("Promotions: {}\n", promotions.join("; "));
        }
        if !unused.is_empty() {
            summary += &format!("Builds not used: {}\n", unused.join("; "));
        }
        summary += &super::winter::after_fall(self, state, next);
        let changes = centers.into_iter().chain(promotions).collect();
        (outcomes, removed, changes, summary.trim_end().to_string())
    }
}

impl Family for Variant {
    type State = ChessDipState;
    type Report = ChessDipReport;

    fn id(&self) -> &str {
        &self.id
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn seats(&self) -> Seats {
        Seats::Fixed(self.powers.iter().map(|p| p.name.clone()).collect())
    }

    fn start(&self, _powers: &[String]) -> Result<ChessDipState, String> {
        Ok(ChessDipState::start(self))
    }

    fn phase(&self, state: &ChessDipState) -> PhaseInfo {
        PhaseInfo {
            name: state.phase.name(self),
            kind: if state.phase.season.is_movement() { PhaseKind::Movement } else { PhaseKind::Adjustment },
            owing: self
                .power_ids()
                .filter(|&p| self.has_business(state, p))
                .map(|p| self.power(p).name.clone())
                .collect(),
            resolve_on_submit: false,
        }
    }

    fn submit(&self, state: &ChessDipState, power: &str, current: &[SlotOrder], text: &str) -> Submission {
        let mut sub = Submission { orders: current.to_vec(), ..Submission::default() };
        let texts = split_orders(text);
        if texts.is_empty() {
            sub.rejected
                .push((text.trim().to_string(), "no orders given: write e.g. `K e1 - e2, N g1 S e1 - e2`".to_string()));
            return sub;
        }
        let Some(p) = self.id_of(power) else {
            sub.rejected.push((text.trim().to_string(), format!("there is no power {power} in {}", self.name)));
            return sub;
        };
        for t in texts {
            // What the current orders cover, in order (adjustments count against the limits).
            let covering: Vec<(String, Vec<Square>, Option<Adjustment>, String)> =
                checked_rows(self, state, p, &sub.orders)
                    .into_iter()
                    .filter_map(|(r, ch)| {
                        let ch = ch.ok()?;
                        let adj = if let Checked::Adjustment(a) = &ch { Some(*a) } else { None };
                        Some((r.slot.clone(), ch.squares(), adj, ch.text()))
                    })
                    .collect();
            // An order for the same piece replaces the earlier one: leave that one out of the limits.
            let alone = check(self, state, p, &t, &[]).ok().map(|read| read.checked);
            let mut replaced: Vec<String> = match &alone {
                Some(checked) => {
                    let sq = checked.squares();
                    covering
                        .iter()
                        .filter(|(_, s, _, _)| s.iter().any(|x| sq.contains(x)))
                        .map(|(slot, _, _, _)| slot.clone())
                        .collect()
                }
                None => Vec::new(),
            };
            // Every build ordered or waived: a build takes a waive's place, and one more waive changes nothing.
            let builds = super::adjust::balance(state, p);
            let (used, waived) = builds_used(&covering);
            let mut took_waive = false;
            if builds > 0 && used >= builds as usize {
                match (alone.as_ref().map(adjustment_kind), waived) {
                    (Some(Some(AdjustmentKind::Build { .. })), Some(slot)) if replaced.is_empty() => {
                        replaced.push(slot);
                        took_waive = true;
                    }
                    (Some(Some(AdjustmentKind::Waive)), Some(_)) => {
                        sub.notes.push(text::waive_again_note(&self.power(p).name, builds as usize));
                        sub.accepted.push("waive".to_string());
                        continue;
                    }
                    _ => {}
                }
            }
            let kept: Vec<Adjustment> = covering
                .iter()
                .filter(|(slot, _, _, _)| !replaced.contains(slot))
                .filter_map(|(_, _, a, _)| *a)
                .collect();
            match check(self, state, p, &t, &kept) {
                Ok(read) => {
                    let canonical = read.checked.text();
                    let old: Vec<String> = covering
                        .iter()
                        .filter(|(slot, _, _, text)| replaced.contains(slot) && *text != canonical)
                        .map(|(_, _, _, text)| text.clone())
                        .collect();
                    if took_waive {
                        sub.notes.push(text::build_for_waive_note(&canonical, &self.power(p).name, builds as usize));
                    } else if !old.is_empty() {
                        let adjustment = matches!(read.checked, Checked::Adjustment(_));
                        sub.notes.push(text::replaced_note(&canonical, &old, adjustment));
                    }
                    if let Some(note) = text::reading_note(self, &t, &canonical, &read.readings) {
                        sub.notes.push(note);
                    }
                    sub.orders.retain(|o| !replaced.contains(&o.slot));
                    let waives = sub.orders.iter().filter(|o| o.slot.starts_with("waive")).count();
                    let mut slot = read.checked.slot(waives + 1);
                    let mut n = waives + 1;
                    while sub.orders.iter().any(|o| o.slot == slot) {
                        n += 1;
                        slot = read.checked.slot(n);
                    }
                    sub.orders.push(SlotOrder { slot, text: canonical.clone() });
                    sub.accepted.push(canonical);
                }
                Err(e) => sub.rejected.push((t, e)),
            }
        }
        sub
    }

    fn describe(&self, state: &ChessDipState, power: &str, current: &[SlotOrder]) -> String {
        let Some(p) = self.id_of(power) else { return format!("there is no power {power}") };
        let checked = checked_rows(self, state, p, current);
        let mut text = format!("{power}'s orders for {}:", state.phase.name(self));
        if current.is_empty() {
            text += " none yet.";
        }
        for (r, ch) in &checked {
            match ch {
                Ok(ch) => text += &format!("\n  {}", ch.text()),
                Err(why) => text += &format!("\n  {} (not valid, it will not run: {why})", r.text),
            }
        }
        let valid: Vec<&Checked> = checked.iter().filter_map(|(_, ch)| ch.as_ref().ok()).collect();
        if state.phase.season.is_movement() {
            let covered: Vec<Square> = valid.iter().flat_map(|ch| ch.squares()).collect();
            let missing: Vec<String> = state
                .pieces_of(p)
                .filter(|(sq, _)| !covered.contains(sq))
                .map(|(sq, piece)| format!("{} {sq}", piece.role.char()))
                .collect();
            if !missing.is_empty() {
                let they = if missing.len() == 1 { "it will hold" } else { "they will hold" };
                text += &format!("\nNo order yet ({they}): {}", missing.join(", "));
            }
        } else {
            let kinds: Vec<AdjustmentKind> = valid
                .iter()
                .filter_map(|ch| if let Checked::Adjustment(a) = ch { Some(a.kind) } else { None })
                .collect();
            text += &super::winter::owed_lines(self, state, p, &kinds);
        }
        text
    }

    fn resolve(
        &self,
        state: &ChessDipState,
        orders: &[(String, Vec<SlotOrder>)],
    ) -> Resolution<ChessDipState, ChessDipReport> {
        let (moves, adjs) = checked_orders(self, state, orders);
        let (next, report, center_changes) = if state.phase.season.is_movement() {
            let (next, mr) = apply_movement(self, state, &moves);
            let changes = mr.center_changes.clone();
            (
                next,
                ChessDipReport::Movement { resolution: mr.resolution, orders: moves, after: mr.carried_out },
                changes,
            )
        } else {
            let (next, ar) = apply_adjustments(self, state, &adjs);
            (next.clone(), ChessDipReport::Adjustment { orders: adjs, report: ar, after: Box::new(next) }, Vec::new())
        };
        let (outcomes, removed, changes, summary) = self.summarise(state, &next, orders, &report, &center_changes);
        Resolution { next, outcomes, removed, changes, summary, report, verdicts: Vec::new() }
    }

    fn result(&self, state: &ChessDipState) -> GameResult {
        match game_result(self, state) {
            super::GameResult::Solo { winner } => GameResult::Won {
                winner: self.power(winner).name.clone(),
                how: format!("with {} centers", state.centers_of(winner).len()),
            },
            super::GameResult::YearLimit => GameResult::Drawn { how: "the year limit was reached".into() },
            super::GameResult::Ongoing => GameResult::Ongoing,
        }
    }

    fn alive(&self, state: &ChessDipState, power: &str) -> bool {
        self.id_of(power).is_some_and(|p| state.is_alive(p))
    }

    fn standing(&self, state: &ChessDipState, power: &str) -> String {
        match self.id_of(power) {
            Some(p) => format!(
                "{}, {}",
                words::count(state.centers_of(p).len(), "center"),
                words::count(state.piece_count(p), "piece")
            ),
            None => String::new(),
        }
    }

    fn suggest(&self, state: &ChessDipState, power: &str, partial: &str, max: usize) -> Vec<String> {
        let Some(p) = self.id_of(power) else { return Vec::new() };
        if !state.phase.season.is_movement() {
            return Vec::new();
        }
        let norm = |t: &str| t.chars().filter(|c| !c.is_whitespace()).flat_map(char::to_lowercase).collect::<String>();
        let want = norm(partial);
        let facing = self.power(p).facing;
        let mut out = Vec::new();
        for (sq, piece) in state.pieces_of(p) {
            let head =
                if piece.role == crate::Role::Pawn { sq.to_string() } else { format!("{} {sq}", piece.role.char()) };
            if !norm(&head).starts_with(&want) && !want.starts_with(&norm(&head)) {
                continue;
            }
            let mut candidates = vec![format!("{head} H")];
            candidates
                .extend(super::geometry::targets(self.board, piece.role, facing, sq).map(|t| format!("{head} - {t}")));
            for c in candidates {
                if out.len() >= max {
                    return out;
                }
                if norm(&c).starts_with(&want) && check(self, state, p, &c, &[]).is_ok() {
                    out.push(c);
                }
            }
        }
        out
    }

    fn order_help(&self) -> String {
        let pawns = self.has_role(crate::Role::Pawn);
        let mut t = format!(
            "{} orders (commas, semicolons or new lines between orders):\n  K e1 - e2     move\n  K d1 H        hold\n  N g1 S K e1 - e2   support a move\n  N c3 S K d1 H      support a hold",
            self.name
        );
        if pawns {
            t += "\n  e2 - e4       pawn travel (no letter)\n  e4 x d5       pawn attack\n  B f1 - c4     multi-square move (squares between act as convoys)\n  K e1 S e2 C f1 - c4   support a convoy\n  e5 t d6 x d5  en passant\n  O-O, O-O-O    castling";
        }
        t += "\nWinter: build K c1, disband N e4, waive";
        if pawns {
            t += ", promote c8 R (or c8=R)";
        }
        t += "\nOne order a piece: a new order for a piece replaces the old one. Orders are shown in the forms above.";
        if !pawns {
            t += "\nA or M (army, monarch) is read as K, F or H (fleet, horse) as N.";
        }
        t
    }
}
