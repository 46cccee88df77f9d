//! The chart's legend: a row a power, by its last value (highest first,
//! seat order among equals), each with a sample of its line and its
//! marker, its name and that value. Names are never cut: a long one wraps
//! onto more lines. Beside the plot where every row fits there, else in
//! columns under it (the picture grows by them).

use super::super::canvas::{text_width, Align, Canvas, Face};
use super::super::theme::TEXT;
use super::super::{wrap, MIN_TEXT};
use super::marks::{marker, Look};
use super::{Chart, PANEL};

/// One power's row.
pub(super) struct Row {
    /// The power's place in [`Chart::series`].
    pub(super) series: usize,
    /// Its name, as wrapped.
    pub(super) lines: Vec<String>,
    /// Its last value.
    pub(super) value: String,
}

/// Where the legend goes and how it is set.
pub(super) struct Legend {
    /// Beside the plot (one column on the right) rather than under it.
    pub(super) beside: bool,
    /// The text size.
    pub(super) size: f32,
    /// The width of a column.
    pub(super) column: f32,
    /// How many columns (1 beside the plot).
    pub(super) columns: usize,
    pub(super) rows: Vec<Row>,
    /// The height of a row of one line, and of each line more.
    pub(super) row_h: f32,
    pub(super) line_h: f32,
}

impl Legend {
    /// The height of row `r`.
    pub(super) fn height_of(&self, r: &Row) -> f32 {
        self.row_h + self.line_h * r.lines.len().saturating_sub(1) as f32
    }

    /// How many rows each column has: the powers fill the first column
    /// from the top, then the next.
    fn per_column(&self) -> usize {
        self.rows.len().div_ceil(self.columns.max(1)).max(1)
    }

    /// The rows side by side on each line, left to right.
    fn lines(&self) -> Vec<Vec<&Row>> {
        let n = self.per_column();
        (0..n).map(|k| self.rows.iter().skip(k).step_by(n).collect()).collect()
    }

    /// The legend's whole height: its rows one under another (beside the
    /// plot) or its lines of columns (under it).
    pub(super) fn height(&self) -> f32 {
        self.lines().iter().map(|line| line.iter().map(|r| self.height_of(r)).fold(0.0, f32::max)).sum()
    }
}

/// The sample of a line at the head of a row, and the gaps around the name.
fn sample(u: f32) -> f32 {
    16.0 * u
}

/// The legend of `chart` on a picture `w` wide (`u` its four-hundredth):
/// beside the plot, at most two fifths of the width, if its rows fit in
/// the plot's height `plot_h` (at 11 units, else at 10); otherwise under
/// it, in as many columns as its widest row allows.
pub(super) fn plan(chart: &Chart, w: f32, u: f32, plot_h: f32) -> Legend {
    let standings = chart.standings();
    let values: Vec<String> = standings.iter().map(|(_, _, v)| v.to_string()).collect();
    let build = |size: f32, room: f32| -> Vec<Row> {
        standings
            .iter()
            .zip(&values)
            .map(|(&(j, name, _), value)| Row {
                series: j,
                lines: wrap(name, size, Face::Regular, room.max(size)),
                value: value.clone(),
            })
            .collect()
    };
    let value_w = |size: f32| values.iter().map(|v| text_width(v, size, Face::Bold)).fold(0.0, f32::max);
    let name_w = |size: f32| standings.iter().map(|(_, n, _)| text_width(n, size, Face::Regular)).fold(0.0, f32::max);
    let fixed = |size: f32| sample(u) + 10.0 * u + value_w(size);
    let least = (MIN_TEXT * u).max(10.0 * u);
    for size in [11.0 * u, least] {
        let column = (fixed(size) + name_w(size) + 2.0 * u).clamp(112.0 * u, w * 0.4);
        let rows = build(size, column - fixed(size));
        let legend = Legend {
            beside: true,
            size,
            column,
            columns: 1,
            rows,
            row_h: (18.0 * u).min((size * 1.45).max(plot_h / standings.len().max(1) as f32)),
            line_h: size * 1.15,
        };
        if legend.height() <= plot_h {
            return legend;
        }
    }
    let size = 11.0 * u;
    let room = w - 20.0 * u;
    let natural = fixed(size) + name_w(size) + 14.0 * u;
    let columns = ((room / natural).floor() as usize).clamp(1, standings.len().max(1));
    let column = room / columns as f32;
    let rows = build(size, column - fixed(size) - 14.0 * u);
    Legend { beside: false, size, column, columns, rows, row_h: 18.0 * u, line_h: size * 1.15 }
}

/// Draws `legend` from `(x, y)`: each row's sample of its power's line
/// with its marker, its name and its last value.
pub(super) fn draw(cv: &mut Canvas, legend: &Legend, (x, y): (f32, f32), looks: &[Look], u: f32) {
    let size = legend.size;
    let mut top = y;
    for line in legend.lines() {
        for (c, row) in line.iter().enumerate() {
            let left = x + c as f32 * legend.column;
            let right = left + legend.column - if legend.beside { 0.0 } else { 14.0 * u };
            let mid = top + legend.row_h / 2.0;
            let Some(look) = looks.get(row.series) else { continue };
            super::marks::stretch(cv, ((left, mid), (left + sample(u), mid)), look, super::LINE * u, u);
            marker(cv, (left + sample(u) / 2.0, mid), super::MARKER * u, look, PANEL);
            let base = mid + size * 0.36;
            cv.text(&row.value, right, base, size, Face::Bold, Align::Right, TEXT);
            for (k, text) in row.lines.iter().enumerate() {
                let by = base + k as f32 * legend.line_h;
                cv.text(text, left + sample(u) + 5.0 * u, by, size, Face::Regular, Align::Left, TEXT);
            }
        }
        top += line.iter().map(|r| legend.height_of(r)).fold(0.0, f32::max);
    }
}
