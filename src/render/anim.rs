//! Animated GIFs: frames drawn by the still renderers at successive moments
//! of a resolution, encoded with one palette for the whole animation
//! (chosen from the colours the frames actually use) and each frame stored
//! as the rectangle that changed since the one before.

use super::canvas::Canvas;
use super::quant::{Counts, Lookup};

/// The width animations are drawn at in the bot and the console (Discord
/// shows them inline at about this size; files stay small).
pub const WIDTH: u32 = 768;

/// How long the first frame (the position and the orders, before anything
/// moves) stays, in centiseconds.
pub const HOLD_FIRST: u16 = 120;
/// How long the last frame (the outcome) stays, in centiseconds.
pub const HOLD_LAST: u16 = 200;
/// Frames drawn for one beat (a square travelled, a tick, a fade).
pub const FRAMES_PER_BEAT: usize = 3;
/// How long each in-between frame stays, in centiseconds: a beat of
/// [`FRAMES_PER_BEAT`] frames lasts 0.15 s. (Browsers and Discord show
/// delays under 2 cs as 10 cs, so no frame is shorter than that.)
pub const FRAME_DELAY: u16 = 5;

/// How long each position of a timelapse (a whole game, one frame a
/// resolved phase) stays, in centiseconds.
pub const LAPSE_FRAME: u16 = 50;
/// How long a timelapse's last position stays, in centiseconds.
pub const LAPSE_LAST: u16 = 300;

/// The frames of an animation `beats` beats long: `draw(t)` is called with
/// the time in beats, from 0 (held [`HOLD_FIRST`]) through every
/// `1 / FRAMES_PER_BEAT` of a beat to `beats` (held [`HOLD_LAST`]).
/// Each renderer gives its own meaning to the beats (a square of travel, a
/// tick, a fade) and draws every frame with its still renderer.
pub fn timeline(beats: usize, mut draw: impl FnMut(f32) -> Canvas) -> Vec<Frame> {
    let steps = beats * FRAMES_PER_BEAT;
    let mut frames = Vec::with_capacity(steps + 1);
    frames.push(Frame { canvas: draw(0.0), delay: HOLD_FIRST });
    for k in 1..=steps {
        let t = k as f32 / FRAMES_PER_BEAT as f32;
        let delay = if k == steps { HOLD_LAST } else { FRAME_DELAY };
        frames.push(Frame { canvas: draw(t), delay });
    }
    if steps == 0 {
        frames[0].delay = HOLD_FIRST + HOLD_LAST;
    }
    frames
}

