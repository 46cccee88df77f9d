//! A small drawing surface over tiny-skia: filled and stroked shapes, arrows,
//! text and glyphs from the bundled DejaVu fonts, PNG encoding with `png`.
//!
//! By job: `colour` ([`Rgba`]), `text` (fonts, text and glyph outlines),
//! `shapes` (rectangles, discs, lines, arrows), `pieces` (chess pieces),
//! `sprites` (the caches of drawn looks) and `png` (encoding).

use tiny_skia::{Color, Pixmap};

mod colour;
mod pieces;
mod png;
mod shapes;
mod sprites;
mod text;

pub use colour::Rgba;
pub use shapes::{shifted, towards, Line};
pub use text::{text_width, Align, Face};

/// The drawing surface.
#[derive(Clone, Debug)]
pub struct Canvas {
    pixmap: Pixmap,
    /// Every text drawn so far with its size in pixels, in the order drawn
    /// (for legibility checks).
    texts: Vec<(String, f32)>,
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
        Canvas { pixmap, texts: Vec::new() }
    }

    /// The smallest text size drawn on this canvas, in pixels (the font
    /// size, about 1.4 times the height of a capital letter); `None` if no
    /// text was drawn. Tests use it to keep every label readable on a phone.
    #[must_use]
    pub fn smallest_text(&self) -> Option<f32> {
        self.texts.iter().map(|(_, size)| *size).reduce(f32::min)
    }

    /// Every text drawn on this canvas (blank ones left out) with its size in
    /// pixels, in the order drawn: tests read which label is the smallest.
    #[must_use]
    pub fn texts(&self) -> &[(String, f32)] {
        &self.texts
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

    /// The pixel at `(x, y)` (opaque canvases: straight RGB).
    #[must_use]
    pub fn pixel(&self, x: u32, y: u32) -> Option<Rgba> {
        let p = self.pixmap.pixel(x, y)?;
        Some(Rgba(p.red(), p.green(), p.blue(), p.alpha()))
    }
}

#[cfg(test)]
mod tests {
    use ab_glyph::Font;

    use super::pieces::PieceLook;
    use super::text::font;
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
            let look = PieceLook {
                glyphs: ('\u{2656}', '\u{265C}'),
                light,
                centre: (80.25, 77.625),
                size: 90.0,
                colours: (body, lines),
                halo: 3.0,
                alpha,
            };
            c.draw_piece(&look);
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
