//! Boards of the Diplomacy-style square-board games (Chess Dip,
//! Chesspolitik): the position, the centers and their owners, the orders
//! with their outcomes, Winter's builds, disbands and promotions.

use super::canvas::{shifted, towards};
use super::canvas::{text_width, Align, Canvas, Face, Line, Rgba};
use super::opposed_overlap;
use super::{Palette, Style};
use crate::rules::dip::{
    Adjustment, AdjustmentKind, AdjustmentReport, DipState, MoveKind, Order, OrderKind, Resolution, Supported, Variant,
};
use crate::rules::power::Side;
use crate::rules::{PowerId, Role, Square};

/// What to draw over the position.
#[derive(Debug, Clone, Copy)]
pub enum Overlay<'a> {
    /// Nothing: the position alone.
    None,
    /// A resolved movement phase: every order with its outcome, and the
    /// orders actually given (unordered pieces hold without a mark).
    Movement(&'a Resolution, &'a [Order]),
    /// A Winter phase: the adjustments ordered and what was done.
    Adjustment(&'a [Adjustment], &'a AdjustmentReport),
}

const LIGHT: Rgba = Rgba::rgb(0xF0, 0xD9, 0xB5);
const DARK: Rgba = Rgba::rgb(0xB5, 0x88, 0x63);
const INK: Rgba = Rgba::rgb(0x22, 0x22, 0x22);
const WHITE: Rgba = Rgba::rgb(0xFF, 0xFF, 0xFF);
const BACKGROUND: Rgba = Rgba::rgb(0x2B, 0x2D, 0x31);
const TEXT: Rgba = Rgba::rgb(0xEE, 0xEE, 0xEE);

/// Order colours: webDiplomacy's convention, or Okabe-Ito's colour-blind-safe set.
struct Colours {
    attack: Rgba,
    support_hold: Rgba,
    support_move: Rgba,
    convoy: Rgba,
    hold: Rgba,
    failed: Rgba,
    dislodged: Rgba,
    build: Rgba,
}

