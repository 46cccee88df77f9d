//! Diplomat Chess as a [`Family`]: one move per phase, by the side to move,
//! resolved as soon as it is in.

use crate::rules::family::{
    Family, GameResult, OrderOutcome, PhaseInfo, PhaseKind, Resolution, Seats, SlotOrder, Submission,
};

use super::cell::Cell;
use super::game::{DiplomatState, Outcome};
use super::movegen::Move;
use super::piece::{Colour, Piece};
use super::variant::{SubornRule, Variant};

/// The slot a side's move is stored under.
pub const SLOT: &str = "move";

/// What the renderer needs of a resolved move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiplomatReport {
    /// The side whose move it was.
    pub colour: Colour,
    /// Its move number (`12` for `12. ... Dn2`).
    pub number: u32,
    /// The move, or `None` if that side made none.
    pub mv: Option<Move>,
    /// The move in notation.
    pub notation: Option<String>,
    /// The cells the move passed, start to end (through the centre for sliders).
    pub path: Vec<Cell>,
    /// A piece captured, with where it stood.
    pub captured: Option<(Cell, Piece)>,
    /// A suborned piece's cell, with the piece as it was before.
    pub suborned: Option<(Cell, Piece)>,
    /// The cell of a king in check after the move.
    pub check: Option<Cell>,
    /// How the game ended, if this move ended it.
    pub outcome: Option<Outcome>,
}

fn side(power: &str) -> Option<Colour> {
    match power.trim().to_ascii_lowercase().as_str() {
        "white" => Some(Colour::White),
        "black" => Some(Colour::Black),
        _ => None,
    }
}

fn no_such_power(power: &str) -> String {
    format!("there is no power {power} in Diplomat Chess: the sides are White and Black")
}

fn piece_text(p: Piece, c: Cell) -> String {
    format!("{} {c}", p.kind.letter())
}

impl Variant {
    /// The side's stored move that still reads as a legal move, with its text.
    fn stored_move(&self, state: &DiplomatState, rows: &[SlotOrder]) -> Option<(Move, String)> {
        rows.iter().rev().find_map(|r| state.position.read_move(self, &r.text).ok().map(|m| (m, r.text.clone())))
    }
}

impl Family for Variant {
    type State = DiplomatState;
    type Report = DiplomatReport;

    fn id(&self) -> &str {
        Variant::ID
    }

    fn name(&self) -> &str {
        Variant::NAME
    }

    fn seats(&self) -> Seats {
        Seats::Fixed(vec!["White".into(), "Black".into()])
    }

    fn start(&self, powers: &[String]) -> Result<DiplomatState, String> {
        if let Some(bad) = powers.iter().find(|p| side(p).is_none()) {
            return Err(no_such_power(bad));
        }
        Ok(DiplomatState::start(self))
    }

    fn phase(&self, state: &DiplomatState) -> PhaseInfo {
        PhaseInfo {
            name: state.phase_name(),
            kind: PhaseKind::Movement,
            owing: if state.ended().is_some() { Vec::new() } else { vec![state.to_move().name().to_string()] },
            resolve_on_submit: true,
        }
    }

    fn submit(&self, state: &DiplomatState, power: &str, current: &[SlotOrder], text: &str) -> Submission {
        let mut sub = Submission { orders: current.to_vec(), ..Submission::default() };
        let written = text.trim().to_string();
        let mut reject = |why: String| {
            sub.rejected.push((written.clone(), why));
        };
        let Some(colour) = side(power) else {
            reject(no_such_power(power));
            return sub;
        };
        if let Some(o) = state.ended() {
            reject(format!("the game is over: {o}"));
            return sub;
        }
        if colour != state.to_move() {
            reject(format!("it is {}'s move", state.to_move()));
            return sub;
        }
        let parts: Vec<&str> = text.split([',', ';', '\n']).map(str::trim).filter(|s| !s.is_empty()).collect();
        if parts.len() > 1 {
            reject(format!("one move at a time: send only your move for {}", state.phase_name()));
            return sub;
        }
        match state.position.read_move(self, parts.first().copied().unwrap_or(text)) {
            Ok(mv) => {
                let notation = state.position.notation(self, mv);
                sub.notes.push(format!("read as {notation}: {}", state.position.describe_move(mv)));
                sub.orders = vec![SlotOrder::new(SLOT, notation)];
                sub.accepted.push(written);
            }
            Err(e) => reject(e.to_string()),
        }
        sub
    }

    fn describe(&self, state: &DiplomatState, power: &str, current: &[SlotOrder]) -> String {
        let Some(colour) = side(power) else { return no_such_power(power) };
        if let Some(o) = state.ended() {
            return format!("The game is over: {o}.");
        }
        let phase = state.phase_name();
        if colour != state.to_move() {
            return format!("{phase}: it is {}'s move; {colour} has nothing to order.", state.to_move());
        }
        let mut text = match self.stored_move(state, current) {
            Some((mv, t)) => format!("{colour}'s move for {phase}: {t} ({}).", state.position.describe_move(mv)),
            None => format!("{colour}'s move for {phase}: none yet."),
        };
        if state.position.in_check(colour) {
            text += "\nYou are in check.";
        }
        text
    }

