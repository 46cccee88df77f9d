//! The Chess Wheel+ bot.
//!
//! Board actions first: it creates its board when it has none and
//! populates it every cycle it may (populating fills the starting spaces
//! its pieces have left, so pieces that walk off their starting spaces
//! come back as new ones). Then its message: candidate messages of up to
//! the movement power's moves are drawn from the moves' worth alone
//! (`moves`: what a move takes, the danger it escapes or walks into, the
//! starting space it frees), and each is resolved by the rules' own
//! resolution against sampled messages of the other players (their best
//! takes, with noise) and scored by the pieces each side keeps
//! (`search`). On proposals it abstains.

mod moves;
mod search;

use super::limits::Clock;
use super::rng::Rng;
use super::Choice;
use chessdip_rules::chess_wheel::{State, Variant};

/// Nodes (cycles resolved) a decision may use by default.
pub const DEFAULT_NODES: u64 = 600;

/// The bot's board actions and message.
pub(crate) fn decide(v: &Variant, s: &State, power: &str, clock: &mut Clock, rng: &mut Rng) -> Choice {
    let Some(me) = s.seat(power) else { return Choice::default() };
    let (actions, state) = super::baseline::board_actions(v, s, power, me);
    let chosen = search::message(&state, me, clock, rng);
    Choice { orders: chosen.iter().map(|m| m.text(&state)).collect(), actions, withdrawn: 0 }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::limits::Limits;
    use chessdip_rules::chess_wheel::{self, BoardAction, Piece, Space};
    use chessdip_rules::Role;

    #[test]
    fn the_board_is_created_and_populated_first() {
        let v = chess_wheel::new(&Default::default()).expect("variant");
        let s = v.start_state(&["Ann".into(), "Bob".into()]).expect("state");
        let mut clock = Clock::new(Limits::with_time(Duration::from_secs(30)), DEFAULT_NODES);
        let c = decide(&v, &s, "Ann", &mut clock, &mut Rng::new(1));
        assert_eq!(c.actions, vec![BoardAction::Create, BoardAction::Populate]);
        assert!(!c.orders.is_empty() && c.orders.len() <= 3, "{:?}", c.orders);
    }

    #[test]
    fn an_undefended_queen_in_reach_is_taken() {
        let v = chess_wheel::new(&Default::default()).expect("variant");
        let mut s = v.start_state(&["Ann".into(), "Bob".into()]).expect("state");
        s.boards.insert(0);
        s.boards.insert(1);
        s.populated.insert(0);
        s.created.insert(0);
        let on = |f, r| Space::on(0, f, r).expect("space");
        s.pieces = vec![
            Piece { owner: 0, role: Role::Rook, space: on(0, 0) },
            Piece { owner: 0, role: Role::King, space: on(4, 0) },
            Piece { owner: 1, role: Role::Queen, space: on(0, 5) },
            Piece { owner: 1, role: Role::King, space: Space::on(1, 4, 0).expect("space") },
        ];
        s.pieces.sort_by_key(|p| p.space);
        let mut clock = Clock::new(Limits::with_time(Duration::from_secs(30)), DEFAULT_NODES);
        let c = decide(&v, &s, "Ann", &mut clock, &mut Rng::new(1));
        assert!(c.orders.iter().any(|o| o == "R {Ann}a1 x {Ann}a6"), "{:?}", c.orders);
    }
}
