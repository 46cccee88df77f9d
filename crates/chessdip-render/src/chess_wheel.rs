//! The Chess Wheel+ picture: every player's standard board (ranks 1-7)
//! around the shared hub row (rank 8), rank 7 of each board facing the hub;
//! boards keep the slot of their creation, half above the hub and half
//! below, two to a row when there are more than two (`layout`). Pieces are
//! chess glyphs filled in their owner's colour; a piece off its owner's
//! board (on the hub or another board) also carries a plate with the
//! owner's code. The last cycle's moves are arrows in the mover's colour
//! with a dark outline, routed through the lanes around the boards when
//! they leave a board; failed ones dashed and crossed, taken pieces struck
//! out. The legend says, in amber, whose message was invalid, not revealed
//! or missing (`legend`). [`animate`] plays a cycle's resolution with
//! the same drawing (`motion`).

mod arrows;
mod layout;
mod legend;
mod motion;
use arrows::{failed_mark, lane_offset, moves, routes, swapped};
pub use motion::{animate, animate_into};

use super::canvas::{text_width, Align, Canvas, Face, Line, Rgba};
use super::theme::{BACKGROUND, TEXT, WHITE};
use super::{Palette, Style};
use chessdip_rules::chess_wheel::{ChessWheelReport, Piece, Seat, Space, State, Variant, HUB_RANK};
use layout::{BoardBox, Layout, Pt};
use legend::{legend, legend_lines, notes};

/// The light and dark squares of the players' boards.
pub const BOARD_SQUARES: (Rgba, Rgba) = (Rgba::rgb(0xEC, 0xE9, 0xE2), Rgba::rgb(0xAE, 0xAA, 0xA2));
/// The light and dark squares of the hub.
pub const HUB_SQUARES: (Rgba, Rgba) = (Rgba::rgb(0xF6, 0xE3, 0xA6), Rgba::rgb(0xD9, 0xB5, 0x5E));

/// Chess Wheel+'s ink, a shade darker than the other boards' ([`super::theme::INK`]).
const INK: Rgba = Rgba::rgb(0x1C, 0x1C, 0x1E);

/// Player colours of the classic palette, by seat (repeating after
/// twelve): picked so that every pair stays far apart for normal eyes
/// (CIE76 ΔE over 33) and apart under deuteranopia and protanopia (over 16);
/// the pale ones, faint on light squares, come last.
pub const PLAYERS: [Rgba; 12] = [
    Rgba::rgb(0x1F, 0x77, 0xD4),
    Rgba::rgb(0xE6, 0x9F, 0x00),
    Rgba::rgb(0x31, 0xA3, 0x54),
    Rgba::rgb(0x84, 0x3C, 0x39),
    Rgba::rgb(0xA5, 0x51, 0x94),
    Rgba::rgb(0x42, 0xD4, 0xF4),
    Rgba::rgb(0x80, 0x80, 0x00),
    Rgba::rgb(0x00, 0x00, 0x80),
    Rgba::rgb(0x1A, 0x1A, 0x1A),
    Rgba::rgb(0xA9, 0xA9, 0xA9),
    Rgba::rgb(0xF0, 0xE4, 0x42),
    Rgba::rgb(0xAA, 0xFF, 0xC3),
];

/// Player colours of the colour-blind palette, by seat: the Okabe-Ito set
/// with black and white, grey, purple and a light blue told apart by lightness
/// (every pair over 13 ΔE under deuteranopia and protanopia). The owner's
/// code on plates, name chips and the legend is the second cue.
pub const PLAYERS_COLOUR_BLIND: [Rgba; 12] = [
    Rgba::rgb(0x00, 0x72, 0xB2),
    Rgba::rgb(0xE6, 0x9F, 0x00),
    Rgba::rgb(0x00, 0x9E, 0x73),
    Rgba::rgb(0xCC, 0x79, 0xA7),
    Rgba::rgb(0x56, 0xB4, 0xE9),
    Rgba::rgb(0xD5, 0x5E, 0x00),
    Rgba::rgb(0x78, 0x5E, 0xF0),
    Rgba::rgb(0x66, 0x66, 0x66),
    Rgba::rgb(0x1A, 0x1A, 0x1A),
    Rgba::rgb(0x64, 0x8F, 0xFF),
    Rgba::rgb(0xF0, 0xE4, 0x42),
    Rgba::rgb(0xF4, 0xF4, 0xF4),
];

/// The player colours of a palette, by seat.
#[must_use]
pub fn player_colours(palette: Palette) -> &'static [Rgba; 12] {
    match palette {
        Palette::Classic => &PLAYERS,
        Palette::ColourBlind => &PLAYERS_COLOUR_BLIND,
    }
}

