//! Rendering checks on pixels that matter: square colours, pieces at their
//! squares, arrows along their lines, failure marks, PNG size.

#[path = "common/gen.rs"]
mod gen;

#[path = "common/pixels.rs"]
mod pixels;
use pixels::px;

use chessdip::render::canvas::{Canvas, Rgba};
use chessdip::render::dip::{self as rdip, Overlay};
use chessdip::render::{Stage, Style};
use chessdip::rules::dip::{self, Variant};
use chessdip::rules::Square;
use chessdip::scenario::{dip::adjudicate, Scenario};

fn sq(s: &str) -> Square {
    s.parse().expect("square")
}

fn image(text: &str, stage: Stage) -> (Variant, Canvas) {
    let s = Scenario::parse(text, "test").expect("scenario");
    let a = adjudicate(&s).expect("adjudicates");
    let c = a.draw(stage, &Style::default());
    (a.variant, c)
}

fn is_attack_red(p: Rgba) -> bool {
    p.0 > 170 && p.1 < 110 && p.2 < 110
}

const EMPTYISH: &str =
    "variant: chessdip\nphase: spring 1\nposition:\n  Italy: R a1\n  France: K h8\norders:\n  Italy: R a1 - a5\n";

#[test]
fn squares_have_board_colours() {
    let (v, c) = image(EMPTYISH, Stage::Result);
    let (light, dark) = rdip::SQUARE_COLOURS;
    let s = rdip::square_size(&v, 1024);
    // a1 is dark, as on a chessboard; b4 (not a center) dark, b3 light. Sample a corner away from markers.
    let (x, y) = rdip::square_centre(&v, 1024, sq("b4"));
    assert_eq!(px(&c, (x - s * 0.4, y + s * 0.4)), dark);
    let (x, y) = rdip::square_centre(&v, 1024, sq("b3"));
    assert_eq!(px(&c, (x - s * 0.4, y + s * 0.4)), light);
}

#[test]
fn owned_centers_are_tinted() {
    let (v, c) = image(EMPTYISH, Stage::Result);
    let (light, dark) = rdip::SQUARE_COLOURS;
    let s = rdip::square_size(&v, 1024);
    // e1 (Italy's, green) and d1 (England's, red) are tinted differently from plain squares and each other.
    let (x, y) = rdip::square_centre(&v, 1024, sq("e1"));
    let italy = px(&c, (x - s * 0.4, y + s * 0.4));
    let (x, y) = rdip::square_centre(&v, 1024, sq("d1"));
    let england = px(&c, (x - s * 0.4, y + s * 0.4));
    assert!(italy != light && italy != dark && england != light && england != dark);
    assert!(italy.1 > italy.0, "Italy's tint is greenish: {italy:?}");
    assert!(england.0 > england.1, "England's tint is reddish: {england:?}");
}

#[test]
fn a_piece_is_drawn_at_its_square() {
    let (v, c) = image(EMPTYISH, Stage::Result);
    let (light, dark) = rdip::SQUARE_COLOURS;
    let s = rdip::square_size(&v, 1024);
    for (square, expect_piece) in [("a5", true), ("h8", true), ("d4", false)] {
        let (x, y) = rdip::square_centre(&v, 1024, sq(square));
        let differs = pixels::non_board(&c, (x, y), s, 0.3, (light, dark));
        assert_eq!(differs > 20, expect_piece, "{square}: {differs} non-board pixels");
    }
}

#[test]
fn a_move_is_a_red_arrow_along_its_line() {
    let (v, c) = image(EMPTYISH, Stage::Orders);
    for t in [0.3f32, 0.5, 0.7] {
        let (a, b) = (rdip::square_centre(&v, 1024, sq("a1")), rdip::square_centre(&v, 1024, sq("a5")));
        let p = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        // Convoy dots sit on square centres: sample between them.
        let p = (p.0, p.1 + rdip::square_size(&v, 1024) * 0.25);
        assert!(is_attack_red(px(&c, p)), "arrow pixel at {p:?}: {:?}", px(&c, p));
    }
    // Off the line: board colours.
    let (x, y) = rdip::square_centre(&v, 1024, sq("c3"));
    assert!(!is_attack_red(px(&c, (x, y))));
}

