//! Runs Chess Wheel+ scenarios (`variant: chess-wheel`).
//!
//! Positions and orders name spaces with their board (`{Ann}e1`; rank 8 is
//! the hub, so `{Ann}d8` and `{Bo}d8` are one space, listed as `d8`); a
//! bare space in a position is on its owner's board. Each player's `orders`
//! lines are the lines of their revealed message. `state` keys:
//!
//! - `players: Ann, Bo` (seat order; default: the powers named in the file)
//! - `cycle: 3` (or `phase: cycle 3`; default 1)
//! - `boards: Ann, Bo` (the standard boards that exist; default: every
//!   player's; `boards: none` for none)
//! - `created: Ann` / `populated: Ann` (board actions already taken this cycle)
//! - `kings-created: Bo` (players who have created a king, besides those
//!   owning one in the position)
//! - `actions: Ann create, Bo populate` (board actions carried out, in
//!   order, before the messages are read; each is reported like an order:
//!   `Ann: create succeeds`, or `invalid: Bo: populate` when refused)
//!
//! With no `position`, every existing board holds the starting pieces.

use std::collections::BTreeMap;

use super::{split_list, InvalidResult, OrderResult, Report, Run, Scenario, ScenarioError};
use crate::any;
use crate::chess_wheel::{
    self, parse_piece, BoardAction, ChessWheelReport, Messages, Piece, Seat, Space, State, Variant, START,
};
use crate::Role;

fn setup_error(message: String) -> ScenarioError {
    ScenarioError { line: 0, message }
}

fn seat(state: &State, name: &str) -> Result<Seat, ScenarioError> {
    state.seat(name).ok_or_else(|| {
        setup_error(format!(
            "`{name}` is not a player; the players are {} (set them with `players:` in `state`)",
            state.players.join(", ")
        ))
    })
}

fn names(list: &str) -> Vec<String> {
    if list.trim().eq_ignore_ascii_case("none") {
        return Vec::new();
    }
    split_list(list).map(str::to_string).collect()
}

/// Reads `K {Ann}e1`, `{Bo}d8`, `P e2` or a bare `e2` (a pawn on the owner's board).
fn piece(state: &State, owner: Seat, text: &str) -> Result<Piece, ScenarioError> {
    let (role, at) = parse_piece(text).map_err(|e| setup_error(format!("piece `{text}`: {e}")))?;
    let board = match &at.board {
        Some(b) => seat(state, b)?,
        None => owner,
    };
    let space = Space::on(board, at.coords.file, at.coords.rank)
        .ok_or_else(|| setup_error(format!("piece `{text}`: no such space")))?;
    Ok(Piece { owner, role: role.unwrap_or(Role::Pawn), space })
}

