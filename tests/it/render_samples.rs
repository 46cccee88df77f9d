//! The README's sample images (`docs/images/*.txt`, one scenario each, any
//! game) drawn as a phone shows them: every label at least
//! [`MIN_TEXT_400`] pixels tall at 400 px wide, and every PNG at 1024 px
//! under [`MAX_PNG`]; every animation at 768 px under [`MAX_GIF`], held
//! at both ends, and present in `docs/images` exactly when something moves.
//! `CHESSDIP_WRITE_SAMPLES=1` also writes each image next to its scenario
//! (`X.png`, `X-result.png`, `X-cb.png`, `X-400.png`, `X.gif`), which is
//! how the README's samples are refreshed.

use crate::support::scenes;

use std::path::{Path, PathBuf};

use chessdip_render::{Palette, Stage, Style};
use chessdip_rules::scenario::Scenario;

/// The smallest font size, in pixels, of any text on a 400 px wide image
/// (a capital letter is about 0.73 of it: 7 px).
const MIN_TEXT_400: f32 = 10.0;

/// The largest PNG at 1024 px.
const MAX_PNG: usize = 250 * 1024;

/// The largest animation at 768 px (the bound set for a busy phase).
const MAX_GIF: usize = 2 * 1024 * 1024;

fn samples() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/images");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("docs/images")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_sample_reads_at_400_px_and_stays_small_at_1024() {
    let write = std::env::var_os("CHESSDIP_WRITE_SAMPLES").is_some();
    let files = samples();
    assert!(files.len() >= 3, "samples in docs/images: {files:?}");
    let mut problems = Vec::new();
    for file in &files {
        let s = Scenario::from_file(file).expect("sample parses");
        let stem = file.file_stem().and_then(|x| x.to_str()).unwrap_or_default().to_string();
        for stage in [Stage::Orders, Stage::Result] {
            for palette in [Palette::Classic, Palette::ColourBlind] {
                let small = Style { width: 400, palette, ..Style::default() };
                let c = scenes::image(&s, stage, &small).expect("draws");
                match c.smallest_text() {
                    Some(t) if t + 0.01 < MIN_TEXT_400 => {
                        problems.push(format!("{stem} {stage:?} {palette:?} at 400 px: text of {t:.1} px"));
                    }
                    _ => {}
                }
                let big = Style { width: 1024, palette, ..Style::default() };
                let png = scenes::image(&s, stage, &big).expect("draws").png().expect("png");
                if png.len() > MAX_PNG {
                    problems.push(format!("{stem} {stage:?} {palette:?} at 1024 px: {} bytes", png.len()));
                }
                if write {
                    let suffix = match (stage, palette) {
                        (Stage::Orders, Palette::Classic) => String::new(),
                        (Stage::Result, Palette::Classic) => "-result".into(),
                        (Stage::Orders, Palette::ColourBlind) => "-cb".into(),
                        (Stage::Result, Palette::ColourBlind) => "-result-cb".into(),
                    };
                    let dir = file.parent().expect("dir");
                    std::fs::write(dir.join(format!("{stem}{suffix}.png")), &png).expect("write");
                    if suffix.is_empty() {
                        std::fs::write(dir.join(format!("{stem}-400.png")), c.png().expect("png")).expect("write");
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_sample_that_moves_has_a_small_animation_beside_it() {
    use chessdip_render::anim;
    let write = std::env::var_os("CHESSDIP_WRITE_SAMPLES").is_some();
    let mut problems = Vec::new();
    for file in &samples() {
        let s = Scenario::from_file(file).expect("sample parses");
        let stem = file.file_stem().and_then(|x| x.to_str()).unwrap_or_default().to_string();
        let gif_path = file.with_extension("gif");
        let style = Style { width: anim::WIDTH, ..Style::default() };
        let Some(frames) = scenes::animation(&s, &style).expect("animates") else {
            if gif_path.exists() {
                problems.push(format!("{stem}: nothing moves, but {} exists", gif_path.display()));
            }
            continue;
        };
        let bytes = anim::gif(&frames).expect("encodes");
        if bytes.len() > MAX_GIF {
            problems.push(format!("{stem}: the animation is {} bytes", bytes.len()));
        }
        let (first, last) = (frames[0].delay, frames[frames.len() - 1].delay);
        if first < anim::HOLD_FIRST || last < anim::HOLD_LAST {
            problems.push(format!("{stem}: first frame held {first} cs, last {last} cs"));
        }
        if frames.iter().any(|f| f.canvas.width() != anim::WIDTH) {
            problems.push(format!("{stem}: a frame is not {} px wide", anim::WIDTH));
        }
        if write {
            std::fs::write(&gif_path, &bytes).expect("write");
        } else if !gif_path.exists() {
            problems.push(format!("{stem}: no {} (CHESSDIP_WRITE_SAMPLES=1 writes it)", gif_path.display()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
