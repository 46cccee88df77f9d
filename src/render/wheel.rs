//! The Chess Wheel+ picture: every player's standard board (ranks 1-7) as a
//! spoke of a wheel around the shared hub row (rank 8), rank 7 of each board
//! facing the hub and files lined up with it; boards stand above and below
//! the hub, two to a row when there are more than two. Pieces are chess
//! glyphs filled in their owner's colour over a plate with the owner's
//! initials; the last cycle's moves are arrows, failed ones crossed, taken
//! pieces struck out.

use super::canvas::towards;
use super::canvas::{text_width, Align, Canvas, Face, Line, Rgba};
use super::{Palette, Style};
use crate::rules::wheel::{Piece, Seat, Space, State, Variant, WheelReport, HUB_RANK};
use crate::rules::Role;

/// The light and dark squares of the players' boards.
pub const BOARD_SQUARES: (Rgba, Rgba) = (Rgba::rgb(0xEC, 0xE9, 0xE2), Rgba::rgb(0xAE, 0xAA, 0xA2));
/// The light and dark squares of the hub.
pub const HUB_SQUARES: (Rgba, Rgba) = (Rgba::rgb(0xF6, 0xE3, 0xA6), Rgba::rgb(0xD9, 0xB5, 0x5E));

const INK: Rgba = Rgba::rgb(0x1C, 0x1C, 0x1E);
const WHITE: Rgba = Rgba::rgb(0xFF, 0xFF, 0xFF);
const BACKGROUND: Rgba = Rgba::rgb(0x2B, 0x2D, 0x31);
const TEXT: Rgba = Rgba::rgb(0xEE, 0xEE, 0xEE);

/// Player colours, by seat (repeating after twelve).
const PLAYERS: [Rgba; 12] = [
    Rgba::rgb(0x1F, 0x77, 0xD4),
    Rgba::rgb(0xE6, 0x9F, 0x00),
    Rgba::rgb(0x00, 0x9E, 0x73),
    Rgba::rgb(0xCC, 0x79, 0xA7),
    Rgba::rgb(0x56, 0xC4, 0xF9),
    Rgba::rgb(0xF0, 0xE4, 0x42),
    Rgba::rgb(0x7B, 0x4F, 0xB8),
    Rgba::rgb(0x8C, 0x56, 0x2B),
    Rgba::rgb(0x3A, 0x3A, 0x3A),
    Rgba::rgb(0x00, 0xB0, 0xA8),
    Rgba::rgb(0xA6, 0xD8, 0x54),
    Rgba::rgb(0xF4, 0xF4, 0xF4),
];

/// A player's colour.
#[must_use]
pub fn player_colour(seat: Seat) -> Rgba {
    PLAYERS[usize::from(seat) % PLAYERS.len()]
}

struct Marks {
    arrow: Rgba,
    failed: Rgba,
    taken: Rgba,
}

fn marks(p: Palette) -> Marks {
    match p {
        Palette::Classic => Marks {
            arrow: Rgba::rgb(0xE0, 0x26, 0x1B),
            failed: Rgba::rgb(0x11, 0x11, 0x11),
            taken: Rgba::rgb(0xC0, 0x00, 0x00),
        },
        // The players' colours already use the Okabe-Ito set: marks in black
        // (on white halos) and vermillion stay apart from every one of them.
        Palette::ColourBlind => Marks {
            arrow: Rgba::rgb(0x1A, 0x1A, 0x1A),
            failed: Rgba::rgb(0xD5, 0x5E, 0x00),
            taken: Rgba::rgb(0x1A, 0x1A, 0x1A),
        },
    }
}

/// Where one board is drawn.
#[derive(Copy, Clone, Debug)]
struct BoardBox {
    seat: Seat,
    /// Left edge of file a.
    x: f32,
    /// Top edge of the board (7 ranks).
    y: f32,
    /// Above the hub: rank 1 at the top, rank 7 next to the hub.
    above: bool,
}

/// Geometry of one image.
struct Layout {
    width: u32,
    height: u32,
    /// Side of a square.
    s: f32,
    title_h: f32,
    boards: Vec<BoardBox>,
    hub_x: f32,
    hub_y: f32,
    legend_y: f32,
    legend_row: f32,
}

