//! How a chart tells its lines apart without moving them: each power's
//! marker (a shape of its own, drawn at every point) and dash pattern, and
//! the stripes of a stretch two or more lines share.

use super::super::canvas::{Canvas, Line, Rgba};
use super::super::palette::text_on;
use super::super::theme::TEXT;

/// The chart's marks are outlined in this, so that a marker reads on the
/// panel and on another marker under it.
const OUTLINE: Rgba = Rgba::rgb(0x15, 0x16, 0x18);

/// A marker's shape.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    Circle,
    Square,
    TriangleUp,
    Diamond,
    TriangleDown,
    Hexagon,
}

const SHAPES: [Shape; 6] =
    [Shape::Circle, Shape::Square, Shape::TriangleUp, Shape::Diamond, Shape::TriangleDown, Shape::Hexagon];

/// How one power's line is drawn: its colour, its marker (hollow for the
/// seventh power on, whose shapes repeat) and its dash pattern.
#[derive(Copy, Clone, Debug)]
pub(super) struct Look {
    pub(super) colour: Rgba,
    pub(super) shape: Shape,
    pub(super) hollow: bool,
    pub(super) dash: Option<(f32, f32)>,
}

/// The look of the `j`-th power of the chart (seat order): a shape of its
/// own; in a two-player game Black's line dashed, as its arrows are on the
/// board, so that colour is never the only cue.
pub(super) fn look(j: usize, colour: Rgba, two_sides: bool, u: f32) -> Look {
    let dash = (two_sides && j == 1).then_some((6.0 * u, 4.0 * u));
    Look { colour, shape: SHAPES[j % SHAPES.len()], hollow: j >= SHAPES.len(), dash }
}

/// Whether a colour needs a light casing to show on the dark panel.
fn dark(colour: Rgba) -> bool {
    text_on(colour) == Rgba::rgb(0xFF, 0xFF, 0xFF) && colour.luminance() < 0.2
}

/// A stretch of one power's line from `a` to `b`, `width` wide in its look.
pub(super) fn stretch(cv: &mut Canvas, (a, b): ((f32, f32), (f32, f32)), look: &Look, width: f32, u: f32) {
    if dark(look.colour) {
        cv.line(a, b, &Line { colour: TEXT.alpha(170), width: width + 2.0 * u, dash: None });
    }
    cv.line(a, b, &Line { colour: look.colour, width, dash: look.dash });
}

/// A stretch from `a` to `b` that the lines of `looks` share (the same
/// values at both ends): striped, each power's colour in turn along it,
/// `stripe` long, so that every line on it shows.
pub(super) fn shared(
    cv: &mut Canvas,
    (a, b): ((f32, f32), (f32, f32)),
    looks: &[Look],
    width: f32,
    stripe: f32,
    u: f32,
) {
    let len = (b.0 - a.0).hypot(b.1 - a.1);
    if len < 1.0 || looks.is_empty() {
        return;
    }
    let at = |d: f32| (a.0 + (b.0 - a.0) * d / len, a.1 + (b.1 - a.1) * d / len);
    // The casing of any dark line runs under the whole stretch.
    if looks.iter().any(|l| dark(l.colour)) {
        cv.line(a, b, &Line { colour: TEXT.alpha(170), width: width + 2.0 * u, dash: None });
    }
    let mut d = 0.0;
    let mut k = 0;
    while d < len {
        let look = &looks[k % looks.len()];
        let end = (d + stripe).min(len);
        cv.line(at(d), at(end), &Line { colour: look.colour, width, dash: None });
        d = end;
        k += 1;
    }
}

/// The outline of `shape` of radius `r` (its circumscribed circle's) at `(x, y)`.
fn points(shape: Shape, (x, y): (f32, f32), r: f32) -> Vec<(f32, f32)> {
    let ring = |n: usize, turn: f32, r: f32| -> Vec<(f32, f32)> {
        (0..n)
            .map(|i| {
                let a = turn + std::f32::consts::TAU * i as f32 / n as f32;
                (x + r * a.sin(), y - r * a.cos())
            })
            .collect()
    };
    match shape {
        Shape::Circle => Vec::new(),
        Shape::Square => ring(4, std::f32::consts::FRAC_PI_4, r * 0.92),
        Shape::TriangleUp => ring(3, 0.0, r * 1.15),
        Shape::Diamond => ring(4, 0.0, r * 1.12),
        Shape::TriangleDown => ring(3, std::f32::consts::PI, r * 1.15),
        Shape::Hexagon => ring(6, 0.0, r * 1.02),
    }
}

/// A power's marker of radius `r` centred on `(x, y)`: its shape in its
/// colour with a dark outline (hollow ones with the panel's colour inside).
pub(super) fn marker(cv: &mut Canvas, (x, y): (f32, f32), r: f32, look: &Look, inside: Rgba) {
    let edge = (r * 0.3).max(1.0);
    let fill = |cv: &mut Canvas, r: f32, colour: Rgba| match look.shape {
        Shape::Circle => cv.disc(x, y, r, colour),
        shape => cv.polygon(&points(shape, (x, y), r), colour),
    };
    fill(cv, r + edge, OUTLINE);
    fill(cv, r, look.colour);
    if look.hollow {
        fill(cv, r * 0.45, inside);
    }
}

/// The markers of the powers whose lines meet at one point: the first
/// largest and the last smallest, one over another, so that each shape and
/// colour shows round the ones drawn over it. `r` is the smallest radius.
pub(super) fn stacked(cv: &mut Canvas, at: (f32, f32), looks: &[Look], r: f32, inside: Rgba) {
    let m = looks.len();
    let step = if m > 1 { (1.6 / (m - 1) as f32).min(0.5) } else { 0.0 };
    for (k, look) in looks.iter().enumerate() {
        marker(cv, at, r * (1.0 + step * (m - 1 - k) as f32), look, inside);
    }
}
