//! Diplomat Chess as a [`Family`]: one move per phase, by the side to move,
//! resolved as soon as it is in.

use serde::{Deserialize, Serialize};

use crate::family::{Family, GameResult, OrderOutcome, PhaseInfo, PhaseKind, Resolution, Seats, SlotOrder, Submission};

use super::cell::Cell;
use super::game::{DiplomatChessState, EndOfGame};
use super::movegen::Move;
use super::piece::{Colour, Piece};
use super::text;
use super::variant::{SubornRule, Variant};

/// The slot a side's move is stored under.
pub const SLOT: &str = "move";

/// What the renderer needs of a resolved move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiplomatChessReport {
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
    pub outcome: Option<EndOfGame>,
    /// The game as the move left it (its position, move number and end;
    /// without the list of moves played, which the state before it has),
    /// so that whatever shows the move reads it instead of playing the
    /// move again. `None` when no move was made, and in reports kept
    /// before it was (the service fills those in once, at start-up).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<Box<DiplomatChessState>>,
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

impl Variant {
    /// The side's stored move that still reads as a legal move.
    fn stored_move(&self, state: &DiplomatChessState, rows: &[SlotOrder]) -> Option<Move> {
        rows.iter().rev().find_map(|r| state.position.read_move(self, &r.text).ok())
    }
}

impl Family for Variant {
    type State = DiplomatChessState;
    type Report = DiplomatChessReport;

    fn id(&self) -> &str {
        Variant::ID
    }

    fn name(&self) -> &str {
        Variant::NAME
    }

    fn seats(&self) -> Seats {
        Seats::Fixed(vec!["White".into(), "Black".into()])
    }

    fn start(&self, powers: &[String]) -> Result<DiplomatChessState, String> {
        if let Some(bad) = powers.iter().find(|p| side(p).is_none()) {
            return Err(no_such_power(bad));
        }
        Ok(DiplomatChessState::start(self))
    }

    fn phase(&self, state: &DiplomatChessState) -> PhaseInfo {
        PhaseInfo {
            name: state.phase_name(),
            kind: PhaseKind::Movement,
            owing: if state.ended().is_some() { Vec::new() } else { vec![state.to_move().name().to_string()] },
            resolve_on_submit: true,
        }
    }

