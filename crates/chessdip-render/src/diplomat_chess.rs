//! The circular Diplomat Chess board: 14 radii and 3 crowns around the
//! centre hole, White's territory (`a`..`g`) at the bottom, the pieces
//! (the diplomat as a disc marked D: chess fonts have no such piece), the
//! last move, a suborned piece, a king in check and the lines that check
//! it, a mated king, dropped and promoted pieces.
//!
//! The last move comes from the phase report when there is one, drawn on
//! the position before it (the orders image) or after it; a position image
//! without a report takes it from the game's history
//! ([`DiplomatChessState::history`]), which records every move played.
//!
//! [`animate`] draws a turn as frames of the same drawing: the orders
//! image, the move under way, the position image.
//!
//! By job: `layout` the geometry, `marks` the last move, check and badges,
//! `legend` the legend; this file the board, its pieces and the scene.

use std::f32::consts::PI;

mod layout;
mod legend;
mod marks;
mod motion;
pub use motion::{animate, animate_into};

use super::canvas::{Align, Canvas, Face, Line, Rgba};
use super::theme::{BACKGROUND, DARK, INK, LIGHT, TEXT, WHITE};
use super::{Palette, Style};
use chessdip_rules::diplomat_chess::{
    Cell, Colour, DiplomatChessReport, DiplomatChessState, EndOfGame, Kind, Move, Piece, Position, Radius, SubornRule,
    Variant,
};

use layout::{Layout, RINGS};
use legend::{legend, LegendPlan};
use marks::{badge_centre, check_lines, king_marks, last_move};

const HOLE: Rgba = Rgba::rgb(0x45, 0x48, 0x4F);
const BLACK_BODY: Rgba = Rgba::rgb(0x1E, 0x1E, 0x22);

/// The opacity of a suborned piece that left the board, drawn faintly on
/// its cell (crossed out) for the move that took it.
const GHOST: u8 = 90;

/// The colours of the marks over the board. Each mark also has its own
/// shape, so that colour is never the only cue: the move is a solid arrow,
/// a suborn a dashed arrow, a ring and `⇄` (or a cross), a check a glow with `+` and arrows
/// from the checking pieces, a mate a heavy ring with `#`, a drop a dashed
/// ring with `@`, a promotion a badge with `=` and the new piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MarkColours {
    /// The tint of the last move's cells (translucent).
    pub last: Rgba,
    /// The last move's arrow, and the drop and promotion badges.
    pub arrow: Rgba,
    /// A suborn's dashed arrow and ring.
    pub suborn: Rgba,
    /// A king in check or mated, and the lines of the pieces that check it.
    pub check: Rgba,
}

