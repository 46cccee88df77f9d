//! The Chess Dip and Chesspolitik resolution animations, checked on the
//! decoded GIF: frame timing, pieces seen along their paths beat by beat,
//! bounced pieces away and back home, dislodged pieces gone, Winter's builds
//! appearing only at the end, nothing to animate when everything holds, and
//! the small and colour-blind variants.

use crate::support::dip_colours;
use crate::support::gen;
use crate::support::gifs;
use crate::support::pixels;
use crate::support::scenes;
use crate::support::squares;
use dip_colours::colour;
use pixels::within;
use squares::sq;

use chessdip_render::anim::{self, FRAMES_PER_BEAT, FRAME_DELAY, HOLD_FIRST};
use chessdip_render::canvas::Rgba;
use chessdip_render::chess_dip as rdip;
use chessdip_render::{Palette, Style};
use chessdip_rules::chess_dip::Variant;
use chessdip_rules::scenario::{chess_dip::adjudicate, Scenario};
use chessdip_rules::Square;

/// Decoded frames: every full RGBA picture with its delay in centiseconds.
struct Gif {
    width: u32,
    height: u32,
    frames: Vec<(Vec<u8>, u16)>,
}

impl Gif {
    fn decode(bytes: &[u8]) -> Gif {
        let g = gifs::decode(bytes);
        Gif { width: g.width, height: g.height, frames: g.frames }
    }

    /// The picture shown when the animation's frame `k` (frame 0 at t = 0,
    /// then one every `1 / FRAMES_PER_BEAT` beat) starts, whatever frames
    /// the encoder merged.
    fn at(&self, k: usize) -> &[u8] {
        let start = if k == 0 { 0 } else { u32::from(HOLD_FIRST) + (k as u32 - 1) * u32::from(FRAME_DELAY) };
        let mut t = 0u32;
        for (pic, delay) in &self.frames {
            if start < t + u32::from(*delay) {
                return pic;
            }
            t += u32::from(*delay);
        }
        &self.frames.last().expect("frames").0
    }

    /// The frame at beat `b` (a whole number of beats).
    fn beat(&self, b: usize) -> &[u8] {
        self.at(b * FRAMES_PER_BEAT)
    }

    fn last(&self) -> &[u8] {
        &self.frames.last().expect("frames").0
    }

    fn pixel(&self, pic: &[u8], (x, y): (f32, f32)) -> Rgba {
        let i = (y as usize * self.width as usize + x as usize) * 4;
        Rgba(pic[i], pic[i + 1], pic[i + 2], pic[i + 3])
    }
}

fn close(a: Rgba, b: Rgba) -> bool {
    within(a, b, 11)
}

/// Whether the plate under square `s` shows `colour` (probed at both ends of
/// the plate, clear of its code and of a vertical arrow's shaft).
fn plate_is(g: &Gif, pic: &[u8], v: &Variant, s: Square, colour: Rgba) -> bool {
    let (x, y, w, h) = rdip::plate_box(v, g.width, s);
    [0.13, 0.87].iter().all(|&f| close(g.pixel(pic, (x + w * f, y + h * 0.5)), colour))
}

fn animate(text: &str, style: &Style) -> Option<(Variant, Gif, usize)> {
    let s = Scenario::parse(text, "test").expect("scenario");
    let v = adjudicate(&s).expect("adjudicates").variant;
    let frames = scenes::animation(&s, style).expect("animates")?;
    let n = frames.len();
    let bytes = anim::gif(&frames).expect("encodes");
    Some((v, Gif::decode(&bytes), n))
}

/// England's rook slides a1 to a4 with support and dislodges Scandinavia's
/// rook; Italy's rook slides at France's rook holding h4 and bounces.
const SLIDES: &str = "\
variant: chessdip
phase: spring 3
position:
  England: K d1, R a1, K b3
  Italy: K e1, R h1
  France: K e8, R h4
  Scandinavia: K d8, R a4
orders:
  England: R a1 - a4, K b3 S R a1 - a4
  Italy: R h1 - h4
";

fn style(width: u32, palette: Palette) -> Style {
    Style { width, palette, ..Style::default() }
}