/// `t` (0 to 1) eased in and out, so that a piece starts and stops gently.
#[must_use]
pub fn ease(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// How far through an interval of the timeline `t` is: 0 before `start`,
/// 1 after `end`, linear between.
#[must_use]
pub fn progress(t: f32, start: f32, end: f32) -> f32 {
    if end <= start {
        return if t >= end { 1.0 } else { 0.0 };
    }
    ((t - start) / (end - start)).clamp(0.0, 1.0)
}

/// The point `frac` (0 to 1) of the way along a polyline, by length.
#[must_use]
pub fn along(pts: &[(f32, f32)], frac: f32) -> (f32, f32) {
    let len = |a: (f32, f32), b: (f32, f32)| ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    let total: f32 = pts.windows(2).map(|w| len(w[0], w[1])).sum();
    let mut left = total * frac.clamp(0.0, 1.0);
    for w in pts.windows(2) {
        let d = len(w[0], w[1]);
        if left <= d && d > 0.0 {
            return super::canvas::towards(w[0], w[1], left);
        }
        left -= d;
    }
    pts.last().copied().unwrap_or((0.0, 0.0))
}

/// The point a piece on a path of squares' centres has reached after
/// `squares` squares of travel (fractions between squares), so that a
/// piece crosses one square a beat whatever the path's shape.
#[must_use]
pub fn along_squares(pts: &[(f32, f32)], squares: f32) -> (f32, f32) {
    if pts.len() < 2 {
        return pts.first().copied().unwrap_or((0.0, 0.0));
    }
    let s = squares.clamp(0.0, (pts.len() - 1) as f32);
    let i = (s.floor() as usize).min(pts.len() - 2);
    let f = s - i as f32;
    let (a, b) = (pts[i], pts[i + 1]);
    (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f)
}

/// One frame and how long it stays, in hundredths of a second.
#[derive(Debug)]
pub struct Frame {
    /// The picture (every frame of an animation has the same size).
    pub canvas: Canvas,
    /// How long it is shown, in centiseconds (GIF's unit).
    pub delay: u16,
}

/// Why an animation could not be encoded.
#[derive(Debug, thiserror::Error)]
pub enum AnimError {
    /// There were no frames.
    #[error("an animation needs at least one frame")]
    Empty,
    /// Frames of different sizes.
    #[error("frame {index} is {got:?} pixels, the first frame {want:?}: every frame must have one size")]
    Size {
        /// The frame.
        index: usize,
        /// Its size.
        got: (u32, u32),
        /// The first frame's size.
        want: (u32, u32),
    },
    /// Larger than GIF allows (65535 pixels a side).
    #[error("a GIF is at most 65535 pixels a side, and this one is {0:?}")]
    TooLarge((u32, u32)),
    /// A worker thread compressing frames failed.
    #[error("a thread compressing the animation's frames failed")]
    Worker,
    /// The GIF encoder failed.
    #[error("GIF encoding failed: {0}")]
    Encoding(#[from] gif::EncodingError),
}

/// A rectangle of pixels: x, y, width, height.
type Rect = (usize, usize, usize, usize);

/// The smallest rectangle (x, y, w, h) where `a` and `b` differ, if they do.
fn changed(a: &[u8], b: &[u8], width: usize) -> Option<Rect> {
    let row = width * 4;
    let rows: Vec<usize> =
        (0..a.len() / row).filter(|&y| a[y * row..(y + 1) * row] != b[y * row..(y + 1) * row]).collect();
    let (&top, &bottom) = (rows.first()?, rows.last()?);
    let (mut left, mut right) = (width, 0);
    for y in top..=bottom {
        let (ra, rb) = (&a[y * row..(y + 1) * row], &b[y * row..(y + 1) * row]);
        if let Some(x) = (0..width).find(|&x| ra[x * 4..x * 4 + 4] != rb[x * 4..x * 4 + 4]) {
            left = left.min(x);
        }
        if let Some(x) = (0..width).rev().find(|&x| ra[x * 4..x * 4 + 4] != rb[x * 4..x * 4 + 4]) {
            right = right.max(x);
        }
    }
    Some((left, top, right + 1 - left, bottom + 1 - top))
}

/// The pixels of `rect` in two RGBA images `w` pixels wide, side by side,
/// row by row.
fn rect_pixels<'a>(
    now: &'a [u8],
    before: &'a [u8],
    w: usize,
    (x, y, rw, rh): Rect,
) -> impl Iterator<Item = (&'a [u8], &'a [u8])> {
    (y..y + rh).flat_map(move |row| {
        let start = (row * w + x) * 4;
        let span = start..start + rw * 4;
        now[span.clone()].chunks_exact(4).zip(before[span].chunks_exact(4))
    })
}

/// Frame `i`'s rectangle as palette indices, pixels the frame before
/// already shows left transparent (`keep`): long runs of one index, which
/// LZW packs to almost nothing. Then LZW-compressed, ready to write.
fn encode_part(
    frames: &[Frame],
    w: usize,
    (x, y, rw, rh): Rect,
    i: usize,
    delay: u16,
    keep: u8,
    lookup: &mut Lookup,
) -> gif::Frame<'static> {
    let data = frames[i].canvas.rgba();
    let before = i.checked_sub(1).map(|b| frames[b].canvas.rgba());
    let mut buffer = Vec::with_capacity(rw * rh);
    match before {
        Some(b) => {
            buffer.extend(
                rect_pixels(data, b, w, (x, y, rw, rh)).map(|(p, q)| if p == q { keep } else { lookup.index(p) }),
            )
        }
        None => buffer.extend(rect_pixels(data, data, w, (x, y, rw, rh)).map(|(p, _)| lookup.index(p))),
    }
    let mut frame = gif::Frame {
        delay,
        transparent: before.map(|_| keep),
        dispose: gif::DisposalMethod::Keep,
        left: x as u16,
        top: y as u16,
        width: rw as u16,
        height: rh as u16,
        buffer: buffer.into(),
        ..gif::Frame::default()
    };
    frame.make_lzw_pre_encoded();
    frame
}

