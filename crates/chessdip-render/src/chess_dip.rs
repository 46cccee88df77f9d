//! Boards of the Diplomacy-style square-board games (Chess Dip,
//! Chesspolitik): the position, the centers and their owners, the orders
//! with their outcomes, Winter's builds, disbands and promotions.
//!
//! By job: this file the geometry, the board, pieces and plates; `orders`
//! the movement overlay, `marks` where its marks go, `winter` the
//! adjustments, `legend` the legend, [`animate`] the animation (`motion`).

use super::canvas::{self, Align, Canvas, Face, Line, Rgba};
use super::min_text;
use super::theme::{BACKGROUND, DARK, INK, LIGHT, TEXT, WHITE};
use super::{Palette, Style};
use chessdip_rules::chess_dip::{Adjustment, AdjustmentReport, ChessDipState, Order, Resolution, Variant};
use chessdip_rules::power::Side;
use chessdip_rules::{PowerId, Role, Square};

mod legend;
mod marks;
mod motion;
mod orders;
mod winter;
use legend::legend;
use marks::{burst, contest_pills, contested};
pub use motion::{animate, animate_into};
use orders::{movement, shafts, support_line, support_mark, Show, GHOST};
use winter::{adjustments, badge, disband_cross};

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
    /// Legend: the height of a one-line row, and how the entries are set out.
    row: f32,
    legend: legend::Arrangement,
}

impl Layout {
    /// The geometry of `variant`'s images at `width`, its legend set out
    /// for the powers' notes as `notes` gives them (see [`legend::arrange`]).
    fn new(variant: &Variant, width: u32, notes: &dyn Fn(&str) -> String) -> Layout {
        let width = width.max(320);
        let w = width as f32;
        let title_h = (w * 0.075).round();
        let margin = (w * 0.04).round();
        let (files, ranks) = (variant.board.files, variant.board.ranks);
        let sq = ((w - 2.0 * margin) / f32::from(files)).floor();
        let board_h = sq * f32::from(ranks);
        let legend_y = title_h + board_h + margin;
        let row = (w * 0.05).max(26.0);
        let arrangement = legend::arrange(variant, &codes(variant), (width, margin, row), notes);
        let rows = variant.powers.len().div_ceil(arrangement.columns) as f32;
        let height = legend_y + rows * legend::entry_height(row, width, arrangement.lines) + w * 0.02;
        Layout {
            width,
            height: height.ceil() as u32,
            title_h,
            margin,
            sq,
            files,
            ranks,
            legend_y,
            row,
            legend: arrangement,
        }
    }

