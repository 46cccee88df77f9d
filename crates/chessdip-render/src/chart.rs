//! A chart of a whole game (pure): one line a power over the game's
//! periods (supply centres by year, pieces by cycle, material by turn), in
//! the powers' colours of the game's palette, with a title, the axes'
//! labels and a legend of the powers ordered by their last value; the
//! result of an ended game by the title.
//!
//! Drawn on the project's own [`Canvas`] rather than with `plotters`: the
//! canvas already has anti-aliased thick lines with round caps, dashes,
//! the bundled DejaVu faces and the indexed PNG encoder every board image
//! goes through, and the chart wants nothing more than a few lines, discs
//! and labels. `plotters` would have added a crate (and its font
//! registration) for the same picture, drawn its wide lines without
//! anti-aliasing into a buffer that would then be copied onto a canvas to
//! be encoded, and given the charts a look of their own next to the boards.
//!
//! Sizes are in units of a four-hundredth of the width, so that the
//! picture is the same at any width and its smallest text is
//! [`super::MIN_TEXT`] when shown 400 px wide, as Discord shows images on
//! a phone. Lines are drawn at their true values (`marks` tells apart
//! those that meet), and no text is cut: the title, the result and the
//! legend's names wrap, and a legend too long to stand beside the plot
//! goes under it (`legend`).

mod legend;
mod marks;

use super::canvas::{text_width, Align, Canvas, Face, Line, Rgba};
use super::theme::{BACKGROUND, TEXT};
use super::{wrap, Palette, Style, NOTE};
use chessdip_rules::any::Position;
use marks::Look;

/// The secondary text's colour (subtitle, axes).
const DIM: Rgba = Rgba::rgb(0xB4, 0xB6, 0xBA);
/// The plot area's background, a shade darker than the image's.
const PANEL: Rgba = Rgba::rgb(0x23, 0x24, 0x28);

/// A chart's data: what is counted, and one series a power.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chart {
    /// The title (the game's name: `Chess Dip`).
    pub title: String,
    /// What is counted, and when (`Supply centres at the end of each year`).
    pub subtitle: String,
    /// The label of the values' axis (`centres`, `pieces`, `material`).
    pub unit: String,
    /// The label of the periods' axis (`Year`, `Cycle`, `Turn`, `Move`).
    pub axis: String,
    /// One label a point, in order (`Start`, `1`, `2`).
    pub labels: Vec<String>,
    /// Every power, in seat order, with its value at each point (as many
    /// values as labels).
    pub series: Vec<(String, Vec<u32>)>,
    /// Whether the values' axis starts at zero (counts, where reaching zero
    /// is the story); otherwise, when every value is more than half the
    /// largest, it starts a round step below the lowest, so that a pawn's
    /// difference in a side's material shows.
    pub from_zero: bool,
    /// How the game ended, if it has (`France wins by concession`): drawn
    /// on the right of the title.
    pub result: Option<String>,
}

impl Chart {
    /// Every power's last value with its place in [`Chart::series`], the
    /// highest first (seat order among equals): the legend's order.
    #[must_use]
    pub fn standings(&self) -> Vec<(usize, &str, u32)> {
        let mut rows: Vec<(usize, &str, u32)> = self
            .series
            .iter()
            .enumerate()
            .map(|(j, (name, values))| (j, name.as_str(), values.last().copied().unwrap_or(0)))
            .collect();
        rows.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
        rows
    }
}

/// The height of a chart `width` pixels wide (5:8, 640 px for 1024); a
/// chart whose legend does not fit beside its plot is taller.
#[must_use]
pub const fn height(width: u32) -> u32 {
    width * 5 / 8
}

/// The colour each power of `position`'s game is drawn in with `palette`,
/// by name, in seat order: the board's power colours (Chess Dip,
/// Chesspolitik), the players' colours (Chess Wheel+), or the colours of
/// White's and Black's arrows (Diplomacy Chess and Diplomat Chess).
#[must_use]
pub fn colours(position: &Position, palette: Palette) -> Vec<(String, Rgba)> {
    let colours: Vec<Rgba> = match position {
        Position::ChessDip { variant: v, .. } => super::chess_dip::power_colours(v, palette),
        Position::ChessWheel { state: s, .. } => {
            s.seats().map(|seat| super::chess_wheel::player_colour_in(seat, palette)).collect()
        }
        Position::DiplomacyChess { .. } | Position::DiplomatChess { .. } => {
            let c = super::diplomacy_chess::colours(palette);
            vec![c.white, c.black]
        }
    };
    position.tally().into_iter().map(|(name, _)| name).zip(colours).collect()
}

