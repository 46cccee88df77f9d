//! Every game's final image carries its result: a `GAME OVER` band opened
//! above the board (the position stays whole below it), readable on a phone.

use crate::support::scenes;
use crate::support::scratch;

use chessdip_render::canvas::Rgba;
use chessdip_render::{Stage, Style};
use chessdip_rules::scenario::Scenario;

const GAMES: [&str; 5] = [
    "chessdip/castle-blocked-by-own-piece.txt",
    "chesspolitik/cp2-civil-disorder.txt",
    "diplomacy-chess/basic-bounced-rook-back-at-once.txt",
    "diplomat-chess/bare-kings-draw.txt",
    "chess-wheel/actions-then-moves.txt",
];

fn scenario(path: &str) -> Scenario {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios/");
    let p = std::path::Path::new(dir).join(path);
    Scenario::from_file(&p).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn is_amber(p: Rgba) -> bool {
    p.0 > 200 && (140..200).contains(&p.1) && p.2 < 110
}

#[test]
fn a_final_image_opens_a_result_band_above_the_whole_position() {
    for path in GAMES {
        let s = scenario(path);
        for width in [1024, 400] {
            let plain = Style { width, ..Style::default() };
            let finished = Style { width, result: Some("France wins".into()), ..Style::default() };
            let a = scenes::image(&s, Stage::Result, &plain).expect("draws");
            let b = scenes::image(&s, Stage::Result, &finished).expect("draws");
            let band = b.height() - a.height();
            assert!(band >= 40 && band >= width / 12, "{path} at {width}: band of {band} px");
            // The image is the plain one with a band opened at some row: above it
            // the same, below it the same moved down; the band holds amber.
            let row_equal = |ya: u32, yb: u32| (0..width).step_by(7).all(|x| a.pixel(x, ya) == b.pixel(x, yb));
            let top = (0..a.height()).find(|&y| !row_equal(y, y)).expect("a band was opened");
            assert!(top < a.height() / 4, "{path} at {width}: the band opens above the board (row {top})");
            for y in (top..a.height()).step_by(5) {
                assert!(row_equal(y, y + band), "{path} at {width}: row {y} moved down whole");
            }
            let amber = (top..top + band)
                .filter(|&y| (0..width).step_by(2).any(|x| b.pixel(x, y).is_some_and(is_amber)))
                .count();
            assert!(amber >= 4, "{path} at {width}: {amber} amber rows in the band");
        }
    }
}

#[test]
fn a_long_title_and_caption_stay_readable_on_a_phone() {
    for path in GAMES {
        let s = scenario(path);
        let style = Style {
            width: 400,
            title: Some("The Thursday league of the Western Marches, season nine".into()),
            result: Some("Draw by agreement of every power still playing".into()),
            heading: Some("Final position".into()),
            ..Style::default()
        };
        let c = scenes::image(&s, Stage::Result, &style).expect("draws");
        let smallest = c.smallest_text().expect("text");
        assert!(smallest >= chessdip_render::MIN_TEXT, "{path}: text of {smallest} px");
    }
}

/// The rows `top..bottom` of `img` between columns `left..right` that hold
/// ink lighter than `light` (luminance), as runs: (first row, height).
fn ink_runs(
    img: &image::RgbImage,
    (left, right): (u32, u32),
    (top, bottom): (u32, u32),
    light: f32,
) -> Vec<(u32, u32)> {
    let lum = |p: &image::Rgb<u8>| {
        (0.2126 * f32::from(p.0[0]) + 0.7152 * f32::from(p.0[1]) + 0.0722 * f32::from(p.0[2])) / 255.0
    };
    let mut runs: Vec<(u32, u32)> = Vec::new();
    let mut inside = false;
    for y in top..bottom {
        let ink = (left..right).any(|x| lum(img.get_pixel(x, y)) > light);
        match (ink, inside) {
            (true, false) => runs.push((y, 1)),
            (true, true) => {
                if let Some(r) = runs.last_mut() {
                    r.1 += 1;
                }
            }
            _ => {}
        }
        inside = ink;
    }
    runs
}

#[test]
fn a_final_image_says_final_position_as_large_as_its_title_with_its_result_and_every_powers_score() {
    let d = scratch::temp_dir("final-scores");
    let mut c = scratch::console_at(&d, &[]);
    scratch::run(
        &mut c,
        &[
            "gm game create chessdip",
            "a join England",
            "b join France",
            "c join Italy",
            "d join Scandinavia",
            "gm game start",
            "b concede",
            "a draw yes",
            "c draw yes",
            "d draw yes",
        ],
    );
    let reply = c.service().board("console").expect("the final position");
    let image = reply.images.first().expect("an image");
    let spec = image.spec().expect("drawn from the store");
    assert_eq!(spec.heading.as_deref(), Some("Final position"));
    let marks: Vec<(&str, &str)> = spec.marks.iter().map(|(p, m)| (p.as_str(), m.as_str())).collect();
    assert_eq!(
        marks,
        [
            ("England", "score \u{2153}"),
            ("Italy", "score \u{2153}"),
            ("France", "conceded"),
            ("France", "score 0"),
            ("Scandinavia", "score \u{2153}"),
        ],
        "every power's score, and why France is out"
    );
    // Measured on the picture as posted: the title bar's right side
    // (`Final position`) stands as tall as the game's name on its left,
    // and the result in the band under it is no smaller.
    let img = image::load_from_memory(&image.bytes()).expect("a PNG").to_rgb8();
    let w = img.width();
    assert_eq!(w, 1024);
    let title_h = (1024.0f32 * 0.075).round() as u32;
    let left = ink_runs(&img, (0, w * 2 / 5), (0, title_h), 0.6);
    let right = ink_runs(&img, (w * 3 / 5, w), (0, title_h), 0.6);
    assert_eq!((left.len(), right.len()), (1, 1), "one line each side: {left:?} {right:?}");
    assert!(
        right[0].1 * 100 >= left[0].1 * 95,
        "`Final position` is {} px tall, the title {} px",
        right[0].1,
        left[0].1
    );
    let band = ink_runs(&img, (0, w), (title_h + 8, title_h + 260), 0.97);
    let tallest = band.iter().map(|r| r.1).max().unwrap_or(0);
    assert!(tallest >= left[0].1, "the result's lines ({band:?}) are as tall as the title ({} px)", left[0].1);
    // The legend says the scores in words too.
    let v = chessdip_rules::chess_dip::Variant::builtin("chessdip").expect("variant");
    let state = chessdip_rules::chess_dip::ChessDipState::start(&v);
    let style = Style { marks: spec.marks.clone(), ..Style::default() };
    let lines = chessdip_render::chess_dip::legend_lines(&v, &state, &style);
    assert!(lines.iter().any(|l| l.starts_with("France") && l.ends_with("conceded \u{00B7} score 0")), "{lines:#?}");
    assert!(lines.iter().any(|l| l.starts_with("Italy") && l.ends_with("score \u{2153}")), "{lines:#?}");
}

#[test]
fn a_kicked_or_conceded_player_is_marked_on_the_final_image() {
    let dir = scratch::temp_dir("kicked");
    let mut c = scratch::console_at(&dir, &[]).without_images();
    c.line("gm game create chess-wheel cycle=7h");
    for p in ["ann", "bo", "cy", "dee", "eve"] {
        c.line(&format!("{p} join"));
    }
    c.line("gm game start");
    for p in ["ann", "bo", "cy", "dee", "eve"] {
        assert!(c.line(&format!("{p} board create")).contains("created the standard board"), "{p}");
        assert!(c.line(&format!("{p} board populate")).contains("placed 16 pieces"), "{p}");
    }
    assert!(c.line("advance 6h").contains("Cycle 1 resolved"));
    assert!(c.line("gm game kick dee").contains("dee has been removed"));
    assert!(c.line("eve concede").contains("eve concedes"));
    for p in ["ann", "bo", "cy"] {
        c.line(&format!("{p} draw yes"));
    }
    let board = c.service().board("console").expect("the final position");
    let spec = board.images.first().and_then(|i| i.spec()).expect("the final image");
    let marks: Vec<(&str, &str)> = spec.marks.iter().map(|(p, m)| (p.as_str(), m.as_str())).collect();
    assert!(marks.contains(&("dee", "kicked")), "{marks:?}");
    assert!(marks.contains(&("eve", "conceded")) && marks.contains(&("eve", "score 0")), "{marks:?}");
    assert!(marks.contains(&("ann", "score \u{2153}")), "{marks:?}");
}
