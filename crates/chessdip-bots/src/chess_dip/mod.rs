//! The Chess Dip and Chesspolitik bot.
//!
//! - Square values (`values`): every center worth taking or defending,
//!   spread over the board.
//! - A blueprint (`blueprint`): a plausible order set for any power from
//!   those values, with supports where a move is contested.
//! - A search (`search`): its own candidate sets adjudicated by the real
//!   resolver against profiles of the other powers' sampled sets, scored
//!   by the centers, pieces and places they lead to (`score`), the best
//!   improved one piece at a time.
//! - Winter (`winter`): builds, disbands and promotions from the values.
//!
//! Every order comes from the rules' own list of legal orders and is
//! written in its canonical text.

mod blueprint;
mod options;
mod score;
mod search;
mod values;
mod winter;

use super::limits::Clock;
use super::rng::Rng;
use super::Choice;
use blueprint::Side;
use chessdip_rules::chess_dip::geometry::reach;
use chessdip_rules::chess_dip::{ChessDipState, Variant};
use chessdip_rules::PowerId;

/// Nodes (phases adjudicated) a decision may use by default.
pub const DEFAULT_NODES: u64 = 1_500;

/// The bot's orders for `power`.
pub(crate) fn decide(v: &Variant, s: &ChessDipState, power: &str, clock: &mut Clock, rng: &mut Rng) -> Choice {
    let Some(me) = v.power_by_name(power) else { return Choice::default() };
    if !s.phase.season.is_movement() {
        return Choice::orders(winter::orders(v, s, me));
    }
    let mine = side(v, s, me);
    if mine.pieces.is_empty() {
        return Choice::default();
    }
    let others: Vec<Side> = v.power_ids().filter(|&p| p != me && s.piece_count(p) > 0).map(|p| side(v, s, p)).collect();
    let search = search::Search::new(v, s, &mine, &others, rng);
    let plan = search.run(clock, rng);
    let orders = mine
        .pieces
        .iter()
        .zip(&plan)
        .filter(|(p, &c)| c != p.hold())
        .map(|(p, &c)| options::text_of(&p.choices[c].order))
        .collect();
    Choice::orders(orders)
}

/// What `p`'s pieces see: their orders, the values, the contested squares.
fn side(v: &Variant, s: &ChessDipState, p: PowerId) -> Side {
    let mut contested = [false; 64];
    for (sq, piece) in s.pieces().filter(|(_, x)| x.power != p) {
        contested[sq.index()] = true;
        let facing = v.power(piece.power).facing;
        for to in v.board.squares() {
            if reach(v.board, piece.role, facing, sq, to).is_some() {
                contested[to.index()] = true;
            }
        }
    }
    Side { power: p, pieces: options::of_power(v, s, p), values: values::Values::new(v, s, p), contested }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::limits::Limits;
    use chessdip_rules::chess_dip::{Phase, Season, Setup};
    use chessdip_rules::{Role, Square};

    fn sq(t: &str) -> Square {
        t.parse().expect("square")
    }

    #[test]
    fn a_holding_piece_on_a_center_is_attacked_with_support() {
        let v = Variant::builtin("chesspolitik2").expect("variant");
        let france = v.power_by_name("France").expect("France");
        let england = v.power_by_name("England").expect("England");
        let setup = Setup {
            pieces: vec![
                (france, Role::King, sq("c3"), true),
                (france, Role::King, sq("e3"), true),
                (england, Role::King, sq("d4"), true),
                (england, Role::King, sq("d6"), true),
            ],
            ..Setup::default()
        };
        let s = ChessDipState::from_setup(&v, Phase { year: 1402, season: Season::Fall }, &setup).expect("setup");
        let mut clock = Clock::new(Limits::with_time(Duration::from_secs(30)), DEFAULT_NODES);
        let choice = decide(&v, &s, "France", &mut clock, &mut Rng::new(3));
        let attack = choice.orders.iter().find(|o| o.ends_with("- d4")).expect("an attack on d4");
        let mover = &attack[..4];
        assert!(
            choice.orders.iter().any(|o| o.contains(&format!("S {mover} - d4"))),
            "the attack is supported: {:?}",
            choice.orders
        );
    }

    #[test]
    fn winter_builds_on_the_most_valuable_free_home() {
        let v = Variant::builtin("chesspolitik2").expect("variant");
        let mut s = ChessDipState::start(&v);
        let france = v.power_by_name("France").expect("France");
        s.phase = Phase { year: 1401, season: Season::Winter };
        s.set_owner(sq("a1"), Some(france));
        let orders = winter::orders(&v, &s, france);
        // France owns c1 e1 d2 a1 and has three pieces: one build, on an empty home.
        assert_eq!(orders.len(), 1, "{orders:?}");
        assert!(orders[0].starts_with("build "), "{orders:?}");
        assert!(["e1", "d2", "a1"].iter().any(|h| orders[0].ends_with(h)), "{orders:?}");
    }
}
