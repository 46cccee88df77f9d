//! The resolution as an animation: one large board (for every mode) on
//! which the pieces travel their lines one square a tick, as the resolver
//! ran them (the traced step runs the report keeps).
//!
//! - The first frame is the turn's position with every order's arrow as
//!   given (numbered when the mode numbers them, no outcome marks), held.
//! - Then one beat per tick: moving pieces slide from square to square; a
//!   piece whose move fails pushes towards the square it could not enter,
//!   a clash flashes there (where two pieces met, on the square; against a
//!   standing piece or in a swap, at the squares' edge), and it goes back
//!   as the mode says: at once (basic, progressive: it slides home within
//!   the tick) or one square a tick (simultaneously progressive). A taken
//!   piece fades under the taken cross in the tick it is taken, where it
//!   is taken; a pawn becomes its promotion piece when it lands. While the
//!   pieces move, the arrows of the moves running stay faintly under them.
//! - A progressive turn runs its steps one after the other on the same
//!   board (each step's moves start together from the position the last
//!   step left; the title names the step), rather than on the still
//!   image's grid of small boards: one board shows where each piece goes
//!   and keeps the pieces large, and the steps follow in time.
//! - The last frame is the position after the turn (`report.after`), with
//!   no arrows, held.

use super::{
    arrows_as, board, colours, draw_piece, failure_mark, piece_at, place, replay, step_count, taken_mark_at, texts,
    title,
};
use super::{legend, BoardSpot, Colours, Frame as Board, BACKGROUND};
use crate::anim::{self, along, progress};
use crate::canvas::{towards, Canvas, Line, Rgba};
use crate::Style;
use chessdip_rules::diplomacy_chess::resolve::{StepResult, Trace, TracedPiece};
use chessdip_rules::diplomacy_chess::{
    DiplomacyChessReport, DiplomacyChessState, Fate, Mode, Move, MoveReport, Piece, Position, Variant,
};
use chessdip_rules::{Role, Square};

/// The most beats an animation takes (55 frames, 2.7 s of movement): a
/// turn with more ticks than this runs every tick faster by one factor.
pub const MAX_BEATS: f32 = 18.0;

/// The colour of a clash's flash (the rays round a white core).
pub const CLASH: Rgba = Rgba::rgb(0xFF, 0xC4, 0x1F);
/// Where in its tick a failing piece is furthest out (and the clash flashes).
const APEX: f32 = 0.4;

/// One resolution of the turn (the whole turn, or a progressive step).
struct Segment<'a> {
    /// The step (0 outside the progressive mode).
    step: usize,
    /// The beat it starts at.
    start: f32,
    /// Its length in ticks (beats).
    ticks: usize,
    /// The position it starts from.
    pos: Position,
    /// The moves it runs, in the resolver's order.
    moves: Vec<Move>,
    /// Their reports (for the arrows).
    reports: Vec<&'a MoveReport>,
    outcome: StepResult,
    trace: Trace,
}

/// The resolutions of `r`, in order, each with its moves' trace, as the
/// report's step runs keep them. A progressive turn runs step by step as
/// the turn ran it.
fn segments(r: &DiplomacyChessReport) -> Vec<Segment<'_>> {
    let stepwise = r.mode == Mode::Progressive;
    let last = if stepwise { step_count(r) } else { 1 };
    let mut out = Vec::new();
    let mut start = 0.0;
    for kept in r.steps.iter().filter(|s| s.step <= last) {
        let Some((outcome, trace)) = &kept.run else { continue };
        let reports: Vec<&MoveReport> = r.moves.iter().filter(|m| !stepwise || m.step == kept.step).collect();
        // A turn whose every move fails before the first tick (kings kept home) still gets its beat.
        let ticks = trace.pieces.iter().map(|p| p.at.len().saturating_sub(1)).max().unwrap_or(0).max(1);
        out.push(Segment {
            step: if stepwise { kept.step } else { 0 },
            start,
            ticks,
            pos: kept.start.clone(),
            moves: kept.moves.clone(),
            reports,
            outcome: outcome.clone(),
            trace: trace.clone(),
        });
        // A beat's rest after each progressive step, so that one step ends before the next starts.
        start += ticks as f32 + if stepwise { 1.0 } else { 0.0 };
    }
    out
}

/// The square a traced piece is on at the end of tick `k` (the last one
/// known after its trace ends).
fn at(p: &TracedPiece, k: usize) -> Option<Square> {
    p.at.get(k).or(p.at.last()).copied().flatten()
}

/// The piece's line: its start square, then the squares it enters.
fn line(p: &TracedPiece) -> Vec<Square> {
    std::iter::once(p.from).chain(p.path.iter().copied()).collect()
}

