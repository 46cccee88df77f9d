//! Diplomacy Chess boards: the position, and for a resolved turn every
//! move as an arrow from the turn's starting position — White's solid with
//! round tails, Black's dashed with square tails — failed moves faded and
//! crossed, taken pieces crossed out, a king in check on a red square, and
//! the moves with their outcomes listed under the board.

use super::canvas::{shifted, towards};
use super::canvas::{text_width, Align, Canvas, Face, Line, Rgba};
use super::dip::glyphs;
use super::opposed_overlap;
use super::{Palette, Style};
use crate::rules::simul::board::side_name;
use crate::rules::simul::Fate;
use crate::rules::simul::{Mode, Piece, Position, SimulReport, SimulState, Variant};
use crate::rules::{Side, Square};

const LIGHT: Rgba = Rgba::rgb(0xF0, 0xD9, 0xB5);
const DARK: Rgba = Rgba::rgb(0xB5, 0x88, 0x63);
const INK: Rgba = Rgba::rgb(0x22, 0x22, 0x22);
const WHITE: Rgba = Rgba::rgb(0xFF, 0xFF, 0xFF);
const BACKGROUND: Rgba = Rgba::rgb(0x2B, 0x2D, 0x31);
const TEXT: Rgba = Rgba::rgb(0xEE, 0xEE, 0xEE);

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

/// The colours of `palette`.
#[must_use]
pub fn colours(palette: Palette) -> Colours {
    match palette {
        Palette::Classic => Colours {
            white: Rgba::rgb(0x1F, 0x6F, 0xE0),
            black: Rgba::rgb(0xE0, 0x26, 0x1B),
            check: Rgba::rgb(0xE8, 0x3A, 0x3A),
            taken: Rgba::rgb(0xC0, 0x00, 0x00),
            failed: Rgba::rgb(0x11, 0x11, 0x11),
        },
        Palette::ColourBlind => Colours {
            white: Rgba::rgb(0x00, 0x72, 0xB2),
            black: Rgba::rgb(0xD5, 0x5E, 0x00),
            check: Rgba::rgb(0xCC, 0x79, 0xA7),
            taken: Rgba::rgb(0xCC, 0x79, 0xA7),
            failed: Rgba::rgb(0x00, 0x00, 0x00),
        },
    }
}

/// Geometry of one image.
struct Layout {
    width: u32,
    height: u32,
    title_h: f32,
    margin: f32,
    sq: f32,
    list_y: f32,
    row: f32,
}

impl Layout {
    fn new(width: u32, rows: usize) -> Layout {
        let width = width.max(320);
        let w = width as f32;
        let title_h = (w * 0.075).round();
        let margin = (w * 0.045).round();
        let sq = ((w - 2.0 * margin) / 8.0).floor();
        let list_y = title_h + 8.0 * sq + margin * 1.1;
        let row = (w * 0.038).round();
        let height = list_y + rows as f32 * row + w * 0.02;
        Layout { width, height: height.ceil() as u32, title_h, margin, sq, list_y, row }
    }

    /// Top-left corner of a square (White at the bottom).
    fn corner(&self, s: Square) -> (f32, f32) {
        let f = f32::from(s.file().index());
        let r = f32::from(s.rank().index());
        (self.margin + f * self.sq, self.title_h + (7.0 - r) * self.sq)
    }

    fn centre(&self, s: Square) -> (f32, f32) {
        let (x, y) = self.corner(s);
        (x + self.sq / 2.0, y + self.sq / 2.0)
    }
}

/// Rows the move list needs.
fn list_rows(report: Option<&SimulReport>) -> usize {
    report.map_or(0, |r| {
        let n = |s: Side| r.moves.iter().filter(|m| m.side == s).count();
        n(Side::White).max(n(Side::Black)).max(1) + 1
    })
}

/// Where the centre of square `s` is drawn in an image of `width` pixels.
#[must_use]
pub fn square_centre(width: u32, s: Square) -> (f32, f32) {
    Layout::new(width, 0).centre(s)
}

/// The side of a square in pixels in an image of `width` pixels.
#[must_use]
pub fn square_size(width: u32) -> f32 {
    Layout::new(width, 0).sq
}

