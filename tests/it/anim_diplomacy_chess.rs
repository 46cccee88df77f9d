//! Diplomacy Chess resolution animations: decoded back from the GIF, the
//! pieces travel one square a tick along their lines, clash, go back as
//! the mode says, are taken, and the last frame is the resolver's position.
//! `CHESSDIP_RENDER_DIR=/tmp` also writes the GIFs.

use crate::support::gifs;
use crate::support::pixels;
use crate::support::squares;
use pixels::within;
use squares::sq;

use chessdip_render::anim::{self, FRAMES_PER_BEAT};
use chessdip_render::canvas::Rgba;
use chessdip_render::diplomacy_chess::{self as rs, SQUARE_COLOURS};
use chessdip_render::Style;
use chessdip_rules::diplomacy_chess::resolve::resolve_traced;
use chessdip_rules::diplomacy_chess::{DiplomacyChessReport, Mode};
use chessdip_rules::scenario::diplomacy_chess::{adjudicate, Adjudication};
use chessdip_rules::scenario::Scenario;
use chessdip_rules::Square;

const W: u32 = anim::WIDTH;

fn load(path: &str) -> Adjudication {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    let s = Scenario::from_file(std::path::Path::new(&full)).expect("scenario");
    adjudicate(&s).expect("adjudicates")
}

fn sample(stem: &str) -> Adjudication {
    load(&format!("docs/images/diplomacy-chess-{stem}.txt"))
}

fn scenario(stem: &str) -> Adjudication {
    load(&format!("tests/scenarios/diplomacy-chess/{stem}.txt"))
}

fn style() -> Style {
    Style { width: W, ..Style::default() }
}

fn animate(a: &Adjudication, report: &DiplomacyChessReport) -> Option<Vec<anim::Frame>> {
    rs::animate(&a.variant, &a.before, report, &style(), "orders")
}

/// A decoded animation: every frame composited in full (RGBA), with its delay.
struct Movie {
    width: usize,
    frames: Vec<(Vec<u8>, u16)>,
}

impl Movie {
    fn pixel(&self, frame: usize, (x, y): (f32, f32)) -> Rgba {
        let (x, y) = (x as usize, y as usize);
        let i = (y * self.width + x) * 4;
        let p = &self.frames[frame].0[i..i + 4];
        Rgba::rgb(p[0], p[1], p[2])
    }

    fn last(&self) -> usize {
        self.frames.len() - 1
    }

    /// Of a 9x9 grid of probes over the middle of `s` (where a piece's body
    /// is), how many are near `colour`.
    fn count(&self, frame: usize, s: Square, colour: Rgba) -> usize {
        let (x, y) = rs::square_centre(W, s);
        let q = rs::square_size(W);
        (0..9)
            .flat_map(|i| (0..9).map(move |j| (x - q * 0.3 + i as f32 * q * 0.075, y - q * 0.3 + j as f32 * q * 0.075)))
            .filter(|&p| near(self.pixel(frame, p), colour))
            .count()
    }

    /// Of a 25x25 grid of probes over 0.8 of a square round a point, how
    /// many are near `colour` (a piece's shape, roughly).
    fn area(&self, frame: usize, (x, y): (f32, f32), colour: Rgba) -> usize {
        let q = rs::square_size(W);
        (0..25)
            .flat_map(|i| (0..25).map(move |j| (x - q * 0.4 + i as f32 * q / 30.0, y - q * 0.4 + j as f32 * q / 30.0)))
            .filter(|&p| near(self.pixel(frame, p), colour))
            .count()
    }

    /// How many probes over `s` are neither square colour (a piece, a mark).
    fn ink(&self, frame: usize, s: Square) -> usize {
        let (light, dark) = SQUARE_COLOURS;
        let (x, y) = rs::square_centre(W, s);
        let q = rs::square_size(W);
        (0..9)
            .flat_map(|i| (0..9).map(move |j| (x - q * 0.4 + i as f32 * q * 0.1, y - q * 0.4 + j as f32 * q * 0.1)))
            .filter(|&p| {
                let c = self.pixel(frame, p);
                !near(c, light) && !near(c, dark)
            })
            .count()
    }
}