impl Layout {
    fn new(state: &State, width: u32) -> Layout {
        let w = width.max(320) as f32;
        let seats: Vec<Seat> = state.boards.iter().copied().collect();
        let k = seats.len();
        let cols = if k <= 2 { 1 } else { 2 };
        // Horizontal units: per column a rank gutter and 8 files; gaps; margins.
        let units = cols as f32 * 8.6 + (cols as f32 - 1.0) * 0.6 + 0.8;
        let s = (w / units.max(13.0)).floor();
        let title_h = (w * 0.06).max(s * 0.9).round();
        let name_h = s * 0.8;
        let spoke = s * 0.9;
        let row_gap = s * 0.3;
        let rows = k.div_ceil(cols);
        let above = rows.div_ceil(2);
        let below = rows - above;
        let board_w = 8.0 * s;
        // The boards (without their rank gutters) are centred, so one board
        // alone in a row lines up with the hub.
        let block_w = cols as f32 * board_w + (cols as f32 - 1.0) * 1.2 * s;
        let left = (w - block_w) / 2.0;
        let mut boxes = Vec::new();
        let mut y = title_h + s * 0.2;
        let place = |row: usize, y_board: f32, is_above: bool, boxes: &mut Vec<BoardBox>| {
            let in_row: Vec<Seat> = seats.iter().copied().skip(row * cols).take(cols).collect();
            let row_w = in_row.len() as f32 * board_w + (in_row.len() as f32 - 1.0) * 1.2 * s;
            let row_left = left + (block_w - row_w) / 2.0;
            for (c, seat) in in_row.into_iter().enumerate() {
                let x = row_left + c as f32 * (board_w + 1.2 * s);
                boxes.push(BoardBox { seat, x, y: y_board, above: is_above });
            }
        };
        for row in 0..above {
            y += name_h;
            place(row, y, true, &mut boxes);
            y += 7.0 * s + if row + 1 < above { row_gap } else { 0.0 };
        }
        y += spoke;
        let hub_y = y;
        y += s + spoke;
        for row in above..rows {
            place(row, y, false, &mut boxes);
            y += 7.0 * s + name_h + row_gap;
        }
        if below == 0 {
            y += row_gap;
        }
        // Two lines an entry: the name, then the counts and any note.
        let legend_row = (s * 0.95).max(w * 0.045) * 1.35;
        let legend_y = y + s * 0.2;
        let height = legend_y + state.players.len().div_ceil(2) as f32 * legend_row + s * 0.4;
        Layout {
            width: width.max(320),
            height: height.ceil() as u32,
            s,
            title_h,
            boards: boxes,
            hub_x: (w - board_w) / 2.0,
            hub_y,
            legend_y,
            legend_row,
        }
    }

    fn board(&self, seat: Seat) -> Option<&BoardBox> {
        self.boards.iter().find(|b| b.seat == seat)
    }

    /// Top-left corner of a space.
    fn corner(&self, space: Space) -> Option<(f32, f32)> {
        let f = f32::from(space.file());
        match space {
            Space::Hub { .. } => Some((self.hub_x + f * self.s, self.hub_y)),
            Space::Board { board, rank, .. } => {
                let b = self.board(board)?;
                let row = if b.above { f32::from(rank) } else { f32::from(HUB_RANK - 1 - rank) };
                Some((b.x + f * self.s, b.y + row * self.s))
            }
        }
    }

    fn centre(&self, space: Space) -> Option<(f32, f32)> {
        self.corner(space).map(|(x, y)| (x + self.s / 2.0, y + self.s / 2.0))
    }
}

/// Where the centre of `space` is drawn in an image of `width` pixels
/// (`None` for a space of a board that does not exist).
#[must_use]
pub fn space_centre(state: &State, width: u32, space: Space) -> Option<(f32, f32)> {
    Layout::new(state, width).centre(space)
}

/// The side of a square in pixels in an image of `width` pixels.
#[must_use]
pub fn square_size(state: &State, width: u32) -> f32 {
    Layout::new(state, width).s
}

/// Short unique labels: the shortest prefix of each name no other name starts with.
fn codes(state: &State) -> Vec<String> {
    let names: Vec<Vec<char>> = state.players.iter().map(|p| p.chars().collect()).collect();
    names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let len = (1..=n.len())
                .find(|&k| names.iter().enumerate().all(|(j, m)| j == i || m.len() < k || m[..k] != n[..k]))
                .unwrap_or(n.len());
            n[..len.min(3)].iter().collect()
        })
        .collect()
}

fn glyphs(role: Role) -> (char, char) {
    match role {
        Role::King => ('\u{2654}', '\u{265A}'),
        Role::Queen => ('\u{2655}', '\u{265B}'),
        Role::Rook => ('\u{2656}', '\u{265C}'),
        Role::Bishop => ('\u{2657}', '\u{265D}'),
        Role::Knight => ('\u{2658}', '\u{265E}'),
        Role::Pawn => ('\u{2659}', '\u{265F}'),
    }
}