fn build_state(s: &Scenario) -> Result<(Variant, State), ScenarioError> {
    let variant = chess_wheel::new(&BTreeMap::new()).map_err(setup_error)?;
    let mut players: Vec<String> = s.state_values("players").flat_map(names).collect();
    if players.is_empty() {
        let named = s.position.iter().flatten().map(|(p, _)| p).chain(s.orders.iter().map(|(p, _)| p));
        for p in named {
            if !players.iter().any(|q| q.eq_ignore_ascii_case(p)) {
                players.push(p.clone());
            }
        }
    }
    let mut state = variant.start_state(&players).map_err(|e| setup_error(e.to_string()))?;
    if let Some(p) = &s.phase {
        let n = p.trim().to_ascii_lowercase();
        let n = n.strip_prefix("cycle").unwrap_or(&n).trim();
        state.cycle = n.parse().map_err(|_| setup_error(format!("phase `{p}`: write `cycle 3`")))?;
    }
    state.boards = state.seats().collect();
    for (key, value) in &s.state {
        let seats = |state: &State| names(value).iter().map(|n| seat(state, n)).collect::<Result<Vec<Seat>, _>>();
        match key.as_str() {
            "players" | "actions" => {}
            "cycle" => {
                state.cycle = value.trim().parse().map_err(|_| setup_error(format!("cycle `{value}`: write a number")))?;
            }
            "boards" => state.boards = seats(&state)?.into_iter().collect(),
            "created" => state.created.extend(seats(&state)?),
            "populated" => state.populated.extend(seats(&state)?),
            "kings-created" | "kings_created" => state.kings_created.extend(seats(&state)?),
            other => {
                return Err(setup_error(format!(
                    "`{other}:` is not a state key for chess-wheel; use players, cycle, boards, created, populated, kings-created or actions"
                )))
            }
        }
    }
    match &s.position {
        Some(list) => {
            for (owner, text) in list {
                let owner = seat(&state, owner)?;
                let p = piece(&state, owner, text)?;
                state.pieces.push(p);
            }
        }
        None => {
            for &b in &state.boards {
                for &(role, file, rank) in &START {
                    if let Some(space) = Space::on(b, file, rank) {
                        state.pieces.push(Piece { owner: b, role, space });
                    }
                }
            }
        }
    }
    let king_owners: Vec<Seat> = state.pieces.iter().filter(|p| p.role == Role::King).map(|p| p.owner).collect();
    state.kings_created.extend(king_owners);
    let state = state.checked().map_err(|e| setup_error(e.to_string()))?;
    Ok((variant, state))
}

/// A Chess Wheel+ scenario, adjudicated.
#[derive(Debug, Clone)]
pub struct Adjudication {
    /// The variant.
    pub variant: Variant,
    /// The position the messages were read on (after the scenario's board actions).
    pub before: State,
    /// The position after the cycle.
    pub after: State,
    /// What the renderer draws.
    pub wheel: ChessWheelReport,
    /// The textual report (what `scenario run` prints).
    pub report: Report,
}

/// Adjudicates a Chess Wheel+ scenario, keeping the states and the report.
///
/// # Errors
/// [`ScenarioError`] when the scenario cannot be set up (unknown player,
/// bad piece, two pieces on a space, a malformed board action).
pub fn adjudicate(s: &Scenario) -> Result<Adjudication, ScenarioError> {
    let (variant, mut state) = build_state(s)?;
    let mut report = Report::default();
    for list in s.state_values("actions") {
        for item in split_list(list) {
            let (who, what) = item
                .rsplit_once(char::is_whitespace)
                .ok_or_else(|| setup_error(format!("action `{item}`: write `Ann create` or `Ann populate`")))?;
            let action = BoardAction::parse(what).map_err(setup_error)?;
            let player = state.name(seat(&state, who.trim())?).to_string();
            match variant.act(&state, &player, action) {
                Ok((next, text)) => {
                    state = next;
                    report.orders.push(OrderResult {
                        power: player,
                        order: action.to_string(),
                        result: "succeeds".into(),
                        reason: text,
                    });
                }
                Err(error) => report.invalid.push(InvalidResult { power: player, order: action.to_string(), error }),
            }
        }
    }
    report.phase = format!("Cycle {}", state.cycle);
    // Each player's lines, in file order, make their message.
    let mut lines: Vec<(Seat, Vec<String>)> = Vec::new();
    for (power, order) in &s.orders {
        let p = seat(&state, power)?;
        match lines.iter_mut().find(|(q, _)| *q == p) {
            Some((_, l)) => l.push(order.clone()),
            None => lines.push((p, vec![order.clone()])),
        }
    }
    let mut messages: Messages = Vec::new();
    for (p, l) in &lines {
        let read = variant.read(&state, *p, &l.join("\n"));
        if let Err(inv) = &read {
            for (i, text) in inv.moves.iter().enumerate() {
                report.invalid.push(InvalidResult {
                    power: state.name(*p).to_string(),
                    order: text.clone(),
                    error: inv.reason_for(i),
                });
            }
        }
        messages.push((*p, read));
    }
    let (next, wheel) = variant.resolve_cycle(&state, &messages);
    for m in &wheel.moves {
        report.orders.push(OrderResult {
            power: state.name(m.player).to_string(),
            order: m.text.clone(),
            result: if m.outcome.succeeded() { "succeeds" } else { "fails" }.into(),
            reason: m.outcome.reason(&state, m.player),
        });
    }
    report.dislodged = wheel.taken.iter().map(|t| state.piece_text(t.piece)).collect();
    for seat in next.seats() {
        let pieces: Vec<String> = next.pieces_of(seat).map(|p| next.piece_text(p)).collect();
        if !pieces.is_empty() {
            report.after.insert(next.name(seat).to_string(), pieces);
        }
    }
    report.next_phase = format!("Cycle {}", next.cycle);
    report.outcome = match next.winner {
        Some(w) => format!("{} wins", next.name(w)),
        None => "ongoing".into(),
    };
    Ok(Adjudication { variant, before: state, after: next, wheel, report })
}

