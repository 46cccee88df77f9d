//! Diplomacy Chess boards.
//!
//! A position is one board. A resolved turn draws its moves as arrows —
//! White's solid with round tails, Black's dashed with square tails — on the
//! position they were played from: failed moves faded with a dark cross on a
//! white disc, taken pieces faded under a dark-edged cross in the palette's "taken"
//! colour (and, if they were taken away from their square, a small crossed
//! copy of the piece where it was taken), a king in check on a tinted
//! square. The moves with their outcomes are listed under the board,
//! wrapped (never cut), and a legend explains the marks.
//!
//! In the progressive mode a turn is run step by step, so a turn of two or
//! more steps is drawn as a grid of small boards, one per step, each showing
//! the position that step started from, that step's moves and what they
//! took, with the step's results under it. The basic and simultaneously
//! progressive modes start every move from the turn's position: one board
//! (in the latter, each arrow's tail carries its number in the list).
//!
//! Drawing and layout are split: [`placement`] computes where everything
//! goes (tests probe the pixels it names), [`draw`] draws it.

mod motion;
pub use motion::{animate, CLASH, MAX_BEATS};

use super::canvas::{shifted, towards};
use super::canvas::{text_width, Align, Canvas, Face, Line, Rgba};
use super::theme::{BACKGROUND, DARK, INK, LIGHT, TEXT, WHITE};
use super::{wrap, Palette, Style};
use crate::rules::simul::board::side_name;
use crate::rules::simul::resolve::resolve;
use crate::rules::simul::Fate;
use crate::rules::simul::{Mode, MoveReport, Piece, Position, SimulReport, SimulState, Variant};
use crate::rules::{Role, Side, Square};

/// Faded text (failed moves' lines, notes).
const DIM: Rgba = Rgba::rgb(0xB4, 0xB6, 0xBA);

/// The light and dark square colours.
pub const SQUARE_COLOURS: (Rgba, Rgba) = (LIGHT, DARK);

/// Arrow and mark colours of a palette.
#[derive(Debug, Clone, Copy)]
pub struct Colours {
    /// White's moves.
    pub white: Rgba,
    /// Black's moves.
    pub black: Rgba,
    /// A king in check: the square's tint.
    pub check: Rgba,
    /// Taken pieces: the cross.
    pub taken: Rgba,
    /// The cross on a failed move.
    pub failed: Rgba,
}

/// The colours of `palette`. Colour is never the only cue: White's arrows
/// are solid with a round tail, Black's dashed with a square tail; a failed
/// move is faded and carries a dark cross on a white disc; a taken piece a
/// thick cross with a dark outline.
#[must_use]
pub fn colours(palette: Palette) -> Colours {
    match palette {
        Palette::Classic => Colours {
            white: Rgba::rgb(0x1F, 0x6F, 0xE0),
            black: Rgba::rgb(0xE0, 0x26, 0x1B),
            check: Rgba::rgb(0xE8, 0x3A, 0x3A),
            taken: Rgba::rgb(0xCC, 0x79, 0xA7),
            failed: Rgba::rgb(0x11, 0x11, 0x11),
        },
        Palette::ColourBlind => Colours {
            white: Rgba::rgb(0x00, 0x72, 0xB2),
            black: Rgba::rgb(0xD5, 0x5E, 0x00),
            check: Rgba::rgb(0xE6, 0x9F, 0x00),
            taken: Rgba::rgb(0xCC, 0x79, 0xA7),
            failed: Rgba::rgb(0x00, 0x00, 0x00),
        },
    }
}

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
    both_sides: bool,
}

/// One board's content: the position it starts from, its moves and the
/// pieces they took (where each stood on this board, where it was taken).
struct Frame<'a> {
    step: usize,
    pos: Position,
    moves: Vec<&'a MoveReport>,
    taken: Vec<(Piece, Square, Square)>,
}

