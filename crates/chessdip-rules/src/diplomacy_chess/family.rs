//! Diplomacy Chess as a [`Family`]: a player's order set is their move list
//! for the turn (slots `1`, `2`, ...), replaced whole by each submission.

use super::board::{opponent, side_name, Position};
use super::notation::san;
use super::plan::{plan, Planned};
use super::state::{end_text, DiplomacyChessState, GameEnd};
use super::text::Victim;
use super::turn::{resolve_turn, DiplomacyChessReport};
use super::variant::{Mode, Variant};
use crate::family::{Family, GameResult, OrderOutcome, PhaseInfo, PhaseKind, Resolution, Seats, SlotOrder, Submission};
use crate::words::{count, join_and};
use crate::Side;

/// The side a power name stands for (`White`, `black`).
#[must_use]
pub fn side_of(power: &str) -> Option<Side> {
    match power.trim().to_ascii_lowercase().as_str() {
        "white" => Some(Side::White),
        "black" => Some(Side::Black),
        _ => None,
    }
}

/// Splits a message into move texts: commas, semicolons and new lines separate moves.
#[must_use]
pub fn split_moves(text: &str) -> Vec<String> {
    text.split([',', ';', '\n']).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()
}

/// Stored rows as (slot, text), rows whose slot is not a number last.
fn rows(current: &[SlotOrder]) -> Vec<(usize, String)> {
    current.iter().filter_map(|r| r.slot.trim().parse::<usize>().ok().map(|n| (n, r.text.clone()))).collect()
}

impl Variant {
    /// The checked orders of `side` from stored rows. Stored rows are
    /// canonical already; older rows are read and shown in the canonical
    /// form too.
    #[must_use]
    pub fn planned(&self, state: &DiplomacyChessState, side: Side, current: &[SlotOrder]) -> Vec<Planned> {
        let mut planned = plan(self.mode, state, side, &rows(current)).planned;
        for p in &mut planned {
            p.text.clone_from(&p.canonical);
        }
        planned
    }

    /// Notes on a submitted list as a whole: what it replaced (first), and in
    /// the mode's own terms which steps have no move (progressive) or that
    /// the order does not matter (simultaneously progressive).
    fn list_notes(
        &self,
        state: &DiplomacyChessState,
        side: Side,
        current: &[SlotOrder],
        orders: &[SlotOrder],
        refused: bool,
    ) -> (Option<String>, Vec<String>) {
        let mut notes = Vec::new();
        let n = self.mode.moves_in(state.turn);
        let texts = |rows: &[SlotOrder]| rows.iter().map(|r| r.text.clone()).collect::<Vec<_>>();
        let (before, now) = (texts(current), texts(orders));
        let same = if self.mode == Mode::SimultaneousProgressive {
            // Simultaneous moves have no order: the same moves are the same list.
            let sorted = |mut v: Vec<String>| {
                v.sort();
                v
            };
            sorted(before.clone()) == sorted(now.clone())
        } else {
            before == now
        };
        let what = if n == 1 { "move" } else { "list" };
        let replaced = (!current.is_empty() && !same)
            .then(|| format!("this replaces your earlier {what} ({})", before.join(", ")));
        match self.mode {
            Mode::Basic => {}
            _ if n == 1 => {}
            Mode::Progressive => {
                if current.is_empty() {
                    notes.push(format!(
                        "your moves run in the order listed, one a step: step 1 plays your move 1 and {}'s move 1 together, step 2 both second moves, and so on (turn {} has {n} steps)",
                        side_name(opponent(side)),
                        state.turn
                    ));
                }
                let empty: Vec<String> = (1..=n)
                    .filter(|k| !orders.iter().any(|o| o.slot == k.to_string()))
                    .map(|k| k.to_string())
                    .collect();
                if !empty.is_empty() {
                    let steps = if empty.len() == 1 { "step" } else { "steps" };
                    let fix = if refused { ": send the whole list again to fill it" } else { "" };
                    notes.push(format!("no move at {steps} {}{fix}", join_and(&empty)));
                }
            }
            Mode::SimultaneousProgressive => {
                if current.is_empty() {
                    notes.push(
                        "all your moves start together at the first tick, so the order of the list does not matter"
                            .into(),
                    );
                }
                if orders.len() < n {
                    let fix = if refused { "; send the whole list again to replace a refused move" } else { "" };
                    notes.push(format!(
                        "{} of {n}: pieces without a move stay where they are{fix}",
                        count(orders.len(), "move")
                    ));
                }
            }
        }
        (replaced, notes)
    }