fn colours(p: Palette) -> Colours {
    match p {
        Palette::Classic => Colours {
            attack: Rgba::rgb(0xE0, 0x26, 0x1B),
            support_hold: Rgba::rgb(0x23, 0xA1, 0x3C),
            support_move: Rgba::rgb(0xF2, 0xC0, 0x0A),
            convoy: Rgba::rgb(0x1F, 0x6F, 0xE0),
            hold: Rgba::rgb(0x3A, 0x3F, 0x47),
            failed: Rgba::rgb(0x11, 0x11, 0x11),
            dislodged: Rgba::rgb(0xC0, 0x00, 0x00),
            build: Rgba::rgb(0x1E, 0x9E, 0x3A),
        },
        Palette::ColourBlind => Colours {
            attack: Rgba::rgb(0xD5, 0x5E, 0x00),
            support_hold: Rgba::rgb(0x00, 0x9E, 0x73),
            support_move: Rgba::rgb(0xE6, 0x9F, 0x00),
            convoy: Rgba::rgb(0x00, 0x72, 0xB2),
            hold: Rgba::rgb(0x33, 0x33, 0x33),
            failed: Rgba::rgb(0x00, 0x00, 0x00),
            dislodged: Rgba::rgb(0xCC, 0x79, 0xA7),
            build: Rgba::rgb(0x56, 0xB4, 0xE9),
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
    files: u8,
    ranks: u8,
    legend_y: f32,
}

impl Layout {
    fn new(variant: &Variant, width: u32) -> Layout {
        let w = width.max(320) as f32;
        let title_h = (w * 0.075).round();
        let margin = (w * 0.04).round();
        let (files, ranks) = (variant.board.files, variant.board.ranks);
        let sq = ((w - 2.0 * margin) / f32::from(files)).floor();
        let board_h = sq * f32::from(ranks);
        let legend_y = title_h + board_h + margin;
        let rows = variant.powers.len().div_ceil(2) as f32;
        let height = legend_y + rows * (w * 0.05) + w * 0.02;
        Layout { width: width.max(320), height: height.ceil() as u32, title_h, margin, sq, files, ranks, legend_y }
    }

    /// Top-left corner of a square (White's view: rank 1 at the bottom).
    fn corner(&self, s: Square) -> (f32, f32) {
        let f = f32::from(s.file().index());
        let r = f32::from(s.rank().index());
        (self.margin + f * self.sq, self.title_h + (f32::from(self.ranks) - 1.0 - r) * self.sq)
    }

    fn centre(&self, s: Square) -> (f32, f32) {
        let (x, y) = self.corner(s);
        (x + self.sq / 2.0, y + self.sq / 2.0)
    }
}

/// Where the centre of square `s` is drawn in an image of `width` pixels
/// (for tests and for placing things over the board).
#[must_use]
pub fn square_centre(variant: &Variant, width: u32, s: Square) -> (f32, f32) {
    Layout::new(variant, width).centre(s)
}

/// The side of a square in pixels in an image of `width` pixels.
#[must_use]
pub fn square_size(variant: &Variant, width: u32) -> f32 {
    Layout::new(variant, width).sq
}

/// The light and dark square colours.
pub const SQUARE_COLOURS: (Rgba, Rgba) = (LIGHT, DARK);

fn colour_of(variant: &Variant, p: PowerId) -> Rgba {
    let [r, g, b] = variant.power(p).colour.0;
    Rgba::rgb(r, g, b)
}

/// Short unique labels for the powers: the shortest prefix of each name
/// that no other power's name starts with ("E", "I"; "Mu", "Mi").
fn codes(variant: &Variant) -> Vec<String> {
    let names: Vec<Vec<char>> = variant.powers.iter().map(|p| p.name.chars().collect()).collect();
    names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let len = (1..=n.len())
                .find(|&k| names.iter().enumerate().all(|(j, m)| j == i || m.len() < k || m[..k] != n[..k]))
                .unwrap_or(n.len());
            n[..len].iter().collect()
        })
        .collect()
}

/// The outline and solid chess glyphs of a piece kind (DejaVu Sans).
pub(super) fn glyphs(role: Role) -> (char, char) {
    match role {
        Role::King => ('\u{2654}', '\u{265A}'),
        Role::Queen => ('\u{2655}', '\u{265B}'),
        Role::Rook => ('\u{2656}', '\u{265C}'),
        Role::Bishop => ('\u{2657}', '\u{265D}'),
        Role::Knight => ('\u{2658}', '\u{265E}'),
        Role::Pawn => ('\u{2659}', '\u{265F}'),
    }
}

fn phase_title(variant: &Variant, state: &DipState) -> String {
    state.phase.name(variant)
}

/// Draws the position with `overlay`. `title` names the game (or the scenario).
#[must_use]
pub fn draw(variant: &Variant, state: &DipState, overlay: Overlay<'_>, style: &Style, caption: &str) -> Canvas {
    let l = Layout::new(variant, style.width);
    let c = colours(style.palette);
    let mut cv = Canvas::new(l.width, l.height, BACKGROUND);
    title(&mut cv, &l, variant, state, style, caption);
    board(&mut cv, &l, variant, state);
    let codes = codes(variant);
    let dislodged: Vec<Square> = match overlay {
        Overlay::Movement(r, _) => r.dislodged.iter().map(|&(s, _)| s).collect(),
        _ => Vec::new(),
    };
    for (s, p) in state.pieces() {
        let faded = dislodged.contains(&s);
        piece(&mut cv, &l, variant, &codes, s, p.power, p.role, if faded { 150 } else { 255 });
    }
    match overlay {
        Overlay::None => {}
        Overlay::Movement(r, given) => movement(&mut cv, &l, &c, r, given),
        Overlay::Adjustment(orders, report) => adjustments(&mut cv, &l, &c, variant, &codes, state, orders, report),
    }
    legend(&mut cv, &l, variant, state, &codes, style);
    if let Some(result) = &style.result {
        let (w, h) = (l.sq * f32::from(l.files), l.sq * f32::from(l.ranks));
        super::result_banner(&mut cv, (l.margin, l.title_h, w, h), result);
    }
    cv
}

