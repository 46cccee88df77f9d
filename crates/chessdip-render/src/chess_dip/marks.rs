//! The marks over a movement phase's orders: where failure marks and the
//! power tags at arrow tails go (clear of plates, pieces and each other),
//! the contest markers of squares where moves bounced, and a struck pawn's
//! burst.

use super::{Ctx, INK, WHITE};
use crate::canvas::{shifted, text_width, towards, Align, Canvas, Face, Rgba};
use chessdip_rules::chess_dip::{ChessDipState, Judgement, OrderKind, Resolution, Strength};
use chessdip_rules::{PowerId, Square};

/// The attack strength of a failed move, if its outcome gives one.
fn attack_strength(o: Judgement) -> Option<Strength> {
    match o {
        Judgement::Bounced { attack, .. }
        | Judgement::HeadToHead { attack, .. }
        | Judgement::ConvoyPrevented { attack, .. } => Some(attack),
        _ => None,
    }
}

/// A strength as a short label: `2`, `½`, `1½`.
fn strength_label(s: Strength) -> String {
    match (s.0 / 2, s.0 % 2) {
        (0, 1) => "\u{00BD}".into(),
        (n, 1) => format!("{n}\u{00BD}"),
        (n, _) => n.to_string(),
    }
}

/// Squares where two or more moves bounced and none got in: (square, the
/// moves that bounced there).
pub(super) fn contested(r: &Resolution) -> Vec<(Square, Vec<usize>)> {
    let mut out: Vec<(Square, Vec<usize>)> = Vec::new();
    for (i, o) in r.outcomes.iter().enumerate() {
        let Judgement::Bounced { at, .. } = *o else { continue };
        match out.iter_mut().find(|(s, _)| *s == at) {
            Some((_, v)) => v.push(i),
            None => out.push((at, vec![i])),
        }
    }
    let entered = |s: Square| {
        r.orders
            .iter()
            .zip(&r.outcomes)
            .any(|(o, out)| matches!(o.kind, OrderKind::Move { to, .. } if to == s) && out.succeeded())
    };
    out.retain(|(s, v)| v.len() >= 2 && !entered(*s));
    out
}

/// Overlap area of two boxes (x, y, w, h).
pub(super) fn overlap(a: (f32, f32, f32, f32), b: (f32, f32, f32, f32)) -> f32 {
    let w = (a.0 + a.2).min(b.0 + b.2) - a.0.max(b.0);
    let h = (a.1 + a.3).min(b.1 + b.3) - a.1.max(b.1);
    w.max(0.0) * h.max(0.0)
}

/// Where a failure mark of radius `rad` goes on the segment `a`-`b`: the
/// point nearest the middle whose mark covers the least of `avoid` (power
/// plates and tail tags), trying spots along the line and just beside it.
pub(super) fn mark_spot(a: (f32, f32), b: (f32, f32), rad: f32, avoid: &[(f32, f32, f32, f32)]) -> (f32, f32) {
    let mut best = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let mut best_score = f32::INFINITY;
    for (k, t) in [0.5f32, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9].into_iter().enumerate() {
        let p = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        for side in [0.0f32, 1.0, -1.0] {
            let (q, _) = shifted(p, b, side * rad * 0.9);
            let bx = (q.0 - rad, q.1 - rad, 2.0 * rad, 2.0 * rad);
            let cover: f32 = avoid.iter().map(|&r| overlap(bx, r)).sum();
            // Prefer no cover, then the line itself, then the middle.
            let score = cover + (side.abs() * 0.05 + k as f32 * 0.01) * rad * rad;
            if score < best_score {
                best_score = score;
                best = q;
            }
        }
    }
    best
}

