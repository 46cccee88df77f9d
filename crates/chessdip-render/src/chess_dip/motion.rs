//! A phase of Chess Dip or Chesspolitik as it resolves, frame by frame,
//! every frame drawn with the still renderer's own functions.
//!
//! Movement: the orders as given (no outcomes), held; then every move runs
//! at once, a square a beat along its real path (square by square for a
//! slide, one beat for a jump or a step, both pieces of a castling), while
//! the orders stay faded underneath and the supports that were given pulse
//! from supporter to supported. A move that succeeded arrives; a move that
//! failed travels to where it was stopped (the square it bounced at, or the
//! first square of its path that failed), flashes there, pauses and goes
//! home; a pawn's attack that struck and stayed strikes and comes back; a
//! dislodged piece fades as its attacker arrives. The last frame is the
//! position after the phase (centers changed hands after Fall) with light
//! marks: a cross in the corner of every piece whose order failed and a
//! red one where a piece was dislodged.
//!
//! Winter: the adjustments as ordered (builds faint), held; then the
//! disbands fade out, the builds fade in (or away, if not carried out) and
//! the promoted pawns turn into their new pieces, two beats each; the last
//! frame is the position after Winter with its badges.

use super::super::anim::{self, Frame, Frames};
use super::super::canvas::{Canvas, Line};
use super::super::Style;
use super::{
    adjustments, badge, board, burst, disband_cross, legend, movement, piece, piece_at, shafts, support_line,
    support_mark, title, Ctx, Overlay, Show, BACKGROUND, GHOST, INK, NEUTRAL, WHITE,
};
use chessdip_rules::chess_dip::{
    Adjustment, AdjustmentKind, AdjustmentReport, ChessDipState, Judgement, Order, OrderKind, Resolution, Variant,
};
use chessdip_rules::{PowerId, Role, Square};

/// How far short of the square it was stopped at a failed move halts, in
/// squares (its front then touches what stopped it).
const SHORT: f32 = 0.62;
/// How long a stopped piece stays where it was stopped, in beats.
const PAUSE: f32 = 1.0;
/// How fast a stopped piece goes home, in squares a beat (it is not news).
const HOMEWARD: f32 = 2.0;
/// How long a dislodged piece takes to fade, in beats (ending as its
/// attacker arrives).
const FADE: f32 = 1.0;
/// The opacity of the orders under the moving pieces.
const FADED: f32 = 0.35;
/// Beats given to each kind of Winter adjustment.
const WINTER_STEP: f32 = 2.0;

/// The phase's resolution as an animation (see [`crate::anim`]), or `None`
/// when nothing moves, appears or disappears: for a movement phase the
/// orders, then every piece along its path (arriving, or stopped and back
/// home, or fading as it is dislodged), then the new position; for Winter
/// the disbands, builds and promotions in turn. `after` is the position
/// the phase left (the report's, as the rules carried the phase out).
#[must_use]
pub fn animate(
    variant: &Variant,
    state: &ChessDipState,
    overlay: Overlay<'_>,
    after: &ChessDipState,
    style: &Style,
    caption: &str,
) -> Option<Vec<Frame>> {
    anim::collect(|out| animate_into(variant, (state, after), overlay, style, caption, out))
}

/// [`animate`] of the phase from `state` to `after`, each frame given to
/// `out` as it is drawn (an [`anim::Gif`] encodes it and keeps none);
/// `false`, and nothing given, when nothing moves, appears or disappears.
pub fn animate_into(
    variant: &Variant,
    (state, after): (&ChessDipState, &ChessDipState),
    overlay: Overlay<'_>,
    style: &Style,
    caption: &str,
    out: &mut dyn Frames,
) -> bool {
    let cx = Ctx::new(variant, style);
    match overlay {
        Overlay::None => false,
        Overlay::Movement(r, given) => movement_frames(&cx, (state, after), (r, given), (style, caption), out),
        Overlay::Adjustment(orders, report) => {
            winter_frames(&cx, (state, after), (orders, report), (style, caption), out)
        }
    }
}

/// The canvas every frame starts from: the title (of the phase being
/// resolved), the board with the centers of `state`, and its legend.
fn layer(cx: &Ctx<'_>, before: &ChessDipState, state: &ChessDipState, style: &Style, caption: &str) -> Canvas {
    let l = &cx.l;
    let mut cv = Canvas::new(l.width, l.height, BACKGROUND);
    title(&mut cv, l, cx.variant, before, style, caption);
    board(&mut cv, cx, state);
    legend(&mut cv, cx, state, style);
    cv
}

