//! Sprite caches: pieces, plates, glyphs and text drawn once per look onto
//! a transparent pixmap, kept process-wide, and composited where needed.

use std::sync::OnceLock;

use tiny_skia::Pixmap;

use super::{Canvas, Rgba};

impl Canvas {
    /// Composites `src` (premultiplied) over the canvas with its top-left
    /// corner at `(x0, y0)`: source-over at whole-pixel offsets, which needs
    /// none of a general pattern fill's machinery.
    pub(super) fn composite(&mut self, src: &Pixmap, x0: i64, y0: i64) {
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
}

/// Everything that decides how a chess piece looks (sizes and offsets in
/// eighths of a pixel).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct SpriteKey {
    pub(super) glyphs: (char, char),
    pub(super) light: bool,
    pub(super) size: u32,
    pub(super) colours: (Rgba, Rgba),
    pub(super) halo: u32,
    pub(super) alpha: u8,
    pub(super) offset: (u32, u32),
}

/// The most piece sprites kept (about 60 KB each at 1024 px, so at most
/// about 16 MB); past it the cache starts again.
const MAX_SPRITES: usize = 256;

/// The sprite for `key`, `side` pixels square, drawn by `paint` on first use.
pub(super) fn sprite(key: SpriteKey, side: u32, paint: impl FnOnce(&mut Canvas)) -> Option<std::sync::Arc<Pixmap>> {
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
        let mut c = Canvas { pixmap: Pixmap::new(w, h)?, texts: Vec::new() };
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
pub(super) const MAX_PLATE_AREA: f32 = 160.0 * 160.0;

/// Everything that decides how a rounded rectangle or a filled glyph looks
/// (sizes and offsets in eighths of a pixel).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Look {
    Plate { size: (u32, u32), radius: u32, colour: Rgba, offset: (u32, u32) },
    Glyph { c: char, size: u32, colour: Rgba, offset: (u32, u32) },
}

/// A glyph look's size in pixels.
pub(super) fn key_size(key: &Look) -> f32 {
    match key {
        Look::Glyph { size, .. } => *size as f32 / 8.0,
        Look::Plate { .. } => 0.0,
    }
}

/// The most rounded-rectangle and glyph sprites kept (a few KB each); past
/// it the cache starts again.
const MAX_PLATES: usize = 2048;

/// The sprite for `key`, `(w, h)` pixels, drawn by `paint` on first use.
pub(super) fn look_sprite(
    key: Look,
    size: (u32, u32),
    paint: impl FnOnce(&mut Canvas),
) -> Option<std::sync::Arc<Pixmap>> {
    static LOOKS: SpriteCache<Look> = SpriteCache::new(MAX_PLATES, |_| 1);
    LOOKS.get_or_draw(key, size, paint)
}

/// Everything that decides how a piece of text looks (sizes and offsets in
/// eighths of a pixel).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct TextKey {
    pub(super) text: String,
    pub(super) size: u32,
    pub(super) bold: bool,
    pub(super) colour: Rgba,
    pub(super) offset: (u32, u32),
}

/// The most pixel bytes of text sprites kept (most are a few KB; a legend
/// line at 1024 px is about 60 KB); past it the cache starts again.
const MAX_TEXT_BYTES: usize = 8 << 20;

/// The sprite for `key`, `(w, h)` pixels, drawn by `paint` on first use.
pub(super) fn text_sprite(
    key: TextKey,
    size: (u32, u32),
    paint: impl FnOnce(&mut Canvas),
) -> Option<std::sync::Arc<Pixmap>> {
    static TEXTS: SpriteCache<TextKey> = SpriteCache::new(MAX_TEXT_BYTES, |p| p.data().len());
    TEXTS.get_or_draw(key, size, paint)
}
