//! `chessdip render`: a scenario file drawn as it resolves, as a still
//! image or an animation.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context as _, Result};

use chessdip::scenario::{self, Scenario};

/// Draws `file`'s phase at `stage` into the PNG `output`.
pub fn render(
    file: &Path,
    output: &Path,
    stage: chessdip::render::Stage,
    style: &chessdip::render::Style,
) -> Result<ExitCode> {
    let s = Scenario::from_file(file).with_context(|| format!("in {}", file.display()))?;
    let r = scenario::run(&s).with_context(|| format!("in {}", file.display()))?;
    let canvas = chessdip::render::any::stage(&r.before, &r.after, &r.phase, stage, style);
    let png = canvas.png()?;
    std::fs::write(output, &png).with_context(|| format!("cannot write {}", output.display()))?;
    say!("{}: {} bytes", output.display(), png.len());
    Ok(ExitCode::SUCCESS)
}

/// Animates `file`'s phase into the GIF `output` (and its frames into `frames_dir`).
pub fn render_animation(
    file: &Path,
    output: &Path,
    style: &chessdip::render::Style,
    frames_dir: Option<&Path>,
) -> Result<ExitCode> {
    let s = Scenario::from_file(file).with_context(|| format!("in {}", file.display()))?;
    let r = scenario::run(&s).with_context(|| format!("in {}", file.display()))?;
    let Some(frames) = chessdip::render::any::animate(&r.before, &r.phase, style, "resolution") else {
        bail!(
            "nothing moves, appears or disappears in {}, so there is nothing to animate: render its still image without --animate",
            file.display()
        );
    };
    let gif = chessdip::render::anim::gif(&frames)?;
    std::fs::write(output, &gif).with_context(|| format!("cannot write {}", output.display()))?;
    if let Some(dir) = frames_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        for (i, f) in frames.iter().enumerate() {
            let path = dir.join(format!("frame-{i:03}.png"));
            std::fs::write(&path, f.canvas.png()?).with_context(|| format!("cannot write {}", path.display()))?;
        }
    }
    let cs: u32 = frames.iter().map(|f| u32::from(f.delay)).sum();
    say!(
        "{}: {} bytes, {} frames, {:.1} s, {}x{} px",
        output.display(),
        gif.len(),
        frames.len(),
        f64::from(cs) / 100.0,
        frames[0].canvas.width(),
        frames[0].canvas.height()
    );
    Ok(ExitCode::SUCCESS)
}
