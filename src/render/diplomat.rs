//! The circular Diplomat Chess board: 14 radii and 3 crowns around the
//! centre hole, White's territory (`a`..`g`) at the bottom, the pieces
//! (the diplomat as a disc marked D: chess fonts have no such piece), the
//! last move, a suborned piece and a king in check.

use std::f32::consts::PI;

use super::canvas::towards;
use super::canvas::{Align, Canvas, Face, Line, Rgba};
use super::{Palette, Style};
use crate::rules::diplomat::{
    Cell, Colour, DiplomatReport, DiplomatState, Kind, Move, Piece, Radius, SubornRule, Variant,
};

const LIGHT: Rgba = Rgba::rgb(0xF0, 0xD9, 0xB5);
const DARK: Rgba = Rgba::rgb(0xB5, 0x88, 0x63);
const HOLE: Rgba = Rgba::rgb(0x45, 0x48, 0x4F);
const INK: Rgba = Rgba::rgb(0x22, 0x22, 0x22);
const WHITE: Rgba = Rgba::rgb(0xFF, 0xFF, 0xFF);
const BLACK_BODY: Rgba = Rgba::rgb(0x1E, 0x1E, 0x22);
const BACKGROUND: Rgba = Rgba::rgb(0x2B, 0x2D, 0x31);
const TEXT: Rgba = Rgba::rgb(0xEE, 0xEE, 0xEE);

/// Crown boundaries as fractions of the board's radius: the centre hole,
/// then crowns 3, 2 and 1 outwards. The inner crowns are wide (the author:
/// "make the 3rd crown cells as exaggeratedly big as possible").
const RINGS: [f32; 4] = [0.34, 0.56, 0.78, 1.0];

/// The marks' colours.
struct Colours {
    last: Rgba,
    arrow: Rgba,
    suborn: Rgba,
    check: Rgba,
}

fn colours(p: Palette) -> Colours {
    match p {
        Palette::Classic => Colours {
            last: Rgba(0xF6, 0xD3, 0x2D, 150),
            arrow: Rgba::rgb(0x1F, 0x8F, 0x3A),
            suborn: Rgba::rgb(0xB0, 0x32, 0xD8),
            check: Rgba::rgb(0xE0, 0x1B, 0x1B),
        },
        Palette::ColourBlind => Colours {
            last: Rgba(0x56, 0xB4, 0xE9, 150),
            arrow: Rgba::rgb(0x00, 0x72, 0xB2),
            suborn: Rgba::rgb(0xCC, 0x79, 0xA7),
            check: Rgba::rgb(0xD5, 0x5E, 0x00),
        },
    }
}

/// Geometry of one image.
struct Layout {
    width: u32,
    height: u32,
    title_h: f32,
    cx: f32,
    cy: f32,
    r: f32,
    band: f32,
    legend_y: f32,
}

impl Layout {
    fn new(width: u32) -> Layout {
        let w = width.max(320) as f32;
        let title_h = (w * 0.075).round();
        let margin = (w * 0.02).round();
        let band = (w * 0.055).round();
        let r = (w / 2.0 - margin - band).floor();
        let cx = w / 2.0;
        let cy = title_h + band + r;
        let legend_y = cy + r + band + margin * 0.5;
        let height = legend_y + w * 0.085;
        Layout { width: width.max(320), height: height.ceil() as u32, title_h, cx, cy, r, band, legend_y }
    }

    /// The screen angle of the middle of radius `i`: `d` at the bottom,
    /// letters running anticlockwise (so `a`..`g` go left to right).
    fn angle(i: f32) -> f32 {
        PI / 2.0 - (i - 3.0) * 2.0 * PI / 14.0
    }

    fn point(&self, angle: f32, rho: f32) -> (f32, f32) {
        (self.cx + angle.cos() * rho * self.r, self.cy + angle.sin() * rho * self.r)
    }

    /// Inner and outer radius (as fractions) of a crown.
    fn crown_span(crown: u8) -> (f32, f32) {
        match crown {
            1 => (RINGS[2], RINGS[3]),
            2 => (RINGS[1], RINGS[2]),
            3 => (RINGS[0], RINGS[1]),
            _ => (0.0, RINGS[0]),
        }
    }

    fn centre_of(&self, cell: Cell) -> (f32, f32) {
        match cell.radius() {
            None => (self.cx, self.cy),
            Some(r) => {
                let (a, b) = Layout::crown_span(cell.crown());
                self.point(Layout::angle(f32::from(r.index())), (a + b) / 2.0)
            }
        }
    }