/// A Chess Wheel+ piece (`q{ann}d8`, normalised) in one spelling: the hub
/// (rank 8) is one space whatever board names it, and a space without a
/// board is on its owner's board.
pub(super) fn canonical_piece(owner: &str, piece: &str) -> String {
    let owner = owner.trim().to_lowercase();
    let bare_square =
        piece.len() == 2 && piece.as_bytes()[0].is_ascii_lowercase() && piece.as_bytes()[1].is_ascii_digit();
    let (role, rest) = if bare_square {
        (String::new(), piece.to_string())
    } else {
        match piece.find(|c: char| c == '{' || c.is_ascii_digit()) {
            // A piece letter, then the space.
            Some(i) if piece.starts_with(|c: char| c.is_ascii_alphabetic()) && !piece[..i].is_empty() => {
                let letters = &piece[..i];
                if letters.len() == 1 || piece[i..].starts_with('{') {
                    (letters.to_string(), piece[i..].to_string())
                } else {
                    // `qd8`: the letter, then the file.
                    (letters[..1].to_string(), piece[1..].to_string())
                }
            }
            _ => (String::new(), piece.to_string()),
        }
    };
    // A piece without a letter is a pawn.
    let role = if role.is_empty() { "p".to_string() } else { role };
    let (board, square) = match rest.strip_prefix('{').and_then(|r| r.split_once('}')) {
        Some((b, sq)) => (Some(b.to_string()), sq.to_string()),
        None => (None, rest),
    };
    let on_hub = square.ends_with('8') && square.len() == 2;
    match (on_hub, board) {
        (true, _) => format!("{role}{square}"),
        (false, Some(b)) => format!("{role}{{{b}}}{square}"),
        (false, None) => format!("{role}{{{owner}}}{square}"),
    }
}

impl From<Adjudication> for Run {
    fn from(a: Adjudication) -> Run {
        Run::new(
            a.variant,
            (a.before, a.after),
            |v, s| any::Position::ChessWheel { variant: v, state: s },
            a.wheel,
            a.report,
        )
    }
}

#[cfg(test)]
mod spelling_tests {
    use super::canonical_piece as wheel_piece;

    #[test]
    fn hub_and_own_board_spellings_agree() {
        assert_eq!(wheel_piece("Ann", "q{bo}d8"), "qd8");
        assert_eq!(wheel_piece("Ann", "qd8"), "qd8");
        assert_eq!(wheel_piece("Ann", "ke1"), "k{ann}e1");
        assert_eq!(wheel_piece("Ann", "k{ann}e1"), "k{ann}e1");
        assert_eq!(wheel_piece("Ann", "{ann}e2"), "p{ann}e2");
        assert_eq!(wheel_piece("Ann", "e2"), "p{ann}e2");
        assert_eq!(wheel_piece("Ann", "p{ann}e2"), "p{ann}e2");
    }
}
