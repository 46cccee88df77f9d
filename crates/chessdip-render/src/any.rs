//! Drawing any of the five games: the one dispatch from the rules layer's
//! [`Position`] and [`Report`] to the renderer of the position's family.

use super::anim::{AnimError, Frame, Frames, Gif};
use super::canvas::Canvas;
use super::{Stage, Style};
use chessdip_rules::any::{Position, Report};
use chessdip_rules::chess_dip::ChessDipReport;

/// Draws `position`, with a resolved phase's orders and outcomes over it if `report` is given.
#[must_use]
pub fn draw(position: &Position, report: Option<&Report>, style: &Style, caption: &str) -> Canvas {
    match (position, report) {
        (
            Position::ChessDip { variant: v, state: s },
            Some(Report::ChessDip(ChessDipReport::Movement { resolution, orders, .. })),
        ) => super::chess_dip::draw(v, s, super::chess_dip::Overlay::Movement(resolution, orders), style, caption),
        (
            Position::ChessDip { variant: v, state: s },
            Some(Report::ChessDip(ChessDipReport::Adjustment { orders, report, .. })),
        ) => super::chess_dip::draw(v, s, super::chess_dip::Overlay::Adjustment(orders, report), style, caption),
        (Position::ChessDip { variant: v, state: s }, _) => {
            super::chess_dip::draw(v, s, super::chess_dip::Overlay::None, style, caption)
        }
        (Position::DiplomacyChess { variant: v, state: s }, Some(Report::DiplomacyChess(r))) => {
            super::diplomacy_chess::draw(v, s, Some(r), style, caption)
        }
        (Position::DiplomacyChess { variant: v, state: s }, _) => {
            super::diplomacy_chess::draw(v, s, None, style, caption)
        }
        (Position::DiplomatChess { variant: v, state: s }, Some(Report::DiplomatChess(r))) => {
            super::diplomat_chess::draw(v, s, Some(r), style, caption)
        }
        (Position::DiplomatChess { variant: v, state: s }, _) => {
            super::diplomat_chess::draw(v, s, None, style, caption)
        }
        (Position::ChessWheel { variant: v, state: s }, Some(Report::ChessWheel(r))) => {
            super::chess_wheel::draw(v, s, Some(r), style, caption)
        }
        (Position::ChessWheel { variant: v, state: s }, _) => super::chess_wheel::draw(v, s, None, style, caption),
    }
}

/// A resolved phase's `report` as an animation over `position` (the
/// phase's starting position): frames drawn by the still renderers at
/// successive moments of the resolution. `None` when nothing moves,
/// appears or disappears.
#[must_use]
pub fn animate(position: &Position, report: &Report, style: &Style, caption: &str) -> Option<Vec<Frame>> {
    super::anim::collect(|out| animate_into(position, report, style, caption, out))
}

/// [`animate`], each frame given to `out` as it is drawn; `false`, and
/// nothing given, when nothing moves, appears or disappears.
pub fn animate_into(position: &Position, report: &Report, style: &Style, caption: &str, out: &mut dyn Frames) -> bool {
    match (position, report) {
        (
            Position::ChessDip { variant: v, state: s },
            Report::ChessDip(ChessDipReport::Movement { resolution, orders, after }),
        ) => {
            let overlay = super::chess_dip::Overlay::Movement(resolution, orders);
            super::chess_dip::animate_into(v, (s, after), overlay, style, caption, out)
        }
        (
            Position::ChessDip { variant: v, state: s },
            Report::ChessDip(ChessDipReport::Adjustment { orders, report, after }),
        ) => {
            let overlay = super::chess_dip::Overlay::Adjustment(orders, report);
            super::chess_dip::animate_into(v, (s, after), overlay, style, caption, out)
        }
        (Position::DiplomacyChess { variant: v, state: s }, Report::DiplomacyChess(r)) => {
            super::diplomacy_chess::animate_into(v, s, r, style, caption, out)
        }
        (Position::DiplomatChess { variant: v, state: s }, Report::DiplomatChess(r)) => {
            super::diplomat_chess::animate_into(v, s, r, style, caption, out)
        }
        (Position::ChessWheel { variant: v, state: s }, Report::ChessWheel(r)) => {
            super::chess_wheel::animate_into(v, s, r, style, caption, out)
        }
        _ => false,
    }
}

/// The animation of [`animate`] as a GIF, each frame encoded as it is
/// drawn (an animation holds about two frames at a time, not all of
/// them). `None` when nothing moves, appears or disappears.
#[must_use]
pub fn animation_gif(
    position: &Position,
    report: &Report,
    style: &Style,
    caption: &str,
) -> Option<Result<Vec<u8>, AnimError>> {
    let mut gif = Gif::new();
    animate_into(position, report, style, caption, &mut gif).then(|| gif.finish())
}

/// A timelapse of a whole game: one frame a position, each drawn at
/// `style` with its title (`After Spring 1601`, `Start`) in the title bar
/// and its place in the game (`3 of 40`) as the caption, shown
/// [`super::anim::LAPSE_FRAME`] each and the last
/// [`super::anim::LAPSE_LAST`]. The style's result, if any, opens its band
/// under the title of every frame, so that the board stays in one place
/// and no frame has an empty band; frames of different heights are padded
/// at the bottom to the tallest. Empty if there are no positions.
#[must_use]
pub fn timelapse(positions: &[(Position, String)], style: &Style) -> Vec<Frame> {
    let mut frames: Vec<Frame> = (0..positions.len()).map(|i| lapse_frame(positions, style, i)).collect();
    // A longer legend makes a frame taller: every frame is given the
    // tallest one's height, the rows added at the bottom.
    let tallest = frames.iter().map(|f| f.canvas.height()).max().unwrap_or(0);
    for f in &mut frames {
        fit(&mut f.canvas, tallest);
    }
    frames
}