    fn phase_name(&self, state: &DiplomacyChessState) -> String {
        match self.mode {
            Mode::Basic => format!("Turn {}", state.turn),
            _ => {
                let n = self.mode.moves_in(state.turn);
                format!("Turn {} ({} each)", state.turn, count(n, "move"))
            }
        }
    }
}

impl Family for Variant {
    type State = DiplomacyChessState;
    type Report = DiplomacyChessReport;

    fn id(&self) -> &str {
        Variant::ID
    }

    fn name(&self) -> &str {
        Variant::NAME
    }

    fn seats(&self) -> Seats {
        Seats::Fixed(Variant::POWERS.iter().map(|p| (*p).to_string()).collect())
    }

    fn start(&self, _powers: &[String]) -> Result<DiplomacyChessState, String> {
        Ok(DiplomacyChessState::start())
    }

    fn phase(&self, state: &DiplomacyChessState) -> PhaseInfo {
        PhaseInfo {
            name: self.phase_name(state),
            kind: PhaseKind::Movement,
            owing: if state.ended().is_some() {
                Vec::new()
            } else {
                Variant::POWERS.iter().map(|p| (*p).to_string()).collect()
            },
            resolve_on_submit: false,
        }
    }

    fn submit(&self, state: &DiplomacyChessState, power: &str, current: &[SlotOrder], text: &str) -> Submission {
        let mut sub = Submission { orders: current.to_vec(), ..Submission::default() };
        let whole = text.trim().to_string();
        let Some(side) = side_of(power) else {
            sub.rejected.push((whole, format!("there is no side {power} in Diplomacy Chess: White or Black")));
            return sub;
        };
        if state.ended().is_some() {
            sub.rejected.push((whole, "the game is over".into()));
            return sub;
        }
        let texts = split_moves(text);
        let n = self.mode.moves_in(state.turn);
        if texts.is_empty() {
            let example = match self.mode {
                _ if n == 1 => "`e4` or `Nf3`",
                Mode::Progressive => "`e4, Nf3` (in the order they are to run)",
                _ => "`e4, Nf3`",
            };
            sub.rejected.push((whole, format!("no move given: write {example}")));
            return sub;
        }
        if self.mode == Mode::Basic && texts.len() > 1 {
            let why = if current.is_empty() {
                "one move per turn in the basic mode: send just one"
            } else {
                "one move per turn in the basic mode: send just one (it replaces your earlier one)"
            };
            for t in texts {
                sub.rejected.push((t, why.into()));
            }
            return sub;
        }
        let list: Vec<(usize, String)> = texts.iter().cloned().enumerate().map(|(i, t)| (i + 1, t)).collect();
        let p = plan(self.mode, state, side, &list);
        sub.rejected = p.rejected;
        sub.notes = p.notes;
        if p.planned.is_empty() {
            if !current.is_empty() {
                let earlier = if current.len() == 1 { "move stands" } else { "moves stand" };
                sub.notes.push(format!("nothing was accepted, so your earlier {earlier}"));
            }
            return sub;
        }
        sub.accepted = p.planned.iter().map(|x| x.canonical.clone()).collect();
        sub.orders = p
            .planned
            .iter()
            .enumerate()
            .map(|(i, x)| {
                // Simultaneous moves have no steps: their places are just a numbering.
                let slot = if self.mode == Mode::SimultaneousProgressive { i + 1 } else { x.slot };
                SlotOrder::new(slot.to_string(), x.canonical.clone())
            })
            .collect();
        let (replaced, list) = self.list_notes(state, side, current, &sub.orders, !sub.rejected.is_empty());
        sub.notes.splice(0..0, replaced);
        sub.notes.extend(list);
        sub
    }