fn near(a: Rgba, b: Rgba) -> bool {
    within(a, b, 30)
}

/// The GIF of `frames`, decoded, with the checks every animation passes:
/// one frame per GIF frame (no two drawn frames alike here), held first
/// and last frames, short in-betweens, the canvas's size.
fn movie(frames: &[anim::Frame], name: &str) -> Movie {
    let bytes = anim::gif(frames).expect("encodes");
    if let Ok(dir) = std::env::var("CHESSDIP_RENDER_DIR") {
        std::fs::write(format!("{dir}/anim-simul-{name}.gif"), &bytes).expect("write");
    }
    let g = gifs::decode(&bytes);
    assert_eq!((g.width, g.height), (frames[0].canvas.width(), frames[0].canvas.height()));
    assert_eq!(g.width, W);
    let m = Movie { width: g.width as usize, frames: g.frames };
    let n = m.frames.len();
    assert!(n >= 2, "{name}: {n} frames");
    assert!(m.frames[0].1 >= 100, "{name}: the first frame is held");
    assert!(m.frames[n - 1].1 >= 150, "{name}: the last frame is held");
    for (i, f) in m.frames[1..n - 1].iter().enumerate() {
        assert!(f.1 <= 20, "{name}: in-between frame {} lasts {} cs", i + 1, f.1);
    }
    m
}

/// The frame drawn at the end of tick `k` (counting from the first frame).
fn tick(k: usize) -> usize {
    k * FRAMES_PER_BEAT
}

#[test]
fn a_rook_slides_a_square_a_tick_to_the_back_rank() {
    // Basic: Ra8 (a1 to a8, seven ticks) while Black's b-pawn steps to b6.
    let a = sample("checkmate");
    let frames = animate(&a, &a.turn).expect("something moves");
    assert_eq!(frames.len(), tick(7) + 1, "seven ticks of three frames, and the first");
    let m = movie(&frames, "checkmate");
    assert_eq!(m.frames.len(), frames.len(), "every frame differs from the one before");
    let white = Rgba::rgb(0xFF, 0xFF, 0xFF);
    let files = ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"];
    for (k, here) in files.iter().enumerate() {
        let f = tick(k);
        assert!(m.count(f, sq(here), white) > 10, "after tick {k} the rook is on {here}");
        for other in files.iter().filter(|s| *s != here) {
            assert!(m.count(f, sq(other), white) < 3, "after tick {k} the rook is not on {other}");
        }
    }
    // Half-way through tick 4 it is between a4 and a5, on neither centre.
    let (x4, y4) = rs::square_centre(W, sq("a4"));
    let (_, y5) = rs::square_centre(W, sq("a5"));
    let mid = tick(3) + 2;
    let q = rs::square_size(W);
    let between =
        (0..9).filter(|i| near(m.pixel(mid, (x4, (y4 + y5) / 2.0 + (*i as f32 - 4.0) * q * 0.04)), white)).count();
    assert!(between > 2, "on its way from a4 to a5: {between}");
    assert!(m.count(m.last(), sq("a8"), white) > 10, "it ends on a8");
}

#[test]
fn pieces_that_meet_clash_and_end_where_they_started() {
    // Basic: Rh2 and Bd1 both enter c2 at tick 2; both fail and stay home.
    let a = sample("basic");
    let frames = animate(&a, &a.turn).expect("something moves");
    let m = movie(&frames, "basic");
    let flash = |f: usize| m.count(f, sq("c2"), rs::CLASH) + m.count(f, sq("b2"), rs::CLASH);
    assert_eq!(flash(0), 0, "no clash before the move");
    assert!(flash(tick(1) + 1) > 3, "the clash flashes at c2 during tick 2: {}", flash(tick(1) + 1));
    assert_eq!(flash(m.last()), 0, "no clash in the end");
    let white = Rgba::rgb(0xFF, 0xFF, 0xFF);
    // After tick 1 the rook is on b2 (under way).
    assert!(m.count(tick(1), sq("b2"), white) > 10);
    assert!(m.count(tick(1), sq("a2"), white) < 3);
    // In the end both are back home; nothing on c2.
    assert!(m.count(m.last(), sq("a2"), white) > 10, "the rook is back on a2");
    assert!(m.ink(m.last(), sq("a4")) > 10, "the bishop is back on a4");
    assert!(m.ink(m.last(), sq("b3")) < 3 && m.ink(m.last(), sq("c2")) < 3 && m.ink(m.last(), sq("b2")) < 3);
}

