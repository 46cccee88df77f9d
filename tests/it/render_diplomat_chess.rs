//! Pixel checks of the Diplomat Chess board: cell colours, pieces on their
//! cells, the last move (from the report, or from the game's history on a
//! position image), a suborned piece, a king in check and the lines that
//! check it, a mated king, dropped and promoted pieces, the result strip,
//! text sizes at 400 px, both palettes. (The README's samples are drawn
//! from `docs/images/diplomat-*.txt` by `tests/it/render_samples.rs`.)

use crate::support::pixels;
use crate::support::squares;
use pixels::{px, within};
use squares::c;

use chessdip_render::canvas::{Canvas, Rgba};
use chessdip_render::diplomat_chess::{self as rd, CELL_COLOURS};
use chessdip_render::vision::{closest_pair, simulate, Vision};
use chessdip_render::{Palette, Style};
use chessdip_rules::diplomat_chess::{Cell, DiplomatChessReport, DiplomatChessState, Move, Played, Variant};
use chessdip_rules::family::{Family, SlotOrder};
use chessdip_rules::scenario::{self, Scenario};

const W: u32 = 1024;

/// Plays `moves` through the Family and draws the result.
fn image(moves: &str, palette: Palette) -> (DiplomatChessState, Option<DiplomatChessReport>, Canvas) {
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
    // The colour-blind palette tints yellow too, and draws the arrow blue (not green).
    let (_, _, cv) = image("d3", Palette::ColourBlind);
    let p = px(&cv, rd::cell_edge_point(W, c("d3")));
    assert!(p != light && p != dark && p.0 > p.2 + 40, "{p:?}");
    let (a, b) = (rd::cell_centre(W, c("d2")), rd::cell_centre(W, c("d3")));
    let p = px(&cv, ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0));
    assert!(p.2 > p.1 + 40 && p.2 > p.0 + 80, "the colour-blind arrow is blue: {p:?}");
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
    // Left of the king (the badge is on its right): the glow and the ring.
    let p = px(&cv, (x - s * 0.6, y));
    assert!(is_red(p), "red beside the king: {p:?}");
    let png = cv.png().expect("png");
    assert!(png.len() < 250 * 1024, "{} bytes", png.len());
}

fn is_red(p: Rgba) -> bool {
    p.0 > 180 && p.1 < 90 && p.2 < 90
}

/// Sets up a scenario (`docs/images` format), resolves its order, and
/// returns the variant, the position before, the report and the position after.
fn resolved(text: &str) -> (Variant, DiplomatChessState, DiplomatChessReport, DiplomatChessState) {
    let s = Scenario::parse(text, "test").expect("parses");
    let (v, before) = scenario::diplomat_chess::setup(&s).expect("sets up");
    let orders: Vec<(String, Vec<SlotOrder>)> =
        s.orders.iter().map(|(side, t)| (side.clone(), v.submit(&before, side, &[], t).orders)).collect();
    let r = v.resolve(&before, &orders);
    assert!(r.outcomes.iter().all(|o| o.succeeded), "{:?}", r.outcomes);
    (v, before, r.report, r.next)
}

fn drawn(v: &Variant, s: &DiplomatChessState, r: Option<&DiplomatChessReport>, palette: Palette, width: u32) -> Canvas {
    rd::draw(v, s, r, &Style { width, palette, ..Style::default() }, "")
}

/// Whether the cell's own colour is tinted (the last move's cells).
fn tinted(cv: &Canvas, cell: &str) -> bool {
    let (light, dark, _) = CELL_COLOURS;
    let p = px(cv, rd::cell_edge_point(W, c(cell)));
    p != light && p != dark
}

/// How many of a 9x9 grid of probes over the middle of `cell` are not the board's colours (a piece there).
fn ink(cv: &Canvas, cell: &str) -> usize {
    let (light, dark, hole) = CELL_COLOURS;
    let (x, y) = rd::cell_centre(W, c(cell));
    let s = rd::piece_size(W, c(cell));
    (0..9)
        .flat_map(|i| (0..9).map(move |j| (x - s * 0.2 + i as f32 * s * 0.05, y - s * 0.2 + j as f32 * s * 0.05)))
        .filter(|&p| ![light, dark, hole].contains(&px(cv, p)))
        .count()
}

