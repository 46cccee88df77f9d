//! The Diplomat Chess turn as an animated GIF, decoded and probed frame by
//! frame: the timing (held first and last frames, short frames between),
//! the mover's colour on each cell of its path in turn and on its
//! destination at the end, a captured piece gone, a horse's leap, a drop
//! appearing only at the end, a suborned piece changing colour while the
//! diplomat reaches for it and comes back, a mate's marks only at the end,
//! `None` when no move was played, and a 400 px animation.

use crate::support::gifs;
use crate::support::pixels;
use crate::support::squares;
use pixels::within;
use squares::c;

use chessdip_render::anim::{self, FRAME_DELAY};
use chessdip_render::diplomat_chess::{self as rd, CELL_COLOURS};
use chessdip_render::{Palette, Style};
use chessdip_rules::diplomat_chess::{Cell, DiplomatChessReport, DiplomatChessState, Variant};
use chessdip_rules::family::{Family, SlotOrder};
use chessdip_rules::scenario::{self, Scenario};

const W: u32 = 768;

const GAME_TO_20: &str = "d3, k3, e3, l3, Ha3, Dn2, d-4, a3=black, bxa3, a3=black, f-f3, Da2, Dg1, i3, c3, Db3, \
                          Kc2, lx4, Dh1, Hj3, Dg2, 4xf3, f3=white, k-4, Df2, c3=black, De2, a2, Bd2, a1, Kb1, 4xe3, \
                          Bxe3, i-4, Ka2, Db2, fx4, Hh2, m3, b1=Rook";

/// Sets up a scenario (`docs/images` format) and resolves its order:
/// the variant, the position before and the report.
fn resolved(text: &str) -> (Variant, DiplomatChessState, DiplomatChessReport) {
    let s = Scenario::parse(text, "test").expect("parses");
    let (v, before, r) = scenario::diplomat_chess::turn(&s).expect("sets up");
    (v, before, r.report)
}

/// The seed's game up to `moves`, then `side` plays `order`.
fn game(moves: &str, side: &str, order: &str) -> (Variant, DiplomatChessState, DiplomatChessReport) {
    resolved(&format!("name: t\nvariant: diplomat-chess\nstate:\n  moves: {moves}\norders:\n  {side}: {order}\n"))
}

/// A decoded animation ([`gifs::decode`]).
type Gif = gifs::Decoded;

/// Of a 9x9 grid of probes over the middle of a piece of size `s` at
/// `at` (its body, not its outline), how many `want` accepts.
fn count(g: &Gif, frame: usize, at: (f32, f32), s: f32, want: impl Fn([u8; 3]) -> bool) -> usize {
    (0..9)
        .flat_map(|i| (0..9).map(move |j| (at.0 - s * 0.2 + i as f32 * s * 0.05, at.1 - s * 0.1 + j as f32 * s * 0.05)))
        .filter(|&p| want(g.pixel(frame, p)))
        .count()
}

/// Animates and encodes the turn at `width`, then decodes it.
fn animate(v: &Variant, before: &DiplomatChessState, r: &DiplomatChessReport, width: u32) -> Gif {
    let style = Style { width, palette: Palette::Classic, ..Style::default() };
    let frames = rd::animate(v, before, r, &style, "orders").expect("a move was played");
    gifs::decode(&anim::gif(&frames).expect("encodes"))
}

fn near(p: [u8; 3], q: [u8; 3], tolerance: u8) -> bool {
    let rgb = |c: [u8; 3]| chessdip_render::canvas::Rgba::rgb(c[0], c[1], c[2]);
    within(rgb(p), rgb(q), tolerance + 1)
}

/// A white piece's body.
fn white(p: [u8; 3]) -> bool {
    near(p, [0xFF, 0xFF, 0xFF], 6)
}

/// A black piece's body.
fn black(p: [u8; 3]) -> bool {
    near(p, [0x1E, 0x1E, 0x22], 10)
}

fn red(p: [u8; 3]) -> bool {
    p[0] > 180 && p[1] < 110 && p[2] < 110
}