#[test]
fn a_bounced_rook_travels_back_one_square_a_tick() {
    // Simultaneously progressive: Ra6 turns round at a5's edge at tick 4 and
    // travels back (a3 after tick 4, a2, a1); the bishop meets it on a3.
    let a = scenario("sp-bounced-rook-travels-back");
    let frames = animate(&a, &a.turn).expect("something moves");
    let m = movie(&frames, "sp-bounce");
    let white = Rgba::rgb(0xFF, 0xFF, 0xFF);
    for (k, s) in [(1, "a2"), (2, "a3"), (3, "a4"), (4, "a3"), (5, "a2"), (6, "a1")] {
        assert!(m.count(tick(k), sq(s), white) > 10, "after tick {k} the rook is on {s}");
    }
    assert!(m.count(tick(3), sq("a2"), white) < 3);
    assert_eq!(m.last(), tick(6), "six ticks");
    let clash = (tick(3) + 1..tick(4))
        .map(|f| m.count(f, sq("a4"), rs::CLASH) + m.count(f, sq("a5"), rs::CLASH))
        .sum::<usize>();
    assert!(clash > 3, "the rook's clash with the pawn flashes at tick 4");
    assert!(m.ink(m.last(), sq("e7")) > 10, "the bishop is back on e7");
    assert!(m.ink(m.last(), sq("a3")) < 3);
}

#[test]
fn a_taken_piece_is_gone_at_the_end() {
    // Simultaneously progressive: the rook back home on h6 is taken there by the queen.
    let a = scenario("seed-sp-queen-takes-returning-rook");
    let frames = animate(&a, &a.turn).expect("something moves");
    let m = movie(&frames, "sp-queen-takes");
    let white = Rgba::rgb(0xFF, 0xFF, 0xFF);
    let black = Rgba::rgb(0x1E, 0x1E, 0x22);
    assert!(m.count(0, sq("h6"), black) > 10, "the black rook stands on h6");
    assert!(m.count(m.last(), sq("h6"), white) > 10, "the queen on h6");
    assert!(m.count(m.last(), sq("h8"), white) < 3, "left h8");
    // Progressive: Black's knight takes the pawn on c3, then leaves it: c3 ends empty.
    let a = sample("orders");
    let frames = animate(&a, &a.turn).expect("something moves");
    let m = movie(&frames, "orders");
    assert!(m.ink(0, sq("c3")) > 10, "White's pawn on c3 at first");
    assert!(m.ink(m.last(), sq("c3")) < 3, "and nothing on c3 at the end");
}

