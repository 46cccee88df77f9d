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
//! a phone.

use super::canvas::{text_width, Align, Canvas, Face, Line, Rgba};
use super::palette::text_on;
use super::theme::{BACKGROUND, TEXT};
use super::{ellipsis, Palette, Style, MIN_TEXT, NOTE};
use crate::rules::any::Position;

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

/// The height of a chart `width` pixels wide (5:8, 640 px for 1024).
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
        Position::Dip { v, .. } => super::dip::power_colours(v, palette),
        Position::Wheel { s, .. } => s.seats().map(|seat| super::wheel::player_colour_in(seat, palette)).collect(),
        Position::Simul { .. } | Position::Diplomat { .. } => {
            let c = super::simul::colours(palette);
            vec![c.white, c.black]
        }
    };
    position.tally().into_iter().map(|(name, _)| name).zip(colours).collect()
}

/// Draws `chart` at `style.width` x [`height`] pixels, the powers in the
/// colours of `position`'s game in `style.palette` ([`colours`]). In a
/// two-player game Black's line is dashed, as its arrows are on the board,
/// so that colour is never the only cue; in every game the legend lists
/// the powers by their last value, highest first, with that value.
#[must_use]
pub fn draw(chart: &Chart, position: &Position, style: &Style) -> Canvas {
    let width = style.width.max(200);
    let (w, h) = (width as f32, height(width) as f32);
    let u = w / 400.0;
    let mut cv = Canvas::new(width, height(width), BACKGROUND);
    let margin = 10.0 * u;
    let small = MIN_TEXT.max(10.5) * u;

    // The title with the result of an ended game on its right (the title
    // keeps its width up to three fifths of the line), and what is counted
    // under it: shrunk to fit, down to the phone minimum, then cut.
    let room = w - 2.0 * margin;
    let mut title_room = room;
    if let Some(result) = chart.result.as_deref().filter(|r| !r.trim().is_empty()) {
        let natural = text_width(&chart.title, 15.0 * u, Face::Bold).min(room * 0.6);
        let (shown, size) = fitted(result, 11.0 * u, MIN_TEXT * u, room - natural - 12.0 * u, Face::Bold);
        let taken = cv.text(&shown, w - margin, 20.0 * u, size, Face::Bold, Align::Right, NOTE);
        title_room = room - taken - 12.0 * u;
    }
    let (title, size) = fitted(&chart.title, 15.0 * u, MIN_TEXT * u, title_room, Face::Bold);
    cv.text(&title, margin, 20.0 * u, size, Face::Bold, Align::Left, TEXT);
    let (subtitle, size) = fitted(&chart.subtitle, 11.0 * u, MIN_TEXT * u, room, Face::Regular);
    cv.text(&subtitle, margin, 36.0 * u, size, Face::Regular, Align::Left, DIM);

    // The values' scale: at most five round steps.
    let values = || chart.series.iter().flat_map(|(_, v)| v.iter().copied());
    let (low, step, high) = scale(values().min().unwrap_or(0), values().max().unwrap_or(0), chart.from_zero);
    let ticks: Vec<u32> = (0..=(high - low) / step).map(|i| low + i * step).collect();
    let tick_w = ticks.iter().map(|t| text_width(&t.to_string(), small, Face::Regular)).fold(0.0, f32::max);

    // The legend's column on the right, the plot to its left.
    let legend_w = 112.0 * u;
    let legend_x = w - margin - legend_w;
    let (top, bottom) = (62.0 * u, h - 32.0 * u);
    let left = margin + tick_w + 5.0 * u;
    let right = legend_x - 12.0 * u;
    cv.rect(left, top, right - left, bottom - top, PANEL);
    cv.text(&chart.unit, left, top - 6.0 * u, small, Face::Regular, Align::Left, DIM);
    let y_of = |v: f32| bottom - (bottom - top) * (v - low as f32) / (high - low) as f32;
    let grid = Line { colour: TEXT.alpha(34), width: (0.5 * u).max(1.0), dash: None };
    for &t in &ticks {
        let y = y_of(t as f32);
        cv.line((left, y), (right, y), &grid);
        cv.text(&t.to_string(), left - 4.0 * u, y + small * 0.36, small, Face::Regular, Align::Right, DIM);
    }

    // The periods: evenly spaced, their labels thinned out to fit.
    let n = chart.labels.len();
    let inset = 8.0 * u;
    let x_of = |i: usize| {
        if n <= 1 {
            (left + right) / 2.0
        } else {
            left + inset + (right - left - 2.0 * inset) * i as f32 / (n - 1) as f32
        }
    };
    let label_w = chart.labels.iter().map(|l| text_width(l, small, Face::Regular)).fold(0.0, f32::max);
    let gap = if n > 1 { (right - left - 2.0 * inset) / (n - 1) as f32 } else { w };
    let every = ((label_w + 6.0 * u) / gap).ceil().max(1.0) as usize;
    let mut shown: Vec<usize> = (0..n).step_by(every).collect();
    if let (Some(&last), true) = (shown.last(), n > 0) {
        if last != n - 1 {
            // The last period always shows: it takes the place of the one before if they would touch.
            if (x_of(n - 1) - x_of(last)) < label_w + 6.0 * u {
                shown.pop();
            }
            shown.push(n - 1);
        }
    }
    let tick = Line { colour: DIM, width: (0.75 * u).max(1.0), dash: None };
    for &i in &shown {
        let x = x_of(i);
        cv.line((x, bottom), (x, bottom + 3.0 * u), &tick);
        cv.text(&chart.labels[i], x, bottom + 14.0 * u, small, Face::Regular, Align::Centre, DIM);
    }
    cv.line((left, bottom), (right, bottom), &tick);
    cv.text(&chart.axis, (left + right) / 2.0, bottom + 28.0 * u, small, Face::Regular, Align::Centre, DIM);

    // The lines. Powers with equal values would hide each other: each line
    // is shifted by up to its width from its neighbours', all of them
    // by less than a third of a unit of the scale, and none out of the plot.
    let named = colours(position, style.palette);
    let colour_of = |name: &str| named.iter().find(|(n, _)| n == name).map_or(DIM, |(_, c)| *c);
    let two_sides = matches!(position, Position::Simul { .. } | Position::Diplomat { .. });
    let k = chart.series.len();
    let unit_h = (bottom - top) / (high - low) as f32;
    let line_w = 2.4 * u;
    let spread = line_w.min(unit_h * 0.6 / k.max(1) as f32);
    for (j, (name, values)) in chart.series.iter().enumerate() {
        let colour = colour_of(name);
        let shift = (j as f32 - (k as f32 - 1.0) / 2.0) * spread;
        let points: Vec<(f32, f32)> = values
            .iter()
            .enumerate()
            .take(n)
            .map(|(i, v)| (x_of(i), (y_of(*v as f32) + shift).clamp(top, bottom)))
            .collect();
        let dash = (two_sides && j == 1).then_some((6.0 * u, 4.0 * u));
        // A dark line on the dark panel gets a light casing.
        if text_on(colour) == Rgba::rgb(0xFF, 0xFF, 0xFF) && colour.luminance() < 0.2 {
            let casing = Line { colour: TEXT.alpha(170), width: line_w + 2.0 * u, dash: None };
            polyline(&mut cv, &points, &casing);
        }
        polyline(&mut cv, &points, &Line { colour, width: line_w, dash });
        if n <= 40 {
            for &(x, y) in &points {
                cv.disc(x, y, 2.6 * u, colour);
            }
        }
    }

    legend(&mut cv, chart, (legend_x, legend_w), (top, bottom), &colour_of, two_sides, u);
    cv
}

