//! A small drawing surface over tiny-skia: filled and stroked shapes, arrows,
//! text and glyphs from the bundled DejaVu fonts, PNG encoding with `png`.

use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, OutlineCurve};
use tiny_skia::{
    Color, FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, StrokeDash, Transform,
};

/// An sRGB colour with alpha.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rgba(pub u8, pub u8, pub u8, pub u8);

impl Rgba {
    /// An opaque colour.
    #[must_use]
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba(r, g, b, 255)
    }

    /// The same colour with alpha `a`.
    #[must_use]
    pub const fn alpha(self, a: u8) -> Rgba {
        Rgba(self.0, self.1, self.2, a)
    }

    /// A mix of `self` and `other`: `t` = 0 gives `self`, 1 gives `other`.
    #[must_use]
    pub fn mix(self, other: Rgba, t: f32) -> Rgba {
        let m = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round().clamp(0.0, 255.0) as u8;
        Rgba(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2), m(self.3, other.3))
    }

    /// Relative luminance (0 dark .. 1 light), for picking readable text.
    #[must_use]
    pub fn luminance(self) -> f32 {
        (0.2126 * f32::from(self.0) + 0.7152 * f32::from(self.1) + 0.0722 * f32::from(self.2)) / 255.0
    }

    fn paint(self) -> Paint<'static> {
        let mut p = Paint::default();
        p.set_color(Color::from_rgba8(self.0, self.1, self.2, self.3));
        p.anti_alias = true;
        p
    }
}

/// Which bundled face to draw text with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Face {
    /// DejaVu Sans (also the chess glyphs).
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

static REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

fn font(face: Face) -> &'static FontRef<'static> {
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

/// A stroke style.
#[derive(Clone, Debug)]
pub struct Line {
    /// Colour.
    pub colour: Rgba,
    /// Width in pixels.
    pub width: f32,
    /// Dash pattern (on, off), if dashed.
    pub dash: Option<(f32, f32)>,
}

/// A point `d` pixels from `a` towards `b`.
#[must_use]
pub fn towards(a: (f32, f32), b: (f32, f32), d: f32) -> (f32, f32) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    (a.0 + dx / len * d, a.1 + dy / len * d)
}

/// `a` and `b` moved sideways by `off` pixels (to the right of a-to-b).
#[must_use]
pub fn shifted(a: (f32, f32), b: (f32, f32), off: f32) -> ((f32, f32), (f32, f32)) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (px, py) = (-dy / len * off, dx / len * off);
    ((a.0 + px, a.1 + py), (b.0 + px, b.1 + py))
}

/// The dark halo of light pieces.
const INK_TONE: Rgba = Rgba::rgb(0x22, 0x22, 0x22);
/// The light halo of dark pieces.
const PAPER_TONE: Rgba = Rgba::rgb(0xFF, 0xFF, 0xFF);

/// The drawing surface.
#[derive(Clone, Debug)]
pub struct Canvas {
    pixmap: Pixmap,
    /// The smallest text size drawn so far, in pixels (for legibility checks).
    smallest_text: Option<f32>,
}

impl Canvas {
    /// A canvas of `width` x `height` filled with `background`.
    ///
    /// # Panics
    /// If a side is zero.
    #[must_use]
    pub fn new(width: u32, height: u32, background: Rgba) -> Canvas {
        let mut pixmap = Pixmap::new(width, height).expect("non-empty canvas");
        pixmap.fill(Color::from_rgba8(background.0, background.1, background.2, 255));
        Canvas { pixmap, smallest_text: None }
    }

    /// The smallest text size drawn on this canvas, in pixels (the font
    /// size, about 1.4 times the height of a capital letter); `None` if no
    /// text was drawn. Tests use it to keep every label readable on a phone.
    #[must_use]
    pub fn smallest_text(&self) -> Option<f32> {
        self.smallest_text
    }

    /// Opens a band `height` pixels tall across the whole width at row `y`,
    /// filled with `colour`: the rows from `y` down move `height` lower and
    /// the image grows by `height`.
    pub fn insert_band(&mut self, y: u32, height: u32, colour: Rgba) {
        let (w, h) = (self.pixmap.width(), self.pixmap.height());
        let y = y.min(h);
        let Some(mut grown) = Pixmap::new(w, h + height) else { return };
        grown.fill(Color::from_rgba8(colour.0, colour.1, colour.2, colour.3));
        let row = w as usize * 4;
        let (top, bottom) = self.pixmap.data().split_at(y as usize * row);
        let data = grown.data_mut();
        data[..top.len()].copy_from_slice(top);
        let start = (y + height) as usize * row;
        data[start..start + bottom.len()].copy_from_slice(bottom);
        self.pixmap = grown;
    }