fn title(cv: &mut Canvas, l: &Layout, variant: &Variant, state: &DipState, style: &Style, caption: &str) {
    super::title_bar(cv, (l.title_h, l.margin), style, &variant.name, (&phase_title(variant, state), caption));
}

fn board(cv: &mut Canvas, l: &Layout, variant: &Variant, state: &DipState) {
    let board = variant.board;
    let label = l.margin * 0.55;
    for s in board.squares() {
        let (x, y) = l.corner(s);
        let dark = (s.file().index() + s.rank().index()) % 2 == 0;
        let base = if dark { DARK } else { LIGHT };
        let is_center = variant.centers.contains(s);
        let owner = if is_center { state.owner(s) } else { None };
        let fill = owner.map_or(base, |p| base.mix(colour_of(variant, p), 0.42));
        cv.rect(x, y, l.sq, l.sq, fill);
        if is_center {
            let home = variant.power_ids().any(|p| state.homes(variant, p).contains(s));
            let r = l.sq * 0.1;
            let (mx, my) = (x + l.sq - r * 1.6, y + r * 1.6);
            let mark = owner.map_or(Rgba::rgb(0xFA, 0xFA, 0xFA), |p| colour_of(variant, p));
            let edge = Line { colour: INK, width: (l.sq * 0.022).max(1.0), dash: None };
            if home {
                // Home centers: a diamond; other centers: a disc.
                cv.polygon(&[(mx, my - r * 1.25), (mx + r * 1.25, my), (mx, my + r * 1.25), (mx - r * 1.25, my)], INK);
                let k = r * 1.25 - edge.width;
                cv.polygon(&[(mx, my - k), (mx + k, my), (mx, my + k), (mx - k, my)], mark);
            } else {
                cv.disc(mx, my, r, mark);
                cv.ring(mx, my, r, &edge);
            }
        }
    }
    // Labels: files below, ranks on both sides.
    let size = (l.margin * 0.6).max(9.0);
    for f in 0..l.files {
        let x = l.margin + (f32::from(f) + 0.5) * l.sq;
        let y = l.title_h + f32::from(l.ranks) * l.sq + label + size * 0.35;
        cv.text(&char::from(b'a' + f).to_string(), x, y, size, Face::Bold, Align::Centre, TEXT);
    }
    for r in 0..l.ranks {
        let y = l.title_h + (f32::from(l.ranks) - 1.0 - f32::from(r) + 0.5) * l.sq + size * 0.36;
        let t = (r + 1).to_string();
        cv.text(&t, l.margin * 0.5, y, size, Face::Bold, Align::Centre, TEXT);
        cv.text(&t, l.width as f32 - l.margin * 0.5, y, size, Face::Bold, Align::Centre, TEXT);
    }
}