/// Draws `state`; with `report`, the cycle's moves over it (draw the
/// position the cycle started from). `caption` follows the cycle in the title.
#[must_use]
pub fn draw(variant: &Variant, state: &State, report: Option<&WheelReport>, style: &Style, caption: &str) -> Canvas {
    let l = Layout::new(state, style.width);
    let m = marks(style.palette);
    let mut cv = Canvas::new(l.width, l.height, BACKGROUND);
    title(&mut cv, &l, variant, state, style, caption);
    if l.boards.is_empty() {
        let size = l.s * 0.45;
        cv.text(
            "No standard board yet: `create` one",
            l.width as f32 / 2.0,
            l.hub_y - l.s * 0.3,
            size,
            Face::Regular,
            Align::Centre,
            TEXT,
        );
    } else {
        spokes(&mut cv, &l);
        for b in &l.boards {
            board(&mut cv, &l, state, b);
        }
        hub(&mut cv, &l);
    }
    let codes = codes(state);
    let taken: Vec<Space> = report.map(|r| r.taken.iter().map(|t| t.piece.space).collect()).unwrap_or_default();
    for p in &state.pieces {
        piece(&mut cv, &l, &codes, *p, if taken.contains(&p.space) { 150 } else { 255 });
    }
    if let Some(r) = report {
        moves(&mut cv, &l, &m, r);
    }
    legend(&mut cv, &l, state, report, &codes, style);
    if let Some(result) = &style.result {
        super::result_banner(&mut cv, (0.0, l.title_h, l.width as f32, l.legend_y - l.title_h), result);
    }
    cv
}

fn title(cv: &mut Canvas, l: &Layout, variant: &Variant, state: &State, style: &Style, caption: &str) {
    super::title_bar(cv, (l.title_h, l.s * 0.4), style, &variant.name, (&format!("Cycle {}", state.cycle), caption));
}

/// A translucent band from each board's hub-facing edge to the hub, under the boards.
fn spokes(cv: &mut Canvas, l: &Layout) {
    let s = l.s;
    for b in &l.boards {
        let colour = player_colour(b.seat).alpha(90);
        let (edge_y, hub_edge) = if b.above { (b.y + 7.0 * s, l.hub_y) } else { (b.y, l.hub_y + s) };
        cv.polygon(
            &[(b.x, edge_y), (b.x + 8.0 * s, edge_y), (l.hub_x + 8.0 * s, hub_edge), (l.hub_x, hub_edge)],
            colour,
        );
    }
}

fn board(cv: &mut Canvas, l: &Layout, state: &State, b: &BoardBox) {
    let s = l.s;
    let colour = player_colour(b.seat);
    // A frame in the owner's colour.
    let pad = (s * 0.07).max(2.0);
    cv.rect(b.x - pad, b.y - pad, 8.0 * s + 2.0 * pad, 7.0 * s + 2.0 * pad, colour);
    for rank in 0..HUB_RANK {
        for file in 0..8 {
            let Some(space) = Space::on(b.seat, file, rank) else { continue };
            let Some((x, y)) = l.corner(space) else { continue };
            let dark = (file + rank) % 2 == 0;
            cv.rect(x, y, s, s, if dark { BOARD_SQUARES.1 } else { BOARD_SQUARES.0 });
        }
    }
    // Rank numbers in the gutter at the left.
    let size = (s * 0.32).max(8.0);
    for rank in 0..HUB_RANK {
        let Some((_, y)) = Space::on(b.seat, 0, rank).and_then(|sp| l.corner(sp)) else { continue };
        cv.text(
            &(rank + 1).to_string(),
            b.x - pad - s * 0.22,
            y + s * 0.62,
            size,
            Face::Bold,
            Align::Centre,
            TEXT.alpha(200),
        );
    }
    // The player's name on the side away from the hub.
    let name = state.name(b.seat);
    let mut nsize = s * 0.56;
    while text_width(name, nsize, Face::Bold) > 6.5 * s && nsize > 8.0 {
        nsize -= 1.0;
    }
    let ny = if b.above { b.y - pad - s * 0.2 } else { b.y + 7.0 * s + pad + s * 0.55 };
    let chip = nsize * 0.8;
    let nw = text_width(name, nsize, Face::Bold);
    let x0 = b.x + 4.0 * s - (nw + chip * 1.4) / 2.0;
    cv.rounded_rect(x0, ny - chip * 0.95, chip, chip, chip * 0.3, colour);
    cv.text(name, x0 + chip * 1.4, ny, nsize, Face::Bold, Align::Left, TEXT);
}

