//! Chess pieces: a glyph pair drawn with a body, inner lines and a halo,
//! once per look onto a kept sprite.

use tiny_skia::FillRule;

use super::sprites::{sprite, SpriteKey};
use super::text::shape;
use super::{Canvas, Face, Line, Rgba};

/// The dark halo of light pieces.
const INK_TONE: Rgba = Rgba::rgb(0x22, 0x22, 0x22);
/// The light halo of dark pieces.
const PAPER_TONE: Rgba = Rgba::rgb(0xFF, 0xFF, 0xFF);

/// A chess piece as [`Canvas::chess_piece`] is asked for it: glyph pair,
/// light or dark, centre, size, (body, lines) colours, halo width, alpha.
#[derive(Copy, Clone, Debug)]
pub(super) struct PieceLook {
    pub(super) glyphs: (char, char),
    pub(super) light: bool,
    pub(super) centre: (f32, f32),
    pub(super) size: f32,
    pub(super) colours: (Rgba, Rgba),
    pub(super) halo: f32,
    pub(super) alpha: u8,
}

impl Canvas {
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
            let look = PieceLook {
                glyphs: (outline, solid),
                light,
                centre: (x, y),
                size,
                colours: (body, lines),
                halo,
                alpha,
            };
            c.draw_piece(&look);
        });
        if let Some(sprite) = sprite {
            self.composite(&sprite, x0 as i64, y0 as i64);
        }
    }

    /// Draws a chess piece directly (see [`Canvas::chess_piece`]).
    pub(super) fn draw_piece(&mut self, look: &PieceLook) {
        let PieceLook { glyphs: (outline, solid), light, centre: (cx, cy), size, colours: (body, lines), halo, alpha } =
            *look;
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
}
