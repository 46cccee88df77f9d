//! A Diplomat Chess turn as an animation: the orders image (the position
//! before, with the move's arrow; the marks of a check the move gives are
//! kept for the end) held; the piece travelling its real path
//! cell by cell (along a crown's arc, down a radius, through the centre), a
//! horse leaping in a curve, a captured piece fading as the mover arrives,
//! a promoted pawn turning into its new piece, a dropped piece settling
//! onto its cell, a suborned piece changing colour while the diplomat
//! reaches for it; a check or mate fading in over a beat of its own; then
//! the position image (the position after, the last move and any check or
//! mate) held.
//!
//! Every frame is drawn by the still renderer (its `Still`): the first and
//! last are the two stills on one layout, and the frames between clone the
//! still's board with the unmoved pieces, drawn once, and add the pieces in
//! play and the move's marks.

use super::{piece, piece_at, LastMove, Layout, Still, GHOST};
use crate::anim::{self, Frame, Frames};
use crate::canvas::{towards, Canvas};
use crate::Style;
use chessdip_rules::diplomat_chess::{Cell, DiplomatChessReport, DiplomatChessState, Move, Piece, SubornRule, Variant};

/// A point on the board, in pixels.
type Point = (f32, f32);

/// The turn's move as an animation (see [`crate::anim`]): `state`
/// is the position before the move and `report` the move's report. Beats
/// are cells travelled (a horse's leap takes two); a promotion, a suborn
/// and a drop take beats of their own. `None` when no move was played
/// (or the report is not a move of the side to move in `state`).
#[must_use]
pub fn animate(
    variant: &Variant,
    state: &DiplomatChessState,
    report: &DiplomatChessReport,
    style: &Style,
    caption: &str,
) -> Option<Vec<Frame>> {
    anim::collect(|out| animate_into(variant, state, report, style, caption, out))
}

/// [`animate`], each frame given to `out` as it is drawn (an
/// [`anim::Gif`] encodes it and keeps none); `false`, and nothing given,
/// when no move was played.
pub fn animate_into(
    variant: &Variant,
    state: &DiplomatChessState,
    report: &DiplomatChessReport,
    style: &Style,
    caption: &str,
    out: &mut dyn Frames,
) -> bool {
    let Some(mv) = report.mv else { return false };
    if report.notation.is_none() || state.to_move() != report.colour || state.ended().is_some() {
        return false;
    }
    // The game as the move left it, kept with the report: the animation never plays the move itself.
    let Some(after) = report.after.as_deref() else { return false };
    let first = Still::new(variant, state, Some(report), style, caption);
    // Titled with the move it plays, as every frame before it.
    let last = Still { titled: state, ..Still::new(variant, after, Some(report), style, caption) };
    // One size for every frame: the taller legend of the two (the board does not move).
    let tall = if first.plan.rows >= last.plan.rows { &first.plan } else { &last.plan };
    let l = Layout::with(style.width, tall);
    let Some(act) = Act::new(&l, variant, state, report, mv) else { return false };
    let start = first.paint(&l, 0.0);
    let end = last.paint(&l, 1.0);
    let hidden = act.hidden();
    let base = first.under(&l, 0.0, |cell| !hidden.contains(&cell));
    // The move's marks without the ghost pieces of the orders image: the
    // frames draw those pieces themselves.
    let marks = first.scene.last.clone().map(|m| LastMove { before: false, ..m });
    // A check or mate appears in a beat of its own once the move is done.
    let moving = act.beats();
    let beats = moving + usize::from(last.scene.check.is_some());
    out.keys(&[&start, &end]);
    anim::timeline(beats, out, |t| {
        if t <= 0.0 {
            return start.clone();
        }
        if t >= beats as f32 - 1e-3 {
            return end.clone();
        }
        if t >= moving as f32 - 1e-3 {
            return last.paint(&l, anim::progress(t, moving as f32, beats as f32));
        }
        let mut cv = base.clone();
        act.under(&mut cv, &l, t);
        first.over(&mut cv, &l, marks.as_ref(), 0.0);
        act.over(&mut cv, &l, t);
        first.finish(&mut cv, &l);
        cv
    });
    true
}

/// What moves in a turn, with its geometry worked out once.
enum Act {
    /// A piece travels from `from` to `to`.
    Travel {
        /// The moving piece.
        mover: Piece,
        from: Cell,
        to: Cell,
        /// One stretch of the way per beat.
        track: Vec<Vec<Point>>,
        /// The piece's size at each end of each stretch (one more than stretches).
        sizes: Vec<f32>,
        /// A leap (the piece rises off the board on the way).
        leap: bool,
        /// The piece taken on `to`.
        captured: Option<Piece>,
        /// What a pawn becomes on `to` (a beat after it arrives).
        promoted: Option<Piece>,
    },
    /// A piece from hand appears on its cell.
    Drop { piece: Piece, to: Cell },
    /// The diplomat on `from` reaches towards `target` (a beat), the piece
    /// there changes sides or leaves (a beat), the diplomat returns (a beat).
    Suborn {
        diplomat: Piece,
        from: Cell,
        target: Cell,
        /// The target as it was.
        was: Piece,
        /// The target after, if it stays on the board.
        becomes: Option<Piece>,
    },
}