fn hub(cv: &mut Canvas, l: &Layout) {
    let s = l.s;
    let pad = (s * 0.07).max(2.0);
    cv.rect(l.hub_x - pad, l.hub_y - pad, 8.0 * s + 2.0 * pad, s + 2.0 * pad, INK);
    for file in 0..8u8 {
        let x = l.hub_x + f32::from(file) * s;
        let dark = (file + HUB_RANK) % 2 == 0;
        cv.rect(x, l.hub_y, s, s, if dark { HUB_SQUARES.1 } else { HUB_SQUARES.0 });
        // File letters above and below the hub.
        let size = (s * 0.32).max(8.0);
        let letter = char::from(b'a' + file).to_string();
        cv.text(&letter, x + s / 2.0, l.hub_y - pad - s * 0.12, size, Face::Bold, Align::Centre, TEXT);
        cv.text(&letter, x + s / 2.0, l.hub_y + s + pad + size, size, Face::Bold, Align::Centre, TEXT);
    }
    let size = (s * 0.3).max(8.0);
    if l.hub_x > s * 1.6 {
        cv.text("hub", l.hub_x - pad - s * 0.2, l.hub_y + s * 0.45, size * 1.2, Face::Bold, Align::Right, TEXT);
        cv.text(
            "rank 8",
            l.hub_x - pad - s * 0.2,
            l.hub_y + s * 0.85,
            size,
            Face::Regular,
            Align::Right,
            TEXT.alpha(200),
        );
    } else {
        cv.text("8", l.hub_x - pad - s * 0.22, l.hub_y + s * 0.62, size, Face::Bold, Align::Centre, TEXT);
    }
}

fn piece(cv: &mut Canvas, l: &Layout, codes: &[String], p: Piece, alpha: u8) {
    let Some((cx, cy)) = l.centre(p.space) else { return };
    let s = l.s;
    let accent = player_colour(p.owner);
    let (outline, solid) = glyphs(p.role);
    let size = s * 0.74;
    let gy = cy - s * 0.08;
    // The owner's plate with initials, under the piece.
    let (bw, bh) = (s * 0.62, s * 0.24);
    let (bx, by) = (cx - bw / 2.0, cy + s * 0.24);
    cv.rounded_rect(bx - 1.0, by - 1.0, bw + 2.0, bh + 2.0, bh * 0.5, INK.alpha(alpha));
    cv.rounded_rect(bx, by, bw, bh, bh * 0.45, accent.alpha(alpha));
    let code = codes.get(usize::from(p.owner)).map_or("?", String::as_str);
    let ink = if accent.luminance() > 0.55 { INK } else { WHITE };
    let mut csize = bh * 0.9;
    while text_width(code, csize, Face::Bold) > bw * 0.9 && csize > 4.0 {
        csize -= 0.5;
    }
    cv.text(code, cx, by + bh * 0.5 + csize * 0.36, csize, Face::Bold, Align::Centre, ink.alpha(alpha));
    // The solid glyph in the owner's colour, a light halo, and the outline glyph's lines on top.
    let halo = Line { colour: WHITE.alpha(alpha), width: s * 0.06, dash: None };
    cv.glyph(solid, cx, gy, size, accent.alpha(alpha), Some(&halo));
    let lines = if accent.luminance() < 0.4 { Rgba::rgb(0xF0, 0xF0, 0xF0) } else { INK };
    cv.glyph(outline, cx, gy, size, lines.alpha(alpha), None);
}

fn moves(cv: &mut Canvas, l: &Layout, m: &Marks, r: &WheelReport) {
    let s = l.s;
    let width = (s * 0.09).max(2.0);
    let halo = Line { colour: WHITE.alpha(200), width: width + s * 0.06, dash: None };
    for mv in &r.moves {
        let (Some(a), Some(b)) = (l.centre(mv.order.piece.space), l.centre(mv.order.to)) else { continue };
        // Two moves along one line in opposite directions (swaps): offset each to its right.
        let swapped = r.moves.iter().any(|o| o.order.piece.space == mv.order.to && o.order.to == mv.order.piece.space);
        let (a, b) = if swapped {
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let len = (dx * dx + dy * dy).sqrt().max(1e-3);
            let (px, py) = (-dy / len * s * 0.14, dx / len * s * 0.14);
            ((a.0 + px, a.1 + py), (b.0 + px, b.1 + py))
        } else {
            (a, b)
        };
        let (from, to) = (towards(a, b, s * 0.2), towards(b, a, s * 0.18));
        let ok = mv.outcome.succeeded();
        let colour = m.arrow.alpha(if ok { 255 } else { 150 });
        cv.arrow(from, to, &halo, s * 0.34);
        cv.arrow(from, to, &Line { colour, width, dash: if ok { None } else { Some((s * 0.16, s * 0.09)) } }, s * 0.3);
        if !ok {
            // Near the head, or halfway along a short arrow (clear of the piece).
            let (dx, dy) = (to.0 - from.0, to.1 - from.1);
            let len = (dx * dx + dy * dy).sqrt();
            let c = if len < s * 1.6 { towards(from, to, len / 2.0) } else { towards(to, from, s * 0.45) };
            cv.disc(c.0, c.1, s * 0.15, WHITE.alpha(235));
            cv.cross(c.0, c.1, s * 0.09, &Line { colour: m.failed, width: (s * 0.045).max(1.5), dash: None });
        }
    }
    for t in &r.taken {
        let Some((x, y)) = l.centre(t.piece.space) else { continue };
        cv.cross(x, y, s * 0.3, &Line { colour: WHITE, width: s * 0.13, dash: None });
        cv.cross(x, y, s * 0.3, &Line { colour: m.taken, width: s * 0.08, dash: None });
    }
}