#[allow(clippy::too_many_arguments)]
fn piece(
    cv: &mut Canvas,
    l: &Layout,
    variant: &Variant,
    codes: &[String],
    s: Square,
    p: PowerId,
    role: Role,
    alpha: u8,
) {
    let (cx, cy) = l.centre(s);
    let def = variant.power(p);
    let accent = colour_of(variant, p);
    let (outline, solid) = glyphs(role);
    let size = l.sq * 0.78;
    let gy = cy - l.sq * 0.06;
    // The power's colour as a base plate with its code, under the piece.
    let (bw, bh) = (l.sq * 0.64, l.sq * 0.2);
    let (bx, by) = (cx - bw / 2.0, cy + l.sq * 0.26);
    cv.rounded_rect(bx - 1.5, by - 1.5, bw + 3.0, bh + 3.0, bh * 0.5, INK.alpha(alpha));
    cv.rounded_rect(bx, by, bw, bh, bh * 0.45, accent.alpha(alpha));
    let code = &codes[usize::from(p.0)];
    let text = if accent.luminance() > 0.55 { INK } else { WHITE };
    cv.text(code, cx, by + bh * 0.8, bh * 0.85, Face::Bold, Align::Centre, text.alpha(alpha));
    let (body, lines) = match def.side {
        Side::White => (WHITE.mix(accent, 0.12), INK),
        Side::Black => (Rgba::rgb(0x1E, 0x1E, 0x22).mix(accent, 0.18), Rgba::rgb(0xF4, 0xF4, 0xF4).mix(accent, 0.2)),
    };
    cv.chess_piece((outline, solid), def.side == Side::White, (cx, gy), size, (body, lines), l.sq * 0.03, alpha);
}

/// The drawn shaft of a move: start and end points.
fn move_line(l: &Layout, r: &Resolution, i: usize) -> Option<((f32, f32), (f32, f32))> {
    let o = r.orders[i];
    let OrderKind::Move { to, via, .. } = o.kind else {
        return None;
    };
    let (a, b) = (l.centre(o.square), l.centre(to));
    // Head-to-head battles, castling and other moves along one line in
    // opposite directions: offset each arrow to its right so both stay visible.
    let _ = via;
    let overlaps = r.orders.iter().enumerate().any(|(j, p)| {
        let OrderKind::Move { to: pt, .. } = p.kind else {
            return false;
        };
        j != i && opposed_overlap((o.square, to), (p.square, pt))
    });
    let (a, b) = if overlaps { shifted(a, b, l.sq * 0.12) } else { (a, b) };
    Some((towards(a, b, l.sq * 0.22), towards(b, a, l.sq * 0.2)))
}