#[test]
fn a_game_that_ends_opens_its_result_band_in_every_frame() {
    let a = sample("checkmate");
    let plain = animate(&a, &a.turn).expect("something moves");
    let ended = Style { result: Some("White wins".into()), ..style() };
    let frames = rs::animate(&a.variant, &a.before, &a.turn, &ended, "orders").expect("something moves");
    assert_eq!(frames.len(), plain.len());
    let (w, h) = (frames[0].canvas.width(), frames[0].canvas.height());
    assert!(frames.iter().all(|f| (f.canvas.width(), f.canvas.height()) == (w, h)), "one size");
    let band = h - plain[0].canvas.height();
    assert!(band >= 40, "the band: {band} rows");
    // The board moves down by the band; the rook still ends on a8.
    let (x, y) = rs::square_centre(W, sq("a8"));
    let white = Rgba::rgb(0xFF, 0xFF, 0xFF);
    let last = &frames[frames.len() - 1].canvas;
    let on = |c: &chessdip_render::canvas::Canvas, dy: f32| {
        (0..9)
            .filter(|i| c.pixel(x as u32, (y + dy + (*i as f32 - 4.0) * 3.0) as u32).is_some_and(|p| near(p, white)))
            .count()
    };
    assert!(on(last, band as f32) > 2, "the rook on a8, below the band");
    // The result reads only at the end: the band's rows differ between the first and last frames.
    let top = rs::placement(None, &style()).banner.1 as u32;
    let differ = (top..top + band)
        .flat_map(|yy| (0..w).step_by(4).map(move |xx| (xx, yy)))
        .filter(|&(xx, yy)| frames[0].canvas.pixel(xx, yy) != last.pixel(xx, yy))
        .count();
    assert!(differ > 50, "the result's text appears in the last frame: {differ}");
}

#[test]
fn a_pawn_promotes_as_it_lands() {
    // b7-b8=Q: one tick; a pawn on its way, a queen as it lands.
    let a = scenario("promotion");
    let frames = animate(&a, &a.turn).expect("something moves");
    let m = movie(&frames, "promotion");
    assert_eq!(m.last(), tick(1));
    let white = Rgba::rgb(0xFF, 0xFF, 0xFF);
    let (b7, b8) = (rs::square_centre(W, sq("b7")), rs::square_centre(W, sq("b8")));
    let at = |f: f32| (b7.0, b7.1 + (b8.1 - b7.1) * f);
    let pawn = m.area(0, b7, white);
    let queen = m.area(m.last(), b8, white);
    assert!(queen.abs_diff(pawn) > 8, "a queen and a pawn show different amounts of white: {queen} and {pawn}");
    let (early, late) = (m.area(1, at(1.0 / 3.0), white), m.area(2, at(2.0 / 3.0), white));
    assert!(early.abs_diff(pawn) < early.abs_diff(queen), "a pawn on its way: {early} ({pawn} / {queen})");
    assert!(late.abs_diff(queen) < late.abs_diff(pawn), "a queen as it lands: {late} ({pawn} / {queen})");
}

#[test]
fn nothing_tried_means_no_animation() {
    let a = sample("basic");
    let mut r = a.turn.clone();
    // A turn in which no move was tried: no order's move, and no step ran one.
    for m in &mut r.moves {
        m.tried = None;
    }
    for s in &mut r.steps {
        s.moves.clear();
        s.run = None;
    }
    assert!(animate(&a, &r).is_none(), "no move tried");
    r.moves.clear();
    assert!(animate(&a, &r).is_none(), "no order");
    assert!(animate(&a, &a.turn).is_some());
}

/// How many of six probes on each square of the last frame differ from a
/// still drawing of the position after the turn.
fn differing_probes(m: &Movie, a: &Adjudication) -> usize {
    let still = rs::draw(&a.variant, &a.after, None, &style(), "position");
    let q = rs::square_size(W);
    let mut differ = 0;
    for f in 0..8u8 {
        for r in 0..8u8 {
            let s = Square::from_coords(f, r).expect("square");
            let (x, y) = rs::square_centre(W, s);
            for (dx, dy) in [(0.0, 0.0), (-0.2, 0.1), (0.2, 0.1), (0.0, -0.25), (0.0, 0.3), (-0.1, 0.2)] {
                let p = (x + dx * q, y + dy * q);
                let want = still.pixel(p.0 as u32, p.1 as u32).expect("inside");
                if !near(m.pixel(m.last(), p), want) {
                    differ += 1;
                }
            }
        }
    }
    differ
}