/// Of 36 probes on a circle of `rho` piece sizes round `cell`, how many `want` accepts.
fn on_ring(cv: &Canvas, cell: &str, rho: f32, want: impl Fn(Rgba) -> bool) -> usize {
    let (x, y) = rd::cell_centre(W, c(cell));
    let s = rd::piece_size(W, c(cell));
    (0..36)
        .map(|k| {
            let t = k as f32 / 36.0 * std::f32::consts::TAU;
            px(cv, (x + t.cos() * s * rho, y + t.sin() * s * rho))
        })
        .filter(|&p| want(p))
        .count()
}

fn near(a: Rgba, b: Rgba) -> bool {
    within(a, b, 24)
}

const MATE: &str = "variant: diplomat-chess
state:
  moves: d3, k3, e3, l3, Ha3, Dn2, d-4, a3=black, bxa3, a3=black, f-f3, Da2, Dg1, i3, c3, Db3, Kc2, lx4, Dh1, Hj3, \
Dg2, 4xf3, f3=white, k-4, Df2, c3=black, De2, a2, Bd2, a1, Kb1, 4xe3, Bxe3, i-4, Ka2, Db2, fx4, Hh2, m3, b1=Rook, \
Bxm2, H4+, Bx4, Rx4+, Kxb1, Da1+, Kc2, d3+, Kd2
orders:
  Black: dxe2++
";

#[test]
fn a_position_image_marks_the_last_move_from_the_history() {
    let (v, _, _, after) = resolved("variant: diplomat-chess\nstate:\n  moves: d3\norders:\n  Black: k3\n");
    assert_eq!(after.history.len(), 2);
    for palette in [Palette::Classic, Palette::ColourBlind] {
        let cv = drawn(&v, &after, None, palette, W);
        assert!(tinted(&cv, "k2") && tinted(&cv, "k3"), "{palette:?}: the last move's cells are tinted");
        assert!(!tinted(&cv, "d2") && !tinted(&cv, "d3"), "{palette:?}: only the last move");
        // The arrow runs between the two cells.
        let (a, b) = (rd::cell_centre(W, c("k2")), rd::cell_centre(W, c("k3")));
        let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let arrow = rd::mark_colours(palette).arrow;
        assert!(near(px(&cv, mid), arrow), "{palette:?}: the arrow at {mid:?}: {:?}", px(&cv, mid));
    }
    // The start: no history, no mark.
    let v = Variant::default();
    let cv = drawn(&v, &DiplomatChessState::start(&v), None, Palette::Classic, W);
    assert!(Cell::all().filter(|cell| !cell.is_centre()).all(|cell| !tinted(&cv, &cell.to_string())));
}

#[test]
fn a_history_that_does_not_fit_the_position_marks_nothing() {
    let v = Variant::default();
    let mut s = DiplomatChessState::start(&v);
    // A move that was never played here: d2 still holds its pawn.
    let mv = Move::Step { from: c("d2"), to: c("d3"), promotion: None };
    s.history.push(Played {
        number: 1,
        colour: chessdip_rules::diplomat_chess::Colour::White,
        notation: "d3".into(),
        mv,
    });
    let cv = drawn(&v, &s, None, Palette::Classic, W);
    assert!(!tinted(&cv, "d2") && !tinted(&cv, "d3"));
}

#[test]
fn the_orders_image_draws_the_move_on_the_old_position() {
    let (v, before, report, _) = resolved("variant: diplomat-chess\norders:\n  White: d3\n");
    let cv = drawn(&v, &before, Some(&report), Palette::Classic, W);
    assert!(tinted(&cv, "d2") && tinted(&cv, "d3"));
    assert!(ink(&cv, "d2") > 20, "the pawn still stands on d2");
}

