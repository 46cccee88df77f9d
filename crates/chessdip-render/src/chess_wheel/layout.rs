//! Where everything of a Chess Wheel+ picture goes: the boards in their
//! slots around the hub, and the paths of arrows that leave a board.
//!
//! Slot `i` (the `i`-th board created) stands above the hub for even `i`
//! and below it for odd `i`, so half the boards are above and half below
//! (the extra one above). With one or two boards each stands in line with
//! the hub; with more, two columns either side of a corridor that runs
//! through the hub's middle, the first boards of a side next to the hub and
//! later ones further out. A board's cell depends only on its slot, so it
//! never moves when boards are added (except when the third board makes
//! two columns).
//!
//! Between each board's hub-facing edge and the next board inwards runs a
//! lane (the board's *gate*); between the inner boards and the hub, the
//! hub's lanes. An arrow that leaves its board goes up its file to the
//! gate, along the gate to the corridor, down the corridor to the hub's
//! lane, along it to the hub square, and on the same way into a target
//! board: it never crosses a board it does not belong to.

use chessdip_rules::chess_wheel::{Seat, Space, State, HUB_RANK};

/// A point in pixels.
pub(crate) type Pt = (f32, f32);

/// Where one board is drawn.
#[derive(Copy, Clone, Debug)]
pub(crate) struct BoardBox {
    pub seat: Seat,
    /// Left edge of file a.
    pub x: f32,
    /// Top edge of the board (7 ranks).
    pub y: f32,
    /// Above the hub: rank 1 at the top, rank 7 next to the hub.
    pub above: bool,
    /// Rows out from the hub (0: next to it).
    pub row: usize,
    /// 0 left (or the only column), 1 right.
    pub col: usize,
}

/// Geometry of one image.
pub(crate) struct Layout {
    pub width: u32,
    pub height: u32,
    /// Side of a square.
    pub s: f32,
    /// The smallest text size: a fortieth of the width (10 px at 400 px).
    pub t: f32,
    pub title_h: f32,
    /// Side of a hub square: twice a board square's beside two columns of
    /// boards (where board squares are smallest), so that the pieces every
    /// player fights over, and the marks on them, read; a board square's
    /// with one column.
    pub hub_s: f32,
    pub cols: usize,
    pub boards: Vec<BoardBox>,
    /// The vertical middle line (corridor and hub centre).
    pub centre: f32,
    pub hub_x: f32,
    pub hub_y: f32,
    /// Height of a gate lane.
    pub lane_h: f32,
    /// Height of the band of file letters beside the hub.
    pub letters_h: f32,
    pub name_h: f32,
    pub legend_y: f32,
    /// Height of one legend entry.
    pub legend_row: f32,
    /// Lines of one legend entry (1 to 3).
    pub legend_lines: usize,
}

impl Layout {
    /// The layout of `state` at `width` with legend entries of `legend_lines` lines.
    pub fn new(state: &State, width: u32, legend_lines: usize) -> Layout {
        let width = width.max(320);
        let w = width as f32;
        let order = state.board_order();
        let k = order.len();
        let cols = if k <= 2 { 1 } else { 2 };
        // Horizontal units: one column of 8 files with a rank gutter is centred
        // in 13; two columns have gutters outside, a corridor of 1 between.
        let s = if cols == 1 { (w / 13.0).floor() } else { (w / 20.0).floor() };
        // Beside two columns of boards the hub takes 16 of the 20 units
        // (room is left for its label); with one column its files stay in
        // line with the boards' (their arrows run straight to it), and its
        // squares are already larger (13 units to the width).
        let hub_s = if cols == 1 { s } else { (s * 2.0).floor() };
        let t = (w / 40.0).max(crate::min_text(width));
        let title_h = (w * 0.06).max(s * 0.9).round();
        let name_h = (s * 0.8).max(t * 1.7);
        let lane_h = s * 0.8;
        let letters_h = (s * 0.32).max(t) * 1.4;
        let spoke = lane_h + letters_h;
        let centre = w / 2.0;
        let corridor = s;
        let n_above = k.div_ceil(2);
        let rows_above = n_above.div_ceil(cols);
        let rows_below = (k / 2).div_ceil(cols);
        let top = title_h + s * 0.2;
        let step = name_h + 7.0 * s + lane_h;
        let hub_y =
            (if rows_above == 0 { top + spoke } else { top + rows_above as f32 * step - lane_h + spoke }).round();
        let mut boards = Vec::with_capacity(k);
        for (i, &seat) in order.iter().enumerate() {
            let above = i % 2 == 0;
            let j = i / 2;
            let (row, col) = (j / cols, j % cols);
            let x = match (cols, col) {
                (1, _) => centre - 4.0 * s,
                (_, 0) => centre - corridor / 2.0 - 8.0 * s,
                _ => centre + corridor / 2.0,
            };
            let y = if above {
                top + name_h + (rows_above - 1 - row) as f32 * step
            } else {
                hub_y + hub_s + spoke + row as f32 * step
            };
            // Whole pixels: square edges stay sharp (and the PNG small).
            boards.push(BoardBox { seat, x: x.round(), y: y.round(), above, row, col });
        }
        let bottom = if rows_below == 0 {
            hub_y + hub_s + letters_h
        } else {
            hub_y + hub_s + spoke + rows_below as f32 * step - lane_h
        };
        let legend_row = legend_row(s, t, legend_lines);
        let legend_y = bottom + s * 0.3;
        let height = legend_y + state.players.len().div_ceil(2) as f32 * legend_row + s * 0.3;
        Layout {
            width,
            height: height.ceil() as u32,
            s,
            t,
            title_h,
            hub_s,
            cols,
            boards,
            centre,
            hub_x: (centre - 4.0 * hub_s).round(),
            hub_y,
            lane_h,
            letters_h,
            name_h,
            legend_y,
            legend_row,
            legend_lines,
        }
    }

