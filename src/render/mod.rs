//! Board images (pure: a state and a phase report in, PNG bytes out).
//!
//! [`canvas`] is the drawing surface (tiny-skia shapes, DejaVu text and
//! chess glyphs, PNG encoding); [`dip`] draws the square-board Diplomacy
//! games, [`simul`] the Diplomacy Chess board, [`diplomat`] the circular
//! Diplomat Chess board and [`wheel`] Chess Wheel+'s boards around their
//! shared hub; [`palette`] gives the powers' colours in each palette,
//! [`vision`] simulates colour-vision deficiencies for palette checks,
//! [`quant`] reduces an image to the 256 colours it uses most (for PNG and
//! GIF) and [`anim`] encodes frames as an animated GIF. A
//! resolved movement phase gives two images: the orders with their
//! outcomes on the old position ([`Stage::Orders`]) and the new position
//! ([`Stage::Result`]).

pub mod anim;
pub mod canvas;
pub mod dip;
pub mod diplomat;
pub mod palette;
pub mod quant;
pub mod simul;
pub mod vision;
pub mod wheel;

use crate::rules::Square;

/// The colour of a legend note on a power ([`Style::marks`]): amber, which
/// reads on the dark background and in every palette.
pub(crate) const NOTE: canvas::Rgba = canvas::Rgba::rgb(0xF2, 0xA9, 0x3B);

/// A legend note as drawn after a power's line: ` · not revealed`.
pub(crate) fn note_text(style: &Style, power: &str) -> String {
    style.mark(power).map_or_else(String::new, |m| format!(" \u{00B7} {m}"))
}

/// The colours of powers and marks (see [`palette::power_colours`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Palette {
    /// Each variant's own power colours.
    #[default]
    Classic,
    /// Okabe-Ito colours, safe for the common colour-vision deficiencies,
    /// for power tints, plates, arrows and badges alike.
    ColourBlind,
}

impl std::str::FromStr for Palette {
    type Err = String;
    fn from_str(s: &str) -> Result<Palette, String> {
        match s.to_ascii_lowercase().replace(['-', '_', ' '], "").as_str() {
            "classic" => Ok(Palette::Classic),
            "colourblind" | "colorblind" | "cb" => Ok(Palette::ColourBlind),
            _ => Err(format!("unknown palette `{s}`: use classic or colour-blind")),
        }
    }
}

/// How to draw.
#[derive(Clone, Debug)]
pub struct Style {
    /// Image width in pixels (the height follows from the board).
    pub width: u32,
    /// Order colours.
    pub palette: Palette,
    /// The game's name for the title, if any.
    pub title: Option<String>,
    /// What the title bar says instead of the phase (`Final position` once a game is over).
    pub heading: Option<String>,
    /// Short notes on powers for the legend, by power name: a hashed
    /// phase's `invalid message`, `not revealed`, `no message`.
    pub marks: Vec<(String, String)>,
    /// The game's result, on an image of the position it ended in
    /// (`France wins`, `Draw by agreement`): drawn as a banner across the
    /// board (`result_banner`).
    pub result: Option<String>,
}

impl Style {
    /// The legend note on `power`, if any.
    #[must_use]
    pub fn mark(&self, power: &str) -> Option<&str> {
        self.marks.iter().find(|(p, _)| p == power).map(|(_, m)| m.as_str())
    }
}

impl Default for Style {
    fn default() -> Style {
        Style { width: 1024, palette: Palette::Classic, title: None, heading: None, marks: Vec::new(), result: None }
    }
}

/// Which of a phase's two images.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The orders and their outcomes, on the position before the phase.
    Orders,
    /// The position after the phase.
    Result,
}

impl std::str::FromStr for Stage {
    type Err = String;
    fn from_str(s: &str) -> Result<Stage, String> {
        match s.to_ascii_lowercase().as_str() {
            "orders" => Ok(Stage::Orders),
            "result" => Ok(Stage::Result),
            _ => Err(format!("unknown stage `{s}`: use orders or result")),
        }
    }
}

/// Whether two moves lie on one line, point opposite ways and overlap.
pub(crate) fn opposed_overlap((a, b): (Square, Square), (c, d): (Square, Square)) -> bool {
    let p = |s: Square| (i32::from(s.file().index()), i32::from(s.rank().index()));
    let (a, b, c, d) = (p(a), p(b), p(c), p(d));
    let u = (b.0 - a.0, b.1 - a.1);
    let cross = |q: (i32, i32)| u.0 * (q.1 - a.1) - u.1 * (q.0 - a.0);
    if cross(c) != 0 || cross(d) != 0 {
        return false;
    }
    let v = (d.0 - c.0, d.1 - c.1);
    if u.0 * v.0 + u.1 * v.1 >= 0 {
        return false;
    }
    // Projections onto u: the two segments share more than a point.
    let t = |q: (i32, i32)| u.0 * (q.0 - a.0) + u.1 * (q.1 - a.1);
    let (lo1, hi1) = (0, t(b));
    let (lo2, hi2) = (t(c).min(t(d)), t(c).max(t(d)));
    lo2.max(lo1) < hi2.min(hi1)
}

