//! The Chess Wheel+ resolution animation, read back from its GIF: timing,
//! pieces travelling along their arrows' paths (on a board and between
//! boards through the hub's lanes), taken pieces gone at the end, failed
//! moves marked, and no animation when nothing moves.

use crate::support::gifs;
use crate::support::pixels;
use crate::support::squares;
use crate::support::wheel_scenario;
use pixels::within;
use squares::sp;
use wheel_scenario::adjudicated;

use chessdip_render::anim::{self, WIDTH};
use chessdip_render::chess_wheel::{self as rw, player_colour};
use chessdip_render::Style;
use chessdip_rules::scenario::chess_wheel::Adjudication;

type Pt = (f32, f32);

/// One decoded frame: RGBA pixels of the whole image and its delay.
struct Shot {
    rgba: Vec<u8>,
    delay: u16,
}

struct Movie {
    width: usize,
    height: usize,
    shots: Vec<Shot>,
}

impl Movie {
    fn pixel(&self, k: usize, (x, y): Pt) -> [u8; 4] {
        let (x, y) = (x.max(0.0) as usize, y.max(0.0) as usize);
        if x >= self.width || y >= self.height {
            return [0; 4];
        }
        let i = (y * self.width + x) * 4;
        let p = &self.shots[k].rgba[i..i + 4];
        [p[0], p[1], p[2], p[3]]
    }
}

/// Decodes a GIF as a viewer shows it ([`gifs::decode`]).
fn decode(bytes: &[u8]) -> Movie {
    let g = gifs::decode(bytes);
    let shots = g.frames.into_iter().map(|(rgba, delay)| Shot { rgba, delay }).collect();
    Movie { width: g.width as usize, height: g.height as usize, shots }
}

fn style(width: u32) -> Style {
    Style { width, ..Style::default() }
}

fn movie(a: &Adjudication, width: u32) -> Movie {
    let frames = rw::animate(&a.variant, &a.before, &a.wheel, &style(width), "orders").expect("something moves");
    decode(&anim::gif(&frames).expect("encodes"))
}

/// Close to `c` (the GIF's palette may shift a colour slightly).
fn is(p: [u8; 4], c: chessdip_render::canvas::Rgba) -> bool {
    within(chessdip_render::canvas::Rgba::rgb(p[0], p[1], p[2]), c, 11)
}

/// Pixels of colour `c` in frame `k` in the box `half` around `at`.
fn count(m: &Movie, k: usize, at: Pt, half: f32, c: chessdip_render::canvas::Rgba) -> usize {
    let mut n = 0;
    let steps = (half * 2.0) as i32;
    for i in 0..=steps {
        for j in 0..=steps {
            let p = (at.0 - half + i as f32, at.1 - half + j as f32);
            if is(m.pixel(k, p), c) {
                n += 1;
            }
        }
    }
    n
}

fn length(pts: &[Pt]) -> f32 {
    pts.windows(2).map(|w| ((w[1].0 - w[0].0).powi(2) + (w[1].1 - w[0].1).powi(2)).sqrt()).sum()
}

/// Where along `path` (0 to 1, by length) the point nearest `p` is, and how far `p` is from it.
fn project(path: &[Pt], p: Pt) -> (f32, f32) {
    let total = length(path);
    let (mut best, mut best_d, mut run) = (0.0, f32::MAX, 0.0);
    for w in path.windows(2) {
        let (a, b) = (w[0], w[1]);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = (dx * dx + dy * dy).max(1e-6);
        let u = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0);
        let q = (a.0 + dx * u, a.1 + dy * u);
        let d = ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt();
        if d < best_d {
            best_d = d;
            best = (run + u * len2.sqrt()) / total;
        }
        run += len2.sqrt();
    }
    (best, best_d)
}

