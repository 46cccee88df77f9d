//! Chess Wheel+ (the published *Chess Wheel+*, read as in
//! `docs/rules/chess-wheel.md`): one
//! standard chessboard per player, all joined at one shared rank 8 (the
//! hub); every player moves at once with a movement power of 3 moves per
//! cycle, ordered through hashed commit/reveal messages.
//!
//! Pure: no I/O, no time, no Discord or SQL. [`space`] names the spaces,
//! [`piece`] says what each piece reaches, [`order_text`] reads a message's
//! grammar, [`order`] checks a message against the position (valid or
//! invalid as a whole), [`judge`](mod@judge) judges a message revealed before the
//! cycle resolves (valid, invalid whatever happens, or pending on board
//! actions still open), [`resolve`] resolves everyone's moves together,
//! [`action`] carries out the board actions (`create`, `populate`), and
//! [`family`] shows it all to the game master as a [`Family`](crate::family::Family).
//! The decisions where the texts are silent are in `docs/rules/chess-wheel.md`.

pub mod action;
pub mod family;
pub mod judge;
pub mod order;
pub mod order_text;
pub mod piece;
pub mod resolve;
pub mod space;
pub mod state;

use std::collections::BTreeMap;

pub use action::BoardAction;
pub use judge::{judge, Judgement, Need, PendingLine};
pub use order::{read_message, InvalidMessage, LineError, Message, Move};
pub use order_text::{parse_move, parse_piece, split_message, AddrText, MoveText, ParseError, ParseErrorKind};
pub use piece::{reach, OutOfRange, Piece, START};
pub use resolve::{resolve_moves, ChessWheelReport, MoveOutcome, MoveResult, Taken};
pub use space::{Coords, Seat, Space, HUB_RANK};
pub use state::{State, StateError, DEFAULT_MOVEMENT_POWER};

/// The variant: its id, name and the policy numbers of the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// `chess-wheel`.
    pub id: String,
    /// `Chess Wheel+`.
    pub name: String,
    /// Moves a player may make per cycle (each costs 1, succeeding or not),
    /// for the cycles that begin from now on: a cycle keeps the power it
    /// began with ([`State::movement_power`]), so a change made during a
    /// cycle takes effect from the next one.
    pub movement_power: usize,
    /// Fewest players.
    pub min_players: usize,
    /// Most players.
    pub max_players: usize,
}

/// The option that sets the movement power (`movement-power=4`).
pub const MOVEMENT_POWER_OPTION: &str = "movement-power";

/// The largest movement power a game may set.
pub const MAX_MOVEMENT_POWER: usize = 16;

/// Reads a movement power (`4`).
///
/// # Errors
/// Not a whole number from 1 to [`MAX_MOVEMENT_POWER`], said with what would be right.
pub fn parse_movement_power(text: &str) -> Result<usize, String> {
    text.trim().parse::<usize>().ok().filter(|n| (1..=MAX_MOVEMENT_POWER).contains(n)).ok_or_else(|| {
        format!(
            "`{MOVEMENT_POWER_OPTION}={text}`: the movement power is a whole number of moves per cycle from 1 to \
             {MAX_MOVEMENT_POWER} (the seed's is {DEFAULT_MOVEMENT_POWER}), e.g. `{MOVEMENT_POWER_OPTION}=4`"
        )
    })
}

/// Chess Wheel+ with `options`: only `movement-power` (default 3).
///
/// # Errors
/// An unknown option or a bad value, named.
pub fn new(options: &BTreeMap<String, String>) -> Result<Variant, String> {
    let mut movement_power = DEFAULT_MOVEMENT_POWER;
    for (k, v) in options {
        if k == MOVEMENT_POWER_OPTION {
            movement_power = parse_movement_power(v)?;
        } else {
            return Err(format!(
                "Chess Wheel+ has no option `{k}={v}`: its one option is `{MOVEMENT_POWER_OPTION}=<moves per cycle>` \
                 (default {DEFAULT_MOVEMENT_POWER})"
            ));
        }
    }
    Ok(Variant {
        id: "chess-wheel".into(),
        name: "Chess Wheel+".into(),
        movement_power,
        min_players: 2,
        max_players: 12,
    })
}

/// Why nothing more can be done in a game at [`State::LAST_CYCLE`].
pub(crate) const CYCLE_LIMIT_OVER: &str = "the game is over: it was drawn when the cycle limit was reached";