    fn describe(&self, state: &DiplomacyChessState, power: &str, current: &[SlotOrder]) -> String {
        let Some(side) = side_of(power) else { return format!("there is no side {power} in Diplomacy Chess") };
        if let Some(end) = state.ended() {
            return format!("The game is over: {}.", end_text(&end));
        }
        let n = self.mode.moves_in(state.turn);
        let planned = self.planned(state, side, current);
        let whose = if n == 1 { "move" } else { "moves" };
        let mut text = format!("{}'s {whose} for {}:", side_name(side), self.phase_name(state));
        if planned.is_empty() {
            text += " none yet.";
        }
        for p in &planned {
            text += &match self.mode {
                Mode::Basic => format!(" {}", p.canonical),
                _ => format!("\n  {}. {}", p.slot, p.canonical),
            };
            // Conditions already decided: what the order plays.
            if self.mode != Mode::Progressive || p.slot == 1 {
                let (asked, _) = p.plan.decide(&state.position, &[]);
                if let Some(b) = p.branch(&asked, &state.position) {
                    text += &format!(" \u{2192} {}", b.played);
                }
            }
        }
        let missing: Vec<String> =
            (1..=n).filter(|k| !planned.iter().any(|p| p.slot == *k)).map(|k| k.to_string()).collect();
        match self.mode {
            _ if planned.is_empty() && n == 1 => text += "\nWithout a move your pieces stay where they are.",
            _ if missing.is_empty() => {}
            Mode::Progressive => {
                let steps = if missing.len() == 1 { "step" } else { "steps" };
                text +=
                    &format!("\nStill missing: {} of {n} (no move at {steps} {}).", missing.len(), join_and(&missing));
            }
            _ => {
                text +=
                    &format!("\nStill missing: {} of {n}; pieces without a move stay where they are.", missing.len());
            }
        }
        text
    }

    fn resolve(
        &self,
        state: &DiplomacyChessState,
        orders: &[(String, Vec<SlotOrder>)],
    ) -> Resolution<DiplomacyChessState, DiplomacyChessReport> {
        let mut lists: [Vec<Planned>; 2] = [Vec::new(), Vec::new()];
        for (power, rows) in orders {
            if let Some(side) = side_of(power) {
                lists[usize::from(side == Side::Black)] = self.planned(state, side, rows);
            }
        }
        let (next, report) = resolve_turn(self.mode, state, &lists[0], &lists[1]);
        let outcomes: Vec<OrderOutcome> = report
            .moves
            .iter()
            .map(|m| OrderOutcome {
                power: side_name(m.side).to_string(),
                order: m.order.clone(),
                succeeded: m.succeeded,
                reason: m.reason.clone(),
            })
            .collect();
        let removed: Vec<String> = report
            .captures
            .iter()
            .map(|c| Victim { piece: c.piece, origin: c.origin, at: c.at }.removed(c.by.0, &c.by.1))
            .collect();
        let mut changes: Vec<String> = Vec::new();
        for m in report.moves.iter().filter(|m| m.succeeded) {
            if let Some(p) = m.tried.and_then(|t| t.promotion.map(|r| (t.to, r))) {
                changes.push(format!("{}'s pawn on {} became a {}", side_name(m.side), p.0, p.1.name()));
            }
        }
        for s in &report.in_check {
            changes.push(format!("{} is in check", side_name(*s)));
        }
        let summary = summarise(&report, &removed, &changes);
        Resolution { next, outcomes, removed, changes, summary, report, verdicts: Vec::new() }
    }

    fn result(&self, state: &DiplomacyChessState) -> GameResult {
        match state.ended() {
            None => GameResult::Ongoing,
            Some(GameEnd::Won { winner, how }) => GameResult::Won { winner: side_name(winner).to_string(), how },
            Some(GameEnd::Drawn { how }) => GameResult::Drawn { how },
        }
    }

    fn alive(&self, state: &DiplomacyChessState, power: &str) -> bool {
        let Some(side) = side_of(power) else { return false };
        match &state.end {
            Some(GameEnd::Won { winner, .. }) => *winner == side,
            _ => true,
        }
    }

    fn standing(&self, state: &DiplomacyChessState, power: &str) -> String {
        let Some(side) = side_of(power) else { return String::new() };
        let pos: &Position = &state.position;
        let pieces = pos.pieces().filter(|(_, p)| p.side == side).count();
        let mut parts = Vec::new();
        if pos.in_check(side) {
            parts.push("in check".to_string());
        }
        parts.push(format!("{pieces} pieces, material {}", pos.material(side)));
        parts.join(", ")
    }