/// The mark colours of `palette`: Classic, or Okabe-Ito for colour-blind players.
#[must_use]
pub const fn mark_colours(palette: Palette) -> MarkColours {
    match palette {
        Palette::Classic => MarkColours {
            last: Rgba(0xF6, 0xD3, 0x2D, 150),
            arrow: Rgba::rgb(0x1F, 0x8F, 0x3A),
            suborn: Rgba::rgb(0xB0, 0x32, 0xD8),
            check: Rgba::rgb(0xE0, 0x1B, 0x1B),
        },
        Palette::ColourBlind => MarkColours {
            // Okabe-Ito yellow: a tint the common deficiencies tell from
            // the reddish-purple suborn ring (sky blue came within ΔE 15).
            last: Rgba(0xF0, 0xE4, 0x42, 150),
            arrow: Rgba::rgb(0x00, 0x72, 0xB2),
            suborn: Rgba::rgb(0xCC, 0x79, 0xA7),
            check: Rgba::rgb(0xD5, 0x5E, 0x00),
        },
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

/// Where the badge of `cell` (a drop's `@`, a promotion's new piece, a
/// check's `+` or a mate's `#`) is centred in an image `width` pixels wide,
/// with an arrow arriving from `away` (if any), and its radius.
#[must_use]
pub fn badge_point(width: u32, cell: Cell, away: Option<Cell>) -> ((f32, f32), f32) {
    badge_centre(&Layout::new(width), cell, away)
}

/// The light and dark cell colours, and the centre's.
pub const CELL_COLOURS: (Rgba, Rgba, Rgba) = (LIGHT, DARK, HOLE);

/// The last move as drawn.
#[derive(Clone, Debug)]
struct LastMove {
    colour: Colour,
    number: u32,
    notation: String,
    mv: Move,
    /// The cells it passed, start to end.
    path: Vec<Cell>,
    /// Drawn on the position before it (the orders image), not after.
    before: bool,
    /// The suborned piece as it was, where known.
    suborned: Option<Piece>,
}

/// What the image shows besides the pieces, worked out once.
struct Scene {
    last: Option<LastMove>,
    /// The king in check after the last move.
    check: Option<Cell>,
    /// Whether that king is mated.
    mate: bool,
    /// The lines of the pieces that check it: the checking piece's cell
    /// first, the king's last, the cells a slider passes between.
    lines: Vec<Vec<Cell>>,
}

impl Scene {
    fn new(variant: &Variant, state: &DiplomatChessState, report: Option<&DiplomatChessReport>) -> Scene {
        let (last, after, outcome) = match report {
            Some(r) => match (r.mv, &r.notation) {
                (Some(mv), Some(notation)) => {
                    // A report goes with the position before its move (orders
                    // images) or after it: the side to move tells which.
                    let before = state.to_move() == r.colour && state.ended().is_none();
                    // The position the move left, as the resolution kept it (a report kept
                    // before it was has none: the picture then shows no check of it).
                    let after = if before { r.after.as_ref().map(|a| a.position.clone()) } else { None };
                    let last = LastMove {
                        colour: r.colour,
                        number: r.number,
                        notation: notation.clone(),
                        mv,
                        path: if r.path.is_empty() { fallback_path(mv) } else { r.path.clone() },
                        before,
                        suborned: r.suborned.map(|(_, p)| p),
                    };
                    (Some(last), after, r.outcome)
                }
                _ => (None, None, state.ended()),
            },
            None => (from_history(variant, state), None, state.ended()),
        };
        let after = after.as_ref().unwrap_or(&state.position);
        let side = after.to_move();
        let check = after.king(side).filter(|_| after.in_check(side));
        let lines = check.map_or_else(Vec::new, |k| {
            after.attackers(k, side.other()).into_iter().map(|a| line_to(after, a, k)).collect()
        });
        let mate = check.is_some() && matches!(outcome, Some(EndOfGame::Checkmate { .. }));
        Scene { last, check, mate, lines }
    }
}

/// A move's cells without a position: where it starts and where it ends.
fn fallback_path(mv: Move) -> Vec<Cell> {
    match mv {
        Move::Drop { to, .. } => vec![to],
        Move::Step { from, to, .. } => vec![from, to],
        Move::Suborn { from, target } => vec![from, target],
    }
}

/// The cells from `from` to `to` along the lines of the slider on `piece`
/// (`from` and `to` themselves included), or the two cells for a leap or a
/// step: on the position after a slider's move, the path it took.
fn slide(p: &Position, piece: Cell, from: Cell, to: Cell) -> Vec<Cell> {
    p.line_path(p.piece(piece).map(|q| q.kind), from, to)
}

/// The line from the checking piece on `a` to the king on `k`.
fn line_to(p: &Position, a: Cell, k: Cell) -> Vec<Cell> {
    slide(p, a, a, k)
}

/// The last move of a game from its history, on the position after it.
/// `None` if no move was played, or if the history does not agree with the
/// position (then no mark is better than a wrong one).
fn from_history(variant: &Variant, state: &DiplomatChessState) -> Option<LastMove> {
    let played = state.history.last()?;
    let p = &state.position;
    let mine = |cell: Cell| p.piece(cell).is_some_and(|q| q.colour == played.colour);
    let (path, suborned) = match played.mv {
        Move::Step { from, to, promotion } => {
            if !mine(to) || p.piece(from).is_some() {
                return None;
            }
            // A promoted pawn stepped; the piece now on `to` did not slide there.
            (if promotion.is_some() { vec![from, to] } else { slide(p, to, from, to) }, None)
        }
        Move::Drop { to, .. } => {
            if !mine(to) {
                return None;
            }
            (vec![to], None)
        }
        Move::Suborn { from, target } => {
            if !mine(from) {
                return None;
            }
            let was = match variant.suborn_rule() {
                SubornRule::Convert => p.piece(target).map(|q| q.kind),
                // The suborner's hand ends with the piece it took.
                SubornRule::Drop => p.hand(played.colour).last().copied(),
                SubornRule::Remove => None,
            };
            (vec![from, target], was.map(|k| Piece::new(played.colour.other(), k)))
        }
    };
    Some(LastMove {
        colour: played.colour,
        number: played.number,
        notation: played.notation.clone(),
        mv: played.mv,
        path,
        before: false,
        suborned,
    })
}

/// Draws `state` with its last move over it: the move in `report` if
/// given (on the position before it, for the orders image, or after it),
/// else the last move of the game's history. A king in check glows, with
/// arrows from the pieces that check it; a mated king is ringed. `caption`
/// is added to the title (e.g. `orders`). With [`Style::result`] a band
/// with the result opens between the title and the board.
#[must_use]
pub fn draw(
    variant: &Variant,
    state: &DiplomatChessState,
    report: Option<&DiplomatChessReport>,
    style: &Style,
    caption: &str,
) -> Canvas {
    let still = Still::new(variant, state, report, style, caption);
    let l = Layout::with(style.width, &still.plan);
    still.paint(&l, 1.0)
}

/// One still image: a position, the marks over it and its legend, worked
/// out once and drawn on a layout. [`draw`] draws one on its own layout;
/// an animation draws its first and last frames, and the board under the
/// frames between, from two of them on one layout.
struct Still<'a> {
    variant: &'a Variant,
    state: &'a DiplomatChessState,
    /// The position the title names (the move and the side to move): the
    /// image's own, or in an animation's last frame the position before
    /// the move, so that every frame is titled with the move it plays.
    titled: &'a DiplomatChessState,
    scene: Scene,
    plan: LegendPlan,
    style: &'a Style,
    caption: &'a str,
}

impl<'a> Still<'a> {
    fn new(
        variant: &'a Variant,
        state: &'a DiplomatChessState,
        report: Option<&DiplomatChessReport>,
        style: &'a Style,
        caption: &'a str,
    ) -> Still<'a> {
        let scene = Scene::new(variant, state, report);
        let plan = LegendPlan::new(style.width, variant, state, &scene, style);
        Still { variant, state, titled: state, scene, plan, style, caption }
    }

    /// The whole image on `l`, with the marks of a king in check at
    /// `checks` (0 to 1) of their opacity.
    fn paint(&self, l: &Layout, checks: f32) -> Canvas {
        let mut cv = self.under(l, checks, |_| true);
        self.over(&mut cv, l, self.scene.last.as_ref(), checks);
        self.finish(&mut cv, l);
        cv
    }

    /// What lies under the marks: the title, the board with the last
    /// move's cells tinted, a checked king's glow and the lines that check
    /// it (at `checks` of their opacity, none at 0), the labels, the pieces
    /// on the cells `shown` keeps, and the legend.
    fn under(&self, l: &Layout, checks: f32, shown: impl Fn(Cell) -> bool) -> Canvas {
        let c = mark_colours(self.style.palette);
        let mut cv = Canvas::new(l.width, l.height, BACKGROUND);
        title(&mut cv, l, self.titled, self.style, self.caption);
        board(&mut cv, l);
        if let Some(m) = &self.scene.last {
            for cell in move_cells(m) {
                highlight(&mut cv, l, cell, c.last);
            }
        }
        let check = self.scene.check.filter(|_| checks > 0.0);
        if let Some(k) = check {
            glow(&mut cv, l, k, c.check, checks);
        }
        let p = &self.state.position;
        labels(&mut cv, l, p.piece(Cell::CENTRE).is_none() || !shown(Cell::CENTRE));
        if check.is_some() {
            check_lines(&mut cv, l, &c, &self.scene, checks);
        }
        for (cell, q) in p.pieces().filter(|&(cell, _)| shown(cell)) {
            piece(&mut cv, l, cell, q, 255);
        }
        legend(&mut cv, l, &self.plan);
        cv
    }

    /// The marks over the pieces: the move `last` (this image's, or the
    /// same without its ghost pieces while an animation moves them), and a
    /// checked king's badge at `checks` of its opacity (none at 0).
    fn over(&self, cv: &mut Canvas, l: &Layout, last: Option<&LastMove>, checks: f32) {
        let c = mark_colours(self.style.palette);
        if let Some(m) = last {
            last_move(cv, l, &c, self.variant, m, self.state);
        }
        if let Some(k) = self.scene.check.filter(|_| checks > 0.0) {
            king_marks(cv, l, &c, k, &self.scene, checks);
        }
    }

    /// The result band, if the style has one (it pushes the board down).
    fn finish(&self, cv: &mut Canvas, l: &Layout) {
        super::band::draw(cv, l.title_h, self.style);
    }
}