/// The legend: a row a power, by its last value (highest first, seat
/// order among equals): its line's sample, its name and the value.
fn legend(
    cv: &mut Canvas,
    chart: &Chart,
    (x, w): (f32, f32),
    (top, bottom): (f32, f32),
    colour_of: &dyn Fn(&str) -> Rgba,
    two_sides: bool,
    u: f32,
) {
    let rows = chart.standings();
    let row_h = (18.0 * u).min((bottom - top) / rows.len().max(1) as f32);
    let size = (11.0 * u).min(row_h * 0.75).max(MIN_TEXT * u);
    let sample = 16.0 * u;
    for (r, (j, name, last)) in rows.iter().enumerate() {
        let colour = colour_of(name);
        let mid = top + row_h * (r as f32 + 0.5);
        let dash = (two_sides && *j == 1).then_some((4.0 * u, 3.0 * u));
        if colour.luminance() < 0.2 {
            cv.line((x, mid), (x + sample, mid), &Line { colour: TEXT.alpha(170), width: 4.4 * u, dash: None });
        }
        cv.line((x, mid), (x + sample, mid), &Line { colour, width: 2.4 * u, dash });
        cv.disc(x + sample / 2.0, mid, 2.6 * u, colour);
        let value = last.to_string();
        let value_w = cv.text(&value, x + w, mid + size * 0.36, size, Face::Bold, Align::Right, TEXT);
        let room = w - sample - 5.0 * u - value_w - 5.0 * u;
        let (shown, _) = fitted(name, size, size, room, Face::Regular);
        cv.text(&shown, x + sample + 5.0 * u, mid + size * 0.36, size, Face::Regular, Align::Left, TEXT);
    }
}

/// Straight segments through `points` (a single point draws nothing).
fn polyline(cv: &mut Canvas, points: &[(f32, f32)], line: &Line) {
    for pair in points.windows(2) {
        cv.line(pair[0], pair[1], line);
    }
}

/// `text` at the largest size from `size` down to `least` at which it fits
/// in `room`; at `least`, cut to fit with an ellipsis if it still does not.
fn fitted(text: &str, size: f32, least: f32, room: f32, face: Face) -> (String, f32) {
    let mut s = size;
    while s > least && text_width(text, s, face) > room {
        s -= 0.5;
    }
    let s = s.max(least);
    if text_width(text, s, face) <= room {
        (text.to_string(), s)
    } else {
        (ellipsis(text, room, s, face), s)
    }
}

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