/// Where along `path` a piece of colour `c` is in frame `k`: the median
/// position of the pixels of that colour within `reach` of the path that
/// are not of that colour in the last frame (the piece's board frame, the
/// pieces that stay, the piece at its destination).
fn track(m: &Movie, k: usize, path: &[Pt], reach: f32, c: chessdip_render::canvas::Rgba) -> Option<f32> {
    let last = m.shots.len() - 1;
    let x0 = path.iter().map(|p| p.0).fold(f32::MAX, f32::min) - reach;
    let x1 = path.iter().map(|p| p.0).fold(f32::MIN, f32::max) + reach;
    let y0 = path.iter().map(|p| p.1).fold(f32::MAX, f32::min) - reach;
    let y1 = path.iter().map(|p| p.1).fold(f32::MIN, f32::max) + reach;
    let mut found = Vec::new();
    for y in (y0.max(0.0) as usize)..(y1.max(0.0) as usize).min(m.height) {
        for x in (x0.max(0.0) as usize)..(x1.max(0.0) as usize).min(m.width) {
            let p = (x as f32, y as f32);
            if is(m.pixel(k, p), c) && !is(m.pixel(last, p), c) {
                let (f, d) = project(path, p);
                if d <= reach {
                    found.push(f);
                }
            }
        }
    }
    // A handful of stray pixels is not a piece.
    if found.len() < 20 {
        return None;
    }
    found.sort_by(f32::total_cmp);
    Some(found[found.len() / 2])
}

/// The first frame held, the last held longer, the ones between short.
fn check_timing(m: &Movie) {
    let n = m.shots.len();
    assert!(n >= 5, "{n} frames");
    assert!(m.shots[0].delay >= 100, "first frame {} cs", m.shots[0].delay);
    assert!(m.shots[n - 1].delay >= 150, "last frame {} cs", m.shots[n - 1].delay);
    for (k, s) in m.shots.iter().enumerate().take(n - 1).skip(1) {
        assert!(s.delay <= 10, "frame {k} stays {} cs", s.delay);
    }
}

const TWO: &str = "variant: chess-wheel\nstate:\n  players: Ann, Bo\nposition:\n  Ann: K {Ann}e1, R {Ann}a1\n  Bo: K {Bo}e1, P {Bo}b2\n\
                   orders:\n  Ann: R {Ann}a1 - {Ann}a5\n  Bo: {Bo}b2 - {Bo}b3\n";

#[test]
fn a_rook_slides_up_its_board_a_square_a_beat() {
    let a = adjudicated(TWO);
    let m = movie(&a, WIDTH);
    check_timing(&m);
    // The longest move is four squares: four beats of three frames, and the first.
    assert_eq!(m.shots.len(), 1 + 4 * anim::FRAMES_PER_BEAT);
    assert_eq!(m.width, WIDTH as usize);
    let s = rw::square_size(&a.before, WIDTH);
    let from = rw::space_centre(&a.before, WIDTH, sp(&a.before, "Ann", "a1")).expect("drawn");
    let to = rw::space_centre(&a.before, WIDTH, sp(&a.before, "Ann", "a5")).expect("drawn");
    let ann = player_colour(0);
    let n = m.shots.len() - 1;
    for k in 1..n {
        // Eased, a square a beat: where the rook should be in frame k.
        let f = anim::ease(k as f32 / n as f32);
        let at = (from.0 + (to.0 - from.0) * f, from.1 + (to.1 - from.1) * f);
        assert!(count(&m, k, at, s * 0.2, ann) > 30, "frame {k}: no rook at {at:?}");
        // And nowhere else along the file (a square away from there).
        let ahead = (at.0, at.1 - s * 1.2);
        let behind = (at.0, at.1 + s * 1.2);
        for p in [ahead, behind] {
            if (p.1 - from.1) * (p.1 - to.1) < 0.0 {
                assert!(count(&m, k, p, s * 0.2, ann) < 5, "frame {k}: a rook also at {p:?}");
            }
        }
    }
    // Arrived: on a5 at the end, a1 empty.
    assert!(count(&m, n, to, s * 0.2, ann) > 30);
    assert!(count(&m, n, from, s * 0.2, ann) < 5);
    // In the first frame, the orders: the rook on a1 and its arrow in Ann's colour halfway up.
    assert!(count(&m, 0, from, s * 0.2, ann) > 30);
    assert!(count(&m, 0, ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0), s * 0.05, ann) > 0);
}

/// Six boards (two columns): Bo's rook from the hub into Fay's board (an
/// outer board below), taking her pawn; Ann's rook up her board; Dee's
/// king out of range.
const SIX: &str = "variant: chess-wheel\nstate:\n  players: Ann, Bo, Cy, Dee, Eli, Fay\nposition:\n\
                   \x20 Ann: K {Ann}e1, R {Ann}a1\n  Bo: K {Bo}e1, R c8\n  Cy: K {Cy}e1\n  Dee: K {Dee}e1\n\
                   \x20 Eli: K {Eli}e1\n  Fay: K {Fay}e1, P {Fay}c3\n\
                   orders:\n  Ann: R {Ann}a1 - {Ann}a5\n  Bo: R c8 - {Fay}c3\n  Dee: K {Dee}e1 - {Dee}e3\n";