/// A finished frame: the result banner of a game that ended, if any.
fn finish(cx: &Ctx<'_>, mut cv: Canvas, style: &Style) -> Canvas {
    super::super::band::draw(&mut cv, cx.l.title_h, style);
    cv
}

/// The first frame at `t` = 0, the last at the end of `beats`, or `None`
/// in between (drawn over the running layer).
fn held<'a>(t: f32, beats: usize, (first, last): (&'a Canvas, &'a Canvas)) -> Option<&'a Canvas> {
    if t <= 0.0 {
        Some(first)
    } else if t >= beats as f32 - 1e-3 {
        Some(last)
    } else {
        None
    }
}

/// One piece's way through a movement phase.
struct Journey {
    power: PowerId,
    role: Role,
    /// The centres of the squares of its path, its own square first.
    path: Vec<(f32, f32)>,
    /// How far out it goes, in squares along `path`.
    out: f32,
    /// Whether it comes back (a failed move, a strike).
    back: bool,
    /// When it fades away (dislodged): the beats the fade starts and ends.
    fade: Option<(f32, f32)>,
    /// What it flashes where it was stopped.
    flash: Option<Flash>,
}

/// A mark where a move was stopped or a pawn struck.
struct Flash {
    at: (f32, f32),
    /// A strike (in the pawn's colour) rather than a clash (white).
    strike: bool,
}

impl Journey {
    /// How many squares along its path the piece is at beat `t`: a square
    /// a beat, easing in and out of each square; then, for a failed move,
    /// a pause and the way home.
    fn squares(&self, t: f32) -> f32 {
        let step = |t: f32| {
            let k = t.floor();
            k + anim::ease(t - k)
        };
        if t <= self.out {
            return step(t.max(0.0)).min(self.out);
        }
        if !self.back {
            return self.out;
        }
        let start = self.out + PAUSE;
        self.out * (1.0 - anim::ease(anim::progress(t, start, start + self.homeward())))
    }

    /// How long the way home takes, in beats.
    fn homeward(&self) -> f32 {
        (self.out / HOMEWARD).max(2.0 / 3.0)
    }

    /// Where the piece is at beat `t`: on its path, snapped to the sub-pixel
    /// grid of its home square's centre (so that every frame draws it from
    /// the same sprite).
    fn point(&self, t: f32) -> (f32, f32) {
        let (x, y) = anim::along_squares(&self.path, self.squares(t));
        let (hx, hy) = self.path.first().copied().unwrap_or((x, y));
        ((x - hx).round() + hx, (y - hy).round() + hy)
    }

    /// When it is done.
    fn end(&self) -> f32 {
        let travel = if self.back { self.out + PAUSE + self.homeward() } else { self.out };
        self.fade.map_or(travel, |(_, e)| travel.max(e))
    }

    /// Its opacity at beat `t`.
    fn alpha(&self, t: f32) -> u8 {
        match self.fade {
            Some((s, e)) => (255.0 * (1.0 - anim::progress(t, s, e))).round() as u8,
            None => 255,
        }
    }
}

/// The squares of a move's path: its start, the intermediate squares and the landing square.
fn path_squares(o: &Order) -> Vec<Square> {
    let mut v = vec![o.square];
    if let OrderKind::Move { to, via, .. } = o.kind {
        v.extend(via.iter());
        v.push(to);
    }
    v
}

/// Where a failed move is stopped: the square it bounced at or whose convoy
/// failed, as an index into its path (the landing square if none is named).
fn stop_index(path: &[Square], outcome: Judgement) -> usize {
    let at = match outcome {
        Judgement::Bounced { at, .. }
        | Judgement::HeadToHead { at, .. }
        | Judgement::ConvoyPrevented { at, .. }
        | Judgement::OwnPiece { at }
        | Judgement::PathBlocked { at } => Some(at),
        _ => None,
    };
    let last = path.len().saturating_sub(1);
    at.and_then(|a| path.iter().position(|&s| s == a)).filter(|&i| i > 0).unwrap_or(last)
}

