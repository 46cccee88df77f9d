//! The cycle's resolution in motion: every frame is the still picture's
//! backdrop, pieces and legend ([`super::Scene`]) with the pieces the cycle
//! touches drawn where they are at that moment.
//!
//! The rules resolve every move of a cycle together, so every move starts
//! at once. A beat is a square of travel along the move's path (the path
//! its arrow takes in the still image); when the longest path is longer
//! than [`MAX_BEATS`] squares, every piece goes faster by the same factor.

use super::layout::Pt;
use super::{failed_mark, piece_at, routes, swapped, Scene};
use crate::anim::{self, Frame, Frames};
use crate::canvas::{towards, Canvas};
use crate::Style;
use chessdip_rules::chess_wheel::{ChessWheelReport, MoveOutcome, Piece, State, Variant};

/// The most beats the travel takes (31 frames): every frame is a whole
/// image to draw and compare with the one before, and the twelve-board
/// picture is 768 by 2365 pixels.
const MAX_BEATS: f32 = 10.0;
/// How long a failed move's mark stays, in beats.
const MARK_BEATS: f32 = 4.0;
/// How far a blocked piece starts towards its target before it goes back, in squares.
const NUDGE: f32 = 0.3;
/// A taken piece fades while its taker comes from this many squares away
/// to [`FADE_END`] squares away.
const FADE_START: f32 = 1.6;
/// See [`FADE_START`].
const FADE_END: f32 = 0.3;

/// What a piece the cycle touches does.
enum Motion {
    /// It moves along `path` (the centres of its square and its target and
    /// the lanes between), arriving after `beats` beats; `swap`: another
    /// piece comes the other way along the same line.
    Travel { path: Vec<Pt>, beats: f32, swap: bool },
    /// Its move failed: it stays, with a mark on its side towards
    /// `towards` (the first point of its path); `nudge`: it starts that way
    /// and comes back (blocked, not out of range).
    Failed { towards: Pt, nudge: bool },
    /// It stays where it is.
    Still,
}

/// A piece of the position before that moves, fails to, or is taken.
struct Actor {
    piece: Piece,
    motion: Motion,
    /// If it is taken: the length of its taker's path in squares and the
    /// beats the taker takes (`None` when the taker has no path).
    taken_by: Option<Option<(f32, f32)>>,
}

/// The length of a polyline.
fn length(pts: &[Pt]) -> f32 {
    pts.windows(2).map(|w| ((w[1].0 - w[0].0).powi(2) + (w[1].1 - w[0].1).powi(2)).sqrt()).sum()
}

/// The cycle's resolution as an animation (see [`crate::anim`]), drawn at
/// `style.width` (animations use `super::anim::WIDTH`): first the
/// position `state` with the cycle's moves as `draw` shows them, held;
/// then every move at once, as the rules resolve them together, each piece
/// sliding along its arrow's path (square by square on a board, through the
/// lanes and across the hub between boards) at a square a beat, faster
/// when the longest path would take more than ten beats; a taken piece
/// fades as its taker arrives; a piece whose move failed starts towards
/// its target (unless the move was out of its range) and goes back, under
/// a failed-move mark for four beats; last the position after, held.
/// `None` when no piece moves.
#[must_use]
pub fn animate(
    variant: &Variant,
    state: &State,
    report: &ChessWheelReport,
    style: &Style,
    caption: &str,
) -> Option<Vec<Frame>> {
    anim::collect(|out| animate_into(variant, state, report, style, caption, out))
}