    fn submit(&self, state: &DiplomatChessState, power: &str, current: &[SlotOrder], text: &str) -> Submission {
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
                // Stored and shown in the seed's notation for the move read, which reads back the same.
                let notation = state.position.notation(self, mv);
                sub.notes.push(format!("read as {notation}: {}", state.position.describe_move(mv)));
                sub.orders = vec![SlotOrder::new(SLOT, notation.clone())];
                sub.accepted.push(notation);
            }
            Err(e) => reject(e.to_string()),
        }
        sub
    }

    fn describe(&self, state: &DiplomatChessState, power: &str, current: &[SlotOrder]) -> String {
        let Some(colour) = side(power) else { return no_such_power(power) };
        if let Some(o) = state.ended() {
            return format!("The game is over: {o}.");
        }
        let phase = state.phase_name();
        if colour != state.to_move() {
            return format!("{phase}: it is {}'s move; {colour} has nothing to order.", state.to_move());
        }
        let stored = self.stored_move(state, current);
        let mut text = match stored {
            Some(mv) => format!(
                "{colour}'s move for {phase}: {} ({}).",
                state.position.notation(self, mv),
                state.position.describe_move(mv)
            ),
            None => format!("{colour}'s move for {phase}: none yet."),
        };
        // Said of the position the stored move leaves, not the one before it:
        // a move that answers a check gets the king out of it.
        if state.position.in_check(colour) {
            text += match stored {
                Some(mv) if state.play(self, mv).next.position.in_check(colour) => {
                    "\nYou are in check, and that move leaves your king in check."
                }
                Some(_) => "\nThat move gets your king out of check.",
                None => "\nYou are in check: your move must get your king out of check.",
            };
        }
        text
    }

    fn resolve(
        &self,
        state: &DiplomatChessState,
        orders: &[(String, Vec<SlotOrder>)],
    ) -> Resolution<DiplomatChessState, DiplomatChessReport> {
        let colour = state.to_move();
        let unchanged = |summary: String, outcomes: Vec<OrderOutcome>| Resolution {
            next: state.clone(),
            outcomes,
            removed: Vec::new(),
            changes: Vec::new(),
            summary,
            report: DiplomatChessReport {
                colour,
                number: state.number,
                mv: None,
                notation: None,
                path: Vec::new(),
                captured: None,
                suborned: None,
                check: state.position.king(colour).filter(|_| state.position.in_check(colour)),
                outcome: state.ended(),
                after: None,
            },
            verdicts: Vec::new(),
        };
        if let Some(o) = state.ended() {
            return unchanged(format!("The game is over: {o}."), Vec::new());
        }
        let rows: Vec<SlotOrder> =
            orders.iter().filter(|(p, _)| side(p) == Some(colour)).flat_map(|(_, r)| r.iter().cloned()).collect();
        let Some(mv) = self.stored_move(state, &rows) else {
            let outcome = OrderOutcome {
                power: colour.name().to_string(),
                order: "(no move)".to_string(),
                succeeded: false,
                reason: "no move was made".to_string(),
            };
            return unchanged(text::no_move(&state.phase_name(), colour), vec![outcome]);
        };
        let words = state.position.describe_move(mv);
        let turn = state.play(self, mv);
        let after = &turn.next.position;
        let (removed, changes) = text::effects(self.suborn_rule(), colour, mv, &turn.effect);
        let other = colour.other();
        let check = after.king(other).filter(|_| after.in_check(other));
        let mut summary = text::played_line(state.number, colour, &turn.notation, &words);
        match turn.next.outcome {
            Some(o) => summary += &format!("\n{}", text::ending(o)),
            None if check.is_some() => summary += &format!("\n{other} is in check."),
            None => {}
        }
        for line in removed.iter().map(|r| format!("Removed: {r}")).chain(changes.iter().cloned()) {
            summary += "\n";
            summary += &line;
        }
        let report = DiplomatChessReport {
            colour,
            number: state.number,
            mv: Some(mv),
            notation: Some(turn.notation.clone()),
            path: turn.path.clone(),
            captured: turn.effect.captured.map(|p| (mv.to(), p)),
            suborned: turn.effect.suborned.map(|p| (mv.to(), p)),
            check,
            outcome: turn.next.outcome,
            after: Some(Box::new(turn.next.snapshot())),
        };
        // The move as played, in the seed's notation (with its check mark), whatever was typed.
        let outcome = OrderOutcome {
            power: colour.name().to_string(),
            order: turn.notation.clone(),
            succeeded: true,
            reason: words,
        };
        Resolution { next: turn.next, outcomes: vec![outcome], removed, changes, summary, report, verdicts: Vec::new() }
    }

    fn result(&self, state: &DiplomatChessState) -> GameResult {
        match state.ended() {
            None => GameResult::Ongoing,
            Some(o) => match o.winner() {
                Some(w) => GameResult::Won { winner: w.name().to_string(), how: o.how().to_string() },
                None => GameResult::Drawn { how: o.how().to_string() },
            },
        }
    }

    fn alive(&self, state: &DiplomatChessState, power: &str) -> bool {
        side(power).is_some_and(|c| state.ended().and_then(EndOfGame::winner) != Some(c.other()))
    }

    fn standing(&self, state: &DiplomatChessState, power: &str) -> String {
        standing_line(state, power, false)
    }

    fn final_standing(&self, state: &DiplomatChessState, power: &str) -> String {
        standing_line(state, power, true)
    }

    fn suggest(&self, state: &DiplomatChessState, power: &str, partial: &str, max: usize) -> Vec<String> {
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

    fn transcript(&self, state: &DiplomatChessState) -> Option<String> {
        let t = state.transcript();
        Some(if t.is_empty() { "No moves yet.".to_string() } else { t })
    }
}