/// Every piece's way through the phase (pieces that only stay are left
/// out), in drawing order: the dislodged first, under the others.
fn journeys(cx: &Ctx<'_>, state: &ChessDipState, r: &Resolution) -> Vec<(Square, Journey)> {
    let l = &cx.l;
    let centres = |sq: &[Square]| sq.iter().map(|&s| l.centre(s)).collect::<Vec<_>>();
    let mut out: Vec<(Square, Journey)> = Vec::new();
    for (sq, p) in state.pieces() {
        let orders: Vec<(usize, &Order)> = r
            .orders
            .iter()
            .enumerate()
            .filter(|(_, o)| o.square == sq && matches!(o.kind, OrderKind::Move { .. }))
            .collect();
        let moved = r.moved.iter().find(|&&(from, _)| from == sq).map(|&(_, to)| to);
        let journey = if let Some(to) = moved {
            // Along the path of the order that took it there (en passant: the travel, not the attack).
            let path = orders
                .iter()
                .find(|(_, o)| o.move_target() == Some(to))
                .map_or_else(|| vec![sq, to], |(_, o)| path_squares(o));
            // En passant: the attack half strikes the passed pawn as the pawn arrives.
            let strike = orders
                .iter()
                .filter_map(|(_, o)| o.move_target())
                .find(|&at| at != to && r.dislodged.iter().any(|&(d, by)| d == at && by == sq))
                .map(|at| Flash { at: l.centre(at), strike: true });
            Some(Journey {
                power: p.power,
                role: p.role,
                out: (path.len() - 1) as f32,
                path: centres(&path),
                back: false,
                fade: None,
                flash: strike,
            })
        } else if let Some(&(i, o)) = orders.first() {
            let path = path_squares(o);
            let outcome = r.outcomes.get(i).copied().unwrap_or(Judgement::Held);
            let (out, flash) = match outcome {
                Judgement::Struck { .. } => (0.5, Some(Flash { at: l.centre(path[path.len() - 1]), strike: true })),
                Judgement::PartnerFailed => (0.25, None),
                Judgement::Moved => (0.0, None),
                _ => {
                    let k = stop_index(&path, outcome) as f32;
                    let h2h = matches!(outcome, Judgement::HeadToHead { .. });
                    let centres = centres(&path);
                    let at = anim::along_squares(&centres, if h2h { k - 0.5 } else { k - 0.3 });
                    ((k - SHORT).max(0.25), Some(Flash { at, strike: false }))
                }
            };
            Some(Journey { power: p.power, role: p.role, path: centres(&path), out, back: true, fade: None, flash })
        } else {
            None
        };
        let dislodged = r.dislodged.iter().find(|&&(d, _)| d == sq).map(|&(_, by)| by);
        match (journey, dislodged) {
            (Some(j), None) => out.push((sq, j)),
            (j, Some(_)) => {
                let mut j = j.unwrap_or(Journey {
                    power: p.power,
                    role: p.role,
                    path: vec![l.centre(sq)],
                    out: 0.0,
                    back: false,
                    fade: None,
                    flash: None,
                });
                j.fade = Some((0.0, FADE));
                out.insert(0, (sq, j));
            }
            (None, None) => {}
        }
    }
    // A dislodged piece fades as its attacker arrives.
    let arrivals: Vec<(Square, f32)> =
        out.iter().filter(|(_, j)| !j.back && j.fade.is_none()).map(|(s, j)| (*s, j.out)).collect();
    for (sq, j) in &mut out {
        if j.fade.is_some() {
            let by = r.dislodged.iter().find(|&&(d, _)| d == *sq).map(|&(_, by)| by);
            let arrive = by.and_then(|b| arrivals.iter().find(|(s, _)| *s == b)).map_or(1.0, |&(_, t)| t);
            j.fade = Some(((arrive - FADE).max(0.0), arrive.max(FADE * 0.5)));
        }
    }
    out
}

/// Gives `out` the keys every frame is drawn from: the first and last
/// frames, and the running layer as a frame shows it.
fn give_keys(out: &mut dyn Frames, cx: &Ctx<'_>, (first, running, last): (&Canvas, &Canvas, &Canvas), style: &Style) {
    let finished = super::super::band::has_band(style).then(|| finish(cx, running.clone(), style));
    out.keys(&[first, finished.as_ref().unwrap_or(running), last]);
}

