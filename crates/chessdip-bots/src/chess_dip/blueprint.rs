//! The blueprint: a plausible order set for any power, drawn from the
//! square values (DumbBot's second stage). Each piece moves to its most
//! valuable reachable square or holds where it stands is worth more, no
//! two pieces of a power aim at one square, and a piece left holding
//! supports a move of its own side into a square an enemy holds or can
//! reach (the support is what dislodges a holding piece or wins a bounce).
//! With noise, the choices vary: the search samples many such sets, for
//! itself and for every other power.

use super::options::{Kind, PieceOptions};
use super::values::Values;
use crate::rng::Rng;
use chessdip_rules::chess_dip::ChessDipState;
use chessdip_rules::{PowerId, Square};

/// What one power's pieces see of the board.
#[derive(Clone, Debug)]
pub(crate) struct Side {
    /// The power.
    pub(crate) power: PowerId,
    /// Its pieces with their legal orders.
    pub(crate) pieces: Vec<PieceOptions>,
    /// Its square values.
    pub(crate) values: Values,
    /// Squares another power's piece could move onto (or stands on).
    pub(crate) contested: [bool; 64],
}

/// A power's order set: one choice per piece, by index into its options.
pub(crate) type Plan = Vec<usize>;

/// Every piece holds.
pub(crate) fn holds(side: &Side) -> Plan {
    side.pieces.iter().map(PieceOptions::hold).collect()
}

/// A plan for `side` in `s`; `noise` 0 gives the blueprint's best guess,
/// larger values more varied plans.
pub(crate) fn sample(side: &Side, s: &ChessDipState, noise: f64, rng: &mut Rng) -> Plan {
    let n = side.pieces.len();
    let mut plan: Plan = side.pieces.iter().map(PieceOptions::hold).collect();
    let mut order: Vec<usize> = (0..n).collect();
    if noise > 0.0 {
        rng.shuffle(&mut order);
    } else {
        // The most valuable squares first: those pieces choose before the others.
        order.sort_by(|&a, &b| side.values.at(side.pieces[b].square).total_cmp(&side.values.at(side.pieces[a].square)));
    }
    let mut aimed: Vec<Square> = Vec::new();
    for &i in &order {
        let piece = &side.pieces[i];
        let mut best = (piece.hold(), f64::NEG_INFINITY);
        for (c, choice) in piece.choices.iter().enumerate() {
            let worth = match choice.kind {
                Kind::Hold => side.values.at(piece.square) * 0.9,
                Kind::Move(to) => {
                    if aimed.contains(&to) {
                        continue;
                    }
                    let mut w = side.values.at(to);
                    if s.piece(to).is_some_and(|p| p.power == side.power) {
                        // An own piece there must leave first.
                        w -= 0.6;
                    }
                    w
                }
                _ => continue,
            };
            let worth = worth + noise * rng.unit();
            if worth > best.1 {
                best = (c, worth);
            }
        }
        plan[i] = best.0;
        if let Kind::Move(to) = piece.choices[best.0].kind {
            aimed.push(to);
        } else {
            aimed.push(piece.square);
        }
    }
    add_supports(side, s, &mut plan, noise, rng);
    plan
}

/// Pieces that hold support their own side's moves into contested squares
/// (the most valuable first), or the hold of an own piece on a contested
/// center.
pub(crate) fn add_supports(side: &Side, s: &ChessDipState, plan: &mut Plan, noise: f64, rng: &mut Rng) {
    // The moves worth supporting: (mover, landing, worth).
    let mut wanted: Vec<(Square, Square, f64)> = Vec::new();
    for (i, piece) in side.pieces.iter().enumerate() {
        match piece.choices[plan[i]].kind {
            Kind::Move(to) => {
                let enemy_there = s.piece(to).is_some_and(|p| p.power != side.power);
                if enemy_there || side.contested[to.index()] {
                    wanted.push((piece.square, to, side.values.at(to) + if enemy_there { 1.0 } else { 0.0 }));
                }
            }
            Kind::Hold if side.contested[piece.square.index()] => {
                wanted.push((piece.square, piece.square, side.values.at(piece.square) * 0.7));
            }
            _ => {}
        }
    }
    wanted.sort_by(|a, b| b.2.total_cmp(&a.2));
    let mut given: Vec<(Square, usize)> = Vec::new();
    for (i, piece) in side.pieces.iter().enumerate() {
        if piece.choices[plan[i]].kind != Kind::Hold {
            continue;
        }
        // A piece on a contested square of value keeps holding it.
        if side.contested[piece.square.index()] && side.values.at(piece.square) > 2.0 && rng.chance(0.5) {
            continue;
        }
        // Prefer the move with the fewest supports so far, then the most valuable.
        let mut best: Option<(usize, Square, f64)> = None;
        for &(mover, to, worth) in &wanted {
            if mover == piece.square {
                continue;
            }
            let Some(c) = piece.support_for(mover, to) else { continue };
            let already = given.iter().filter(|(m, _)| *m == mover).count() as f64;
            let w = worth - 1.5 * already + noise * rng.unit();
            if best.is_none_or(|b| w > b.2) {
                best = Some((c, mover, w));
            }
        }
        if let Some((c, mover, _)) = best {
            if noise == 0.0 || rng.chance(0.85) {
                plan[i] = c;
                given.push((mover, c));
            }
        }
    }
}