fn movement(cv: &mut Canvas, l: &Layout, c: &Colours, r: &Resolution, given: &[Order]) {
    let w = l.sq;
    let halo = |width: f32| Line { colour: Rgba(0, 0, 0, 110), width: width + w * 0.035, dash: None };
    // Convoys on intermediate squares first, under the arrows.
    for (k, cr) in r.convoys.iter().enumerate() {
        // Several convoy orders on one square sit side by side.
        let same: Vec<usize> = (0..r.convoys.len()).filter(|&j| r.convoys[j].square == cr.square).collect();
        let nth = same.iter().position(|&j| j == k).unwrap_or(0) as f32;
        let spread = (nth - (same.len() as f32 - 1.0) / 2.0) * w * 0.22;
        let (x, y) = l.centre(cr.square);
        let x = x + spread;
        let ok = cr.outcome.succeeded();
        let rad = w * 0.09;
        cv.disc(x, y, rad + w * 0.02, Rgba(0, 0, 0, 120));
        if ok {
            cv.disc(x, y, rad, c.convoy);
        } else {
            cv.disc(x, y, rad, WHITE);
            cv.ring(x, y, rad, &Line { colour: c.convoy, width: w * 0.03, dash: None });
        }
    }
    // Holds that were ordered: a ring.
    for o in r.orders.iter() {
        if o.kind == OrderKind::Hold && given.contains(o) {
            let (x, y) = l.centre(o.square);
            cv.ring(x, y, w * 0.44, &Line { colour: c.hold, width: w * 0.05, dash: None });
        }
    }
    // Supports: thin lines to what they support, under the moves.
    for (i, o) in r.orders.iter().enumerate() {
        let OrderKind::Support { target, supported, .. } = o.kind else {
            continue;
        };
        let given = r.outcomes[i].succeeded();
        let from = l.centre(o.square);
        let (colour, dash, end) = match supported {
            Supported::Hold => (c.support_hold, Some((w * 0.09, w * 0.07)), l.centre(target)),
            Supported::Move { to, .. } => {
                let j = r
                    .orders
                    .iter()
                    .position(|p| p.square == target && matches!(p.kind, OrderKind::Move { to: t, .. } if t == to));
                let end = j.and_then(|j| move_line(l, r, j)).map_or_else(
                    || {
                        let (a, b) = (l.centre(target), l.centre(to));
                        ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
                    },
                    |(a, b)| (a.0 + (b.0 - a.0) * 0.6, a.1 + (b.1 - a.1) * 0.6),
                );
                (c.support_move, None, end)
            }
            Supported::Convoy { .. } => (c.convoy, Some((w * 0.05, w * 0.05)), l.centre(target)),
        };
        let alpha = if given { 255 } else { 120 };
        let width = w * 0.045;
        let start = towards(from, end, w * 0.2);
        cv.line(start, end, &halo(width));
        cv.line(start, end, &Line { colour: colour.alpha(alpha), width, dash });
        cv.disc(end.0, end.1, w * 0.055, colour.alpha(alpha));
        if matches!(supported, Supported::Hold) {
            let (x, y) = l.centre(target);
            cv.ring(x, y, w * 0.44, &Line { colour: colour.alpha(alpha), width: w * 0.04, dash: None });
        }
        if !given {
            cv.cross(start.0 + (end.0 - start.0) * 0.5, start.1 + (end.1 - start.1) * 0.5, w * 0.08, &fail_line(c, w));
        }
    }
    // Moves: solid arrows (travel orders dashed).
    for (i, o) in r.orders.iter().enumerate() {
        let OrderKind::Move { kind, .. } = o.kind else {
            continue;
        };
        let Some((a, b)) = move_line(l, r, i) else {
            continue;
        };
        let ok = r.outcomes[i].succeeded();
        let width = w * 0.075;
        let dash = (kind == MoveKind::Travel).then_some((w * 0.14, w * 0.08));
        let alpha = if ok { 255 } else { 140 };
        cv.arrow(a, b, &halo(width), w * 0.3);
        cv.arrow(a, b, &Line { colour: c.attack.alpha(alpha), width, dash }, w * 0.28);
        if !ok {
            let m = towards(b, a, w * 0.42);
            cv.disc(m.0, m.1, w * 0.13, WHITE.alpha(220));
            cv.cross(m.0, m.1, w * 0.085, &fail_line(c, w));
        }
    }
    // Dislodged pieces: a heavy cross over the piece.
    for &(s, _) in &r.dislodged {
        let (x, y) = l.centre(s);
        cv.cross(x, y, w * 0.3, &Line { colour: WHITE, width: w * 0.12, dash: None });
        cv.cross(x, y, w * 0.3, &Line { colour: c.dislodged, width: w * 0.075, dash: None });
    }
}

fn fail_line(c: &Colours, w: f32) -> Line {
    Line { colour: c.failed, width: w * 0.04, dash: None }
}