/// The [`timelapse`] of `positions` as a GIF, in the memory of a few
/// frames rather than all of them: the frames are drawn once to learn
/// their heights and palette, and again to encode them as
/// [`super::anim::gif`] would (see [`super::anim::gif_redrawn`]), the same
/// bytes.
///
/// # Errors
/// No positions, or the encoder failing.
pub fn timelapse_gif(positions: &[(Position, String)], style: &Style) -> Result<Vec<u8>, AnimError> {
    Ok(timelapse_within(positions, style, usize::MAX)?.gif)
}

/// A timelapse drawn to fit a file size ([`timelapse_within`]).
#[derive(Debug)]
pub struct Lapse {
    /// The GIF.
    pub gif: Vec<u8>,
    /// It shows every `step`-th position from the first, and the last (1: every position).
    pub step: usize,
    /// How many positions it shows.
    pub shown: usize,
    /// The width it is drawn at (the style's, or less to fit).
    pub width: u32,
}

/// The narrowest a timelapse is drawn to fit a size.
const NARROWEST: u32 = 256;

/// The indices of `n` positions a timelapse showing every `step`-th shows:
/// the first, every `step`-th after it, and the last.
fn every(n: usize, step: usize) -> Vec<usize> {
    let mut picks: Vec<usize> = (0..n).step_by(step.max(1)).collect();
    if picks.last() != Some(&(n - 1)) {
        picks.push(n - 1);
    }
    picks
}

/// The [`timelapse_gif`] of `positions` in at most `limit` bytes: with
/// every position if it fits; if not, with every second, third…
/// position (the first and the last always), as many as fit; and if even
/// two do not, at a smaller width. An attempt that goes over the limit
/// stops at the frame that passes it: what is too large is never drawn to
/// the end, and the size of what was drawn tells how many positions fit.
///
/// # Errors
/// No positions, the encoder failing, or not even the first and the last
/// position at `NARROWEST` pixels fit.
pub fn timelapse_within(positions: &[(Position, String)], style: &Style, limit: usize) -> Result<Lapse, AnimError> {
    let n = positions.len();
    if n == 0 {
        return Err(AnimError::Empty);
    }
    let mut width = style.width;
    loop {
        let style = Style { width, ..style.clone() };
        let survey = super::anim::survey(n, |i| lapse_frame(positions, &style, i))?;
        let mut step = 1;
        loop {
            let picks = every(n, step);
            let tallest = survey.tallest(&picks);
            let mut drawn = 0usize;
            let gif = super::anim::encode_picked(&survey, &picks, limit, |i| {
                drawn += 1;
                let mut f = lapse_frame(positions, &style, i);
                fit(&mut f.canvas, tallest);
                f
            })?;
            if let Some(gif) = gif {
                return Ok(Lapse { gif, step, shown: picks.len(), width });
            }
            if picks.len() <= 2 {
                break;
            }
            // `drawn` frames took the whole limit: aim at four fifths as many,
            // farther apart (each then changes more than its neighbour did).
            let fit = (drawn * 4 / 5).max(2);
            step = (n - 1).div_ceil(fit - 1).max(step + 1);
        }
        if width <= NARROWEST {
            return Err(AnimError::OverLimit(limit));
        }
        width = (width * 2 / 3).max(NARROWEST);
    }
}

/// Frame `i` of the timelapse of `positions`, as drawn: titled with its
/// position's title and its place in the game.
fn lapse_frame(positions: &[(Position, String)], style: &Style, i: usize) -> Frame {
    let n = positions.len();
    let (position, title) = &positions[i];
    let frame_style = Style { heading: Some(title.clone()), ..style.clone() };
    let caption = format!("{} of {n}", i + 1);
    let delay = if i + 1 == n { super::anim::LAPSE_LAST } else { super::anim::LAPSE_FRAME };
    Frame { canvas: draw(position, None, &frame_style, &caption), delay }
}

/// A timelapse frame given empty rows at the bottom up to `height`.
fn fit(canvas: &mut Canvas, height: u32) {
    let h = canvas.height();
    if h < height {
        canvas.insert_band(h, height - h, super::theme::BACKGROUND);
    }
}

/// One of a resolved phase's two images ([`Stage`]): the phase's orders and
/// their outcomes on the position `before` it (captioned `orders`, or
/// `adjustments` for Chess Dip's and Chesspolitik's Winter), or the position
/// `after` it (captioned `position`).
#[must_use]
pub fn stage(before: &Position, after: &Position, report: &Report, stage: Stage, style: &Style) -> Canvas {
    match stage {
        Stage::Orders => {
            let caption = if matches!(report, Report::ChessDip(ChessDipReport::Adjustment { .. })) {
                "adjustments"
            } else {
                "orders"
            };
            draw(before, Some(report), style, caption)
        }
        Stage::Result => draw(after, None, style, "position"),
    }
}
