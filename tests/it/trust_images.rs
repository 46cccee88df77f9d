//! Images that hide or cut what they should show:
//! arrows on one line side by side, failed moves faded and crossed, contest
//! markers that agree with the reasons, a GAME OVER band that wraps, one
//! legend look for every power (conceded ones marked), tags clear of the
//! pieces, Chess Wheel+ pieces off their board readable, short moves
//! visible, pale players rimmed, and animation titles that agree with the
//! stills. Each is probed on the pixels that matter.

use crate::support::dip_colours;
use crate::support::pixels;
use crate::support::scenes;
use crate::support::scratch;
use crate::support::squares;
use crate::support::wheel_scenario;
use dip_colours::colour;
use scratch::{console_at, temp_dir};
use squares::sq;
use wheel_scenario::adjudicated;

use pixels::px;

use std::path::PathBuf;

use chessdip_render::canvas::{Canvas, Rgba};
use chessdip_render::chess_dip::{self as rdip};
use chessdip_render::chess_wheel as rwheel;
use chessdip_render::vision::delta_e;
use chessdip_render::{Palette, Stage, Style};
use chessdip_rules::chess_wheel::Space;
use chessdip_rules::scenario::chess_dip::{adjudicate, Adjudication, PhaseResult};
use chessdip_rules::scenario::{Run, Scenario};

/// Writes `c` as `name.png` into `CHESSDIP_RENDER_DIR`, if set (to look at a failure).
fn keep(c: &Canvas, name: &str) {
    if let Ok(dir) = std::env::var("CHESSDIP_RENDER_DIR") {
        let _ = std::fs::write(format!("{dir}/{name}.png"), c.png().expect("png"));
    }
}

fn dip(text: &str) -> Adjudication {
    adjudicate(&Scenario::parse(text, "test").expect("scenario")).expect("adjudicates")
}

/// One image of a Diplomacy-style phase, as `chessdip render` draws it.
fn draw(a: &Adjudication, stage: Stage, style: &Style) -> Canvas {
    scenes::draw(&Run::from(a.clone()), stage, style)
}

fn file(path: &str) -> Scenario {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    Scenario::from_file(std::path::Path::new(&full)).expect("scenario")
}

/// Whether `p` is (nearly) `c`, drawn opaque or faded (over its faded dark
/// outline) on either square colour.
fn near_any(p: Rgba, c: Rgba) -> bool {
    let (light, dark) = rdip::SQUARE_COLOURS;
    let (ink, a) = (Rgba::rgb(0x22, 0x22, 0x22), 150.0 / 255.0);
    let faded = |under: Rgba| [under.mix(c, a), under.mix(ink, a).mix(c, a)];
    std::iter::once(c).chain(faded(light)).chain(faded(dark)).any(|q| delta_e(p, q) < 7.0)
}

/// The mean x of the pixels of the box (x, y, w, h) that `hit` accepts, and how many there are.
fn mean_x(c: &Canvas, (x, y, w, h): (f32, f32, f32, f32), hit: impl Fn(Rgba) -> bool) -> (f32, usize) {
    let (mut sum, mut n) = (0.0, 0);
    for j in y as u32..(y + h) as u32 {
        for i in x as u32..(x + w) as u32 {
            if c.pixel(i, j).is_some_and(&hit) {
                sum += i as f32;
                n += 1;
            }
        }
    }
    (if n > 0 { sum / n as f32 } else { f32::NAN }, n)
}

/// The near-black pixels (failure crosses) in the box (x, y, w, h).
fn crosses_in(c: &Canvas, (x, y, w, h): (f32, f32, f32, f32)) -> usize {
    let mut n = 0;
    for j in y as u32..(y + h) as u32 {
        for i in x as u32..(x + w) as u32 {
            if c.pixel(i, j).is_some_and(|p| p.luminance() < 0.08) {
                n += 1;
            }
        }
    }
    n
}

// Item 16: arrows on one line, failed moves, contest markers.

