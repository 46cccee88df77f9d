//! Animated GIFs: frames drawn by the still renderers at successive moments
//! of a resolution ([`timeline`]), given one by one to a [`Frames`] sink:
//! kept in a `Vec` to look at them, or encoded as they come by a [`Gif`]
//! (an [`Encoder`]) with one palette for the whole animation and each
//! frame stored as the rectangle that changed since the one before, so
//! that an animation holds about two frames, however long it is.

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

/// Where an animation's frames go, one by one, as they are drawn: a
/// `Vec<Frame>` keeps them all (to look at them), a [`Gif`] encodes each
/// as it comes and keeps none.
pub trait Frames {
    /// The pictures every frame is drawn from (the first and last frames,
    /// the layer the pieces move over), given once before the first frame:
    /// a GIF chooses its palette from them.
    fn keys(&mut self, keys: &[&Canvas]) {
        let _ = keys;
    }

    /// The next frame.
    fn frame(&mut self, frame: Frame);
}

impl Frames for Vec<Frame> {
    fn frame(&mut self, frame: Frame) {
        self.push(frame);
    }
}

/// An animation encoded as a GIF while it is drawn ([`Encoder`]): memory
/// for about two frames and the output, however many frames it has. Its
/// palette comes from the renderer's [`Frames::keys`] (or, if it gives
/// none, from the first frame). The first error is kept and reported by
/// [`Gif::finish`]; frames after it are dropped.
#[derive(Debug, Default)]
pub struct Gif {
    encoder: Option<Encoder>,
    error: Option<AnimError>,
}

impl Gif {
    /// Nothing drawn yet.
    #[must_use]
    pub fn new() -> Gif {
        Gif::default()
    }

    /// The GIF's bytes, after the last frame.
    ///
    /// # Errors
    /// No frame was drawn, frames of different sizes, or the encoder failing.
    pub fn finish(self) -> Result<Vec<u8>, AnimError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        self.encoder.ok_or(AnimError::Empty)?.finish()
    }

    fn keep(&mut self, r: Result<(), AnimError>) {
        if let Err(e) = r {
            self.error.get_or_insert(e);
        }
    }
}

impl Frames for Gif {
    fn keys(&mut self, keys: &[&Canvas]) {
        if self.encoder.is_none() && self.error.is_none() {
            let made = Encoder::new(keys).map(|e| self.encoder = Some(e));
            self.keep(made);
        }
    }

    fn frame(&mut self, frame: Frame) {
        if self.error.is_some() {
            return;
        }
        if self.encoder.is_none() {
            self.keys(&[&frame.canvas]);
        }
        if let Some(e) = &mut self.encoder {
            let pushed = e.push(frame);
            self.keep(pushed);
        }
    }
}

/// Draws the frames of an animation `beats` beats long into `out`, one
/// by one: `draw(t)` is called with the time in beats, from 0 (held
/// [`HOLD_FIRST`]) through every `1 / FRAMES_PER_BEAT` of a beat to
/// `beats` (held [`HOLD_LAST`]). Each renderer gives its own meaning to
/// the beats (a square of travel, a tick, a fade) and draws every frame
/// with its still renderer.
pub fn timeline(beats: usize, out: &mut dyn Frames, mut draw: impl FnMut(f32) -> Canvas) {
    let steps = beats * FRAMES_PER_BEAT;
    let first = if steps == 0 { HOLD_FIRST + HOLD_LAST } else { HOLD_FIRST };
    out.frame(Frame { canvas: draw(0.0), delay: first });
    for k in 1..=steps {
        let t = k as f32 / FRAMES_PER_BEAT as f32;
        let delay = if k == steps { HOLD_LAST } else { FRAME_DELAY };
        out.frame(Frame { canvas: draw(t), delay });
    }
}

