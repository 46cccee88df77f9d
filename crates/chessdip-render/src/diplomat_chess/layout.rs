//! Where the board, its cells and the legend go in an image.

use std::f32::consts::PI;

use super::legend::LegendPlan;
use chessdip_rules::diplomat_chess::Cell;

/// Crown boundaries as fractions of the board's radius: the centre hole,
/// then crowns 3, 2 and 1 outwards. The inner crowns are wide (the author:
/// "make the 3rd crown cells as exaggeratedly big as possible").
pub(super) const RINGS: [f32; 4] = [0.34, 0.56, 0.78, 1.0];

/// Geometry of one image.
pub(super) struct Layout {
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) title_h: f32,
    pub(super) cx: f32,
    pub(super) cy: f32,
    pub(super) r: f32,
    pub(super) band: f32,
    pub(super) legend_y: f32,
}

impl Layout {
    /// The board's geometry (the legend below it does not move it).
    pub(super) fn new(width: u32) -> Layout {
        Layout::with(width, &LegendPlan::default())
    }

    /// The whole image: the board and the legend's rows.
    pub(super) fn with(width: u32, legend: &LegendPlan) -> Layout {
        let w = width.max(320) as f32;
        let title_h = (w * 0.075).round();
        let margin = (w * 0.02).round();
        let band = (w * 0.055).round();
        let r = (w / 2.0 - margin - band).floor();
        let cx = w / 2.0;
        let cy = title_h + band + r;
        let legend_y = cy + r + band + margin * 0.5;
        let rows = legend.rows.max(2) as f32;
        let height = legend_y + legend.row * (rows + 0.35) + margin * 0.5;
        Layout { width: width.max(320), height: height.ceil() as u32, title_h, cx, cy, r, band, legend_y }
    }

    /// The screen angle of the middle of radius `i`: `d` at the bottom,
    /// letters running anticlockwise (so `a`..`g` go left to right).
    pub(super) fn angle(i: f32) -> f32 {
        PI / 2.0 - (i - 3.0) * 2.0 * PI / 14.0
    }

    pub(super) fn point(&self, angle: f32, rho: f32) -> (f32, f32) {
        (self.cx + angle.cos() * rho * self.r, self.cy + angle.sin() * rho * self.r)
    }

    /// Inner and outer radius (as fractions) of a crown.
    pub(super) fn crown_span(crown: u8) -> (f32, f32) {
        match crown {
            1 => (RINGS[2], RINGS[3]),
            2 => (RINGS[1], RINGS[2]),
            3 => (RINGS[0], RINGS[1]),
            _ => (0.0, RINGS[0]),
        }
    }

    pub(super) fn centre_of(&self, cell: Cell) -> (f32, f32) {
        match cell.radius() {
            None => (self.cx, self.cy),
            Some(r) => {
                let (a, b) = Layout::crown_span(cell.crown());
                self.point(Layout::angle(f32::from(r.index())), (a + b) / 2.0)
            }
        }
    }

    /// The size a piece is drawn at on `cell` (cells grow outwards).
    pub(super) fn piece_size(&self, cell: Cell) -> f32 {
        let (a, b) = Layout::crown_span(cell.crown());
        if cell.is_centre() {
            return self.r * 0.36;
        }
        let arc = (a + b) / 2.0 * 2.0 * PI / 14.0;
        (arc.min(b - a) * self.r * 0.92).min(self.r * 0.25)
    }

    pub(super) fn sector(&self, i: u8, crown: u8) -> Vec<(f32, f32)> {
        let (a, b) = Layout::crown_span(crown);
        let mid = Layout::angle(f32::from(i));
        let half = PI / 14.0;
        let n = 8;
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