const ONE_LINE: &str = "variant: chessdip\nphase: spring 1\nposition:\n  France: P d6, N f6\n  \
                        Scandinavia: P d7\n  England: K e1\norders:\n  France: d6 - d5, N f6 S d6 - d5\n  \
                        Scandinavia: d7 - d5\n";

#[test]
fn item16_moves_on_one_line_lie_side_by_side() {
    // Scandinavia's d7 - d5 passes through d6, over France's d6 - d5: the
    // two arrows lie in lanes either side of the d file, not on top of each other.
    let a = dip(ONE_LINE);
    let c = draw(&a, Stage::Orders, &Style::default());
    keep(&c, "item16-one-line");
    let v = &a.variant;
    let s = rdip::square_size(v, 1024);
    let (x, y6) = rdip::square_centre(v, 1024, sq("d6"));
    let (_, y5) = rdip::square_centre(v, 1024, sq("d5"));
    // The band between d6's plate and d5's marker, across the whole d file.
    let band = (x - s * 0.5, y6 + s * 0.48, s, (y5 - y6) - s * 0.8);
    let (fr, nf) = mean_x(&c, band, |p| near_any(p, colour(v, Palette::Classic, "France")));
    let (sc, ns) = mean_x(&c, band, |p| near_any(p, colour(v, Palette::Classic, "Scandinavia")));
    assert!(nf > 20 && ns > 20, "both arrows are seen between d6 and d5 ({nf}, {ns} pixels)");
    assert!(fr < x - s * 0.08, "France's arrow in its own lane left of the file's middle: {fr} vs {x}");
    assert!(sc > x + s * 0.08, "Scandinavia's arrow in its own lane right of it: {sc} vs {x}");
}

#[test]
fn item16_a_failed_move_is_faded() {
    // England's rook bounces off a king holding a4: its arrow is drawn
    // faded (not in England's full colour), a successful one is not.
    let bounced = "variant: chessdip\nphase: spring 1\nposition:\n  England: R a1\n  France: K a4\n\
                   orders:\n  England: R a1 - a4\n";
    let moved = "variant: chessdip\nphase: spring 1\nposition:\n  England: R a1\n  France: K h8\n\
                 orders:\n  England: R a1 - a4\n";
    let count = |text: &str| {
        let a = dip(text);
        let c = draw(&a, Stage::Orders, &Style::default());
        keep(&c, "item16-faded");
        let v = &a.variant;
        let s = rdip::square_size(v, 1024);
        let (x, y1) = rdip::square_centre(v, 1024, sq("a1"));
        let (_, y4) = rdip::square_centre(v, 1024, sq("a4"));
        let england = colour(v, Palette::Classic, "England");
        let shaft = (x - s * 0.05, y4 + s * 0.3, s * 0.1, (y1 - y4) - s * 0.6);
        let full = mean_x(&c, shaft, |p| delta_e(p, england) < 4.0).1;
        let faded = mean_x(&c, shaft, |p| delta_e(p, england) >= 4.0 && near_any(p, england)).1;
        (full, faded)
    };
    let (full, faded) = count(bounced);
    assert!(full < 10 && faded > 100, "the bounced move is faded: {full} full, {faded} faded pixels");
    let (full, faded) = count(moved);
    assert!(full > 100 && faded < 10, "the move that succeeded is not: {full} full, {faded} faded pixels");
}

#[test]
fn item16_moves_that_bounced_at_a_contest_marker_get_their_failure_marks() {
    // d4 - e4 and f4 - e4 bounce: the marker on e4 and a cross on each arrow.
    let a = dip("variant: chesspolitik4\nphase: spring 1601\nposition:\n  Mughal Empire: K d4\n  Ming Dynasty: K f4\n\
         orders:\n  Mughal Empire: K d4 - e4\n  Ming Dynasty: K f4 - e4\n");
    let c = draw(&a, Stage::Orders, &Style::default());
    let v = &a.variant;
    let s = rdip::square_size(v, 1024);
    for from in ["d4", "f4"] {
        let (x, y) = rdip::square_centre(v, 1024, sq(from));
        let (ex, _) = rdip::square_centre(v, 1024, sq("e4"));
        // The stretch of the arrow between the mover and the marker, either side of the line.
        let x0 = x.min(ex) + s * 0.15;
        let marks = crosses_in(&c, (x0, y - s * 0.4, s * 0.7, s * 0.8));
        assert!(marks > 20, "a cross on the arrow from {from}: {marks} pixels");
    }
}