#[test]
fn a_mated_king_is_ringed_and_the_mating_line_drawn() {
    let (v, before, report, after) = resolved(MATE);
    assert!(after.outcome.is_some());
    for palette in [Palette::Classic, Palette::ColourBlind] {
        let check = rd::mark_colours(palette).check;
        // The final position image, without a report, and the orders image.
        for (state, r) in [(&after, None), (&before, Some(&report))] {
            let cv = drawn(&v, state, r, palette, W);
            let ring = on_ring(&cv, "d2", 0.6, |p| near(p, check));
            assert!(ring > 24, "{palette:?}: {ring} of 36 probes on the mated king's ring");
            // The rook in the centre mates along radius d: the line crosses
            // the hole between the rook and d3, and is ringed on the rook.
            let (x0, y0) = rd::cell_centre(W, Cell::CENTRE);
            let (x1, y1) = rd::cell_centre(W, c("d3"));
            let on_line = (0..10)
                .map(|k| k as f32 / 10.0)
                .filter(|t| near(px(&cv, (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)), check))
                .count();
            assert!(on_line >= 4, "{palette:?}: {on_line} probes on the mating line");
            assert!(on_ring(&cv, "4", 0.56, |p| near(p, check)) > 20, "{palette:?}: the mating rook is ringed");
            let ((bx, by), _) = rd::badge_point(W, c("d2"), Some(c("d3")));
            assert!(near(px(&cv, (bx - 1.0, by - 4.0)), check) || near(px(&cv, (bx + 6.0, by + 6.0)), check));
        }
    }
    // Without the report, the last move comes from the history: d3 and e2 tinted.
    let cv = drawn(&v, &after, None, Palette::Classic, W);
    assert!(tinted(&cv, "d3") && tinted(&cv, "e2"));
}

#[test]
fn a_check_draws_the_checking_line_without_the_mate_ring() {
    // 21. ... H4+: the horse in the centre checks the king on a2.
    let text = MATE
        .replace(", Rx4+, Kxb1, Da1+, Kc2, d3+, Kd2", "")
        .replace("Bxm2, H4+, Bx4", "Bxm2, H4+")
        .replace("Black: dxe2++", "White: Bx4");
    let (v, before, _, _) = resolved(&text);
    assert!(before.position.in_check(before.to_move()));
    let king = before.position.king(before.to_move()).expect("king").to_string();
    let cv = drawn(&v, &before, None, Palette::Classic, W);
    let check = rd::mark_colours(Palette::Classic).check;
    assert!(on_ring(&cv, "4", 0.56, |p| near(p, check)) > 20, "the checking horse is ringed");
    assert!(on_ring(&cv, &king, 0.6, |p| near(p, check)) < 12, "no mate ring on a mere check");
    let (x0, y0) = rd::cell_centre(W, Cell::CENTRE);
    let (x1, y1) = rd::cell_centre(W, c(&king));
    let on_line =
        (3..8).map(|k| k as f32 / 10.0).filter(|t| is_red(px(&cv, (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)))).count();
    assert!(on_line >= 3, "{on_line} probes on the checking line");
}

const DROP: &str = "variant: diplomat-chess
position:
  White: K d1, R e2, P b2
  Black: K k1, R l2, D k3
state:
  suborn: drop
  hand: White H, D
orders:
  White: H@d3
";

#[test]
fn a_drop_is_drawn_as_its_piece_with_a_badge() {
    let (v, before, report, after) = resolved(DROP);
    for palette in [Palette::Classic, Palette::ColourBlind] {
        let arrow = rd::mark_colours(palette).arrow;
        let orders = drawn(&v, &before, Some(&report), palette, W);
        assert!(ink(&orders, "d3") > 20, "{palette:?}: the dropped horse is drawn on d3 before it lands");
        for cv in [&orders, &drawn(&v, &after, None, palette, W)] {
            let ((x, y), r) = rd::badge_point(W, c("d3"), None);
            let badge = [(x - r * 0.7, y), (x + r * 0.7, y), (x, y + r * 0.7)];
            assert!(badge.iter().any(|&p| near(px(cv, p), arrow)), "{palette:?}: the drop badge");
            assert!(on_ring(cv, "d3", 0.6, |p| near(p, arrow)) > 8, "{palette:?}: the dashed ring");
            assert!(tinted(cv, "d3"));
        }
    }
    // Without the report, an empty cell: nothing is drawn there.
    let cv = drawn(&v, &before, None, Palette::Classic, W);
    assert!(ink(&cv, "d3") < 5);
}