#[test]
fn frames_are_timed_and_sized() {
    let (v, g, n) = animate(SLIDES, &style(768, Palette::Classic)).expect("something moves");
    assert!((15..=45).contains(&n), "{n} frames");
    let s = Scenario::parse(SLIDES, "test").expect("scenario");
    let still = scenes::image(&s, chessdip_render::Stage::Orders, &style(768, Palette::Classic)).expect("draws");
    assert_eq!((g.width, g.height), (768, still.height()));
    let delays: Vec<u16> = g.frames.iter().map(|f| f.1).collect();
    assert!(delays[0] >= 100, "first frame held: {delays:?}");
    assert!(*delays.last().expect("frames") >= 150, "last frame held: {delays:?}");
    assert!(delays[1..delays.len() - 1].iter().all(|&d| d <= 20), "in-betweens short: {delays:?}");
    assert!(g.frames.len() >= 10, "frames kept apart: {}", g.frames.len());
    let _ = v;
}

#[test]
fn a_slide_crosses_a_square_a_beat_and_dislodges() {
    let (v, g, n) = animate(SLIDES, &style(768, Palette::Classic)).expect("something moves");
    let (red, yellow) = (colour(&v, Palette::Classic, "England"), colour(&v, Palette::Classic, "Scandinavia"));
    // The orders first: the rook at home, the rook to be dislodged on a4.
    assert!(plate_is(&g, g.beat(0), &v, sq("a1"), red));
    assert!(plate_is(&g, g.beat(0), &v, sq("a4"), yellow));
    // Then a square a beat, and not ahead of itself.
    for (b, s) in [(1, "a2"), (2, "a3")] {
        assert!(plate_is(&g, g.beat(b), &v, sq(s), red), "England's rook on {s} at beat {b}");
        assert!(!plate_is(&g, g.beat(b), &v, sq("a1"), red), "England's rook left a1 by beat {b}");
    }
    assert!(!plate_is(&g, g.beat(1), &v, sq("a3"), red), "not on a3 at beat 1");
    // It arrives; the dislodged rook is gone.
    assert!(plate_is(&g, g.beat(3), &v, sq("a4"), red), "arrived on a4 at beat 3");
    assert!(plate_is(&g, g.last(), &v, sq("a4"), red));
    assert!(!plate_is(&g, g.beat(3), &v, sq("a4"), yellow));
    assert!(!plate_is(&g, g.last(), &v, sq("a4"), yellow), "the dislodged rook is gone");
    assert!(!plate_is(&g, g.at(n - 2), &v, sq("a4"), yellow), "gone before the last frame");
}

#[test]
fn a_bounced_slide_goes_out_and_comes_home() {
    let (v, g, n) = animate(SLIDES, &style(768, Palette::Classic)).expect("something moves");
    let green = colour(&v, Palette::Classic, "Italy");
    let blue = colour(&v, Palette::Classic, "France");
    assert!(plate_is(&g, g.beat(0), &v, sq("h1"), green));
    assert!(plate_is(&g, g.beat(1), &v, sq("h2"), green), "out through h2");
    assert!(plate_is(&g, g.beat(2), &v, sq("h3"), green), "out through h3");
    assert!(!plate_is(&g, g.beat(2), &v, sq("h1"), green), "away from home");
    // Stopped by the rook holding h4, which stays; home before the last
    // frame (the new position) is drawn.
    assert!(plate_is(&g, g.at(n - 2), &v, sq("h1"), green), "back home by the end of the run");
    assert!(plate_is(&g, g.last(), &v, sq("h1"), green), "back home at the end");
    assert!(!plate_is(&g, g.last(), &v, sq("h3"), green));
    assert!(plate_is(&g, g.last(), &v, sq("h4"), blue));
}

#[test]
fn nothing_to_animate_when_everything_holds() {
    let holds = "\
variant: chessdip
phase: spring 3
position:
  England: K d1, R a1
  Italy: K e1, R h1, N f3
orders:
  England: R a1 H
  Italy: N f3 S R h1 H
";
    assert!(animate(holds, &style(768, Palette::Classic)).is_none());
    let nothing = "\
variant: chessdip
phase: spring 3
position:
  England: K d1
orders:
";
    assert!(animate(nothing, &style(768, Palette::Classic)).is_none());
}

#[test]
fn a_winter_build_appears_only_at_the_end() {
    let winter = "\
variant: chessdip
phase: winter 4
position:
  England: K d1, N d4
  Italy: K e1
state:
  centers: Italy e1 f1 e2 h2 c4; England d1 c2 b1
orders:
  Italy: build R h2
";
    let (v, g, n) = animate(winter, &style(768, Palette::Classic)).expect("a build appears");
    assert!(n >= 4, "{n} frames");
    let green = colour(&v, Palette::Classic, "Italy");
    assert!(!plate_is(&g, g.beat(0), &v, sq("h2"), green), "not built yet");
    assert!(plate_is(&g, g.last(), &v, sq("h2"), green), "built at the end");
    assert!(plate_is(&g, g.last(), &v, sq("e1"), green), "the king stays");
}

