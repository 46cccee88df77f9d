//! Every game's final image carries its result: a `GAME OVER` band opened
//! above the board (the position stays whole below it), readable on a phone.

#[path = "common/scenes.rs"]
mod scenes;

use chessdip::render::canvas::Rgba;
use chessdip::render::{Stage, Style};
use chessdip::scenario::Scenario;

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
        assert!(smallest >= chessdip::render::MIN_TEXT, "{path}: text of {smallest} px");
    }
}
