//! Runs Diplomat Chess scenarios (`variant: diplomat-chess`): one side's
//! move per file.
//!
//! `state:` keys: `to-move: White|Black` (default White), `suborn:
//! convert|remove|drop` (the game's option, default convert), `hand: White
//! H, P; Black R` (pieces in hand, drop games), `sense: d2 ascending`
//! (pawns whose circular sense is chosen), `move: 12` (the move number),
//! `moves: d3, k3, ...` (moves played first, in order, from the position;
//! for repetitions). `dislodged` lists pieces that left the board (captured,
//! or suborned under `remove`/`drop`); `after` lists the board, and pieces
//! in hand as `hand H`.

use super::{split_list, InvalidResult, OrderResult, Report, Run, Scenario, ScenarioError};
use crate::any;
use crate::diplomat_chess::{
    parse_piece, ByColour, Colour, DiplomatChessState, Kind, Position, Rot, Setup, SubornRule, Variant,
};

fn setup_error(message: String) -> ScenarioError {
    ScenarioError { line: 0, message }
}

fn colour(name: &str) -> Result<Colour, ScenarioError> {
    match name.trim().to_ascii_lowercase().as_str() {
        "white" => Ok(Colour::White),
        "black" => Ok(Colour::Black),
        _ => Err(setup_error(format!("`{}` is not a side of Diplomat Chess: use White or Black", name.trim()))),
    }
}

fn kind(letter: &str) -> Result<Kind, ScenarioError> {
    let l = letter.trim();
    let mut cs = l.chars();
    match (cs.next().and_then(|c| Kind::from_letter(c.to_ascii_uppercase())), cs.next()) {
        (Some(k), None) => Ok(k),
        _ => Err(setup_error(format!("`{l}` is not a piece letter: use K R B H D P"))),
    }
}

/// The scenario's turn: the variant, the position before it, and its
/// resolution (each side's orders submitted as written, then resolved).
///
/// # Errors
/// The scenario does not set up.
pub fn turn(
    s: &Scenario,
) -> Result<
    (
        Variant,
        DiplomatChessState,
        crate::family::Resolution<DiplomatChessState, crate::diplomat_chess::DiplomatChessReport>,
    ),
    ScenarioError,
> {
    use crate::family::Family as _;
    let (v, state) = setup(s)?;
    let orders: Vec<(String, Vec<crate::family::SlotOrder>)> =
        s.orders.iter().map(|(side, text)| (side.clone(), v.submit(&state, side, &[], text).orders)).collect();
    let r = v.resolve(&state, &orders);
    Ok((v, state, r))
}

/// The variant (with the scenario's `suborn` option) and the position the scenario sets up.
///
/// # Errors
/// [`ScenarioError`] for an unknown side, piece, option or a bad `moves` list.
pub fn setup(s: &Scenario) -> Result<(Variant, DiplomatChessState), ScenarioError> {
    let mut rule = SubornRule::Convert;
    let mut setup = match &s.position {
        None => Setup::start(),
        Some(list) => {
            let mut setup = Setup::default();
            for (side, text) in list {
                let (k, cell) = parse_piece(text).map_err(setup_error)?;
                setup.pieces.push((colour(side)?, k, cell));
            }
            setup
        }
    };
    let mut number = 1;
    let mut moves: Vec<String> = Vec::new();
    let mut hands = ByColour::<Vec<Kind>>::default();
    for (key, value) in &s.state {
        match key.as_str() {
            "to-move" => setup.to_move = colour(value)?,
            "suborn" => rule = value.parse().map_err(setup_error)?,
            "move" => {
                number = value
                    .trim()
                    .parse()
                    .map_err(|_| setup_error(format!("`move: {value}` should be a move number, like `move: 12`")))?;
            }
            "moves" => moves.extend(split_list(value).map(String::from)),
            "hand" => {
                for group in value.split(';').map(str::trim).filter(|g| !g.is_empty()) {
                    let (side, rest) = group.split_once(|c: char| c.is_whitespace() || c == ':').unwrap_or((group, ""));
                    let side = colour(side)?;
                    for letter in rest.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()) {
                        hands[side].push(kind(letter)?);
                    }
                }
            }
            "sense" => {
                for item in split_list(value) {
                    let (cell, word) = item.split_once(char::is_whitespace).unwrap_or((item, ""));
                    let cell = cell.parse().map_err(|e| setup_error(format!("{e}")))?;
                    let rot = match word.trim().to_ascii_lowercase().as_str() {
                        "ascending" => Rot::Ascending,
                        "descending" => Rot::Descending,
                        _ => {
                            return Err(setup_error(format!(
                                "`sense: {item}` should be a cell and ascending (towards later letters) or descending"
                            )))
                        }
                    };
                    setup.senses.push((cell, rot));
                }
            }
            other => {
                return Err(setup_error(format!(
                    "`{other}:` is not a state key for diplomat-chess; use to-move, suborn, hand, sense, move or moves"
                )))
            }
        }
    }
    setup.hands = hands;
    let v = Variant::with_rule(rule);
    let position = Position::from_setup(&setup).map_err(|e| setup_error(e.to_string()))?;
    let mut state = DiplomatChessState::new(&v, position, number);
    for text in &moves {
        if let Some(o) = state.outcome {
            return Err(setup_error(format!("state `moves`: {text}: the game is already over ({o})")));
        }
        let mv = state.position.read_move(&v, text).map_err(|e| setup_error(format!("state `moves`: {text}: {e}")))?;
        state = state.play(&v, mv).next;
    }
    Ok((v, state))
}