#[test]
fn item16_contest_markers_give_the_strengths_of_the_reasons() {
    // Every contest marker's pill starts with the move's strength as its
    // reason says (`strength 1/2 against 1`), and a move that held its rivals
    // off with more adds, in brackets, what their reasons say they bounced
    // against (`against 1 from the move from h2`).
    let cases = [
        "docs/images/chessdip-busy.txt",
        "tests/scenarios/chesspolitik/datc-6e8-no-self-dislodgement-with-beleaguered-garrison-and-head-to-head.txt",
        "tests/scenarios/chessdip/pawn-travel-one-support-ties-king.txt",
        "tests/scenarios/chesspolitik/datc-6a12-bounce-of-three-units.txt",
    ];
    let label = |n: &str| n.replace("1/2", "\u{00BD}").replace("0\u{00BD}", "\u{00BD}");
    let mut brackets = 0;
    for path in cases {
        let a = adjudicate(&file(path)).expect("adjudicates");
        let PhaseResult::Movement { report, .. } = &a.phase else { panic!("{path}: a movement phase") };
        let r = &report.resolution;
        let markers = rdip::contest_labels(&a.before, r);
        assert!(!markers.is_empty(), "{path}: a contest");
        for (at, pills) in markers {
            let movers: Vec<usize> = (0..r.orders.len())
                .filter(
                    |&i| matches!(r.outcomes[i], chessdip_rules::chess_dip::Judgement::Bounced { at: s, .. } if s == at),
                )
                .collect();
            for (k, &i) in movers.iter().enumerate() {
                let reason = r.outcomes[i].reason();
                let attack = reason.split("strength ").nth(1).and_then(|t| t.split(' ').next()).expect("strength");
                let (power, text) = &pills[k];
                assert_eq!(*power, r.orders[i].power, "{path}: pills follow the moves");
                let (first, rest) = text.split_once(' ').unwrap_or((text, ""));
                assert_eq!(first, label(attack), "{path} at {at}: `{text}` against `{reason}`");
                let from = r.orders[i].square;
                let rivals: Vec<String> = movers
                    .iter()
                    .map(|&j| r.outcomes[j].reason())
                    .filter(|t| t.ends_with(&format!("from the move from {from}")))
                    .filter_map(|t| t.split(" against ").nth(1).and_then(|t| t.split(' ').next()).map(label))
                    .collect();
                match rest.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
                    Some(p) => {
                        brackets += 1;
                        assert!(rivals.iter().any(|q| *q == p), "{path} at {at}: `{text}`, rivals say {rivals:?}");
                    }
                    None => assert!(
                        rivals.iter().all(|q| *q == first),
                        "{path} at {at}: `{text}` but its rivals bounced against {rivals:?}"
                    ),
                }
            }
        }
    }
    assert!(brackets >= 3, "the travel moves and the beleaguered garrison show both strengths ({brackets})");
}

// Item 17: the GAME OVER band.

/// The rows of `c` between `top` and `bottom` that hold white (result) text, as runs of rows.
fn white_lines(c: &Canvas, top: u32, bottom: u32) -> usize {
    let mut lines = 0;
    let mut inside = false;
    for y in top..bottom {
        let white = (0..c.width()).any(|x| c.pixel(x, y).is_some_and(|p| p.luminance() > 0.97));
        if white && !inside {
            lines += 1;
        }
        inside = white;
    }
    lines
}