#[test]
fn a_winter_disband_and_promotion() {
    let winter = "\
variant: chessdip
phase: winter 4
position:
  England: K d1, P c8, N d4, N a3
state:
  centers: England d1
orders:
  England: promote c8 R, disband N a3, disband N d4
";
    let Some((v, g, _)) = animate(winter, &style(768, Palette::Classic)) else {
        panic!("disbands and a promotion animate");
    };
    let red = colour(&v, Palette::Classic, "England");
    assert!(plate_is(&g, g.beat(0), &v, sq("a3"), red));
    assert!(!plate_is(&g, g.last(), &v, sq("a3"), red), "disbanded");
    assert!(plate_is(&g, g.last(), &v, sq("c8"), red), "the promoted piece stays");
}

#[test]
fn en_passant_moves_the_pawn_and_takes_the_passed_one() {
    let ep = "\
variant: chessdip
phase: spring 2
position:
  England: K d4, P d5
  Scandinavia: K d8, P c5
state:
  double-step: c7-c5
orders:
  England: d5 t c6 x c5, K d4 S d5 x c5
";
    let (v, g, n) = animate(ep, &style(768, Palette::Classic)).expect("moves");
    let (red, yellow) = (colour(&v, Palette::Classic, "England"), colour(&v, Palette::Classic, "Scandinavia"));
    assert!(plate_is(&g, g.beat(0), &v, sq("c5"), yellow));
    assert!(plate_is(&g, g.at(n - 2), &v, sq("c6"), red), "the pawn travels to c6");
    assert!(!plate_is(&g, g.at(n - 2), &v, sq("c5"), yellow), "the passed pawn is taken");
    assert!(plate_is(&g, g.last(), &v, sq("c6"), red));
    assert!(plate_is(&g, g.last(), &v, sq("d4"), red), "the supporting king stays");
}

#[test]
fn chesspolitik_both_boards() {
    let four = "\
variant: chesspolitik4
phase: spring 1601
position:
  Mughal Empire: K d1, K e1, N b1, N g1
orders:
  Mughal Empire: N g1 - f3, K e1 - e2
";
    let (v, g, _) = animate(four, &style(768, Palette::Classic)).expect("moves");
    let c = colour(&v, Palette::Classic, "Mughal Empire");
    assert!(plate_is(&g, g.beat(0), &v, sq("g1"), c));
    assert!(plate_is(&g, g.beat(1), &v, sq("f3"), c), "a knight jumps in one beat");
    assert!(plate_is(&g, g.last(), &v, sq("e2"), c));
    let two = "\
variant: chesspolitik2
phase: spring 1401
position:
  France: K c1, K d1, N b1
  England: K d6, K c6, N e6
orders:
  France: K c1 - c2
  England: K d6 - d5
";
    let (v, g, _) = animate(two, &style(768, Palette::Classic)).expect("moves");
    assert_eq!(v.board.files, 6);
    let blue = colour(&v, Palette::Classic, "France");
    assert!(plate_is(&g, g.last(), &v, sq("c2"), blue));
    assert!(!plate_is(&g, g.last(), &v, sq("c1"), blue));
}

#[test]
fn at_400_px_and_in_the_colour_blind_palette() {
    for (width, palette) in [(400, Palette::Classic), (768, Palette::ColourBlind)] {
        let (v, g, _) = animate(SLIDES, &style(width, palette)).expect("moves");
        assert_eq!(g.width, width);
        let red = colour(&v, palette, "England");
        assert!(plate_is(&g, g.beat(1), &v, sq("a2"), red), "{width} {palette:?}");
        assert!(plate_is(&g, g.beat(2), &v, sq("a3"), red), "{width} {palette:?}");
        assert!(plate_is(&g, g.last(), &v, sq("a4"), red), "{width} {palette:?}");
    }
}