/// Where the tag of power `p` on the arrow from `a` to `b` (with a head
/// `head` long) goes: by its tail, clear of everything in `avoid` (plates,
/// pieces, markers, heads, other tags) where it can be. It tries spots
/// along the arrow from the tail to the tip, beside it on its right (the
/// side lanes move away to), on its left, and on the shaft itself (last,
/// as it hides the shaft; never on the head), and takes the one that
/// covers least, the nearer the tail the better.
pub(super) fn tag_spot(
    cx: &Ctx<'_>,
    p: PowerId,
    (a, b): ((f32, f32), (f32, f32)),
    head: f32,
    avoid: &[(f32, f32, f32, f32)],
) -> (f32, f32) {
    let sq = cx.l.sq;
    let (_, _, w, h) = tag_box(cx, p, (0.0, 0.0));
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    // Half the pill's extent across the arrow, plus the shaft's half width
    // and a gap; beside the head, its half width instead of the shaft's.
    let across = (w * dy.abs() + h * dx.abs()) / len / 2.0;
    let reach = (len - head).max(sq * 0.04);
    let mut best = towards(a, b, sq * 0.04);
    let mut best_score = f32::INFINITY;
    let mut d = sq * 0.04;
    while d <= len {
        let on = towards(a, b, d);
        let beside = across + if d <= reach { sq * 0.06 } else { head * 0.55 + sq * 0.03 };
        for (side, penalty) in [(1.0f32, 0.0f32), (-1.0, 0.004), (0.0, 0.012)] {
            if side == 0.0 && d > reach {
                continue;
            }
            let (q, _) = shifted(on, b, side * beside);
            let tb = tag_box(cx, p, q);
            let cover: f32 = avoid.iter().map(|&r| overlap(tb, r)).sum();
            let score = cover + (penalty + d / sq * 0.004) * sq * sq;
            if score < best_score {
                best_score = score;
                best = q;
            }
        }
        d += sq * 0.05;
    }
    best
}

/// The box of the tag of power `p` at `(x, y)` (see [`tag`]).
pub(super) fn tag_box(cx: &Ctx<'_>, p: PowerId, (x, y): (f32, f32)) -> (f32, f32, f32, f32) {
    let size = cx.l.small_text();
    let h = size * 1.18;
    let w = (text_width(cx.code(p), size, Face::Bold) + size * 0.55).max(h);
    (x - w / 2.0, y - h / 2.0, w, h)
}

/// A power's code in a small pill of its colour centred on `(x, y)`: the
/// tag at the tail of its arrows.
pub(super) fn tag(cv: &mut Canvas, cx: &Ctx<'_>, p: PowerId, (x, y): (f32, f32), alpha: u8) {
    let size = cx.l.small_text();
    let code = cx.code(p);
    let (bx, by, w, h) = tag_box(cx, p, (x, y));
    let colour = cx.colour(p);
    cv.rounded_rect(bx - 1.5, by - 1.5, w + 3.0, h + 3.0, h * 0.5, INK.alpha(alpha));
    cv.rounded_rect(bx, by, w, h, h * 0.48, colour.alpha(alpha));
    cv.text(code, x, y + size * 0.36, size, Face::Bold, Align::Centre, crate::palette::text_on(colour).alpha(alpha));
}

/// An eight-pointed burst centred on `(x, y)`: a pawn's attack that struck
/// (succeeded without moving).
pub(super) fn burst(cv: &mut Canvas, (x, y): (f32, f32), r: f32, (fill, rim): (Rgba, Rgba), edge: f32) {
    let star = |r: f32, k: f32| -> Vec<(f32, f32)> {
        (0..16)
            .map(|i| {
                let a = std::f32::consts::PI * f32::from(i as u8) / 8.0;
                let d = if i % 2 == 0 { r } else { r * k };
                (x + d * a.sin(), y - d * a.cos())
            })
            .collect()
    };
    cv.polygon(&star(r + edge * 1.6, 0.5), rim);
    cv.polygon(&star(r, 0.5), fill);
}