#[test]
fn item17_a_long_result_wraps_instead_of_being_cut() {
    let a = dip(ONE_LINE);
    let long = "draw between France, England, Italy and Scandinavia";
    let style = |result: &str, width: u32| Style { width, result: Some(result.into()), ..Style::default() };
    let plain = draw(&a, Stage::Result, &Style { width: 400, ..Style::default() });
    let short = draw(&a, Stage::Result, &style("France wins", 400));
    let wrapped = draw(&a, Stage::Result, &style(long, 400));
    keep(&wrapped, "item17-wrapped");
    keep(&short, "item17-short");
    let band = |c: &Canvas| c.height() - plain.height();
    // The title bar is 7.5% of the width; the band opens under it.
    let top = (400.0f32 * 0.075).round() as u32;
    assert_eq!(
        white_lines(&short, top, top + band(&short)),
        1,
        "a short result stays on one line ({top}, {})",
        band(&short)
    );
    let lines = white_lines(&wrapped, top, top + band(&wrapped));
    assert!(lines >= 2, "the long result wraps onto {lines} lines");
    assert!(band(&wrapped) > band(&short), "the band grows with it");
    // Nothing is shrunk below the phone minimum either.
    assert!(wrapped.smallest_text().is_some_and(|t| t >= chessdip_render::MIN_TEXT));
    // At full width it takes two lines at most.
    let wide = draw(&a, Stage::Result, &style(long, 1024));
    keep(&wide, "item17-wide");
    let plain = draw(&a, Stage::Result, &Style::default());
    let top = (1024.0f32 * 0.075).round() as u32;
    let lines = white_lines(&wide, top, top + wide.height() - plain.height());
    assert!((1..=2).contains(&lines), "{lines} lines at 1024 px");
}

// Item 18: legends and tags.

#[test]
fn item18_the_side_is_shown_for_every_power_or_for_none() {
    for path in ["docs/images/chessdip-busy.txt", "docs/images/chesspolitik-fall.txt"] {
        let a = adjudicate(&file(path)).expect("adjudicates");
        for width in [1024, 640, 400] {
            let lines = rdip::legend_lines(&a.variant, &a.before, &Style { width, ..Style::default() });
            let sides = lines.iter().filter(|l| l.ends_with(" light") || l.ends_with(" dark")).count();
            assert!(sides == 0 || sides == lines.len(), "{path} at {width}: {lines:#?}");
        }
    }
}

/// The pixels of the colour of a legend note (amber) in the lower `part` of a PNG file.
fn amber_pixels(path: &std::path::Path, part: f32) -> usize {
    let img = image::open(path).expect("png").to_rgba8();
    let from = (img.height() as f32 * (1.0 - part)) as u32;
    let amber = Rgba::rgb(0xF2, 0xA9, 0x3B);
    img.enumerate_pixels().filter(|(_, y, p)| *y >= from && delta_e(Rgba::rgb(p[0], p[1], p[2]), amber) < 6.0).count()
}

#[test]
fn item18_a_conceded_power_is_marked_in_the_legend() {
    let d = temp_dir("conceded");
    let mut c = console_at(&d, &[]);
    for line in [
        "gm game create chessdip",
        "alice join France",
        "bob join England",
        "carol join Italy",
        "dave join Scandinavia",
        "gm game start",
    ] {
        c.line(line);
    }
    let newest = |d: &std::path::Path| {
        let mut files: Vec<PathBuf> = std::fs::read_dir(d.join("img"))
            .expect("images")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "png"))
            .collect();
        files.sort();
        files.pop().expect("an image")
    };
    let before = c.line("alice game board");
    assert!(before.contains(".png"), "{before}");
    let plain = amber_pixels(&newest(&d), 0.15);
    assert_eq!(plain, 0, "no notes before anyone concedes");
    let conceded = c.line("dave concede");
    assert!(conceded.contains("concedes"), "{conceded}");
    c.line("alice game board");
    let marked = amber_pixels(&newest(&d), 0.15);
    assert!(marked > 30, "Scandinavia's line says it conceded ({marked} amber pixels)");
    // The legend says it in words too.
    let v = chessdip_rules::chess_dip::Variant::builtin("chessdip").expect("variant");
    let state = chessdip_rules::chess_dip::ChessDipState::start(&v);
    let style = Style { marks: vec![("Scandinavia".into(), "conceded".into())], ..Style::default() };
    let lines = rdip::legend_lines(&v, &state, &style);
    assert!(lines.iter().any(|l| l.starts_with("Scandinavia") && l.ends_with("\u{00B7} conceded")), "{lines:#?}");
    assert!(lines.iter().filter(|l| l.contains("conceded")).count() == 1, "{lines:#?}");
}

