//! Winter: builds where the square values are highest, of the kind that
//! reaches most squares near where it stands; disbands of the pieces
//! standing where the values are lowest; each pawn promoted to the kind
//! that reaches most from its square. No search: a Winter is decided in
//! microseconds.

use super::values::Values;
use chessdip_rules::chess_dip::geometry::reach;
use chessdip_rules::chess_dip::legal::adjustment_choices;
use chessdip_rules::chess_dip::{text, Adjustment, AdjustmentKind, ChessDipState, Variant};
use chessdip_rules::{PowerId, Role, Square};

/// How far (in king steps) a new piece's reach is counted: a long move is
/// worth less than a near one, which a blocked path cannot stop.
const NEAR: u8 = 2;

/// What a pawn about to promote adds to the worth of keeping it.
const PROMOTING: f64 = 2.0;

/// The squares a `role` on `sq` of `p` reaches within [`NEAR`] steps.
fn near_reach(v: &Variant, p: PowerId, role: Role, sq: Square) -> usize {
    let facing = v.power(p).facing;
    v.board.squares().filter(|&to| to.distance(sq) <= NEAR && reach(v.board, role, facing, sq, to).is_some()).count()
}

/// The kind among `roles` that reaches most near `sq` (the first on a tie).
fn best_role(v: &Variant, p: PowerId, roles: &[Role], sq: Square) -> Option<Role> {
    let mut best: Option<(Role, usize)> = None;
    for &r in roles {
        let n = near_reach(v, p, r, sq);
        if best.is_none_or(|(_, b)| n > b) {
            best = Some((r, n));
        }
    }
    best.map(|(r, _)| r)
}

/// `p`'s Winter orders, as texts.
pub(crate) fn orders(v: &Variant, s: &ChessDipState, p: PowerId) -> Vec<String> {
    let c = adjustment_choices(v, s, p);
    let values = Values::new(v, s, p);
    let mut out: Vec<Adjustment> = Vec::new();
    let mut squares = c.build_squares.clone();
    squares.sort_by(|a, b| values.at(*b).total_cmp(&values.at(*a)).then(a.cmp(b)));
    for &square in squares.iter().take(c.builds) {
        if let Some(role) = best_role(v, p, &c.build_roles, square) {
            out.push(Adjustment { power: p, kind: AdjustmentKind::Build { role, square } });
        }
    }
    // Disbands: the pieces worth least where they stand (a pawn about to promote is worth keeping).
    let keep = |&(sq, role): &(Square, Role)| {
        let promoting = if c.promotions.contains(&sq) { PROMOTING } else { 0.0 };
        values.at(sq) + 0.2 * near_reach(v, p, role, sq) as f64 + promoting
    };
    let mut pieces = c.pieces.clone();
    pieces.sort_by(|a, b| keep(a).total_cmp(&keep(b)).then(a.0.cmp(&b.0)));
    for &(square, role) in pieces.iter().take(c.disbands) {
        out.push(Adjustment { power: p, kind: AdjustmentKind::Disband { role, square } });
    }
    let disbanded: Vec<Square> = pieces.iter().take(c.disbands).map(|x| x.0).collect();
    for &square in c.promotions.iter().filter(|sq| !disbanded.contains(sq)) {
        if let Some(role) = best_role(v, p, &c.promotion_roles, square) {
            out.push(Adjustment { power: p, kind: AdjustmentKind::Promote { square, role } });
        }
    }
    out.iter().map(text::adjustment_text).collect()
}
