//! Rendering checks on pixels that matter: square colours, pieces at their
//! squares, arrows in their power's colour along their lines, failure marks
//! off the plates, head-to-head pairs side by side, contested squares
//! (crossed arrows under one marker), struck pawn attacks, neutral badges,
//! colour-blind tints and plates, PNG size.

use crate::support::dip_colours;
use crate::support::gen;
use crate::support::squares;
use dip_colours::colour;
use squares::sq;

use crate::support::pixels;
use crate::support::scenes;
use pixels::px;

use chessdip_render::canvas::{Canvas, Rgba};
use chessdip_render::chess_dip::{self as rdip, Overlay};
use chessdip_render::vision::delta_e;
use chessdip_render::{Palette, Stage, Style};
use chessdip_rules::chess_dip::{self, Variant};
use chessdip_rules::scenario::{chess_dip::adjudicate, Run, Scenario};

fn image(text: &str, stage: Stage) -> (Variant, Canvas) {
    image_in(text, stage, Palette::Classic)
}

fn image_in(text: &str, stage: Stage, palette: Palette) -> (Variant, Canvas) {
    let s = Scenario::parse(text, "test").expect("scenario");
    let a = adjudicate(&s).expect("adjudicates");
    let c = scenes::draw(&Run::from(a.clone()), stage, &Style { palette, ..Style::default() });
    (a.variant, c)
}

/// Whether `p` is (nearly) colour `c`.
fn near(p: Rgba, c: Rgba) -> bool {
    delta_e(p, c) < 6.0
}

/// The near-black pixels (failure crosses: lighter than nothing else drawn)
/// in the box (x, y, w, h).
fn crosses_in(c: &Canvas, (x, y, w, h): (f32, f32, f32, f32)) -> Vec<(f32, f32)> {
    let mut out = Vec::new();
    let mut j = y;
    while j < y + h {
        let mut i = x;
        while i < x + w {
            if px(c, (i, j)).luminance() < 0.08 {
                out.push((i, j));
            }
            i += 1.0;
        }
        j += 1.0;
    }
    out
}

/// The colour of `square` in a 1024-pixel image, sampled at its lower left
/// corner, away from markers.
fn corner(v: &Variant, c: &Canvas, square: &str) -> Rgba {
    let s = rdip::square_size(v, 1024);
    let (x, y) = rdip::square_centre(v, 1024, sq(square));
    px(c, (x - s * 0.4, y + s * 0.4))
}

const EMPTYISH: &str =
    "variant: chessdip\nphase: spring 1\nposition:\n  Italy: R a1\n  France: K h8\norders:\n  Italy: R a1 - a5\n";

#[test]
fn squares_have_board_colours() {
    let (v, c) = image(EMPTYISH, Stage::Result);
    let (light, dark) = rdip::SQUARE_COLOURS;
    // a1 is dark, as on a chessboard; b4 (not a center) dark, b3 light.
    assert_eq!(corner(&v, &c, "b4"), dark);
    assert_eq!(corner(&v, &c, "b3"), light);
}

