//! Chess Wheel+ as a [`Family`]: a player's orders are one whole revealed
//! message (slots `1`..`3`, one per move, stored in full form such as
//! `Q {Ann}d1 - d8`), valid or invalid as a whole; a cycle resolves every
//! message together.

use super::judge::{self, Judgement, PendingLine};
use super::order::{InvalidMessage, Message};
use super::resolve::ChessWheelReport;
use super::space::Seat;
use super::{Messages, State, Variant};
use crate::family::{
    Family, GameResult, OrderOutcome, PhaseInfo, PhaseKind, Resolution, Seats, SlotOrder, Submission, Verdict,
};
use crate::Role;

/// Stored rows in slot order, joined into one message.
fn message_text(rows: &[SlotOrder]) -> String {
    let mut rows: Vec<&SlotOrder> = rows.iter().collect();
    rows.sort_by_key(|r| (r.slot.parse::<usize>().unwrap_or(usize::MAX), r.slot.clone()));
    rows.iter().map(|r| r.text.as_str()).collect::<Vec<_>>().join("\n")
}

impl Variant {
    /// What a player's stored rows read as now.
    fn stored(&self, state: &State, seat: Seat, rows: &[SlotOrder]) -> Result<Message, InvalidMessage> {
        self.read(state, seat, &message_text(rows))
    }

    /// `{Ann}, populated this cycle` or `none yet (`board create` makes it)`;
    /// once the game is over (by its rules, or `over`: however it ended),
    /// only `{Ann}` or `none`.
    fn board_status(state: &State, seat: Seat, over: bool) -> String {
        let over = over || state.is_over();
        if !state.has_board(seat) {
            return if over { "none".into() } else { "none yet (`board create` makes it)".into() };
        }
        let name = state.name(seat);
        if over {
            format!("{{{name}}}")
        } else if state.populated.contains(&seat) {
            format!("{{{name}}}, populated this cycle")
        } else {
            format!("{{{name}}}, may be populated this cycle (`board populate`)")
        }
    }

    /// `board: {Ann}, populated this cycle; pieces: 14, king on {Ann}e1`
    /// (the board as [`Self::board_status`] gives it, `over` or not).
    fn standing_line(state: &State, power: &str, over: bool) -> String {
        match state.seat(power) {
            Some(seat) => format!(
                "board: {}; pieces: {}",
                Self::board_status(state, seat, over),
                Self::pieces_status(state, seat)
            ),
            None => String::new(),
        }
    }

    /// `14, king on {Ann}e1`.
    fn pieces_status(state: &State, seat: Seat) -> String {
        let n = state.pieces_of(seat).count();
        let kings: Vec<String> =
            state.pieces_of(seat).filter(|p| p.role == Role::King).map(|p| state.space_name(p.space)).collect();
        let king = if kings.is_empty() { "no king".to_string() } else { format!("king on {}", kings.join(", ")) };
        format!("{n}, {king}")
    }

    fn summarise(
        &self,
        state: &State,
        next: &State,
        report: &ChessWheelReport,
        orders: &[(String, Vec<SlotOrder>)],
    ) -> (Vec<OrderOutcome>, Vec<String>, String) {
        let mut outcomes = Vec::new();
        let mut summary = String::new();
        for seat in state.seats() {
            let name = state.name(seat).to_string();
            let mine: Vec<_> = report.moves.iter().filter(|m| m.player == seat).collect();
            if let Some((_, why)) = report.invalid.iter().find(|(s, _)| *s == seat) {
                let rows = orders.iter().find(|(p, _)| state.seat(p) == Some(seat)).map_or(&[][..], |(_, r)| r);
                let text = message_text(rows);
                // The message read again, to say what each line did wrong.
                let read = self.read(state, seat, &text).err();
                summary += &format!("{name}: the message is invalid as a whole, so none of its moves ran");
                match read.as_ref().and_then(|inv| inv.too_many) {
                    Some((n, power)) => {
                        summary += &format!(" (it has {n} moves, more than the movement power of {power}):")
                    }
                    None => summary += ":",
                }
                for (i, line) in text.lines().enumerate() {
                    let reason = read.as_ref().map_or_else(|| why.clone(), |inv| inv.public_reason_for(i, &name));
                    summary += &format!("\n  \u{2717} {} ({reason})", line.trim());
                    outcomes.push(OrderOutcome {
                        power: name.clone(),
                        order: line.trim().to_string(),
                        succeeded: false,
                        reason,
                    });
                }
                summary += "\n";
                continue;
            }
            if mine.is_empty() {
                continue;
            }
            summary += &format!("{name} ({} of {} moves):", mine.len(), state.movement_power());
            for m in mine {
                let order = m.order.text(state);
                let reason = m.outcome.reason(state, seat);
                let ok = m.outcome.succeeded();
                summary += &format!("\n  {} {order} ({reason})", if ok { "\u{2713}" } else { "\u{2717}" });
                outcomes.push(OrderOutcome { power: name.clone(), order, succeeded: ok, reason });
            }
            summary += "\n";
        }
        if report.moves.is_empty() && report.invalid.is_empty() {
            summary += "No moves were made.\n";
        }
        let removed: Vec<String> = report
            .taken
            .iter()
            .map(|t| {
                // Each piece with its owner: a board's name is not its pieces' owner.
                format!(
                    "{}'s {} (taken by {}'s {})",
                    state.name(t.piece.owner),
                    state.piece_text(t.piece),
                    state.name(t.by.owner),
                    state.piece_text(t.by)
                )
            })
            .collect();
        if !removed.is_empty() {
            summary += &format!("Taken: {}\n", removed.join("; "));
        }
        match next.winner {
            Some(w) if state.winner.is_none() => {
                summary += &format!("{} wins: the only player who owns a king.\n", next.name(w));
            }
            None if next.at_cycle_limit() => {
                summary += "The cycle limit was reached: the game is drawn.\n";
            }
            _ => {
                summary += &format!(
                    "Cycle {} begins: each player may create and populate their board once this cycle.\n",
                    next.cycle
                );
            }
        }
        (outcomes, removed, summary.trim_end().to_string())
    }
}