/// The frames an animation drawn by `animate` into a sink gives, all
/// kept, or `None` if `animate` says there is nothing to animate.
pub fn collect(animate: impl FnOnce(&mut dyn Frames) -> bool) -> Option<Vec<Frame>> {
    let mut frames = Vec::new();
    animate(&mut frames).then_some(frames)
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
    /// Over the bytes it may have, even with its fewest frames at its smallest size.
    #[error("the animation does not fit in {0} bytes, even with two frames at the smallest size")]
    OverLimit(usize),
    /// The GIF encoder failed.
    #[error("GIF encoding failed: {0}")]
    Encoding(#[from] gif::EncodingError),
}

/// A rectangle of pixels: x, y, width, height.
type Rect = (usize, usize, usize, usize);

/// The pixels of RGBA `data` as one word each.
fn words(data: &[u8]) -> impl DoubleEndedIterator<Item = u32> + ExactSizeIterator + '_ {
    data.chunks_exact(4).map(|p| u32::from_ne_bytes([p[0], p[1], p[2], p[3]]))
}

/// The smallest rectangle (x, y, w, h) where `a` and `b` differ, if they do.
fn changed(a: &[u8], b: &[u8], width: usize) -> Option<Rect> {
    let row = width * 4;
    let differs = |y: usize| a[y * row..(y + 1) * row] != b[y * row..(y + 1) * row];
    let rows = a.len() / row.max(1);
    let top = (0..rows).find(|&y| differs(y))?;
    let bottom = (top..rows).rev().find(|&y| differs(y)).unwrap_or(top);
    let (mut left, mut right) = (width, 0);
    for y in top..=bottom {
        let (ra, rb) = (&a[y * row..(y + 1) * row], &b[y * row..(y + 1) * row]);
        // Only the columns outside what is known to change need looking at.
        if ra[..left * 4] != rb[..left * 4] {
            left = words(&ra[..left * 4]).zip(words(&rb[..left * 4])).position(|(p, q)| p != q).unwrap_or(left);
        }
        let from = (right + 1).max(left);
        if from < width && ra[from * 4..] != rb[from * 4..] {
            let (ta, tb) = (&ra[from * 4..], &rb[from * 4..]);
            if let Some(x) = words(ta).zip(words(tb)).rposition(|(p, q)| p != q) {
                right = right.max(from + x);
            }
        }
    }
    Some((left, top, right + 1 - left, bottom + 1 - top))
}

/// The palette indices of RGBA `data`, appended to `out`: a run of one
/// colour (most of a board) looked up once.
fn index_run(data: &[u8], lookup: &mut Lookup, out: &mut Vec<u8>) {
    // No pixel looked up yet: every word is a colour (opaque white is u32::MAX).
    let mut last: Option<(u32, u8)> = None;
    for p in data.chunks_exact(4) {
        let word = u32::from_ne_bytes([p[0], p[1], p[2], p[3]]);
        let index = match last {
            Some((w, i)) if w == word => i,
            _ => lookup.index(p),
        };
        last = Some((word, index));
        out.push(index);
    }
}

/// The GIF of an animation, written frame by frame as the frames are
/// drawn: only the frame before is kept (to find what changed) and the
/// one before it as compressed bytes (its delay grows while identical
/// frames follow), so an animation's memory is about two frames and the
/// output, whatever its length.
///
/// One palette serves every frame (at most 255 colours, the last index
/// being "unchanged", transparent), chosen before the first frame from the
/// pictures the animation is drawn over ([`Encoder::new`]); each frame
/// after the first is stored as the rectangle that changed, the pixels the
/// frame before already shows left transparent (long runs of one index,
/// which LZW packs to almost nothing).
pub struct Encoder {
    size: (u32, u32),
    lookup: Lookup,
    keep: u8,
    min_code: u8,
    out: gif::Encoder<Vec<u8>>,
    /// The last frame given, to find what the next one changes.
    before: Option<Canvas>,
    /// The last frame encoded, not yet written: its delay may still grow.
    pending: Option<gif::Frame<'static>>,
    /// How many frames were given.
    given: usize,
    /// Scratch room for a frame's indices, kept between frames.
    indices: Vec<u8>,
    /// The LZW coder's table, kept between frames.
    table: super::lzw::Table,
}

impl std::fmt::Debug for Encoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Encoder").field("size", &self.size).field("given", &self.given).finish_non_exhaustive()
    }
}