    fn suggest(&self, state: &DiplomacyChessState, power: &str, partial: &str, max: usize) -> Vec<String> {
        let Some(side) = side_of(power) else { return Vec::new() };
        if state.ended().is_some() {
            return Vec::new();
        }
        // The moves legal in the turn's position, as SAN (`Nf3`) and as
        // coordinates (`g1f3`), whichever the partial text starts like.
        let typed = partial.trim();
        let want = typed.to_lowercase().replace(['-', ' '], "");
        let pos = &state.position;
        let legal = super::movegen::legal_moves(pos, side, super::movegen::Rules::Orders);
        let mut sans: Vec<String> = legal.iter().map(|m| san(pos, m)).filter(|t| t.starts_with(typed)).collect();
        let mut coords: Vec<String> =
            legal.iter().map(super::movegen::Move::coords).filter(|c| c.starts_with(&want)).collect();
        sans.sort();
        coords.sort();
        let mut out: Vec<String> = Vec::new();
        for t in sans.into_iter().chain(coords) {
            if !out.contains(&t) {
                out.push(t);
            }
        }
        out.truncate(max);
        out
    }

    fn order_help(&self) -> String {
        let mode_line = match self.mode {
            Mode::Basic => "Basic mode: one move a turn; both players' moves run at the same time.".to_string(),
            Mode::Progressive => "Progressive mode: in turn n send n moves in order (`e4, Nf3, Bc4`); both players' first moves run together (step 1), then the second moves, and so on. A move no longer legal when its step comes fails.".to_string(),
            Mode::SimultaneousProgressive => "Simultaneously progressive mode: in turn n send up to n moves of different pieces; they all start at the same tick, so their order in the list does not matter. Your own pieces that move in the list are not in the way of each other (a piece may follow another), but they can still collide on the way; a bounced piece travels back at the same speed.".to_string(),
        };
        let mut t = format!(
            "Diplomacy Chess moves (commas, semicolons or new lines between moves; a new list replaces the old one):\n  \
             Nf3, exd5, O-O, O-O-O, e8=Q, Qxc6+   algebraic notation\n  \
             g1f3, g1-f3, e7e8q                 from and to squares\n  \
             pass                               no move at this place\n\
             {mode_line}\n\
             A move must be legal as if it were your turn; an enemy piece in the way does not make it illegal (it fails if that piece stays), and your king may step onto a square attacked now (it fails if the square is still attacked after the turn).\n\
             Same landing square: the higher piece takes the lower (K>Q>R>B=N>P), equal pieces both fail. Pieces meeting on the way both fail.\n\
             Conditional moves: condition?move:move (either branch may be empty)\n  \
             Nh6?e6:Qg2    if a knight (either side) is on h6 play e6, else Qg2\n  \
             2Q?e4:Rd1     if there are exactly 2 queens in the game\n  \
             ~e5?e5:exf6   if e5 is empty"
        );
        if self.mode == Mode::Progressive {
            t += "\n  3?Ba3:Na3     if your 3rd move of this turn was executed";
        }
        t
    }

    fn transcript(&self, state: &DiplomacyChessState) -> Option<String> {
        Some(state.transcript(self.mode))
    }
}

fn summarise(report: &DiplomacyChessReport, removed: &[String], changes: &[String]) -> String {
    let mut s = String::new();
    for side in [Side::White, Side::Black] {
        let mine: Vec<_> = report.moves.iter().filter(|m| m.side == side).collect();
        s += &format!("{}:", side_name(side));
        if mine.is_empty() {
            s += " no move\n";
            continue;
        }
        for m in mine {
            s += &format!("\n  {}", m.line(report.mode).summary());
        }
        s += "\n";
    }
    if !removed.is_empty() {
        s += &format!("Taken: {}\n", removed.join("; "));
    }
    if !changes.is_empty() {
        s += &format!("{}\n", changes.join("; "));
    }
    // The game master adds what comes next (the next turn and its deadline, or the result).
    s.trim_end().to_string()
}
