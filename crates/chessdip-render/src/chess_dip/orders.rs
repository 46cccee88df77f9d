//! A movement phase's orders over the position: arrows in lanes, support
//! and convoy lines, the power tags at their tails, and the outcomes
//! (failure crosses, contest markers, dislodged pieces).

use super::marks::{burst, contest_marker, mark_spot, marker_box, overlap, tag, tag_box, tag_spot};
use super::{contest_labels, plate, Colours, Ctx, Layout, NEUTRAL};
use crate::canvas::{shifted, towards, Canvas, Line};
use crate::lanes::lanes;
use crate::theme::{INK, WHITE};
use chessdip_rules::chess_dip::{ChessDipState, Judgement, MoveKind, Order, OrderKind, Resolution, Supported};
use chessdip_rules::{PowerId, Square};

/// A box: left, top, width, height.
type Rect = (f32, f32, f32, f32);

/// The drawn arrow of a move: where its shaft starts, where its head's
/// tip is, and how long its head is.
#[derive(Copy, Clone, Debug)]
pub(super) struct Shaft {
    pub(super) start: (f32, f32),
    pub(super) tip: (f32, f32),
    pub(super) head: f32,
}

impl Shaft {
    /// The box the head covers (the tip and the two corners of its base).
    pub(super) fn head_box(&self) -> Rect {
        head_box(self.start, self.tip, self.head)
    }
}

/// The box of a head `head` long at `tip` on an arrow from `start`.
fn head_box(start: (f32, f32), tip: (f32, f32), head: f32) -> Rect {
    let base = towards(tip, start, head);
    let (l1, _) = shifted(base, tip, head * 0.55);
    let (l2, _) = shifted(base, tip, -head * 0.55);
    let xs = [tip.0, l1.0, l2.0];
    let ys = [tip.1, l1.1, l2.1];
    let (x0, x1) = (xs.iter().copied().fold(f32::MAX, f32::min), xs.iter().copied().fold(f32::MIN, f32::max));
    let (y0, y1) = (ys.iter().copied().fold(f32::MAX, f32::min), ys.iter().copied().fold(f32::MIN, f32::max));
    (x0, y0, x1 - x0, y1 - y0)
}

/// The arrow of every order of `r` that is a move (`None` for the others),
/// on `state`, the position the orders were given in.
///
/// Moves along one line that overlap (head-to-head battles, castling, a
/// double step behind a single one) lie in lanes side by side. Each head
/// stays whole and in sight: clear of the mover's own plate (drawn over
/// the arrow's tail), of the plate of a piece on the landing square and of
/// a contest marker there. A long arrow stops short of them; a one-square
/// move (`K e5 - e6`) has room for little more than its head, so its head
/// may shrink by a third and its shaft start at the piece's centre rather
/// than ever hide under a plate or a marker.
pub(super) fn shafts(cx: &Ctx<'_>, state: &ChessDipState, r: &Resolution) -> Vec<Option<Shaft>> {
    let l = &cx.l;
    let lanes = lane_offsets(l, r);
    let markers: Vec<(Square, Rect)> =
        contest_labels(state, r).iter().map(|(s, pills)| (*s, marker_box(cx, *s, pills))).collect();
    r.orders
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let OrderKind::Move { to, .. } = o.kind else { return None };
            let mut clear = vec![l.plate(o.square)];
            if state.piece(to).is_some() {
                clear.push(l.plate(to));
            }
            clear.extend(markers.iter().filter(|(s, _)| *s == to).map(|(_, b)| *b));
            let (a, b) = shifted(l.centre(o.square), l.centre(to), lanes.get(i).copied().unwrap_or(0.0));
            Some(shaft(l, (a, b), &clear))
        })
        .collect()
}

/// The arrow from the centre `a` of a mover's square to the centre `b` of
/// its target, its head clear of the boxes `clear` (see [`shafts`]): the
/// longest arrow with the largest head that covers no more than a sliver
/// of them, else the one that covers least.
fn shaft(l: &Layout, (a, b): ((f32, f32), (f32, f32)), clear: &[Rect]) -> Shaft {
    let sq = l.sq;
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    let far = (len - sq * 0.2).max(sq * 0.3);
    // The canvas draws a head at most 0.6 of its arrow's length.
    let start_for = |d: f32, head: f32| (sq * 0.12).min(d - head / 0.6);
    let covered = |d: f32, head: f32| -> f32 {
        let (start, tip) = (towards(a, b, start_for(d, head).max(0.0)), towards(a, b, d));
        let bx = head_box(start, tip, head);
        clear.iter().map(|&r| overlap(bx, r)).sum()
    };
    let sliver = sq * sq * 0.004;
    let mut best = (f32::INFINITY, far, sq * ARROW_HEAD);
    for k in [ARROW_HEAD, ARROW_HEAD * 0.84, ARROW_HEAD * 0.68] {
        let head = sq * k;
        let mut d = far;
        while start_for(d, head) >= 0.0 {
            let c = covered(d, head);
            if c <= sliver {
                best = (c, d, head);
                break;
            }
            if c < best.0 {
                best = (c, d, head);
            }
            d -= sq * 0.02;
        }
        if best.0 <= sliver {
            break;
        }
    }
    let (_, d, head) = best;
    Shaft { start: towards(a, b, start_for(d, head).max(0.0)), tip: towards(a, b, d), head }
}