/// The status line of `power`: `to move` while the game goes on and it is
/// its move (never once the game is `over`), in check, its pieces and its hand.
fn standing_line(state: &DiplomatChessState, power: &str, over: bool) -> String {
    let Some(c) = side(power) else { return String::new() };
    let p = &state.position;
    let mut parts = Vec::new();
    if !over && state.ended().is_none() && p.to_move() == c {
        parts.push("to move".to_string());
    }
    if p.in_check(c) {
        parts.push("in check".to_string());
    }
    let n = p.count(c);
    parts.push(crate::words::count(n, "piece"));
    if !p.hand(c).is_empty() {
        let hand: Vec<&str> = p.hand(c).iter().map(|k| k.name()).collect();
        parts.push(format!("in hand: {}", hand.join(", ")));
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn submit(v: &Variant, s: &DiplomatChessState, power: &str, text: &str) -> Submission {
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

    /// One side's move through the family: submitted as typed, resolved.
    fn play(
        v: &Variant,
        s: &DiplomatChessState,
        typed: &str,
    ) -> (Submission, Resolution<DiplomatChessState, DiplomatChessReport>) {
        let side = s.to_move().name().to_string();
        let sub = v.submit(s, &side, &[], typed);
        assert!(sub.rejected.is_empty(), "{typed}: {:?}", sub.rejected);
        let r = v.resolve(s, &[(side, sub.orders.clone())]);
        (sub, r)
    }

    fn position(text: &str, to_move: Colour) -> super::super::Position {
        let mut setup = super::super::Setup { to_move, ..super::super::Setup::default() };
        for part in text.split(';') {
            let (side, pieces) = part.split_once(':').expect("side: pieces");
            let colour = if side.trim() == "White" { Colour::White } else { Colour::Black };
            for p in pieces.split(',').map(str::trim) {
                let (k, cell) = super::super::parse_piece(p).expect("piece");
                setup.pieces.push((colour, k, cell));
            }
        }
        super::super::Position::from_setup(&setup).expect("position")
    }

    #[test]
    fn orders_are_shown_and_stored_as_the_move_played() {
        let v = Variant::default();
        let mut s = DiplomatChessState::start(&v);
        for m in ["d3", "k3", "e3", "l3", "Ha3", "Dn2", "d-4", "a3=black", "bxa3", "a3=b"] {
            s = play(&v, &s, m).1.next;
        }
        // The seed writes `6. f-f3`; the move is the pawn's radial step, written `f3`.
        let (sub, r) = play(&v, &s, "f-f3");
        assert_eq!(sub.accepted, ["f3"]);
        assert_eq!(sub.orders, [SlotOrder::new(SLOT, "f3")]);
        assert_eq!(r.outcomes[0].order, "f3");
        assert_eq!(r.outcomes[0].reason, "pawn f2 to f3");
        assert!(r.summary.starts_with("6. f3 (White: pawn f2 to f3)"), "{}", r.summary);
        // Typed text of any kind comes back in notation: `b1a3` is `Ha3`, `ha3` too.
        let start = DiplomatChessState::start(&v);
        for typed in ["b1a3", "ha3", "1. Hb1-a3"] {
            let (sub, r) = play(&v, &start, typed);
            assert_eq!((sub.accepted[0].as_str(), r.outcomes[0].order.as_str()), ("Ha3", "Ha3"), "{typed}");
        }
        // Black's move is numbered as the seed numbers it, and a check is marked.
        let (_, r) = play(&v, &s, "f-f3");
        let (sub, r) = play(&v, &r.next, "Da2");
        assert_eq!(sub.accepted, ["Da2"]);
        assert!(r.summary.starts_with("6. ..., Da2 (Black: diplomat n2 to a2)"), "{}", r.summary);
        // Stored rows that were typed differently (an older store) still come out in notation.
        let r = v.resolve(&start, &[("White".into(), vec![SlotOrder::new(SLOT, "b1-a3")])]);
        assert_eq!(r.outcomes[0].order, "Ha3");
        assert!(v
            .describe(&start, "White", &[SlotOrder::new(SLOT, "b1-a3")])
            .starts_with("White's move for Move 1 (White): Ha3 (horse b1 to a3)."));
    }

    #[test]
    fn every_ending_reads_in_the_third_person_in_the_result_and_the_transcript() {
        let v = Variant::default();
        // Checkmate (the end of the seed's sample game is in tests/it/diplomat_chess_sample_game.rs).
        let s = DiplomatChessState::new(&v, position("White: K a1, R b1, R h1; Black: K k3, P k2", Colour::White), 9);
        let (sub, r) = play(&v, &s, "Rb-4");
        assert_eq!(sub.accepted, ["Rb-4++"]);
        assert_eq!(r.outcomes[0].order, "Rb-4++");
        assert_eq!(r.summary, "9. Rb-4++ (White: rook b1 to the centre)\nBlack is checkmated: White wins.");
        assert_eq!(v.transcript(&r.next).as_deref(), Some("9. Rb-4++\nCheckmate: White wins"));
        // Stalemate wins.
        let s = DiplomatChessState::new(&v, position("White: K d1, R c3, H h3; Black: K h1", Colour::White), 30);
        let (_, r) = play(&v, &s, "Rc2");
        assert_eq!(
            r.summary,
            "30. Rc2 (White: rook c3 to c2)\nBlack is stalemated: White wins (a stalemate wins in Diplomat Chess)."
        );
        assert_eq!(v.transcript(&r.next).as_deref(), Some("30. Rc2\nStalemate: White wins"));
        // Bare kings, after Black's move.
        let s = DiplomatChessState::new(&v, position("White: K a1, H k2; Black: K k1", Colour::Black), 4);
        let (_, r) = play(&v, &s, "Kxk2");
        assert_eq!(
            r.summary,
            "4. ..., Kxk2 (Black: king k1 takes the horse on k2)\nThe game is drawn: only the two kings are left.\nRemoved: H k2 (White, captured by K k1)"
        );
        assert_eq!(v.transcript(&r.next).as_deref(), Some("4. ..., Kxk2\nDraw: bare kings"));
        // Threefold repetition.
        let mut s = DiplomatChessState::start(&v);
        let mut last = String::new();
        for m in ["Hc3", "Hj3", "Hb1", "Hi1", "Hc3", "Hj3", "Hb1", "Hi1"] {
            let (_, r) = play(&v, &s, m);
            last = r.summary;
            s = r.next;
        }
        assert_eq!(
            last,
            "4. ..., Hi1 (Black: horse j3 to i1)\nThe game is drawn: the same position has occurred three times."
        );
        assert_eq!(
            v.transcript(&s).as_deref(),
            Some("1. Hc3, Hj3\n2. Hb1, Hi1\n3. Hc3, Hj3\n4. Hb1, Hi1\nDraw: threefold repetition")
        );
        // The move limit.
        let mut s = DiplomatChessState::start(&v);
        s.number = DiplomatChessState::LAST_MOVE - 1;
        let (_, r) = play(&v, &s, "d3");
        let (_, r) = play(&v, &r.next, "k3");
        assert!(r.summary.ends_with("\nThe game is drawn: the move limit was reached."), "{}", r.summary);
        assert_eq!(v.transcript(&r.next).as_deref(), Some("4294967294. d3, k3\nDraw: the move limit was reached"));
        for t in [&last, &r.summary] {
            assert!(!t.to_lowercase().contains("you"), "{t}");
        }
    }

    #[test]
    fn suborns_promotions_and_the_centre_in_words() {
        let v = Variant::default();
        let s = DiplomatChessState::new(&v, position("White: K h3; Black: K k1, D a2, P a1", Colour::Black), 20);
        let (sub, r) = play(&v, &s, "a1-b1=R");
        assert_eq!(sub.accepted, ["b1=Rook"]);
        assert_eq!(r.outcomes[0].reason, "pawn a1 to b1, promoting to a rook");
        assert_eq!(r.changes, ["b1: the pawn promoted to a rook"]);
        let s = DiplomatChessState::new(&v, position("White: K a1, D e3; Black: K k1, P 4", Colour::White), 12);
        let (sub, r) = play(&v, &s, "4=w");
        assert_eq!(sub.accepted, ["4=white"]);
        assert_eq!(r.outcomes[0].reason, "diplomat e3 suborns the pawn in the centre");
        assert_eq!(r.changes, ["P 4 suborned by D e3: now White's"]);
    }

    fn describe_has(v: &Variant, s: &DiplomatChessState, orders: &[SlotOrder], what: &str) -> bool {
        v.describe(s, "White", orders).contains(what)
    }

    #[test]
    fn standing_and_help() {
        let v = Variant::default();
        let s = DiplomatChessState::start(&v);
        assert_eq!(v.standing(&s, "White"), "to move, 10 pieces");
        assert_eq!(v.standing(&s, "Black"), "10 pieces");
        assert!(v.order_help().contains("a3=black"));
        assert!(Variant::with_rule(SubornRule::Drop).order_help().contains("H@c2"));
        assert_eq!(v.result(&s), GameResult::Ongoing);
        assert!(v.alive(&s, "Black") && !v.alive(&s, "Green"));
    }
}