/// The cells tinted for the last move: where it started and ended (a drop: where it landed).
fn move_cells(m: &LastMove) -> Vec<Cell> {
    match m.mv {
        Move::Step { from, to, .. } => vec![from, to],
        Move::Drop { to, .. } => vec![to],
        Move::Suborn { from, target } => vec![from, target],
    }
}

fn title(cv: &mut Canvas, l: &Layout, state: &DiplomatChessState, style: &Style, caption: &str) {
    let status = match state.outcome {
        Some(o) => format!("{o}"),
        None => format!("Move {} \u{00B7} {} to move", state.number, state.to_move()),
    };
    super::title_bar(cv, (l.title_h, l.width as f32 * 0.03), style, "Diplomat Chess", (&status, caption));
}

fn board(cv: &mut Canvas, l: &Layout) {
    let w = l.width as f32;
    cv.disc(l.cx, l.cy, l.r + l.band * 0.22, Rgba::rgb(0x15, 0x15, 0x18));
    // Territory bands outside the rim, one arc per side: White's light, Black's dark.
    for colour in Colour::BOTH {
        let first = Radius::all().find(|&r| colour.owns(r)).map_or(0.0, |r| f32::from(r.index()));
        let (a, b) = (1.0, 1.0 + l.band * 0.2 / l.r);
        let n = 42;
        let t = |k: usize| Layout::angle(first - 0.5 + 7.0 * k as f32 / n as f32);
        let mut pts: Vec<(f32, f32)> = (0..=n).map(|k| l.point(t(k), b)).collect();
        pts.extend((0..=n).rev().map(|k| l.point(t(k), a)));
        let fill = if colour == Colour::White { Rgba::rgb(0xE8, 0xE8, 0xE8) } else { Rgba::rgb(0x10, 0x10, 0x10) };
        cv.polygon(&pts, fill);
    }
    // The cells: the light colour as one disc, the dark cells over it
    // (half the shapes of drawing every cell).
    cv.disc(l.cx, l.cy, l.r, LIGHT);
    for cell in Cell::all() {
        let Some(r) = cell.radius() else { continue };
        if cell.is_light() == Some(false) {
            cv.polygon(&l.sector(r.index(), cell.crown()), DARK);
        }
    }
    // The centre: a hole, neither light nor dark.
    cv.disc(l.cx, l.cy, RINGS[0] * l.r, HOLE);
    // Light and dark cells alternate both ways round and across, so their
    // colours are their borders; only the territory borders (between g and
    // h, and n and a) are drawn, heavy.
    let heavy = Line { colour: Rgba::rgb(0x15, 0x15, 0x18), width: (w * 0.005).max(2.0), dash: None };
    for i in [0u8, 7] {
        let t = Layout::angle(f32::from(i) - 0.5);
        cv.line(l.point(t, RINGS[0]), l.point(t, 1.0 + l.band * 0.2 / l.r), &heavy);
    }
    cv.ring(l.cx, l.cy, RINGS[0] * l.r, &Line { colour: INK, width: (w * 0.003).max(1.5), dash: None });
}

