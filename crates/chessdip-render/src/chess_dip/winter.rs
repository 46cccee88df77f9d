//! Winter's adjustments over the position: builds (faint until carried
//! out), disbands and civil disorder crossed, promotions badged.

use super::{piece, Ctx, GHOST, NEUTRAL};
use crate::canvas::{Align, Canvas, Face, Line, Rgba};
use crate::theme::{INK, WHITE};
use chessdip_rules::chess_dip::{Adjustment, AdjustmentKind, AdjustmentReport, ChessDipState};
use chessdip_rules::{Role, Square};

/// A neutral badge in the top left corner of `s` (it belongs to no power):
/// a light disc with dark type, grey when what it marks was not done.
pub(super) fn badge(cv: &mut Canvas, cx: &Ctx<'_>, s: Square, text: &str, on: bool) {
    let l = &cx.l;
    let w = l.sq;
    let (x, y) = l.corner(s);
    let size = (w * 0.21).max(l.least());
    let r = size * 0.77;
    let (bx, by) = (x + r + w * 0.04, y + r + w * 0.04);
    cv.disc(bx, by, r + 2.0, INK);
    cv.disc(bx, by, r, if on { NEUTRAL } else { Rgba::rgb(0x88, 0x88, 0x88) });
    cv.text(text, bx, by + size * 0.36, size, Face::Bold, Align::Centre, INK);
}

/// The heavy cross over a piece that is disbanded (or dislodged).
pub(super) fn disband_cross(cv: &mut Canvas, cx: &Ctx<'_>, s: Square, dash: Option<(f32, f32)>) {
    let w = cx.l.sq;
    let (x, y) = cx.l.centre(s);
    cv.cross(x, y, w * 0.3, &Line { colour: WHITE, width: w * 0.12, dash: None });
    cv.cross(x, y, w * 0.3, &Line { colour: cx.colours.dislodged, width: w * 0.075, dash });
}

/// Winter's adjustments over the position: with `outcomes`, as the still
/// shows them (builds done and not, civil disorder); without, the orders as
/// given (every build a faint piece). Promotions, ordered or by default
/// (a knight), are badged either way.
pub(super) fn adjustments(
    cv: &mut Canvas,
    cx: &Ctx<'_>,
    state: &ChessDipState,
    orders: &[Adjustment],
    report: &AdjustmentReport,
    outcomes: bool,
) {
    let w = cx.l.sq;
    for a in orders {
        let done = report.carried_out.contains(a) || !outcomes;
        match a.kind {
            AdjustmentKind::Build { role, square } => {
                let alpha = if !outcomes {
                    GHOST
                } else if done {
                    200
                } else {
                    90
                };
                piece(cv, cx, square, a.power, role, alpha);
                badge(cv, cx, square, "+", done);
            }
            AdjustmentKind::Disband { square, .. } => disband_cross(cv, cx, square, None),
            AdjustmentKind::Promote { square, role } => {
                badge(cv, cx, square, &role.char().to_string(), true);
            }
            AdjustmentKind::Waive => {}
        }
    }
    // A pawn on its last rank that was given no promotion becomes a knight:
    // known before the phase is carried out, so marked on the orders as
    // given too (an animation's first frame), as an ordered promotion is.
    for &(_, square) in &report.default_promotions {
        if state.piece(square).is_some() {
            badge(cv, cx, square, &Role::Knight.char().to_string(), true);
        }
    }
    if !outcomes {
        return;
    }
    for &(_, _, square) in &report.civil_disorder {
        disband_cross(cv, cx, square, Some((w * 0.1, w * 0.06)));
    }
}