/// How far each order's arrow moves sideways (0 for orders that are not
/// moves): moves on one line that overlap lie in lanes side by side.
pub(super) fn lane_offsets(l: &Layout, r: &Resolution) -> Vec<f32> {
    let segs: Vec<_> = r
        .orders
        .iter()
        .map(|o| match o.kind {
            OrderKind::Move { to, .. } => (l.centre(o.square), l.centre(to)),
            _ => ((0.0, 0.0), (0.0, 0.0)),
        })
        .collect();
    lanes(&segs, l.sq * 0.32, l.sq * 0.6)
}

/// The opacity of a build as ordered, before it is carried out.
pub(super) const GHOST: u8 = 90;

/// An arrow head's length, in squares.
pub(super) const ARROW_HEAD: f32 = 0.25;

/// How much of a movement overlay to draw: the still draws everything; an
/// animation starts with the orders alone (no outcomes), then keeps them
/// faded under the moving pieces.
#[derive(Debug, Clone, Copy)]
pub(super) struct Show {
    /// The outcome marks: failure crosses, contest markers, dislodged
    /// crosses, faded failed supports, struck bursts, failed convoys.
    pub(super) outcomes: bool,
    /// Movers' plates redrawn over their arrows' tails (not when the
    /// movers are drawn elsewhere).
    pub(super) plates: bool,
    /// Opacity of the whole overlay, 0 to 1.
    pub(super) opacity: f32,
}

impl Show {
    /// The still image: everything, opaque.
    pub(super) const STILL: Show = Show { outcomes: true, plates: true, opacity: 1.0 };

    /// An alpha scaled by the overlay's opacity.
    pub(super) fn a(self, alpha: u8) -> u8 {
        (f32::from(alpha) * self.opacity).round().clamp(0.0, 255.0) as u8
    }
}

/// The drawn line of support order `i` (a support): its start and end, its
/// dash, and what it supports; a support-move's line ends on the supported
/// move's arrow, as `shafts` ([`shafts`]) draws it.
pub(super) fn support_line(l: &Layout, r: &Resolution, shafts: &[Option<Shaft>], i: usize) -> Option<SupportLine> {
    let o = r.orders.get(i)?;
    let OrderKind::Support { target, supported, .. } = o.kind else {
        return None;
    };
    let w = l.sq;
    let from = l.centre(o.square);
    let (dash, end) = match supported {
        Supported::Hold => (Some((w * 0.09, w * 0.07)), towards(l.centre(target), from, w * 0.44)),
        Supported::Move { to, .. } => {
            let j = r
                .orders
                .iter()
                .position(|p| p.square == target && matches!(p.kind, OrderKind::Move { to: t, .. } if t == to));
            let end = j.and_then(|j| shafts.get(j).copied().flatten()).map_or_else(
                || {
                    let (a, b) = (l.centre(target), l.centre(to));
                    ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
                },
                |Shaft { start: a, tip: b, .. }| (a.0 + (b.0 - a.0) * 0.6, a.1 + (b.1 - a.1) * 0.6),
            );
            (None, end)
        }
        Supported::Convoy { .. } => (Some((w * 0.035, w * 0.05)), l.centre(target)),
    };
    let start = towards(from, end, w * 0.22);
    Some(SupportLine { start, end, dash, supported, target })
}

/// The geometry of a support's line (see [`support_line`]).
pub(super) struct SupportLine {
    pub(super) start: (f32, f32),
    pub(super) end: (f32, f32),
    pub(super) dash: Option<(f32, f32)>,
    pub(super) supported: Supported,
    pub(super) target: Square,
}