#[test]
fn a_rook_goes_from_the_hub_to_an_outer_board_through_the_lanes_and_takes() {
    let a = adjudicated(SIX);
    let b = &a.before;
    let m = movie(&a, WIDTH);
    check_timing(&m);
    let s = rw::square_size(b, WIDTH);
    let (from, to) = (sp(b, "Bo", "c8"), sp(b, "Fay", "c3"));
    // Ann's move stays on her board: Bo's is the first to take a lane.
    let path = rw::arrow_path(b, WIDTH, from, to, 0).expect("a path");
    assert!(path.len() >= 5, "through the lanes: {path:?}");
    let bo = player_colour(1);
    let n = m.shots.len() - 1;
    let seen: Vec<(usize, f32)> = (1..n).filter_map(|k| track(&m, k, &path, s * 0.6, bo).map(|f| (k, f))).collect();
    assert!(seen.len() >= n / 2, "the rook is seen in {} of {} frames", seen.len(), n - 1);
    // Along the path, forwards, from its start to near its end.
    assert!(seen[0].1 < 0.2, "{seen:?}");
    assert!(seen.iter().any(|&(_, f)| f > 0.7), "{seen:?}");
    for w in seen.windows(2) {
        if w[1].1 < 0.85 {
            assert!(w[1].1 >= w[0].1 - 0.03, "backwards between frames {} and {}: {seen:?}", w[0].0, w[1].0);
        }
    }
    // Through the lanes: seen on the path's middle legs, off every board and the hub.
    let total = length(&path);
    let lanes = (length(&path[..2]) / total, length(&path[..path.len() - 1]) / total);
    let off_boards = |p: Pt| {
        b.seats().filter_map(|seat| rw::board_rect(b, WIDTH, seat)).all(|(x, y, w, h)| {
            p.0 < x - s * 0.3 || p.0 > x + w + s * 0.3 || p.1 < y - s * 0.3 || p.1 > y + h + s * 0.3
        })
    };
    let hub = rw::space_centre(b, WIDTH, from).expect("drawn").1;
    // And away from the straight line from c8 to c3 (which crosses Bo's board).
    let chord = [path[0], path[path.len() - 1]];
    let in_lanes: Vec<usize> = seen
        .iter()
        .filter(|&&(_, f)| f > lanes.0 && f < lanes.1)
        .filter(|&&(_, f)| {
            let p = anim::along(&path, f);
            off_boards(p) && (p.1 - hub).abs() > s && project(&chord, p).1 > s * 1.2
        })
        .map(|&(k, _)| k)
        .collect();
    assert!(in_lanes.len() >= 3, "seen in the lanes in frames {in_lanes:?} of {seen:?}");
    // At the end the rook stands on c3, and Fay's pawn, taken, is gone.
    let c3 = rw::space_centre(b, WIDTH, to).expect("drawn");
    let fay = player_colour(5);
    assert!(count(&m, n, c3, s * 0.3, bo) > 30, "no rook on {{Fay}}c3 at the end");
    assert!(count(&m, 1, c3, s * 0.3, fay) > 30, "no pawn on {{Fay}}c3 at first");
    assert_eq!(count(&m, n, c3, s * 0.45, fay), 0, "the taken pawn is still there");
    // It fades as the rook comes: gone while the rook is still on its way.
    let gone = (1..=n).find(|&k| count(&m, k, c3, s * 0.45, fay) == 0).expect("the pawn goes");
    let rook = track(&m, gone, &path, s * 0.6, bo).expect("the rook on its way as the pawn goes");
    assert!(rook < 1.0 - 0.2 * s / total, "the pawn went only when the rook was on it (frame {gone}: {rook})");
    assert!(count(&m, n, rw::space_centre(b, WIDTH, from).expect("drawn"), s * 0.3, bo) < 5, "c8 not left");
}

