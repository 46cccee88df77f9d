//! Board images (pure: a state and a phase report in, PNG bytes out).
//!
//! [`canvas`] is the drawing surface (tiny-skia shapes, DejaVu text and
//! chess glyphs, PNG encoding); [`chess_dip`] draws the square-board Diplomacy
//! games, [`diplomacy_chess`] the Diplomacy Chess board, [`diplomat_chess`] the circular
//! Diplomat Chess board and [`chess_wheel`] Chess Wheel+'s boards around their
//! shared hub; [`palette`] gives the powers' colours in each palette,
//! [`theme`] the colours every board shares, [`vision`] simulates
//! colour-vision deficiencies for palette checks, [`quant`] reduces an
//! image to the 256 colours it uses most (for PNG and GIF) and [`anim`]
//! encodes frames as an animated GIF (compressed by `lzw`); [`chart`] draws
//! a line chart of a whole game (centres, pieces or material by period). A
//! resolved movement phase gives two images: the orders with their
//! outcomes on the old position ([`Stage::Orders`]) and the new position
//! ([`Stage::Result`]).

#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations, rust_2018_idioms)]

pub mod anim;
pub mod any;
mod band;
pub mod canvas;
pub mod chart;
pub mod chess_dip;
pub mod chess_wheel;
pub mod diplomacy_chess;
pub mod diplomat_chess;
mod lanes;
mod lzw;
pub mod palette;
pub mod quant;
pub mod theme;
pub mod vision;

/// The colour of a legend note on a power ([`Style::marks`]): amber, which
/// reads on the dark background and in every palette.
pub(crate) const NOTE: canvas::Rgba = canvas::Rgba::rgb(0xF2, 0xA9, 0x3B);

/// A legend note as drawn after a power's line: ` · not revealed`, or
/// ` · conceded · no message` for a power with two notes.
pub(crate) fn note_text(style: &Style, power: &str) -> String {
    style.notes(power).map_or_else(String::new, |m| format!(" \u{00B7} {m}"))
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
    /// phase's `invalid message`, `not revealed`, `no message`; `conceded`.
    /// A power may have several.
    pub marks: Vec<(String, String)>,
    /// The game's result, on an image of the position it ended in
    /// (`France wins`, `Draw by agreement`): drawn with `GAME OVER` in a
    /// band opened under the title (`band`).
    pub result: Option<String>,
}

impl Style {
    /// The first legend note on `power`, if any.
    #[must_use]
    pub fn mark(&self, power: &str) -> Option<&str> {
        self.marks.iter().find(|(p, _)| p == power).map(|(_, m)| m.as_str())
    }

    /// Every legend note on `power`, joined with ` · ` (`conceded · no
    /// message`), if it has any.
    #[must_use]
    pub fn notes(&self, power: &str) -> Option<String> {
        let notes: Vec<&str> = self.marks.iter().filter(|(p, _)| p == power).map(|(_, m)| m.as_str()).collect();
        (!notes.is_empty()).then(|| notes.join(" \u{00B7} "))
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
    use canvas::{text_width, Align, Face};
    use theme::TEXT;
    let width = cv.width() as f32;
    let least = min_text(cv.width());
    let size = (title_h * 0.42).max(least);
    let y = title_h * 0.66;
    let phase = style.heading.as_deref().unwrap_or(phase);
    // Shrunk to fit, never below the phone minimum: past it, the less
    // important part goes (the caption, the game's own title), then the
    // end of what is left, marked with an ellipsis.
    let fit = |options: &[String], room: &dyn Fn(f32) -> f32, face: Face| -> (String, f32) {
        for text in options {
            let mut size = size;
            while text_width(text, size, face) > room(size) && size > least {
                size = (size - 1.0).max(least);
            }
            if text_width(text, size, face) <= room(size) {
                return (text.clone(), size);
            }
        }
        let last = options.last().cloned().unwrap_or_default();
        (ellipsis(&last, room(least), least, face), least)
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
pub(crate) fn ellipsis(text: &str, room: f32, size: f32, face: canvas::Face) -> String {
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

/// The smallest text any image shows on a phone, in pixels (font size) at
/// 400 px wide: Discord shows a posted image about 400 px wide there, so a
/// text `s` px tall on an image `w` px wide reads as `s * 400 / w` px.
pub const PHONE_TEXT: f32 = 8.0;

/// The smallest text size on an image `width` pixels wide: [`PHONE_TEXT`]
/// once shown 400 px wide (20.5 px at 1024, 15.4 px at 768), and never
/// below [`MIN_TEXT`] (an image drawn at 400 px keeps 10 px).
#[must_use]
pub fn min_text(width: u32) -> f32 {
    (PHONE_TEXT * width as f32 / 400.0).max(MIN_TEXT)
}

/// `text` broken into lines at most `room` wide at `size`, at spaces
/// (a word longer than the room is broken between characters). Nothing is
/// dropped: the lines joined with single spaces give the text back.
pub(crate) fn wrap(text: &str, size: f32, face: canvas::Face, room: f32) -> Vec<String> {
    use canvas::text_width;
    let mut lines: Vec<String> = Vec::new();
    let mut cur = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let trial = if cur.is_empty() { word.to_string() } else { format!("{cur} {word}") };
        if text_width(&trial, size, face) <= room || cur.is_empty() && text_width(word, size, face) <= room {
            cur = trial;
            continue;
        }
        if !cur.is_empty() {
            lines.push(std::mem::take(&mut cur));
        }
        if text_width(word, size, face) <= room {
            cur = word.to_string();
            continue;
        }
        // A word wider than the room: as many characters a line as fit.
        for ch in word.chars() {
            let mut t = cur.clone();
            t.push(ch);
            if !cur.is_empty() && text_width(&t, size, face) > room {
                lines.push(std::mem::take(&mut cur));
                cur.push(ch);
            } else {
                cur = t;
            }
        }
    }
    if !cur.is_empty() || lines.is_empty() {
        lines.push(cur);
    }
    lines
}
