//! A cycle's moves over the Chess Wheel+ picture: an arrow a move along its
//! route (through the lanes when it leaves its board), failed ones dashed
//! and marked, taken pieces struck out; and where each arrow and mark goes
//! ([`placed`]), worked out once for the still, the animation and the tests.

use super::layout::{Layout, Pt};
use super::{player_colour_in, Marks, INK, WHITE};
use crate::canvas::{shifted, towards, Canvas, Line};
use crate::Palette;
use chessdip_rules::chess_wheel::{ChessWheelReport, Space, State};

/// A polyline with an arrow head at its end.
fn polyline_arrow(cv: &mut Canvas, pts: &[Pt], line: &Line, head: f32) {
    let n = pts.len();
    if n < 2 {
        return;
    }
    for w in pts[..n - 1].windows(2) {
        cv.line(w[0], w[1], line);
    }
    cv.arrow(pts[n - 2], pts[n - 1], line, head);
}

/// The offset of the `lane`-th arrow that leaves its board from the middle
/// of the lanes it runs along (arrows are spread over five lanes).
pub(super) fn lane_offset(l: &Layout, lane: usize) -> f32 {
    ((lane % 5) as f32 - 2.0) * l.lane_h * 0.12
}

/// The path of each of the report's moves (`None` where a board is
/// missing): from the piece's centre to the target's, through the lanes
/// when it leaves its board, the `k`-th such move on lane `k` (of five).
pub(super) fn routes(l: &Layout, r: &ChessWheelReport) -> Vec<Option<Vec<Pt>>> {
    let mut lanes = 0;
    r.moves
        .iter()
        .map(|mv| {
            let (from, to) = (mv.order.piece.space, mv.order.to);
            let routed = l.cols > 1 && from.board() != to.board();
            let off = if routed {
                lanes += 1;
                lane_offset(l, lanes - 1)
            } else {
                0.0
            };
            l.route(from, to, off)
        })
        .collect()
}

/// Whether another of the report's moves goes the other way between the same two spaces.
pub(super) fn swapped(r: &ChessWheelReport, from: Space, to: Space) -> bool {
    r.moves.iter().any(|o| o.order.piece.space == to && o.order.to == from)
}

/// The radius of a failure mark: a sixth of a board square, and large
/// enough to read on a phone.
pub(super) fn mark_radius(l: &Layout) -> f32 {
    (l.s * 0.17).max(l.t * 0.42)
}

/// The mark of a failed move: a white disc with a cross, centred on `c`.
pub(super) fn failed_mark(cv: &mut Canvas, l: &Layout, m: &Marks, c: Pt) {
    let r = mark_radius(l);
    let outline = (l.s * 0.035).max(1.2);
    cv.disc(c.0, c.1, r, WHITE);
    cv.ring(c.0, c.1, r, &Line { colour: INK, width: outline, dash: None });
    cv.cross(c.0, c.1, r * 0.53, &Line { colour: m.failed, width: (r * 0.3).max(1.5), dash: None });
}

/// A move's arrow as drawn: its path (from near the piece to near the
/// target), its head's length, and for a failed move where its mark goes.
#[derive(Clone, Debug)]
pub(super) struct Arrow {
    pub(super) pts: Vec<Pt>,
    pub(super) head: f32,
    pub(super) failure: Option<Pt>,
}

impl Arrow {
    /// The box (x, y, w, h) the head covers.
    pub(super) fn head_box(&self) -> (f32, f32, f32, f32) {
        let n = self.pts.len();
        let (tip, from) = (self.pts[n - 1], self.pts[n - 2]);
        let base = towards(tip, from, self.head);
        let (l1, _) = shifted(base, tip, self.head * 0.55);
        let (l2, _) = shifted(base, tip, -self.head * 0.55);
        let xs = [tip.0, l1.0, l2.0];
        let ys = [tip.1, l1.1, l2.1];
        let (x0, x1) = (xs.iter().copied().fold(f32::MAX, f32::min), xs.iter().copied().fold(f32::MIN, f32::max));
        let (y0, y1) = (ys.iter().copied().fold(f32::MAX, f32::min), ys.iter().copied().fold(f32::MIN, f32::max));
        (x0, y0, x1 - x0, y1 - y0)
    }
}