/// Where everything of a chart goes: its header's lines, the plot's box
/// and scale, and the legend.
struct Frame {
    width: u32,
    height: f32,
    u: f32,
    /// The header's lines (text, size, face, colour) with their baselines.
    header: Vec<((String, f32, Face, Rgba), f32)>,
    /// The result on the title's line, right-aligned, when both fit there.
    result_beside: Option<String>,
    legend: legend::Legend,
    /// The plot's box.
    left: f32,
    right: f32,
    top: f32,
    bottom: f32,
    /// The values' scale: lowest, step, highest.
    scale: (u32, u32, u32),
    /// How many periods.
    n: usize,
}

impl Frame {
    /// The chart's frame at `style.width`: the title, with the result of an
    /// ended game on its right when both fit on one line, else under it,
    /// and what is counted under them (nothing cut or shrunk: a long one
    /// wraps); the plot under them down to the periods' axis; the legend
    /// beside the plot if it fits there, else under the axis (the picture
    /// grows by it).
    fn new(chart: &Chart, style: &Style) -> Frame {
        let width = style.width.max(200);
        let w = width as f32;
        let u = w / 400.0;
        let margin = 10.0 * u;
        let room = w - 2.0 * margin;
        let mut header: Vec<(String, f32, Face, Rgba)> = Vec::new();
        let title_lines = wrap(&chart.title, 15.0 * u, Face::Bold, room);
        let result = chart.result.as_deref().filter(|r| !r.trim().is_empty());
        let result_beside = result
            .filter(|r| {
                title_lines.len() == 1
                    && text_width(&title_lines[0], 15.0 * u, Face::Bold)
                        + 12.0 * u
                        + text_width(r, 11.0 * u, Face::Bold)
                        <= room
            })
            .map(str::to_string);
        for t in &title_lines {
            header.push((t.clone(), 15.0 * u, Face::Bold, TEXT));
        }
        if let (Some(r), None) = (result, &result_beside) {
            for t in wrap(r, 11.0 * u, Face::Bold, room) {
                header.push((t, 11.0 * u, Face::Bold, NOTE));
            }
        }
        for t in wrap(&chart.subtitle, 11.0 * u, Face::Regular, room) {
            header.push((t, 11.0 * u, Face::Regular, DIM));
        }
        let header: Vec<_> = header.into_iter().enumerate().map(|(i, l)| (l, (20.0 + 16.0 * i as f32) * u)).collect();
        let top = header.last().map_or(20.0 * u, |(_, y)| *y) + 26.0 * u;
        let nominal = height(width) as f32;
        let plot_h = (nominal - 32.0 * u - top).max(110.0 * u);
        let legend = legend::plan(chart, w, u, plot_h);
        let bottom = top + plot_h;
        let height = if legend.beside { bottom + 32.0 * u } else { bottom + 36.0 * u + legend.height() + 4.0 * u };
        let values = || chart.series.iter().flat_map(|(_, v)| v.iter().copied());
        let scale = scale(values().min().unwrap_or(0), values().max().unwrap_or(0), chart.from_zero);
        let tick_w =
            ticks(scale).iter().map(|t| text_width(&t.to_string(), SMALL * u, Face::Regular)).fold(0.0, f32::max);
        let left = margin + tick_w + 5.0 * u;
        let right = if legend.beside { w - margin - legend.column - 12.0 * u } else { w - margin };
        Frame {
            width,
            height,
            u,
            header,
            result_beside,
            legend,
            left,
            right,
            top,
            bottom,
            scale,
            n: chart.labels.len(),
        }
    }

    /// The x of period `i`: evenly spaced, inset from the plot's sides.
    fn x_of(&self, i: usize) -> f32 {
        let inset = 8.0 * self.u;
        if self.n <= 1 {
            (self.left + self.right) / 2.0
        } else {
            self.left + inset + (self.right - self.left - 2.0 * inset) * i as f32 / (self.n - 1) as f32
        }
    }

    /// The y of value `v`, on the values' scale.
    fn y_of(&self, v: u32) -> f32 {
        let (low, _, high) = self.scale;
        self.bottom - (self.bottom - self.top) * v.saturating_sub(low) as f32 / (high - low) as f32
    }
}

/// The values of the scale's ticks.
fn ticks((low, step, high): (u32, u32, u32)) -> Vec<u32> {
    (0..=(high - low) / step).map(|i| low + i * step).collect()
}