/// Draws a Diplomacy Chess board. Without a report: `state`'s position.
/// With a report: the position the reported turn started from
/// (`report.before`) with every move and its outcome; `state` is then not
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
    let l = Layout::new(style.width, list_rows(report));
    let c = colours(style.palette);
    let mut cv = Canvas::new(l.width, l.height, BACKGROUND);
    let (pos, turn) = match report {
        Some(r) => (&r.before, r.turn),
        None => (&state.position, state.turn),
    };
    title(&mut cv, &l, variant.mode, turn, style, caption);
    board(&mut cv, &l, pos, &c);
    let taken: Vec<Square> = report.map_or(Vec::new(), |r| r.captures.iter().map(|x| x.origin).collect());
    for (s, p) in pos.pieces() {
        piece(&mut cv, &l, s, p, if taken.contains(&s) { 170 } else { 255 });
    }
    if let Some(r) = report {
        arrows(&mut cv, &l, &c, r);
        for cap in &r.captures {
            let (x, y) = l.centre(cap.origin);
            let w = l.sq;
            cv.cross(x, y, w * 0.3, &Line { colour: WHITE, width: w * 0.12, dash: None });
            cv.cross(x, y, w * 0.3, &Line { colour: c.taken, width: w * 0.075, dash: None });
            if cap.at != cap.origin {
                let (x, y) = l.centre(cap.at);
                cv.ring(x, y, w * 0.16, &Line { colour: WHITE, width: w * 0.07, dash: None });
                cv.cross(x, y, w * 0.1, &Line { colour: c.taken, width: w * 0.05, dash: None });
            }
        }
        list(&mut cv, &l, &c, r, style);
    }
    if let Some(result) = &style.result {
        super::result_banner(&mut cv, (l.margin, l.title_h, l.sq * 8.0, l.sq * 8.0), result);
    }
    cv
}

fn title(cv: &mut Canvas, l: &Layout, mode: Mode, turn: u32, style: &Style, caption: &str) {
    let name = match mode {
        Mode::Basic => Variant::NAME.to_string(),
        m => format!("{} ({m})", Variant::NAME),
    };
    super::title_bar(cv, (l.title_h, l.margin), style, &name, (&format!("Turn {turn}"), caption));
}

fn board(cv: &mut Canvas, l: &Layout, pos: &Position, c: &Colours) {
    for r in 0..8u8 {
        for f in 0..8u8 {
            let Some(s) = Square::from_coords(f, r) else { continue };
            let (x, y) = l.corner(s);
            cv.rect(x, y, l.sq, l.sq, if s.is_dark() { DARK } else { LIGHT });
        }
    }
    for side in [Side::White, Side::Black] {
        if let Some(k) = pos.king(side).filter(|_| pos.in_check(side)) {
            let (x, y) = l.corner(k);
            cv.rect(x, y, l.sq, l.sq, c.check.alpha(150));
            let (cx, cy) = l.centre(k);
            cv.ring(cx, cy, l.sq * 0.45, &Line { colour: c.check, width: l.sq * 0.06, dash: None });
        }
    }
    let size = (l.margin * 0.55).max(9.0);
    for f in 0..8u8 {
        let x = l.margin + (f32::from(f) + 0.5) * l.sq;
        let y = l.title_h + 8.0 * l.sq + l.margin * 0.5 + size * 0.35;
        cv.text(&char::from(b'a' + f).to_string(), x, y, size, Face::Bold, Align::Centre, TEXT);
    }
    for r in 0..8u8 {
        let y = l.title_h + (7.0 - f32::from(r) + 0.5) * l.sq + size * 0.36;
        let t = (r + 1).to_string();
        cv.text(&t, l.margin * 0.5, y, size, Face::Bold, Align::Centre, TEXT);
        cv.text(&t, l.width as f32 - l.margin * 0.5, y, size, Face::Bold, Align::Centre, TEXT);
    }
}