/// The box a taken piece's cross covers on `space`.
pub(super) fn cross_box(l: &Layout, space: Space) -> Option<(f32, f32, f32, f32)> {
    let (x, y) = l.centre_of(space)?;
    let side = l.side(space);
    let k = side * 0.3 + side * 0.065;
    Some((x - k, y - k, 2.0 * k, 2.0 * k))
}

/// Overlap area of two boxes (x, y, w, h).
fn overlap(a: (f32, f32, f32, f32), b: (f32, f32, f32, f32)) -> f32 {
    let w = (a.0 + a.2).min(b.0 + b.2) - a.0.max(b.0);
    let h = (a.1 + a.3).min(b.1 + b.3) - a.1.max(b.1);
    w.max(0.0) * h.max(0.0)
}

/// Every move's arrow (`None` where a board is missing). Straight moves
/// along one line that overlap (swaps, one behind the other) lie in lanes
/// side by side. A one-square move keeps as much shaft as it can (it
/// starts near its piece's centre); a routed arrow that leaves or reaches
/// a piece standing on a plate (its glyph above, its letters below) keeps
/// off both, starting or ending at the square's edge. A failed move's mark
/// goes on the arrow, clear of its ends and of the lanes' bends (halfway
/// along a straight arrow, else halfway along the longer of its first and
/// last legs), or beside it: wherever it covers least of the arrows'
/// heads and the crosses over taken pieces, so that a crowded hub square
/// keeps its cross, its heads and its marks apart.
pub(super) fn placed(l: &Layout, codes: &[String], (state, r): (&State, &ChessWheelReport)) -> Vec<Option<Arrow>> {
    let s = l.s;
    let head = (s * 0.32).max(l.t * 0.8);
    let routes = routes(l, r);
    let segs: Vec<(Pt, Pt)> = routes
        .iter()
        .map(|p| match p.as_deref() {
            Some(&[a, b]) => (a, b),
            _ => ((0.0, 0.0), (0.0, 0.0)),
        })
        .collect();
    let lanes = crate::lanes::lanes(&segs, s * 0.28, s * 0.56);
    let len = |a: Pt, b: Pt| ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    let on_plate = |space: Space| state.pieces.iter().any(|p| p.space == space && p.space.board() != Some(p.owner));
    let edge = |end: Pt, next: Pt, space: Space| match l.centre_of(space) {
        Some((x, cy)) if (end.0 - x).abs() < 1.0 && (next.0 - end.0).abs() < 1.0 => {
            let half = l.side(space) * 0.5;
            (end.0, if next.1 > end.1 { cy + half } else { cy - half })
        }
        _ => end,
    };
    let mut arrows: Vec<Option<Arrow>> = r
        .moves
        .iter()
        .zip(routes)
        .zip(lanes)
        .map(|((mv, route), off)| {
            let mut pts = route.filter(|p| p.len() >= 2)?;
            if pts.len() == 2 {
                let (a, b) = shifted(pts[0], pts[1], off);
                pts = vec![a, b];
            }
            let n = pts.len();
            let (from, to) = (mv.order.piece.space, mv.order.to);
            let short = n == 2 && len(pts[0], pts[1]) < l.side(from) * 1.5;
            pts[0] = towards(pts[0], pts[1], if short { s * 0.06 } else { s * 0.2 });
            pts[n - 1] = towards(pts[n - 1], pts[n - 2], s * 0.18);
            if n > 2 && on_plate(from) {
                pts[0] = edge(pts[0], pts[1], from);
            }
            if n > 2 && on_plate(to) {
                pts[n - 1] = edge(pts[n - 1], pts[n - 2], to);
            }
            Some(Arrow { pts, head, failure: None })
        })
        .collect();
    // What failure marks keep clear of: every head, every taken piece's
    // cross and the plates of pieces off their boards (the owner's code).
    let mut avoid: Vec<(f32, f32, f32, f32)> = arrows.iter().flatten().map(Arrow::head_box).collect();
    avoid.extend(r.taken.iter().filter_map(|t| cross_box(l, t.piece.space)));
    avoid.extend(state.pieces.iter().filter(|p| p.space.board() != Some(p.owner)).filter_map(|p| {
        let c = l.centre_of(p.space)?;
        let (x, y, w, h, _) = super::off_board_plate((l, l.side(p.space)), codes, p.owner, c);
        Some((x, y, w, h))
    }));
    let rad = mark_radius(l);
    for (mv, arrow) in r.moves.iter().zip(arrows.iter_mut()) {
        let Some(arrow) = arrow.as_mut().filter(|_| !mv.outcome.succeeded()) else { continue };
        let pts = &arrow.pts;
        let n = pts.len();
        // The leg the mark goes on: the arrow itself, or the longer of its first and last legs.
        let (a, b) = if n == 2 {
            (pts[0], towards(pts[1], pts[0], arrow.head))
        } else if len(pts[0], pts[1]) >= len(pts[n - 2], pts[n - 1]) {
            (pts[0], pts[1])
        } else {
            (pts[n - 2], pts[n - 1])
        };
        let away = rad + (s * 0.05).max(1.1) + s * 0.05;
        let mut best = (f32::INFINITY, crate::anim::along(&[a, b], 0.5));
        for (k, t) in [0.5f32, 0.4, 0.6, 0.3, 0.7].into_iter().enumerate() {
            let on = crate::anim::along(&[a, b], t);
            // On the shaft if it is long enough to keep the mark off both ends, else beside it.
            let room = len(a, b) * t.min(1.0 - t) >= rad * 1.2;
            for (side, penalty) in [(0.0f32, if room { 0.0 } else { 4.0 }), (1.0, 1.0), (-1.0, 1.5)] {
                let (q, _) = shifted(on, b, side * away);
                let bx = (q.0 - rad, q.1 - rad, 2.0 * rad, 2.0 * rad);
                let cover: f32 = avoid.iter().map(|&o| overlap(bx, o)).sum();
                let score = cover + (penalty + k as f32 * 0.2) * rad * rad * 0.1;
                if score < best.0 {
                    best = (score, q);
                }
            }
        }
        arrow.failure = Some(best.1);
        avoid.push((best.1 .0 - rad, best.1 .1 - rad, 2.0 * rad, 2.0 * rad));
    }
    arrows
}