/// The size of the axes' text, in four-hundredths of the width: above
/// [`super::MIN_TEXT`] when the chart is shown 400 px wide.
const SMALL: f32 = 10.5;

/// Where the point of power `series` (its place in [`Chart::series`]) at
/// period `i` is drawn on `chart` drawn with `style`: at its true value,
/// whatever the other powers' values.
#[must_use]
pub fn point(chart: &Chart, style: &Style, series: usize, i: usize) -> Option<(f32, f32)> {
    let v = *chart.series.get(series)?.1.get(i)?;
    let f = Frame::new(chart, style);
    (i < f.n).then(|| (f.x_of(i), f.y_of(v)))
}

/// Draws `chart` `style.width` pixels wide and [`height`] tall (taller
/// when its legend does not fit beside the plot), the powers in the
/// colours of `position`'s game in `style.palette` ([`colours`]).
///
/// Every line is drawn at its true values. Lines that share a value are
/// told apart by their markers (a shape of each power's own, drawn at
/// every point, stacked largest first where several meet) and by the
/// stripes of a stretch they share (each power's colour in turn along
/// it); in a two-player game Black's line is dashed, as its arrows are on
/// the board, so that colour is never the only cue. The legend lists the
/// powers by their last value, highest first, with that value.
#[must_use]
pub fn draw(chart: &Chart, position: &Position, style: &Style) -> Canvas {
    let f = Frame::new(chart, style);
    let (w, u) = (f.width as f32, f.u);
    let margin = 10.0 * u;
    let small = SMALL * u;
    let mut cv = Canvas::new(f.width, f.height.ceil() as u32, BACKGROUND);
    for ((text, size, face, colour), y) in &f.header {
        cv.text(text, margin, *y, *size, *face, Align::Left, *colour);
    }
    if let Some(r) = &f.result_beside {
        cv.text(r, w - margin, 20.0 * u, 11.0 * u, Face::Bold, Align::Right, NOTE);
    }
    let (left, right, top, bottom) = (f.left, f.right, f.top, f.bottom);
    cv.rect(left, top, right - left, bottom - top, PANEL);
    cv.text(&chart.unit, left, top - 6.0 * u, small, Face::Regular, Align::Left, DIM);
    let grid = Line { colour: TEXT.alpha(34), width: (0.5 * u).max(1.0), dash: None };
    for t in ticks(f.scale) {
        let y = f.y_of(t);
        cv.line((left, y), (right, y), &grid);
        cv.text(&t.to_string(), left - 4.0 * u, y + small * 0.36, small, Face::Regular, Align::Right, DIM);
    }

    // The periods, their labels thinned out to fit.
    let n = f.n;
    let label_w = chart.labels.iter().map(|l| text_width(l, small, Face::Regular)).fold(0.0, f32::max);
    let gap = if n > 1 { f.x_of(1) - f.x_of(0) } else { w };
    let every = ((label_w + 6.0 * u) / gap).ceil().max(1.0) as usize;
    let mut shown: Vec<usize> = (0..n).step_by(every).collect();
    if let (Some(&last), true) = (shown.last(), n > 0) {
        if last != n - 1 {
            // The last period always shows: it takes the place of the one before if they would touch.
            if (f.x_of(n - 1) - f.x_of(last)) < label_w + 6.0 * u {
                shown.pop();
            }
            shown.push(n - 1);
        }
    }
    let tick = Line { colour: DIM, width: (0.75 * u).max(1.0), dash: None };
    for &i in &shown {
        let x = f.x_of(i);
        cv.line((x, bottom), (x, bottom + 3.0 * u), &tick);
        cv.text(&chart.labels[i], x, bottom + 14.0 * u, small, Face::Regular, Align::Centre, DIM);
    }
    cv.line((left, bottom), (right, bottom), &tick);
    cv.text(&chart.axis, (left + right) / 2.0, bottom + 28.0 * u, small, Face::Regular, Align::Centre, DIM);

    // The lines, at their true values.
    let named = colours(position, style.palette);
    let two_sides = matches!(position, Position::DiplomacyChess { .. } | Position::DiplomatChess { .. });
    let looks: Vec<Look> = chart
        .series
        .iter()
        .enumerate()
        .map(|(j, (name, _))| {
            let colour = named.iter().find(|(n, _)| n == name).map_or(DIM, |(_, c)| *c);
            marks::look(j, colour, two_sides, u)
        })
        .collect();
    let value = |j: usize, i: usize| chart.series[j].1.get(i).copied().unwrap_or(0);
    for i in 1..n {
        // The powers whose stretch from point i - 1 to point i is the same, together.
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for j in 0..chart.series.len() {
            match groups.iter_mut().find(|g| value(g[0], i - 1) == value(j, i - 1) && value(g[0], i) == value(j, i)) {
                Some(g) => g.push(j),
                None => groups.push(vec![j]),
            }
        }
        for g in groups {
            let ends = ((f.x_of(i - 1), f.y_of(value(g[0], i - 1))), (f.x_of(i), f.y_of(value(g[0], i))));
            if let [j] = g[..] {
                marks::stretch(&mut cv, ends, &looks[j], LINE * u, u);
            } else {
                let shared: Vec<Look> = g.iter().map(|&j| looks[j]).collect();
                marks::shared(&mut cv, ends, &shared, LINE * u, 7.0 * u, u);
            }
        }
    }
    // The markers: at every point while there is room (40 periods), and
    // at the last point always.
    for i in (0..n).filter(|&i| n <= 40 || i + 1 == n) {
        let mut groups: Vec<(u32, Vec<Look>)> = Vec::new();
        for (j, look) in looks.iter().enumerate() {
            let v = value(j, i);
            match groups.iter_mut().find(|(gv, _)| *gv == v) {
                Some((_, g)) => g.push(*look),
                None => groups.push((v, vec![*look])),
            }
        }
        for (v, g) in groups {
            marks::stacked(&mut cv, (f.x_of(i), f.y_of(v)), &g, MARKER * u, PANEL);
        }
    }

    let at = if f.legend.beside { (w - margin - f.legend.column, top) } else { (margin, bottom + 36.0 * u) };
    legend::draw(&mut cv, &f.legend, at, &looks, u);
    cv
}