    /// The geometry of `variant`'s images at `width` with no notes (the
    /// board's place does not depend on them).
    fn plain(variant: &Variant, width: u32) -> Layout {
        Layout::new(variant, width, &|_| String::new())
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
    /// a sixth of a square, never below the phone minimum ([`min_text`]).
    fn small_text(&self) -> f32 {
        (self.sq * 0.17).max(self.least())
    }

    /// The smallest text size of the image ([`min_text`]).
    fn least(&self) -> f32 {
        min_text(self.width)
    }

    /// The box the glyph of a piece on `s` covers, roughly (its plate's
    /// box overlaps its foot): (x, y, w, h).
    fn body(&self, s: Square) -> (f32, f32, f32, f32) {
        let (x, y) = self.centre(s);
        (x - self.sq * 0.28, y - self.sq * 0.4, self.sq * 0.56, self.sq * 0.68)
    }

    /// The box of the marker of a center on `s` (top right of the square):
    /// a square, the diamond of a home center filling it.
    fn center_mark(&self, s: Square) -> (f32, f32, f32, f32) {
        let (x, y) = self.corner(s);
        let k = self.sq * 0.18;
        let (mx, my) = (x + self.sq - k - self.sq * 0.02, y + k + self.sq * 0.02);
        (mx - k, my - k, 2.0 * k, 2.0 * k)
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
    Layout::plain(variant, width).plate(s)
}

/// The box (x, y, w, h) of the marker of the center on `s` in an image of
/// `width` pixels: a home center's diamond fills it, another center's
/// disc is at its middle.
#[must_use]
pub fn center_box(variant: &Variant, width: u32, s: Square) -> (f32, f32, f32, f32) {
    Layout::plain(variant, width).center_mark(s)
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
    Layout::plain(variant, width).centre(s)
}

/// The side of a square in pixels in an image of `width` pixels.
#[must_use]
pub fn square_size(variant: &Variant, width: u32) -> f32 {
    Layout::plain(variant, width).sq
}

/// The legend's lines as the image of `state` draws them with `style`, one
/// a power: name, counts, side when every line has room for it, and notes
/// (`Scandinavia  3 centers · 7 pieces · conceded`).
#[must_use]
pub fn legend_lines(variant: &Variant, state: &ChessDipState, style: &Style) -> Vec<String> {
    legend::lines(&Ctx::new(variant, style), state, style)
}

/// The contest markers of resolution `r` on `state` (the position before
/// it), as the orders image draws them: each square where several moves
/// bounced and none got in, with each pill's power and label. A move's
/// label is its attack strength as its reason gives it, followed in
/// brackets by the strength its rivals bounced against when that is more
/// (`½ (1)`); a piece that stayed there gets its hold strength.
#[must_use]
pub fn contest_labels(state: &ChessDipState, r: &Resolution) -> Vec<(Square, Vec<(PowerId, String)>)> {
    contested(r).into_iter().map(|(s, moves)| (s, contest_pills(state, r, s, &moves))).collect()
}

/// Where an order's marks are drawn on the orders image (see [`order_marks`]).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct OrderMarks {
    /// A move's arrow head: its tip and the middle of its base.
    pub head: Option<((f32, f32), (f32, f32))>,
    /// A move's tail tag: (x, y, w, h).
    pub tag: Option<(f32, f32, f32, f32)>,
    /// A failed order's failure mark: its centre and radius.
    pub failure: Option<((f32, f32), f32)>,
}

/// Where the marks of each order of resolution `r` on `state` (the
/// position before it) are drawn on its orders image with `style`, by
/// order: arrow heads, tail tags and failure marks.
#[must_use]
pub fn order_marks(variant: &Variant, state: &ChessDipState, r: &Resolution, style: &Style) -> Vec<OrderMarks> {
    let cx = Ctx::new(variant, style);
    let p = orders::placed(&cx, state, r);
    (0..r.orders.len())
        .map(|i| OrderMarks {
            head: p.shafts[i].map(|s| (s.tip, canvas::towards(s.tip, s.start, s.head))),
            tag: p.shafts[i].and(p.tags[i]).map(|at| marks::tag_box(&cx, r.orders[i].power, at)),
            failure: p.failures[i].map(|c| (c, p.mark_r)),
        })
        .collect()
}

/// The box (x, y, w, h) of the contest marker on each square where moves
/// of resolution `r` on `state` bounced ([`contest_labels`]), as drawn with `style`.
#[must_use]
pub fn contest_boxes(
    variant: &Variant,
    state: &ChessDipState,
    r: &Resolution,
    style: &Style,
) -> Vec<(Square, (f32, f32, f32, f32))> {
    let cx = Ctx::new(variant, style);
    contest_labels(state, r).iter().map(|(s, pills)| (*s, marks::marker_box(&cx, *s, pills))).collect()
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

fn phase_title(variant: &Variant, state: &ChessDipState) -> String {
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
            l: Layout::new(variant, style.width, &|power| super::note_text(style, power)),
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
pub fn draw(variant: &Variant, state: &ChessDipState, overlay: Overlay<'_>, style: &Style, caption: &str) -> Canvas {
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
    super::band::draw(&mut cv, l.title_h, style);
    cv
}

fn title(cv: &mut Canvas, l: &Layout, variant: &Variant, state: &ChessDipState, style: &Style, caption: &str) {
    super::title_bar(cv, (l.title_h, l.margin), style, &variant.name, (&phase_title(variant, state), caption));
}

fn board(cv: &mut Canvas, cx: &Ctx<'_>, state: &ChessDipState) {
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
            let mark = owner.map_or(Rgba::rgb(0xFA, 0xFA, 0xFA), |p| cx.colour(p));
            let builders: Vec<Rgba> = variant
                .power_ids()
                .filter(|&p| state.build_zone(variant, p).contains(s))
                .map(|p| cx.colour(p))
                .collect();
            center_marker(cv, l, s, &builders, mark);
        }
    }
    // Labels: files below, ranks on both sides.
    let size = (l.margin * 0.6).max(l.least());
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

/// The marker of the center on `s`, in the square's top right corner,
/// filled with its owner's colour (`fill`): a disc, or where powers may
/// build (their home centers) a diamond outlined in the colour of each of
/// them (`builders`, side by side: the left half in the first's, the
/// right half in the second's), so that a power's own home center, where
/// it may build, is a diamond all in its colour.
fn center_marker(cv: &mut Canvas, l: &Layout, s: Square, builders: &[Rgba], fill: Rgba) {
    let (x, y, w, _) = l.center_mark(s);
    let (mx, my) = (x + w / 2.0, y + w / 2.0);
    let edge = (l.sq * 0.016).max(1.0);
    if builders.is_empty() {
        let r = l.sq * 0.1;
        cv.disc(mx, my, r, fill);
        cv.ring(mx, my, r, &Line { colour: INK, width: (l.sq * 0.022).max(1.0), dash: None });
        return;
    }
    let diamond = |k: f32| [(mx, my - k), (mx + k, my), (mx, my + k), (mx - k, my)];
    let outer = w / 2.0;
    cv.polygon(&diamond(outer), INK);
    let band = outer - edge;
    // The outline: one power's colour all round, or each builder's on its part of it.
    let n = builders.len();
    for (i, &colour) in builders.iter().enumerate() {
        if n == 1 {
            cv.polygon(&diamond(band), colour);
            continue;
        }
        // The i-th of n vertical slices of the diamond, from left to right.
        let (x0, x1) =
            (mx - band + 2.0 * band * i as f32 / n as f32, mx - band + 2.0 * band * (i + 1) as f32 / n as f32);
        let half = |x: f32| band - (x - mx).abs();
        let mut pts = vec![(x0, my - half(x0))];
        if x0 < mx && x1 > mx {
            pts.push((mx, my - band));
        }
        pts.extend([(x1, my - half(x1)), (x1, my + half(x1))]);
        if x0 < mx && x1 > mx {
            pts.push((mx, my + band));
        }
        pts.push((x0, my + half(x0)));
        cv.polygon(&pts, colour);
    }
    let inner = band * 0.6;
    cv.polygon(&diamond(inner + edge), INK);
    cv.polygon(&diamond(inner), fill);
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