/// [`animate`], each frame given to `out` as it is drawn (an
/// [`anim::Gif`] encodes it and keeps none); `false`, and nothing given,
/// when no piece moves.
pub fn animate_into(
    variant: &Variant,
    state: &State,
    report: &ChessWheelReport,
    style: &Style,
    caption: &str,
    out: &mut dyn Frames,
) -> bool {
    if !report.moves.iter().any(|m| m.outcome.succeeded()) {
        return false;
    }
    // The position the moves left, kept with the report: the animation never applies the moves itself.
    let Some(next) = report.moved.as_deref() else { return false };
    // One layout for every frame: room for the longer legend of the two positions.
    let notes = super::notes(state, Some(report), style);
    let lines = super::legend_lines(state, style.width, &notes).max(super::legend_lines(next, style.width, &notes));
    let sc = Scene::new(state, style, notes, lines);
    let (l, s) = (&sc.l, sc.l.s);

    // Each move's path; the speed that keeps the longest within MAX_BEATS.
    let paths: Vec<Option<Vec<Pt>>> =
        routes(l, report).into_iter().map(|r| r.filter(|p| p.len() >= 2 && s > 0.0)).collect();
    let longest = paths.iter().flatten().map(|p| length(p) / s).fold(0.0, f32::max);
    let speed = (longest / MAX_BEATS).max(1.0);
    let beats_of = |p: &[Pt]| (length(p) / s / speed).max(1.0);

    let mut actors: Vec<Actor> = Vec::new();
    for p in &state.pieces {
        let mine = report.moves.iter().zip(&paths).find(|(m, _)| m.order.piece.space == p.space);
        let motion = match mine {
            Some((m, Some(path))) if m.outcome.succeeded() => Motion::Travel {
                path: path.clone(),
                beats: beats_of(path),
                swap: path.len() == 2 && swapped(report, m.order.piece.space, m.order.to),
            },
            Some((m, Some(path))) => Motion::Failed {
                towards: path[1],
                nudge: matches!(m.outcome, MoveOutcome::Collision { .. } | MoveOutcome::OwnPiece { .. }),
            },
            _ => Motion::Still,
        };
        // Taken: by the piece coming along that path.
        let taken_by = report.taken.iter().find(|t| t.piece.space == p.space).map(|t| {
            report
                .moves
                .iter()
                .zip(&paths)
                .find(|(m, _)| m.order.piece.space == t.by.space)
                .and_then(|(_, path)| path.as_deref())
                .map(|path| (length(path) / s, beats_of(path)))
        });
        if taken_by.is_some() || !matches!(motion, Motion::Still) {
            actors.push(Actor { piece: *p, motion, taken_by });
        }
    }
    let travel = actors
        .iter()
        .map(|a| match a.motion {
            Motion::Travel { beats, .. } => beats,
            Motion::Failed { .. } => MARK_BEATS,
            Motion::Still => 0.0,
        })
        .fold(1.0, f32::max);
    let beats = travel.ceil() as usize;

    // Drawn once: the backdrop; the pieces the cycle leaves alone over it
    // with the legend; the first frame (the still orders image) and the last.
    let backdrop = sc.backdrop(variant, state, style, caption);
    let finish = |mut cv: Canvas| {
        super::banner(&mut cv, l, style);
        cv
    };
    let mut first = backdrop.clone();
    super::pieces_and_moves(&mut first, &sc, state, Some(report));
    sc.legend(&mut first, state);
    let first = finish(first);
    let mut last = backdrop.clone();
    super::pieces_and_moves(&mut last, &sc, next, None);
    sc.legend(&mut last, next);
    let last = finish(last);
    let mut middle = backdrop;
    for p in state.pieces.iter().filter(|p| !actors.iter().any(|a| a.piece.space == p.space)) {
        sc.piece(&mut middle, *p, 255);
    }
    sc.legend(&mut middle, state);

    let shown = crate::band::has_band(style).then(|| finish(middle.clone()));
    out.keys(&[&first, shown.as_ref().unwrap_or(&middle), &last]);
    // The first and last frames are drawn once each: moved into the timeline, not copied.
    let (mut first, mut last) = (Some(first), Some(last));
    anim::timeline(beats, out, |t| {
        if t <= 0.0 {
            if let Some(cv) = first.take() {
                return cv;
            }
        }
        if t >= beats as f32 {
            if let Some(cv) = last.take() {
                return cv;
            }
        }
        let mut cv = middle.clone();
        // Those that stay first, then the travellers over them.
        for a in actors.iter().filter(|a| !matches!(a.motion, Motion::Travel { .. })) {
            stay(&mut cv, &sc, a, t);
        }
        for a in &actors {
            if let Motion::Travel { path, beats, swap } = &a.motion {
                let f = anim::ease(anim::progress(t, 0.0, *beats));
                let mut at = anim::along(path, f);
                if *swap {
                    // Pieces swapping squares pass each other, each on its right.
                    let side = (std::f32::consts::PI * f).sin() * s * 0.22;
                    let (dx, dy) = (path[1].0 - path[0].0, path[1].1 - path[0].1);
                    let n = (dx * dx + dy * dy).sqrt().max(1.0);
                    at = (at.0 - dy / n * side, at.1 + dx / n * side);
                }
                // On whole pixels: the piece's sprites (drawn once per sub-pixel
                // offset) are then drawn once for the whole journey.
                let at = (at.0.round(), at.1.round());
                let home = l
                    .board_rect(a.piece.owner)
                    .is_some_and(|(x, y, w, h)| at.0 >= x && at.0 <= x + w && at.1 >= y && at.1 <= y + h);
                // The hub's squares are larger: a piece there is drawn at their size.
                let (hx, hy, hw, hh) = l.hub_rect();
                let in_hub = at.0 >= hx && at.0 <= hx + hw && at.1 >= hy && at.1 <= hy + hh;
                let side = if in_hub { l.hub_s } else { s };
                piece_at(&mut cv, (l, side), &sc.codes, a.piece, (at, home), 255, sc.palette);
            }
        }
        finish(cv)
    });
    true
}

/// A piece that stays at `t`: fading as its taker comes, if it is taken; starting
/// towards its target and back under a mark if its move failed.
fn stay(cv: &mut Canvas, sc: &Scene, a: &Actor, t: f32) {
    let (l, s) = (&sc.l, sc.l.s);
    let Some(centre) = l.centre_of(a.piece.space) else { return };
    // Fading as the taker comes, by how far it still has to go.
    let alpha = match a.taken_by {
        Some(Some((squares, beats))) => {
            let left = (1.0 - anim::ease(anim::progress(t, 0.0, beats))) * squares;
            anim::progress(left, FADE_END, FADE_START)
        }
        Some(None) => 1.0 - anim::progress(t, 0.0, 1.0),
        None => 1.0,
    };
    let mut at = centre;
    let mark = match a.motion {
        Motion::Failed { towards: to, nudge } => {
            if nudge {
                let out = (std::f32::consts::PI * anim::progress(t, 0.0, 1.5)).sin();
                let p = towards(centre, to, out * NUDGE * s);
                at = (p.0.round(), p.1.round());
            }
            (t < MARK_BEATS).then(|| towards(centre, to, s * 0.36))
        }
        _ => None,
    };
    if alpha > 0.0 {
        let home = a.piece.space.board() == Some(a.piece.owner);
        let side = l.side(a.piece.space);
        piece_at(cv, (l, side), &sc.codes, a.piece, (at, home), (alpha * 255.0).round() as u8, sc.palette);
    }
    if let Some(c) = mark {
        failed_mark(cv, l, &sc.m, c);
    }
}
