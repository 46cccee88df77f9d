//! Shapes: rectangles, discs, rings, lines, polygons, arrows and crosses,
//! filled and stroked (solid lines, discs and rings covered analytically).

use tiny_skia::{FillRule, LineCap, LineJoin, Path, PathBuilder, Rect, Stroke, StrokeDash, Transform};

use super::sprites::{look_sprite, Look, MAX_PLATE_AREA};
use super::{Canvas, Rgba};

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

impl Canvas {
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

    pub(super) fn fill(&mut self, path: &Path, colour: Rgba) {
        self.pixmap.fill_path(path, &colour.paint(), FillRule::Winding, Transform::identity(), None);
    }

    pub(super) fn stroke(&mut self, path: &Path, line: &Line) {
        let mut stroke =
            Stroke { width: line.width, line_cap: LineCap::Round, line_join: LineJoin::Round, ..Stroke::default() };
        if let Some((on, off)) = line.dash {
            stroke.dash = StrokeDash::new(vec![on, off], 0.0);
            stroke.line_cap = LineCap::Butt;
        }
        self.pixmap.stroke_path(path, &line.colour.paint(), &stroke, Transform::identity(), None);
    }
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