fn outcome_text(state: &DiplomatChessState) -> String {
    match state.outcome {
        None => "ongoing".into(),
        Some(o) => o.winner().map_or_else(|| "draw".to_string(), |w| format!("{w} wins")),
    }
}

/// Runs a Diplomat Chess scenario: the textual report from the move as
/// read, the positions and the resolution from [`turn`].
pub(super) fn run(s: &Scenario) -> Result<Run, ScenarioError> {
    let report = summary(s)?;
    let (v, before, r) = turn(s)?;
    Ok(Run::new(v, (before, r.next), |v, s| any::Position::DiplomatChess { variant: v, state: s }, r.report, report))
}

/// The textual report of a Diplomat Chess scenario.
fn summary(s: &Scenario) -> Result<Report, ScenarioError> {
    let (v, state) = setup(s)?;
    let mut report = Report { phase: state.phase_name(), ..Report::default() };
    let mut played = None;
    for (side, text) in &s.orders {
        let c = colour(side)?;
        let reject = |error: String| InvalidResult { power: c.name().to_string(), order: text.clone(), error };
        if let Some(o) = state.outcome {
            report.invalid.push(reject(format!("the game is over: {o}")));
            continue;
        }
        if c != state.to_move() {
            report.invalid.push(reject(format!("it is {}'s move", state.to_move())));
            continue;
        }
        if let Some((_, first)) = &played {
            report.invalid.push(reject(format!("one move per turn: {first} is already given")));
            continue;
        }
        match state.position.read_move(&v, text) {
            Ok(mv) => played = Some((mv, text.clone())),
            Err(e) => report.invalid.push(reject(e.to_string())),
        }
    }
    let next = match played {
        None => state.clone(),
        Some((mv, text)) => {
            let reason = state.position.describe_move(mv);
            let turn = state.play(&v, mv);
            let gone = turn.effect.captured.or(turn.effect.suborned.filter(|_| v.suborn_rule() != SubornRule::Convert));
            if let Some(p) = gone {
                report.dislodged.push(format!("{} {}", p.kind.letter(), mv.to()));
            }
            report.orders.push(OrderResult {
                power: state.to_move().name().to_string(),
                order: text,
                result: "succeeds".into(),
                reason: format!("{}: {reason}", turn.notation),
            });
            turn.next
        }
    };
    for c in Colour::BOTH {
        let mut pieces: Vec<String> = next
            .position
            .pieces()
            .filter(|(_, p)| p.colour == c)
            .map(|(cell, p)| format!("{} {cell}", p.kind.letter()))
            .collect();
        pieces.extend(next.position.hand(c).iter().map(|k| format!("hand {}", k.letter())));
        if !pieces.is_empty() {
            report.after.insert(c.name().to_string(), pieces);
        }
    }
    report.outcome = outcome_text(&next);
    report.next_phase = match next.outcome {
        Some(o) => format!("{} ({o})", next.phase_name()),
        None => next.phase_name(),
    };
    Ok(report)
}