/// A player's colour in the classic palette.
#[must_use]
pub fn player_colour(seat: Seat) -> Rgba {
    player_colour_in(seat, Palette::Classic)
}

/// A player's colour in `palette`.
#[must_use]
pub fn player_colour_in(seat: Seat, palette: Palette) -> Rgba {
    let set = player_colours(palette);
    set[usize::from(seat) % set.len()]
}

struct Marks {
    failed: Rgba,
    taken: Rgba,
}

fn marks(p: Palette) -> Marks {
    match p {
        Palette::Classic => Marks { failed: Rgba::rgb(0x11, 0x11, 0x11), taken: Rgba::rgb(0xC0, 0x00, 0x00) },
        // Black on white discs and halos: apart from every player's colour.
        Palette::ColourBlind => Marks { failed: Rgba::rgb(0x11, 0x11, 0x11), taken: Rgba::rgb(0x1A, 0x1A, 0x1A) },
    }
}

/// Where the centre of `space` is drawn in an image of `width` pixels
/// (`None` for a space of a board that does not exist).
#[must_use]
pub fn space_centre(state: &State, width: u32, space: Space) -> Option<(f32, f32)> {
    Layout::new(state, width, 1).centre_of(space)
}

/// The side of a square in pixels in an image of `width` pixels.
#[must_use]
pub fn square_size(state: &State, width: u32) -> f32 {
    Layout::new(state, width, 1).s
}

/// The side of a hub square in pixels in an image of `width` pixels:
/// larger than a board square's.
#[must_use]
pub fn hub_square_size(state: &State, width: u32) -> f32 {
    Layout::new(state, width, 1).hub_s
}

/// Where a move's arrow and its failure mark are drawn (see [`move_marks`]).
#[derive(Clone, Debug, PartialEq)]
pub struct MoveMarks {
    /// The arrow's path, its tip last.
    pub path: Vec<(f32, f32)>,
    /// Its head's length.
    pub head: f32,
    /// A failed move's mark: its centre and radius.
    pub failure: Option<((f32, f32), f32)>,
}

/// Where each move of `report` (a cycle resolved from `state`) is drawn on
/// its orders image `width` pixels wide, by move (`None` where a board is
/// missing).
#[must_use]
pub fn move_marks(state: &State, report: &ChessWheelReport, width: u32) -> Vec<Option<MoveMarks>> {
    let l = Layout::new(state, width, 1);
    let r = arrows::mark_radius(&l);
    arrows::placed(&l, &codes(state), (state, report))
        .into_iter()
        .map(|a| a.map(|a| MoveMarks { path: a.pts, head: a.head, failure: a.failure.map(|c| (c, r)) }))
        .collect()
}

/// The rectangle (x, y, w, h) of the squares of `seat`'s board in an image
/// of `width` pixels, if the board exists.
#[must_use]
pub fn board_rect(state: &State, width: u32, seat: Seat) -> Option<(f32, f32, f32, f32)> {
    Layout::new(state, width, 1).board_rect(seat)
}

/// The path (polyline through square centres and lanes) of a move's arrow
/// from `from` to `to` in an image of `width` pixels, as drawn for the
/// `lane`-th arrow that leaves its board (arrows are spread over five
/// lanes); `None` if a space's board does not exist.
#[must_use]
pub fn arrow_path(state: &State, width: u32, from: Space, to: Space, lane: usize) -> Option<Vec<(f32, f32)>> {
    let l = Layout::new(state, width, 1);
    l.route(from, to, lane_offset(&l, lane))
}

/// Short unique codes of at most two characters where names allow: the
/// shortest prefix no other name starts with, else the first letter and a
/// later one, else the first letter and the seat number.
fn codes(state: &State) -> Vec<String> {
    let names: Vec<Vec<char>> = state.players.iter().map(|p| p.chars().collect()).collect();
    let unique_prefix = |i: usize, k: usize| {
        let n = &names[i];
        n.len() >= k && names.iter().enumerate().all(|(j, m)| j == i || m.len() < k || m[..k] != n[..k])
    };
    let mut out: Vec<String> = Vec::with_capacity(names.len());
    for (i, n) in names.iter().enumerate() {
        let Some(&first) = n.first() else {
            out.push("?".into());
            continue;
        };
        let mut candidates: Vec<String> = Vec::new();
        for k in 1..=2 {
            if unique_prefix(i, k) {
                candidates.push(n[..k].iter().collect());
            }
        }
        candidates.extend(n.iter().skip(1).filter(|c| c.is_alphanumeric()).map(|c| format!("{first}{c}")));
        candidates.push(format!("{first}{}", i + 1));
        let code = candidates.into_iter().find(|c| !out.contains(c)).unwrap_or_else(|| format!("{first}{}", i + 1));
        out.push(code);
    }
    out
}