    /// The pixels, row by row, 4 bytes each (red, green, blue, alpha; every
    /// canvas is opaque, so these are the plain colours).
    #[must_use]
    pub fn rgba(&self) -> &[u8] {
        self.pixmap.data()
    }

    /// Width in pixels.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.pixmap.width()
    }

    /// Height in pixels.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.pixmap.height()
    }

    /// A filled rectangle.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: Rgba) {
        if let Some(r) = Rect::from_xywh(x, y, w, h) {
            self.pixmap.fill_rect(r, &colour.paint(), Transform::identity(), None);
        }
    }

    /// A rounded rectangle, filled.
    pub fn rounded_rect(&mut self, x: f32, y: f32, w: f32, h: f32, radius: f32, colour: Rgba) {
        if w > 0.0 && h > 0.0 && w * h <= MAX_PLATE_AREA {
            // Plates, badges and tags repeat (one size and colour a power,
            // on a few sub-pixel offsets): each look is drawn once onto a
            // sprite, kept and composited, like pieces and text.
            let (left, top) = (x.floor(), y.floor());
            let eighths = |v: f32| (v * 8.0).round() as u32;
            let (size, radius) = ((eighths(w), eighths(h)), eighths(radius));
            let offset = (eighths(x - left), eighths(y - top));
            let key = Look::Plate { size, radius, colour, offset };
            let (fx, fy) = (offset.0 as f32 / 8.0, offset.1 as f32 / 8.0);
            let (kw, kh, kr) = (size.0 as f32 / 8.0, size.1 as f32 / 8.0, radius as f32 / 8.0);
            let side = ((fx + kw).ceil() as u32 + 1, (fy + kh).ceil() as u32 + 1);
            let sprite = look_sprite(key, side, |c| {
                if let Some(path) = rounded(fx, fy, kw, kh, kr) {
                    c.fill(&path, colour);
                }
            });
            if let Some(sprite) = sprite {
                self.composite(&sprite, left as i64, top as i64);
            }
            return;
        }
        if let Some(path) = rounded(x, y, w, h, radius) {
            self.fill(&path, colour);
        }
    }

    /// A filled circle.
    pub fn disc(&mut self, cx: f32, cy: f32, r: f32, colour: Rgba) {
        if r >= 1.0 {
            self.cover((cx, cy), (cx, cy), (-1.0, r), colour);
            return;
        }
        if let Some(path) = PathBuilder::from_circle(cx, cy, r) {
            self.fill(&path, colour);
        }
    }

    /// A circle outline.
    pub fn ring(&mut self, cx: f32, cy: f32, r: f32, line: &Line) {
        if line.dash.is_none() && line.width >= 1.0 {
            let h = line.width / 2.0;
            self.cover((cx, cy), (cx, cy), (r - h, r + h), line.colour);
            return;
        }
        if let Some(path) = PathBuilder::from_circle(cx, cy, r) {
            self.stroke(&path, line);
        }
    }

    /// A straight line.
    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), line: &Line) {
        if line.dash.is_none() && line.width >= 1.0 {
            // A solid line with round caps: the points within half its
            // width of the segment, covered analytically (see `Canvas::cover`).
            self.cover(from, to, (-1.0, line.width / 2.0), line.colour);
            return;
        }
        let mut pb = PathBuilder::new();
        pb.move_to(from.0, from.1);
        pb.line_to(to.0, to.1);
        if let Some(path) = pb.finish() {
            self.stroke(&path, line);
        }
    }

    /// A polygon, filled.
    pub fn polygon(&mut self, points: &[(f32, f32)], colour: Rgba) {
        let mut pb = PathBuilder::new();
        for (i, &(x, y)) in points.iter().enumerate() {
            if i == 0 {
                pb.move_to(x, y);
            } else {
                pb.line_to(x, y);
            }
        }
        pb.close();
        if let Some(path) = pb.finish() {
            self.fill(&path, colour);
        }
    }

    /// An arrow from `from` to `to` with a filled head of length `head`.
    /// The shaft stops where the head begins.
    pub fn arrow(&mut self, from: (f32, f32), to: (f32, f32), line: &Line, head: f32) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1.0 {
            return;
        }
        let (ux, uy) = (dx / len, dy / len);
        let head = head.min(len * 0.6);
        let base = (to.0 - ux * head, to.1 - uy * head);
        self.line(from, (base.0 + ux * 1.0, base.1 + uy * 1.0), line);
        let half = head * 0.55;
        let (px, py) = (-uy * half, ux * half);
        self.polygon(&[to, (base.0 + px, base.1 + py), (base.0 - px, base.1 - py)], line.colour);
    }

    /// A cross (X) centred at `(cx, cy)` with arms of half-length `r`.
    pub fn cross(&mut self, cx: f32, cy: f32, r: f32, line: &Line) {
        self.line((cx - r, cy - r), (cx + r, cy + r), line);
        self.line((cx - r, cy + r), (cx + r, cy - r), line);
    }

    /// Text with its baseline at `y`; returns the advance width.
    #[allow(clippy::too_many_arguments)] // position, size, face, alignment and colour are all needed
    pub fn text(&mut self, s: &str, x: f32, y: f32, size: f32, face: Face, align: Align, colour: Rgba) -> f32 {
        if !s.trim().is_empty() {
            self.smallest_text = Some(self.smallest_text.map_or(size, |m| m.min(size)));
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
    fn draw_text(&mut self, s: &str, x0: f32, y: f32, size: f32, face: Face, colour: Rgba) {
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

    /// A chess piece from its (outline, solid) glyph pair: a light piece is
    /// the solid glyph in `body` under the outline glyph in `lines`; a dark
    /// piece is the solid glyph with the outline's inner lines in a light
    /// tone. A halo of `halo` pixels in the opposite tone sets it off any square.
    ///
    /// Each piece is drawn once per look (glyphs, colours, size, alpha and
    /// sub-pixel position) onto a small transparent sprite, kept, and
    /// composited wherever that piece stands: a board repeats few looks, and
    /// a game redraws the same ones image after image.
    #[allow(clippy::too_many_arguments)]
    pub fn chess_piece(
        &mut self,
        (outline, solid): (char, char),
        light: bool,
        (cx, cy): (f32, f32),
        size: f32,
        (body, lines): (Rgba, Rgba),
        halo: f32,
        alpha: u8,
    ) {
        let side = (size * 1.3 + halo * 2.0).ceil().max(1.0);
        let (x0, y0) = ((cx - side / 2.0).floor(), (cy - side / 2.0).floor());
        // Sub-pixel offsets in eighths of a pixel.
        let (fx, fy) = (((cx - x0) * 8.0).round() as u32, ((cy - y0) * 8.0).round() as u32);
        let key = SpriteKey {
            glyphs: (outline, solid),
            light,
            size: (size * 8.0).round() as u32,
            colours: (body, lines),
            halo: (halo * 8.0).round() as u32,
            alpha,
            offset: (fx, fy),
        };
        let sprite = sprite(key, side as u32, |c| {
            let (x, y) = (fx as f32 / 8.0, fy as f32 / 8.0);
            c.draw_piece((outline, solid), light, (x, y), size, (body, lines), halo, alpha);
        });
        if let Some(sprite) = sprite {
            self.composite(&sprite, x0 as i64, y0 as i64);
        }
    }

    /// Paints `colour` over the pixels whose centres lie between `inner`
    /// and `outer` from the segment `a`-`b` (a point where `a` = `b`), with
    /// one pixel of anti-aliasing: a pixel whose centre is `d` from the
    /// segment is covered by `min(outer - d, d - inner) + 0.5`, clamped to
    /// 0..1. A solid line or disc has an `inner` below zero; a ring has both.
    ///
    /// Lines, discs and rings are thousands of short spans, where tiny-skia's
    /// general path filler spends most of its time starting each span; this
    /// covers them in one pass, and its edges differ from the path filler's
    /// by a fraction of a grey level.
    fn cover(&mut self, a: (f32, f32), b: (f32, f32), (inner, outer): (f32, f32), colour: Rgba) {
        let (w, h) = (self.pixmap.width() as i64, self.pixmap.height() as i64);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = dx * dx + dy * dy;
        let len = len2.sqrt();
        let inv = if len2 > 0.0 { 1.0 / len2 } else { 0.0 };
        // Beyond `reach` a pixel is not covered at all; within `full` of
        // the segment and beyond `hole` it is covered fully.
        let reach = outer + 0.5;
        let (full, hole) = ((outer - 0.5).max(0.0), (inner + 0.5).max(0.0));
        let (reach2, full2, hole2) = (reach * reach, full * full, hole * hole);
        let alpha = f32::from(colour.3) / 255.0;
        let src = [colour.0, colour.1, colour.2].map(|c| f32::from(c) * alpha);
        let solid = [colour.0, colour.1, colour.2, 255];
        let mut solid_row: Vec<u8> = Vec::new();
        let y0 = ((a.1.min(b.1) - reach).floor() as i64).max(0);
        let y1 = ((a.1.max(b.1) + reach).ceil() as i64).min(h);
        let data = self.pixmap.data_mut();
        for y in y0..y1 {
            let qy = y as f32 + 0.5 - a.1;
            // The part of the segment within `reach` of this row's centres...
            let (t0, t1) = if dy.abs() < 1e-6 {
                (0.0, 1.0)
            } else {
                let (ta, tb) = ((qy - reach) / dy, (qy + reach) / dy);
                (ta.min(tb).max(0.0), ta.max(tb).min(1.0))
            };
            if t0 > t1 {
                continue;
            }
            let (mut lo, mut hi) = ((dx * t0).min(dx * t1) - reach, (dx * t0).max(dx * t1) + reach);
            // ... and the centres within `reach` of the segment's line.
            if dy.abs() > 1e-3 * len {
                let (ea, eb) = ((qy * dx - reach * len) / dy, (qy * dx + reach * len) / dy);
                lo = lo.max(ea.min(eb));
                hi = hi.min(ea.max(eb));
            }
            let (mut x0, mut x1) = ((a.0 + lo - 0.5).floor() as i64, (a.0 + hi + 0.5).ceil() as i64 + 1);
            // Around a point (discs and rings): the chord of the row within
            // reach, and the middle of it that is wholly inside (a disc's,
            // painted as one copy) or wholly outside (a ring's hole, skipped).
            let mut middle = (0, 0);
            if len2 == 0.0 {
                let chord = |r2: f32| (r2 - qy * qy).max(0.0).sqrt();
                let rc = chord(reach2);
                x0 = x0.max((a.0 - rc - 0.5).floor() as i64);
                x1 = x1.min((a.0 + rc - 0.5).ceil() as i64 + 1);
                let span = |r: f32| ((a.0 - r - 0.5).floor() as i64 + 1, (a.0 + r - 0.5).ceil() as i64);
                if inner > 0.5 && (inner - 0.5) * (inner - 0.5) > qy * qy {
                    middle = span(chord((inner - 0.5) * (inner - 0.5)));
                } else if inner < 0.0 && colour.3 == 255 && full2 > qy * qy {
                    middle = span(chord(full2));
                }
            }
            let (x0, x1) = (x0.max(0), x1.min(w));
            if x0 >= x1 {
                continue;
            }
            let (m0, m1) = (middle.0.clamp(x0, x1), middle.1.clamp(x0, x1).max(middle.0.clamp(x0, x1)));
            let row = &mut data[(y * w + x0) as usize * 4..(y * w + x1) as usize * 4];
            let (left, rest) = row.split_at_mut((m0 - x0) as usize * 4);
            let (mid, right) = rest.split_at_mut((m1 - m0) as usize * 4);
            if inner < 0.0 && !mid.is_empty() {
                if solid_row.len() < mid.len() {
                    solid_row = solid.repeat(mid.len() / 4);
                }
                mid.copy_from_slice(&solid_row[..mid.len()]);
            }
            for (start, part) in [(x0, left), (m1, right)] {
                for (i, px) in part.chunks_exact_mut(4).enumerate() {
                    let qx = (start + i as i64) as f32 + 0.5 - a.0;
                    let t = ((qx * dx + qy * dy) * inv).clamp(0.0, 1.0);
                    let (ex, ey) = (qx - dx * t, qy - dy * t);
                    let d2 = ex * ex + ey * ey;
                    if d2 >= reach2 {
                        continue;
                    }
                    let c = if d2 <= full2 && d2 >= hole2 {
                        1.0
                    } else {
                        let d = d2.sqrt();
                        ((outer - d).min(d - inner) + 0.5).clamp(0.0, 1.0)
                    };
                    if c <= 0.0 {
                        continue;
                    }
                    if c >= 1.0 && colour.3 == 255 {
                        px.copy_from_slice(&solid);
                        continue;
                    }
                    let keep = 1.0 - alpha * c;
                    for k in 0..3 {
                        px[k] = (src[k] * c + f32::from(px[k]) * keep + 0.5) as u8;
                    }
                    px[3] = (255.0 * alpha * c + f32::from(px[3]) * keep + 0.5).min(255.0) as u8;
                }
            }
        }
    }

    /// Composites `src` (premultiplied) over the canvas with its top-left
    /// corner at `(x0, y0)`: source-over at whole-pixel offsets, which needs
    /// none of a general pattern fill's machinery.
    fn composite(&mut self, src: &Pixmap, x0: i64, y0: i64) {
        let (dw, dh) = (i64::from(self.pixmap.width()), i64::from(self.pixmap.height()));
        let (sw, sh) = (i64::from(src.width()), i64::from(src.height()));
        // The part of the sprite on the canvas, in sprite columns and rows.
        let (cx0, cx1) = ((-x0).max(0), (dw - x0).min(sw));
        let (cy0, cy1) = ((-y0).max(0), (dh - y0).min(sh));
        if cx0 >= cx1 || cy0 >= cy1 {
            return;
        }
        let s = src.data();
        let d = self.pixmap.data_mut();
        for sy in cy0..cy1 {
            let from = &s[((sy * sw + cx0) * 4) as usize..((sy * sw + cx1) * 4) as usize];
            let at = (((y0 + sy) * dw + x0 + cx0) * 4) as usize;
            let to = &mut d[at..at + from.len()];
            for (sp, dp) in from.chunks_exact(4).zip(to.chunks_exact_mut(4)) {
                match sp[3] {
                    0 => {}
                    255 => dp.copy_from_slice(sp),
                    a => {
                        let a = 255 - u32::from(a);
                        for k in 0..4 {
                            let under = u32::from(dp[k]) * a;
                            dp[k] = (u32::from(sp[k]) + (under + 127) / 255).min(255) as u8;
                        }
                    }
                }
            }
        }
    }

    /// Draws a chess piece directly (see [`Canvas::chess_piece`]).
    #[allow(clippy::too_many_arguments)]
    fn draw_piece(
        &mut self,
        (outline, solid): (char, char),
        light: bool,
        (cx, cy): (f32, f32),
        size: f32,
        (body, lines): (Rgba, Rgba),
        halo: f32,
        alpha: u8,
    ) {
        let ring = Line { colour: if light { INK_TONE } else { PAPER_TONE }.alpha(alpha), width: halo, dash: None };
        // The body is the solid glyph's silhouette (its holes filled), and the
        // halo runs round the silhouette only, not round the inner details.
        self.silhouette(solid, cx, cy, size, body.alpha(alpha), &ring);
        if light {
            self.glyph(outline, cx, cy, size, lines.alpha(alpha), None);
        } else {
            self.glyph(outline, cx, cy, size * 0.999, lines.alpha(alpha / 3 * 2), None);
            self.glyph(solid, cx, cy, size * 0.84, body.alpha(alpha), None);
        }
    }

    /// Fills the outer contours of glyph `c` (its holes filled in), with a line round them.
    fn silhouette(&mut self, c: char, cx: f32, cy: f32, size: f32, fill: Rgba, line: &Line) {
        let Some(g) = shape(c, Face::Regular) else { return };
        let Some(outer) = &g.outer else { return };
        let t = g.centred(cx, cy, size);
        // The line round the silhouette, stroked once per width (in font
        // units) and reused: stroking curves is the costly part of a piece.
        let units = (line.width / (size * g.unit)).round().max(1.0);
        if let Some(halo) = g.halo(units) {
            self.pixmap.fill_path(&halo, &line.colour.paint(), FillRule::Winding, t, None);
        }
        self.pixmap.fill_path(outer, &fill.paint(), FillRule::Winding, t, None);
    }

    fn fill(&mut self, path: &Path, colour: Rgba) {
        self.pixmap.fill_path(path, &colour.paint(), FillRule::Winding, Transform::identity(), None);
    }

    fn stroke(&mut self, path: &Path, line: &Line) {
        let mut stroke =
            Stroke { width: line.width, line_cap: LineCap::Round, line_join: LineJoin::Round, ..Stroke::default() };
        if let Some((on, off)) = line.dash {
            stroke.dash = StrokeDash::new(vec![on, off], 0.0);
            stroke.line_cap = LineCap::Butt;
        }
        self.pixmap.stroke_path(path, &line.colour.paint(), &stroke, Transform::identity(), None);
    }

    /// The pixel at `(x, y)` (opaque canvases: straight RGB).
    #[must_use]
    pub fn pixel(&self, x: u32, y: u32) -> Option<Rgba> {
        let p = self.pixmap.pixel(x, y)?;
        Some(Rgba(p.red(), p.green(), p.blue(), p.alpha()))
    }

    /// Encodes as PNG: 8-bit indexed, with the 256 colours the image uses
    /// most ([`super::quant`]), which keeps flat colours exact and halves
    /// both the size and the time of RGB encoding.
    ///
    /// Board images are large flat areas with anti-aliased edges. Measured
    /// on a busy 1024 px Chess Dip board (about 3.6 MB of pixels): zlib
    /// level 2 on unfiltered rows gives 190 KB in about 10 ms; level 1 is
    /// twice as fast but 35% larger (over 250 KB on busy boards), higher
    /// levels and every row filter are slower for little or no gain, and
    /// the fastest (fdeflate) encoder gives 430 KB or more. Indexed, the
    /// same board's rows compressed in one call take about 3 ms for 135 KB
    /// with zlib-rs at level 1 (miniz_oxide at level 1: 128 KB in 3.9 ms;
    /// zlib-rs at level 2: 108 KB in 3.9 ms; the encoder's own row-by-row
    /// writes cost another 1 ms zero-filling its buffer).
    ///
    /// # Errors
    /// If encoding fails (it should not for an in-memory buffer).
    pub fn png(&self) -> Result<Vec<u8>, image::ImageError> {
        let data = self.pixmap.data();
        let mut lookup = super::quant::Lookup::new(super::quant::palette([data], 11));
        let rows = lookup.rows(data, self.width() as usize);
        let palette: Vec<u8> = lookup.palette().iter().flatten().copied().collect();
        // The scanlines compressed in one call into room for all of them
        // (cheaper than the encoder's row-by-row writes).
        let mut z = flate2::Compress::new(flate2::Compression::new(1), true);
        let mut idat = Vec::with_capacity(rows.len() / 4 + 1024);
        loop {
            let done = z
                .compress_vec(&rows[z.total_in() as usize..], &mut idat, flate2::FlushCompress::Finish)
                .map_err(|e| std::io::Error::other(e.to_string()))
                .map_err(png::EncodingError::from);
            match done {
                Ok(flate2::Status::StreamEnd) => break,
                Ok(_) => idat.reserve(idat.len().max(64 * 1024)),
                Err(e) => return Err(encoding_error(e)),
            }
        }
        let mut out = Vec::with_capacity(idat.len() + palette.len() + 128);
        let encoded = (|| {
            let mut enc = png::Encoder::new(&mut out, self.width(), self.height());
            enc.set_color(png::ColorType::Indexed);
            enc.set_depth(png::BitDepth::Eight);
            enc.set_palette(palette);
            let mut w = enc.write_header()?;
            w.write_chunk(png::chunk::IDAT, &idat)?;
            w.finish()
        })();
        encoded.map_err(encoding_error)?;
        Ok(out)
    }
}

fn encoding_error(e: png::EncodingError) -> image::ImageError {
    image::ImageError::Encoding(image::error::EncodingError::new(image::ImageFormat::Png.into(), e))
}

fn rounded(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    let r = r.min(w / 2.0).min(h / 2.0);
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.quad_to(x + w, y, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.quad_to(x + w, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.quad_to(x, y + h, x, y + h - r);
    pb.line_to(x, y + r);
    pb.quad_to(x, y, x + r, y);
    pb.close();
    pb.finish()
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

/// Everything that decides how a chess piece looks (sizes and offsets in
/// eighths of a pixel).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct SpriteKey {
    glyphs: (char, char),
    light: bool,
    size: u32,
    colours: (Rgba, Rgba),
    halo: u32,
    alpha: u8,
    offset: (u32, u32),
}

/// The most piece sprites kept (about 60 KB each at 1024 px, so at most
/// about 16 MB); past it the cache starts again.
const MAX_SPRITES: usize = 256;

/// The sprite for `key`, `side` pixels square, drawn by `paint` on first use.
fn sprite(key: SpriteKey, side: u32, paint: impl FnOnce(&mut Canvas)) -> Option<std::sync::Arc<Pixmap>> {
    static PIECES: SpriteCache<SpriteKey> = SpriteCache::new(MAX_SPRITES, |_| 1);
    PIECES.get_or_draw(key, (side, side), paint)
}

/// Sprites by key, with the budget they have used.
type Sprites<K> = (std::collections::HashMap<K, std::sync::Arc<Pixmap>>, usize);

/// A process-wide cache of sprites drawn once per key and composited
/// after. Each sprite costs `cost` of a `budget`; past the budget the cache
/// starts again.
struct SpriteCache<K> {
    /// The sprites by key, and the cost spent so far.
    map: OnceLock<std::sync::Mutex<Sprites<K>>>,
    budget: usize,
    cost: fn(&Pixmap) -> usize,
}

impl<K: Eq + std::hash::Hash> SpriteCache<K> {
    const fn new(budget: usize, cost: fn(&Pixmap) -> usize) -> SpriteCache<K> {
        SpriteCache { map: OnceLock::new(), budget, cost }
    }

    /// The sprite for `key`, `(w, h)` pixels, drawn by `paint` on first use.
    fn get_or_draw(
        &self,
        key: K,
        (w, h): (u32, u32),
        paint: impl FnOnce(&mut Canvas),
    ) -> Option<std::sync::Arc<Pixmap>> {
        let cache = self.map.get_or_init(|| std::sync::Mutex::new((std::collections::HashMap::new(), 0)));
        if let Some(s) = cache.lock().ok().and_then(|m| m.0.get(&key).cloned()) {
            return Some(s);
        }
        let mut c = Canvas { pixmap: Pixmap::new(w, h)?, smallest_text: None };
        paint(&mut c);
        let s = std::sync::Arc::new(c.pixmap);
        if let Ok(mut m) = cache.lock() {
            let cost = (self.cost)(&s);
            if m.1 + cost > self.budget {
                *m = (std::collections::HashMap::new(), 0);
            }
            m.1 += cost;
            m.0.insert(key, std::sync::Arc::clone(&s));
        }
        Some(s)
    }
}

/// The largest rounded rectangle drawn through a sprite, in square pixels.
const MAX_PLATE_AREA: f32 = 160.0 * 160.0;

/// Everything that decides how a rounded rectangle or a filled glyph looks
/// (sizes and offsets in eighths of a pixel).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Look {
    Plate { size: (u32, u32), radius: u32, colour: Rgba, offset: (u32, u32) },
    Glyph { c: char, size: u32, colour: Rgba, offset: (u32, u32) },
}

/// A glyph look's size in pixels.
fn key_size(key: &Look) -> f32 {
    match key {
        Look::Glyph { size, .. } => *size as f32 / 8.0,
        Look::Plate { .. } => 0.0,
    }
}

/// The most rounded-rectangle and glyph sprites kept (a few KB each); past
/// it the cache starts again.
const MAX_PLATES: usize = 2048;

/// The sprite for `key`, `(w, h)` pixels, drawn by `paint` on first use.
fn look_sprite(key: Look, size: (u32, u32), paint: impl FnOnce(&mut Canvas)) -> Option<std::sync::Arc<Pixmap>> {
    static LOOKS: SpriteCache<Look> = SpriteCache::new(MAX_PLATES, |_| 1);
    LOOKS.get_or_draw(key, size, paint)
}

/// Everything that decides how a piece of text looks (sizes and offsets in
/// eighths of a pixel).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct TextKey {
    text: String,
    size: u32,
    bold: bool,
    colour: Rgba,
    offset: (u32, u32),
}

/// The most pixel bytes of text sprites kept (most are a few KB; a legend
/// line at 1024 px is about 60 KB); past it the cache starts again.
const MAX_TEXT_BYTES: usize = 8 << 20;

/// The sprite for `key`, `(w, h)` pixels, drawn by `paint` on first use.
fn text_sprite(key: TextKey, size: (u32, u32), paint: impl FnOnce(&mut Canvas)) -> Option<std::sync::Arc<Pixmap>> {
    static TEXTS: SpriteCache<TextKey> = SpriteCache::new(MAX_TEXT_BYTES, |p| p.data().len());
    TEXTS.get_or_draw(key, size, paint)
}

/// A glyph's outline in font units (y pointing down, origin on the
/// baseline), built once per (char, face) and placed with a transform.
#[derive(Debug)]
struct Shape {
    /// Every contour.
    path: Path,
    /// The outer contours alone (holes left out), for silhouettes.
    outer: Option<Path>,
    /// The outer contours stroked (round joins), by line width in font units.
    halos: std::sync::Mutex<Vec<(u32, Path)>>,
    /// The centre of the outline's box (font units, y down).
    centre: (f32, f32),
    /// Pixels per font unit at size 1.
    unit: f32,
}

impl Shape {
    /// The outer contours stroked `units` wide (font units), built on first use.
    fn halo(&self, units: f32) -> Option<Path> {
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
    fn centred(&self, cx: f32, cy: f32, size: f32) -> Transform {
        let k = size * self.unit;
        Transform::from_row(k, 0.0, 0.0, k, cx - self.centre.0 * k, cy - self.centre.1 * k)
    }
}

/// The cached outline of `c` in `face` (`None` for a glyph without one,
/// such as a space).
fn shape(c: char, face: Face) -> Option<std::sync::Arc<Shape>> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_drawn_where_asked() {
        let mut c = Canvas::new(200, 60, Rgba::rgb(255, 255, 255));
        let w = c.text("Fall 1603", 10.0, 40.0, 24.0, Face::Bold, Align::Left, Rgba::rgb(0, 0, 0));
        assert!(w > 80.0 && w < 190.0, "width {w}");
        let dark = (10..10 + w as u32)
            .flat_map(|x| (15..42).map(move |y| (x, y)))
            .filter(|&(x, y)| c.pixel(x, y).is_some_and(|p| p.luminance() < 0.5));
        assert!(dark.count() > 100, "the text left ink");
    }

    #[test]
    fn chess_glyphs_exist() {
        let f = font(Face::Regular);
        for c in ['\u{2654}', '\u{265A}', '\u{265F}', '\u{2659}'] {
            assert!(f.outline(f.glyph_id(c)).is_some(), "glyph {c}");
        }
    }

    /// The largest difference of any channel between two canvases of one size.
    fn max_diff(a: &Canvas, b: &Canvas) -> u8 {
        a.pixmap.data().iter().zip(b.pixmap.data()).map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0)
    }

    #[test]
    fn cached_sprites_look_like_direct_drawing() {
        let bg = Rgba::rgb(0xB5, 0x88, 0x63);
        let (body, lines) = (Rgba::rgb(0xF0, 0xF0, 0xF0), Rgba::rgb(0x22, 0x22, 0x22));
        for (light, alpha) in [(true, 255), (false, 255), (true, 150)] {
            // Twice through the cache (drawn, then reused), once directly, at
            // a position on the cache's eighth-of-a-pixel grid.
            let mut a = Canvas::new(160, 160, bg);
            a.chess_piece(('\u{2656}', '\u{265C}'), light, (80.25, 77.625), 90.0, (body, lines), 3.0, alpha);
            let mut b = Canvas::new(160, 160, bg);
            b.chess_piece(('\u{2656}', '\u{265C}'), light, (80.25, 77.625), 90.0, (body, lines), 3.0, alpha);
            let mut c = Canvas::new(160, 160, bg);
            c.draw_piece(('\u{2656}', '\u{265C}'), light, (80.25, 77.625), 90.0, (body, lines), 3.0, alpha);
            assert_eq!(max_diff(&a, &b), 0);
            assert!(max_diff(&a, &c) <= 3, "piece {light} {alpha}: {}", max_diff(&a, &c));
            assert!(max_diff(&a, &Canvas::new(160, 160, bg)) > 60, "the piece left ink");
        }
        let mut a = Canvas::new(220, 60, bg);
        a.text("Tsardom · ½ gy", 20.5, 40.25, 22.0, Face::Bold, Align::Left, Rgba::rgb(0xEE, 0xEE, 0xEE));
        let mut c = Canvas::new(220, 60, bg);
        c.draw_text("Tsardom · ½ gy", 20.5, 40.25, 22.0, Face::Bold, Rgba::rgb(0xEE, 0xEE, 0xEE));
        assert!(max_diff(&a, &c) <= 3, "text: {}", max_diff(&a, &c));
        assert!(max_diff(&a, &Canvas::new(220, 60, bg)) > 60, "the text left ink");
    }

    #[test]
    fn png_round_trips() {
        let mut c = Canvas::new(64, 32, Rgba::rgb(10, 20, 30));
        c.disc(32.0, 16.0, 10.0, Rgba::rgb(250, 0, 0));
        let png = c.png().expect("png");
        let img = image::load_from_memory(&png).expect("decodes").to_rgb8();
        assert_eq!(img.dimensions(), (64, 32));
        assert_eq!(img.get_pixel(32, 16).0, [250, 0, 0]);
        assert_eq!(img.get_pixel(1, 1).0, [10, 20, 30]);
    }
}
