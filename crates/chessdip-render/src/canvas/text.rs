//! Text and glyphs from the bundled DejaVu fonts: faces, widths, and the
//! glyph outlines (built once per character) that text, Chess Wheel+'s
//! pieces and every chess piece's silhouette are filled from.

use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, OutlineCurve};
use tiny_skia::{FillRule, LineCap, LineJoin, Path, PathBuilder, Rect, Stroke, Transform};

use super::sprites::{key_size, look_sprite, text_sprite, Look, TextKey};
use super::{Canvas, Line, Rgba};

/// Which bundled face to draw text with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Face {
    /// DejaVu Sans (also the chess glyphs).
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

static REGULAR: &[u8] = include_bytes!("../../../../assets/fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../../../assets/fonts/DejaVuSans-Bold.ttf");

pub(super) fn font(face: Face) -> &'static FontRef<'static> {
    static R: OnceLock<FontRef<'static>> = OnceLock::new();
    static B: OnceLock<FontRef<'static>> = OnceLock::new();
    match face {
        Face::Regular => R.get_or_init(|| FontRef::try_from_slice(REGULAR).expect("bundled DejaVuSans.ttf parses")),
        Face::Bold => B.get_or_init(|| FontRef::try_from_slice(BOLD).expect("bundled DejaVuSans-Bold.ttf parses")),
    }
}

/// Horizontal anchoring of text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Align {
    /// `x` is the left edge.
    Left,
    /// `x` is the centre.
    Centre,
    /// `x` is the right edge.
    Right,
}

impl Canvas {
    /// Text with its baseline at `y`; returns the advance width.
    #[allow(clippy::too_many_arguments)] // position, size, face, alignment and colour are all needed
    pub fn text(&mut self, s: &str, x: f32, y: f32, size: f32, face: Face, align: Align, colour: Rgba) -> f32 {
        if !s.trim().is_empty() {
            self.texts.push((s.to_string(), size));
        }
        let width = text_width(s, size, face);
        let x0 = match align {
            Align::Left => x,
            Align::Centre => x - width / 2.0,
            Align::Right => x - width,
        };
        if s.trim().is_empty() {
            return width;
        }
        // Drawn once per look (text, size, face, colour, sub-pixel position)
        // onto a transparent sprite and composited, like chess pieces: a
        // board repeats its labels and codes, and a game repeats them all.
        let pad = (size * 0.3).ceil();
        let (left, top) = ((x0 - pad).floor(), (y - size * 1.25).floor());
        let (fx, fy) = (((x0 - left) * 8.0).round() as u32, ((y - top) * 8.0).round() as u32);
        let key = TextKey {
            text: s.to_string(),
            size: (size * 8.0).round() as u32,
            bold: face == Face::Bold,
            colour,
            offset: (fx, fy),
        };
        let (w, h) = ((width + 2.0 * pad).ceil() as u32 + 1, (size * 1.6).ceil() as u32 + 1);
        let sprite = text_sprite(key, (w, h), |c| {
            c.draw_text(s, fx as f32 / 8.0, fy as f32 / 8.0, size, face, colour);
        });
        if let Some(sprite) = sprite {
            self.composite(&sprite, left as i64, top as i64);
        }
        width
    }

    /// Fills the glyphs of `s` from its left end `x0` on baseline `y`.
    pub(super) fn draw_text(&mut self, s: &str, x0: f32, y: f32, size: f32, face: Face, colour: Rgba) {
        let f = font(face);
        let scale = size / f.units_per_em().unwrap_or(2048.0);
        let paint = colour.paint();
        let mut pen = x0;
        let mut prev = None;
        for c in s.chars() {
            let id = f.glyph_id(c);
            if let Some(p) = prev {
                pen += f.kern_unscaled(p, id) * scale;
            }
            if let Some(g) = shape(c, face) {
                let t = Transform::from_row(scale, 0.0, 0.0, scale, pen, y);
                self.pixmap.fill_path(&g.path, &paint, FillRule::Winding, t, None);
            }
            pen += f.h_advance_unscaled(id) * scale;
            prev = Some(id);
        }
    }

