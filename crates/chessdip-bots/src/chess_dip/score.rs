//! What a position is worth to a power: the centers it will own (a center
//! goes to the power standing on it after Fall, and stays with its owner
//! while nobody stands on it), then its pieces, then where they stand (the
//! square values), less what the others have (all of it against one
//! opponent; against several, half their mean and a share of the leader's,
//! so that the bot also keeps the strongest rival down). A solo is worth
//! more than anything else.

use super::values::Values;
use chessdip_rules::chess_dip::phase::game_result;
use chessdip_rules::chess_dip::{ChessDipState, GameResult, Variant};
use chessdip_rules::PowerId;

/// A center's worth.
const CENTER: f64 = 10.0;

/// A piece's worth.
const PIECE: f64 = 3.0;

/// How much a piece's square value counts.
const PLACE: f64 = 0.3;

/// A solo.
const SOLO: f64 = 1000.0;

/// The centers `p` will own if the pieces stay where they are.
#[must_use]
pub(crate) fn projected_centers(v: &Variant, s: &ChessDipState, p: PowerId) -> usize {
    v.centers
        .iter()
        .filter(|&c| match s.piece(c) {
            Some(piece) => piece.power == p,
            None => s.owner(c) == Some(p),
        })
        .count()
}

/// The material of `p`: centers and pieces.
fn material(v: &Variant, s: &ChessDipState, p: PowerId) -> f64 {
    CENTER * projected_centers(v, s, p) as f64 + PIECE * s.piece_count(p) as f64
}

/// The worth of `s` to `me`, whose square values are `values`.
#[must_use]
pub(crate) fn score(v: &Variant, s: &ChessDipState, me: PowerId, values: &Values) -> f64 {
    match game_result(v, s) {
        GameResult::Solo { winner } if winner == me => return SOLO,
        GameResult::Solo { .. } => return -SOLO,
        _ => {}
    }
    let mut own = material(v, s, me);
    own += PLACE * s.pieces_of(me).map(|(sq, _)| values.at(sq)).sum::<f64>();
    let others: Vec<f64> = v.power_ids().filter(|&p| p != me).map(|p| material(v, s, p)).collect();
    match others.as_slice() {
        [] => own,
        [one] => own - one,
        many => {
            let mean = many.iter().sum::<f64>() / many.len() as f64;
            let lead = many.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            own - 0.5 * mean - 0.25 * lead
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chessdip_rules::Square;

    #[test]
    fn a_center_taken_counts_and_a_lost_piece_costs() {
        let v = Variant::builtin("chesspolitik2").expect("variant");
        let s = ChessDipState::start(&v);
        let france = v.power_by_name("France").expect("France");
        let values = Values::new(&v, &s, france);
        let start = score(&v, &s, france, &values);
        assert!(start.abs() < 5.0, "the start is close to even: {start}");
        assert_eq!(projected_centers(&v, &s, france), 3);
        // France's knight stands on the unowned center b2: it will be France's.
        let mut ahead = s.clone();
        let b1: Square = "b1".parse().expect("b1");
        let b2: Square = "b2".parse().expect("b2");
        let knight = ahead.take(b1).expect("the knight");
        ahead.put(b2, knight);
        assert_eq!(projected_centers(&v, &ahead, france), 4);
        assert!(score(&v, &ahead, france, &values) > start + 5.0);
        // Without its knight France is worse off.
        let mut behind = s.clone();
        behind.take(b1);
        assert!(score(&v, &behind, france, &values) < start);
    }
}