impl Encoder {
    /// An encoder for frames of the size of `keys`, with its palette chosen
    /// from every pixel of `keys`: the pictures every frame is drawn from
    /// (the first and last frames, the layer the pieces move over), whose
    /// colours are those of the frames in between, but for the edges of
    /// moving pieces and the shades of fades, which take the nearest
    /// colour.
    ///
    /// # Errors
    /// No keys, keys of different sizes, or a side over 65535 pixels.
    pub fn new(keys: &[&Canvas]) -> Result<Encoder, AnimError> {
        let first = keys.first().ok_or(AnimError::Empty)?;
        let want = (first.width(), first.height());
        let mut counts = Counts::new();
        for (index, k) in keys.iter().enumerate() {
            let got = (k.width(), k.height());
            if got != want {
                return Err(AnimError::Size { index, got, want });
            }
            counts.add_sampled(k.rgba(), 1);
        }
        Encoder::with_colours(want, counts.colours())
    }

    /// An encoder for frames of `size` with the palette `colours` (the
    /// first 255 used).
    fn with_colours((w, h): (u32, u32), mut colours: Vec<[u8; 3]>) -> Result<Encoder, AnimError> {
        let (gw, gh) = match (u16::try_from(w), u16::try_from(h)) {
            (Ok(a), Ok(b)) => (a, b),
            _ => return Err(AnimError::TooLarge((w, h))),
        };
        colours.truncate(255);
        let keep = colours.len() as u8;
        let lookup = Lookup::new(colours);
        let mut flat: Vec<u8> = lookup.palette().iter().flatten().copied().collect();
        flat.extend([0, 0, 0]);
        let min_code = (u32::from(keep) + 1).max(4).next_power_of_two().trailing_zeros() as u8;
        let mut out = gif::Encoder::new(Vec::new(), gw, gh, &flat)?;
        out.set_repeat(gif::Repeat::Infinite)?;
        Ok(Encoder {
            size: (w, h),
            lookup,
            keep,
            min_code,
            out,
            before: None,
            pending: None,
            given: 0,
            indices: Vec::new(),
            table: super::lzw::Table::new(),
        })
    }

    /// Encodes the next frame (a frame identical to the one before only
    /// lengthens that one's delay).
    ///
    /// # Errors
    /// A frame of another size than the encoder's, or the encoder failing.
    pub fn push(&mut self, frame: Frame) -> Result<(), AnimError> {
        let before = self.before.take();
        let done = self.add(&frame.canvas, before.as_ref(), frame.delay, None);
        self.before = Some(if done.is_ok() { frame.canvas } else { before.unwrap_or(frame.canvas) });
        done
    }

    /// Encodes `now`, shown for `delay`, after `before` (the frame before
    /// it, if any); `known`: what changed from `before`, if already found.
    fn add(
        &mut self,
        now: &Canvas,
        before: Option<&Canvas>,
        delay: u16,
        known: Option<Option<Rect>>,
    ) -> Result<(), AnimError> {
        let index = self.given;
        let got = (now.width(), now.height());
        if got != self.size {
            return Err(AnimError::Size { index, got, want: self.size });
        }
        self.given += 1;
        let w = self.size.0 as usize;
        let rect = match before {
            None => (0, 0, w, self.size.1 as usize),
            Some(b) => match known.unwrap_or_else(|| changed(b.rgba(), now.rgba(), w)) {
                Some(rect) => rect,
                None => {
                    if let Some(p) = &mut self.pending {
                        p.delay = p.delay.saturating_add(delay);
                    }
                    return Ok(());
                }
            },
        };
        let frame = self.encode_rect(now.rgba(), before.map(Canvas::rgba), rect, delay);
        if let Some(p) = self.pending.replace(frame) {
            self.out.write_lzw_pre_encoded_frame(&p)?;
        }
        Ok(())
    }