#[test]
fn a_move_out_of_range_stays_under_a_mark() {
    let a = adjudicated(SIX);
    let b = &a.before;
    let m = movie(&a, WIDTH);
    let s = rw::square_size(b, WIDTH);
    let e1 = rw::space_centre(b, WIDTH, sp(b, "Dee", "e1")).expect("drawn");
    let e3 = rw::space_centre(b, WIDTH, sp(b, "Dee", "e3")).expect("drawn");
    let dee = player_colour(3);
    let n = m.shots.len() - 1;
    // The king never leaves e1.
    for k in 0..=n {
        assert!(count(&m, k, e1, s * 0.2, dee) > 30, "frame {k}: the king left e1");
    }
    // Early on, the mark (a white disc) beside it, towards e3; not at the end.
    let towards = (e1.0, e1.1 + (e3.1 - e1.1).signum() * s * 0.36);
    let white = chessdip_render::canvas::Rgba::rgb(0xFF, 0xFF, 0xFF);
    assert!(count(&m, 2, towards, s * 0.15, white) > 10, "no mark on the failed move");
    assert_eq!(count(&m, n, towards, s * 0.15, white), 0, "the mark stays to the end");
}

#[test]
fn nothing_moving_gives_no_animation() {
    // Both moves out of range.
    let a = adjudicated(
        "variant: chess-wheel\nstate:\n  players: Ann, Bo\nposition:\n  Ann: K {Ann}e1, R {Ann}a1\n  Bo: K {Bo}e1\n\
         orders:\n  Ann: R {Ann}a1 - {Ann}b2\n  Bo: K {Bo}e1 - {Bo}e3\n",
    );
    assert!(a.wheel.moves.iter().all(|m| !m.outcome.succeeded()));
    assert!(rw::animate(&a.variant, &a.before, &a.wheel, &style(WIDTH), "orders").is_none());
    // No orders at all.
    let a = adjudicated("variant: chess-wheel\nstate:\n  players: Ann, Bo\n");
    assert!(rw::animate(&a.variant, &a.before, &a.wheel, &style(WIDTH), "orders").is_none());
}

#[test]
fn four_hundred_pixels_work() {
    let a = adjudicated(SIX);
    let b = &a.before;
    let m = movie(&a, 400);
    check_timing(&m);
    assert_eq!(m.width, 400);
    let s = rw::square_size(b, 400);
    let n = m.shots.len() - 1;
    let c3 = rw::space_centre(b, 400, sp(b, "Fay", "c3")).expect("drawn");
    let a5 = rw::space_centre(b, 400, sp(b, "Ann", "a5")).expect("drawn");
    assert!(count(&m, n, c3, s * 0.3, player_colour(1)) > 10);
    assert!(count(&m, n, a5, s * 0.3, player_colour(0)) > 10);
    assert_eq!(count(&m, n, c3, s * 0.45, player_colour(5)), 0);
}

#[test]
fn the_first_frame_is_the_orders_image_and_the_last_the_position_after() {
    let a = adjudicated(SIX);
    let st = style(WIDTH);
    let frames = rw::animate(&a.variant, &a.before, &a.wheel, &st, "orders").expect("something moves");
    let orders = rw::draw(&a.variant, &a.before, Some(&a.wheel), &st, "orders");
    assert!(frames[0].canvas.rgba() == orders.rgba(), "the first frame is not the orders image");
    // The last: the result image, but for the title (this cycle's, not the next).
    let result = rw::draw(&a.variant, &a.after, None, &st, "position");
    let last = &frames[frames.len() - 1].canvas;
    assert_eq!((last.width(), last.height()), (result.width(), result.height()));
    let top = a
        .before
        .seats()
        .filter_map(|seat| rw::board_rect(&a.before, WIDTH, seat))
        .map(|r| r.1)
        .fold(f32::MAX, f32::min);
    let from = (top - rw::square_size(&a.before, WIDTH)) as usize * WIDTH as usize * 4;
    assert!(last.rgba()[from..] == result.rgba()[from..], "the last frame is not the position after");
}

#[test]
fn a_game_over_banner_stays_on_every_frame() {
    let a = adjudicated(TWO);
    let st = Style { result: Some("Ann wins".into()), ..style(WIDTH) };
    let frames = rw::animate(&a.variant, &a.before, &a.wheel, &st, "orders").expect("something moves");
    let orders = rw::draw(&a.variant, &a.before, Some(&a.wheel), &st, "orders");
    assert!(frames.iter().all(|f| (f.canvas.width(), f.canvas.height()) == (orders.width(), orders.height())));
    assert!(frames[0].canvas.rgba() == orders.rgba());
    assert!(anim::gif(&frames).is_ok());
}
