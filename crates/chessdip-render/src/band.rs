//! The band opened under the title of an image of an ended game (a final
//! image, a timelapse's frames, the animation of the phase that ended it):
//! `GAME OVER` and how the game ended ([`Style::result`]).

use super::canvas::{self, text_width, Align, Canvas, Face, Rgba};
use super::theme::WHITE;
use super::{min_text, wrap, Style, NOTE};

/// The label of a result's band.
const GAME_OVER: &str = "GAME OVER";

/// What the band of `style` says, if it has one: `GAME OVER` and the result.
fn said(style: &Style) -> Option<(&str, &str)> {
    style.result.as_deref().map(|result| (GAME_OVER, result))
}

/// Whether `style` opens a band under the title.
#[must_use]
pub(crate) fn has_band(style: &Style) -> bool {
    said(style).is_some()
}

/// How a band's type is set on an image `width` wide.
struct Set {
    size: f32,
    label_size: f32,
    /// The text's lines when it wraps (then the label has a line of its own).
    lines: Vec<String>,
    /// The label and the text on one line: their whole width.
    total: f32,
    height: f32,
    inset: f32,
}

/// The band's type: the label and the text on one line, in large bold
/// type (the text at least a twentieth of the width tall, readable at
/// 400 px), shrunk by at most a fifth; else the label on a line of its own
/// and the text wrapped at spaces at full size onto as many lines as it
/// needs (never cut; a word wider than the whole band shrinks the type,
/// down to the phone minimum, before it is broken).
fn set(width: u32, label: &str, text: &str) -> Set {
    let w = width as f32;
    let room = w * 0.94;
    let one_h = (w * 0.1).round().max(40.0);
    let inset = one_h * 0.08;
    let least = min_text(width);
    let label_size = |size: f32| (size * 0.7).max(least);
    let total =
        |size: f32| text_width(label, label_size(size), Face::Bold) + size * 0.6 + text_width(text, size, Face::Bold);
    let full = (one_h * 0.42).max(least);
    let mut size = full;
    while total(size) > room && size > (full * 0.8).max(least) {
        size -= 1.0;
    }
    let lines = if total(size) <= room {
        Vec::new()
    } else {
        size = full;
        while size > least && text.split(' ').any(|w| text_width(w, size, Face::Bold) > room) {
            size -= 1.0;
        }
        wrap(text, size, Face::Bold, room)
    };
    let lsize = label_size(size);
    let height =
        if lines.is_empty() { one_h } else { (inset * 4.0 + lsize * 1.45 + size * 1.2 * lines.len() as f32).ceil() };
    Set { size, label_size: lsize, total: total(size), lines, height, inset }
}

/// Opens the band of `style`, if it has one, across the image at row `y`
/// under the title (the image grows by it, so nothing below is hidden):
/// dark, between two amber rules, the label in amber and the text in white
/// (see [`set`]).
pub(crate) fn draw(cv: &mut Canvas, y: f32, style: &Style) {
    let Some((label, text)) = said(style) else { return };
    let width = cv.width() as f32;
    let s = set(cv.width(), label, text);
    let top = y.round().max(0.0);
    let band_h = s.height.ceil();
    let inset = s.inset;
    cv.insert_band(top as u32, band_h as u32, Rgba::rgb(0x15, 0x16, 0x18));
    let rule = canvas::Line { colour: NOTE, width: (width * 0.004).max(1.5), dash: None };
    cv.line((0.0, top + inset), (width, top + inset), &rule);
    cv.line((0.0, top + band_h - inset), (width, top + band_h - inset), &rule);
    let centre = width / 2.0;
    if s.lines.is_empty() {
        let left = (width - s.total) / 2.0;
        let base = top + band_h / 2.0 + s.size * 0.36;
        let lw = cv.text(label, left, base, s.label_size, Face::Bold, Align::Left, NOTE);
        cv.text(text, left + lw + s.size * 0.6, base, s.size, Face::Bold, Align::Left, WHITE);
        return;
    }
    let line_h = s.size * 1.2;
    let mut base = top + inset * 2.0 + s.label_size * 0.95;
    cv.text(label, centre, base, s.label_size, Face::Bold, Align::Centre, NOTE);
    base += s.label_size * 0.5 + line_h * 0.5 + s.size * 0.36;
    for line in &s.lines {
        cv.text(line, centre, base, s.size, Face::Bold, Align::Centre, WHITE);
        base += line_h;
    }
}
