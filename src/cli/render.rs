//! `chessdip render`: a scenario file drawn as it resolves, as a still
//! image or an animation.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context as _, Result};

use chessdip_render::anim::{Frame, Frames, Gif};
use chessdip_render::canvas::Canvas;
use chessdip_rules::scenario::{self, Scenario};

/// Draws `file`'s phase at `stage` into the PNG `output`.
pub fn render(
    file: &Path,
    output: &Path,
    stage: chessdip_render::Stage,
    style: &chessdip_render::Style,
) -> Result<ExitCode> {
    let s = Scenario::from_file(file).with_context(|| format!("in {}", file.display()))?;
    let r = scenario::run(&s).with_context(|| format!("in {}", file.display()))?;
    let canvas = chessdip_render::any::stage(&r.before, &r.after, &r.phase, stage, style);
    let png = canvas.png()?;
    std::fs::write(output, &png).with_context(|| format!("cannot write {}", output.display()))?;
    say!("{}: {} bytes", output.display(), png.len());
    Ok(ExitCode::SUCCESS)
}

/// Animates `file`'s phase into the GIF `output` (and its frames into `frames_dir`).
pub fn render_animation(
    file: &Path,
    output: &Path,
    style: &chessdip_render::Style,
    frames_dir: Option<&Path>,
) -> Result<ExitCode> {
    let s = Scenario::from_file(file).with_context(|| format!("in {}", file.display()))?;
    let r = scenario::run(&s).with_context(|| format!("in {}", file.display()))?;
    if let Some(dir) = frames_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    // Each frame is encoded (and written as a PNG, if asked) as it is drawn.
    let mut sink = Sink { gif: Gif::new(), dir: frames_dir, frames: 0, cs: 0, size: (0, 0), error: None };
    if !chessdip_render::any::animate_into(&r.before, &r.phase, style, "resolution", &mut sink) {
        bail!(
            "nothing moves, appears or disappears in {}, so there is nothing to animate: render its still image without --animate",
            file.display()
        );
    }
    if let Some(e) = sink.error {
        return Err(e);
    }
    let gif = sink.gif.finish()?;
    std::fs::write(output, &gif).with_context(|| format!("cannot write {}", output.display()))?;
    say!(
        "{}: {} bytes, {} frames, {:.1} s, {}x{} px",
        output.display(),
        gif.len(),
        sink.frames,
        f64::from(sink.cs) / 100.0,
        sink.size.0,
        sink.size.1
    );
    Ok(ExitCode::SUCCESS)
}

/// The frames of `chessdip render --animate`: encoded into the GIF, each
/// written as a PNG into `dir` if one is given, counted for the summary.
struct Sink<'a> {
    gif: Gif,
    dir: Option<&'a Path>,
    frames: usize,
    /// The animation's length, in centiseconds.
    cs: u32,
    size: (u32, u32),
    /// The first frame that could not be written.
    error: Option<anyhow::Error>,
}

impl Frames for Sink<'_> {
    fn keys(&mut self, keys: &[&Canvas]) {
        self.gif.keys(keys);
    }

    fn frame(&mut self, frame: Frame) {
        if let (Some(dir), None) = (self.dir, &self.error) {
            let path = dir.join(format!("frame-{:03}.png", self.frames));
            let written =
                frame.canvas.png().map_err(anyhow::Error::from).and_then(|png| {
                    std::fs::write(&path, png).with_context(|| format!("cannot write {}", path.display()))
                });
            if let Err(e) = written {
                self.error = Some(e);
            }
        }
        self.frames += 1;
        self.cs += u32::from(frame.delay);
        self.size = (frame.canvas.width(), frame.canvas.height());
        self.gif.frame(frame);
    }
}