/// A white piece's body covers this many probes where it stands (the
/// slimmest, the bishop, about 16 to 26).
const PRESENT: usize = 12;
/// Hardly any probe shows white where no white piece stands.
const ABSENT: usize = 3;
/// A black piece's body covers this many probes (a pawn about 50); a white
/// piece's dark outlines fewer than 30.
const BLACK_BODY: usize = 30;

fn at(g: &Gif, frame: usize, cell: Cell, want: impl Fn([u8; 3]) -> bool) -> usize {
    let width = g.width;
    count(g, frame, rd::cell_centre(width, cell), rd::piece_size(width, cell), want)
}

/// A white piece stands on `cell` in `frame`.
fn white_on(g: &Gif, frame: usize, cell: Cell) -> bool {
    at(g, frame, cell, white) >= PRESENT
}

/// A black piece stands on `cell` in `frame` (black body, no white one).
fn black_on(g: &Gif, frame: usize, cell: Cell) -> bool {
    at(g, frame, cell, black) >= BLACK_BODY && at(g, frame, cell, white) <= ABSENT
}

/// No piece's body on `cell` in `frame` (a white one's or a black one's).
fn empty(g: &Gif, frame: usize, cell: Cell) -> bool {
    at(g, frame, cell, white) <= ABSENT && at(g, frame, cell, black) <= ABSENT
}

/// First frame held, last held longer, the frames between short.
fn assert_timing(g: &Gif, frames: usize) {
    assert_eq!(g.frames.len(), frames, "frames");
    assert!(g.frames[0].1 >= 100, "first held: {}", g.frames[0].1);
    assert!(g.frames[g.last()].1 >= 150, "last held: {}", g.frames[g.last()].1);
    for (i, (_, delay)) in g.frames.iter().enumerate().take(g.last()).skip(1) {
        assert!(*delay <= 2 * FRAME_DELAY, "frame {i} lasts {delay} cs");
    }
}

#[test]
fn a_bishop_slides_cell_by_cell_through_the_centre_and_its_capture_fades() {
    // 21. Bxm2: the white bishop goes e3, 4, l3 and takes the black pawn on m2.
    let (v, before, r) = game(GAME_TO_20, "White", "Bxm2");
    let path = r.path.clone();
    assert_eq!(path, vec![c("e3"), Cell::CENTRE, c("l3"), c("m2")], "the rules' path");
    let g = animate(&v, &before, &r, W);
    let beats = path.len() - 1;
    assert_timing(&g, beats * anim::FRAMES_PER_BEAT + 1);
    assert_eq!(g.width, W);
    let still = rd::draw(&v, &before, Some(&r), &Style { width: W, ..Style::default() }, "orders");
    assert_eq!(g.height, still.height(), "the still's size");
    // Before: the bishop at home, the pawn on m2, the cells between empty.
    assert!(white_on(&g, 0, path[0]));
    assert!(black_on(&g, 0, path[beats]));
    for &cell in &path[1..beats] {
        assert!(empty(&g, 0, cell), "{cell} empty at first");
    }
    // A beat a cell: on each frame on a whole beat the bishop stands on the next cell of its path, and has left those before.
    for k in 1..beats {
        let frame = k * anim::FRAMES_PER_BEAT;
        assert!(white_on(&g, frame, path[k]), "the bishop on {} at frame {frame}", path[k]);
        for &cell in path.iter().take(k) {
            assert!(empty(&g, frame, cell), "the bishop gone from {cell} at frame {frame}");
        }
        // The pawn stands until the bishop arrives.
        assert!(black_on(&g, frame, path[beats]), "the pawn still on m2 at frame {frame}");
    }
    // Between whole beats it is between the cells: on neither.
    let frame = anim::FRAMES_PER_BEAT + 1;
    assert!(!white_on(&g, frame, path[1]) && !white_on(&g, frame, path[2]), "between 4 and l3");
    // At the end: the bishop on m2, the pawn's body gone, e3 empty.
    let end = g.last();
    assert!(white_on(&g, end, path[beats]), "the bishop on m2");
    assert!(at(&g, end, path[beats], black) < BLACK_BODY, "the pawn taken");
    assert!(empty(&g, end, path[0]), "e3 left");
    // As the bishop arrives the pawn fades: its body gone in the frame before the last.
    assert!(!black_on(&g, end - 1, path[beats]));
}

