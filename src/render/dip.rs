//! Boards of the Diplomacy-style square-board games (Chess Dip,
//! Chesspolitik): the position, the centers and their owners, the orders
//! with their outcomes, Winter's builds, disbands and promotions.

use super::canvas::{shifted, towards};
use super::canvas::{Align, Canvas, Face, Line, Rgba};
use super::MIN_TEXT;
use super::{Palette, Style};
use crate::rules::dip::{
    Adjustment, AdjustmentKind, AdjustmentReport, DipState, MoveKind, Order, OrderKind, Outcome, Resolution, Supported,
    Variant,
};
use crate::rules::power::Side;
use crate::rules::{PowerId, Role, Square};

mod legend;
mod marks;
mod motion;
use legend::legend;
use marks::{burst, contest_marker, contest_pills, contested, mark_spot, marker_box, overlap, tag, tag_box, tag_spot};
pub use motion::animate;

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
/// Marks that belong to no power (build badges, convoy dots): light grey and ink.
const NEUTRAL: Rgba = Rgba::rgb(0xEC, 0xEC, 0xEC);

/// Colours of the marks that belong to no power.
struct Colours {
    hold: Rgba,
    failed: Rgba,
    dislodged: Rgba,
}

fn colours(p: Palette) -> Colours {
    match p {
        Palette::Classic => Colours {
            hold: Rgba::rgb(0x3A, 0x3F, 0x47),
            failed: Rgba::rgb(0x11, 0x11, 0x11),
            dislodged: Rgba::rgb(0xC0, 0x00, 0x00),
        },
        Palette::ColourBlind => Colours {
            hold: Rgba::rgb(0x33, 0x33, 0x33),
            failed: Rgba::rgb(0x00, 0x00, 0x00),
            dislodged: Rgba::rgb(0xCC, 0x79, 0xA7),
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
    /// Legend: row height and number of columns.
    row: f32,
    columns: usize,
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
        // Two legend columns where they fit, one on narrow (phone) images.
        let columns = if w >= 640.0 { 2 } else { 1 };
        let row = (w * 0.05).max(26.0);
        let rows = variant.powers.len().div_ceil(columns) as f32;
        let height = legend_y + rows * row + w * 0.02;
        Layout {
            width: width.max(320),
            height: height.ceil() as u32,
            title_h,
            margin,
            sq,
            files,
            ranks,
            legend_y,
            row,
            columns,
        }
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

    /// The size of small text on the board (plate codes, tags, badges):
    /// a sixth of a square, never below [`MIN_TEXT`].
    fn small_text(&self) -> f32 {
        (self.sq * 0.17).max(MIN_TEXT)
    }

    /// The box the glyph of a piece on `s` covers, roughly (its plate's
    /// box overlaps its foot): (x, y, w, h).
    fn body(&self, s: Square) -> (f32, f32, f32, f32) {
        let (x, y) = self.centre(s);
        (x - self.sq * 0.28, y - self.sq * 0.4, self.sq * 0.56, self.sq * 0.68)
    }

    /// The box of the marker of a center on `s` (top right of the square).
    fn center_mark(&self, s: Square) -> (f32, f32, f32, f32) {
        let (x, y) = self.corner(s);
        let r = self.sq * 0.1;
        let (mx, my) = (x + self.sq - r * 1.6, y + r * 1.6);
        (mx - r * 1.3, my - r * 1.3, r * 2.6, r * 2.6)
    }

    /// The power plate under the piece on `s`: (x, y, w, h).
    fn plate(&self, s: Square) -> (f32, f32, f32, f32) {
        self.plate_at(self.centre(s))
    }

    /// The power plate under a piece standing (or passing) at `(cx, cy)`.
    fn plate_at(&self, (cx, cy): (f32, f32)) -> (f32, f32, f32, f32) {
        let bh = self.small_text() / 0.82;
        let bw = (self.sq * 0.64).max(bh * 2.2);
        (cx - bw / 2.0, cy + self.sq * 0.47 - bh, bw, bh)
    }
}

/// The box of the power plate (code and colour) drawn under a piece on
/// `s` in an image of `width` pixels: (x, y, w, h).
#[must_use]
pub fn plate_box(variant: &Variant, width: u32, s: Square) -> (f32, f32, f32, f32) {
    Layout::new(variant, width).plate(s)
}

/// The colours the powers of `variant` are drawn in with `palette` (center
/// tints, plates, arrows, legend), by power index.
#[must_use]
pub fn power_colours(variant: &Variant, palette: Palette) -> Vec<Rgba> {
    let base: Vec<Rgba> = variant
        .powers
        .iter()
        .map(|p| {
            let [r, g, b] = p.colour.0;
            Rgba::rgb(r, g, b)
        })
        .collect();
    super::palette::power_colours(palette, &base)
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

/// The legend's lines as the image of `state` draws them with `style`, one
/// a power: name, counts, side when every line has room for it, and notes
/// (`Scandinavia  3 centers · 7 pieces · conceded`).
#[must_use]
pub fn legend_lines(variant: &Variant, state: &DipState, style: &Style) -> Vec<String> {
    legend::lines(&Ctx::new(variant, style), state, style)
}

/// The contest markers of resolution `r` on `state` (the position before
/// it), as the orders image draws them: each square where several moves
/// bounced and none got in, with each pill's power and label. A move's
/// label is its attack strength as its reason gives it, followed in
/// brackets by the strength its rivals bounced against when that is more
/// (`½ (1)`); a piece that stayed there gets its hold strength.
#[must_use]
pub fn contest_labels(state: &DipState, r: &Resolution) -> Vec<(Square, Vec<(PowerId, String)>)> {
    contested(r).into_iter().map(|(s, moves)| (s, contest_pills(state, r, s, &moves))).collect()
}

/// The light and dark square colours.
pub const SQUARE_COLOURS: (Rgba, Rgba) = (LIGHT, DARK);

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

/// What every drawing step needs: the geometry, the powers' colours and codes.
struct Ctx<'a> {
    l: Layout,
    variant: &'a Variant,
    colours: Colours,
    power: Vec<Rgba>,
    codes: Vec<String>,
}

impl<'a> Ctx<'a> {
    fn new(variant: &'a Variant, style: &Style) -> Ctx<'a> {
        Ctx {
            l: Layout::new(variant, style.width),
            variant,
            colours: colours(style.palette),
            power: power_colours(variant, style.palette),
            codes: codes(variant),
        }
    }

    fn colour(&self, p: PowerId) -> Rgba {
        self.power.get(usize::from(p.0)).copied().unwrap_or(INK)
    }

    fn code(&self, p: PowerId) -> &str {
        self.codes.get(usize::from(p.0)).map_or("?", String::as_str)
    }
}

/// Draws the position with `overlay`. `title` names the game (or the scenario).
#[must_use]
pub fn draw(variant: &Variant, state: &DipState, overlay: Overlay<'_>, style: &Style, caption: &str) -> Canvas {
    let cx = Ctx::new(variant, style);
    let l = &cx.l;
    let mut cv = Canvas::new(l.width, l.height, BACKGROUND);
    title(&mut cv, l, variant, state, style, caption);
    board(&mut cv, &cx, state);
    let dislodged: Vec<Square> = match overlay {
        Overlay::Movement(r, _) => r.dislodged.iter().map(|&(s, _)| s).collect(),
        _ => Vec::new(),
    };
    for (s, p) in state.pieces() {
        let faded = dislodged.contains(&s);
        piece(&mut cv, &cx, s, p.power, p.role, if faded { 150 } else { 255 });
    }
    match overlay {
        Overlay::None => {}
        Overlay::Movement(r, given) => movement(&mut cv, &cx, state, r, given, Show::STILL),
        Overlay::Adjustment(orders, report) => adjustments(&mut cv, &cx, state, orders, report, true),
    }
    legend(&mut cv, &cx, state, style);
    if let Some(result) = &style.result {
        super::result_banner(&mut cv, l.title_h, result);
    }
    cv
}

fn title(cv: &mut Canvas, l: &Layout, variant: &Variant, state: &DipState, style: &Style, caption: &str) {
    super::title_bar(cv, (l.title_h, l.margin), style, &variant.name, (&phase_title(variant, state), caption));
}

fn board(cv: &mut Canvas, cx: &Ctx<'_>, state: &DipState) {
    let (l, variant) = (&cx.l, cx.variant);
    let board = variant.board;
    // One fill for all light squares, then the dark and tinted ones over it.
    let (w, h) = (l.sq * f32::from(l.files), l.sq * f32::from(l.ranks));
    cv.rect(l.margin, l.title_h, w, h, LIGHT);
    for s in board.squares() {
        let (x, y) = l.corner(s);
        let dark = (s.file().index() + s.rank().index()) % 2 == 0;
        let base = if dark { DARK } else { LIGHT };
        let is_center = variant.centers.contains(s);
        let owner = if is_center { state.owner(s) } else { None };
        let fill = owner.map_or(base, |p| base.mix(cx.colour(p), 0.42));
        if fill != LIGHT {
            cv.rect(x, y, l.sq, l.sq, fill);
        }
        if is_center {
            let home = variant.power_ids().any(|p| state.homes(variant, p).contains(s));
            let r = l.sq * 0.1;
            let (mx, my) = (x + l.sq - r * 1.6, y + r * 1.6);
            let mark = owner.map_or(Rgba::rgb(0xFA, 0xFA, 0xFA), |p| cx.colour(p));
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
    let size = (l.margin * 0.6).max(MIN_TEXT);
    let label = l.margin * 0.55;
    for f in 0..l.files {
        let x = l.margin + (f32::from(f) + 0.5) * l.sq;
        let y = l.title_h + f32::from(l.ranks) * l.sq + label + size * 0.35;
        cv.text(&char::from(b'a' + f).to_string(), x, y, size, Face::Bold, Align::Centre, TEXT);
    }
    let right = l.margin + f32::from(l.files) * l.sq;
    for r in 0..l.ranks {
        let y = l.title_h + (f32::from(l.ranks) - 1.0 - f32::from(r) + 0.5) * l.sq + size * 0.36;
        let t = (r + 1).to_string();
        cv.text(&t, l.margin * 0.5, y, size, Face::Bold, Align::Centre, TEXT);
        cv.text(&t, (right + l.width as f32) / 2.0, y, size, Face::Bold, Align::Centre, TEXT);
    }
}

fn piece(cv: &mut Canvas, cx: &Ctx<'_>, s: Square, p: PowerId, role: Role, alpha: u8) {
    piece_at(cv, cx, cx.l.centre(s), p, role, alpha);
}

/// A piece with its plate, centred on `(x, y)` (a square's centre, or a
/// point on its way).
fn piece_at(cv: &mut Canvas, cx: &Ctx<'_>, (x, y): (f32, f32), p: PowerId, role: Role, alpha: u8) {
    let l = &cx.l;
    let def = cx.variant.power(p);
    let accent = cx.colour(p);
    let (outline, solid) = glyphs(role);
    let size = l.sq * 0.78;
    let gy = y - l.sq * 0.06;
    let (body, lines) = match def.side {
        Side::White => (WHITE.mix(accent, 0.12), INK),
        Side::Black => (Rgba::rgb(0x1E, 0x1E, 0x22).mix(accent, 0.18), Rgba::rgb(0xF4, 0xF4, 0xF4).mix(accent, 0.2)),
    };
    cv.chess_piece((outline, solid), def.side == Side::White, (x, gy), size, (body, lines), l.sq * 0.03, alpha);
    plate_at(cv, cx, (x, y), p, alpha);
}

/// The power's colour as a plate with its code, over the foot of the piece on `s`.
fn plate(cv: &mut Canvas, cx: &Ctx<'_>, s: Square, p: PowerId, alpha: u8) {
    plate_at(cv, cx, cx.l.centre(s), p, alpha);
}

/// The plate of a piece centred on `(x, y)`.
fn plate_at(cv: &mut Canvas, cx: &Ctx<'_>, (x, y): (f32, f32), p: PowerId, alpha: u8) {
    let l = &cx.l;
    let accent = cx.colour(p);
    let (bx, by, bw, bh) = l.plate_at((x, y));
    cv.rounded_rect(bx - 1.5, by - 1.5, bw + 3.0, bh + 3.0, bh * 0.5, INK.alpha(alpha));
    cv.rounded_rect(bx, by, bw, bh, bh * 0.45, accent.alpha(alpha));
    let text = super::palette::text_on(accent);
    cv.text(cx.code(p), x, by + bh * 0.79, l.small_text(), Face::Bold, Align::Centre, text.alpha(alpha));
}

/// The drawn shaft of a move: start and end points.
fn move_line(l: &Layout, r: &Resolution, i: usize) -> Option<((f32, f32), (f32, f32))> {
    let o = r.orders[i];
    let OrderKind::Move { to, .. } = o.kind else {
        return None;
    };
    let (a, b) = (l.centre(o.square), l.centre(to));
    // Moves along one line that overlap (head-to-head battles, castling, a
    // double step behind a single one): each in its own lane, side by side.
    let (a, b) = shifted(a, b, lane_offsets(l, r).get(i).copied().unwrap_or(0.0));
    let (start, mut tip) = (towards(a, b, l.sq * 0.12), towards(b, a, l.sq * 0.2));
    // A piece on the landing square keeps its plate readable: the head
    // stops short of it (an arrow from below ends under the plate), as long
    // as a little shaft is left.
    if r.orders.iter().any(|p| p.square == to) {
        let plate = l.plate(to);
        let head = l.sq * ARROW_HEAD;
        // Whether the head's box overlaps the plate by more than a sliver.
        let covers = |tip: (f32, f32)| {
            let base = towards(tip, start, head);
            let (l1, _) = shifted(base, tip, head * 0.55);
            let (l2, _) = shifted(base, tip, -head * 0.55);
            let xs = [tip.0, l1.0, l2.0];
            let ys = [tip.1, l1.1, l2.1];
            let (x0, x1) = (xs.iter().copied().fold(f32::MAX, f32::min), xs.iter().copied().fold(f32::MIN, f32::max));
            let (y0, y1) = (ys.iter().copied().fold(f32::MAX, f32::min), ys.iter().copied().fold(f32::MIN, f32::max));
            overlap((x0, y0, x1 - x0, y1 - y0), plate) > l.sq * l.sq * 0.004
        };
        let len = |t: (f32, f32)| ((t.0 - start.0).powi(2) + (t.1 - start.1).powi(2)).sqrt();
        while covers(tip) && len(tip) > head + l.sq * 0.14 {
            tip = towards(tip, start, l.sq * 0.02);
        }
    }
    Some((start, tip))
}

/// How far each order's arrow moves sideways (0 for orders that are not
/// moves): moves on one line that overlap lie in lanes side by side.
fn lane_offsets(l: &Layout, r: &Resolution) -> Vec<f32> {
    let segs: Vec<_> = r
        .orders
        .iter()
        .map(|o| match o.kind {
            OrderKind::Move { to, .. } => (l.centre(o.square), l.centre(to)),
            _ => ((0.0, 0.0), (0.0, 0.0)),
        })
        .collect();
    super::lanes::lanes(&segs, l.sq * 0.32, l.sq * 0.6)
}

/// The opacity of a build as ordered, before it is carried out.
const GHOST: u8 = 90;

/// An arrow head's length, in squares.
const ARROW_HEAD: f32 = 0.25;

/// How much of a movement overlay to draw: the still draws everything; an
/// animation starts with the orders alone (no outcomes), then keeps them
/// faded under the moving pieces.
#[derive(Debug, Clone, Copy)]
struct Show {
    /// The outcome marks: failure crosses, contest markers, dislodged
    /// crosses, faded failed supports, struck bursts, failed convoys.
    outcomes: bool,
    /// Movers' plates redrawn over their arrows' tails (not when the
    /// movers are drawn elsewhere).
    plates: bool,
    /// Opacity of the whole overlay, 0 to 1.
    opacity: f32,
}

impl Show {
    /// The still image: everything, opaque.
    const STILL: Show = Show { outcomes: true, plates: true, opacity: 1.0 };

    /// An alpha scaled by the overlay's opacity.
    fn a(self, alpha: u8) -> u8 {
        (f32::from(alpha) * self.opacity).round().clamp(0.0, 255.0) as u8
    }
}

/// The drawn line of support order `i` (a support): its start and end, its
/// dash, and what it supports.
fn support_line(l: &Layout, r: &Resolution, i: usize) -> Option<SupportLine> {
    let o = r.orders.get(i)?;
    let OrderKind::Support { target, supported, .. } = o.kind else {
        return None;
    };
    let w = l.sq;
    let from = l.centre(o.square);
    let (dash, end) = match supported {
        Supported::Hold => (Some((w * 0.09, w * 0.07)), towards(l.centre(target), from, w * 0.44)),
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
            (None, end)
        }
        Supported::Convoy { .. } => (Some((w * 0.035, w * 0.05)), l.centre(target)),
    };
    let start = towards(from, end, w * 0.22);
    Some(SupportLine { start, end, dash, supported, target })
}

/// The geometry of a support's line (see [`support_line`]).
struct SupportLine {
    start: (f32, f32),
    end: (f32, f32),
    dash: Option<(f32, f32)>,
    supported: Supported,
    target: Square,
}

/// A support's line in the supporter's colour over a dark edge, `width`
/// wide, with its end mark (a ring round a held piece, a dot on a move, a
/// square on a convoy), at `alpha`.
fn support_mark(cv: &mut Canvas, cx: &Ctx<'_>, power: PowerId, sl: &SupportLine, alpha: u8, width: f32) {
    let l = &cx.l;
    let w = l.sq;
    let edge = (w * 0.022).max(1.5);
    let dark = |width: f32| Line { colour: INK.alpha(alpha), width: width + 2.0 * edge, dash: None };
    let colour = cx.colour(power).alpha(alpha);
    let (start, end) = (sl.start, sl.end);
    cv.line(start, end, &dark(width));
    cv.line(start, end, &Line { colour, width, dash: sl.dash });
    match sl.supported {
        Supported::Hold => {
            let (x, y) = l.centre(sl.target);
            cv.ring(x, y, w * 0.44, &dark(w * 0.035));
            cv.ring(x, y, w * 0.44, &Line { colour, width: w * 0.035, dash: None });
        }
        Supported::Move { .. } => {
            cv.disc(end.0, end.1, w * 0.06 + edge, INK.alpha(alpha));
            cv.disc(end.0, end.1, w * 0.06, colour);
        }
        Supported::Convoy { .. } => {
            let k = w * 0.06;
            cv.rect(end.0 - k - edge, end.1 - k - edge, 2.0 * (k + edge), 2.0 * (k + edge), INK.alpha(alpha));
            cv.rect(end.0 - k, end.1 - k, 2.0 * k, 2.0 * k, colour);
        }
    }
}

fn movement(cv: &mut Canvas, cx: &Ctx<'_>, state: &DipState, r: &Resolution, given: &[Order], show: Show) {
    let (l, c) = (&cx.l, &cx.colours);
    let w = l.sq;
    let edge = (w * 0.022).max(1.5);
    let dark = |width: f32, alpha: u8| Line { colour: INK.alpha(show.a(alpha)), width: width + 2.0 * edge, dash: None };
    // What marks keep clear of: the plates, the contest markers (one per
    // square where several moves bounced, with each contender's strength)
    // and the tail tags; tags also keep clear of the pieces themselves.
    let mut avoid: Vec<(f32, f32, f32, f32)> = state.pieces().map(|(s, _)| l.plate(s)).collect();
    let markers = contest_labels(state, r);
    avoid.extend(markers.iter().map(|(s, pills)| marker_box(cx, *s, pills)));
    // Each move's tag, placed in order, clear of those placed before it.
    let centers = cx.variant.centers.iter().map(|s| l.center_mark(s));
    let bodies: Vec<(f32, f32, f32, f32)> = state.pieces().map(|(s, _)| l.body(s)).chain(centers).collect();
    let mut tag_at: Vec<Option<(f32, f32)>> = vec![None; r.orders.len()];
    for (i, o) in r.orders.iter().enumerate() {
        if let Some((a, b)) = move_line(l, r, i) {
            let clear: Vec<_> = avoid.iter().chain(&bodies).copied().collect();
            let spot = tag_spot(cx, o.power, (a, b), w * ARROW_HEAD, &clear);
            avoid.push(tag_box(cx, o.power, spot));
            tag_at[i] = Some(spot);
        }
    }
    // Crosses are drawn last, over every line.
    let mark_r = (w * 0.1).max(5.0);
    let mut crosses: Vec<(f32, f32)> = Vec::new();
    // Convoys on intermediate squares first, under the arrows: neutral dots,
    // filled where the convoy held, hollow where it failed.
    for (k, cr) in r.convoys.iter().enumerate() {
        // Several convoy orders on one square sit side by side.
        let same: Vec<usize> = (0..r.convoys.len()).filter(|&j| r.convoys[j].square == cr.square).collect();
        let nth = same.iter().position(|&j| j == k).unwrap_or(0) as f32;
        let spread = (nth - (same.len() as f32 - 1.0) / 2.0) * w * 0.22;
        let (x, y) = l.centre(cr.square);
        let x = x + spread;
        let rad = w * 0.09;
        let (ink, neutral) = (INK.alpha(show.a(255)), NEUTRAL.alpha(show.a(255)));
        cv.disc(x, y, rad + edge, ink);
        if cr.outcome.succeeded() || !show.outcomes {
            cv.disc(x, y, rad, neutral);
            cv.disc(x, y, rad * 0.45, ink);
        } else {
            cv.disc(x, y, rad, neutral);
            cv.cross(x, y, rad * 0.55, &Line { colour: c.failed.alpha(show.a(255)), width: edge * 1.2, dash: None });
        }
    }
    // Holds that were ordered: a ring.
    for o in &r.orders {
        if o.kind == OrderKind::Hold && given.contains(o) {
            let (x, y) = l.centre(o.square);
            cv.ring(x, y, w * 0.44, &Line { colour: c.hold.alpha(show.a(255)), width: w * 0.05, dash: None });
        }
    }
    // Supports: thin lines in the supporter's colour, under the moves;
    // support-hold dashed to a ring, support-move solid to a dot on the
    // supported arrow, support-convoy dotted to a square dot.
    for (i, o) in r.orders.iter().enumerate() {
        let Some(sl) = support_line(l, r, i) else {
            continue;
        };
        let ok = r.outcomes[i].succeeded() || !show.outcomes;
        let alpha = if ok { 255 } else { 150 };
        support_mark(cv, cx, o.power, &sl, show.a(alpha), w * 0.04);
        if !ok {
            crosses.push(mark_spot(sl.start, sl.end, mark_r, &avoid));
        }
    }
    // Moves: arrows in the mover's colour over a dark outline, solid for
    // attacks, dashed for travel; a pawn attack that struck ends in a burst
    // instead of a head. The mover's code rides at the tail.
    let mut tails = Vec::new();
    for (i, o) in r.orders.iter().enumerate() {
        let OrderKind::Move { kind, to, .. } = o.kind else {
            continue;
        };
        let Some((a, b)) = move_line(l, r, i) else {
            continue;
        };
        let outcome = r.outcomes[i];
        let ok = outcome.succeeded();
        let colour = cx.colour(o.power);
        let width = w * 0.07;
        let dash = (kind == MoveKind::Travel).then_some((w * 0.14, w * 0.08));
        // A failed move is faded (under its failure mark).
        let alpha = if ok || !show.outcomes { 255 } else { 150 };
        let head = w * ARROW_HEAD;
        if let (Outcome::Struck { .. }, true) = (outcome, show.outcomes) {
            let centre = l.centre(to);
            let end = towards(centre, a, w * 0.08);
            cv.line(a, end, &dark(width, alpha));
            cv.line(a, end, &Line { colour: colour.alpha(show.a(alpha)), width, dash });
            burst(cv, end, w * 0.2, (colour, INK), edge);
        } else {
            cv.arrow(a, b, &dark(width, alpha), head + edge * 2.2);
            let tip = towards(b, a, edge * 1.1);
            cv.arrow(a, tip, &Line { colour: colour.alpha(show.a(alpha)), width, dash }, head);
        }
        if let Some(spot) = tag_at[i] {
            tails.push((o.power, spot, show.a(alpha)));
        }
        if !ok && show.outcomes {
            // On the shaft, between the tail tag and the head, off the plates.
            let base = towards(b, a, head);
            crosses.push(mark_spot(a, base, mark_r, &avoid));
        }
    }
    // A mover's own plate stays readable: its arrow leaves from under it.
    for o in r.orders.iter().filter(|_| show.plates) {
        if matches!(o.kind, OrderKind::Move { .. }) && state.piece(o.square).is_some() {
            let faded = show.outcomes && r.dislodged.iter().any(|&(d, _)| d == o.square);
            plate(cv, cx, o.square, o.power, if faded { 150 } else { 255 });
        }
    }
    for (p, a, alpha) in tails {
        tag(cv, cx, p, a, alpha);
    }
    if !show.outcomes {
        return;
    }
    for (s, pills) in &markers {
        contest_marker(cv, cx, *s, pills);
    }
    for (x, y) in crosses {
        cv.disc(x, y, mark_r, WHITE);
        cv.ring(x, y, mark_r, &Line { colour: INK, width: edge, dash: None });
        cv.cross(x, y, mark_r * 0.55, &fail_line(c, w));
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

/// A neutral badge in the top left corner of `s` (it belongs to no power):
/// a light disc with dark type, grey when what it marks was not done.
fn badge(cv: &mut Canvas, cx: &Ctx<'_>, s: Square, text: &str, on: bool) {
    let l = &cx.l;
    let w = l.sq;
    let (x, y) = l.corner(s);
    let size = (w * 0.21).max(MIN_TEXT);
    let r = size * 0.77;
    let (bx, by) = (x + r + w * 0.04, y + r + w * 0.04);
    cv.disc(bx, by, r + 2.0, INK);
    cv.disc(bx, by, r, if on { NEUTRAL } else { Rgba::rgb(0x88, 0x88, 0x88) });
    cv.text(text, bx, by + size * 0.36, size, Face::Bold, Align::Centre, INK);
}

/// The heavy cross over a piece that is disbanded (or dislodged).
fn disband_cross(cv: &mut Canvas, cx: &Ctx<'_>, s: Square, dash: Option<(f32, f32)>) {
    let w = cx.l.sq;
    let (x, y) = cx.l.centre(s);
    cv.cross(x, y, w * 0.3, &Line { colour: WHITE, width: w * 0.12, dash: None });
    cv.cross(x, y, w * 0.3, &Line { colour: cx.colours.dislodged, width: w * 0.075, dash });
}

/// Winter's adjustments over the position: with `outcomes`, as the still
/// shows them (builds done and not, civil disorder, default promotions);
/// without, only the orders as given (every build a faint piece).
fn adjustments(
    cv: &mut Canvas,
    cx: &Ctx<'_>,
    state: &DipState,
    orders: &[Adjustment],
    report: &AdjustmentReport,
    outcomes: bool,
) {
    let w = cx.l.sq;
    for a in orders {
        let done = report.carried_out.contains(a) || !outcomes;
        match a.kind {
            AdjustmentKind::Build { role, square } => {
                let alpha = if !outcomes {
                    GHOST
                } else if done {
                    200
                } else {
                    90
                };
                piece(cv, cx, square, a.power, role, alpha);
                badge(cv, cx, square, "+", done);
            }
            AdjustmentKind::Disband { square, .. } => disband_cross(cv, cx, square, None),
            AdjustmentKind::Promote { square, role } => {
                badge(cv, cx, square, &role.char().to_string(), true);
            }
            AdjustmentKind::Waive => {}
        }
    }
    if !outcomes {
        return;
    }
    for &(_, _, square) in &report.civil_disorder {
        disband_cross(cv, cx, square, Some((w * 0.1, w * 0.06)));
    }
    for &(_, square) in &report.default_promotions {
        if state.piece(square).is_some() {
            badge(cv, cx, square, "N", true);
        }
    }
}