    /// The rectangle `rect` of `now` as palette indices, pixels `before`
    /// already shows left transparent, LZW-compressed and ready to write.
    fn encode_rect(
        &mut self,
        now: &[u8],
        before: Option<&[u8]>,
        (x, y, rw, rh): Rect,
        delay: u16,
    ) -> gif::Frame<'static> {
        let w = self.size.0 as usize;
        let (keep, lookup, buffer, table) = (self.keep, &mut self.lookup, &mut self.indices, &mut self.table);
        buffer.clear();
        for row in y..y + rh {
            let span = (row * w + x) * 4..(row * w + x + rw) * 4;
            let n = &now[span.clone()];
            match before.map(|b| &b[span]) {
                None => index_run(n, lookup, buffer),
                Some(b) if b == n => buffer.extend(std::iter::repeat_n(keep, rw)),
                Some(b) => {
                    // Stretches of 16 pixels the frame before shows too, then pixel by pixel.
                    for (nc, bc) in n.chunks(64).zip(b.chunks(64)) {
                        if nc == bc {
                            buffer.extend(std::iter::repeat_n(keep, nc.len() / 4));
                            continue;
                        }
                        for (p, q) in nc.chunks_exact(4).zip(words(bc)) {
                            let word = u32::from_ne_bytes([p[0], p[1], p[2], p[3]]);
                            buffer.push(if word == q { keep } else { lookup.index(p) });
                        }
                    }
                }
            }
        }
        let mut body = Vec::with_capacity(buffer.len() / 8 + 16);
        super::lzw::encode(buffer, self.min_code, table, &mut body);
        gif::Frame {
            delay,
            transparent: before.map(|_| keep),
            dispose: gif::DisposalMethod::Keep,
            left: x as u16,
            top: y as u16,
            width: rw as u16,
            height: rh as u16,
            buffer: body.into(),
            ..gif::Frame::default()
        }
    }

    /// The bytes of the GIF written so far (the last frame given is held
    /// back until the next, which may lengthen its delay).
    #[must_use]
    pub fn written(&self) -> usize {
        self.out.get_ref().len()
    }

    /// The GIF, after the last frame.
    ///
    /// # Errors
    /// No frame was given, or the encoder failed.
    pub fn finish(mut self) -> Result<Vec<u8>, AnimError> {
        let last = self.pending.take().ok_or(AnimError::Empty)?;
        self.out.write_lzw_pre_encoded_frame(&last)?;
        Ok(self.out.into_inner()?)
    }
}

/// Counts, for the palette of [`gif`], the pixels of `now` that differ
/// from `before` inside their changed rectangle `rect` (`w` pixels a row).
fn count_changes(counts: &mut Counts, (before, now): (&[u8], &[u8]), w: usize, rect: Option<Rect>) {
    let Some((x, y, rw, rh)) = rect else { return };
    for r in y..y + rh {
        let span = (r * w + x) * 4..(r * w + x + rw) * 4;
        for (p, q) in now[span.clone()].chunks_exact(4).zip(words(&before[span])) {
            if u32::from_ne_bytes([p[0], p[1], p[2], p[3]]) != q {
                counts.add(p);
            }
        }
    }
}

/// Encodes `frames` as a GIF that loops forever. A frame identical to the
/// one before only lengthens that one's delay. The palette is chosen from
/// every pixel of the first frame and every pixel that changes in a later
/// one (pieces on the move, flashes), which also weighs them by how long
/// they stay on screen; animations drawn frame by frame use an
/// [`Encoder`] instead, and hold no more than a frame or two.
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
    let mut counts = Counts::new();
    counts.add_sampled(first.canvas.rgba(), 1);
    let rects: Vec<Option<Rect>> =
        frames.windows(2).map(|pair| changed(pair[0].canvas.rgba(), pair[1].canvas.rgba(), w as usize)).collect();
    for (pair, rect) in frames.windows(2).zip(&rects) {
        count_changes(&mut counts, (pair[0].canvas.rgba(), pair[1].canvas.rgba()), w as usize, *rect);
    }
    let mut enc = Encoder::with_colours((w, h), counts.colours())?;
    enc.add(&first.canvas, None, first.delay, None)?;
    for (pair, rect) in frames.windows(2).zip(rects) {
        enc.add(&pair[1].canvas, Some(&pair[0].canvas), pair[1].delay, Some(rect))?;
    }
    enc.finish()
}