#[test]
fn a_horse_leaps_in_two_beats() {
    // 3. Ha3: the white horse from b1 to a3.
    let (v, before, r) = game("d3, k3, e3, l3", "White", "Ha3");
    let g = animate(&v, &before, &r, W);
    assert_timing(&g, 2 * anim::FRAMES_PER_BEAT + 1);
    let (from, to) = (c("b1"), c("a3"));
    assert!(white_on(&g, 0, from));
    assert!(empty(&g, 0, to));
    // Half way (a beat in), it is on neither cell; its body is near the middle of the way.
    let mid = anim::FRAMES_PER_BEAT;
    assert!(empty(&g, mid, from));
    assert!(empty(&g, mid, to));
    let (a, b) = (rd::cell_centre(W, from), rd::cell_centre(W, to));
    let size = rd::piece_size(W, from);
    let found = (-4..=4)
        .flat_map(|i| (-4..=4).map(move |j| (i, j)))
        .map(|(i, j)| {
            let p = ((a.0 + b.0) / 2.0 + i as f32 * size * 0.1, (a.1 + b.1) / 2.0 + j as f32 * size * 0.1);
            count(&g, mid, p, size, white)
        })
        .max()
        .unwrap_or(0);
    assert!(found >= PRESENT, "the horse near the middle of its leap ({found})");
    let end = g.last();
    assert!(white_on(&g, end, to));
    assert!(empty(&g, end, from));
}

#[test]
fn a_drop_appears_only_at_the_end() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/images/diplomat-drop.txt"))
        .expect("the sample");
    let (v, before, r) = resolved(&text);
    let g = animate(&v, &before, &r, W);
    let d3 = c("d3");
    let counts: Vec<usize> = (0..g.frames.len()).map(|f| at(&g, f, d3, white)).collect();
    // The orders image shows the horse faint; it is whole only on the last frame, more of it frame by frame.
    assert!(counts[0] <= ABSENT, "{counts:?}");
    assert!(counts[g.last()] >= PRESENT, "{counts:?}");
    for f in 0..g.last() - 1 {
        assert!(counts[f] < PRESENT, "not whole before the end: {counts:?}");
    }
    assert!(counts.windows(2).skip(1).all(|w| w[0] <= w[1]), "it fades in: {counts:?}");
}

#[test]
fn a_suborned_piece_changes_colour_while_the_diplomat_reaches_for_it() {
    // 13. ... c3=black: the black diplomat on b3 suborns the white pawn on c3.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/images/diplomat-suborn.txt"))
        .expect("the sample");
    let (v, before, r) = resolved(&text);
    let g = animate(&v, &before, &r, W);
    assert_timing(&g, 3 * anim::FRAMES_PER_BEAT + 1);
    let (diplomat, target) = (c("b3"), c("c3"));
    assert!(white_on(&g, 0, target), "the white pawn");
    assert!(black_on(&g, 0, diplomat), "the black diplomat");
    // A beat in, the diplomat has gone part of the way to the pawn, which has not turned yet.
    let reach = anim::FRAMES_PER_BEAT;
    assert!(at(&g, reach, diplomat, black) < at(&g, 0, diplomat, black) * 2 / 3, "the diplomat moved");
    assert!(white_on(&g, reach, target));
    // Half way through the turn it is neither colour.
    assert!(!white_on(&g, reach + 2, target) && !black_on(&g, reach + 2, target));
    let end = g.last();
    assert!(black_on(&g, end, target), "the pawn is black");
    assert!(black_on(&g, end, diplomat), "the diplomat is back");
}