fn piece(cv: &mut Canvas, l: &Layout, s: Square, p: Piece, alpha: u8) {
    let (cx, cy) = l.centre(s);
    let (outline, solid) = glyphs(p.role);
    let size = l.sq * 0.8;
    let (light, colours) = match p.side {
        Side::White => (true, (WHITE, INK)),
        Side::Black => (false, (Rgba::rgb(0x1E, 0x1E, 0x22), Rgba::rgb(0xD8, 0xD8, 0xD8))),
    };
    cv.chess_piece((outline, solid), light, (cx, cy), size, colours, l.sq * 0.03, alpha);
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

fn arrows(cv: &mut Canvas, l: &Layout, c: &Colours, r: &SimulReport) {
    let w = l.sq;
    let progressive = r.mode != Mode::Basic;
    // Each tried move as (side, from, to, ok, step, where it was stopped):
    // castling adds the rook's.
    let mut shafts: Vec<(Side, Square, Square, bool, usize, Option<Square>)> = Vec::new();
    for m in &r.moves {
        let Some(mv) = m.tried else { continue };
        let stopped = m.fate.as_ref().and_then(fate_square).filter(|&sq| sq != mv.to);
        shafts.push((m.side, mv.from, mv.to, m.succeeded, m.slot, stopped));
        if let Some((rf, path)) = mv.rook_path() {
            if let Some(last) = path.last() {
                shafts.push((m.side, rf, *last, m.succeeded, m.slot, None));
            }
        }
    }
    for &(side, from, to, ok, slot, stopped) in &shafts {
        let colour = if side == Side::White { c.white } else { c.black };
        let (a, b) = (l.centre(from), l.centre(to));
        // Moves along one line in opposite directions: each to its right.
        let opposed =
            shafts.iter().any(|&(_, f2, t2, _, _, _)| (f2, t2) != (from, to) && opposed_overlap((from, to), (f2, t2)));
        let (a, b) = if opposed { shifted(a, b, w * 0.13) } else { (a, b) };
        let (a, b) = (towards(a, b, w * 0.3), towards(b, a, w * 0.2));
        let alpha = if ok { 255 } else { 130 };
        let width = w * 0.08;
        let dash = (side == Side::Black).then_some((w * 0.16, w * 0.09));
        let halo_colour = if side == Side::White { INK } else { WHITE };
        cv.arrow(a, b, &Line { colour: halo_colour.alpha(alpha / 2), width: width + w * 0.04, dash: None }, w * 0.32);
        cv.arrow(a, b, &Line { colour: colour.alpha(alpha), width, dash }, w * 0.3);
        // The tail: a disc for White, a square for Black.
        let t = w * 0.075;
        if side == Side::White {
            cv.disc(a.0, a.1, t + w * 0.02, INK.alpha(alpha));
            cv.disc(a.0, a.1, t, colour.alpha(alpha));
        } else {
            cv.rect(
                a.0 - t - w * 0.02,
                a.1 - t - w * 0.02,
                2.0 * (t + w * 0.02),
                2.0 * (t + w * 0.02),
                WHITE.alpha(alpha),
            );
            cv.rect(a.0 - t, a.1 - t, 2.0 * t, 2.0 * t, colour.alpha(alpha));
        }
        if progressive {
            let ink = if colour.luminance() > 0.55 { INK } else { WHITE };
            cv.text(&slot.to_string(), a.0, a.1 + t * 0.55, t * 1.5, Face::Bold, Align::Centre, ink.alpha(alpha));
        }
        if !ok {
            // The mark stands where the move was stopped (a meeting, an obstacle), else by its head.
            let m = stopped.map_or_else(|| towards(b, a, w * 0.4), |sq| l.centre(sq));
            cv.disc(m.0, m.1, w * 0.13, WHITE.alpha(230));
            cv.cross(m.0, m.1, w * 0.08, &Line { colour: c.failed, width: w * 0.04, dash: None });
        }
    }
}

fn list(cv: &mut Canvas, l: &Layout, c: &Colours, r: &SimulReport, style: &Style) {
    let col_w = (l.width as f32 - 2.0 * l.margin) / 2.0;
    let size = l.row * 0.52;
    for (k, side) in [Side::White, Side::Black].into_iter().enumerate() {
        let x = l.margin + k as f32 * col_w;
        let colour = if side == Side::White { c.white } else { c.black };
        let y = l.list_y + l.row * 0.7;
        cv.rounded_rect(x, y - size * 0.9, size * 1.2, size * 1.1, size * 0.25, colour);
        let name_w = cv.text(side_name(side), x + size * 1.5, y, size, Face::Bold, Align::Left, TEXT);
        let note = super::note_text(style, side_name(side));
        cv.text(&note, x + size * 1.5 + name_w, y, size * 0.85, Face::Bold, Align::Left, super::NOTE);
        let mine: Vec<_> = r.moves.iter().filter(|m| m.side == side).collect();
        if mine.is_empty() {
            cv.text("no move", x, y + l.row, size, Face::Regular, Align::Left, TEXT.alpha(200));
        }
        for (i, m) in mine.iter().enumerate() {
            let yy = y + (i as f32 + 1.0) * l.row;
            let mark = match (m.succeeded, m.tried.is_some()) {
                (true, _) => "\u{2713}",
                (false, true) => "\u{2717}",
                (false, false) => "\u{2013}",
            };
            let step = if r.mode == Mode::Basic { String::new() } else { format!("{}. ", m.slot) };
            let mut line = format!("{mark} {step}{} \u{2014} {}", m.text, m.reason);
            let room = col_w - l.margin * 0.4;
            if text_width(&line, size, Face::Regular) > room {
                while line.chars().count() > 4 && text_width(&format!("{line}\u{2026}"), size, Face::Regular) > room {
                    line.pop();
                }
                line = format!("{}\u{2026}", line.trim_end());
            }
            cv.text(&line, x, yy, size, Face::Regular, Align::Left, if m.succeeded { TEXT } else { TEXT.alpha(170) });
        }
    }
}