/// Each player's message read against the position: its moves, or why it is invalid.
pub type Messages = Vec<(Seat, Result<Message, InvalidMessage>)>;

impl Variant {
    /// A new game for `players` (their names are their boards' names).
    ///
    /// # Errors
    /// Too few or too many players, or names that cannot be board names.
    pub fn start_state(&self, players: &[String]) -> Result<State, StateError> {
        let mut state = State::new(players, self.min_players, self.max_players)?;
        state.set_movement_power(self.movement_power);
        Ok(state)
    }

    /// Carries out a board action for `player` at any time of the cycle.
    ///
    /// # Errors
    /// Why it is refused, for the player: not a player, the game is over,
    /// already done this cycle, a board already exists (`create`), no board
    /// or nothing to place (`populate`). A refused action is not used up.
    pub fn act(&self, state: &State, player: &str, action: BoardAction) -> Result<(State, String), String> {
        let seat = state.seat(player).ok_or_else(|| format!("{player} is not playing in this game"))?;
        if let Some(w) = state.winner {
            return Err(format!("the game is over: {} won", state.name(w)));
        }
        if state.at_cycle_limit() {
            return Err(CYCLE_LIMIT_OVER.into());
        }
        action::act(state, seat, action)
    }

    /// Reads `player`'s whole message.
    ///
    /// # Errors
    /// [`InvalidMessage`]: the message is invalid as a whole (none of its moves run).
    pub fn read(&self, state: &State, seat: Seat, text: &str) -> Result<Message, InvalidMessage> {
        read_message(state, seat, text, state.movement_power())
    }

    /// Judges `player`'s message as revealed now, before the cycle resolves.
    #[must_use]
    pub fn judge(&self, state: &State, seat: Seat, text: &str) -> Judgement {
        judge::judge(state, seat, text, state.movement_power())
    }

    /// Resolves a cycle: every valid message's moves together. The next
    /// state starts the next cycle (board actions are available again) and
    /// carries the winner, if the cycle decided one.
    #[must_use]
    pub fn resolve_cycle(&self, state: &State, messages: &Messages) -> (State, ChessWheelReport) {
        let mut moves = Vec::new();
        let mut invalid = Vec::new();
        let mut ordered: Vec<&(Seat, Result<Message, InvalidMessage>)> = messages.iter().collect();
        ordered.sort_by_key(|(s, _)| *s);
        for (seat, msg) in ordered {
            match msg {
                Ok(m) => {
                    for (i, (text, mv)) in m.moves.iter().enumerate() {
                        moves.push((*seat, i, text.clone(), *mv));
                    }
                }
                Err(e) => invalid.push((*seat, e.public_reasons(state.name(*seat)))),
            }
        }
        let (mut next, results, taken) = resolve_moves(state, &moves);
        let mut moved = next.clone();
        moved.winner = resolve::winner(state, &moved);
        // At the last cycle the counter stays: the game is drawn there.
        next.cycle = state.cycle.saturating_add(1);
        next.created.clear();
        next.populated.clear();
        next.winner = resolve::winner(state, &next);
        // The next cycle begins with the movement power set now.
        next.set_movement_power(self.movement_power);
        (next, ChessWheelReport { cycle: state.cycle, moves: results, taken, invalid, moved: Some(Box::new(moved)) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_options_are_refused() {
        assert_eq!(new(&BTreeMap::new()).map(|v| v.movement_power), Ok(3));
        let mut o = BTreeMap::new();
        o.insert("power".to_string(), "4".to_string());
        let e = new(&o).unwrap_err();
        assert!(e.contains("`power=4`") && e.contains("movement-power"), "{e}");
    }

    #[test]
    fn the_movement_power_is_an_option_and_begins_with_a_cycle() {
        let mut o = BTreeMap::new();
        o.insert("movement-power".to_string(), "0".to_string());
        assert!(new(&o).unwrap_err().contains("from 1 to 16"));
        o.insert("movement-power".to_string(), "4".to_string());
        let v = new(&o).unwrap();
        let s = v.start_state(&["Ann".into(), "Bo".into()]).unwrap();
        assert_eq!(s.movement_power(), 4);
        let v5 = Variant { movement_power: 5, ..v };
        let (next, _) = v5.resolve_cycle(&s, &Vec::new());
        assert_eq!((s.movement_power(), next.movement_power()), (4, 5));
    }
}