fn movement_frames(
    cx: &Ctx<'_>,
    (state, after): (&ChessDipState, &ChessDipState),
    (r, given): (&Resolution, &[Order]),
    (style, caption): (&Style, &str),
    out: &mut dyn Frames,
) -> bool {
    let js = journeys(cx, state, r);
    if js.is_empty() {
        return false;
    }
    let l = &cx.l;
    let w = l.sq;
    let base = layer(cx, state, state, style, caption);
    // The orders as given, over the position.
    let mut first = base.clone();
    for (s, p) in state.pieces() {
        piece(&mut first, cx, s, p.power, p.role, 255);
    }
    movement(&mut first, cx, state, r, given, Show { outcomes: false, plates: true, opacity: 1.0 });
    // Under the moving pieces: those that stay, and the orders faded.
    let mut running = base;
    for (s, p) in state.pieces().filter(|(s, _)| !js.iter().any(|(q, _)| q == s)) {
        piece(&mut running, cx, s, p.power, p.role, 255);
    }
    movement(&mut running, cx, state, r, given, Show { outcomes: false, plates: false, opacity: FADED });
    // The supports that were given stand out over the faded orders, with a
    // light running along each while the pieces move.
    let shafts = shafts(cx, state, r);
    let supports: Vec<_> = r
        .orders
        .iter()
        .enumerate()
        .filter(|&(i, _)| r.outcomes.get(i).is_some_and(|o| o.succeeded()))
        .filter_map(|(i, o)| support_line(l, r, &shafts, i).map(|sl| (o.power, sl)))
        .collect();
    for (power, sl) in &supports {
        support_mark(&mut running, cx, *power, sl, 255, w * 0.05);
    }
    // The last frame: the new position, with light marks.
    let mut last = layer(cx, state, after, style, caption);
    for (s, p) in after.pieces() {
        piece(&mut last, cx, s, p.power, p.role, 255);
    }
    for &(s, _) in &r.dislodged {
        corner_cross(&mut last, cx, s, true);
    }
    for (o, out) in r.orders.iter().zip(&r.outcomes) {
        let dislodged = r.dislodged.iter().any(|&(d, _)| d == o.square);
        if !out.succeeded() && !dislodged && after.piece(o.square).is_some() && o.kind != OrderKind::Hold {
            corner_cross(&mut last, cx, o.square, false);
        }
    }
    // Every piece settles at least a frame before the marks come.
    let end = js.iter().map(|(_, j)| j.end()).fold(1.0f32, f32::max);
    let beats = (end + 1.0 / anim::FRAMES_PER_BEAT as f32).ceil() as usize;
    let (first, last) = (finish(cx, first, style), finish(cx, last, style));
    give_keys(out, cx, (&first, &running, &last), style);
    anim::timeline(beats, out, |t| {
        if let Some(end) = held(t, beats, (&first, &last)) {
            return end.clone();
        }
        let mut cv = running.clone();
        for (_, sl) in &supports {
            // A light running from the supporter to what it supports, a trip a beat.
            let (a, b) = (sl.start, sl.end);
            let f = anim::ease(t.fract());
            let (x, y) = (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f);
            cv.disc(x, y, w * 0.055 + 1.5, INK);
            cv.disc(x, y, w * 0.055, WHITE);
        }
        for (_, j) in &js {
            let alpha = j.alpha(t);
            if alpha > 0 {
                piece_at(&mut cv, cx, j.point(t), j.power, j.role, alpha);
            }
        }
        for (_, j) in &js {
            let Some(f) = &j.flash else { continue };
            let p = anim::progress(t, j.out - 0.2, j.out + PAUSE * 0.8);
            if p > 0.0 && p < 1.0 {
                let r = w * 0.24 * (std::f32::consts::PI * p).sin().sqrt();
                let edge = (w * 0.022).max(1.5);
                let colours = if f.strike { (cx.colour(j.power), INK) } else { (WHITE, INK) };
                burst(&mut cv, f.at, r, colours, edge);
            }
        }
        finish(cx, cv, style)
    });
    true
}

/// A small cross in the top left corner of `s`: an order that failed (dark
/// on white) or a piece dislodged there (white on the dislodged colour).
fn corner_cross(cv: &mut Canvas, cx: &Ctx<'_>, s: Square, dislodged: bool) {
    let l = &cx.l;
    let w = l.sq;
    let (x, y) = l.corner(s);
    let r = (w * 0.1).max(5.0);
    let (bx, by) = (x + r + w * 0.05, y + r + w * 0.05);
    let edge = (w * 0.022).max(1.5);
    let (fill, ink) = if dislodged { (cx.colours.dislodged, WHITE) } else { (WHITE, cx.colours.failed) };
    cv.disc(bx, by, r + edge, INK);
    cv.disc(bx, by, r, fill);
    cv.cross(bx, by, r * 0.55, &Line { colour: ink, width: w * 0.035, dash: None });
}

/// What happens to one piece in Winter.
enum Change {
    /// Disbanded (ordered or in civil disorder): fades out.
    Gone(Role),
    /// Built (or, if not carried out, never there): fades in from a ghost.
    Built(Role, bool),
    /// A pawn promoted to `role`.
    Promoted(Role),
}

