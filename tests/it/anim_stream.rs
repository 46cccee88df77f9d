//! Animations encoded as they are drawn (as the bot posts them) show what
//! the renderers draw: for every sample scenario of the five games (and one
//! of each game with a game's result banner), the GIF from `any::animation_gif` has the
//! drawn frames' timing (identical neighbours merged) and every frame a
//! viewer sees is the drawn frame up to colour reduction; and a whole
//! game's timelapse, encoded without keeping its frames, is the same GIF.

use std::path::{Path, PathBuf};

use chessdip_render::anim::{self, Frame, Frames};
use chessdip_render::canvas::Canvas;
use chessdip_render::{any, Style};
use chessdip_rules::scenario::{self, Scenario};

use crate::support::gen;
use crate::support::gifs;

/// The sample scenarios beside the README's images, in name order.
fn samples() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/images");
    let entries = std::fs::read_dir(&dir).expect("docs/images").flatten();
    let mut txt: Vec<PathBuf> = entries.map(|e| e.path()).filter(|p| p.extension() == Some("txt".as_ref())).collect();
    txt.sort();
    txt
}

/// The drawn frames as a viewer sees them: runs of identical neighbours
/// shown once, for their delays added up.
fn shown(frames: &[Frame]) -> Vec<(usize, u16)> {
    let mut runs: Vec<(usize, u16)> = Vec::new();
    for (i, f) in frames.iter().enumerate() {
        match runs.last_mut() {
            Some((j, d)) if frames[*j].canvas.rgba() == f.canvas.rgba() => *d += f.delay,
            _ => runs.push((i, f.delay)),
        }
    }
    runs
}

/// Of the pixels of two RGBA images (every third one): the share off by
/// more than 40 in some channel, and the mean of the largest channel
/// difference.
fn difference(a: &[u8], b: &[u8]) -> (f64, f64) {
    let (mut far, mut sum, mut n) = (0usize, 0u64, 0usize);
    for (p, q) in a.chunks_exact(4).zip(b.chunks_exact(4)).step_by(3) {
        let d = (0..3).map(|k| p[k].abs_diff(q[k])).max().unwrap_or(0);
        far += usize::from(d > 40);
        sum += u64::from(d);
        n += 1;
    }
    (far as f64 / n.max(1) as f64, sum as f64 / n.max(1) as f64)
}

/// Keeps every frame and gives it to a [`anim::Gif`] too.
struct Tee {
    kept: Vec<Frame>,
    gif: anim::Gif,
}

impl Frames for Tee {
    fn keys(&mut self, keys: &[&Canvas]) {
        self.gif.keys(keys);
    }

    fn frame(&mut self, frame: Frame) {
        self.kept.push(Frame { canvas: frame.canvas.clone(), delay: frame.delay });
        self.gif.frame(frame);
    }
}

#[test]
fn the_bots_animation_is_encoded_as_drawn() {
    // `any::animation_gif`, which the bot's images call, on the busy sample.
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/images/chessdip-busy.txt");
    let r = scenario::run(&Scenario::from_file(&file).expect("parses")).expect("runs");
    let style = Style { width: anim::WIDTH, ..Style::default() };
    let bytes = any::animation_gif(&r.before, &r.phase, &style, "resolution").expect("moves").expect("encodes");
    let frames = any::animate(&r.before, &r.phase, &style, "resolution").expect("moves");
    let g = gifs::decode(&bytes);
    assert_eq!(g.frames.len(), shown(&frames).len());
    let (far, mean) = difference(&g.frames[g.last()].0, frames[frames.len() - 1].canvas.rgba());
    assert!(far < 0.005 && mean < 2.0, "the last frame is off: {far:.4} of pixels far, mean {mean:.2}");
}

#[test]
fn streamed_animations_show_the_drawn_frames() {
    let mut animated = 0;
    let mut banners = std::collections::HashSet::new();
    for file in &samples() {
        let s = Scenario::from_file(file).expect("sample parses");
        let r = scenario::run(&s).expect("runs");
        let name = file.file_stem().and_then(|x| x.to_str()).unwrap_or_default().to_string();
        // A game's result opens a band in every frame: checked once per game.
        let game = name.rsplit_once('-').map_or(name.as_str(), |(g, _)| g).to_string();
        let first_of_game = banners.insert(game);
        let results = if first_of_game { vec![None, Some("England wins".to_string())] } else { vec![None] };
        for result in results {
            let style = Style { width: anim::WIDTH, result: result.clone(), ..Style::default() };
            // Drawn once: each frame kept to compare, and encoded as it comes.
            let mut tee = Tee { kept: Vec::new(), gif: anim::Gif::new() };
            if !any::animate_into(&r.before, &r.phase, &style, "resolution", &mut tee) {
                assert!(tee.kept.is_empty(), "{name}: frames drawn for nothing to animate");
                continue;
            }
            animated += 1;
            let frames = tee.kept;
            let bytes = tee.gif.finish().unwrap_or_else(|e| panic!("{name} {result:?}: {e}"));
            let g = gifs::decode(&bytes);
            let runs = shown(&frames);
            assert_eq!(g.frames.len(), runs.len(), "{name} {result:?}: frames shown");
            assert_eq!((g.width, g.height), (frames[0].canvas.width(), frames[0].canvas.height()), "{name}");
            for ((screen, delay), &(i, want)) in g.frames.iter().zip(&runs) {
                assert_eq!(*delay, want, "{name} {result:?}: frame {i}'s delay");
                let (far, mean) = difference(screen, frames[i].canvas.rgba());
                assert!(
                    far < 0.005 && mean < 2.0,
                    "{name} {result:?}: frame {i} is off: {far:.4} of pixels far, mean {mean:.2}"
                );
            }
        }
    }
    assert!(animated >= 20, "most samples animate, and one of each game with a banner too: {animated}");
}

#[test]
fn a_timelapse_encoded_in_little_memory_is_the_same_gif() {
    // The bot's timelapse (frames drawn again rather than all kept) gives
    // the bytes of all the frames drawn and then encoded, with and without
    // the result's banner on the last frame.
    let positions = gen::timelapse_positions(4);
    for result in [None, Some("England wins".to_string())] {
        let style = Style { width: anim::WIDTH, result: result.clone(), ..Style::default() };
        let whole = anim::gif(&any::timelapse(&positions, &style)).expect("encodes");
        let redrawn = any::timelapse_gif(&positions, &style).expect("encodes");
        assert!(redrawn == whole, "{result:?}: {} bytes against {}", redrawn.len(), whole.len());
        assert_eq!(gifs::decode(&redrawn).frames.len(), 4);
    }
    let style = Style { width: anim::WIDTH, ..Style::default() };
    assert!(matches!(any::timelapse_gif(&[], &style), Err(anim::AnimError::Empty)));
}