/// What every picture of one game at one width shares: the layout (with
/// room for `lines` legend lines), the owners' codes, the legend notes, the
/// marks and the palette.
struct Scene {
    l: Layout,
    codes: Vec<String>,
    notes: Vec<String>,
    m: Marks,
    palette: Palette,
}

impl Scene {
    fn new(state: &State, style: &Style, notes: Vec<String>, lines: usize) -> Scene {
        Scene {
            l: Layout::new(state, style.width, lines),
            codes: codes(state),
            notes,
            m: marks(style.palette),
            palette: style.palette,
        }
    }

    /// Everything that is not a piece, a move or the legend: the title, the
    /// spokes, the boards and the hub.
    fn backdrop(&self, variant: &Variant, state: &State, style: &Style, caption: &str) -> Canvas {
        let l = &self.l;
        let mut cv = Canvas::new(l.width, l.height, BACKGROUND);
        title(&mut cv, l, variant, state, style, caption);
        if l.boards.is_empty() {
            cv.text(
                "No standard board yet: “board create” makes one",
                l.width as f32 / 2.0,
                l.hub_y - l.s * 0.3,
                (l.s * 0.45).max(l.t),
                Face::Regular,
                Align::Centre,
                TEXT,
            );
        } else {
            spokes(&mut cv, l, self.palette);
            for b in &l.boards {
                board(&mut cv, l, state, b, &self.codes, self.palette);
            }
            hub(&mut cv, l);
        }
        cv
    }

    /// A piece where it stands.
    fn piece(&self, cv: &mut Canvas, p: Piece, alpha: u8) {
        if let Some(c) = self.l.centre_of(p.space) {
            let home = p.space.board() == Some(p.owner);
            piece_at(cv, (&self.l, self.l.side(p.space)), &self.codes, p, (c, home), alpha, self.palette);
        }
    }

    /// `state`'s legend.
    fn legend(&self, cv: &mut Canvas, state: &State) {
        legend(cv, &self.l, state, &self.codes, &self.notes, self.palette);
    }
}

/// Draws `state`; with `report`, the cycle's moves over it (draw the
/// position the cycle started from). `caption` follows the cycle in the title.
#[must_use]
pub fn draw(
    variant: &Variant,
    state: &State,
    report: Option<&ChessWheelReport>,
    style: &Style,
    caption: &str,
) -> Canvas {
    let notes = notes(state, report, style);
    let lines = legend_lines(state, style.width, &notes);
    let sc = Scene::new(state, style, notes, lines);
    let mut cv = sc.backdrop(variant, state, style, caption);
    pieces_and_moves(&mut cv, &sc, state, report);
    sc.legend(&mut cv, state);
    banner(&mut cv, &sc.l, style);
    cv
}

/// The pieces of `state`, and with `report` the cycle's moves over them
/// (taken pieces faded and struck out).
fn pieces_and_moves(cv: &mut Canvas, sc: &Scene, state: &State, report: Option<&ChessWheelReport>) {
    let taken: Vec<Space> = report.map(|r| r.taken.iter().map(|t| t.piece.space).collect()).unwrap_or_default();
    for p in &state.pieces {
        sc.piece(cv, *p, if taken.contains(&p.space) { 150 } else { 255 });
    }
    if let Some(r) = report {
        moves(cv, (&sc.l, &sc.codes), &sc.m, (state, r), sc.palette);
    }
}

/// The game-over band under the title, when the game has a result (last:
/// it moves everything below it down).
fn banner(cv: &mut Canvas, l: &Layout, style: &Style) {
    super::band::draw(cv, l.title_h, style);
}

fn title(cv: &mut Canvas, l: &Layout, variant: &Variant, state: &State, style: &Style, caption: &str) {
    super::title_bar(cv, (l.title_h, l.s * 0.4), style, &variant.name, (&format!("Cycle {}", state.cycle), caption));
}