fn labels(cv: &mut Canvas, l: &Layout, centre_empty: bool) {
    let w = l.width as f32;
    let size = (l.band * 0.62).max(super::min_text(l.width));
    for r in Radius::all() {
        let (x, y) = l.point(Layout::angle(f32::from(r.index())), 1.0 + l.band * 0.62 / l.r);
        cv.text(&r.char().to_string(), x, y + size * 0.36, size, Face::Bold, Align::Centre, TEXT);
    }
    // Crown numbers on the two territory borders, in small pills.
    let small = (w * 0.022).max(super::min_text(l.width));
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

/// `colour` at `k` (0 to 1) of its opacity: a mark fading in.
fn fade(colour: Rgba, k: f32) -> Rgba {
    if k >= 1.0 {
        return colour;
    }
    colour.alpha((f32::from(colour.3) * k.max(0.0)).round() as u8)
}

/// A glow on `cell`, at `k` (0 to 1) of its opacity.
fn glow(cv: &mut Canvas, l: &Layout, cell: Cell, colour: Rgba, k: f32) {
    let (x, y) = l.centre_of(cell);
    let s = l.piece_size(cell);
    for i in 0..6 {
        let t = i as f32 / 5.0;
        cv.disc(x, y, s * (0.72 - 0.3 * t), fade(colour.alpha((60.0 + 120.0 * t) as u8), k));
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