    /// One glyph centred on `(cx, cy)` (its outline box), filled; and
    /// optionally outlined.
    pub fn glyph(&mut self, c: char, cx: f32, cy: f32, size: f32, fill: Rgba, outline: Option<&Line>) {
        let Some(g) = shape(c, Face::Regular) else { return };
        if outline.is_none() {
            // A filled glyph (Chess Wheel+'s pieces) is drawn once per look
            // onto a kept sprite and composited, like pieces and plates.
            let eighths = |v: f32| (v * 8.0).round() as u32;
            let (left, top) = (cx.floor(), cy.floor());
            let key =
                Look::Glyph { c, size: eighths(size), colour: fill, offset: (eighths(cx - left), eighths(cy - top)) };
            let k = key_size(&key) * g.unit;
            let b = g.path.bounds();
            let pad = 2.0;
            let (hw, hh) = ((b.width() * k / 2.0).ceil() + pad, (b.height() * k / 2.0).ceil() + pad);
            let Look::Glyph { offset: (fx, fy), .. } = key else { return };
            let centre = (hw + fx as f32 / 8.0, hh + fy as f32 / 8.0);
            let sprite = look_sprite(key, ((2.0 * hw) as u32 + 1, (2.0 * hh) as u32 + 1), |cv| {
                cv.draw_glyph(&g, centre, key_size(&key), fill);
            });
            if let Some(sprite) = sprite {
                self.composite(&sprite, (left - hw) as i64, (top - hh) as i64);
            }
            return;
        }
        let Some(path) = g.path.clone().transform(g.centred(cx, cy, size)) else { return };
        if let Some(line) = outline {
            self.stroke(&path, line);
        }
        self.pixmap.fill_path(&path, &fill.paint(), FillRule::EvenOdd, Transform::identity(), None);
    }

    /// Fills glyph `g` at `size` pixels centred on `(cx, cy)`.
    fn draw_glyph(&mut self, g: &Shape, (cx, cy): (f32, f32), size: f32, fill: Rgba) {
        if let Some(path) = g.path.clone().transform(g.centred(cx, cy, size)) {
            self.pixmap.fill_path(&path, &fill.paint(), FillRule::EvenOdd, Transform::identity(), None);
        }
    }
}

/// The advance width of `s` at `size` pixels.
#[must_use]
pub fn text_width(s: &str, size: f32, face: Face) -> f32 {
    let f = font(face);
    let scale = size / f.units_per_em().unwrap_or(2048.0);
    let mut w = 0.0;
    let mut prev = None;
    for c in s.chars() {
        let id = f.glyph_id(c);
        if let Some(p) = prev {
            w += f.kern_unscaled(p, id) * scale;
        }
        w += f.h_advance_unscaled(id) * scale;
        prev = Some(id);
    }
    w
}

/// A glyph's outline in font units (y pointing down, origin on the
/// baseline), built once per (char, face) and placed with a transform.
#[derive(Debug)]
pub(super) struct Shape {
    /// Every contour.
    pub(super) path: Path,
    /// The outer contours alone (holes left out), for silhouettes.
    pub(super) outer: Option<Path>,
    /// The outer contours stroked (round joins), by line width in font units.
    halos: std::sync::Mutex<Vec<(u32, Path)>>,
    /// The centre of the outline's box (font units, y down).
    centre: (f32, f32),
    /// Pixels per font unit at size 1.
    pub(super) unit: f32,
}

impl Shape {
    /// The outer contours stroked `units` wide (font units), built on first use.
    pub(super) fn halo(&self, units: f32) -> Option<Path> {
        let key = units as u32;
        let mut halos = self.halos.lock().ok()?;
        if let Some((_, p)) = halos.iter().find(|(k, _)| *k == key) {
            return Some(p.clone());
        }
        let stroke = Stroke { width: units, line_cap: LineCap::Round, line_join: LineJoin::Round, ..Stroke::default() };
        let p = self.outer.as_ref()?.stroke(&stroke, 1.0)?;
        halos.push((key, p.clone()));
        Some(p)
    }

    /// The transform that draws the glyph at `size` pixels centred on `(cx, cy)`.
    pub(super) fn centred(&self, cx: f32, cy: f32, size: f32) -> Transform {
        let k = size * self.unit;
        Transform::from_row(k, 0.0, 0.0, k, cx - self.centre.0 * k, cy - self.centre.1 * k)
    }
}

