//! The legend under a square board: each power's code chip, name, counts
//! and side, and in amber its notes (a hashed phase's `not revealed`, a
//! conceded power).

use super::{Ctx, MIN_TEXT, TEXT, WHITE};
use crate::render::canvas::{text_width, Align, Canvas, Face};
use crate::render::Style;
use crate::rules::dip::DipState;
use crate::rules::power::Side;
use crate::rules::words::count;

/// One power's legend line, before it is drawn.
struct Entry {
    name: String,
    code: String,
    /// Centers and pieces: `  3 centers · 2 pieces`.
    counts: String,
    side: &'static str,
    note: String,
}

/// The legend worked out: each power's entry, whether the side is shown
/// (for all or none), and the scale of the text.
struct Plan {
    entries: Vec<Entry>,
    with_side: bool,
    k: f32,
}

impl Entry {
    /// What follows the name: the counts, and the side if shown.
    fn info(&self, with_side: bool) -> String {
        if with_side {
            format!("{} \u{00B7} {}", self.counts, self.side)
        } else {
            self.counts.clone()
        }
    }
}

/// The legend's plan: every entry at one size and with the same parts, so
/// that no power's line reads differently from another's. The side
/// (`light`, `dark`) is shown for every power when every line has room for
/// it, else for none; then all lines shrink together (never below the
/// smallest readable size).
fn plan(cx: &Ctx<'_>, state: &DipState, style: &Style) -> Plan {
    let (l, variant) = (&cx.l, cx.variant);
    let row = l.row;
    let col_w = (l.width as f32 - 2.0 * l.margin) / l.columns as f32;
    let size = (row * 0.46).max(MIN_TEXT / 0.85);
    let entries: Vec<Entry> = variant
        .power_ids()
        .map(|p| {
            let def = variant.power(p);
            let centers = state.centers_of(p).len();
            let pieces = state.pieces_of(p).count();
            Entry {
                name: def.name.clone(),
                code: cx.code(p).to_string(),
                counts: format!("  {} \u{00B7} {}", count(centers, "center"), count(pieces, "piece")),
                side: match def.side {
                    Side::White => "light",
                    Side::Black => "dark",
                },
                note: crate::render::note_text(style, &def.name),
            }
        })
        .collect();
    let fits = |e: &Entry, with_side: bool, k: f32| {
        let room = col_w - chip_width(l.row, &e.code) - row * 0.6;
        text_width(&e.name, size * k, Face::Bold)
            + text_width(&e.info(with_side), size * 0.85 * k, Face::Regular)
            + text_width(&e.note, size * 0.85 * k, Face::Bold)
            <= room
    };
    let with_side = entries.iter().all(|e| fits(e, true, 1.0));
    let min_k = MIN_TEXT / (size * 0.85);
    let mut k = 1.0;
    while k - 0.04 >= min_k && !entries.iter().all(|e| fits(e, with_side, k)) {
        k -= 0.04;
    }
    Plan { entries, with_side, k }
}

/// The width of a power's code chip in a legend row `row` high.
fn chip_width(row: f32, code: &str) -> f32 {
    let code_size = (row * 0.45).max(MIN_TEXT);
    (row * 1.1).max(text_width(code, code_size, Face::Bold) + code_size)
}

/// The legend's lines as drawn, one a power: name, counts, side if shown,
/// notes (`Scandinavia  3 centers · 7 pieces · dark · conceded`).
pub(super) fn lines(cx: &Ctx<'_>, state: &DipState, style: &Style) -> Vec<String> {
    let p = plan(cx, state, style);
    p.entries.iter().map(|e| format!("{}{}{}", e.name, e.info(p.with_side), e.note)).collect()
}

/// Draws the legend under the board (see [`plan`]).
pub(super) fn legend(cv: &mut Canvas, cx: &Ctx<'_>, state: &DipState, style: &Style) {
    let (l, variant) = (&cx.l, cx.variant);
    let row = l.row;
    let col_w = (l.width as f32 - 2.0 * l.margin) / l.columns as f32;
    let size = (row * 0.46).max(MIN_TEXT / 0.85);
    let code_size = (row * 0.45).max(MIN_TEXT);
    let Plan { entries, with_side, k } = plan(cx, state, style);
    for (n, (p, e)) in variant.power_ids().zip(&entries).enumerate() {
        let (col, r) = (n % l.columns, n / l.columns);
        let x = l.margin + col as f32 * col_w;
        let y = l.legend_y + r as f32 * row;
        let accent = cx.colour(p);
        let bh = code_size * 1.25;
        let bw = chip_width(row, &e.code);
        cv.rounded_rect(x - 1.5, y + (row - bh) / 2.0 - 1.5, bw + 3.0, bh + 3.0, bh * 0.5, WHITE);
        cv.rounded_rect(x, y + (row - bh) / 2.0, bw, bh, bh * 0.45, accent);
        let text = crate::render::palette::text_on(accent);
        cv.text(&e.code, x + bw / 2.0, y + row / 2.0 + code_size * 0.36, code_size, Face::Bold, Align::Centre, text);
        let tx = x + bw + row * 0.3;
        let base = y + row / 2.0 + size * 0.36;
        let name_w = cv.text(&e.name, tx, base, size * k, Face::Bold, Align::Left, TEXT);
        let small = size * 0.85 * k;
        let info_w = cv.text(&e.info(with_side), tx + name_w, base, small, Face::Regular, Align::Left, TEXT.alpha(200));
        cv.text(&e.note, tx + name_w + info_w, base, small, Face::Bold, Align::Left, crate::render::NOTE);
    }
}