fn winter_frames(
    cx: &Ctx<'_>,
    (state, after): (&ChessDipState, &ChessDipState),
    (orders, report): (&[Adjustment], &AdjustmentReport),
    (style, caption): (&Style, &str),
    out: &mut dyn Frames,
) -> bool {
    let mut changes: Vec<(Square, PowerId, Change)> = Vec::new();
    for a in orders {
        let done = report.carried_out.contains(a);
        match a.kind {
            AdjustmentKind::Build { role, square } => changes.push((square, a.power, Change::Built(role, done))),
            AdjustmentKind::Disband { role, square } if done => changes.push((square, a.power, Change::Gone(role))),
            AdjustmentKind::Promote { square, role } if done => {
                changes.push((square, a.power, Change::Promoted(role)));
            }
            _ => {}
        }
    }
    for &(power, role, square) in &report.civil_disorder {
        changes.push((square, power, Change::Gone(role)));
    }
    for &(power, square) in &report.default_promotions {
        changes.push((square, power, Change::Promoted(Role::Knight)));
    }
    let visible = changes.iter().any(|(_, _, c)| !matches!(c, Change::Built(_, false)));
    if !visible {
        return false;
    }
    // The steps in order, each kind that happens taking its beats.
    let kinds = [
        changes.iter().any(|(_, _, c)| matches!(c, Change::Gone(_))),
        changes.iter().any(|(_, _, c)| matches!(c, Change::Built(..))),
        changes.iter().any(|(_, _, c)| matches!(c, Change::Promoted(_))),
    ];
    let mut starts = [0.0f32; 3];
    let mut t0 = 0.0;
    for (k, &on) in kinds.iter().enumerate() {
        starts[k] = t0;
        if on {
            t0 += WINTER_STEP;
        }
    }
    let beats = t0.ceil() as usize;
    let base = layer(cx, state, state, style, caption);
    let mut first = base.clone();
    for (s, p) in state.pieces() {
        piece(&mut first, cx, s, p.power, p.role, 255);
    }
    adjustments(&mut first, cx, state, orders, report, false);
    let mut running = base;
    for (s, p) in state.pieces().filter(|(s, _)| !changes.iter().any(|(q, _, _)| q == s)) {
        piece(&mut running, cx, s, p.power, p.role, 255);
    }
    let mut last = layer(cx, state, after, style, caption);
    for (s, p) in after.pieces() {
        piece(&mut last, cx, s, p.power, p.role, 255);
    }
    for (s, _, c) in &changes {
        match c {
            Change::Built(_, done) => badge(&mut last, cx, *s, "+", *done),
            Change::Promoted(role) => badge(&mut last, cx, *s, &role.char().to_string(), true),
            Change::Gone(_) => {}
        }
    }
    let fade = |t: f32, k: usize| anim::ease(anim::progress(t, starts[k], starts[k] + WINTER_STEP));
    let (first, last) = (finish(cx, first, style), finish(cx, last, style));
    give_keys(out, cx, (&first, &running, &last), style);
    anim::timeline(beats, out, |t| {
        if let Some(end) = held(t, beats, (&first, &last)) {
            return end.clone();
        }
        let mut cv = running.clone();
        let a = |x: f32| (255.0 * x.clamp(0.0, 1.0)).round() as u8;
        for (s, power, c) in &changes {
            match *c {
                Change::Gone(role) => {
                    let f = fade(t, 0);
                    if f < 1.0 {
                        piece(&mut cv, cx, *s, *power, role, a(1.0 - f));
                        disband_cross(&mut cv, cx, *s, None);
                    }
                }
                Change::Built(role, done) => {
                    let f = fade(t, 1);
                    let g = f32::from(GHOST) / 255.0;
                    let alpha = if done { g + (1.0 - g) * f } else { g * (1.0 - f) };
                    if alpha > 0.0 {
                        piece(&mut cv, cx, *s, *power, role, a(alpha));
                    }
                    badge(&mut cv, cx, *s, "+", done || f < 1.0);
                }
                Change::Promoted(role) => {
                    let f = fade(t, 2);
                    let from = state.piece(*s).map_or(Role::Pawn, |p| p.role);
                    if f > 0.0 && f < 1.0 {
                        // A flash behind the piece as it changes.
                        let edge = (cx.l.sq * 0.022).max(1.5);
                        let r = cx.l.sq * 0.46 * (std::f32::consts::PI * f).sin();
                        burst(&mut cv, cx.l.centre(*s), r, (NEUTRAL, INK), edge);
                    }
                    if f < 1.0 {
                        piece(&mut cv, cx, *s, *power, from, a(1.0 - f));
                    }
                    if f > 0.0 {
                        piece(&mut cv, cx, *s, *power, role, a(f));
                    }
                    badge(&mut cv, cx, *s, &role.char().to_string(), true);
                }
            }
        }
        finish(cx, cv, style)
    });
    true
}