    /// The size a piece is drawn at on `cell` (cells grow outwards).
    fn piece_size(&self, cell: Cell) -> f32 {
        let (a, b) = Layout::crown_span(cell.crown());
        if cell.is_centre() {
            return self.r * 0.36;
        }
        let arc = (a + b) / 2.0 * 2.0 * PI / 14.0;
        (arc.min(b - a) * self.r * 0.92).min(self.r * 0.25)
    }

    fn sector(&self, i: u8, crown: u8) -> Vec<(f32, f32)> {
        let (a, b) = Layout::crown_span(crown);
        let mid = Layout::angle(f32::from(i));
        let half = PI / 14.0;
        let n = 14;
        let mut pts = Vec::with_capacity(2 * n + 2);
        for k in 0..=n {
            pts.push(self.point(mid - half + 2.0 * half * k as f32 / n as f32, b));
        }
        for k in (0..=n).rev() {
            pts.push(self.point(mid - half + 2.0 * half * k as f32 / n as f32, a));
        }
        pts
    }
}

/// Where the middle of `cell` is drawn in an image `width` pixels wide.
#[must_use]
pub fn cell_centre(width: u32, cell: Cell) -> (f32, f32) {
    Layout::new(width).centre_of(cell)
}

/// A point inside `cell` away from its piece (near its outer edge, to one
/// side), where the cell's own colour shows.
#[must_use]
pub fn cell_edge_point(width: u32, cell: Cell) -> (f32, f32) {
    let l = Layout::new(width);
    match cell.radius() {
        None => l.point(0.0, RINGS[0] * 0.9),
        Some(r) => {
            let (a, b) = Layout::crown_span(cell.crown());
            l.point(Layout::angle(f32::from(r.index())) + PI / 14.0 * 0.75, a + (b - a) * 0.88)
        }
    }
}

/// The size pieces on `cell` are drawn at in an image `width` pixels wide.
#[must_use]
pub fn piece_size(width: u32, cell: Cell) -> f32 {
    Layout::new(width).piece_size(cell)
}

/// The light and dark cell colours, and the centre's.
pub const CELL_COLOURS: (Rgba, Rgba, Rgba) = (LIGHT, DARK, HOLE);

/// Draws `state` with the last move from `report` (if any) over it.
/// `caption` is added to the title (e.g. `after 25. ... dxe2++`).
#[must_use]
pub fn draw(
    variant: &Variant,
    state: &DiplomatState,
    report: Option<&DiplomatReport>,
    style: &Style,
    caption: &str,
) -> Canvas {
    let l = Layout::new(style.width);
    let c = colours(style.palette);
    let mut cv = Canvas::new(l.width, l.height, BACKGROUND);
    title(&mut cv, &l, state, style, caption);
    board(&mut cv, &l);
    let report = report.filter(|r| r.mv.is_some());
    if let Some(r) = report {
        for cell in move_cells(r) {
            highlight(&mut cv, &l, cell, c.last);
        }
    }
    if let Some(k) = report.and_then(|r| r.check) {
        glow(&mut cv, &l, k, c.check);
    }
    labels(&mut cv, &l, state.position.piece(Cell::CENTRE).is_none());
    for (cell, p) in state.position.pieces() {
        piece(&mut cv, &l, cell, p, 255);
    }
    if let Some(r) = report {
        last_move(&mut cv, &l, &c, variant, r);
    }
    legend(&mut cv, &l, variant, state, report, style);
    if let Some(result) = &style.result {
        super::result_banner(&mut cv, (0.0, l.cy - l.r, l.width as f32, 2.0 * l.r), result);
    }
    cv
}

fn move_cells(r: &DiplomatReport) -> Vec<Cell> {
    match r.mv {
        Some(Move::Step { from, to, .. }) => vec![from, to],
        Some(Move::Drop { to, .. }) => vec![to],
        Some(Move::Suborn { from, .. }) => vec![from],
        None => Vec::new(),
    }
}

fn title(cv: &mut Canvas, l: &Layout, state: &DiplomatState, style: &Style, caption: &str) {
    let status = match state.outcome {
        Some(o) => format!("{o}"),
        None => format!("Move {} \u{00B7} {} to move", state.number, state.to_move()),
    };
    super::title_bar(cv, (l.title_h, l.width as f32 * 0.03), style, "Diplomat Chess", (&status, caption));
}