/// The squares from `from` back to `to` along the piece's line (both
/// included), or just the two if either is off the line.
fn back_along(p: &TracedPiece, from: Square, to: Square) -> Vec<Square> {
    let l = line(p);
    match (l.iter().position(|&s| s == from), l.iter().position(|&s| s == to)) {
        (Some(i), Some(j)) if j <= i => l[j..=i].iter().rev().copied().collect(),
        _ => vec![from, to],
    }
}

/// Everything drawn on the board at one moment of a segment.
struct Scene<'s, 'a> {
    seg: &'s Segment<'a>,
    b: BoardSpot,
    c: Colours,
}

impl Scene<'_, '_> {
    /// The tick in progress at segment time `u` and how far through it.
    fn tick(&self, u: f32) -> (usize, f32) {
        let u = u.clamp(0.0, self.seg.ticks as f32);
        let k = (u.floor() as usize + 1).min(self.seg.ticks);
        (k, u - (k - 1) as f32)
    }

    /// The capture of the piece that stood on `home` at the segment's
    /// start: where and at which tick.
    fn taken(&self, home: Square) -> Option<(Square, usize)> {
        let o = &self.seg.outcome;
        let i = o.taken.iter().position(|t| t.home == home)?;
        Some((o.taken[i].at, self.seg.trace.taken_at.get(i).map_or(self.seg.ticks, |&k| k as usize)))
    }

    /// The alpha of a piece taken at tick `k`, at tick `now` (`f` through
    /// it): whole until the middle of its tick, then fading.
    fn fade(k: usize, now: usize, f: f32) -> Option<u8> {
        match now.cmp(&k) {
            std::cmp::Ordering::Less => Some(255),
            std::cmp::Ordering::Greater => None,
            std::cmp::Ordering::Equal if f >= 1.0 => None,
            std::cmp::Ordering::Equal => Some((255.0 * (1.0 - progress(f, 0.3, 1.0))) as u8),
        }
    }

    fn piece(&self, cv: &mut Canvas, at: (f32, f32), p: Piece, alpha: u8) {
        // Whole pixels and a few alphas: the sprite cache keeps up with moving pieces.
        let alpha = if alpha == 255 { 255 } else { alpha & 0xE0 };
        piece_at(cv, (at.0.round(), at.1.round()), self.b.sq * 0.8, p, alpha);
    }

    /// A fading piece under the taken cross.
    fn going(&self, cv: &mut Canvas, at: (f32, f32), p: Piece, alpha: u8) {
        self.piece(cv, at, p, alpha);
        taken_mark_at(cv, at, self.b.sq, &self.c);
    }

    /// The board's pieces at segment time `u`.
    fn draw(&self, cv: &mut Canvas, u: f32) {
        let seg = self.seg;
        let (k, f) = self.tick(u);
        let moving: Vec<Square> = seg.trace.pieces.iter().map(|p| p.from).collect();
        // Pieces that stand all along, or until they are taken.
        for (s, p) in seg.pos.pieces().filter(|(s, _)| !moving.contains(s)) {
            match self.taken(s) {
                None => draw_piece(cv, &self.b, s, p, 255),
                Some((_, when)) => match Self::fade(when, k, f) {
                    Some(255) => draw_piece(cv, &self.b, s, p, 255),
                    Some(a) => self.going(cv, self.b.centre(s), p, a),
                    None => {}
                },
            }
        }
        // Clashes' rays under the moving pieces, their crosses over them.
        let clashes: Vec<_> = seg.trace.pieces.iter().filter_map(|tp| self.clash(tp, k, f)).collect();
        for &(at, colour, grow) in &clashes {
            rays(cv, at, self.b.sq, colour, grow);
        }
        for tp in &seg.trace.pieces {
            self.mover(cv, tp, k, f);
        }
        for &(at, ..) in &clashes {
            failure_mark(cv, at, self.b.sq * 0.7, &self.c);
        }
    }

    /// Where a piece turning back at tick `k` after standing on `a` goes out
    /// to (the square it could not enter, or `a` itself) and how far.
    fn bump(&self, tp: &TracedPiece, a: Square) -> ((f32, f32), (f32, f32), f32) {
        let b = &self.b;
        let l = line(tp);
        let i = l.iter().position(|&s| s == a).unwrap_or(0);
        let (pa, px) = (b.centre(a), l.get(i + 1).map_or(b.centre(a), |&s| b.centre(s)));
        let gap = ((px.0 - pa.0).powi(2) + (px.1 - pa.1).powi(2)).sqrt();
        // Two pieces entering one square meet on it; otherwise at the squares' edge.
        let met = matches!(self.fate(tp), Some(Fate::Met { .. } | Fate::EqualRank { .. }));
        (pa, px, gap * if met { 0.62 } else { 0.45 })
    }

