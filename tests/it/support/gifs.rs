//! Animated GIFs decoded as a viewer shows them, shared by the animation tests.
#![allow(dead_code)]

/// A decoded animation: every frame composited whole (RGBA, as shown on
/// screen after that frame), with its delay in centiseconds.
pub struct Decoded {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Each frame as shown, and how long.
    pub frames: Vec<(Vec<u8>, u16)>,
}

impl Decoded {
    /// The colour shown at a point of `frame` (clamped into the image).
    #[must_use]
    pub fn pixel(&self, frame: usize, (x, y): (f32, f32)) -> [u8; 3] {
        let x = x.clamp(0.0, self.width as f32 - 1.0) as usize;
        let y = y.clamp(0.0, self.height as f32 - 1.0) as usize;
        let i = (y * self.width as usize + x) * 4;
        let p = &self.frames[frame].0[i..i + 3];
        [p[0], p[1], p[2]]
    }

    /// The index of the last frame.
    #[must_use]
    pub fn last(&self) -> usize {
        self.frames.len() - 1
    }
}

/// Decodes `bytes`: each frame's rectangle drawn over the screen so far,
/// its transparent pixels leaving what was there (disposal "keep").
///
/// # Panics
/// If `bytes` is not a GIF.
#[must_use]
pub fn decode(bytes: &[u8]) -> Decoded {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::RGBA);
    let mut d = opts.read_info(bytes).expect("a GIF");
    let (width, height) = (u32::from(d.width()), u32::from(d.height()));
    let mut screen = vec![0u8; (width * height * 4) as usize];
    let mut frames = Vec::new();
    while let Some(f) = d.read_next_frame().expect("a frame") {
        assert_eq!(f.dispose, gif::DisposalMethod::Keep, "frames build on the one before");
        let (left, top, fw) = (usize::from(f.left), usize::from(f.top), usize::from(f.width));
        for (row, line) in f.buffer.chunks_exact(fw * 4).enumerate() {
            for (col, p) in line.chunks_exact(4).enumerate() {
                if p[3] == 0 {
                    continue;
                }
                let at = ((top + row) * width as usize + left + col) * 4;
                screen[at..at + 4].copy_from_slice(p);
            }
        }
        frames.push((screen.clone(), f.delay));
    }
    Decoded { width, height, frames }
}
