//! The marks over the board: the last move's arrow, a suborn, a drop or
//! a promotion with its badge, and a king in check with the lines that
//! check it.

use super::layout::Layout;
use super::{fade, piece, piece_at, LastMove, MarkColours, Scene, GHOST};
use crate::canvas::{text_width, towards, Align, Canvas, Face, Line, Rgba};
use crate::theme::{INK, WHITE};
use chessdip_rules::diplomat_chess::{Cell, DiplomatChessState, Move, Piece, SubornRule, Variant};

/// The width of the last move's arrow.
pub(super) fn stroke_width(l: &Layout) -> f32 {
    (l.width as f32 * 0.008).max(2.5)
}

pub(super) fn last_move(
    cv: &mut Canvas,
    l: &Layout,
    c: &MarkColours,
    variant: &Variant,
    m: &LastMove,
    state: &DiplomatChessState,
) {
    let width = stroke_width(l);
    let halo = Line { colour: Rgba(0, 0, 0, 120), width: width * 1.8, dash: None };
    match m.mv {
        Move::Step { to, promotion, .. } => {
            if m.path.len() >= 2 {
                let pts: Vec<(f32, f32)> = m.path.iter().map(|&cell| l.centre_of(cell)).collect();
                let shorten = l.piece_size(to) * 0.42;
                let line = Line { colour: c.arrow.alpha(235), width, dash: None };
                polyline_arrow(cv, &pts, (0.0, shorten), &halo, width * 4.2);
                polyline_arrow(cv, &pts, (0.0, shorten), &line, width * 3.6);
            }
            if let Some(kind) = promotion {
                let new = Piece::new(m.colour, kind);
                if m.before && state.position.piece(to).is_none() {
                    // The piece the pawn becomes, waiting on its cell.
                    piece(cv, l, to, new, 120);
                }
                promotion_badge(cv, l, (to, m.path.iter().rev().nth(1).copied()), new, c.arrow);
            }
        }
        Move::Suborn { from, target } => {
            let (a, b) = (l.centre_of(from), l.centre_of(target));
            let dash = Some((width * 2.2, width * 1.4));
            let s = l.piece_size(target);
            let start = towards(a, b, l.piece_size(from) * 0.4);
            let end = towards(b, a, s * 0.55);
            cv.arrow(start, end, &halo, width * 4.2);
            cv.arrow(start, end, &Line { colour: c.suborn, width, dash }, width * 3.6);
            let ring = Line { colour: c.suborn, width: width * 1.1, dash: None };
            cv.ring(b.0, b.1, s * 0.58, &Line { colour: Rgba(0, 0, 0, 110), width: width * 1.9, dash: None });
            cv.ring(b.0, b.1, s * 0.58, &ring);
            if variant.suborn_rule() == SubornRule::Convert {
                // The piece changes sides where it stands.
                text_badge(cv, l, (target, Some(from)), "\u{21C4}", c.suborn, 1.0);
            } else {
                // The piece leaves the board: its ghost (if the cell is empty now), crossed out.
                if let Some(p) = m.suborned.filter(|_| state.position.piece(target).is_none()) {
                    piece(cv, l, target, p, GHOST);
                }
                cv.cross(b.0, b.1, s * 0.3, &Line { colour: c.suborn, width, dash: None });
            }
        }
        Move::Drop { kind, to } => {
            let (x, y) = l.centre_of(to);
            let s = l.piece_size(to);
            if m.before && state.position.piece(to).is_none() {
                // The dropped piece, arriving: translucent on its cell.
                piece(cv, l, to, Piece::new(m.colour, kind), 160);
            }
            cv.ring(x, y, s * 0.6, &Line { colour: Rgba(0, 0, 0, 110), width: width * 1.9, dash: None });
            cv.ring(x, y, s * 0.6, &Line { colour: c.arrow, width: width * 1.1, dash: Some((width * 1.6, width)) });
            text_badge(cv, l, (to, None), "@", c.arrow, 1.0);
        }
    }
}

/// Where a cell's badge sits, and its radius: beside the piece along the
/// cell's crown (the way crown cells have room), on the side away from
/// `away` (where an arrow comes from) or else the upper side; on the
/// centre, at the top right.
pub(super) fn badge_centre(l: &Layout, cell: Cell, away: Option<Cell>) -> ((f32, f32), f32) {
    let (x, y) = l.centre_of(cell);
    let s = l.piece_size(cell);
    let r = (s * 0.2).max(8.5);
    let Some(radius) = cell.radius() else {
        return ((x + s * 0.4, y - s * 0.36), r);
    };
    let t = Layout::angle(f32::from(radius.index()));
    // The tangent pointing up the screen (right on the bottom and top radii).
    let (mut tx, mut ty) = (-t.sin(), t.cos());
    let flip = match away.map(|a| l.centre_of(a)) {
        Some((ax, ay)) => (ax - x) * tx + (ay - y) * ty > 0.0,
        None => ty > 0.05 || (ty.abs() <= 0.05 && tx < 0.0),
    };
    if flip {
        (tx, ty) = (-tx, -ty);
    }
    ((x + tx * s * 0.5, y + ty * s * 0.5 - s * 0.18), r)
}