/// A support's line in the supporter's colour over a dark edge, `width`
/// wide, with its end mark (a ring round a held piece, a dot on a move, a
/// square on a convoy), at `alpha`.
pub(super) fn support_mark(cv: &mut Canvas, cx: &Ctx<'_>, power: PowerId, sl: &SupportLine, alpha: u8, width: f32) {
    let l = &cx.l;
    let w = l.sq;
    let edge = (w * 0.022).max(1.5);
    let dark = |width: f32| Line { colour: INK.alpha(alpha), width: width + 2.0 * edge, dash: None };
    let colour = cx.colour(power).alpha(alpha);
    let (start, end) = (sl.start, sl.end);
    cv.line(start, end, &dark(width));
    cv.line(start, end, &Line { colour, width, dash: sl.dash });
    match sl.supported {
        Supported::Hold => {
            let (x, y) = l.centre(sl.target);
            cv.ring(x, y, w * 0.44, &dark(w * 0.035));
            cv.ring(x, y, w * 0.44, &Line { colour, width: w * 0.035, dash: None });
        }
        Supported::Move { .. } => {
            cv.disc(end.0, end.1, w * 0.06 + edge, INK.alpha(alpha));
            cv.disc(end.0, end.1, w * 0.06, colour);
        }
        Supported::Convoy { .. } => {
            let k = w * 0.06;
            cv.rect(end.0 - k - edge, end.1 - k - edge, 2.0 * (k + edge), 2.0 * (k + edge), INK.alpha(alpha));
            cv.rect(end.0 - k, end.1 - k, 2.0 * k, 2.0 * k, colour);
        }
    }
}

/// Where a movement overlay's marks go, worked out once for the still and
/// every frame of the animation: each move's arrow, each move's tail tag
/// (its centre) and each failed order's failure mark (its centre).
pub(super) struct Placed {
    pub(super) shafts: Vec<Option<Shaft>>,
    pub(super) tags: Vec<Option<(f32, f32)>>,
    pub(super) failures: Vec<Option<(f32, f32)>>,
    /// The failure marks' radius.
    pub(super) mark_r: f32,
}

/// The marks of resolution `r` on `state` (see [`Placed`]). Tags and
/// failure marks keep clear of the plates, the contest markers (one per
/// square where several moves bounced, with each contender's strength),
/// the arrows' heads and the tags placed before them; tags also keep clear
/// of the pieces themselves and the center markers.
pub(super) fn placed(cx: &Ctx<'_>, state: &ChessDipState, r: &Resolution) -> Placed {
    let l = &cx.l;
    let shafts = shafts(cx, state, r);
    let mut avoid: Vec<(f32, f32, f32, f32)> = state.pieces().map(|(s, _)| l.plate(s)).collect();
    avoid.extend(contest_labels(state, r).iter().map(|(s, pills)| marker_box(cx, *s, pills)));
    avoid.extend(shafts.iter().flatten().map(Shaft::head_box));
    // Each move's tag, placed in order, clear of those placed before it.
    let centers = cx.variant.centers.iter().map(|s| l.center_mark(s));
    let bodies: Vec<(f32, f32, f32, f32)> = state.pieces().map(|(s, _)| l.body(s)).chain(centers).collect();
    let mut tags: Vec<Option<(f32, f32)>> = vec![None; r.orders.len()];
    for (i, o) in r.orders.iter().enumerate() {
        if let Some(sh) = shafts[i] {
            let clear: Vec<_> = avoid.iter().chain(&bodies).copied().collect();
            let spot = tag_spot(cx, o.power, (sh.start, sh.tip), sh.head, &clear);
            avoid.push(tag_box(cx, o.power, spot));
            tags[i] = Some(spot);
        }
    }
    // A failed move's mark on its shaft, between the tail tag and the head;
    // a failed support's on its line.
    let mark_r = (l.sq * 0.1).max(5.0);
    let failures = r
        .orders
        .iter()
        .enumerate()
        .map(|(i, _)| {
            if r.outcomes[i].succeeded() {
                return None;
            }
            if let Some(sh) = shafts[i] {
                return Some(mark_spot(sh.start, towards(sh.tip, sh.start, sh.head), mark_r, &avoid));
            }
            support_line(l, r, &shafts, i).map(|sl| mark_spot(sl.start, sl.end, mark_r, &avoid))
        })
        .collect();
    Placed { shafts, tags, failures, mark_r }
}