/// The pills of the contest marker on a square where `moves` bounced:
/// each contender's power and its strength as the reasons give it, and the
/// strength of a piece that stayed there if a move bounced against it.
///
/// A move's pill is its attack strength, as its own reason states it
/// (`strength 1 against 1`); a move that held the others off with more
/// than it attacks (a pawn's advance or castling, which prevent with 1; a
/// move that may not dislodge its own power's piece), as their reasons
/// state it (`against 1 from the move from h2`), shows that in brackets:
/// `½ (1)`.
pub(super) fn contest_pills(
    state: &ChessDipState,
    r: &Resolution,
    at: Square,
    moves: &[usize],
) -> Vec<(PowerId, String)> {
    let label = |attack: Option<Strength>, prevent: Option<Strength>| match (attack, prevent) {
        (Some(a), Some(p)) if p != a => format!("{} ({})", strength_label(a), strength_label(p)),
        (Some(a), _) => strength_label(a),
        (None, Some(p)) => strength_label(p),
        (None, None) => "?".into(),
    };
    let mut pills: Vec<(PowerId, String)> = moves
        .iter()
        .map(|&i| (r.orders[i].power, label(attack_strength(r.outcomes[i]), prevents(r, moves, i))))
        .collect();
    let held = moves.iter().find_map(|&i| match r.outcomes[i] {
        Judgement::Bounced { at, against, by, .. } if at == by => Some(against),
        _ => None,
    });
    if let (Some(h), Some(p)) = (held, state.piece(at)) {
        pills.push((p.power, strength_label(h)));
    }
    pills
}

/// The strength move `i` of a contest held the others off with, as the
/// reasons of the rivals that bounced against it give it (the strongest),
/// if any names it.
fn prevents(r: &Resolution, moves: &[usize], i: usize) -> Option<Strength> {
    let from = r.orders[i].square;
    moves
        .iter()
        .filter_map(|&j| match r.outcomes[j] {
            Judgement::Bounced { against, by, .. } if j != i && by == from => Some(against),
            _ => None,
        })
        .max()
}

/// The geometry of a contest marker: its pills' widths, their total width
/// and height, the padding and the centre of the row of pills.
struct MarkerGeometry {
    widths: Vec<f32>,
    total: f32,
    h: f32,
    pad: f32,
    centre: (f32, f32),
}

fn marker_geometry(cx: &Ctx<'_>, s: Square, pills: &[(PowerId, String)]) -> MarkerGeometry {
    let l = &cx.l;
    let size = l.small_text();
    let h = size * 1.25;
    let gap = size * 0.25;
    let widths: Vec<f32> = pills.iter().map(|(_, t)| (text_width(t, size, Face::Bold) + size * 0.5).max(h)).collect();
    let total: f32 = widths.iter().sum::<f32>() + gap * (pills.len() as f32 - 1.0);
    let (x, y) = l.centre(s);
    MarkerGeometry { widths, total, h, pad: size * 0.3, centre: (x, y) }
}

/// The box a contest marker covers (x, y, w, h).
pub(super) fn marker_box(cx: &Ctx<'_>, s: Square, pills: &[(PowerId, String)]) -> (f32, f32, f32, f32) {
    let g = marker_geometry(cx, s, pills);
    let (x, y) = g.centre;
    (x - g.total / 2.0 - g.pad - 1.5, y - g.h / 2.0 - g.pad - 1.5, g.total + 2.0 * g.pad + 3.0, g.h + 2.0 * g.pad + 3.0)
}

/// The marker of a square where moves bounced: a dark plate with, side by
/// side, each contender's strength on its colour.
pub(super) fn contest_marker(cv: &mut Canvas, cx: &Ctx<'_>, s: Square, pills: &[(PowerId, String)]) {
    let l = &cx.l;
    let size = l.small_text();
    let MarkerGeometry { widths, total, h, pad, centre: (x, y) } = marker_geometry(cx, s, pills);
    let gap = size * 0.25;
    let (bx, by) = (x - total / 2.0 - pad, y - h / 2.0 - pad);
    cv.rounded_rect(bx - 1.5, by - 1.5, total + 2.0 * pad + 3.0, h + 2.0 * pad + 3.0, pad * 1.6, WHITE);
    cv.rounded_rect(bx, by, total + 2.0 * pad, h + 2.0 * pad, pad * 1.5, INK);
    let mut px = x - total / 2.0;
    for ((p, t), pw) in pills.iter().zip(&widths) {
        let colour = cx.colour(*p);
        cv.rounded_rect(px, y - h / 2.0, *pw, h, h * 0.3, colour);
        cv.text(t, px + pw / 2.0, y + size * 0.36, size, Face::Bold, Align::Centre, crate::palette::text_on(colour));
        px += pw + gap;
    }
}
