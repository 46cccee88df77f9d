//! Where everything of an image goes ([`Placement`]): the boards, the
//! lists of moves under them, the legend and the result banner.

use super::frames::{frames, step_count, Frame};
use crate::canvas::{text_width, Face};
use crate::{min_text, note_text, wrap, Style};
use chessdip_rules::diplomacy_chess::board::side_name;
use chessdip_rules::diplomacy_chess::{DiplomacyChessReport, Mode, MoveReport};
use chessdip_rules::{Side, Square};

/// One board of an image: its top-left corner and square size, and the
/// step of the turn it shows (0: the whole turn, or a position).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardSpot {
    /// The step shown (progressive turns), 0 otherwise.
    pub step: usize,
    /// Left edge of the a-file.
    pub x: f32,
    /// Top edge of rank 8.
    pub y: f32,
    /// Side of a square in pixels.
    pub sq: f32,
}

impl BoardSpot {
    /// Top-left corner of a square (White at the bottom).
    #[must_use]
    pub fn corner(&self, s: Square) -> (f32, f32) {
        let f = f32::from(s.file().index());
        let r = f32::from(s.rank().index());
        (self.x + f * self.sq, self.y + (7.0 - r) * self.sq)
    }

    /// Centre of a square.
    #[must_use]
    pub fn centre(&self, s: Square) -> (f32, f32) {
        let (x, y) = self.corner(s);
        (x + self.sq / 2.0, y + self.sq / 2.0)
    }
}

/// A block of wrapped text: lines as drawn, from `(x, y)` (the first
/// line's top) with `line_h` pixels a line, at most `w` wide.
#[derive(Debug, Clone, PartialEq)]
pub struct TextBlock {
    /// The lines, in order; joined with spaces they give the whole text.
    pub lines: Vec<String>,
    /// Left edge.
    pub x: f32,
    /// Top of the first line.
    pub y: f32,
    /// The room each line was wrapped to.
    pub w: f32,
    /// Line height.
    pub line_h: f32,
    /// Font size.
    pub size: f32,
    /// Whose move it is (None: a heading).
    pub side: Option<Side>,
    /// Whether the move failed (drawn dimmer).
    pub dim: bool,
    /// A heading (bold): a step's, or a side's column in the list.
    pub heading: bool,
}

/// One item of the legend: the sample mark's box and its label.
#[derive(Debug, Clone, PartialEq)]
pub struct LegendItem {
    /// What it explains.
    pub kind: LegendKind,
    /// The sample's box: left, top, width, height.
    pub icon: (f32, f32, f32, f32),
    /// The label's left edge and baseline.
    pub at: (f32, f32),
    /// The label.
    pub label: String,
}

/// The marks the legend explains.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegendKind {
    /// White's move: a solid arrow with a round tail.
    White,
    /// Black's move: a dashed arrow with a square tail.
    Black,
    /// A failed move: faded, a dark cross on a white disc.
    Failed,
    /// A taken piece: a thick cross over it.
    Taken,
    /// Where a piece that had moved was taken: a small crossed copy.
    TakenHere,
    /// A king in check: its square tinted.
    Check,
}

/// Where everything of an image goes.
#[derive(Debug, Clone)]
pub struct Placement {
    /// Image width.
    pub width: u32,
    /// Image height.
    pub height: u32,
    /// Title bar height.
    pub title_h: f32,
    /// The boards, in step order.
    pub boards: Vec<BoardSpot>,
    /// Size of the coordinate labels.
    pub label_size: f32,
    /// The text: headings and one block per move.
    pub texts: Vec<TextBlock>,
    /// The legend's items (none for a position).
    pub legend: Vec<LegendItem>,
    /// The area under the result banner: left, top, width, height (the
    /// band opens at its top, and everything below moves down).
    pub banner: (f32, f32, f32, f32),
    /// Whether boards carry rank labels on both sides (the large board).
    pub(super) both_sides: bool,
}

/// Text size of the lists, captions and legend at `width`.
pub(super) fn text_size(width: f32) -> f32 {
    (width * 0.0165).max(11.0).max(min_text(width as u32))
}

/// A move's line in the list: the results' summary (`✓ 1. Nf3 (moved)`);
/// on a step's own board without the step number.
pub(super) fn move_line(m: &MoveReport, mode: Mode, per_step: bool) -> String {
    m.line(if per_step { Mode::Basic } else { mode }).summary()
}