fn legend(cv: &mut Canvas, l: &Layout, state: &State, report: Option<&WheelReport>, codes: &[String], style: &Style) {
    let w = l.width as f32;
    let margin = l.s * 0.4;
    let row = l.legend_row;
    let col_w = (w - 2.0 * margin) / 2.0;
    let (bw, bh) = (row * 0.8, row * 0.46);
    // Text starts after the badge; both lines must fit the rest of the column.
    let room = col_w - bw - row * 0.5;
    // Each entry: the name, then a line of counts and a note in amber (a
    // hashed phase's invalid, unrevealed or missing message; without one,
    // the report's invalid messages).
    let lines: Vec<(String, String)> = state
        .seats()
        .map(|seat| {
            let mut info = if state.has_board(seat) {
                let pieces = state.pieces_of(seat).count();
                let king = if state.owns_king(seat) { "king" } else { "no king" };
                format!("{pieces} piece{} \u{00B7} {king}", if pieces == 1 { "" } else { "s" })
            } else {
                "no board".to_string()
            };
            if state.winner == Some(seat) {
                info += " \u{00B7} winner";
            }
            let mut note = super::note_text(style, state.name(seat));
            if note.is_empty() && report.is_some_and(|r| r.invalid.iter().any(|(s, _)| *s == seat)) {
                note = " \u{00B7} invalid message".into();
            }
            (info, note)
        })
        .collect();
    // One size for every second line, one for every name: the largest that
    // fits all of them (down to a floor that stays legible).
    let fit = |base: f32, floor: f32, width: &dyn Fn(f32) -> f32| {
        let wide = width(base);
        if wide > room {
            (base * room / wide).max(floor)
        } else {
            base
        }
    };
    let info_size = lines
        .iter()
        .map(|(i, n)| fit(row * 0.3, row * 0.2, &|z| text_width(i, z, Face::Regular) + text_width(n, z, Face::Bold)))
        .fold(row * 0.3, f32::min);
    let name_size = state
        .seats()
        .map(|s| fit(row * 0.39, row * 0.25, &|z| text_width(state.name(s), z, Face::Bold)))
        .fold(row * 0.39, f32::min);
    for (k, seat) in state.seats().enumerate() {
        let (col, r) = (k % 2, k / 2);
        let x = margin + col as f32 * col_w;
        let y = l.legend_y + r as f32 * row;
        let accent = player_colour(seat);
        cv.rounded_rect(x - 1.5, y + (row - bh) / 2.0 - 1.5, bw + 3.0, bh + 3.0, bh * 0.5, WHITE);
        cv.rounded_rect(x, y + (row - bh) / 2.0, bw, bh, bh * 0.45, accent);
        let ink = if accent.luminance() > 0.55 { INK } else { WHITE };
        let code = codes.get(usize::from(seat)).map_or("?", String::as_str);
        cv.text(code, x + bw / 2.0, y + row / 2.0 + bh * 0.3, bh * 0.75, Face::Bold, Align::Centre, ink);
        let (info, note) = &lines[k];
        let tx = x + bw + row * 0.25;
        cv.text(state.name(seat), tx, y + row * 0.45, name_size, Face::Bold, Align::Left, TEXT);
        let info_w = cv.text(info, tx, y + row * 0.84, info_size, Face::Regular, Align::Left, TEXT.alpha(210));
        cv.text(note, tx + info_w, y + row * 0.84, info_size, Face::Bold, Align::Left, super::NOTE);
    }
}