/// The boards a report is drawn on. Progressive turns are replayed step by
/// step (each step runs the moves the report says were tried at it, as the
/// turn did), so each board shows the position at its step.
fn frames(r: &SimulReport) -> Vec<Frame<'_>> {
    if r.mode != Mode::Progressive {
        return vec![Frame {
            step: 0,
            pos: r.before.clone(),
            moves: r.moves.iter().collect(),
            taken: r.captures.iter().map(|c| (c.piece, c.origin, c.at)).collect(),
        }];
    }
    let (mut out, _) = replay(r);
    if out.len() == 1 {
        // One step: the whole turn on one board.
        out[0].step = 0;
    }
    out
}

/// The number of steps of a progressive turn, as its step boards and its
/// animation number them ("Step 2 of 3"): its last step with a move.
pub(super) fn step_count(r: &SimulReport) -> usize {
    r.moves.iter().map(|m| m.step).max().unwrap_or(1)
}

/// A progressive turn run again step by step from the report: a frame for
/// each step that has moves, and the position after the last step.
fn replay(r: &SimulReport) -> (Vec<Frame<'_>>, Position) {
    let last = step_count(r);
    let mut pos = r.before.clone();
    let mut out = Vec::new();
    for step in 1..=last {
        let moves: Vec<&MoveReport> = r.moves.iter().filter(|m| m.step == step).collect();
        let tried: Vec<_> = moves.iter().filter_map(|m| m.tried).collect();
        let start = pos.clone();
        let mut taken = Vec::new();
        if tried.is_empty() {
            pos.double_steps.clear();
        } else {
            let o = resolve(&pos, &tried, r.mode.bounce());
            taken = o.taken.iter().map(|t| (t.piece, t.home, t.at)).collect();
            pos = o.after;
        }
        if !moves.is_empty() {
            out.push(Frame { step, pos: start, moves, taken });
        }
    }
    (out, pos)
}

/// The positions a progressive turn's boards show, as `(step, position at
/// the step's start)`, followed by `(last step + 1, position after the
/// turn)` as the step-by-step replay reaches it (it equals `report.after`
/// when the boards are true to the turn). Other modes: the turn's position
/// before and after.
#[must_use]
pub fn step_positions(report: &SimulReport) -> Vec<(usize, Position)> {
    if report.mode != Mode::Progressive {
        return vec![(0, report.before.clone()), (1, report.after.clone())];
    }
    let (frames, after) = replay(report);
    let last = step_count(report);
    frames.into_iter().map(|f| (f.step, f.pos)).chain(std::iter::once((last + 1, after))).collect()
}

/// Text size of the lists, captions and legend at `width`.
fn text_size(width: f32) -> f32 {
    (width * 0.0165).max(11.0)
}

/// A move's line in the list: the results' summary (`✓ 1. Nf3 (moved)`);
/// on a step's own board without the step number.
fn move_line(m: &MoveReport, mode: Mode, per_step: bool) -> String {
    m.line(if per_step { Mode::Basic } else { mode }).summary()
}

/// The mode's name as the title shows it.
fn mode_label(mode: Mode) -> Option<&'static str> {
    match mode {
        Mode::Basic => None,
        Mode::Progressive => Some("progressive"),
        Mode::SimultaneousProgressive => Some("simultaneously progressive"),
    }
}

/// Where everything of the image [`draw`] makes goes: for a position or a
/// basic or simultaneously progressive turn one large board, for a
/// progressive turn of two or more steps one board per step.
#[must_use]
pub fn placement(report: Option<&SimulReport>, style: &Style) -> Placement {
    let fr = report.map(frames).unwrap_or_default();
    place(report, &fr, style)
}

