//! Diplomacy Chess images: pieces where they stand, White's and Black's
//! arrows told apart by more than colour, failed moves crossed, a king in
//! check on a red square. `CHESSDIP_RENDER_DIR=/tmp` also writes the images.

#[path = "common/pixels.rs"]
mod pixels;
use pixels::px;

use chessdip::render::canvas::{Canvas, Rgba};
use chessdip::render::simul::{self as rs, colours};
use chessdip::render::{Palette, Style};
use chessdip::rules::Square;
use chessdip::scenario::{simul::adjudicate, Scenario};

fn sq(s: &str) -> Square {
    s.parse().expect("square")
}

fn image(file: &str, palette: Palette, with_report: bool) -> Canvas {
    let path = format!("{}/tests/scenarios/diplomacy-chess/{file}.txt", env!("CARGO_MANIFEST_DIR"));
    let s = Scenario::from_file(std::path::Path::new(&path)).expect("scenario");
    let a = adjudicate(&s).expect("adjudicates");
    let style = Style { palette, ..Style::default() };
    let c = if with_report {
        rs::draw(&a.variant, &a.before, Some(&a.turn), &style, "orders")
    } else {
        rs::draw(&a.variant, &a.after, None, &style, "position")
    };
    if let Ok(dir) = std::env::var("CHESSDIP_RENDER_DIR") {
        let stage = if with_report { "orders" } else { "position" };
        let out = format!("{dir}/simul-{file}-{stage}-{palette:?}.png");
        std::fs::write(&out, c.png().expect("png")).expect("write");
    }
    c
}

fn near(a: Rgba, b: Rgba) -> bool {
    a.0.abs_diff(b.0) < 40 && a.1.abs_diff(b.1) < 40 && a.2.abs_diff(b.2) < 40
}

#[test]
fn pieces_stand_on_their_squares() {
    let c = image("seed-queen-takes-knight", Palette::Classic, false);
    let (light, dark) = rs::SQUARE_COLOURS;
    let s = rs::square_size(1024);
    for (square, piece) in [("c6", true), ("e1", true), ("d4", false), ("a5", false)] {
        let (x, y) = rs::square_centre(1024, sq(square));
        let differs = pixels::non_board(&c, (x, y), s, 0.2, (light, dark));
        assert_eq!(differs > 20, piece, "{square}: {differs} non-board pixels");
    }
}

#[test]
fn white_arrows_are_solid_black_arrows_dashed() {
    // Rh2 (White, a2 to h2) and Bd1 (Black, a4 to d1) meet at c2.
    let c = image("seed-rook-and-bishop-meet-at-c2", Palette::Classic, true);
    let k = colours(Palette::Classic);
    let s = rs::square_size(1024);
    // Along White's shaft (rank 2, between e2 and g2) nearly every sample is White's colour, faded or not.
    let (a, b) = (rs::square_centre(1024, sq("e2")), rs::square_centre(1024, sq("g2")));
    let on = (0..40)
        .map(|i| (a.0 + (b.0 - a.0) * i as f32 / 40.0, a.1))
        .filter(|&p| {
            let q = px(&c, p);
            q.2 > q.0 + 40
        })
        .count();
    assert!(on > 34, "a solid shaft: {on} of 40");
    // Black's shaft (a4 to d1) has gaps: along it some samples are board colours.
    let (a, b) = (rs::square_centre(1024, sq("a4")), rs::square_centre(1024, sq("d1")));
    let samples: Vec<Rgba> = (8..32)
        .map(|i| {
            let t = 0.15 + 0.5 * i as f32 / 40.0;
            px(&c, (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t))
        })
        .collect();
    let reddish = samples.iter().filter(|q| q.0 > q.2 + 40 && q.0 > q.1 + 20).count();
    assert!(reddish > 3 && reddish < samples.len(), "a dashed shaft: {reddish} of {}", samples.len());
    let _ = (k, s);
}

#[test]
fn failed_moves_are_crossed_and_taken_pieces_marked() {
    let c = image("seed-queen-takes-knight", Palette::ColourBlind, true);
    let k = colours(Palette::ColourBlind);
    let s = rs::square_size(1024);
    // The knight on a5 was taken: a cross in the taken colour over it.
    let (x, y) = rs::square_centre(1024, sq("a5"));
    let marked = (0..10)
        .map(|i| (x - s * 0.25 + i as f32 * s * 0.05, y - s * 0.25 + i as f32 * s * 0.05))
        .filter(|&p| near(px(&c, p), k.taken))
        .count();
    assert!(marked >= 5, "taken mark on a5: {marked}");
    // Its failed move a5-c6 carries a dark cross on a white disc 0.4 squares before the head.
    let (a, b) = (rs::square_centre(1024, sq("a5")), rs::square_centre(1024, sq("c6")));
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    let end = (b.0 - (b.0 - a.0) / len * s * 0.2, b.1 - (b.1 - a.1) / len * s * 0.2);
    let m = (end.0 - (b.0 - a.0) / len * s * 0.4, end.1 - (b.1 - a.1) / len * s * 0.4);
    let dark = (0..12)
        .flat_map(|i| {
            (0..12).map(move |j| (m.0 - s * 0.1 + i as f32 * s * 0.018, m.1 - s * 0.1 + j as f32 * s * 0.018))
        })
        .filter(|&p| px(&c, p).luminance() < 0.15)
        .count();
    assert!(dark > 5, "a cross marks the failed move ({dark} dark pixels)");
}

#[test]
fn a_king_in_check_stands_on_red() {
    let c = image("end-checkmate", Palette::Classic, false);
    let s = rs::square_size(1024);
    let (x, y) = rs::square_centre(1024, sq("h8"));
    let q = px(&c, (x - s * 0.45, y + s * 0.45));
    assert!(q.0 > q.1 + 40 && q.0 > q.2 + 40, "h8 tinted red: {q:?}");
    let (x, y) = rs::square_centre(1024, sq("g1"));
    let q = px(&c, (x - s * 0.45, y + s * 0.45));
    assert!(q == rs::SQUARE_COLOURS.0 || q == rs::SQUARE_COLOURS.1, "g1 plain: {q:?}");
}

#[test]
fn sample_images_for_people() {
    for (file, report) in [
        ("seed-sp-three-pieces-stand-still", true),
        ("seed-sp-queen-takes-returning-rook", true),
        ("castle-queenside", true),
        ("progressive-capture-after-earlier-step", true),
        ("end-checkmate", false),
    ] {
        for palette in [Palette::Classic, Palette::ColourBlind] {
            let c = image(file, palette, report);
            let png = c.png().expect("png");
            assert!(png.len() < 400 * 1024, "{file}: {} bytes", png.len());
        }
    }
}