#[test]
fn a_mate_is_marked_only_at_the_end() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/images/diplomat-mate.txt"))
        .expect("the sample");
    let (v, before, r) = resolved(&text);
    let king = r.check.expect("a king in check");
    let g = animate(&v, &before, &r, W);
    // One beat for the pawn's capture, one for the mate's marks.
    assert_timing(&g, 2 * anim::FRAMES_PER_BEAT + 1);
    let glow = |f: usize| {
        let (x, y) = rd::cell_centre(W, king);
        let s = rd::piece_size(W, king);
        // The ring around the king, outside the piece.
        (0..36)
            .map(|k| {
                let a = k as f32 * std::f32::consts::PI / 18.0;
                (x + a.cos() * s * 0.6, y + a.sin() * s * 0.6)
            })
            .filter(|&p| red(g.pixel(f, p)))
            .count()
    };
    for f in 0..=anim::FRAMES_PER_BEAT {
        assert_eq!(glow(f), 0, "no mate ring at frame {f}");
    }
    assert!(glow(g.last()) > 20, "the mate ring at the end: {}", glow(g.last()));
    // The white diplomat on e2 at first, the capturing black pawn at the end.
    assert!(white_on(&g, 0, c("e2")));
    assert!(black_on(&g, g.last(), c("e2")));
}

#[test]
fn nothing_to_animate_without_a_move() {
    let v = Variant::default();
    let s = v.start(&[]).expect("start");
    let r = v.resolve(&s, &[]);
    assert!(r.report.mv.is_none());
    assert!(rd::animate(&v, &s, &r.report, &Style::default(), "orders").is_none());
    // A report that is not the side to move's (here: played on the position after it) is no animation either.
    let played = v.resolve(&s, &[("White".to_string(), vec![SlotOrder::new("move", "d3")])]);
    assert!(played.report.mv.is_some());
    assert!(rd::animate(&v, &played.next, &played.report, &Style::default(), "orders").is_none());
    assert!(rd::animate(&v, &s, &played.report, &Style::default(), "orders").is_some());
}

#[test]
fn a_promotion_takes_a_beat_on_arrival() {
    // 20. ... b1=Rook: the black pawn steps from b2 to b1, then turns into a rook.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/images/diplomat-promotion.txt"))
        .expect("the sample");
    let (v, before, r) = resolved(&text);
    let g = animate(&v, &before, &r, W);
    assert_timing(&g, 2 * anim::FRAMES_PER_BEAT + 1);
    let (from, to) = (r.path[0], c("b1"));
    assert_eq!(r.path, vec![c("a1"), to], "from a1, round the crown");
    // Faint on b1 at first (the orders image shows the rook to come), whole on arrival, whole at the end.
    assert!(!black_on(&g, 0, to));
    let arrival = anim::FRAMES_PER_BEAT;
    assert!(black_on(&g, arrival, to), "the pawn arrives");
    assert!(empty(&g, arrival, from));
    assert!(black_on(&g, g.last(), to));
    // The pawn turns into the rook over the last beat: the frames differ where it stands.
    let (x, y) = rd::cell_centre(W, to);
    let s = rd::piece_size(W, to);
    let differ = (0..400)
        .map(|k| (x - s * 0.5 + (k % 20) as f32 * s * 0.05, y - s * 0.5 + (k / 20) as f32 * s * 0.05))
        .filter(|&p| g.pixel(arrival, p) != g.pixel(g.last(), p))
        .count();
    assert!(differ > 40, "the pawn and the rook differ in {differ} probes");
}

#[test]
fn it_works_at_400_px() {
    let (v, before, r) = game(GAME_TO_20, "White", "Bxm2");
    let g = animate(&v, &before, &r, 400);
    assert_eq!(g.width, 400);
    assert_timing(&g, 3 * anim::FRAMES_PER_BEAT + 1);
    assert!(white_on(&g, 0, c("e3")));
    assert!(white_on(&g, anim::FRAMES_PER_BEAT, Cell::CENTRE));
    assert!(white_on(&g, 2 * anim::FRAMES_PER_BEAT, c("l3")));
    assert!(white_on(&g, g.last(), c("m2")));
    assert!(empty(&g, g.last(), c("e3")));
    // The board's colours are the still's.
    let (light, _, _) = CELL_COLOURS;
    let p = g.pixel(0, rd::cell_edge_point(400, c("a1")));
    assert!(near(p, [light.0, light.1, light.2], 6), "{p:?}");
}