#[allow(clippy::too_many_arguments)]
fn adjustments(
    cv: &mut Canvas,
    l: &Layout,
    c: &Colours,
    variant: &Variant,
    codes: &[String],
    state: &DipState,
    orders: &[Adjustment],
    report: &AdjustmentReport,
) {
    let w = l.sq;
    let badge = |cv: &mut Canvas, s: Square, text: &str, colour: Rgba| {
        let (x, y) = l.corner(s);
        let (bx, by, r) = (x + w * 0.2, y + w * 0.2, w * 0.16);
        cv.disc(bx, by, r + 2.0, INK);
        cv.disc(bx, by, r, colour);
        cv.text(text, bx, by + r * 0.45, r * 1.3, Face::Bold, Align::Centre, WHITE);
    };
    for a in orders {
        let done = report.carried_out.contains(a);
        match a.kind {
            AdjustmentKind::Build { role, square } => {
                let alpha = if done { 200 } else { 90 };
                piece(cv, l, variant, codes, square, a.power, role, alpha);
                badge(cv, square, "+", if done { c.build } else { Rgba::rgb(0x77, 0x77, 0x77) });
            }
            AdjustmentKind::Disband { square, .. } => {
                let (x, y) = l.centre(square);
                cv.cross(x, y, w * 0.3, &Line { colour: WHITE, width: w * 0.12, dash: None });
                cv.cross(x, y, w * 0.3, &Line { colour: c.dislodged, width: w * 0.075, dash: None });
            }
            AdjustmentKind::Promote { square, role } => {
                badge(cv, square, &role.char().to_string(), c.build);
            }
            AdjustmentKind::Waive => {}
        }
    }
    for &(_, _, square) in &report.civil_disorder {
        let (x, y) = l.centre(square);
        cv.cross(x, y, w * 0.3, &Line { colour: WHITE, width: w * 0.12, dash: None });
        cv.cross(x, y, w * 0.3, &Line { colour: c.dislodged, width: w * 0.075, dash: Some((w * 0.1, w * 0.06)) });
    }
    for &(_, square) in &report.default_promotions {
        if state.piece(square).is_some() {
            badge(cv, square, "N", c.build);
        }
    }
}

fn legend(cv: &mut Canvas, l: &Layout, variant: &Variant, state: &DipState, codes: &[String], style: &Style) {
    let w = l.width as f32;
    let row = w * 0.05;
    let col_w = (w - 2.0 * l.margin) / 2.0;
    let size = row * 0.46;
    for (k, p) in variant.power_ids().enumerate() {
        let (col, r) = (k % 2, k / 2);
        let x = l.margin + col as f32 * col_w;
        let y = l.legend_y + r as f32 * row;
        let accent = colour_of(variant, p);
        let (bw, bh) = (row * 1.1, row * 0.56);
        cv.rounded_rect(x - 1.5, y + (row - bh) / 2.0 - 1.5, bw + 3.0, bh + 3.0, bh * 0.5, WHITE);
        cv.rounded_rect(x, y + (row - bh) / 2.0, bw, bh, bh * 0.45, accent);
        let text = if accent.luminance() > 0.55 { INK } else { WHITE };
        cv.text(
            &codes[usize::from(p.0)],
            x + bw / 2.0,
            y + row / 2.0 + bh * 0.3,
            bh * 0.8,
            Face::Bold,
            Align::Centre,
            text,
        );
        let def = variant.power(p);
        let centers = state.centers_of(p).len();
        let pieces = state.pieces_of(p).count();
        let side = match def.side {
            Side::White => "light",
            Side::Black => "dark",
        };
        let plural = |n: usize, w: &str| if n == 1 { format!("1 {w}") } else { format!("{n} {w}s") };
        let info = format!("  {} \u{00B7} {} \u{00B7} {side}", plural(centers, "center"), plural(pieces, "piece"));
        // Shrink the row's text until it fits its column.
        let note = super::note_text(style, &def.name);
        let room = col_w - bw - row * 0.6;
        let mut k = 1.0;
        while k > 0.5
            && text_width(&def.name, size * k, Face::Bold)
                + text_width(&info, size * 0.85 * k, Face::Regular)
                + text_width(&note, size * 0.85 * k, Face::Bold)
                > room
        {
            k -= 0.04;
        }
        let tx = x + bw + row * 0.3;
        let name_w = cv.text(&def.name, tx, y + row * 0.66, size * k, Face::Bold, Align::Left, TEXT);
        let info_w =
            cv.text(&info, tx + name_w, y + row * 0.66, size * 0.85 * k, Face::Regular, Align::Left, TEXT.alpha(200));
        cv.text(&note, tx + name_w + info_w, y + row * 0.66, size * 0.85 * k, Face::Bold, Align::Left, super::NOTE);
    }
}