impl Family for Variant {
    type State = State;
    type Report = ChessWheelReport;

    fn id(&self) -> &str {
        &self.id
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn seats(&self) -> Seats {
        Seats::Open { min: self.min_players, max: self.max_players }
    }

    fn start(&self, powers: &[String]) -> Result<State, String> {
        self.start_state(powers).map_err(|e| e.to_string())
    }

    fn phase(&self, state: &State) -> PhaseInfo {
        PhaseInfo {
            name: format!("Cycle {}", state.cycle),
            kind: PhaseKind::Movement,
            owing: if state.is_over() { Vec::new() } else { state.players.clone() },
            resolve_on_submit: false,
        }
    }

    /// The whole revealed message is the player's order set: it replaces
    /// `current`. An invalid message gives no orders and every move is
    /// rejected with the reason.
    fn submit(&self, state: &State, power: &str, _current: &[SlotOrder], text: &str) -> Submission {
        let mut sub = Submission::default();
        let Some(seat) = state.seat(power) else {
            sub.rejected.push((text.trim().to_string(), format!("{power} is not playing in this game")));
            return sub;
        };
        if let Some(w) = state.winner {
            sub.rejected.push((text.trim().to_string(), format!("the game is over: {} won", state.name(w))));
            return sub;
        }
        if state.at_cycle_limit() {
            sub.rejected.push((text.trim().to_string(), super::CYCLE_LIMIT_OVER.into()));
            return sub;
        }
        let (msg, read_on, pending) = match self.judge(state, seat, text) {
            Judgement::Valid(msg) => (msg, state.clone(), Vec::new()),
            // Read on the best case: the stored text names each piece as it will stand.
            Judgement::Pending { message, lines } => (message, judge::best_case(state, seat), lines),
            Judgement::Invalid(inv) => {
                for (i, t) in inv.moves.iter().enumerate() {
                    sub.rejected.push((t.clone(), inv.reason_for(i)));
                }
                sub.notes.push(
                    "The message is invalid as a whole, so none of its moves will run: a message stands or falls \
                     in full."
                        .into(),
                );
                sub.invalid = Some(inv.public_reasons(state.name(seat)));
                return sub;
            }
        };
        for (i, (written, m)) in msg.moves.iter().enumerate() {
            sub.orders.push(SlotOrder::new((i + 1).to_string(), m.text(&read_on)));
            sub.accepted.push(written.clone());
        }
        sub.notes.extend(msg.readings);
        if msg.moves.is_empty() {
            sub.notes.push("The message has no moves: none of your pieces move this cycle.".into());
        } else {
            sub.notes.push(format!("Movement power used: {} of {}.", msg.moves.len(), state.movement_power()));
        }
        if !pending.is_empty() {
            sub.pending = pending.iter().map(PendingLine::explain_public).collect();
            sub.notes.push(format!(
                "{} of {} moves wait for the board (see below): they are judged when the cycle resolves, on the board as it stands then. If any still fails then, the whole message is invalid and none of its moves run.",
                pending.len(),
                msg.moves.len()
            ));
        }
        sub
    }

    fn describe(&self, state: &State, power: &str, current: &[SlotOrder]) -> String {
        let Some(seat) = state.seat(power) else { return format!("{power} is not playing in this game") };
        let name = state.name(seat);
        let mut text = match self.stored(state, seat, current) {
            Ok(msg) if msg.moves.is_empty() => {
                format!("{name} has no moves for Cycle {}: none of {name}'s pieces will move.", state.cycle)
            }
            Ok(msg) => {
                let mut t = format!(
                    "{name}'s moves for Cycle {} (movement power used: {} of {}):",
                    state.cycle,
                    msg.moves.len(),
                    state.movement_power()
                );
                for (i, (_, m)) in msg.moves.iter().enumerate() {
                    t += &format!("\n  {}. {}", i + 1, m.text(state));
                }
                t
            }
            Err(inv) => match self.judge(state, seat, &message_text(current)) {
                Judgement::Pending { lines, .. } => {
                    let mut t = format!(
                        "{name}'s moves for Cycle {} (judged when the cycle resolves; if any still fails then, none run):",
                        state.cycle
                    );
                    let mut rows: Vec<&SlotOrder> = current.iter().collect();
                    rows.sort_by_key(|r| (r.slot.parse::<usize>().unwrap_or(usize::MAX), r.slot.clone()));
                    for (i, row) in rows.iter().enumerate() {
                        let wait = lines
                            .iter()
                            .find(|l| l.index == i)
                            .map_or(String::new(), |l| format!(": waits, {}", l.condition()));
                        t += &format!("\n  {}. {}{wait}", i + 1, row.text);
                    }
                    t
                }
                _ => format!("{name}'s stored moves no longer read as a valid message: {}", inv.summary()),
            },
        };
        text += &format!("\nBoard: {}.", Self::board_status(state, seat, false));
        text += &format!("\nPieces: {}.", Self::pieces_status(state, seat));
        text
    }

    fn resolve(&self, state: &State, orders: &[(String, Vec<SlotOrder>)]) -> Resolution<State, ChessWheelReport> {
        let mut messages: Messages = Vec::new();
        let mut verdicts = Vec::new();
        for (power, rows) in orders {
            let Some(seat) = state.seat(power) else { continue };
            if rows.is_empty() || messages.iter().any(|(s, _)| *s == seat) {
                continue;
            }
            // Judged in full now, on the board as it stands when the cycle resolves.
            let msg = self.stored(state, seat, rows);
            verdicts.push((
                state.name(seat).to_string(),
                match &msg {
                    Ok(m) => Verdict::Valid { orders: m.moves.len() },
                    Err(e) => Verdict::Invalid { why: e.public_reasons(state.name(seat)) },
                },
            ));
            messages.push((seat, msg));
        }
        let (next, report) = self.resolve_cycle(state, &messages);
        let (outcomes, removed, summary) = self.summarise(state, &next, &report, orders);
        let changes = match next.winner {
            Some(w) if state.winner.is_none() => vec![format!("{} wins", next.name(w))],
            _ => Vec::new(),
        };
        Resolution { next, outcomes, removed, changes, summary, report, verdicts }
    }

    fn result(&self, state: &State) -> GameResult {
        match state.winner {
            Some(w) => {
                GameResult::Won { winner: state.name(w).to_string(), how: "as the only player who owns a king".into() }
            }
            None if state.at_cycle_limit() => GameResult::Drawn { how: "the cycle limit was reached".into() },
            None => GameResult::Ongoing,
        }
    }

    /// Every player is in the game until it is won: a board can always be
    /// created and populated again, so nobody is eliminated. After a win
    /// only the winner is.
    fn alive(&self, state: &State, power: &str) -> bool {
        match (state.seat(power), state.winner) {
            (Some(s), Some(w)) => s == w,
            (Some(_), None) => true,
            (None, _) => false,
        }
    }

    fn standing(&self, state: &State, power: &str) -> String {
        Self::standing_line(state, power, false)
    }

    fn final_standing(&self, state: &State, power: &str) -> String {
        Self::standing_line(state, power, true)
    }

    fn order_help(&self) -> String {
        let power = self.movement_power;
        [
            format!(
                "{}: your orders are one hashed message, one move per line, at most {power} moves (the movement \
                 power as set now: a moderator's change counts from the next cycle, and `game status` shows this \
                 cycle's; each move costs 1, succeeding or not). A message with more moves, or with any line that is not a move of one of your \
                 own pieces, is invalid as a whole: none of its moves run.",
                self.name
            ),
            "  Q {Ann}d1 - {Ann}d8   queen from Ann's board onto the hub".into(),
            "  {Ann}e2 - {Ann}e3     the piece letter is optional".into(),
            "  N {Bo}g1 x {Bo}f3     `x` and `-` mean the same".into(),
            "  Qd1-d8, e2 e3         a space without a board is on your own board (a destination: on the piece's board)"
                .into(),
            "Spaces: `{Board}e2`, boards named after players (any case). Rank 8 is the hub: one row shared by every \
             board, so {Ann}d8 = {Bo}d8 = d8, and a piece there may move on any board. Nothing blocks a move; a piece \
             may take another player's piece, never its own. Pawns move one space along their file, either way."
                .into(),
            "A move out of the piece's range fails; moves ending on one space all fail.".into(),
            "Board actions (any time, once per cycle each): `board create` makes your standard board; `board populate` \
             places your starting pieces on it (occupied spaces are skipped)."
                .into(),
            "Once two or more players have created a king, the only player who owns a king wins.".into(),
        ]
        .join("\n")
    }
}