/// A round badge with a bold symbol (`@`, `+`, `#`, `⇄`) on a cell's
/// piece, at `k` (0 to 1) of its opacity.
pub(super) fn text_badge(
    cv: &mut Canvas,
    l: &Layout,
    (cell, away): (Cell, Option<Cell>),
    symbol: &str,
    fill: Rgba,
    k: f32,
) {
    let ((x, y), r) = badge_centre(l, cell, away);
    let size = (r * 1.35).max(crate::min_text(l.width));
    cv.disc(x, y, r + (r * 0.14).max(1.5), fade(INK, k));
    cv.disc(x, y, r, fade(fill, k));
    cv.text(symbol, x, y + size * 0.37, size, Face::Bold, Align::Centre, fade(WHITE, k));
}

/// A promotion's badge on its cell: `=` and the piece the pawn became.
pub(super) fn promotion_badge(cv: &mut Canvas, l: &Layout, (cell, away): (Cell, Option<Cell>), new: Piece, fill: Rgba) {
    let ((x, y), r) = badge_centre(l, cell, away);
    let size = (r * 1.35).max(crate::min_text(l.width));
    let eq = text_width("=", size, Face::Bold);
    let glyph = r * 2.1;
    let (h, w) = (r * 2.3, eq + glyph + r * 0.8);
    let (left, top) = (x - r, y - h / 2.0);
    let edge = (r * 0.14).max(1.5);
    cv.rounded_rect(left - edge, top - edge, w + 2.0 * edge, h + 2.0 * edge, h / 2.0 + edge, INK);
    cv.rounded_rect(left, top, w, h, h / 2.0, fill);
    cv.text("=", left + r * 0.35, y + size * 0.37, size, Face::Bold, Align::Left, WHITE);
    piece_at(cv, left + r * 0.45 + eq + glyph / 2.0, y, glyph, new, 255);
}

/// The arrows from the pieces that check the king, with a ring on each:
/// drawn under the pieces, so that on an orders image a piece that is
/// about to uncover the line stands on it. At `k` (0 to 1) of their opacity.
pub(super) fn check_lines(cv: &mut Canvas, l: &Layout, c: &MarkColours, scene: &Scene, k: f32) {
    let width = stroke_width(l) * if scene.mate { 1.0 } else { 0.8 };
    let halo = Line { colour: fade(Rgba(0, 0, 0, 140), k), width: width * 1.9, dash: None };
    let line = Line { colour: fade(c.check, k), width, dash: None };
    for path in &scene.lines {
        let (Some(&a), Some(&king)) = (path.first(), path.last()) else { continue };
        let pts: Vec<(f32, f32)> = path.iter().map(|&cell| l.centre_of(cell)).collect();
        let trim = (l.piece_size(a) * 0.4, l.piece_size(king) * 0.5);
        polyline_arrow(cv, &pts, trim, &halo, width * 4.2);
        polyline_arrow(cv, &pts, trim, &line, width * 3.6);
        let (x, y) = l.centre_of(a);
        let s = l.piece_size(a);
        cv.ring(x, y, s * 0.56, &Line { colour: fade(Rgba(0, 0, 0, 110), k), width: width * 1.6, dash: None });
        cv.ring(x, y, s * 0.56, &Line { colour: fade(c.check, k), width: width * 0.8, dash: None });
    }
}

/// A king in check: `+` on it, or a heavy ring and `#` if it is mated; at
/// `k` (0 to 1) of their opacity.
pub(super) fn king_marks(cv: &mut Canvas, l: &Layout, c: &MarkColours, king: Cell, scene: &Scene, k: f32) {
    if scene.mate {
        let width = stroke_width(l);
        let (x, y) = l.centre_of(king);
        let s = l.piece_size(king);
        cv.ring(x, y, s * 0.6, &Line { colour: fade(INK, k), width: width * 2.6, dash: None });
        cv.ring(x, y, s * 0.6, &Line { colour: fade(c.check, k), width: width * 1.6, dash: None });
    }
    let away = scene.lines.first().and_then(|p| p.iter().rev().nth(1).copied());
    text_badge(cv, l, (king, away), if scene.mate { "#" } else { "+" }, c.check, k);
}

/// Lines through `pts`, trimmed by `trim.0` at the start and `trim.1` at
/// the end, the last segment an arrow.
pub(super) fn polyline_arrow(cv: &mut Canvas, pts: &[(f32, f32)], trim: (f32, f32), line: &Line, head: f32) {
    let n = pts.len();
    if n < 2 {
        return;
    }
    let mut pts = pts.to_vec();
    if trim.0 > 0.0 {
        pts[0] = towards(pts[0], pts[1], trim.0);
    }
    for k in 0..n - 2 {
        cv.line(pts[k], pts[k + 1], line);
    }
    let (a, b) = (pts[n - 2], pts[n - 1]);
    cv.arrow(a, towards(b, a, trim.1), line, head);
}