fn board(cv: &mut Canvas, l: &Layout) {
    // Territory bands outside the rim: White's light, Black's dark.
    let w = l.width as f32;
    cv.disc(l.cx, l.cy, l.r + l.band * 0.22, Rgba::rgb(0x15, 0x15, 0x18));
    for r in Radius::all() {
        let white = Colour::White.owns(r);
        let (a, b) = (1.0, 1.0 + l.band * 0.2 / l.r);
        let mid = Layout::angle(f32::from(r.index()));
        let half = PI / 14.0;
        let mut pts = Vec::new();
        for k in 0..=10 {
            let t = mid - half + 2.0 * half * k as f32 / 10.0;
            pts.push(l.point(t, b));
        }
        for k in (0..=10).rev() {
            let t = mid - half + 2.0 * half * k as f32 / 10.0;
            pts.push(l.point(t, a));
        }
        cv.polygon(&pts, if white { Rgba::rgb(0xE8, 0xE8, 0xE8) } else { Rgba::rgb(0x10, 0x10, 0x10) });
    }
    for cell in Cell::all() {
        let Some(r) = cell.radius() else { continue };
        let colour = if cell.is_light() == Some(true) { LIGHT } else { DARK };
        cv.polygon(&l.sector(r.index(), cell.crown()), colour);
    }
    // The centre: a hole, neither light nor dark.
    cv.disc(l.cx, l.cy, RINGS[0] * l.r, HOLE);
    let edge = Line { colour: Rgba(0x22, 0x18, 0x10, 120), width: (w * 0.0015).max(1.0), dash: None };
    for &rho in &RINGS[..3] {
        cv.ring(l.cx, l.cy, rho * l.r, &edge);
    }
    // The territory borders (between g and h, and n and a) drawn heavier.
    for i in 0..14u8 {
        let t = Layout::angle(f32::from(i) - 0.5);
        let border = i == 0 || i == 7;
        let line = if border {
            Line { colour: Rgba::rgb(0x15, 0x15, 0x18), width: (w * 0.005).max(2.0), dash: None }
        } else {
            edge.clone()
        };
        cv.line(l.point(t, RINGS[0]), l.point(t, if border { 1.0 + l.band * 0.2 / l.r } else { 1.0 }), &line);
    }
    cv.ring(l.cx, l.cy, RINGS[0] * l.r, &Line { colour: INK, width: (w * 0.003).max(1.5), dash: None });
}

fn labels(cv: &mut Canvas, l: &Layout, centre_empty: bool) {
    let w = l.width as f32;
    let size = (l.band * 0.62).max(10.0);
    for r in Radius::all() {
        let (x, y) = l.point(Layout::angle(f32::from(r.index())), 1.0 + l.band * 0.62 / l.r);
        cv.text(&r.char().to_string(), x, y + size * 0.36, size, Face::Bold, Align::Centre, TEXT);
    }
    // Crown numbers on the two territory borders, in small pills.
    let small = (w * 0.022).max(9.0);
    for i in [0u8, 7] {
        let t = Layout::angle(f32::from(i) - 0.5);
        for crown in 1..=3u8 {
            let (a, b) = Layout::crown_span(crown);
            let (x, y) = l.point(t, (a + b) / 2.0);
            cv.disc(x, y, small * 0.62, Rgba::rgb(0x15, 0x15, 0x18));
            cv.text(&crown.to_string(), x, y + small * 0.36, small, Face::Bold, Align::Centre, TEXT);
        }
    }
    if centre_empty {
        let size = RINGS[0] * l.r * 0.5;
        cv.text("4", l.cx, l.cy + size * 0.36, size, Face::Bold, Align::Centre, Rgba(0xEE, 0xEE, 0xEE, 60));
    }
}

fn highlight(cv: &mut Canvas, l: &Layout, cell: Cell, colour: Rgba) {
    match cell.radius() {
        None => cv.disc(l.cx, l.cy, RINGS[0] * l.r, colour),
        Some(r) => cv.polygon(&l.sector(r.index(), cell.crown()), colour),
    }
}

fn glow(cv: &mut Canvas, l: &Layout, cell: Cell, colour: Rgba) {
    let (x, y) = l.centre_of(cell);
    let s = l.piece_size(cell);
    for k in 0..6 {
        let t = k as f32 / 5.0;
        cv.disc(x, y, s * (0.72 - 0.3 * t), colour.alpha((60.0 + 120.0 * t) as u8));
    }
}