    fn resolve(
        &self,
        state: &DiplomatState,
        orders: &[(String, Vec<SlotOrder>)],
    ) -> Resolution<DiplomatState, DiplomatReport> {
        let colour = state.to_move();
        let unchanged = |summary: String, outcomes: Vec<OrderOutcome>| Resolution {
            next: state.clone(),
            outcomes,
            removed: Vec::new(),
            changes: Vec::new(),
            summary,
            report: DiplomatReport {
                colour,
                number: state.number,
                mv: None,
                notation: None,
                path: Vec::new(),
                captured: None,
                suborned: None,
                check: state.position.king(colour).filter(|_| state.position.in_check(colour)),
                outcome: state.ended(),
            },
            verdicts: Vec::new(),
        };
        if let Some(o) = state.ended() {
            return unchanged(format!("The game is over: {o}."), Vec::new());
        }
        let rows: Vec<SlotOrder> =
            orders.iter().filter(|(p, _)| side(p) == Some(colour)).flat_map(|(_, r)| r.iter().cloned()).collect();
        let Some((mv, text)) = self.stored_move(state, &rows) else {
            let given = rows.last().map_or_else(|| "(no move)".to_string(), |r| r.text.clone());
            let outcome = OrderOutcome {
                power: colour.name().to_string(),
                order: given,
                succeeded: false,
                reason: "no move was made".to_string(),
            };
            let summary = format!("{}: {colour} made no move; it is still {colour}'s move.", state.phase_name());
            return unchanged(summary, vec![outcome]);
        };
        let before = &state.position;
        let words = before.describe_move(mv);
        let turn = state.play(self, mv);
        let after = &turn.next.position;
        let mut removed = Vec::new();
        let mut changes = Vec::new();
        let by = turn.effect.mover.map_or_else(String::new, |p| piece_text(p, mv.from().unwrap_or(mv.to())));
        if let Some(q) = turn.effect.captured {
            removed.push(format!("{} ({}, captured by {by})", piece_text(q, mv.to()), q.colour));
        }
        if let Some(q) = turn.effect.suborned {
            let t = piece_text(q, mv.to());
            match self.suborn_rule() {
                SubornRule::Convert => changes.push(format!("{t} suborned by {by}: now {colour}'s")),
                SubornRule::Remove => removed.push(format!("{t} ({}, suborned by {by}: off the board)", q.colour)),
                SubornRule::Drop => removed.push(format!("{t} ({}, suborned by {by}: into {colour}'s hand)", q.colour)),
            }
        }
        if let Some(k) = turn.effect.promoted {
            changes.push(format!("{}: pawn promoted to {}", mv.to(), k.name()));
        }
        let other = colour.other();
        let check = after.king(other).filter(|_| after.in_check(other));
        let dots = if colour == Colour::Black { "... " } else { "" };
        let mut summary = format!("{}. {dots}{} ({colour}: {words})", state.number, turn.notation);
        match turn.next.outcome {
            Some(o @ Outcome::Checkmate { .. }) => summary += &format!("\nCheckmate: {o}."),
            Some(o @ Outcome::Stalemate { .. }) => summary += &format!("\n{other} is stalemated: {o}."),
            Some(o) => summary += &format!("\nThe game is drawn: {o}."),
            None if check.is_some() => summary += &format!("\n{other} is in check."),
            None => {}
        }
        for line in removed.iter().map(|r| format!("Removed: {r}")).chain(changes.iter().cloned()) {
            summary += "\n";
            summary += &line;
        }
        let report = DiplomatReport {
            colour,
            number: state.number,
            mv: Some(mv),
            notation: Some(turn.notation.clone()),
            path: turn.path.clone(),
            captured: turn.effect.captured.map(|p| (mv.to(), p)),
            suborned: turn.effect.suborned.map(|p| (mv.to(), p)),
            check,
            outcome: turn.next.outcome,
        };
        let outcome = OrderOutcome { power: colour.name().to_string(), order: text, succeeded: true, reason: words };
        Resolution { next: turn.next, outcomes: vec![outcome], removed, changes, summary, report, verdicts: Vec::new() }
    }

    fn result(&self, state: &DiplomatState) -> GameResult {
        match state.ended() {
            None => GameResult::Ongoing,
            Some(o) => match o.winner() {
                Some(w) => GameResult::Won { winner: w.name().to_string(), how: o.how().to_string() },
                None => GameResult::Drawn { how: o.how().to_string() },
            },
        }
    }

    fn alive(&self, state: &DiplomatState, power: &str) -> bool {
        side(power).is_some_and(|c| state.ended().and_then(Outcome::winner) != Some(c.other()))
    }

    fn standing(&self, state: &DiplomatState, power: &str) -> String {
        let Some(c) = side(power) else { return String::new() };
        let p = &state.position;
        let mut parts = Vec::new();
        if state.ended().is_none() && p.to_move() == c {
            parts.push("to move".to_string());
        }
        if p.in_check(c) {
            parts.push("in check".to_string());
        }
        let n = p.count(c);
        parts.push(if n == 1 { "1 piece".to_string() } else { format!("{n} pieces") });
        if !p.hand(c).is_empty() {
            let hand: Vec<&str> = p.hand(c).iter().map(|k| k.name()).collect();
            parts.push(format!("in hand: {}", hand.join(", ")));
        }
        parts.join(", ")
    }