/// Draws the report's moves (see [`placed`]): each an arrow in its mover's
/// colour with a dark outline, dashed and marked if it failed; then a cross
/// over each taken piece, its size the square's.
pub(super) fn moves(
    cv: &mut Canvas,
    (l, codes): (&Layout, &[String]),
    m: &Marks,
    (state, r): (&State, &ChessWheelReport),
    palette: Palette,
) {
    let s = l.s;
    let width = (s * 0.1).max(2.2);
    let outline = (s * 0.035).max(1.2);
    let arrows = placed(l, codes, (state, r));
    for (mv, arrow) in r.moves.iter().zip(&arrows) {
        let Some(arrow) = arrow else { continue };
        let ok = mv.outcome.succeeded();
        let colour = player_colour_in(mv.order.piece.owner, palette);
        let dash = if ok { None } else { Some((s * 0.2, s * 0.1)) };
        let dark = Line { colour: INK, width: width + 2.0 * outline, dash: None };
        polyline_arrow(cv, &arrow.pts, &dark, arrow.head + 2.5 * outline);
        polyline_arrow(cv, &arrow.pts, &Line { colour, width, dash }, arrow.head);
    }
    for t in &r.taken {
        let Some((x, y)) = l.centre_of(t.piece.space) else { continue };
        let side = l.side(t.piece.space);
        cv.cross(x, y, side * 0.3, &Line { colour: WHITE, width: side * 0.13, dash: None });
        cv.cross(x, y, side * 0.3, &Line { colour: m.taken, width: side * 0.08, dash: None });
    }
    // The marks last, over every arrow and cross.
    for c in arrows.iter().flatten().filter_map(|a| a.failure) {
        failed_mark(cv, l, m, c);
    }
}