#[test]
fn a_long_turn_plays_faster_not_longer() {
    // Four steps of rook slides across the board: 24 ticks and three pauses.
    let text = "\
name: long progressive turn
variant: diplomacy-chess
mode: progressive
phase: turn 4
position:
  White: K g1, R a1, R b1, R c1, R d1
  Black: K g8, P h7
orders:
  White: Ra7, Rbb7, Rcc7, Rdd7
  Black: Kh8, Kg8, Kh8, Kg8
";
    let a = adjudicate(&Scenario::parse(text, "long").expect("scenario")).expect("adjudicates");
    let frames = animate(&a, &a.turn).expect("something moves");
    let most = 1 + rs::MAX_BEATS as usize * FRAMES_PER_BEAT;
    assert_eq!(frames.len(), most, "capped at {} beats", rs::MAX_BEATS);
    let m = movie(&frames, "long");
    // Still every rook where the turn puts it at the end, and on its way a third of the way in.
    assert!(differing_probes(&m, &a) <= 4);
    let white = Rgba::rgb(0xFF, 0xFF, 0xFF);
    assert!(m.count(m.last(), sq("a7"), white) > 10, "the first rook arrived");
    assert!(m.count(0, sq("a1"), white) > 10, "and started at home");
}

#[test]
fn the_last_frame_is_the_resolvers_position() {
    let mut files: Vec<String> = std::fs::read_dir(format!("{}/docs/images", env!("CARGO_MANIFEST_DIR")))
        .expect("docs/images")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "txt")
                && p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("diplomacy-chess-"))
        })
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    assert!(files.len() >= 5, "the samples");
    for stem in [
        "promotion",
        "capture-promotion",
        "castle-kingside",
        "en-passant",
        "progressive-king-taken-ends-turn",
        "same-square-king-would-be-in-check",
        "seed-sp-three-pieces-stand-still",
    ] {
        files.push(format!("{}/tests/scenarios/diplomacy-chess/{stem}.txt", env!("CARGO_MANIFEST_DIR")));
    }
    files.sort();
    for file in &files {
        let s = Scenario::from_file(std::path::Path::new(file)).expect("scenario");
        let a = adjudicate(&s).expect("adjudicates");
        assert_eq!(a.after.position, a.turn.after, "{file}");
        traced_pieces_end_where_the_turn_puts_them(&a, file);
        let frames = animate(&a, &a.turn).expect("something moves");
        let name = std::path::Path::new(file).file_stem().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let m = movie(&frames, &name);
        let differ = differing_probes(&m, &a);
        assert!(differ <= 4, "{file}: {differ} probes differ from the position after the turn");
        // The first frame is the position before it.
        let before = rs::draw(&a.variant, &a.before, None, &style(), "position");
        let q = rs::square_size(W);
        let pieces_before = a.before.position.pieces().filter(|(s, _)| {
            let (x, y) = rs::square_centre(W, *s);
            let p = (x, y + q * 0.3);
            near(m.pixel(0, p), before.pixel(p.0 as u32, p.1 as u32).expect("inside"))
        });
        assert!(pieces_before.count() + 2 >= a.before.position.pieces().count(), "{file}: the first frame's pieces");
    }
}

/// The lines the animation follows (the resolver's trace) end where the
/// turn's position after puts the pieces: a piece's last square holds a
/// piece of its side; a piece taken on the way has no last square.
fn traced_pieces_end_where_the_turn_puts_them(a: &Adjudication, file: &str) {
    if a.turn.mode == Mode::Progressive {
        return; // Replayed step by step by the renderer; its last frame is checked.
    }
    let moves: Vec<_> = a.turn.moves.iter().filter_map(|m| m.tried).collect();
    let (out, trace) = resolve_traced(&a.turn.before, &moves, a.turn.mode.bounce());
    assert_eq!(out.after, a.turn.after, "{file}: the traced run is the turn's");
    for p in &trace.pieces {
        match p.at.last().copied().flatten() {
            Some(s) => {
                let there = a.turn.after.get(s).map(|q| q.side);
                assert_eq!(there, Some(p.piece.side), "{file}: {:?} from {} ends on {s}", p.piece, p.from);
            }
            None => assert!(out.taken.iter().any(|t| t.home == p.from), "{file}: {} taken", p.from),
        }
    }
}