    fn fate(&self, tp: &TracedPiece) -> Option<Fate> {
        self.seg.outcome.fates.get(tp.mv).copied()
    }

    /// The clash a piece makes at tick `k`, `f` through it, if any: where,
    /// its colour, how far through the flash.
    fn clash(&self, tp: &TracedPiece, k: usize, f: f32) -> Option<((f32, f32), Rgba, f32)> {
        let turned = tp.turned.map(|t| (t as usize).max(1));
        if turned != Some(k) || f <= 0.0 || f >= 1.0 {
            return None;
        }
        let (pa, px, depth) = self.bump(tp, at(tp, k - 1)?);
        let (point, colour) = match self.fate(tp)? {
            Fate::Met { at, .. } | Fate::EqualRank { at, .. } => (self.b.centre(at), CLASH),
            Fate::KingInCheck { on } => (self.b.centre(on), self.c.check),
            Fate::Partner | Fate::Moved => return None,
            _ => (towards(pa, px, depth), CLASH),
        };
        Some((point, colour, progress(f, APEX * 0.5, 1.0)))
    }

    /// Draws a moving piece at tick `k`, `f` through it.
    fn mover(&self, cv: &mut Canvas, tp: &TracedPiece, k: usize, f: f32) -> Option<()> {
        let b = &self.b;
        let mv = self.seg.moves.get(tp.mv)?;
        let a = at(tp, k - 1)?;
        let piece = if tp.piece.role == Role::Pawn && tp.turned.is_none() && at(tp, k) == Some(mv.to) {
            // A promotion shows from the moment the pawn lands.
            let landed = f >= 0.6 || tp.path.len() < k;
            Piece::new(tp.piece.side, mv.promotion.filter(|_| landed).unwrap_or(Role::Pawn))
        } else {
            tp.piece
        };
        let turned = tp.turned.map(|t| (t as usize).max(1));
        if turned == Some(k) {
            // Out towards the square it could not enter, a clash, and back.
            let (pa, px, depth) = self.bump(tp, a);
            let apex = towards(pa, px, depth);
            let home = at(tp, k).unwrap_or(a);
            let here = if f <= APEX {
                towards(pa, px, depth * anim::ease(f / APEX))
            } else {
                let back: Vec<(f32, f32)> =
                    std::iter::once(apex).chain(back_along(tp, a, home).iter().map(|&s| b.centre(s))).collect();
                along(&back, anim::ease((f - APEX) / (1.0 - APEX)))
            };
            self.piece(cv, here, piece, 255);
            return Some(());
        }
        match at(tp, k) {
            Some(to) => {
                let (pa, pb) = (b.centre(a), b.centre(to));
                self.piece(cv, (pa.0 + (pb.0 - pa.0) * f, pa.1 + (pb.1 - pa.1) * f), piece, 255);
            }
            None => {
                // Taken in this tick: on to where it is taken, fading there.
                let (where_, _) = self.taken(tp.from).unwrap_or((a, k));
                let (pa, pb) = (b.centre(a), b.centre(where_));
                let t = progress(f, 0.0, 0.5);
                let alpha = Self::fade(k, k, f)?;
                self.going(cv, (pa.0 + (pb.0 - pa.0) * t, pa.1 + (pb.1 - pa.1) * t), piece, alpha);
            }
        }
        Some(())
    }
}

/// A clash's burst: rays in `colour` (outlined in ink), `grow` (0 to 1)
/// through it, spreading and fading.
fn rays(cv: &mut Canvas, (x, y): (f32, f32), sq: f32, colour: Rgba, grow: f32) {
    let r = sq * (0.36 + 0.22 * grow);
    let alpha = (255.0 * (1.0 - 0.4 * grow)) as u8;
    let width = (sq * 0.08).max(3.0);
    for i in 0..8 {
        let a = i as f32 * std::f32::consts::FRAC_PI_4 + 0.2;
        let (dx, dy) = (a.cos(), a.sin());
        let inner = (x + dx * r * 0.5, y + dy * r * 0.5);
        let outer = (x + dx * r, y + dy * r);
        cv.line(inner, outer, &Line { colour: super::INK.alpha(alpha / 2), width: width + 2.0, dash: None });
        cv.line(inner, outer, &Line { colour: colour.alpha(alpha), width, dash: None });
    }
}