    pub fn board(&self, seat: Seat) -> Option<&BoardBox> {
        self.boards.iter().find(|b| b.seat == seat)
    }

    /// The side of `space`'s square: a hub square's, or a board square's.
    pub fn side(&self, space: Space) -> f32 {
        match space {
            Space::Hub { .. } => self.hub_s,
            Space::Board { .. } => self.s,
        }
    }

    /// The hub's squares: (x, y, w, h).
    pub fn hub_rect(&self) -> (f32, f32, f32, f32) {
        (self.hub_x, self.hub_y, 8.0 * self.hub_s, self.hub_s)
    }

    /// Top-left corner of a space.
    pub fn corner(&self, space: Space) -> Option<Pt> {
        let f = f32::from(space.file());
        match space {
            Space::Hub { .. } => Some((self.hub_x + f * self.hub_s, self.hub_y)),
            Space::Board { board, rank, .. } => {
                let b = self.board(board)?;
                let row = if b.above { f32::from(rank) } else { f32::from(HUB_RANK - 1 - rank) };
                Some((b.x + f * self.s, b.y + row * self.s))
            }
        }
    }

    pub fn centre_of(&self, space: Space) -> Option<Pt> {
        let half = self.side(space) / 2.0;
        self.corner(space).map(|(x, y)| (x + half, y + half))
    }

    /// The squares of a board: (x, y, w, h).
    pub fn board_rect(&self, seat: Seat) -> Option<(f32, f32, f32, f32)> {
        self.board(seat).map(|b| (b.x, b.y, 8.0 * self.s, 7.0 * self.s))
    }

    /// The middle of the gate lane on a board's hub-facing side.
    fn gate(&self, b: &BoardBox) -> f32 {
        if b.above {
            b.y + 7.0 * self.s + self.lane_h / 2.0
        } else {
            b.y - self.lane_h / 2.0
        }
    }

    /// The middle of the hub's lane on one side.
    pub fn hub_lane(&self, above: bool) -> f32 {
        if above {
            self.hub_y - self.letters_h - self.lane_h / 2.0
        } else {
            self.hub_y + self.hub_s + self.letters_h + self.lane_h / 2.0
        }
    }

    /// From a board space out to its side's hub lane (not including the
    /// space's centre): the points and the side.
    fn exit(&self, space: Space, p: Pt, off: f32) -> Option<(Vec<Pt>, bool)> {
        let b = self.board(space.board()?)?;
        let g = self.gate(b) + off;
        let mut pts = vec![(p.0, g)];
        if b.row > 0 {
            let c = self.centre + off;
            pts.push((c, g));
            pts.push((c, self.hub_lane(b.above) + off));
        }
        Some((pts, b.above))
    }

    /// The path of an arrow from `from` to `to`; `off` shifts the lanes it
    /// runs along (so arrows sharing a lane stay apart). Straight on one
    /// board, and when every board is in line with the hub.
    pub fn route(&self, from: Space, to: Space, off: f32) -> Option<Vec<Pt>> {
        let (a, b) = (self.centre_of(from)?, self.centre_of(to)?);
        if from.board() == to.board() || self.cols == 1 {
            return Some(vec![a, b]);
        }
        let out = self.exit(from, a, off);
        let mut inn = self.exit(to, b, off);
        let mut pts = vec![a];
        // Which lane the path is on after leaving `from`.
        let side = match out {
            Some((p, side)) => {
                pts.extend(p);
                side
            }
            None => {
                let side = inn.as_ref().is_none_or(|(_, s)| *s);
                pts.push((a.0, self.hub_lane(side) + off));
                side
            }
        };
        match inn.take() {
            Some((mut p, to_side)) => {
                if to_side != side {
                    // Across the hub, through its middle.
                    let c = self.centre + off;
                    pts.push((c, self.hub_lane(side) + off));
                    pts.push((c, self.hub_lane(to_side) + off));
                }
                p.reverse();
                pts.extend(p);
            }
            None => pts.push((b.0, self.hub_lane(side) + off)),
        }
        pts.push(b);
        Some(simplify(pts))
    }
}

/// The legend's name and info text sizes.
pub(crate) fn legend_sizes(s: f32, t: f32) -> (f32, f32) {
    ((s * 0.4).max(t * 1.15), (s * 0.3).max(t))
}

fn legend_row(s: f32, t: f32, lines: usize) -> f32 {
    let (name, info) = legend_sizes(s, t);
    name * 1.5 + info * 1.35 * lines.saturating_sub(1) as f32 + s * 0.1
}

/// Drops repeated points and middle points of straight runs.
fn simplify(pts: Vec<Pt>) -> Vec<Pt> {
    let mut out: Vec<Pt> = Vec::with_capacity(pts.len());
    for p in pts {
        if out.last().is_some_and(|q| (q.0 - p.0).abs() < 0.5 && (q.1 - p.1).abs() < 0.5) {
            continue;
        }
        if out.len() >= 2 {
            let (a, b) = (out[out.len() - 2], out[out.len() - 1]);
            let cross = (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0);
            let dot = (b.0 - a.0) * (p.0 - b.0) + (b.1 - a.1) * (p.1 - b.1);
            if cross.abs() < 0.5 && dot >= 0.0 {
                out.pop();
            }
        }
        out.push(p);
    }
    out
}