/// The cached outline of `c` in `face` (`None` for a glyph without one,
/// such as a space).
pub(super) fn shape(c: char, face: Face) -> Option<std::sync::Arc<Shape>> {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex};
    type Cache = Mutex<HashMap<(char, bool), Option<Arc<Shape>>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let key = (c, face == Face::Bold);
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(s) = cache.lock().ok().and_then(|m| m.get(&key).cloned()) {
        return s;
    }
    let built = build_shape(c, face).map(Arc::new);
    if let Ok(mut m) = cache.lock() {
        m.insert(key, built.clone());
    }
    built
}

fn build_shape(c: char, face: Face) -> Option<Shape> {
    let f = font(face);
    let o = f.outline(f.glyph_id(c))?;
    let map = |x: f32, y: f32| (x, -y);
    let path = outline_path(&o.curves, map)?;
    let contours: Vec<Path> = contours(&o.curves).iter().filter_map(|cs| outline_path(cs, map)).collect();
    let inside = |a: &Rect, b: &Rect| {
        a.left() >= b.left() && a.right() <= b.right() && a.top() >= b.top() && a.bottom() <= b.bottom() && a != b
    };
    let mut pb = PathBuilder::new();
    for (i, p) in contours.iter().enumerate() {
        if !contours.iter().enumerate().any(|(j, q)| j != i && inside(&p.bounds(), &q.bounds())) {
            pb.push_path(p);
        }
    }
    let centre = ((o.bounds.min.x + o.bounds.max.x) / 2.0, -(o.bounds.min.y + o.bounds.max.y) / 2.0);
    let unit = 1.0 / f.units_per_em().unwrap_or(2048.0);
    Some(Shape { path, outer: pb.finish(), halos: std::sync::Mutex::new(Vec::new()), centre, unit })
}

fn outline_path(curves: &[OutlineCurve], map: impl Fn(f32, f32) -> (f32, f32)) -> Option<Path> {
    let mut pb = PathBuilder::new();
    append_curves(&mut pb, curves, map);
    pb.finish()
}

/// A glyph's segments, split into contours (a segment that does not continue
/// the previous one starts a new contour).
fn contours(curves: &[OutlineCurve]) -> Vec<Vec<OutlineCurve>> {
    let ends = |c: &OutlineCurve| match *c {
        OutlineCurve::Line(a, b) | OutlineCurve::Quad(a, _, b) | OutlineCurve::Cubic(a, _, _, b) => (a, b),
    };
    let mut out: Vec<Vec<OutlineCurve>> = Vec::new();
    for c in curves {
        let (start, _) = ends(c);
        let continues = out.last().and_then(|cur| cur.last()).is_some_and(|prev| {
            let (_, end) = ends(prev);
            (end.x - start.x).abs() < 0.01 && (end.y - start.y).abs() < 0.01
        });
        if continues {
            if let Some(cur) = out.last_mut() {
                cur.push(c.clone());
            }
        } else {
            out.push(vec![c.clone()]);
        }
    }
    out
}

/// Adds glyph outline segments, starting a new contour wherever a segment
/// does not continue the previous one.
fn append_curves(pb: &mut PathBuilder, curves: &[OutlineCurve], map: impl Fn(f32, f32) -> (f32, f32)) {
    let mut last: Option<(f32, f32)> = None;
    for curve in curves {
        let start = match curve {
            OutlineCurve::Line(a, _) | OutlineCurve::Quad(a, _, _) | OutlineCurve::Cubic(a, _, _, _) => *a,
        };
        let s = map(start.x, start.y);
        if last.is_none_or(|l| (l.0 - s.0).abs() > 0.01 || (l.1 - s.1).abs() > 0.01) {
            if last.is_some() {
                pb.close();
            }
            pb.move_to(s.0, s.1);
        }
        let end = match curve {
            OutlineCurve::Line(_, b) => {
                let b = map(b.x, b.y);
                pb.line_to(b.0, b.1);
                b
            }
            OutlineCurve::Quad(_, c, b) => {
                let (c, b) = (map(c.x, c.y), map(b.x, b.y));
                pb.quad_to(c.0, c.1, b.0, b.1);
                b
            }
            OutlineCurve::Cubic(_, c1, c2, b) => {
                let (c1, c2, b) = (map(c1.x, c1.y), map(c2.x, c2.y), map(b.x, b.y));
                pb.cubic_to(c1.0, c1.1, c2.0, c2.1, b.0, b.1);
                b
            }
        };
        last = Some(end);
    }
    if last.is_some() {
        pb.close();
    }
}