#[test]
fn a_promotion_shows_the_new_piece() {
    let text = "variant: diplomat-chess\nposition:\n  White: K a1, P j2\n  Black: K d3\norders:\n  White: j1=Horse\n";
    let (v, before, report, after) = resolved(text);
    for palette in [Palette::Classic, Palette::ColourBlind] {
        let arrow = rd::mark_colours(palette).arrow;
        let orders = drawn(&v, &before, Some(&report), palette, W);
        assert!(ink(&orders, "j1") > 20, "{palette:?}: the horse the pawn becomes, on j1");
        for cv in [&orders, &drawn(&v, &after, None, palette, W)] {
            let ((x, y), r) = rd::badge_point(W, c("j1"), Some(c("j2")));
            // The badge: the mark colour round `=` (left) and the new
            // piece's glyph (right: a white horse, light body and dark lines).
            let probe = |x0: f32, x1: f32| -> Vec<Rgba> {
                (0..8)
                    .flat_map(|i| (0..8).map(move |j| (i, j)))
                    .map(|(i, j)| px(cv, (x0 + (x1 - x0) * i as f32 / 7.0, y - r * 0.7 + j as f32 * r * 0.2)))
                    .collect()
            };
            let fill = probe(x - r * 0.9, x + r * 2.8).into_iter().filter(|&p| near(p, arrow)).count();
            let glyph = probe(x + r * 1.2, x + r * 2.6);
            let body = glyph.iter().filter(|p| p.luminance() > 0.85).count();
            let lines = glyph.iter().filter(|p| p.luminance() < 0.25).count();
            assert!(fill > 12 && body > 6 && lines >= 1, "{palette:?}: badge {fill}, body {body}, lines {lines}");
        }
    }
}

#[test]
fn the_result_band_leaves_the_mate_marks_whole() {
    let (v, _, _, after) = resolved(MATE);
    let plain = drawn(&v, &after, None, Palette::Classic, W);
    let style = Style { width: W, result: Some("Black wins by checkmate".into()), ..Style::default() };
    let cv = rd::draw(&v, &after, None, &style, "");
    let band = cv.height() - plain.height();
    assert!(band >= 40, "a band of {band} px opened");
    // Below the band the board is the plain one moved down: the mated
    // king's ring, the rook in the centre, the cells.
    for cell in ["d2", "4", "k1", "d3"] {
        let (x, y) = rd::cell_centre(W, c(cell));
        let s = rd::piece_size(W, c(cell));
        for (dx, dy) in [(0.0, 0.0), (-0.6 * s, 0.0), (0.0, 0.6 * s)] {
            let (x, y) = ((x + dx) as u32, (y + dy) as u32);
            assert_eq!(cv.pixel(x, y + band), plain.pixel(x, y), "{cell}");
        }
    }
}

#[test]
fn every_text_reads_at_400_px_with_pieces_in_hand_and_every_mark() {
    let (v, before, report, after) = resolved(DROP);
    let (mv, mbefore, mreport, mafter) = resolved(MATE);
    let result = Style { width: 400, result: Some("Black wins by checkmate".into()), ..Style::default() };
    for palette in [Palette::Classic, Palette::ColourBlind] {
        for cv in [
            drawn(&v, &before, Some(&report), palette, 400),
            drawn(&v, &after, None, palette, 400),
            drawn(&mv, &mbefore, Some(&mreport), palette, 400),
            drawn(&mv, &mafter, None, palette, 400),
            rd::draw(&mv, &mafter, None, &Style { palette, ..result.clone() }, ""),
        ] {
            let t = cv.smallest_text().expect("text");
            assert!(t >= 10.0, "{palette:?}: text of {t} px at 400 px");
        }
    }
}

#[test]
fn the_colour_blind_marks_stay_apart_for_colour_blind_eyes() {
    let marks = |p: Palette| {
        let m = rd::mark_colours(p);
        // The tint as it shows on a light cell.
        let last = CELL_COLOURS.0.mix(m.last.alpha(255), f32::from(m.last.3) / 255.0);
        vec![m.arrow, m.suborn, m.check, last]
    };
    for vision in [Vision::Deuteranopia, Vision::Protanopia] {
        let (d, i, j) = closest_pair(&marks(Palette::ColourBlind), vision).expect("pairs");
        assert!(d > 20.0, "{vision:?}: marks {i} and {j} only {d:.1} apart");
        // And each mark stands off both cell colours.
        for m in marks(Palette::ColourBlind).into_iter().take(3) {
            for cell in [CELL_COLOURS.0, CELL_COLOURS.1] {
                let d = chessdip_render::vision::delta_e(simulate(m, vision), simulate(cell, vision));
                assert!(d > 15.0, "{vision:?}: {m:?} on {cell:?}: {d:.1}");
            }
        }
    }
}