/// Random busy phases (every piece ordered: slides, supports, convoys,
/// bounces): whatever the orders, the animation is held at both ends with
/// even beats between, stays under 2 MB, and its last frame shows every
/// piece of the resolved position on its square in its power's colour and
/// no piece where the position has none. No animation only when no piece
/// moved or left the board.
#[test]
fn any_phase_ends_on_the_position_it_resolves_to() {
    use chessdip_rules::chess_dip::{apply_movement, resolve};
    let v = Variant::builtin("chessdip").expect("variant");
    let colours = rdip::power_colours(&v, Palette::Classic);
    let st = style(400, Palette::Classic);
    let mut animated = 0;
    for seed in 0..10u64 {
        let n = 6 + (seed as usize * 7) % 34;
        let (before, _, orders) = gen::position(&v, seed, n, 40);
        let res = resolve(&before, &orders);
        let (after, report) = apply_movement(&v, &before, &orders);
        let squares: Vec<Square> = (0..64).filter_map(Square::from_index).collect();
        let frames =
            rdip::animate(&v, &before, rdip::Overlay::Movement(&res, &orders), &report.carried_out, &st, "orders");
        let Some(frames) = frames else {
            assert!(
                squares
                    .iter()
                    .all(|&s| before.piece(s).map(|p| (p.power, p.role)) == after.piece(s).map(|p| (p.power, p.role))),
                "seed {seed}: pieces moved but nothing is animated"
            );
            continue;
        };
        let k = frames.len();
        assert!(k <= 1 + 20 * FRAMES_PER_BEAT, "seed {seed}: {k} frames");
        assert_eq!(frames[0].delay, HOLD_FIRST, "seed {seed}");
        assert_eq!(frames[k - 1].delay, anim::HOLD_LAST, "seed {seed}");
        assert!(frames[1..k - 1].iter().all(|f| f.delay == FRAME_DELAY), "seed {seed}: even beats");
        animated += 1;
        let bytes = anim::gif(&frames).expect("encodes");
        assert!(bytes.len() < 2 * 1024 * 1024, "seed {seed}: {} bytes", bytes.len());
        let g = Gif::decode(&bytes);
        let last = g.last();
        for &s in &squares {
            match after.piece(s) {
                Some(p) => assert!(
                    plate_is(&g, last, &v, s, colours[usize::from(p.power.0)]),
                    "seed {seed}: {s} should show {:?}'s piece at the end",
                    p.power
                ),
                None => assert!(
                    !colours.iter().any(|&c| plate_is(&g, last, &v, s, c)),
                    "seed {seed}: {s} is empty after the phase but shows a plate"
                ),
            }
        }
    }
    assert!(animated >= 8, "most random phases move something: {animated} of 10");
}

#[test]
fn a_winter_animations_first_frame_shows_the_promotion_marker_the_still_shows() {
    // A promotion ordered, and one left to the rules (a knight).
    for (orders, letter) in [("England: promote c8 R\n  Italy: build R h2", 'R'), ("Italy: build R h2", 'N')] {
        let text = format!(
            "variant: chessdip\nphase: winter 4\nposition:\n  England: K d1, P c8, B a6\n  Italy: K e1, B f1\n\
             state:\n  centers: Italy e1 f1 e2 h2 c4 e4; England d1 c2 b1 a1 h1\norders:\n  {orders}\n"
        );
        let s = Scenario::parse(&text, "winter").expect("scenario");
        let st = style(anim::WIDTH, Palette::Classic);
        let frames = scenes::animation(&s, &st).expect("runs").expect("animates");
        let still = scenes::image(&s, chessdip_render::Stage::Orders, &st).expect("draws");
        let first = &frames[0].canvas;
        for (what, c) in [("the still", &still), ("the first frame", first)] {
            let badges: Vec<&str> = c.texts().iter().map(|(t, _)| t.as_str()).filter(|t| t.len() == 1).collect();
            assert!(badges.contains(&letter.to_string().as_str()), "{what} marks the promotion {letter}: {badges:?}");
        }
        // The mark itself, in the corner of c8, looks the same in both.
        let v = Variant::builtin("chessdip").expect("variant");
        let side = rdip::square_size(&v, anim::WIDTH);
        let (x, y) = rdip::square_centre(&v, anim::WIDTH, sq("c8"));
        let (x0, y0) = ((x - side / 2.0) as u32, (y - side / 2.0) as u32);
        let span = (side * 0.45) as u32;
        let differ = (x0..x0 + span)
            .flat_map(|px| (y0..y0 + span).map(move |py| (px, py)))
            .filter(|&(px, py)| still.pixel(px, py) != first.pixel(px, py))
            .count();
        assert!(differ * 50 < (span * span) as usize, "{letter}: {differ} pixels of the badge's corner differ");
    }
}