/// The mode's name as the title shows it.
pub(super) fn mode_label(mode: Mode) -> Option<&'static str> {
    match mode {
        Mode::Basic => None,
        Mode::Progressive => Some("progressive"),
        Mode::SimultaneousProgressive => Some("simultaneously progressive"),
    }
}

/// Where everything of the image `draw` makes goes: for a position or a
/// basic or simultaneously progressive turn one large board, for a
/// progressive turn of two or more steps one board per step.
#[must_use]
pub fn placement(report: Option<&DiplomacyChessReport>, style: &Style) -> Placement {
    let fr = report.map(frames).unwrap_or_default();
    place(report, &fr, style)
}

pub(super) fn place(report: Option<&DiplomacyChessReport>, fr: &[Frame<'_>], style: &Style) -> Placement {
    let width = style.width.max(320);
    let w = width as f32;
    let title_h = (w * 0.075).round();
    let ts = text_size(w);
    let line_h = (ts * 1.3).round();
    let mut texts = Vec::new();
    let mut boards = Vec::new();
    let label_size;
    let mut y;
    let mut any_check = false;
    let both_sides;
    let banner;
    if fr.len() <= 1 {
        // One large board, its moves listed under it.
        let margin = (w * 0.045).round();
        let sq = ((w - 2.0 * margin) / 8.0).floor();
        label_size = (margin * 0.55).max(10.5).max(min_text(width));
        both_sides = true;
        boards.push(BoardSpot { step: 0, x: margin, y: title_h, sq });
        banner = (margin, title_h, 8.0 * sq, 8.0 * sq);
        y = title_h + 8.0 * sq + margin * 1.1;
        if let (Some(r), Some(f)) = (report, fr.first()) {
            let cols = if w >= 640.0 { 2 } else { 1 };
            let col_w = (w - 2.0 * margin) / cols as f32;
            let mut bottom = y;
            for (k, side) in [Side::White, Side::Black].into_iter().enumerate() {
                let (x, mut yy) = if cols == 2 { (margin + k as f32 * col_w, y) } else { (margin, bottom) };
                let mine: Vec<&&MoveReport> = f.moves.iter().filter(|m| m.side == side).collect();
                let head = format!("{}{}", side_name(side), note_text(style, side_name(side)));
                texts.push(TextBlock {
                    lines: vec![head],
                    x: x + ts * 1.3,
                    y: yy,
                    w: col_w - ts * 1.3,
                    line_h,
                    size: ts,
                    side: Some(side),
                    dim: false,
                    heading: true,
                });
                yy += line_h * 1.1;
                if mine.is_empty() {
                    texts.push(block(vec!["no move".into()], (x, yy), col_w, (line_h, ts), None, true));
                    yy += line_h;
                }
                for m in mine {
                    let room = col_w - ts;
                    let lines = wrap(&move_line(m, r.mode, false), ts, Face::Regular, room);
                    let n = lines.len() as f32;
                    texts.push(block(lines, (x, yy), room, (line_h, ts), None, !m.succeeded));
                    yy += n * line_h;
                }
                bottom = bottom.max(yy + line_h * 0.3);
            }
            y = bottom;
        } else if report.is_none() && [Side::White, Side::Black].iter().any(|&s| style.notes(side_name(s)).is_some()) {
            // A position with notes on the sides (a final image's scores):
            // each side's chip and name with its notes.
            let cols = if w >= 640.0 { 2 } else { 1 };
            let col_w = (w - 2.0 * margin) / cols as f32;
            let mut bottom = y;
            for (k, side) in [Side::White, Side::Black].into_iter().enumerate() {
                let (x, top) = if cols == 2 { (margin + k as f32 * col_w, y) } else { (margin, bottom) };
                let room = col_w - ts * 1.3;
                let head = format!("{}{}", side_name(side), note_text(style, side_name(side)));
                let lines = wrap(&head, ts, Face::Bold, room);
                let n = lines.len() as f32;
                texts.push(TextBlock {
                    lines,
                    x: x + ts * 1.3,
                    y: top,
                    w: room,
                    line_h,
                    size: ts,
                    side: Some(side),
                    dim: false,
                    heading: true,
                });
                bottom = bottom.max(top + n * line_h);
            }
            y = bottom + line_h * 0.3;
        }
        any_check |= fr.first().is_some_and(|f| f.pos.in_check(Side::White) || f.pos.in_check(Side::Black));
    } else {
        // A grid of step boards, each with its step's moves under it.
        let n = fr.len();
        let max_cols = if w >= 700.0 { 3 } else { 2 };
        let cols = match n {
            2 | 4 => 2,
            _ => 3,
        }
        .min(max_cols);
        let pad = (w * 0.025).round().max(8.0);
        label_size = (w * 0.013).max(10.5).max(min_text(width));
        both_sides = false;
        let gutter = (label_size * 1.3).round();
        let cell_w = ((w - 2.0 * pad - (cols - 1) as f32 * pad) / cols as f32).floor();
        let sq = ((cell_w - gutter) / 8.0).floor();
        let r = report.expect("frames come from a report");
        y = title_h + pad * 0.3;
        let top = y;
        for row in fr.chunks(cols) {
            let mut bottom = y;
            for (k, f) in row.iter().enumerate() {
                let cx = pad + k as f32 * (cell_w + pad);
                let heading = format!("Step {} of {}", f.step, step_count(r));
                let mut h = block(vec![heading], (cx, y), cell_w, (line_h, ts), None, false);
                h.heading = true;
                texts.push(h);
                let by = y + line_h * 1.15;
                let bx = cx + gutter;
                boards.push(BoardSpot { step: f.step, x: bx, y: by, sq });
                let mut yy = by + 8.0 * sq + label_size * 1.5;
                for m in &f.moves {
                    let room = cell_w - ts * 2.0;
                    let lines = wrap(&move_line(m, r.mode, true), ts, Face::Regular, room);
                    let n = lines.len() as f32;
                    texts.push(block(lines, (cx + ts * 2.0, yy), room, (line_h, ts), Some(m.side), !m.succeeded));
                    yy += n * line_h;
                }
                bottom = bottom.max(yy);
                any_check |= f.pos.in_check(Side::White) || f.pos.in_check(Side::Black);
            }
            y = bottom + pad * 0.8;
        }
        // The result, if any, in a band opened under the title, above every board and caption.
        let last = boards.last().copied().unwrap_or(BoardSpot { step: 0, x: pad, y: top, sq });
        banner = (pad, title_h, w - 2.0 * pad, last.y + 8.0 * last.sq - title_h);
    }
    let mut legend = Vec::new();
    if report.is_some() {
        let margin = (w * 0.045).round();
        let taken_here = fr.iter().any(|f| f.taken.iter().any(|&(_, home, at)| home != at));
        let mut items = vec![
            (LegendKind::White, "White: solid, round tail"),
            (LegendKind::Black, "Black: dashed, square tail"),
            (LegendKind::Failed, "failed (faded)"),
            (LegendKind::Taken, "taken"),
        ];
        if taken_here {
            items.push((LegendKind::TakenHere, "where it was taken"));
        }
        if any_check {
            items.push((LegendKind::Check, "check"));
        }
        let icon_w = ts * 2.6;
        let icon_h = ts * 1.3;
        let mut x = margin;
        let row_h = (ts * 1.8).round();
        let mut yy = y + ts * 0.3;
        for (kind, label) in items {
            let item_w = icon_w + ts * 0.5 + text_width(label, ts, Face::Regular) + ts * 1.2;
            if x > margin && x + item_w > w - margin {
                x = margin;
                yy += row_h;
            }
            legend.push(LegendItem {
                kind,
                icon: (x, yy + (row_h - icon_h) / 2.0, icon_w, icon_h),
                at: (x + icon_w + ts * 0.5, yy + row_h / 2.0 + ts * 0.36),
                label: label.to_string(),
            });
            x += item_w;
        }
        y = yy + row_h + ts * 0.5;
    }
    let height = (y + w * 0.01).ceil() as u32;
    Placement { width, height, title_h, boards, label_size, texts, legend, banner, both_sides }
}

pub(super) fn block(
    lines: Vec<String>,
    (x, y): (f32, f32),
    w: f32,
    (line_h, size): (f32, f32),
    side: Option<Side>,
    dim: bool,
) -> TextBlock {
    TextBlock { lines, x, y, w, line_h, size, side, dim, heading: false }
}

/// Where the centre of square `s` is drawn on the one large board of an
/// image of `width` pixels (a position, or a non-progressive turn).
#[must_use]
pub fn square_centre(width: u32, s: Square) -> (f32, f32) {
    let p = placement(None, &Style { width, ..Style::default() });
    p.boards[0].centre(s)
}

/// The side of a square in pixels on the one large board of an image of
/// `width` pixels.
#[must_use]
pub fn square_size(width: u32) -> f32 {
    placement(None, &Style { width, ..Style::default() }).boards[0].sq
}