pub(super) fn movement(
    cv: &mut Canvas,
    cx: &Ctx<'_>,
    state: &ChessDipState,
    r: &Resolution,
    given: &[Order],
    show: Show,
) {
    let (l, c) = (&cx.l, &cx.colours);
    let w = l.sq;
    let edge = (w * 0.022).max(1.5);
    let dark = |width: f32, alpha: u8| Line { colour: INK.alpha(show.a(alpha)), width: width + 2.0 * edge, dash: None };
    let Placed { shafts, tags, failures, mark_r } = placed(cx, state, r);
    let markers = contest_labels(state, r);
    // Convoys on intermediate squares first, under the arrows: neutral dots,
    // filled where the convoy held, hollow where it failed.
    for (k, cr) in r.convoys.iter().enumerate() {
        // Several convoy orders on one square sit side by side.
        let same: Vec<usize> = (0..r.convoys.len()).filter(|&j| r.convoys[j].square == cr.square).collect();
        let nth = same.iter().position(|&j| j == k).unwrap_or(0) as f32;
        let spread = (nth - (same.len() as f32 - 1.0) / 2.0) * w * 0.22;
        let (x, y) = l.centre(cr.square);
        let x = x + spread;
        let rad = w * 0.09;
        let (ink, neutral) = (INK.alpha(show.a(255)), NEUTRAL.alpha(show.a(255)));
        cv.disc(x, y, rad + edge, ink);
        if cr.outcome.succeeded() || !show.outcomes {
            cv.disc(x, y, rad, neutral);
            cv.disc(x, y, rad * 0.45, ink);
        } else {
            cv.disc(x, y, rad, neutral);
            cv.cross(x, y, rad * 0.55, &Line { colour: c.failed.alpha(show.a(255)), width: edge * 1.2, dash: None });
        }
    }
    // Holds that were ordered: a ring.
    for o in &r.orders {
        if o.kind == OrderKind::Hold && given.contains(o) {
            let (x, y) = l.centre(o.square);
            cv.ring(x, y, w * 0.44, &Line { colour: c.hold.alpha(show.a(255)), width: w * 0.05, dash: None });
        }
    }
    // Supports: thin lines in the supporter's colour, under the moves;
    // support-hold dashed to a ring, support-move solid to a dot on the
    // supported arrow, support-convoy dotted to a square dot.
    for (i, o) in r.orders.iter().enumerate() {
        let Some(sl) = support_line(l, r, &shafts, i) else {
            continue;
        };
        let ok = r.outcomes[i].succeeded() || !show.outcomes;
        let alpha = if ok { 255 } else { 150 };
        support_mark(cv, cx, o.power, &sl, show.a(alpha), w * 0.04);
    }
    // Moves: arrows in the mover's colour over a dark outline, solid for
    // attacks, dashed for travel; a pawn attack that struck ends in a burst
    // instead of a head. The mover's code rides at the tail.
    let mut tails = Vec::new();
    for (i, o) in r.orders.iter().enumerate() {
        let OrderKind::Move { kind, to, .. } = o.kind else {
            continue;
        };
        let Some(Shaft { start: a, tip: b, head }) = shafts[i] else {
            continue;
        };
        let outcome = r.outcomes[i];
        let ok = outcome.succeeded();
        let colour = cx.colour(o.power);
        let width = w * 0.07;
        let dash = (kind == MoveKind::Travel).then_some((w * 0.14, w * 0.08));
        // A failed move is faded (under its failure mark).
        let alpha = if ok || !show.outcomes { 255 } else { 150 };
        if let (Judgement::Struck { .. }, true) = (outcome, show.outcomes) {
            let centre = l.centre(to);
            let end = towards(centre, a, w * 0.08);
            cv.line(a, end, &dark(width, alpha));
            cv.line(a, end, &Line { colour: colour.alpha(show.a(alpha)), width, dash });
            burst(cv, end, w * 0.2, (colour, INK), edge);
        } else {
            cv.arrow(a, b, &dark(width, alpha), head + edge * 2.2);
            let tip = towards(b, a, edge * 1.1);
            cv.arrow(a, tip, &Line { colour: colour.alpha(show.a(alpha)), width, dash }, head);
        }
        if let Some(spot) = tags[i] {
            tails.push((o.power, spot, show.a(alpha)));
        }
    }
    // A mover's own plate stays readable: its arrow leaves from under it.
    for o in r.orders.iter().filter(|_| show.plates) {
        if matches!(o.kind, OrderKind::Move { .. }) && state.piece(o.square).is_some() {
            let faded = show.outcomes && r.dislodged.iter().any(|&(d, _)| d == o.square);
            plate(cv, cx, o.square, o.power, if faded { 150 } else { 255 });
        }
    }
    for (p, a, alpha) in tails {
        tag(cv, cx, p, a, alpha);
    }
    if !show.outcomes {
        return;
    }
    for (s, pills) in &markers {
        contest_marker(cv, cx, *s, pills);
    }
    for &(x, y) in failures.iter().flatten() {
        cv.disc(x, y, mark_r, WHITE);
        cv.ring(x, y, mark_r, &Line { colour: INK, width: edge, dash: None });
        cv.cross(x, y, mark_r * 0.55, &fail_line(c, w));
    }
    // Dislodged pieces: a heavy cross over the piece.
    for &(s, _) in &r.dislodged {
        let (x, y) = l.centre(s);
        cv.cross(x, y, w * 0.3, &Line { colour: WHITE, width: w * 0.12, dash: None });
        cv.cross(x, y, w * 0.3, &Line { colour: c.dislodged, width: w * 0.075, dash: None });
    }
}

pub(super) fn fail_line(c: &Colours, w: f32) -> Line {
    Line { colour: c.failed, width: w * 0.04, dash: None }
}
