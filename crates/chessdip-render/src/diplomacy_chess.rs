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
//! Drawing and layout are split: [`placement`] (in `layout`) computes where
//! everything goes (tests probe the pixels it names) on the boards `frames`
//! replays, [`draw`] draws it.

mod frames;
mod layout;
mod motion;
pub use frames::step_positions;
pub use layout::{placement, square_centre, square_size, BoardSpot, LegendItem, LegendKind, Placement, TextBlock};
pub use motion::{animate, animate_into, CLASH, MAX_BEATS};

use frames::{frames, replay, step_count, Frame};
use layout::{mode_label, place, text_size};

use super::canvas::{shifted, towards};
use super::canvas::{text_width, Align, Canvas, Face, Line, Rgba};
use super::theme::{BACKGROUND, DARK, INK, LIGHT, TEXT, WHITE};
use super::{Palette, Style};
use chessdip_rules::diplomacy_chess::Fate;
use chessdip_rules::diplomacy_chess::{
    DiplomacyChessReport, DiplomacyChessState, Mode, MoveReport, Piece, Position, Variant,
};
use chessdip_rules::{Role, Side, Square};

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

/// Draws a Diplomacy Chess image. Without a report: `state`'s position.
/// With a report: the turn's moves and their outcomes on the position(s)
/// they were played from (see the module's text); `state` is then not
/// drawn, so either the state before or after the turn may be passed.
/// `caption` follows the turn in the title (`orders`, `position`).
#[must_use]
pub fn draw(
    variant: &Variant,
    state: &DiplomacyChessState,
    report: Option<&DiplomacyChessReport>,
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
    super::band::draw(&mut cv, p.banner.1, style);
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
    let phase = style.heading.clone().unwrap_or_else(|| format!("Turn {turn}"));
    let right = if caption.is_empty() { phase } else { format!("{phase} \u{00B7} {caption}") };
    let room = p.width as f32 - 3.0 * margin - text_width(&right, size, Face::Bold);
    let name = if style.title.is_none() && text_width(&full, super::min_text(p.width), Face::Regular) > room {
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
    cv.chess_piece(super::chess_dip::glyphs(p.role), light, (cx, cy), size, colours, (size * 0.04).max(1.0), alpha);
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
        let size = (t * 1.6).max(super::min_text(cv.width()));
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