fn glyphs(kind: Kind) -> (char, char) {
    match kind {
        Kind::King => ('\u{2654}', '\u{265A}'),
        Kind::Rook => ('\u{2656}', '\u{265C}'),
        Kind::Bishop => ('\u{2657}', '\u{265D}'),
        Kind::Horse => ('\u{2658}', '\u{265E}'),
        Kind::Pawn | Kind::Diplomat => ('\u{2659}', '\u{265F}'),
    }
}

/// Draws a piece centred on `(x, y)` at glyph size `size`.
fn piece_at(cv: &mut Canvas, x: f32, y: f32, size: f32, p: Piece, alpha: u8) {
    let white = p.colour == Colour::White;
    let (body, lines) = if white { (WHITE, INK) } else { (BLACK_BODY, Rgba::rgb(0xF2, 0xF2, 0xF2)) };
    if p.kind == Kind::Diplomat {
        diplomat(cv, x, y, size, body, lines, alpha);
        return;
    }
    cv.chess_piece(glyphs(p.kind), white, (x, y), size, (body, lines), (size * 0.045).max(1.2), alpha);
}

/// The diplomat: a round head on a broad foot, like the other pieces'
/// silhouettes, with a bold D (its notation letter) on the head.
fn diplomat(cv: &mut Canvas, x: f32, y: f32, size: f32, body: Rgba, lines: Rgba, alpha: u8) {
    let edge = if body == WHITE { INK } else { WHITE }.alpha(alpha);
    let stroke = (size * 0.045).max(1.2);
    let head_r = size * 0.33;
    let head_y = y - size * 0.08;
    let (fw, fh) = (size * 0.72, size * 0.2);
    let foot_y = y + size * 0.26;
    // Foot: a rounded slab; neck: a trapezoid joining it to the head.
    cv.rounded_rect(x - fw / 2.0 - stroke, foot_y - stroke, fw + 2.0 * stroke, fh + 2.0 * stroke, fh * 0.5, edge);
    let neck = |k: f32| {
        [
            (x - head_r * 0.55 - k, head_y + head_r * 0.6),
            (x + head_r * 0.55 + k, head_y + head_r * 0.6),
            (x + fw * 0.36 + k, foot_y + k * 0.3),
            (x - fw * 0.36 - k, foot_y + k * 0.3),
        ]
    };
    cv.polygon(&neck(stroke), edge);
    cv.disc(x, head_y, head_r + stroke, edge);
    cv.rounded_rect(x - fw / 2.0, foot_y, fw, fh, fh * 0.45, body.alpha(alpha));
    cv.polygon(&neck(0.0), body.alpha(alpha));
    cv.disc(x, head_y, head_r, body.alpha(alpha));
    let letter = head_r * 1.25;
    cv.text("D", x, head_y + letter * 0.36, letter, Face::Bold, Align::Centre, lines.alpha(alpha));
}

fn piece(cv: &mut Canvas, l: &Layout, cell: Cell, p: Piece, alpha: u8) {
    let (x, y) = l.centre_of(cell);
    piece_at(cv, x, y, l.piece_size(cell), p, alpha);
}

fn last_move(cv: &mut Canvas, l: &Layout, c: &Colours, variant: &Variant, r: &DiplomatReport) {
    let w = l.width as f32;
    let width = (w * 0.008).max(2.5);
    match r.mv {
        Some(Move::Step { .. }) if r.path.len() >= 2 => {
            let pts: Vec<(f32, f32)> = r.path.iter().map(|&cell| l.centre_of(cell)).collect();
            let to = *r.path.last().unwrap_or(&Cell::CENTRE);
            let shorten = l.piece_size(to) * 0.42;
            let halo = Line { colour: Rgba(0, 0, 0, 120), width: width * 1.8, dash: None };
            let line = Line { colour: c.arrow.alpha(235), width, dash: None };
            polyline_arrow(cv, &pts, shorten, &halo, width * 4.2);
            polyline_arrow(cv, &pts, shorten, &line, width * 3.6);
        }
        Some(Move::Suborn { from, target }) => {
            let (a, b) = (l.centre_of(from), l.centre_of(target));
            let dash = Some((width * 2.2, width * 1.4));
            let s = l.piece_size(target);
            let start = towards(a, b, l.piece_size(from) * 0.4);
            let end = towards(b, a, s * 0.55);
            cv.arrow(start, end, &Line { colour: Rgba(0, 0, 0, 120), width: width * 1.8, dash: None }, width * 4.2);
            cv.arrow(start, end, &Line { colour: c.suborn, width, dash }, width * 3.6);
            let ring = Line { colour: c.suborn, width: width * 1.1, dash: None };
            cv.ring(b.0, b.1, s * 0.58, &Line { colour: Rgba(0, 0, 0, 110), width: width * 1.9, dash: None });
            cv.ring(b.0, b.1, s * 0.58, &ring);
            if variant.suborn_rule() != SubornRule::Convert {
                // The piece left the board: its ghost, crossed out.
                if let Some((cell, p)) = r.suborned {
                    piece(cv, l, cell, p, 90);
                    cv.cross(b.0, b.1, s * 0.3, &Line { colour: c.suborn, width, dash: None });
                }
            }
        }
        Some(Move::Drop { to, .. }) => {
            let (x, y) = l.centre_of(to);
            let s = l.piece_size(to);
            cv.ring(x, y, s * 0.58, &Line { colour: c.arrow, width: width * 1.1, dash: Some((width * 1.5, width)) });
        }
        _ => {}
    }
}