    fn suggest(&self, state: &DiplomatState, power: &str, partial: &str, max: usize) -> Vec<String> {
        if state.ended().is_some() || !state.to_move().name().eq_ignore_ascii_case(power.trim()) {
            return Vec::new();
        }
        let want: String = partial.chars().filter(|c| !c.is_whitespace()).collect();
        let mut out: Vec<String> = state
            .position
            .legal_moves(self)
            .into_iter()
            .map(|mv| state.position.notation(self, mv))
            .filter(|n| n.starts_with(&want) || n.to_lowercase().starts_with(&want.to_lowercase()))
            .collect();
        out.sort();
        out.dedup();
        out.truncate(max);
        out
    }

    fn order_help(&self) -> String {
        let mut t = String::from(
            "Diplomat Chess: send one move when it is your turn (cells a1..n3, crown 1 outside, and 4 for the centre).\n  \
             d3            pawn to d3 (no letter)\n  \
             d-4, f-f3     pawn from radius d to the centre; from radius f to f3\n  \
             bxa3, 4xf3    pawn captures (from radius b; from the centre)\n  \
             Ha3, Dn2, Rx4 piece moves: K king, R rook, B bishop, H horse, D diplomat\n  \
             a3=black      the diplomat next to a3 suborns the piece there (also a3=b; Dxa3)\n  \
             b1=Rook       promotion (also b1=R, B, H, D)\n  \
             b2-b3, Hb1a3  from-to also works; + and ++ (mate) may be added",
        );
        if self.suborn_rule() == SubornRule::Drop {
            t += "\n  H@c2          drop a piece from your hand (not on the centre, not giving check, no pawn on a promotion cell)";
        }
        if self.suborn_rule() == SubornRule::Remove {
            t += "\nIn this game a suborned piece leaves the board.";
        }
        t
    }

    fn transcript(&self, state: &DiplomatState) -> Option<String> {
        let t = state.transcript();
        Some(if t.is_empty() { "No moves yet.".to_string() } else { t })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn submit(v: &Variant, s: &DiplomatState, power: &str, text: &str) -> Submission {
        v.submit(s, power, &[], text)
    }

    #[test]
    fn only_the_side_to_move_submits_and_resolution_follows() {
        let v = Variant::default();
        let s = v.start(&["White".into(), "Black".into()]).expect("start");
        let info = v.phase(&s);
        assert_eq!(info.name, "Move 1 (White)");
        assert_eq!(info.owing, ["White"]);
        assert!(info.resolve_on_submit);
        let sub = submit(&v, &s, "Black", "k2-k3");
        assert_eq!(sub.rejected[0].1, "it is White's move");
        let sub = submit(&v, &s, "White", "Hc3, d3");
        assert!(sub.rejected[0].1.contains("one move at a time"));
        let sub = submit(&v, &s, "White", "Hb3");
        assert_eq!(sub.rejected[0].1, "the horse on b1 cannot reach b3");
        let sub = submit(&v, &s, "White", "1. Ha3,");
        assert_eq!(sub.orders, [SlotOrder::new(SLOT, "Ha3")], "{:?}", sub.rejected);
        let sub = submit(&v, &s, "White", "b1a3");
        assert_eq!(sub.orders, [SlotOrder::new(SLOT, "Ha3")]);
        assert!(describe_has(&v, &s, &sub.orders, "Ha3 (horse b1 to a3)"));
        let r = v.resolve(&s, &[("White".into(), sub.orders)]);
        assert_eq!(v.phase(&r.next).name, "Move 1 (Black)");
        assert!(r.outcomes[0].succeeded);
        assert_eq!(r.report.mv.map(Move::to), Some("a3".parse().expect("cell")));
        // A missed turn: nothing changes.
        let r2 = v.resolve(&r.next, &[]);
        assert_eq!(r2.next, r.next);
        assert!(!r2.outcomes[0].succeeded && r2.outcomes[0].reason == "no move was made");
        assert_eq!(v.transcript(&r.next).as_deref(), Some("1. Ha3"));
    }

    fn describe_has(v: &Variant, s: &DiplomatState, orders: &[SlotOrder], what: &str) -> bool {
        v.describe(s, "White", orders).contains(what)
    }

    #[test]
    fn standing_and_help() {
        let v = Variant::default();
        let s = DiplomatState::start(&v);
        assert_eq!(v.standing(&s, "White"), "to move, 10 pieces");
        assert_eq!(v.standing(&s, "Black"), "10 pieces");
        assert!(v.order_help().contains("a3=black"));
        assert!(Variant::with_rule(SubornRule::Drop).order_help().contains("H@c2"));
        assert_eq!(v.result(&s), GameResult::Ongoing);
        assert!(v.alive(&s, "Black") && !v.alive(&s, "Green"));
    }
}