/// The GIF `gif` makes of the `n` frames `draw(0)`, `draw(1)`…, in the
/// memory of two frames: every frame is drawn twice, once to choose the
/// palette as `gif` does ([`survey`]) and once to encode it
/// ([`encode_picked`]; for animations whose frames cannot be known ahead,
/// such as a whole game's timelapse, where every frame is a different
/// position).
///
/// # Errors
/// As `gif`.
pub fn gif_redrawn(n: usize, mut draw: impl FnMut(usize) -> Frame) -> Result<Vec<u8>, AnimError> {
    let survey = survey(n, &mut draw)?;
    let all: Vec<usize> = (0..n).collect();
    encode_picked(&survey, &all, usize::MAX, draw)?.ok_or(AnimError::Empty)
}

/// What a first pass over the frames of an animation drawn twice learns:
/// the colours its palette is chosen from, and each frame's size.
#[derive(Debug)]
pub struct Survey {
    /// The palette's colours, most used first.
    colours: Vec<[u8; 3]>,
    sizes: Vec<(u32, u32)>,
}

impl Survey {
    /// The size of frame `i` as drawn.
    #[must_use]
    pub fn size(&self, i: usize) -> Option<(u32, u32)> {
        self.sizes.get(i).copied()
    }

    /// The height of the tallest of the frames `picks`.
    #[must_use]
    pub fn tallest(&self, picks: &[usize]) -> u32 {
        picks.iter().filter_map(|&i| self.size(i)).map(|(_, h)| h).max().unwrap_or(0)
    }
}

/// Draws the frames `draw(0)`… `draw(n - 1)` once and counts their colours
/// as `gif` does: every pixel of the first frame, then every pixel that
/// changes from one frame to the next (every pixel of a frame whose height
/// differs from the one before). Frames may differ in height (the encoder
/// is given them padded to the tallest), not in width.
///
/// # Errors
/// No frames, or frames of different widths.
pub fn survey(n: usize, mut draw: impl FnMut(usize) -> Frame) -> Result<Survey, AnimError> {
    if n == 0 {
        return Err(AnimError::Empty);
    }
    let mut counts = Counts::new();
    let mut sizes = Vec::with_capacity(n);
    let mut before: Option<Frame> = None;
    for i in 0..n {
        let now = draw(i);
        let size = (now.canvas.width(), now.canvas.height());
        match &before {
            Some(b) if b.canvas.width() != size.0 => {
                return Err(AnimError::Size { index: i, got: size, want: (b.canvas.width(), size.1) });
            }
            Some(b) if b.canvas.height() == size.1 => {
                let (a, c) = (b.canvas.rgba(), now.canvas.rgba());
                count_changes(&mut counts, (a, c), size.0 as usize, changed(a, c, size.0 as usize));
            }
            _ => counts.add_sampled(now.canvas.rgba(), 1),
        }
        sizes.push(size);
        before = Some(now);
    }
    Ok(Survey { colours: counts.colours(), sizes })
}