#[test]
fn owned_centers_are_tinted() {
    let (v, c) = image(EMPTYISH, Stage::Result);
    let (light, dark) = rdip::SQUARE_COLOURS;
    // e1 (Italy's, green) and d1 (England's, red) are tinted differently from plain squares and each other.
    let italy = corner(&v, &c, "e1");
    let england = corner(&v, &c, "d1");
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
fn a_move_is_an_arrow_in_its_powers_colour_along_its_line() {
    for palette in [Palette::Classic, Palette::ColourBlind] {
        let (v, c) = image_in(EMPTYISH, Stage::Orders, palette);
        let italy = colour(&v, palette, "Italy");
        for t in [0.35f32, 0.5, 0.7] {
            let (a, b) = (rdip::square_centre(&v, 1024, sq("a1")), rdip::square_centre(&v, 1024, sq("a5")));
            let p = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
            // Convoy dots sit on square centres: sample between them.
            let p = (p.0, p.1 + rdip::square_size(&v, 1024) * 0.25);
            assert!(near(px(&c, p), italy), "{palette:?}: arrow pixel at {p:?}: {:?}, Italy {italy:?}", px(&c, p));
        }
        // Off the line: board colours.
        let (x, y) = rdip::square_centre(&v, 1024, sq("c3"));
        assert!(!near(px(&c, (x, y)), italy));
    }
}

#[test]
fn arrows_of_different_powers_have_different_colours_with_a_dark_outline() {
    let text = "variant: chesspolitik4\nphase: spring 1601\nposition:\n  Mughal Empire: K c3\n  Ming Dynasty: K f6\n\
                orders:\n  Mughal Empire: K c3 - c4\n  Ming Dynasty: K f6 - f5\n";
    let (v, c) = image(text, Stage::Orders);
    let s = rdip::square_size(&v, 1024);
    for (from, to, power) in [("c3", "c4", "Mughal Empire"), ("f6", "f5", "Ming Dynasty")] {
        let (a, b) = (rdip::square_centre(&v, 1024, sq(from)), rdip::square_centre(&v, 1024, sq(to)));
        let on = (a.0, (a.1 + b.1) / 2.0);
        assert!(near(px(&c, on), colour(&v, Palette::Classic, power)), "{power}: {:?}", px(&c, on));
        // Just beside the shaft: the dark outline.
        let dark = (0..10).filter(|i| px(&c, (a.0 - s * (0.035 + *i as f32 * 0.003), on.1)).luminance() < 0.2);
        assert!(dark.count() >= 2, "{power}: a dark outline beside the shaft");
    }
}

#[test]
fn a_bounced_one_square_move_is_crossed_on_its_arrow_not_on_a_plate() {
    // K d3 - d4 bounces off K d4 holding: the cross is on the arrow, on
    // neither king's plate.
    let text = "variant: chesspolitik4\nphase: spring 1601\nposition:\n  Mughal Empire: K d3\n  Ming Dynasty: K d4\n\
                orders:\n  Mughal Empire: K d3 - d4\n";
    let (v, c) = image(text, Stage::Orders);
    let s = rdip::square_size(&v, 1024);
    let (a, b) = (rdip::square_centre(&v, 1024, sq("d3")), rdip::square_centre(&v, 1024, sq("d4")));
    let around = (a.0 - s * 0.5, b.1 - s * 0.5, s, s * 2.0);
    let marks = crosses_in(&c, around);
    assert!(marks.len() > 20, "a cross marks the bounced move ({} pixels)", marks.len());
    // Near the arrow's line (the cross may sit just beside it).
    assert!(marks.iter().all(|p| (p.0 - a.0).abs() < s * 0.35), "{marks:?}");
    for square in ["d3", "d4"] {
        let (x, y, w, h) = rdip::plate_box(&v, 1024, sq(square));
        let on = marks.iter().filter(|p| p.0 >= x && p.0 <= x + w && p.1 >= y && p.1 <= y + h).count();
        assert_eq!(on, 0, "cross pixels on the plate of {square}");
    }
    // The head stops short of the plate of the king it attacks: the plate's
    // top edge, above its code, is the Ming colour all along.
    let (x, y, w, h) = rdip::plate_box(&v, 1024, sq("d4"));
    let ming = colour(&v, Palette::Classic, "Ming Dynasty");
    for k in 0..5 {
        let p = (x + w * (0.3 + 0.1 * k as f32), y + h * 0.1);
        assert!(near(px(&c, p), ming), "d4's plate at {p:?}: {:?}", px(&c, p));
    }
    // A successful move has no cross.
    let ok = "variant: chesspolitik4\nphase: spring 1601\nposition:\n  Mughal Empire: K d3\n\
              orders:\n  Mughal Empire: K d3 - d4\n";
    let (_, c) = image(ok, Stage::Orders);
    assert!(crosses_in(&c, around).is_empty());
}

#[test]
fn head_to_head_arrows_lie_side_by_side() {
    let text = "variant: chesspolitik4\nphase: spring 1601\nposition:\n  Mughal Empire: K d4\n  Ming Dynasty: K e4\n\
                orders:\n  Mughal Empire: K d4 - e4\n  Ming Dynasty: K e4 - d4\n";
    let (v, c) = image(text, Stage::Orders);
    let s = rdip::square_size(&v, 1024);
    let (a, b) = (rdip::square_centre(&v, 1024, sq("d4")), rdip::square_centre(&v, 1024, sq("e4")));
    let mid = ((a.0 + b.0) / 2.0, a.1);
    let (mughal, ming) = (colour(&v, Palette::Classic, "Mughal Empire"), colour(&v, Palette::Classic, "Ming Dynasty"));
    // Both bounce, so both are faded: their colours over the board square
    // (and over their faded dark outline).
    let under = px(&c, (mid.0, mid.1 + s * 0.45));
    let faded = |p: Rgba, colour: Rgba| {
        let (ink, a) = (Rgba::rgb(0x22, 0x22, 0x22), 150.0 / 255.0);
        near(p, under.mix(colour, a)) || near(p, under.mix(ink, a).mix(colour, a))
    };
    // Rightwards d4-e4 lies below the line, leftwards e4-d4 above it.
    let xs = || (0..13).map(|i| mid.0 + (i as f32 - 6.0) * s * 0.05);
    let below = xs().filter(|&x| faded(px(&c, (x, mid.1 + s * 0.16)), mughal)).count();
    let above = xs().filter(|&x| faded(px(&c, (x, mid.1 - s * 0.16)), ming)).count();
    assert!(below >= 4, "Mughal arrow below the line ({below})");
    assert!(above >= 4, "Ming arrow above the line ({above})");
    // Between them, on the line itself: neither colour.
    assert!(!faded(px(&c, mid), mughal) && !faded(px(&c, mid), ming), "{:?}", px(&c, mid));
}

#[test]
fn a_contested_square_is_one_marker_with_each_sides_strength() {
    // d4 - e4 (supported: 2) and f4 - e4 (1)... both bounce? No: 2 beats 1.
    // Equal strengths bounce: d4 - e4 (1) against f4 - e4 (1).
    let text = "variant: chesspolitik4\nphase: spring 1601\nposition:\n  Mughal Empire: K d4, K d3\n  Ming Dynasty: K f4, K e5\n\
                orders:\n  Mughal Empire: K d4 - e4\n  Ming Dynasty: K f4 - e4\n  Mughal Empire: K d3 - d2\n";
    let (v, c) = image(text, Stage::Orders);
    let s = rdip::square_size(&v, 1024);
    let (x, y) = rdip::square_centre(&v, 1024, sq("e4"));
    let (mughal, ming) = (colour(&v, Palette::Classic, "Mughal Empire"), colour(&v, Palette::Classic, "Ming Dynasty"));
    // The marker: a dark plate on e4's centre with a pill in each contender's colour.
    let row: Vec<Rgba> = (0..60).map(|i| px(&c, (x - s * 0.3 + i as f32 * s * 0.01, y - s * 0.03))).collect();
    let m = row.iter().position(|&p| near(p, mughal));
    let n = row.iter().position(|&p| near(p, ming));
    assert!(m.is_some() && n.is_some(), "pills of both colours: {row:?}");
    // Each bounced arrow still gets its failure cross, clear of the marker
    // (whose dark plate is #222, not near-black as crosses are).
    for from in ["d4", "f4"] {
        let fx = rdip::square_centre(&v, 1024, sq(from)).0;
        let marks = crosses_in(&c, (fx.min(x) + s * 0.15, y - s * 0.4, s * 0.7, s * 0.8));
        assert!(marks.len() > 20, "a cross on the arrow from {from}: {} pixels", marks.len());
    }
}

#[test]
fn a_struck_pawn_attack_ends_in_a_burst_not_a_head() {
    let struck = "variant: chessdip\nphase: fall 1\nposition:\n  England: P e4\norders:\n  England: e4 x d5\n";
    let moved =
        "variant: chessdip\nphase: fall 1\nposition:\n  England: P e4\n  France: P d5\norders:\n  England: e4 x d5\n";
    let spikes = |text: &str| {
        let (v, c) = image(text, Stage::Orders);
        let s = rdip::square_size(&v, 1024);
        let (a, t) = (rdip::square_centre(&v, 1024, sq("e4")), rdip::square_centre(&v, 1024, sq("d5")));
        // The burst's centre, a little short of d5's centre, and its eight points.
        let k = s * 0.08 / ((a.0 - t.0).powi(2) + (a.1 - t.1).powi(2)).sqrt();
        let o = (t.0 + (a.0 - t.0) * k, t.1 + (a.1 - t.1) * k);
        let england = colour(&v, Palette::Classic, "England");
        (0..8)
            .filter(|&i| {
                let ang = std::f32::consts::PI * i as f32 / 4.0;
                let p = (o.0 + s * 0.16 * ang.sin(), o.1 - s * 0.16 * ang.cos());
                near(px(&c, p), england)
            })
            .count()
    };
    let (b, m) = (spikes(struck), spikes(moved));
    assert!(b >= 7, "the struck attack's burst: {b} of 8 points");
    assert!(m <= 3, "a move that dislodged ends in a head, not a burst: {m} of 8 points");
}

#[test]
fn winter_build_badges_are_neutral() {
    let text = "variant: chessdip\nphase: winter 1\nposition:\n  Italy: K d4\nstate:\n  centers: Italy e1 e2 f1 h1\n\
                orders:\n  Italy: build R h1\n";
    let (v, c) = image(text, Stage::Orders);
    let s = rdip::square_size(&v, 1024);
    let (x, y) = rdip::square_centre(&v, 1024, sq("h1"));
    // The badge: a light grey disc in the square's top-left corner, neither
    // green (Italy) nor any other power's colour.
    let r = s * 0.21 * 0.77;
    let (bx, by) = (x - s * 0.5 + s * 0.04 + r, y - s * 0.5 + s * 0.04 + r);
    let grey = [(0.6f32, 0.6f32), (-0.6, 0.6), (0.6, -0.6), (-0.6, -0.6)]
        .iter()
        .map(|&(dx, dy)| px(&c, (bx + dx * r, by + dy * r)))
        .filter(|q| q.0 > 200 && q.0.abs_diff(q.1) < 8 && q.1.abs_diff(q.2) < 8)
        .count();
    assert!(grey >= 3, "the build badge is neutral grey");
}

#[test]
fn colour_blind_palette_recolours_tints_and_plates() {
    let (v, classic) = image_in(EMPTYISH, Stage::Result, Palette::Classic);
    let (_, cb) = image_in(EMPTYISH, Stage::Result, Palette::ColourBlind);
    // e1's tint (Italy's center) differs between the palettes.
    let (a, b) = (corner(&v, &classic, "e1"), corner(&v, &cb, "e1"));
    assert!(delta_e(a, b) > 5.0, "{a:?} {b:?}");
    // The plate under Italy's rook on a5 is Italy's colour in each palette.
    let (bx, by, _, bh) = rdip::plate_box(&v, 1024, sq("a5"));
    let q = (bx + bh * 0.6, by + bh * 0.5);
    assert!(near(px(&classic, q), colour(&v, Palette::Classic, "Italy")), "{:?}", px(&classic, q));
    assert!(near(px(&cb, q), colour(&v, Palette::ColourBlind, "Italy")), "{:?}", px(&cb, q));
}

#[test]
fn a_dislodged_piece_is_marked() {
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
fn a_busy_board_png_is_small() {
    let v = Variant::builtin("chessdip").expect("variant");
    let (state, _, orders) = gen::position(&v, 11, 30, 60);
    let res = chess_dip::resolve(&state, &orders);
    let c = rdip::draw(&v, &state, Overlay::Movement(&res, &orders), &Style::default(), "orders");
    assert_eq!(c.width(), 1024);
    let png = c.png().expect("png");
    assert!(png.len() < 300 * 1024, "{} bytes", png.len());
}

#[test]
fn convoy_dots_are_neutral() {
    // R a1 - a5 passes a2, a3, a4: a neutral light grey bead on each, beside
    // the shaft (Italy's green).
    let (v, c) = image(EMPTYISH, Stage::Orders);
    let s = rdip::square_size(&v, 1024);
    let italy = colour(&v, Palette::Classic, "Italy");
    for square in ["a2", "a3", "a4"] {
        let (x, y) = rdip::square_centre(&v, 1024, sq(square));
        let q = px(&c, (x + s * 0.075, y));
        assert!(q.0 > 200 && q.0.abs_diff(q.1) < 8 && q.1.abs_diff(q.2) < 8, "{square}: {q:?}");
        assert!(!near(q, italy));
    }
}

/// Overlap area of two boxes (x, y, w, h).
fn overlap(a: (f32, f32, f32, f32), b: (f32, f32, f32, f32)) -> f32 {
    let w = (a.0 + a.2).min(b.0 + b.2) - a.0.max(b.0);
    let h = (a.1 + a.3).min(b.1 + b.3) - a.1.max(b.1);
    w.max(0.0) * h.max(0.0)
}

#[test]
fn a_one_square_move_shows_a_whole_head_clear_of_plates_tags_and_markers() {
    // Every direction, into empty squares, into squares whose piece moves
    // away (their plates are drawn), and two moves bouncing at e6 from
    // above and below (the contest marker there).
    let text = "variant: chessdip\nphase: spring 3\nposition:\n  \
                England: K e5, R a1, P c2, P b4\n  Italy: K e1, P g3, R g2, R h4\n  \
                France: K e8, P e7, R h8, P f6\n  Scandinavia: K d8, P c7, R a8, P a7\norders:\n  \
                England: K e5 - e6, R a1 - a2, c2 - c3, b4 - b5\n  \
                Italy: K e1 - d2, g3 - g4, R g2 - g3, R h4 - h5\n  \
                France: K e8 - f8, e7 - e6, R h8 - h7, f6 - f5\n  \
                Scandinavia: K d8 - c8, c7 - c6, R a8 - a7, a7 - a6\n";
    let s = Scenario::parse(text, "one square").expect("scenario");
    let a = adjudicate(&s).expect("adjudicates");
    let chessdip_rules::scenario::chess_dip::PhaseResult::Movement { report, .. } = &a.phase else {
        panic!("a movement phase")
    };
    let r = &report.resolution;
    for width in [1024, 400] {
        let style = Style { width, ..Style::default() };
        let c = scenes::draw(&Run::from(a.clone()), Stage::Orders, &style);
        let v = &a.variant;
        let sq_px = rdip::square_size(v, width);
        let sliver = sq_px * sq_px * 0.004;
        let marks = rdip::order_marks(v, &a.before, r, &style);
        let plates: Vec<_> = a.before.pieces().map(|(s, _)| rdip::plate_box(v, width, s)).collect();
        let markers: Vec<_> = rdip::contest_boxes(v, &a.before, r, &style).into_iter().map(|(_, b)| b).collect();
        assert_eq!(markers.len(), 1, "one contest, at e6");
        let tags: Vec<_> = marks.iter().filter_map(|m| m.tag).collect();
        let failures: Vec<_> =
            marks.iter().filter_map(|m| m.failure).map(|((x, y), r)| (x - r, y - r, 2.0 * r, 2.0 * r)).collect();
        for (i, (o, m)) in r.orders.iter().zip(&marks).enumerate() {
            let Some((tip, base)) = m.head else { continue };
            let len = ((tip.0 - base.0).powi(2) + (tip.1 - base.1).powi(2)).sqrt();
            assert!(len >= sq_px * 0.16, "order {i} at {width}: a head of {len:.1} px on {sq_px} px squares");
            // The head's box: the tip and the two corners of its base.
            let (ux, uy) = ((tip.0 - base.0) / len, (tip.1 - base.1) / len);
            let half = len * 0.55;
            let xs = [tip.0, base.0 - uy * half, base.0 + uy * half];
            let ys = [tip.1, base.1 + ux * half, base.1 - ux * half];
            let x0 = xs.iter().copied().fold(f32::MAX, f32::min);
            let y0 = ys.iter().copied().fold(f32::MAX, f32::min);
            let hb = (
                x0,
                y0,
                xs.iter().copied().fold(f32::MIN, f32::max) - x0,
                ys.iter().copied().fold(f32::MIN, f32::max) - y0,
            );
            for (what, boxes) in [("plate", &plates), ("marker", &markers), ("tag", &tags), ("failure mark", &failures)]
            {
                let covered: f32 = boxes.iter().map(|&b| overlap(hb, b)).sum();
                assert!(
                    covered <= sliver,
                    "order {i} ({o:?}) at {width}: its head is under a {what} ({covered:.0} px²)"
                );
            }
            // A move carried out shows its head in its power's colour.
            if r.outcomes[i].succeeded() {
                let centroid = ((tip.0 + 2.0 * base.0) / 3.0, (tip.1 + 2.0 * base.1) / 3.0);
                let power = &v.power(o.power).name;
                let want = colour(v, Palette::Classic, power);
                assert!(near(px(&c, centroid), want), "order {i} ({o:?}) at {width}: {:?}", px(&c, centroid));
            }
        }
    }
}

#[test]
fn a_home_centers_diamond_is_outlined_by_whose_home_it_is_and_filled_by_its_owner() {
    // Ranks 1-2 are England's and Italy's home centers: b1 taken by France,
    // d1 England's own (where it may build), a1 nobody's; c4 is no home.
    let text = "variant: chessdip\nphase: spring 3\nposition:\n  England: K d1\n  France: K e8\n\
                state:\n  centers: England d1 c2 c4; France b1 e8; Italy e1\n";
    for palette in [Palette::Classic, Palette::ColourBlind] {
        let (v, c) = image_in(text, Stage::Result, palette);
        let of = |name: &str| colour(&v, palette, name);
        let marker = |square: &str| {
            let (x, y, w, _) = rdip::center_box(&v, 1024, sq(square));
            let (mx, my, k) = (x + w / 2.0, y + w / 2.0, w / 2.0);
            // The outline's left and right parts, and the fill in the middle.
            (px(&c, (mx - k * 0.75, my)), px(&c, (mx + k * 0.75, my)), px(&c, (mx, my)))
        };
        for (square, owner) in [("b1", of("France")), ("d1", of("England")), ("a1", Rgba::rgb(0xFA, 0xFA, 0xFA))] {
            let (left, right, fill) = marker(square);
            assert!(near(left, of("England")), "{palette:?} {square}: the outline's left is England's, {left:?}");
            assert!(near(right, of("Italy")), "{palette:?} {square}: the outline's right is Italy's, {right:?}");
            assert!(near(fill, owner), "{palette:?} {square}: filled with its owner's colour, {fill:?}");
        }
        // A center that is nobody's home: a disc in its owner's colour, no outline.
        let (left, _, fill) = marker("c4");
        assert!(near(fill, of("England")), "{palette:?} c4: {fill:?}");
        assert!(!near(left, of("England")) && !near(left, of("Italy")), "{palette:?} c4: {left:?}");
    }
    // Chesspolitik for two: each home center is one power's, outlined all round in its colour.
    let text = "variant: chesspolitik2\nphase: spring 1401\nposition:\n  France: K c1\n  England: K d6\n\
                state:\n  centers: France c1; England e1\n";
    let (v, c) = image(text, Stage::Result);
    let (x, y, w, _) = rdip::center_box(&v, 1024, sq("e1"));
    let (mx, my, k) = (x + w / 2.0, y + w / 2.0, w / 2.0);
    let france = colour(&v, Palette::Classic, "France");
    for at in [(mx - k * 0.75, my), (mx + k * 0.75, my), (mx, my - k * 0.75)] {
        assert!(near(px(&c, at), france), "e1's outline is France's: {:?}", px(&c, at));
    }
    assert!(near(px(&c, (mx, my)), colour(&v, Palette::Classic, "England")), "England owns it");
}
