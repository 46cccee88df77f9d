//! Pixel checks of the Diplomat Chess board: cell colours, pieces on their
//! cells, the last move, a suborned piece, a king in check, both palettes.
//! With `DIPLOMAT_WRITE_DOCS=1` the test also writes the two sample images
//! under `docs/images/`.

#[path = "common/pixels.rs"]
mod pixels;
use pixels::px;

use chessdip::render::canvas::Canvas;
use chessdip::render::diplomat::{self as rd, CELL_COLOURS};
use chessdip::render::{Palette, Style};
use chessdip::rules::diplomat::{Cell, DiplomatReport, DiplomatState, Variant};
use chessdip::rules::family::{Family, SlotOrder};

const W: u32 = 1024;

fn c(s: &str) -> Cell {
    s.parse().expect("cell")
}

/// Plays `moves` through the Family and draws the result.
fn image(moves: &str, palette: Palette) -> (DiplomatState, Option<DiplomatReport>, Canvas) {
    let v = Variant::default();
    let mut s = v.start(&[]).expect("start");
    let mut report = None;
    for m in moves.split(',').map(str::trim).filter(|m| !m.is_empty()) {
        let side = s.to_move().name().to_string();
        let r = v.resolve(&s, &[(side, vec![SlotOrder::new("move", m)])]);
        assert!(r.outcomes[0].succeeded, "{m}");
        s = r.next;
        report = Some(r.report);
    }
    let style = Style { width: W, palette, ..Style::default() };
    let canvas = rd::draw(&v, &s, report.as_ref(), &style, "");
    (s, report, canvas)
}

const GAME: &str = "d3, k3, e3, l3, Ha3, Dn2, d-4, a3=black, bxa3, a3=black, f-f3, Da2, Dg1, i3, c3, Db3, Kc2, lx4, \
                    Dh1, Hj3, Dg2, 4xf3, f3=white, k-4, Df2, c3=black, De2, a2, Bd2, a1, Kb1, 4xe3, Bxe3, i-4, Ka2, \
                    Db2, fx4, Hh2, m3, b1=Rook, Bxm2, H4+, Bx4, Rx4+, Kxb1, Da1+, Kc2, d3+, Kd2, dxe2++";

#[test]
fn cells_alternate_and_the_centre_is_a_hole() {
    let (_, _, cv) = image("", Palette::Classic);
    let (light, dark, hole) = CELL_COLOURS;
    assert_eq!(px(&cv, rd::cell_edge_point(W, c("a1"))), light);
    assert_eq!(px(&cv, rd::cell_edge_point(W, c("a2"))), dark);
    assert_eq!(px(&cv, rd::cell_edge_point(W, c("b1"))), dark);
    assert_eq!(px(&cv, rd::cell_edge_point(W, c("h3"))), dark);
    assert_eq!(px(&cv, rd::cell_edge_point(W, c("h2"))), light);
    assert_eq!(px(&cv, rd::cell_edge_point(W, Cell::CENTRE)), hole);
    assert_eq!(cv.width(), W);
    assert!(cv.height() > W, "room for the title and the legend");
}

#[test]
fn pieces_sit_on_their_cells() {
    let (_, _, cv) = image("", Palette::Classic);
    let (light, dark, hole) = CELL_COLOURS;
    for (cell, expect) in [("d1", true), ("m1", true), ("i2", true), ("d3", false), ("4", false), ("h1", false)] {
        let (x, y) = rd::cell_centre(W, c(cell));
        let s = rd::piece_size(W, c(cell));
        let odd = (0..9)
            .flat_map(|i| (0..9).map(move |j| (x - s * 0.2 + i as f32 * s * 0.05, y - s * 0.2 + j as f32 * s * 0.05)))
            .filter(|&p| ![light, dark, hole].contains(&px(&cv, p)))
            .count();
        assert_eq!(odd > 20, expect, "{cell}: {odd} pixels that are not the board's");
    }
}

#[test]
fn the_last_move_is_highlighted_in_the_palette_colour() {
    let (light, dark, _) = CELL_COLOURS;
    let (_, _, cv) = image("d3", Palette::Classic);
    for cell in ["d2", "d3"] {
        let p = px(&cv, rd::cell_edge_point(W, c(cell)));
        assert!(p != light && p != dark && p.0 > p.2 + 40 && p.1 > p.2 + 20, "{cell} is tinted yellow: {p:?}");
    }
    assert!([light, dark].contains(&px(&cv, rd::cell_edge_point(W, c("e2")))), "e2 untouched");
    let (_, _, cv) = image("d3", Palette::ColourBlind);
    let p = px(&cv, rd::cell_edge_point(W, c("d3")));
    assert!(p.2 > p.0, "the colour-blind palette tints blue: {p:?}");
}

#[test]
fn a_suborned_piece_is_ringed() {
    let (_, report, cv) = image("d3, k3, e3, l3, Ha3, Dn2, d-4, a3=black", Palette::Classic);
    assert_eq!(report.and_then(|r| r.suborned).map(|(cell, _)| cell), Some(c("a3")));
    let (x, y) = rd::cell_centre(W, c("a3"));
    let s = rd::piece_size(W, c("a3"));
    // Around the ring (radius 0.58 of the piece size), most samples are the suborn purple.
    let purple = (0..24)
        .map(|k| {
            let t = k as f32 / 24.0 * std::f32::consts::TAU;
            px(&cv, (x + t.cos() * s * 0.58, y + t.sin() * s * 0.58))
        })
        .filter(|p| p.0 > 140 && p.2 > 180 && p.1 < 110)
        .count();
    assert!(purple > 12, "{purple} purple samples on the ring");
}

#[test]
fn a_checkmated_king_glows_red() {
    let (state, report, cv) = image(GAME, Palette::Classic);
    assert_eq!(report.as_ref().and_then(|r| r.check), Some(c("d2")));
    assert!(state.outcome.is_some());
    let (x, y) = rd::cell_centre(W, c("d2"));
    let s = rd::piece_size(W, c("d2"));
    let p = px(&cv, (x + s * 0.6, y));
    assert!(p.0 > 200 && p.1 < 120 && p.2 < 120, "red beside the king: {p:?}");
    let png = cv.png().expect("png");
    assert!(png.len() < 300 * 1024, "{} bytes", png.len());
    if std::env::var("DIPLOMAT_WRITE_DOCS").is_ok() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/images");
        std::fs::write(format!("{dir}/diplomat-mate.png"), &png).expect("write");
        let (_, _, start) = image("", Palette::Classic);
        std::fs::write(format!("{dir}/diplomat-start.png"), start.png().expect("png")).expect("write");
    }
}