#[test]
fn item18_tags_at_arrow_tails_stay_off_the_pieces() {
    // A knight's move up and to the right: its tag used to sit on the
    // knight's right side, over the glyph.
    let a = dip("variant: chessdip\nphase: spring 1\nposition:\n  England: N b1, K e1\n  France: K e8\norders:\n  \
                 England: N b1 - c3\n");
    let c = draw(&a, Stage::Orders, &Style::default());
    keep(&c, "item18-tag");
    let v = &a.variant;
    let s = rdip::square_size(v, 1024);
    let (x, y) = rdip::square_centre(v, 1024, sq("b1"));
    let england = colour(v, Palette::Classic, "England");
    // The knight's body right of its middle and above its plate, below the arrow.
    let body = (x + s * 0.05, y - s * 0.05, s * 0.4, s * 0.25);
    let (_, n) = mean_x(&c, body, |p| delta_e(p, england) < 6.0);
    assert!(n < 15, "England's tag is not on the knight: {n} pixels of its colour there");
    // The arrow and its tag are drawn.
    let (_, near) = mean_x(&c, (x - s * 0.5, y - s * 1.5, s * 2.0, s * 1.5), |p| delta_e(p, england) < 6.0);
    assert!(near > 100, "the arrow and its tag ({near} pixels)");
}

// Item 19: Chess Wheel+.

const WHEEL: &str = "variant: chess-wheel\nstate:\n  players: Ann, Kim, Jo\nposition:\n  \
                     Ann: Q d8, K {Ann}e1, B {Kim}c4\n  Kim: K {Kim}e1, R f8, P {Kim}c2\n  Jo: K {Jo}e1\n\
                     orders:\n  Kim: R f8 - g8\n  Ann: B {Kim}c4 - {Kim}c5\n";

#[test]
fn item19_a_plate_leaves_the_glyph_of_a_piece_off_its_board_whole() {
    // Dee's queen on the hub stands on her plate: the glyph is drawn over
    // the plate's rim (its light lines show inside the plate's box, where
    // the plate used to cover the glyph's foot), above the plate's letters
    // (which stay whole: white, untouched by the glyph's lines).
    let text = "variant: chess-wheel\nstate:\n  players: Ann, Bo, Cy, Dee\nposition:\n  Ann: K {Ann}e1\n  \
                Bo: K {Bo}e1\n  Cy: K {Cy}e1\n  Dee: K {Dee}e1, Q d8\n";
    let a = adjudicated(text);
    let c =
        scenes::image(&Scenario::parse(text, "t").expect("scenario"), Stage::Result, &Style::default()).expect("draws");
    keep(&c, "item19-plates");
    // The hub's squares (larger than the boards').
    let s = rwheel::hub_square_size(&a.after, 1024);
    let t = 1024.0 / 40.0;
    let (x, y) = rwheel::space_centre(&a.after, 1024, Space::Hub { file: 3 }).expect("hub");
    // The plate: its foot on the square's, its letters at least the phone minimum.
    let csize = (s * 0.26).max(t);
    let (bottom, top) = (y + s * 0.47, y + s * 0.47 - csize * 1.05);
    let (light, dark) = rwheel::HUB_SQUARES;
    // In rows y0..y1 across the plate's middle, the pixels `hit` accepts.
    let count = |y0: f32, y1: f32, hit: &dyn Fn(Rgba) -> bool| {
        let mut n = 0;
        for j in y0 as u32..y1.ceil() as u32 {
            for i in (x - s * 0.25) as u32..(x + s * 0.25) as u32 {
                if c.pixel(i, j).is_some_and(hit) {
                    n += 1;
                }
            }
        }
        n
    };
    // The glyph's light lines: light, but neither a square nor the white letters.
    let lines = |p: Rgba| {
        p.luminance() > 0.6 && delta_e(p, light) > 3.0 && delta_e(p, dark) > 3.0 && p != Rgba::rgb(0xFF, 0xFF, 0xFF)
    };
    let letters_top = top + csize * 1.05 * 0.5 + csize * 0.36 - csize * 0.75;
    assert!(count(top, letters_top, &lines) > 3, "the queen's foot over the plate's rim");
    let white = |p: Rgba| p == Rgba::rgb(0xFF, 0xFF, 0xFF);
    assert!(count(letters_top, bottom, &white) > 20, "the letter D in white");
    assert_eq!(count(top, letters_top - 1.0, &white), 0, "and nothing of it above the letters' top");
    // And above the plate, the glyph's lines (the queen is drawn there).
    assert!(count(y - s * 0.47, top, &lines) > 20, "the queen above her plate");
}