/// The title bar of every board image: the game's name (after the game's own
/// title, if the style has one) on the left, shrunk to fit; the phase and the
/// image's caption on the right in bold, at most 62% of the width.
pub(crate) fn title_bar(
    cv: &mut canvas::Canvas,
    (title_h, margin): (f32, f32),
    style: &Style,
    name: &str,
    (phase, caption): (&str, &str),
) {
    use canvas::{text_width, Align, Face, Rgba};
    const TEXT: Rgba = Rgba::rgb(0xEE, 0xEE, 0xEE);
    let width = cv.width() as f32;
    let size = (title_h * 0.42).max(MIN_TEXT);
    let y = title_h * 0.66;
    let phase = style.heading.as_deref().unwrap_or(phase);
    // Shrunk to fit, never below the phone minimum: past it, the less
    // important part goes (the caption, the game's own title), then the
    // end of what is left, marked with an ellipsis.
    let fit = |options: &[String], room: &dyn Fn(f32) -> f32, face: Face| -> (String, f32) {
        for text in options {
            let mut size = size;
            while text_width(text, size, face) > room(size) && size > MIN_TEXT {
                size -= 1.0;
            }
            if text_width(text, size, face) <= room(size) {
                return (text.clone(), size);
            }
        }
        let last = options.last().cloned().unwrap_or_default();
        (ellipsis(&last, room(MIN_TEXT), MIN_TEXT, face), MIN_TEXT)
    };
    let mut rights = Vec::new();
    if !caption.is_empty() {
        rights.push(format!("{phase} \u{00B7} {caption}"));
    }
    rights.push(phase.to_string());
    let (right, rsize) = fit(&rights, &|_| width * 0.62, Face::Bold);
    let taken = text_width(&right, rsize, Face::Bold);
    let lefts: Vec<String> = match &style.title {
        Some(t) => vec![format!("{t} \u{2014} {name}"), name.to_string()],
        None => vec![name.to_string()],
    };
    let (left, lsize) = fit(&lefts, &|_| width - 3.0 * margin - taken, Face::Regular);
    cv.text(&left, margin, y, lsize, Face::Regular, Align::Left, TEXT);
    cv.text(&right, width - margin, y, rsize, Face::Bold, Align::Right, TEXT);
}

/// `text` cut to fit `room` pixels at `size`, ending in an ellipsis if cut.
fn ellipsis(text: &str, room: f32, size: f32, face: canvas::Face) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty()
        && canvas::text_width(&format!("{}\u{2026}", chars.iter().collect::<String>()), size, face) > room
    {
        chars.pop();
    }
    if chars.len() == text.chars().count() {
        return text.to_string();
    }
    format!("{}\u{2026}", chars.iter().collect::<String>().trim_end())
}

/// The smallest text any image draws, in pixels: readable on a phone, where
/// images are shown about 400 px wide.
pub const MIN_TEXT: f32 = 10.0;

/// The result banner of a final image ([`Style::result`]): a band opened
/// across the image at row `y`, under the title (the image
/// grows by the band, so nothing of the position is hidden), with `GAME
/// OVER` and the result in large bold type, shrunk to fit. Readable at
/// 400 px: the result is at least a twentieth of the width tall.
pub(crate) fn result_banner(cv: &mut canvas::Canvas, y: f32, result: &str) {
    use canvas::{text_width, Align, Face, Rgba};
    let width = cv.width() as f32;
    let band_h = (width * 0.1).round().max(40.0);
    let top = y.round().max(0.0);
    cv.insert_band(top as u32, band_h as u32, Rgba::rgb(0x15, 0x16, 0x18));
    let rule = canvas::Line { colour: NOTE, width: (width * 0.004).max(1.5), dash: None };
    let inset = band_h * 0.08;
    cv.line((0.0, top + inset), (width, top + inset), &rule);
    cv.line((0.0, top + band_h - inset), (width, top + band_h - inset), &rule);
    let label = "GAME OVER";
    let label_size = |size: f32| (size * 0.7).max(MIN_TEXT);
    let total = |size: f32, result: &str| {
        text_width(label, label_size(size), Face::Bold) + size * 0.6 + text_width(result, size, Face::Bold)
    };
    let mut size = (band_h * 0.42).max(MIN_TEXT);
    while total(size, result) > width * 0.94 && size > MIN_TEXT {
        size -= 1.0;
    }
    // Past the phone minimum the end of the result gives way.
    let room = width * 0.94 - total(size, "");
    let result = ellipsis(result, room, size, Face::Bold);
    let gap = size * 0.6;
    let left = (width - total(size, &result)) / 2.0;
    let base = top + band_h / 2.0 + size * 0.36;
    let lw = cv.text(label, left, base, label_size(size), Face::Bold, Align::Left, NOTE);
    cv.text(&result, left + lw + gap, base, size, Face::Bold, Align::Left, Rgba::rgb(0xFF, 0xFF, 0xFF));
}