#[test]
fn a_failed_move_is_crossed_and_a_dislodged_piece_marked() {
    let text = "variant: chesspolitik4\nphase: spring 1601\nposition:\n  Mughal Empire: K d4, K d3\n  Ming Dynasty: K f4, K e5\n\
                orders:\n  Mughal Empire: K d4 - e4\n  Ming Dynasty: K f4 - e4\n  Mughal Empire: K d3 - d2\n";
    let (v, c) = image(text, Stage::Orders);
    let s = rdip::square_size(&v, 1024);
    // The bounced move d4-e4: a dark cross on a white disc near the arrow's end.
    // The arrow ends 0.2 squares short of e4's centre; the mark sits 0.42 squares further back.
    let b = rdip::square_centre(&v, 1024, sq("e4"));
    let m = (b.0 - s * 0.2 - s * 0.42, b.1);
    let dark = (0..12)
        .flat_map(|i| {
            (0..12).map(move |j| (m.0 - s * 0.1 + i as f32 * s * 0.018, m.1 - s * 0.1 + j as f32 * s * 0.018))
        })
        .filter(|&p| px(&c, p).luminance() < 0.15)
        .count();
    assert!(dark > 5, "a cross marks the failed move ({dark} dark pixels)");
    // A successful move has no cross: d3-d2.
    let (a, b) = (rdip::square_centre(&v, 1024, sq("d3")), rdip::square_centre(&v, 1024, sq("d2")));
    let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0 + s * 0.1);
    assert!(is_attack_red(px(&c, mid)));

    let text =
        "variant: chesspolitik4\nphase: spring 1601\nposition:\n  Mughal Empire: K d3, K e3\n  Ming Dynasty: K e4\n\
                orders:\n  Mughal Empire: K d3 - e4, K e3 S K d3 - e4\n";
    let (v, c) = image(text, Stage::Orders);
    let s = rdip::square_size(&v, 1024);
    let (x, y) = rdip::square_centre(&v, 1024, sq("e4"));
    // The dislodged piece carries a heavy red cross along its diagonals.
    let red = (0..10).map(|i| (x - s * 0.25 + i as f32 * s * 0.05, y - s * 0.25 + i as f32 * s * 0.05)).filter(|&p| {
        let q = px(&c, p);
        q.0 > 150 && q.1 < 60 && q.2 < 60
    });
    assert!(red.count() >= 6, "dislodged mark on e4");
}

#[test]
fn winter_marks_builds() {
    let text = "variant: chessdip\nphase: winter 1\nposition:\n  Italy: K d4\nstate:\n  centers: Italy e1 e2 f1 h1\n\
                orders:\n  Italy: build R h1\n";
    let (v, c) = image(text, Stage::Orders);
    let s = rdip::square_size(&v, 1024);
    let (x, y) = rdip::square_centre(&v, 1024, sq("h1"));
    // The build badge: a green disc in the square's top-left corner.
    let q = px(&c, (x - s * 0.5 + s * 0.2 + s * 0.08, y - s * 0.5 + s * 0.2 + s * 0.08));
    assert!(q.1 > q.0 && q.1 > q.2, "build badge is green: {q:?}");
}

#[test]
fn a_busy_board_png_is_small() {
    let v = Variant::builtin("chessdip").expect("variant");
    let (state, _, orders) = gen::position(&v, 11, 30, 60);
    let res = dip::resolve(&state, &orders);
    let c = rdip::draw(&v, &state, Overlay::Movement(&res, &orders), &Style::default(), "orders");
    assert_eq!(c.width(), 1024);
    let png = c.png().expect("png");
    assert!(png.len() < 300 * 1024, "{} bytes", png.len());
}