#[test]
fn item19_a_one_square_move_keeps_its_arrow_visible() {
    // Ann's bishop on Kim's board tries one square up (out of range): the
    // failure mark sits beside the arrow, not on it, and the head shows.
    let a = adjudicated(WHEEL);
    let c = scenes::image(&Scenario::parse(WHEEL, "t").expect("scenario"), Stage::Orders, &Style::default())
        .expect("draws");
    let kim = a.before.seat("Kim").expect("Kim");
    let ann = a.before.seat("Ann").expect("Ann");
    let from = rwheel::space_centre(&a.before, 1024, Space::on(kim, 2, 3).expect("c4")).expect("c4");
    let to = rwheel::space_centre(&a.before, 1024, Space::on(kim, 2, 4).expect("c5")).expect("c5");
    let blue = rwheel::player_colour_in(ann, Palette::Classic);
    let on_line = |t: f32| (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t);
    let white = (30..=70).filter(|k| px(&c, on_line(*k as f32 / 100.0)).luminance() > 0.99).count();
    assert_eq!(white, 0, "no failure disc on the shaft");
    let arrow = (30..=85).filter(|k| delta_e(px(&c, on_line(*k as f32 / 100.0)), blue) < 8.0).count();
    assert!(arrow >= 10, "the arrow shows in Ann's colour along the move ({arrow} of 56 probes)");
}

#[test]
fn item19_pale_players_get_a_dark_rim() {
    // Twelve players: Jo (grey), Kim (yellow) and Lu (mint) are pale. Across
    // a king's middle, the dark edge of a pale piece is thicker than that of
    // a dark blue one (Ann), which needs no rim.
    let text = "variant: chess-wheel\nstate:\n  players: Ann, Bo, Cy, Dee, Eli, Fay, Gus, Hal, Ivy, Jo, Kim, Lu\n\
                position:\n  Ann: K {Ann}e1\n  Jo: K {Jo}e1\n  Kim: K {Kim}e1\n  Lu: K {Lu}e1\n";
    let a = adjudicated(text);
    let c =
        scenes::image(&Scenario::parse(text, "t").expect("scenario"), Stage::Result, &Style::default()).expect("draws");
    keep(&c, "item19-rim");
    let (light, dark) = rwheel::BOARD_SQUARES;
    let edge = |name: &str| {
        let seat = a.after.seat(name).expect("player");
        let (x, y) = rwheel::space_centre(&a.after, 1024, Space::on(seat, 4, 0).expect("e1")).expect("e1");
        let s = rwheel::square_size(&a.after, 1024);
        // From the square's left edge rightwards, a little below the middle.
        let row = y + s * 0.1;
        let mut i = x - s * 0.48;
        while delta_e(px(&c, (i, row)), light) < 3.0 || delta_e(px(&c, (i, row)), dark) < 3.0 {
            i += 1.0;
        }
        // Of the next few pixels (the edge, anti-aliased where it starts), the dark ones.
        (0..8).filter(|k| px(&c, (i + *k as f32, row)).luminance() < 0.3).count()
    };
    let plain = edge("Ann");
    for name in ["Jo", "Kim", "Lu"] {
        let rim = edge(name);
        assert!(rim >= plain + 2, "{name}'s king has a dark rim ({rim} px against Ann's {plain})");
        assert!(rim >= 2, "{name}: {rim}");
    }
}

