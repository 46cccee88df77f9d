//! The legend under a square board: each power's code chip, name, counts
//! and side, and in amber its notes (a hashed phase's `not revealed`, a
//! conceded power, a final image's scores).

use super::{Ctx, TEXT, WHITE};
use crate::canvas::{text_width, Align, Canvas, Face};
use crate::{min_text, Style};
use chessdip_rules::chess_dip::{ChessDipState, Variant};
use chessdip_rules::power::Side;
use chessdip_rules::words::count;

/// One power's legend line, before it is drawn.
struct Entry {
    name: String,
    code: String,
    /// Centers and pieces: `  3 centers · 2 pieces`.
    counts: String,
    side: &'static str,
    note: String,
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

/// How the legend is set out: columns of entries, each of one line (name,
/// counts, notes) or two (the counts and notes under the name), and
/// whether every entry shows its side. Chosen from the variant, the width
/// and the notes alone, with the widest counts a power can have, so that
/// every image of a game at one width has the same legend (and an
/// animation's frames one height).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Arrangement {
    pub(super) columns: usize,
    pub(super) lines: usize,
    pub(super) with_side: bool,
}

/// The legend's text sizes at row height `row` on an image `width` wide:
/// (name, counts and notes, code), none below the phone minimum.
pub(super) fn sizes(row: f32, width: u32) -> (f32, f32, f32) {
    let least = min_text(width);
    let name = (row * 0.46).max(least / 0.85);
    (name, (name * 0.85).max(least), (row * 0.45).max(least))
}

/// The width of a power's code chip in a legend row `row` high.
fn chip_width(row: f32, width: u32, code: &str) -> f32 {
    let (_, _, code_size) = sizes(row, width);
    (row * 1.1).max(text_width(code, code_size, Face::Bold) + code_size)
}

/// The legend's arrangement (see [`Arrangement`]) for `variant` at
/// `width` with rows `row` high and `margin` either side, the powers'
/// notes as `notes` gives them: two columns of one line where every entry
/// fits (on images 640 px wide or more), else two lines an entry, else
/// one column; the side shown when every entry has room for it.
pub(super) fn arrange(
    variant: &Variant,
    codes: &[String],
    (width, margin, row): (u32, f32, f32),
    notes: &dyn Fn(&str) -> String,
) -> Arrangement {
    let (name_size, info_size, _) = sizes(row, width);
    // The widest counts (digits are all one width in DejaVu Sans).
    let widest = format!("  {} \u{00B7} {}", count(10, "center"), count(10, "piece"));
    let fits = |a: Arrangement| {
        let col_w = (width as f32 - 2.0 * margin) / a.columns as f32;
        variant.powers.iter().zip(codes).all(|(p, code)| {
            let room = col_w - chip_width(row, width, code) - row * 0.6;
            let side = if a.with_side { " \u{00B7} light" } else { "" };
            let name = text_width(&p.name, name_size, Face::Bold);
            let info = text_width(&format!("{widest}{side}"), info_size, Face::Regular);
            let note = text_width(&notes(&p.name), info_size, Face::Bold);
            if a.lines == 1 {
                name + info + note <= room
            } else {
                name <= room && info + note <= room
            }
        })
    };
    let most = if width >= 640 { 2 } else { 1 };
    let mut tried = Vec::new();
    for columns in (1..=most).rev() {
        for lines in [1, 2] {
            for with_side in [true, false] {
                tried.push(Arrangement { columns, lines, with_side });
            }
        }
    }
    tried.iter().copied().find(|&a| fits(a)).unwrap_or(Arrangement { columns: 1, lines: 2, with_side: false })
}

/// The height of one legend entry of `lines` lines.
pub(super) fn entry_height(row: f32, width: u32, lines: usize) -> f32 {
    let (_, info, _) = sizes(row, width);
    row + (lines.saturating_sub(1)) as f32 * info * 1.3
}

/// Every power's entry in `state`.
fn entries(cx: &Ctx<'_>, state: &ChessDipState, style: &Style) -> Vec<Entry> {
    let variant = cx.variant;
    variant
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
                note: crate::note_text(style, &def.name),
            }
        })
        .collect()
}

/// The legend's lines as drawn, one a power: name, counts, side if shown,
/// notes (`Scandinavia  3 centers · 7 pieces · dark · conceded`).
pub(super) fn lines(cx: &Ctx<'_>, state: &ChessDipState, style: &Style) -> Vec<String> {
    let with_side = cx.l.legend.with_side;
    entries(cx, state, style).iter().map(|e| format!("{}{}{}", e.name, e.info(with_side), e.note)).collect()
}

/// Draws the legend under the board, as its arrangement says: every entry
/// with the same parts at one size.
pub(super) fn legend(cv: &mut Canvas, cx: &Ctx<'_>, state: &ChessDipState, style: &Style) {
    let (l, variant) = (&cx.l, cx.variant);
    let Arrangement { columns, lines, with_side } = l.legend;
    let row = l.row;
    let col_w = (l.width as f32 - 2.0 * l.margin) / columns as f32;
    let (size, small, code_size) = sizes(row, l.width);
    let entry_h = entry_height(row, l.width, lines);
    for (n, (p, e)) in variant.power_ids().zip(entries(cx, state, style)).enumerate() {
        let (col, r) = (n % columns, n / columns);
        let x = l.margin + col as f32 * col_w;
        let y = l.legend_y + r as f32 * entry_h;
        let accent = cx.colour(p);
        let bh = code_size * 1.25;
        let bw = chip_width(row, l.width, &e.code);
        cv.rounded_rect(x - 1.5, y + (row - bh) / 2.0 - 1.5, bw + 3.0, bh + 3.0, bh * 0.5, WHITE);
        cv.rounded_rect(x, y + (row - bh) / 2.0, bw, bh, bh * 0.45, accent);
        let text = crate::palette::text_on(accent);
        cv.text(&e.code, x + bw / 2.0, y + row / 2.0 + code_size * 0.36, code_size, Face::Bold, Align::Centre, text);
        let tx = x + bw + row * 0.3;
        let base = y + row / 2.0 + size * 0.36;
        let name_w = cv.text(&e.name, tx, base, size, Face::Bold, Align::Left, TEXT);
        let info = e.info(with_side);
        let (ix, iy, info) = if lines == 1 {
            (tx + name_w, base, info)
        } else {
            (tx, base + small * 1.3, info.trim_start().to_string())
        };
        let info_w = cv.text(&info, ix, iy, small, Face::Regular, Align::Left, TEXT.alpha(200));
        cv.text(&e.note, ix + info_w, iy, small, Face::Bold, Align::Left, crate::NOTE);
    }
}