/// Encodes the frames `draw(i)` for each `i` of `picks`, in that order,
/// with the palette [`survey`] chose. `None` as soon as the GIF so far
/// passes `limit` bytes: the frames after it are not drawn, so an
/// animation too large for where it goes costs no more than what would
/// have fitted.
///
/// # Errors
/// No picks, a frame of another size than the first, or the encoder failing.
pub fn encode_picked(
    survey: &Survey,
    picks: &[usize],
    limit: usize,
    mut draw: impl FnMut(usize) -> Frame,
) -> Result<Option<Vec<u8>>, AnimError> {
    let mut enc: Option<Encoder> = None;
    for &i in picks {
        let frame = draw(i);
        let enc = match &mut enc {
            Some(e) => e,
            None => enc
                .insert(Encoder::with_colours((frame.canvas.width(), frame.canvas.height()), survey.colours.clone())?),
        };
        enc.push(frame)?;
        if enc.written() > limit {
            return Ok(None);
        }
    }
    let gif = enc.ok_or(AnimError::Empty)?.finish()?;
    Ok((gif.len() <= limit).then_some(gif))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canvas::Rgba;

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
    fn a_first_pixel_of_opaque_white_is_shown_white() {
        // Opaque white is the word u32::MAX: it once passed for "no pixel
        // yet" and took the index of the colour before it (none: index 0).
        let mut c = Canvas::new(8, 4, Rgba::rgb(0x2B, 0x2D, 0x31));
        c.rect(0.0, 0.0, 1.0, 1.0, Rgba::rgb(0xFF, 0xFF, 0xFF));
        let frames = [Frame { canvas: c, delay: 10 }];
        let shown = screens(&gif(&frames).expect("encodes"));
        assert!(shown[0].0 == frames[0].canvas.rgba(), "{:?}", &shown[0].0[..8]);
    }

    #[test]
    fn frames_encoded_as_drawn_show_what_was_drawn() {
        // Drawn by a timeline into a Gif: the flat colours of every frame
        // are in its keys, so a viewer shows each frame exactly, with the
        // timeline's delays (the repeated frame merged into its neighbour).
        let at = |t: f32| if (1.0..2.0).contains(&t) { 20.0 } else { (4.0 + 16.0 * t).round() };
        let mut gif = Gif::new();
        let mut drawn = Vec::new();
        gif.keys(&[&canvas(4.0)]);
        timeline(2, &mut gif, |t| canvas(at(t)));
        timeline(2, &mut drawn, |t| canvas(at(t)));
        let bytes = gif.finish().expect("encodes");
        let shown = screens(&bytes);
        // 4, 9, 15, 20 (held three frames), 36.
        assert_eq!(drawn.len(), 7);
        assert_eq!(shown.len(), 5);
        let kept = [0, 1, 2, 3, 6];
        for ((screen, delay), &i) in shown.iter().zip(&kept) {
            assert!(screen.as_slice() == drawn[i].canvas.rgba(), "frame {i}");
            let merged: u16 = if i == 3 { drawn[3..6].iter().map(|f| f.delay).sum() } else { drawn[i].delay };
            assert_eq!(*delay, merged, "frame {i}");
        }
        assert_eq!(bytes, gif_of_keys(&[&canvas(4.0)], &drawn), "the same bytes as encoding them all at the end");
    }

    /// `frames` encoded at once through an encoder with the palette of `keys`.
    fn gif_of_keys(keys: &[&Canvas], frames: &[Frame]) -> Vec<u8> {
        let mut enc = Encoder::new(keys).expect("encoder");
        for f in frames {
            enc.push(Frame { canvas: f.canvas.clone(), delay: f.delay }).expect("pushed");
        }
        enc.finish().expect("finished")
    }

    #[test]
    fn a_streamed_animation_refuses_what_gif_refuses() {
        assert!(matches!(Gif::new().finish(), Err(AnimError::Empty)));
        let mut gif = Gif::new();
        gif.frame(Frame { canvas: canvas(4.0), delay: 10 });
        gif.frame(Frame { canvas: Canvas::new(10, 10, Rgba::rgb(0, 0, 0)), delay: 10 });
        gif.frame(Frame { canvas: canvas(8.0), delay: 10 });
        let err = gif.finish().expect_err("frames of two sizes");
        assert!(matches!(err, AnimError::Size { index: 1, got: (10, 10), want: (64, 48) }), "{err}");
        assert!(matches!(Encoder::new(&[]), Err(AnimError::Empty)));
        let wide = Canvas::new(70_000, 1, Rgba::rgb(0, 0, 0));
        assert!(matches!(Encoder::new(&[&wide]), Err(AnimError::TooLarge((70_000, 1)))));
    }

    #[test]
    fn frames_drawn_twice_give_the_gif_of_all_frames() {
        let frames: Vec<Frame> =
            [4.0, 20.0, 20.0, 36.0, 9.5].iter().map(|&x| Frame { canvas: canvas(x), delay: 10 + x as u16 }).collect();
        let again = |i: usize| Frame { canvas: frames[i].canvas.clone(), delay: frames[i].delay };
        assert_eq!(gif_redrawn(frames.len(), again).expect("encodes"), gif(&frames).expect("encodes"));
        assert!(matches!(gif_redrawn(0, again), Err(AnimError::Empty)));
        let odd = |i: usize| Frame {
            canvas: if i == 2 { Canvas::new(9, 9, Rgba::rgb(0, 0, 0)) } else { canvas(4.0) },
            delay: 5,
        };
        assert!(matches!(gif_redrawn(3, odd), Err(AnimError::Size { index: 2, .. })));
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