#[test]
fn item19_every_legend_entry_has_one_name_size() {
    // A long name used to shrink its own entry only. Both names are an `A`
    // and `n`s, so their lines of type are as tall when drawn at one size.
    let long = format!("A{}", "n".repeat(44));
    let text = format!(
        "variant: chess-wheel\nstate:\n  players: Ann, {long}\nposition:\n  Ann: K {{Ann}}e1\n  {long}: K {{{long}}}e1\n"
    );
    let c = scenes::image(&Scenario::parse(&text, "t").expect("scenario"), Stage::Result, &Style::default())
        .expect("draws");
    keep(&c, "item19-legend");
    let text_colour = Rgba::rgb(0xEE, 0xEE, 0xEE);
    let (w, h) = (c.width(), c.height());
    // In each legend column, the last run of rows with name-coloured pixels is the name.
    let heights: Vec<u32> = [(0, w / 2), (w / 2, w)]
        .iter()
        .map(|&(x0, x1)| {
            let rows: Vec<u32> = (h * 2 / 3..h)
                .filter(|&y| (x0..x1).any(|x| c.pixel(x, y).is_some_and(|p| delta_e(p, text_colour) < 1.0)))
                .collect();
            let last = *rows.last().expect("a name");
            let mut first = last;
            while rows.contains(&(first - 1)) {
                first -= 1;
            }
            last - first + 1
        })
        .collect();
    assert!(heights[0].abs_diff(heights[1]) <= 1, "both names at one size: {heights:?}");
}

// Item 20: animation titles.

/// The title bar of frame `k` of a scenario's animation.
fn title_of(text: &str, k: usize) -> Vec<Rgba> {
    let frames = scenes::animation(&Scenario::parse(text, "t").expect("scenario"), &Style::default())
        .expect("animates")
        .expect("something moves");
    let f = &frames[k.min(frames.len() - 1)].canvas;
    let bar = (f.width() as f32 * 0.075) as u32;
    (0..bar).flat_map(|y| (0..f.width()).map(move |x| (x, y))).map(|(x, y)| f.pixel(x, y).expect("pixel")).collect()
}

#[test]
fn item20_a_progressive_animation_counts_steps_as_the_still_does() {
    // Step 2 tries nothing (White's e5 is no longer legal, Black passes):
    // the still draws "Step 1 of 2" and "Step 2 of 2", and the animation's
    // title says "step 1 of 2" while step 1 runs, as it does for a turn
    // whose two steps both move.
    let skipped = "variant: diplomacy-chess\nmode: progressive\nphase: turn 2\nposition:\n  White: K a1, P e2\n  \
                   Black: K h8, N f5\norders:\n  White: e4, e5\n  Black: Ne3, pass\n";
    let both = "variant: diplomacy-chess\nmode: progressive\nphase: turn 2\nposition:\n  White: K a1, P e2\n  \
                Black: K h8, N f5\norders:\n  White: e3, e4\n  Black: Nd6, Nb5\n";
    // Frame 1 is the first in motion (frame 0 holds the orders).
    let first_step = |text: &str| title_of(text, 1);
    assert!(first_step(skipped) == first_step(both), "both titles read `step 1 of 2`");
    // And not the whole turn's caption.
    let one_step = "variant: diplomacy-chess\nmode: progressive\nphase: turn 2\nposition:\n  White: K a1, P e2\n  \
                    Black: K h8, N f5\norders:\n  White: e3\n  Black: Nd6\n";
    assert!(first_step(one_step) != first_step(both), "a one-step turn has no step in its title");
}

#[test]
fn item20_a_diplomat_animation_keeps_its_title_to_the_end() {
    for stem in ["diplomat-promotion", "diplomat-drop", "diplomat-suborn"] {
        let text =
            std::fs::read_to_string(format!("{}/docs/images/{stem}.txt", env!("CARGO_MANIFEST_DIR"))).expect("sample");
        let first = title_of(&text, 0);
        let last = title_of(&text, usize::MAX);
        assert!(first == last, "{stem}: the last frame is titled with the move it plays");
    }
}