/// A line's width and a marker's radius, in four-hundredths of the width.
const LINE: f32 = 2.4;
const MARKER: f32 = 2.6;

/// The values' axis for values from `min` to `max`: (lowest, step,
/// highest), round numbers at most five steps apart. From zero if
/// `from_zero` or if the lowest value is at most half the largest;
/// otherwise from a round number below `min`, the axis spanning at least
/// a quarter of `max` (and 4), so that small changes do not look large.
fn scale(min: u32, max: u32, from_zero: bool) -> (u32, u32, u32) {
    let want = if from_zero || min.saturating_mul(2) <= max {
        0
    } else {
        let span = ((max - min) * 5 / 4 + 1).max(max / 4).max(4);
        max.saturating_sub(span)
    };
    let step = nice_step(max - want);
    let low = want / step * step;
    (low, step, low + (max - low).div_ceil(step).max(1) * step)
}

/// A round step (1, 2, 5, 10, 20, 50...) that divides 0..=`most` into
/// at most five intervals.
fn nice_step(most: u32) -> u32 {
    let mut base = 1u32;
    loop {
        for m in [1, 2, 5] {
            let step = base.saturating_mul(m);
            if most.div_ceil(step.max(1)) <= 5 || step == u32::MAX {
                return step.max(1);
            }
        }
        base = base.saturating_mul(10);
    }
}

#[cfg(test)]
mod tests {
    use super::{nice_step, scale};

    #[test]
    fn counts_start_at_zero_and_close_totals_a_little_below_the_lowest() {
        assert_eq!(scale(3, 7, true), (0, 2, 8));
        assert_eq!(scale(0, 0, true), (0, 1, 1));
        assert_eq!(scale(38, 39, true), (0, 10, 40));
        assert_eq!(scale(38, 39, false), (30, 2, 40));
        assert_eq!(scale(10, 39, false), (0, 10, 40), "far apart: from zero");
        for (min, max) in [(1, 2), (20, 25), (90, 100), (5, 5)] {
            let (low, step, high) = scale(min, max, false);
            assert!(low <= min && high >= max && (high - low) / step <= 5, "{min}..{max}: {low} {step} {high}");
        }
    }

    #[test]
    fn steps_are_round_and_give_at_most_five_intervals() {
        for (most, step) in [(0, 1), (4, 1), (5, 1), (6, 2), (10, 2), (11, 5), (25, 5), (39, 10), (120, 50)] {
            assert_eq!(nice_step(most), step, "{most}");
        }
        for most in 0..2000 {
            let s = nice_step(most);
            assert!(most.div_ceil(s) <= 5, "{most}: {s}");
        }
    }
}