/// Encodes `frames` as a GIF that loops forever. A frame identical to the
/// one before only lengthens that one's delay.
///
/// # Errors
/// No frames, frames of different sizes, a side over 65535 pixels, or the
/// encoder failing.
pub fn gif(frames: &[Frame]) -> Result<Vec<u8>, AnimError> {
    let first = frames.first().ok_or(AnimError::Empty)?;
    let (w, h) = (first.canvas.width(), first.canvas.height());
    for (index, f) in frames.iter().enumerate() {
        let got = (f.canvas.width(), f.canvas.height());
        if got != (w, h) {
            return Err(AnimError::Size { index, got, want: (w, h) });
        }
    }
    let (gw, gh) = match (u16::try_from(w), u16::try_from(h)) {
        (Ok(a), Ok(b)) => (a, b),
        _ => return Err(AnimError::TooLarge((w, h))),
    };
    // Each frame: its rectangle of change and its delay (identical frames merged).
    let mut parts: Vec<(Rect, usize, u16)> = vec![((0, 0, w as usize, h as usize), 0, first.delay)];
    for (i, pair) in frames.windows(2).enumerate() {
        match changed(pair[0].canvas.rgba(), pair[1].canvas.rgba(), w as usize) {
            Some(rect) => parts.push((rect, i + 1, pair[1].delay)),
            None => {
                if let Some(last) = parts.last_mut() {
                    last.2 = last.2.saturating_add(pair[1].delay);
                }
            }
        }
    }
    // One palette for every frame, of at most 255 colours (the last index
    // is "unchanged", transparent): every pixel of the first frame, then
    // every pixel that changes in a later one (pieces on the move, flashes),
    // which also weighs them by how long they stay on screen. Outside a
    // frame's rectangle nothing changed.
    let mut counts = Counts::new();
    counts.add_sampled(first.canvas.rgba(), 1);
    for &(rect, i, _) in &parts[1..] {
        for (p, q) in rect_pixels(frames[i].canvas.rgba(), frames[i - 1].canvas.rgba(), w as usize, rect) {
            if p != q {
                counts.add(p);
            }
        }
    }
    let mut colours = counts.colours();
    colours.truncate(255);
    let keep = colours.len() as u8;
    let lookup = Lookup::new(colours);
    let mut flat: Vec<u8> = lookup.palette().iter().flatten().copied().collect();
    flat.extend([0, 0, 0]);
    // Indexing and LZW compression take most of the time, and each frame's
    // are independent: they run on every core, each with its own lookup.
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get).clamp(1, 4);
    let encoded: Vec<gif::Frame<'static>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|k| {
                let (parts, mut lookup) = (&parts, lookup.clone());
                scope.spawn(move || {
                    parts
                        .iter()
                        .enumerate()
                        .filter(|(n, _)| n % threads == k)
                        .map(|(n, &(rect, i, delay))| {
                            (n, encode_part(frames, w as usize, rect, i, delay, keep, &mut lookup))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<(usize, gif::Frame<'static>)> =
            workers.into_iter().flat_map(|t| t.join().unwrap_or_default()).collect();
        all.sort_by_key(|(n, _)| *n);
        all.into_iter().map(|(_, f)| f).collect()
    });
    if encoded.len() != parts.len() {
        return Err(AnimError::Worker);
    }
    let mut out = Vec::new();
    {
        let mut enc = gif::Encoder::new(&mut out, gw, gh, &flat)?;
        enc.set_repeat(gif::Repeat::Infinite)?;
        for frame in &encoded {
            enc.write_lzw_pre_encoded_frame(frame)?;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::Rgba;

    fn canvas(square_at: f32) -> Canvas {
        let mut c = Canvas::new(64, 48, Rgba::rgb(0x2B, 0x2D, 0x31));
        c.rect(square_at, 10.0, 12.0, 12.0, Rgba::rgb(0xE0, 0x26, 0x1B));
        c
    }

    /// The frames as stored: rectangles of palette indices.
    fn stored(bytes: &[u8]) -> Vec<gif::Frame<'static>> {
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::Indexed);
        let mut d = opts.read_info(bytes).expect("decodes");
        let mut out = Vec::new();
        while let Some(f) = d.read_next_frame().expect("frame") {
            out.push(f.clone());
        }
        out
    }

    #[test]
    fn frames_are_the_changed_rectangles_with_their_delays() {
        let frames = vec![
            Frame { canvas: canvas(4.0), delay: 80 },
            Frame { canvas: canvas(20.0), delay: 10 },
            Frame { canvas: canvas(20.0), delay: 10 },
            Frame { canvas: canvas(36.0), delay: 120 },
        ];
        let seen: Vec<_> = stored(&gif(&frames).expect("encodes"))
            .iter()
            .map(|f| (f.left, f.top, f.width, f.height, f.delay))
            .collect();
        // The whole first frame; then only where the square moved; the repeated frame merged into its delay.
        assert_eq!(seen[0], (0, 0, 64, 48, 80));
        assert_eq!(seen[1], (4, 10, 28, 12, 20));
        assert_eq!(seen[2], (20, 10, 28, 12, 120));
        assert_eq!(seen.len(), 3);
    }

    #[test]
    fn later_frames_mark_unchanged_pixels_transparent() {
        let frames = vec![
            Frame { canvas: canvas(4.0), delay: 80 },
            Frame { canvas: canvas(20.0), delay: 10 },
            Frame { canvas: canvas(36.0), delay: 120 },
        ];
        let bytes = gif(&frames).expect("encodes");
        // How many pixels of each frame's rectangle are left as they were.
        let transparent: Vec<Option<usize>> = stored(&bytes)
            .iter()
            .map(|f| f.transparent.map(|t| f.buffer.iter().filter(|&&i| i == t).count()))
            .collect();
        assert_eq!(transparent[0], None, "the first frame is whole");
        // The 12 px square moved 16 px right: the changed rectangle is x 4..32, and in it only the
        // 4 px gap between its two places (x 16..20, 12 rows) shows the background in both frames.
        assert_eq!(transparent[1], Some(4 * 12), "{transparent:?}");
        assert!(screens(&bytes).iter().zip(&frames).all(|((s, _), f)| s.as_slice() == f.canvas.rgba()));
    }

    /// Decodes `bytes` and composites its frames as a viewer shows them.
    fn screens(bytes: &[u8]) -> Vec<(Vec<u8>, u16)> {
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::RGBA);
        let mut d = opts.read_info(bytes).expect("decodes");
        let (w, h) = (usize::from(d.width()), usize::from(d.height()));
        let mut screen = vec![0u8; w * h * 4];
        let mut out = Vec::new();
        while let Some(f) = d.read_next_frame().expect("frame") {
            for row in 0..usize::from(f.height) {
                for col in 0..usize::from(f.width) {
                    let src = (row * usize::from(f.width) + col) * 4;
                    if f.buffer[src + 3] != 0 {
                        let dst = ((row + usize::from(f.top)) * w + col + usize::from(f.left)) * 4;
                        screen[dst..dst + 4].copy_from_slice(&f.buffer[src..src + 4]);
                    }
                }
            }
            out.push((screen.clone(), f.delay));
        }
        out
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config { cases: 48, ..Default::default() })]
        /// Any sequence of frames of flat shapes: the viewer shows each
        /// frame exactly, identical neighbours are merged into one with
        /// their delays added, and the total time is kept.
        #[test]
        fn what_a_viewer_shows_is_every_frame_with_its_time(
            shapes in proptest::collection::vec(
                proptest::collection::vec((0u8..60, 0u8..44, 1u8..20, 1u8..20, 0usize..6), 0..4),
                1..8,
            ),
            delays in proptest::collection::vec(1u16..200, 8),
        ) {
            const COLOURS: [Rgba; 6] = [
                Rgba::rgb(0xE0, 0x26, 0x1B), Rgba::rgb(0x12, 0x6C, 0xE8), Rgba::rgb(0xF2, 0xA9, 0x3B),
                Rgba::rgb(0xFF, 0xFF, 0xFF), Rgba::rgb(0x11, 0x11, 0x11), Rgba::rgb(0x3A, 0xB0, 0x5C),
            ];
            let frames: Vec<Frame> = shapes.iter().zip(&delays).map(|(rects, &delay)| {
                let mut c = Canvas::new(64, 48, Rgba::rgb(0x2B, 0x2D, 0x31));
                for &(x, y, w, h, k) in rects {
                    c.rect(f32::from(x), f32::from(y), f32::from(w), f32::from(h), COLOURS[k]);
                }
                Frame { canvas: c, delay }
            }).collect();
            let shown = screens(&gif(&frames).expect("encodes"));
            // Group the drawn frames into runs of identical neighbours: one shown frame each.
            let mut runs: Vec<(usize, u16)> = Vec::new();
            for (i, f) in frames.iter().enumerate() {
                match runs.last_mut() {
                    Some((j, d)) if i > 0 && frames[*j].canvas.rgba() == f.canvas.rgba() => *d += f.delay,
                    _ => runs.push((i, f.delay)),
                }
            }
            proptest::prop_assert_eq!(shown.len(), runs.len());
            for ((screen, delay), (i, want)) in shown.iter().zip(&runs) {
                proptest::prop_assert!(screen.as_slice() == frames[*i].canvas.rgba(), "frame {} differs", i);
                proptest::prop_assert_eq!(*delay, *want);
            }
        }
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(matches!(gif(&[]), Err(AnimError::Empty)));
        let frames = vec![
            Frame { canvas: canvas(4.0), delay: 10 },
            Frame { canvas: Canvas::new(10, 10, Rgba::rgb(0, 0, 0)), delay: 10 },
        ];
        assert!(matches!(gif(&frames), Err(AnimError::Size { index: 1, .. })));
    }
}