/// Under the boards, in each owner's colour: a translucent band from a
/// board next to the hub to the hub, and the gate lane of a board further
/// out (where its arrows leave it).
fn spokes(cv: &mut Canvas, l: &Layout, palette: Palette) {
    let s = l.s;
    for b in &l.boards {
        let colour = player_colour_in(b.seat, palette).alpha(90);
        if b.row == 0 {
            let (edge_y, hub_edge) = if b.above { (b.y + 7.0 * s, l.hub_y) } else { (b.y, l.hub_y + l.hub_s) };
            let hub_right = l.hub_x + 8.0 * l.hub_s;
            cv.polygon(&[(b.x, edge_y), (b.x + 8.0 * s, edge_y), (hub_right, hub_edge), (l.hub_x, hub_edge)], colour);
        } else {
            let y = if b.above { b.y + 7.0 * s } else { b.y - l.lane_h };
            let (x0, x1) = if b.col == 0 { (b.x, l.centre) } else { (l.centre, b.x + 8.0 * s) };
            cv.rect(x0, y, x1 - x0, l.lane_h, colour);
        }
    }
}

fn board(cv: &mut Canvas, l: &Layout, state: &State, b: &BoardBox, codes: &[String], palette: Palette) {
    let s = l.s;
    let colour = player_colour_in(b.seat, palette);
    // A frame in the owner's colour.
    let pad = (s * 0.07).max(2.0);
    cv.rect(b.x - pad, b.y - pad, 8.0 * s + 2.0 * pad, 7.0 * s + 2.0 * pad, colour);
    // The light squares in one fill, then the dark ones.
    cv.rect(b.x, b.y, 8.0 * s, 7.0 * s, BOARD_SQUARES.0);
    for rank in 0..HUB_RANK {
        for file in (rank % 2..8).step_by(2) {
            let Some((x, y)) = Space::on(b.seat, file, rank).and_then(|sp| l.corner(sp)) else { continue };
            cv.rect(x, y, s, s, BOARD_SQUARES.1);
        }
    }
    // Rank numbers in the gutter on the outer side.
    let size = (s * 0.32).max(l.t);
    let gx = if b.col == 0 { b.x - pad - s * 0.25 } else { b.x + 8.0 * s + pad + s * 0.25 };
    for rank in 0..HUB_RANK {
        let Some((_, y)) = Space::on(b.seat, 0, rank).and_then(|sp| l.corner(sp)) else { continue };
        cv.text(
            &(rank + 1).to_string(),
            gx,
            y + s * 0.5 + size * 0.36,
            size,
            Face::Bold,
            Align::Centre,
            TEXT.alpha(200),
        );
    }
    // The owner's code chip and name on the side away from the hub.
    let name = state.name(b.seat);
    let code = codes.get(usize::from(b.seat)).map_or("?", String::as_str);
    let csize = (s * 0.4).max(l.t);
    let chip_h = csize * 1.25;
    let chip_w = text_width(code, csize, Face::Bold) + csize * 0.7;
    let mut nsize = (s * 0.5).max(l.t * 1.2);
    while text_width(name, nsize, Face::Bold) + chip_w + csize > 8.0 * s && nsize > l.t {
        nsize = (nsize - 0.5).max(l.t);
    }
    let band = l.name_h;
    let ny = if b.above { b.y - pad - (band - pad) * 0.28 } else { b.y + 7.0 * s + pad + (band - pad) * 0.72 };
    let nw = text_width(name, nsize, Face::Bold);
    let x0 = b.x + 4.0 * s - (nw + chip_w + csize * 0.4) / 2.0;
    let chip_y = ny - nsize * 0.36 - chip_h / 2.0;
    cv.rounded_rect(x0, chip_y, chip_w, chip_h, chip_h * 0.4, colour);
    let ink = if colour.luminance() > 0.45 { INK } else { WHITE };
    cv.text(code, x0 + chip_w / 2.0, chip_y + chip_h / 2.0 + csize * 0.36, csize, Face::Bold, Align::Centre, ink);
    cv.text(name, x0 + chip_w + csize * 0.4, ny, nsize, Face::Bold, Align::Left, TEXT);
}