fn place(report: Option<&SimulReport>, fr: &[Frame<'_>], style: &Style) -> Placement {
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
        label_size = (margin * 0.55).max(10.5);
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
                let head = format!("{}{}", side_name(side), super::note_text(style, side_name(side)));
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
        label_size = (w * 0.013).max(10.5);
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

fn block(
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

/// Draws a Diplomacy Chess image. Without a report: `state`'s position.
/// With a report: the turn's moves and their outcomes on the position(s)
/// they were played from (see the module's text); `state` is then not
/// drawn, so either the state before or after the turn may be passed.
/// `caption` follows the turn in the title (`orders`, `position`).
#[must_use]
pub fn draw(
    variant: &Variant,
    state: &SimulState,
    report: Option<&SimulReport>,
    style: &Style,
    caption: &str,
) -> Canvas {
    let fr = report.map(frames).unwrap_or_default();
    let p = place(report, &fr, style);
    let c = colours(style.palette);
    let mut cv = Canvas::new(p.width, p.height, BACKGROUND);
    let turn = report.map_or(state.turn, |r| r.turn);
    title(&mut cv, &p, variant.mode, turn, style, caption);
    match report {
        None => {
            let b = p.boards[0];
            board(&mut cv, &p, &b, &state.position, &c);
            for (s, piece) in state.position.pieces() {
                draw_piece(&mut cv, &b, s, piece, 255);
            }
        }
        Some(r) => {
            for (f, b) in fr.iter().zip(&p.boards) {
                board(&mut cv, &p, b, &f.pos, &c);
                for (s, piece) in f.pos.pieces() {
                    let gone = f.taken.iter().any(|&(_, home, _)| home == s);
                    draw_piece(&mut cv, b, s, piece, if gone { 205 } else { 255 });
                }
                let numbered = r.mode == Mode::SimultaneousProgressive || (r.mode == Mode::Progressive && f.step == 0);
                // Taken marks under the arrows: the capturer's arrow stays whole.
                for &(piece, home, at) in &f.taken {
                    taken_mark(&mut cv, b, &c, home);
                    if at != home {
                        taken_here(&mut cv, b, &c, piece, at);
                    }
                }
                arrows(&mut cv, b, &c, &f.moves, numbered);
            }
        }
    }
    texts(&mut cv, &p, &c);
    legend(&mut cv, &p, &c);
    if let Some(result) = &style.result {
        super::result_banner(&mut cv, p.banner.1, result);
    }
    cv
}

fn title(cv: &mut Canvas, p: &Placement, mode: Mode, turn: u32, style: &Style, caption: &str) {
    let margin = (p.width as f32 * 0.045).round();
    let full = match mode_label(mode) {
        None => Variant::NAME.to_string(),
        Some(m) => format!("{} ({m})", Variant::NAME),
    };
    // The title bar shrinks the name to fit; on a narrow image the mode is
    // shortened rather than the type made too small to read.
    let size = p.title_h * 0.42;
    let right = format!("Turn {turn} \u{00B7} {caption}");
    let room = p.width as f32 - 3.0 * margin - text_width(&right, size, Face::Bold);
    let name = if style.title.is_none() && text_width(&full, 11.0, Face::Regular) > room {
        match mode {
            Mode::Basic => full,
            Mode::Progressive => format!("{} (progr.)", Variant::NAME),
            Mode::SimultaneousProgressive => format!("{} (sim. progr.)", Variant::NAME),
        }
    } else {
        full
    };
    super::title_bar(cv, (p.title_h, margin), style, &name, (&format!("Turn {turn}"), caption));
}

fn board(cv: &mut Canvas, p: &Placement, b: &BoardSpot, pos: &Position, c: &Colours) {
    // The light squares as one fill, the dark ones over it.
    cv.rect(b.x, b.y, 8.0 * b.sq, 8.0 * b.sq, LIGHT);
    for r in 0..8u8 {
        for f in 0..8u8 {
            let Some(s) = Square::from_coords(f, r).filter(|s| s.is_dark()) else { continue };
            let (x, y) = b.corner(s);
            cv.rect(x, y, b.sq, b.sq, DARK);
        }
    }
    for side in [Side::White, Side::Black] {
        if let Some(k) = pos.king(side).filter(|_| pos.in_check(side)) {
            let (x, y) = b.corner(k);
            cv.rect(x, y, b.sq, b.sq, c.check.alpha(150));
            let (cx, cy) = b.centre(k);
            cv.ring(cx, cy, b.sq * 0.45, &Line { colour: c.check, width: (b.sq * 0.06).max(2.0), dash: None });
        }
    }
    let size = p.label_size;
    let gap = if p.both_sides { (b.x - size * 0.2) / 2.0 } else { size * 0.65 };
    for f in 0..8u8 {
        let x = b.x + (f32::from(f) + 0.5) * b.sq;
        let y = b.y + 8.0 * b.sq + gap.max(size * 0.5) + size * 0.35;
        cv.text(&char::from(b'a' + f).to_string(), x, y, size, Face::Bold, Align::Centre, TEXT);
    }
    for r in 0..8u8 {
        let y = b.y + (7.0 - f32::from(r) + 0.5) * b.sq + size * 0.36;
        let t = (r + 1).to_string();
        cv.text(&t, b.x - gap, y, size, Face::Bold, Align::Centre, TEXT);
        if p.both_sides {
            cv.text(&t, b.x + 8.0 * b.sq + gap, y, size, Face::Bold, Align::Centre, TEXT);
        }
    }
}

fn piece_at(cv: &mut Canvas, (cx, cy): (f32, f32), size: f32, p: Piece, alpha: u8) {
    let (light, colours) = match p.side {
        Side::White => (true, (WHITE, INK)),
        Side::Black => (false, (Rgba::rgb(0x1E, 0x1E, 0x22), Rgba::rgb(0xD8, 0xD8, 0xD8))),
    };
    cv.chess_piece(super::dip::glyphs(p.role), light, (cx, cy), size, colours, (size * 0.04).max(1.0), alpha);
}

fn draw_piece(cv: &mut Canvas, b: &BoardSpot, s: Square, p: Piece, alpha: u8) {
    piece_at(cv, b.centre(s), b.sq * 0.8, p, alpha);
}

/// A taken piece where it stands on the board: a thick cross in the taken
/// colour, outlined in dark ink (it reads on both square colours), over the
/// (faded) piece.
fn taken_mark(cv: &mut Canvas, b: &BoardSpot, c: &Colours, s: Square) {
    taken_mark_at(cv, b.centre(s), b.sq, c);
}

/// The taken cross centred on `(x, y)`, for squares of `w` pixels.
fn taken_mark_at(cv: &mut Canvas, (x, y): (f32, f32), w: f32, c: &Colours) {
    cv.cross(x, y, w * 0.34, &Line { colour: INK, width: (w * 0.12).max(4.0), dash: None });
    cv.cross(x, y, w * 0.34, &Line { colour: c.taken, width: (w * 0.07).max(2.5), dash: None });
}

/// Where a piece that had left its square was taken: a small copy of it on
/// a white disc ringed and crossed in the taken colour, in the square's
/// upper-right corner (the capturer's arrow ends at the square's centre).
fn taken_here(cv: &mut Canvas, b: &BoardSpot, c: &Colours, piece: Piece, s: Square) {
    let (x, y) = b.centre(s);
    let w = b.sq;
    let (bx, by) = (x + w * 0.24, y - w * 0.24);
    let r = w * 0.22;
    cv.disc(bx, by, r, WHITE);
    piece_at(cv, (bx, by), r * 1.5, piece, 255);
    cv.ring(bx, by, r, &Line { colour: c.taken, width: (w * 0.05).max(1.5), dash: None });
    cv.cross(bx, by, r * 0.7, &Line { colour: c.taken, width: (w * 0.05).max(1.5), dash: None });
}

/// The square a failed move was stopped on, when the resolver names one.
fn fate_square(f: &Fate) -> Option<Square> {
    match *f {
        Fate::Blocked { at }
        | Fate::Met { at, .. }
        | Fate::EqualRank { at, .. }
        | Fate::TakenBy { at, .. }
        | Fate::MetReturning { at, .. } => Some(at),
        _ => None,
    }
}

/// Stroke widths and dash pattern of arrows on squares of `sq` pixels.
fn arrow_style(sq: f32) -> (f32, f32, (f32, f32)) {
    let width = (sq * 0.08).max(2.2);
    let head = (sq * 0.3).max(7.0);
    (width, head, ((sq * 0.16).max(4.5), (sq * 0.09).max(3.0)))
}

/// One arrow in a side's style: White solid with a round tail, Black dashed
/// with a square tail; `alpha` below 255 for a failed move; `badge` the
/// move's number on the tail.
#[allow(clippy::too_many_arguments)] // geometry, side, colours, fading and badge
fn arrow(
    cv: &mut Canvas,
    (a, b): ((f32, f32), (f32, f32)),
    sq: f32,
    side: Side,
    c: &Colours,
    alpha: u8,
    badge: Option<usize>,
) {
    let colour = if side == Side::White { c.white } else { c.black };
    let (width, head, dash) = arrow_style(sq);
    let dash = (side == Side::Black).then_some(dash);
    let halo_colour = if side == Side::White { INK } else { WHITE };
    let halo = (sq * 0.04).max(1.5);
    cv.arrow(a, b, &Line { colour: halo_colour.alpha(alpha / 2), width: width + halo, dash: None }, head + halo);
    cv.arrow(a, b, &Line { colour: colour.alpha(alpha), width, dash }, head);
    // The tail: a disc for White, a square for Black (larger with a number).
    let t = if badge.is_some() { (sq * 0.12).max(7.0) } else { (sq * 0.075).max(3.5) };
    let rim = (sq * 0.02).max(1.0);
    if side == Side::White {
        cv.disc(a.0, a.1, t + rim, INK.alpha(alpha));
        cv.disc(a.0, a.1, t, colour.alpha(alpha));
    } else {
        cv.rect(a.0 - t - rim, a.1 - t - rim, 2.0 * (t + rim), 2.0 * (t + rim), WHITE.alpha(alpha));
        cv.rect(a.0 - t, a.1 - t, 2.0 * t, 2.0 * t, colour.alpha(alpha));
    }
    if let Some(n) = badge {
        let size = (t * 1.6).max(10.0);
        cv.text(&n.to_string(), a.0, a.1 + size * 0.36, size, Face::Bold, Align::Centre, WHITE);
    }
}

/// The failure mark: a dark cross on a white disc.
fn failure_mark(cv: &mut Canvas, (x, y): (f32, f32), sq: f32, c: &Colours) {
    let r = (sq * 0.13).max(6.0);
    cv.disc(x, y, r, WHITE.alpha(235));
    cv.cross(x, y, r * 0.6, &Line { colour: c.failed, width: (sq * 0.04).max(2.0), dash: None });
}

fn arrows(cv: &mut Canvas, b: &BoardSpot, c: &Colours, moves: &[&MoveReport], numbered: bool) {
    arrows_as(cv, b, c, moves, numbered, None);
}

/// The moves' arrows: with their outcomes (failed ones faded and crossed),
/// or with `given`, as the orders were given, every one at that alpha.
fn arrows_as(cv: &mut Canvas, b: &BoardSpot, c: &Colours, moves: &[&MoveReport], numbered: bool, given: Option<u8>) {
    let w = b.sq;
    // Each tried move as (side, from, to, ok, number, where it was stopped):
    // castling adds the rook's.
    let mut shafts: Vec<(Side, Square, Square, bool, usize, Option<Square>)> = Vec::new();
    for m in moves {
        let Some(mv) = m.tried else { continue };
        let stopped = m.fate.as_ref().and_then(fate_square).filter(|&sq| sq != mv.to);
        let ok = m.succeeded || given.is_some();
        shafts.push((m.side, mv.from, mv.to, ok, m.slot, stopped));
        if let Some((rf, path)) = mv.rook_path() {
            if let Some(last) = path.last() {
                shafts.push((m.side, rf, *last, ok, m.slot, None));
            }
        }
    }
    // Failed moves first, so that moves carried out lie on top.
    shafts.sort_by_key(|s| s.3);
    // Moves along one line that overlap (head to head, one behind the
    // other): each in its own lane, side by side.
    let segs: Vec<_> = shafts.iter().map(|&(_, from, to, ..)| (b.centre(from), b.centre(to))).collect();
    let lanes = super::lanes::lanes(&segs, w * 0.26, w * 0.56);
    for (&(side, from, to, ok, slot, stopped), off) in shafts.iter().zip(lanes) {
        let (a, e) = shifted(b.centre(from), b.centre(to), off);
        let (a, e) = (towards(a, e, w * 0.3), towards(e, a, w * 0.2));
        let alpha = given.unwrap_or(if ok { 255 } else { 140 });
        arrow(cv, (a, e), w, side, c, alpha, numbered.then_some(slot));
        if !ok {
            // The mark stands where the move was stopped (a meeting, an obstacle), else by its head.
            let m = stopped.map_or_else(|| towards(e, a, w * 0.4), |sq| b.centre(sq));
            failure_mark(cv, m, w, c);
        }
    }
}

fn texts(cv: &mut Canvas, p: &Placement, c: &Colours) {
    for t in &p.texts {
        let colour = if t.dim { DIM } else { TEXT };
        let face = if t.heading { Face::Bold } else { Face::Regular };
        for (i, line) in t.lines.iter().enumerate() {
            let base = t.y + i as f32 * t.line_h + t.line_h * 0.5 + t.size * 0.36;
            cv.text(line, t.x, base, t.size, face, Align::Left, colour);
        }
        let Some(side) = t.side else { continue };
        let colour = if side == Side::White { c.white } else { c.black };
        let y = t.y + t.line_h * 0.5;
        if t.heading {
            // A list column's heading: a chip in the side's colour, shaped as its arrows' tails.
            let s = t.size * 0.42;
            let cx = t.x - t.size * 0.8;
            if side == Side::White {
                cv.disc(cx, y, s + 1.5, INK);
                cv.disc(cx, y, s, colour);
            } else {
                cv.rect(cx - s - 1.5, y - s - 1.5, 2.0 * s + 3.0, 2.0 * s + 3.0, WHITE);
                cv.rect(cx - s, y - s, 2.0 * s, 2.0 * s, colour);
            }
        } else {
            // A move's line: a short sample of its side's arrow (solid or dashed) before it.
            let (x0, x1) = (t.x - t.size * 1.8, t.x - t.size * 0.4);
            let dash = (side == Side::Black).then_some((t.size * 0.36, t.size * 0.22));
            let alpha = if t.dim { 150 } else { 255 };
            cv.line((x0, y), (x1, y), &Line { colour: colour.alpha(alpha), width: (t.size * 0.22).max(2.5), dash });
        }
    }
}

fn legend(cv: &mut Canvas, p: &Placement, c: &Colours) {
    for item in &p.legend {
        let (x, y, w, h) = item.icon;
        let sq = h * 1.6;
        let mid = y + h / 2.0;
        match item.kind {
            LegendKind::White | LegendKind::Black => {
                let side = if item.kind == LegendKind::White { Side::White } else { Side::Black };
                arrow(cv, ((x + h * 0.3, mid), (x + w, mid)), sq, side, c, 255, None);
            }
            LegendKind::Failed => {
                arrow(cv, ((x + h * 0.3, mid), (x + w, mid)), sq, Side::White, c, 140, None);
                failure_mark(cv, (x + w * 0.5, mid), sq, c);
            }
            LegendKind::Taken => {
                let b = BoardSpot { step: 0, x: x + (w - h) / 2.0, y: mid - h / 2.0 - 7.0 * h, sq: h };
                cv.rect(b.x, b.y + 7.0 * h, h, h, LIGHT);
                piece_at(cv, (b.x + h / 2.0, mid), h * 0.8, Piece::new(Side::Black, Role::Knight), 150);
                taken_mark(cv, &b, c, Square::from_coords(0, 0).expect("a1"));
            }
            LegendKind::TakenHere => {
                // A square of twice the icon's height puts the badge (its corner) at the icon's centre.
                let b = BoardSpot { step: 0, x: x + w / 2.0 - 1.48 * h, y: mid - 14.52 * h, sq: 2.0 * h };
                taken_here(cv, &b, c, Piece::new(Side::Black, Role::Knight), Square::from_coords(0, 0).expect("a1"));
            }
            LegendKind::Check => {
                cv.rect(x + (w - h) / 2.0, y, h, h, LIGHT);
                cv.rect(x + (w - h) / 2.0, y, h, h, c.check.alpha(150));
                cv.ring(x + w / 2.0, mid, h * 0.45, &Line { colour: c.check, width: (h * 0.08).max(1.5), dash: None });
            }
        }
        cv.text(&item.label, item.at.0, item.at.1, text_size(p.width as f32), Face::Regular, Align::Left, TEXT);
    }
}