/// Lines through `pts`, the last segment an arrow stopping `shorten` short of the end.
fn polyline_arrow(cv: &mut Canvas, pts: &[(f32, f32)], shorten: f32, line: &Line, head: f32) {
    let n = pts.len();
    if n < 2 {
        return;
    }
    for k in 0..n - 2 {
        cv.line(pts[k], pts[k + 1], line);
    }
    let (a, b) = (pts[n - 2], pts[n - 1]);
    cv.arrow(a, towards(b, a, shorten), line, head);
}

fn legend(
    cv: &mut Canvas,
    l: &Layout,
    variant: &Variant,
    state: &DiplomatState,
    report: Option<&DiplomatReport>,
    style: &Style,
) {
    let w = l.width as f32;
    let margin = w * 0.03;
    let row = w * 0.04;
    let size = row * 0.62;
    let p = &state.position;
    for (k, colour) in Colour::BOTH.into_iter().enumerate() {
        let y = l.legend_y + row * 0.8 + k as f32 * row;
        // The side's colour as a disc (a small king glyph reads ambiguously).
        let (fill, edge) = if colour == Colour::White { (WHITE, INK) } else { (BLACK_BODY, WHITE) };
        let (dx, dy, dr) = (margin + row * 0.4, y - size * 0.36, row * 0.3);
        cv.disc(dx, dy, dr + 2.0, edge);
        cv.disc(dx, dy, dr, fill);
        let n = p.count(colour);
        let mut info = format!("{colour}: {n} piece{}", if n == 1 { "" } else { "s" });
        if p.in_check(colour) && state.outcome.is_none() {
            info += " \u{00B7} in check";
        }
        let tx = margin + row * 1.1;
        let mut used = cv.text(&info, tx, y, size, Face::Bold, Align::Left, TEXT);
        used += cv.text(
            &super::note_text(style, &colour.to_string()),
            tx + used,
            y,
            size,
            Face::Bold,
            Align::Left,
            super::NOTE,
        );
        if variant.suborn_rule() == SubornRule::Drop && !p.hand(colour).is_empty() {
            let x0 = tx + used + row * 0.4;
            let hw = cv.text("in hand:", x0, y, size * 0.85, Face::Regular, Align::Left, TEXT.alpha(200));
            for (i, &kind) in p.hand(colour).iter().enumerate() {
                let x = x0 + hw + row * (0.6 + 0.85 * i as f32);
                piece_at(cv, x, y - size * 0.35, row * 0.85, Piece::new(colour, kind), 255);
            }
        }
    }
    if let Some((r, n)) = report.and_then(|r| r.notation.as_ref().map(|n| (r, n))) {
        let dots = if r.colour == Colour::Black { "... " } else { "" };
        let text = format!("last move: {}. {dots}{n}", r.number);
        cv.text(&text, w - margin, l.legend_y + row * 0.8, size, Face::Bold, Align::Right, TEXT);
    }
    let rule = match variant.suborn_rule() {
        SubornRule::Convert => "",
        SubornRule::Remove => "suborned pieces leave the board",
        SubornRule::Drop => "suborned pieces go to hand",
    };
    if !rule.is_empty() {
        cv.text(rule, w - margin, l.legend_y + row * 1.8, size * 0.8, Face::Regular, Align::Right, TEXT.alpha(200));
    }
}