fn hub(cv: &mut Canvas, l: &Layout) {
    let (s, h) = (l.s, l.hub_s);
    let pad = (s * 0.07).max(2.0);
    cv.rect(l.hub_x - pad, l.hub_y - pad, 8.0 * h + 2.0 * pad, h + 2.0 * pad, INK);
    let size = (s * 0.32).max(l.t);
    for file in 0..8u8 {
        let x = l.hub_x + f32::from(file) * h;
        let dark = (file + HUB_RANK) % 2 == 0;
        cv.rect(x, l.hub_y, h, h, if dark { HUB_SQUARES.1 } else { HUB_SQUARES.0 });
        // File letters above and below the hub, left of the middle, where
        // arrows into the hub square come in.
        let letter = char::from(b'a' + file).to_string();
        let gap = (l.letters_h - size * 0.73) / 2.0;
        let lx = x + (s * 0.22).min(h * 0.22);
        cv.text(&letter, lx, l.hub_y - pad - gap, size, Face::Bold, Align::Centre, TEXT);
        cv.text(&letter, lx, l.hub_y + h + pad + gap + size * 0.73, size, Face::Bold, Align::Centre, TEXT);
    }
    let size = (s * 0.3).max(l.t);
    if l.hub_x > s * 1.6 {
        let x = l.hub_x - pad - s * 0.2;
        let mid = l.hub_y + h / 2.0;
        cv.text("hub", x, mid - size * 0.1, size * 1.2, Face::Bold, Align::Right, TEXT);
        cv.text("rank 8", x, mid + size * 1.1, size, Face::Regular, Align::Right, TEXT.alpha(200));
    } else {
        cv.text("8", l.hub_x - pad - s * 0.22, l.hub_y + h / 2.0 + size * 0.36, size, Face::Bold, Align::Centre, TEXT);
    }
}

/// A piece centred on `(cx, cy)` on a square `s` wide (a board's, or the
/// hub's larger one): on its owner's board (`home`) a large glyph,
/// elsewhere (on the hub or another player's board) a smaller glyph
/// standing on a plate with the owner's code, drawn over the plate's rim
/// and above its letters, so that the plate hides none of the glyph. A pale
/// colour, which reads poorly on the light squares, gets a dark rim.
fn piece_at(
    cv: &mut Canvas,
    (l, s): (&Layout, f32),
    codes: &[String],
    p: Piece,
    ((cx, cy), home): (Pt, bool),
    alpha: u8,
    palette: Palette,
) {
    let accent = player_colour_in(p.owner, palette);
    let (outline, solid) = super::chess_dip::glyphs(p.role);
    let plate = (!home).then(|| off_board_plate((l, s), codes, p.owner, (cx, cy)));
    // Off its board the piece stands on its plate: the plate first, then the
    // glyph over the plate's upper rim, filling the square down to the top
    // of the code's letters (at most the size it has at home; a glyph's
    // outline box is at most 0.95 of its size), so neither hides the other.
    let (size, gy) = match plate {
        None => (s * 0.8, cy),
        Some((bx, by, bw, bh, csize)) => {
            let code = codes.get(usize::from(p.owner)).map_or("?", String::as_str);
            cv.rounded_rect(bx - 1.0, by - 1.0, bw + 2.0, bh + 2.0, bh * 0.5, INK.alpha(alpha));
            cv.rounded_rect(bx, by, bw, bh, bh * 0.45, accent.alpha(alpha));
            let ink = if accent.luminance() > 0.45 { INK } else { WHITE };
            let base = by + bh * 0.5 + csize * 0.36;
            cv.text(code, cx, base, csize, Face::Bold, Align::Centre, ink.alpha(alpha));
            let top = cy - s * 0.47;
            let room = base - csize * 0.75 - 1.0 - top;
            ((room / 0.95).min(s * 0.8), top + room / 2.0)
        }
    };
    // The solid glyph in the owner's colour and the outline glyph's lines on
    // top (light lines on dark colours): no halo, which keeps PNGs small,
    // except the dark rim of a pale colour.
    let rim = Line { colour: INK.alpha(alpha), width: (s * 0.07).max(2.0), dash: None };
    cv.glyph(solid, cx, gy, size, accent.alpha(alpha), pale(accent).then_some(&rim));
    let lines = if accent.luminance() < 0.4 { Rgba::rgb(0xF0, 0xF0, 0xF0) } else { INK };
    cv.glyph(outline, cx, gy, size, lines.alpha(alpha), None);
}

/// Whether a player's colour is pale: light enough to read poorly on the
/// light squares without a dark rim.
fn pale(colour: Rgba) -> bool {
    colour.luminance() > 0.6
}

/// The plate with the owner's code under a piece off its owner's board
/// centred on `(cx, cy)` on a square `s` wide: (x, y, w, h, text size),
/// its foot on the square's.
fn off_board_plate((l, s): (&Layout, f32), codes: &[String], owner: Seat, (cx, cy): Pt) -> (f32, f32, f32, f32, f32) {
    let code = codes.get(usize::from(owner)).map_or("?", String::as_str);
    let csize = (s * 0.26).max(l.t);
    let bh = csize * 1.05;
    let bw = (text_width(code, csize, Face::Bold) + csize * 0.45).max(bh * 1.2);
    (cx - bw / 2.0, cy + s * 0.47 - bh, bw, bh, csize)
}
