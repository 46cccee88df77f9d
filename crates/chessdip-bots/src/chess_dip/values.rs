//! What each square is worth to one power (the DumbBot idea): every supply
//! center gets a value (one it does not own is worth taking, one of its own
//! is worth defending in proportion to the enemy pieces that could walk in),
//! and the value spreads to the squares around it, halving with each king
//! step, so a piece far from any center is still drawn towards the nearest.

use chessdip_rules::chess_dip::geometry;
use chessdip_rules::chess_dip::{ChessDipState, Variant};
use chessdip_rules::{PowerId, Square};

/// How much of a center's value reaches a square one king step further.
const SPREAD: f64 = 0.45;

/// A center the power does not own.
const TO_TAKE: f64 = 2.0;

/// An unowned center (nobody defends it): a little more.
const UNOWNED_BONUS: f64 = 0.3;

/// A center held by an enemy piece (it takes a supported attack): a little less.
const OCCUPIED_PENALTY: f64 = 0.5;

/// An own center nobody threatens.
const OWN_SAFE: f64 = 0.4;

/// An own center, per enemy piece that could move onto it.
const OWN_PER_THREAT: f64 = 0.8;

/// The values of every square of the board for one power.
#[derive(Clone, Debug)]
pub(crate) struct Values {
    v: [f64; 64],
}

impl Values {
    /// The values for `me` in `s`.
    pub(crate) fn new(variant: &Variant, s: &ChessDipState, me: PowerId) -> Values {
        let board = variant.board;
        let mut base: Vec<(Square, f64)> = Vec::new();
        for c in variant.centers.iter() {
            let owner = s.owner(c);
            let value = if owner == Some(me) {
                let threats = s
                    .pieces()
                    .filter(|(sq, p)| {
                        p.power != me && geometry::reach(board, p.role, variant.power(p.power).facing, *sq, c).is_some()
                    })
                    .count();
                OWN_SAFE + OWN_PER_THREAT * threats as f64
            } else {
                let mut v = TO_TAKE;
                if owner.is_none() {
                    v += UNOWNED_BONUS;
                }
                if s.piece(c).is_some_and(|p| p.power != me) {
                    v -= OCCUPIED_PENALTY;
                }
                v
            };
            base.push((c, value));
        }
        let mut v = [0.0; 64];
        for sq in board.squares() {
            v[sq.index()] = base.iter().map(|&(c, b)| b * SPREAD.powi(i32::from(sq.distance(c)))).sum();
        }
        Values { v }
    }

    /// The value of `sq`.
    pub(crate) fn at(&self, sq: Square) -> f64 {
        self.v[sq.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centers_to_take_outweigh_the_squares_around_them_and_safe_homes() {
        let v = Variant::builtin("chesspolitik2").expect("variant");
        let s = ChessDipState::start(&v);
        let france = v.power_by_name("France").expect("France");
        let values = Values::new(&v, &s, france);
        let sq = |t: &str| t.parse::<Square>().expect("square");
        // b2 is an unowned center; a2 beside it is not a center.
        assert!(values.at(sq("b2")) > values.at(sq("a2")), "a center beats its neighbour");
        // England's home d6 is worth more to France than France's own safe c1.
        assert!(values.at(sq("d6")) > values.at(sq("c1")) - 1.0);
        assert!(values.at(sq("b2")) > 0.0);
    }
}