/// Beats a dropped piece takes to settle.
const DROP_BEATS: usize = 2;

impl Act {
    fn new(
        l: &Layout,
        variant: &Variant,
        state: &DiplomatChessState,
        report: &DiplomatChessReport,
        mv: Move,
    ) -> Option<Act> {
        let p = &state.position;
        match mv {
            Move::Step { from, to, promotion } => {
                let mover = p.piece(from)?;
                let path = if report.path.len() >= 2
                    && report.path.first() == Some(&from)
                    && report.path.last() == Some(&to)
                {
                    report.path.clone()
                } else {
                    p.line_path(Some(mover.kind), from, to)
                };
                let leap = path.len() == 2 && !from.touches(to);
                let (track, sizes) = if leap {
                    let (a, b) = leap_track(l, from, to);
                    let (sa, sb) = (l.piece_size(from), l.piece_size(to));
                    (vec![a, b], vec![sa, (sa + sb) / 2.0, sb])
                } else {
                    let track = path.windows(2).map(|w| stretch(l, w[0], w[1])).collect();
                    (track, path.iter().map(|&c| l.piece_size(c)).collect())
                };
                let captured = p.piece(to).filter(|q| q.colour != mover.colour);
                let promoted = promotion.map(|kind| Piece::new(mover.colour, kind));
                Some(Act::Travel { mover, from, to, track, sizes, leap, captured, promoted })
            }
            Move::Drop { kind, to } => Some(Act::Drop { piece: Piece::new(report.colour, kind), to }),
            Move::Suborn { from, target } => {
                let diplomat = p.piece(from)?;
                let was = p.piece(target)?;
                let becomes =
                    (variant.suborn_rule() == SubornRule::Convert).then(|| Piece::new(diplomat.colour, was.kind));
                Some(Act::Suborn { diplomat, from, target, was, becomes })
            }
        }
    }

    /// The animation's length in beats.
    fn beats(&self) -> usize {
        match self {
            Act::Travel { track, promoted, .. } => track.len().max(1) + usize::from(promoted.is_some()),
            Act::Drop { .. } => DROP_BEATS,
            Act::Suborn { .. } => 3,
        }
    }

    /// The cells whose pieces the frames draw themselves (not on the board
    /// drawn once).
    fn hidden(&self) -> Vec<Cell> {
        match *self {
            Act::Travel { from, to, .. } => vec![from, to],
            Act::Drop { to, .. } => vec![to],
            Act::Suborn { from, target, .. } => vec![from, target],
        }
    }

    /// The pieces in play under the move's marks at time `t` (in beats):
    /// a captured piece fading as the mover arrives, a suborned one turning.
    fn under(&self, cv: &mut Canvas, l: &Layout, t: f32) {
        match self {
            Act::Travel { to, track, captured: Some(q), .. } => {
                let n = track.len() as f32;
                let fade = anim::progress(t, n - 1.0, n);
                piece(cv, l, *to, *q, opacity(1.0 - fade));
            }
            Act::Travel { .. } | Act::Drop { .. } => {}
            Act::Suborn { target, was, becomes, .. } => {
                let turn = anim::ease(anim::progress(t, 1.0, 2.0));
                let (x, y) = l.centre_of(*target);
                let size = l.piece_size(*target);
                match becomes {
                    // The piece swells a little as its colours change.
                    Some(new) => {
                        let s = size * (1.0 + 0.18 * (turn * std::f32::consts::PI).sin());
                        piece_at(cv, x, y, s, *was, opacity(1.0 - turn));
                        piece_at(cv, x, y, s, *new, opacity(turn));
                    }
                    // The piece fades to the ghost the last frame shows crossed out
                    // (it leaves the board, or goes to its new owner's hand).
                    None => {
                        let ghost = f32::from(GHOST) / 255.0;
                        piece_at(cv, x, y, size, *was, opacity(1.0 - turn * (1.0 - ghost)));
                    }
                }
            }
        }
    }