/// The turn's resolution as an animation (see [`crate::anim`]): one large
/// board on which the pieces travel their lines one square a tick as the
/// resolver ran them, clash, go back, are taken and promote where they do
/// (progressive steps one after the other), from the position with the
/// orders as given to the position after the turn. `None` when no move
/// was tried (nothing moves).
#[must_use]
pub fn animate(
    variant: &Variant,
    state: &DiplomacyChessState,
    r: &DiplomacyChessReport,
    style: &Style,
    caption: &str,
) -> Option<Vec<anim::Frame>> {
    anim::collect(|out| animate_into(variant, state, r, style, caption, out))
}

/// [`animate`], each frame given to `out` as it is drawn (an
/// [`anim::Gif`] encodes it and keeps none); `false`, and nothing given,
/// when no move was tried.
pub fn animate_into(
    variant: &Variant,
    state: &DiplomacyChessState,
    r: &DiplomacyChessReport,
    style: &Style,
    caption: &str,
    out: &mut dyn anim::Frames,
) -> bool {
    let _ = state; // The report holds the positions before and after.
    let segs = segments(r);
    let Some(total) = segs.last().map(|s| s.start + s.ticks as f32) else { return false };
    let c = colours(style.palette);
    // One large board listing every move (a progressive turn's too).
    let all = Board {
        step: 0,
        pos: r.before.clone(),
        moves: r.moves.iter().collect(),
        taken: r.captures.iter().map(|t| (t.piece, t.origin, t.at)).collect(),
    };
    let p = place(Some(r), std::slice::from_ref(&all), style);
    let mut b = p.boards[0];
    // What does not move: title, board (and its check marks), list and legend.
    let plain = |pos: &Position, caption: &str| {
        let mut cv = Canvas::new(p.width, p.height, BACKGROUND);
        title(&mut cv, &p, variant.mode, r.turn, style, caption);
        board(&mut cv, &p, &p.boards[0], pos, &c);
        texts(&mut cv, &p, &c);
        legend(&mut cv, &p, &c);
        cv
    };
    let mut last = plain(&r.after, caption);
    // A game that ends: the result's band opens in every frame, and reads only in the last.
    let mut band = None;
    if crate::band::has_band(style) {
        let h = last.height();
        crate::band::draw(&mut last, p.banner.1, style);
        let top = p.banner.1.round().max(0.0) as u32;
        let rows = last.height().saturating_sub(h);
        band = Some((top, rows, last.pixel(1, top + rows / 2).unwrap_or(BACKGROUND)));
        b.y += rows as f32;
    }
    let layer = |pos: &Position, caption: &str| {
        let mut cv = plain(pos, caption);
        if let Some((top, rows, colour)) = band {
            cv.insert_band(top, rows, colour);
        }
        cv
    };
    let first = layer(&r.before, caption);
    // While pieces move, no square is marked for check (a king may be on its way out of it).
    let calm = Position::empty();
    // Numbered as the still's step boards are (a step in which nothing
    // moved is not played, but still counts), and only when the still
    // draws the turn as step boards.
    let steps = step_count(r);
    let grid = replay(r).0.len() >= 2;
    let layers: Vec<Canvas> = segs
        .iter()
        .map(|s| match s.step {
            k if k > 0 && grid => layer(&calm, &format!("step {k} of {steps}")),
            _ => layer(&calm, caption),
        })
        .collect();
    let numbered = r.mode != Mode::Basic;
    // A long turn (steps of long slides) plays faster rather than longer:
    // past MAX_BEATS every tick is shortened by the same factor.
    let beats = total.round().max(1.0);
    let shown = beats.min(MAX_BEATS);
    let scale = beats / shown;
    // The first frame (the orders as given) and the last (the position after).
    let mut start = first.clone();
    for (s, piece) in r.before.pieces() {
        draw_piece(&mut start, &b, s, piece, 255);
    }
    arrows_as(&mut start, &b, &c, &r.moves.iter().collect::<Vec<_>>(), numbered, Some(255));
    for (s, piece) in r.after.pieces() {
        draw_piece(&mut last, &b, s, piece, 255);
    }
    out.keys(&[&start, &last]);
    anim::timeline(shown as usize, out, |t| {
        let t = t * scale;
        if t <= 0.0 {
            return start.clone();
        }
        if t >= total {
            return last.clone();
        }
        let i = segs.iter().rposition(|s| s.start <= t).unwrap_or(0);
        let (Some(seg), Some(layer)) = (segs.get(i), layers.get(i)) else { return first.clone() };
        let mut cv = layer.clone();
        arrows_as(&mut cv, &b, &c, &seg.reports, numbered, Some(70));
        Scene { seg, b, c }.draw(&mut cv, t - seg.start);
        cv
    });
    true
}