    /// The moving piece over the marks at time `t` (in beats).
    fn over(&self, cv: &mut Canvas, l: &Layout, t: f32) {
        match self {
            Act::Travel { mover, to, track, sizes, leap, promoted, .. } => {
                let n = track.len();
                if t < n as f32 || promoted.is_none() {
                    let s = t.clamp(0.0, n as f32);
                    let i = (s.floor() as usize).min(n.saturating_sub(1));
                    let f = s - i as f32;
                    let (Some(stretch), Some(&a), Some(&b)) = (track.get(i), sizes.get(i), sizes.get(i + 1)) else {
                        return;
                    };
                    let (x, y) = anim::along(stretch, f);
                    let mut size = a + (b - a) * f;
                    if *leap {
                        size *= 1.0 + 0.22 * (s / n as f32 * std::f32::consts::PI).sin();
                    }
                    piece_at(cv, x, y, size, *mover, 255);
                } else if let Some(new) = promoted {
                    // On arrival the pawn turns into its new piece.
                    let turn = anim::ease(anim::progress(t, n as f32, n as f32 + 1.0));
                    let (x, y) = l.centre_of(*to);
                    let size = l.piece_size(*to) * (1.0 + 0.18 * (turn * std::f32::consts::PI).sin());
                    piece_at(cv, x, y, size, *mover, opacity(1.0 - turn));
                    piece_at(cv, x, y, size, *new, opacity(turn));
                }
            }
            Act::Drop { piece: q, to } => {
                // Set down from above the board: large and faint, settling to its size.
                let k = anim::ease(anim::progress(t, 0.0, DROP_BEATS as f32));
                let (x, y) = l.centre_of(*to);
                let size = l.piece_size(*to);
                piece_at(cv, x, y, size * (1.5 - 0.5 * k), *q, opacity(0.25 + 0.75 * k));
            }
            Act::Suborn { diplomat, from, target, .. } => {
                // Out until it touches the target, a beat there, back.
                let (a, b) = (l.centre_of(*from), l.centre_of(*target));
                let gap = (b.0 - a.0).hypot(b.1 - a.1);
                let touch = gap - 0.4 * (l.piece_size(*from) + l.piece_size(*target));
                let reach = touch.clamp(gap * 0.15, gap * 0.45);
                let out = anim::ease(anim::progress(t, 0.0, 1.0)) - anim::ease(anim::progress(t, 2.0, 3.0));
                let (x, y) = towards(a, b, reach * out);
                piece_at(cv, x, y, l.piece_size(*from), *diplomat, 255);
            }
        }
    }
}

/// An alpha byte for an opacity from 0 to 1.
fn opacity(k: f32) -> u8 {
    (k.clamp(0.0, 1.0) * 255.0).round() as u8
}

/// The way from cell `a` to the next cell `b` of a path: along the
/// crown's arc between two cells of one crown, else straight (down a
/// radius, into or out of the centre, or diagonally).
fn stretch(l: &Layout, a: Cell, b: Cell) -> Vec<Point> {
    match (a.radius(), b.radius()) {
        (Some(ra), Some(rb)) if a.crown() == b.crown() => {
            let i = f32::from(ra.index());
            // The short way round (n and a are neighbours).
            let mut d = f32::from(rb.index()) - i;
            if d > 7.0 {
                d -= 14.0;
            } else if d < -7.0 {
                d += 14.0;
            }
            let (inner, outer) = Layout::crown_span(a.crown());
            let rho = (inner + outer) / 2.0;
            let steps = 8;
            (0..=steps).map(|k| l.point(Layout::angle(i + d * k as f32 / steps as f32), rho)).collect()
        }
        _ => vec![l.centre_of(a), l.centre_of(b)],
    }
}

/// A leap from `from` to `to` in two stretches: a curve bending towards the
/// cell a horse's step-then-diagonal passes (or to one side, where that
/// cell lies on the straight way or there is none), split at its middle.
fn leap_track(l: &Layout, from: Cell, to: Cell) -> (Vec<Point>, Vec<Point>) {
    let (a, b) = (l.centre_of(from), l.centre_of(to));
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = dx.hypot(dy).max(1.0);
    // How far a point lies off the straight way, to the left.
    let off = |p: Point| ((p.1 - a.1) * dx - (p.0 - a.0) * dy) / len;
    let corner = from
        .orthogonal()
        .iter()
        .filter(|m| m.diagonal().contains(&to))
        .map(|&m| l.centre_of(m))
        .find(|&p| off(p).abs() > len * 0.15);
    let control = corner.unwrap_or(((a.0 + b.0) / 2.0 - dy * 0.3, (a.1 + b.1) / 2.0 + dx * 0.3));
    let bezier = |u: f32| {
        let v = 1.0 - u;
        (v * v * a.0 + 2.0 * u * v * control.0 + u * u * b.0, v * v * a.1 + 2.0 * u * v * control.1 + u * u * b.1)
    };
    let steps = 16;
    let point = |k: usize| bezier(k as f32 / steps as f32);
    ((0..=steps / 2).map(point).collect(), (steps / 2..=steps).map(point).collect())
}
