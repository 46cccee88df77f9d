//! Chess Wheel+ images: pixels that matter (hub and board squares, pieces in
//! their owner's colour, arrows, failure and take marks), and sample images
//! written to a directory on request:
//! `CHESSDIP_WHEEL_SAMPLES=/tmp/wheel cargo test --no-default-features --test render_wheel -- --ignored`.

#[path = "common/pixels.rs"]
mod pixels;
use pixels::px;

use chessdip::render::canvas::Rgba;
use chessdip::render::wheel::{self as rw, BOARD_SQUARES, HUB_SQUARES};
use chessdip::render::{Palette, Style};
use chessdip::rules::wheel::{Space, State};
use chessdip::scenario::wheel::{adjudicate, Adjudication};
use chessdip::scenario::Scenario;

fn adjudicated(text: &str) -> Adjudication {
    adjudicate(&Scenario::parse(text, "test").expect("scenario")).expect("adjudicates")
}

fn sp(s: &State, board: &str, sq: &str) -> Space {
    let b: Vec<u8> = sq.bytes().collect();
    Space::on(s.seat(board).expect("board"), b[0] - b'a', b[1] - b'1').expect("space")
}

const TWO: &str = "variant: chess-wheel\nstate:\n  players: Ann, Bo\nposition:\n  Ann: Q {Ann}d1, K {Ann}e1, N {Ann}d4\n  Bo: K {Bo}e1, R {Ann}a4\n\
                   orders:\n  Ann: Q {Ann}d1 - d8\n  Ann: K {Ann}e1 - {Ann}e3\n  Bo: R {Ann}a4 x {Ann}d4\n";

#[test]
fn hub_and_board_squares_have_their_colours() {
    let a = adjudicated(TWO);
    let c = rw::draw(&a.variant, &a.after, None, &Style::default(), "position");
    let s = rw::square_size(&a.after, 1024);
    // Sample a corner of the square, away from pieces and their plates.
    let corner = |space: Space| {
        let (x, y) = rw::space_centre(&a.after, 1024, space).expect("drawn");
        px(&c, (x - s * 0.42, y - s * 0.42))
    };
    // a8 on the hub is dark ((0 + 7) is odd: light); b8 dark.
    assert_eq!(corner(sp(&a.after, "Ann", "a8")), HUB_SQUARES.0);
    assert_eq!(corner(sp(&a.after, "Bo", "b8")), HUB_SQUARES.1);
    assert_eq!(corner(sp(&a.after, "Ann", "a1")), BOARD_SQUARES.1);
    assert_eq!(corner(sp(&a.after, "Bo", "b1")), BOARD_SQUARES.0);
    // Ann's board is above the hub, Bo's below; files line up with the hub.
    let ann = rw::space_centre(&a.after, 1024, sp(&a.after, "Ann", "c7")).expect("drawn");
    let hub = rw::space_centre(&a.after, 1024, sp(&a.after, "Ann", "c8")).expect("drawn");
    let bo = rw::space_centre(&a.after, 1024, sp(&a.after, "Bo", "c7")).expect("drawn");
    assert!(ann.1 < hub.1 && hub.1 < bo.1);
    assert!((ann.0 - hub.0).abs() < 0.5 && (bo.0 - hub.0).abs() < 0.5);
}

#[test]
fn pieces_wear_their_owners_colour() {
    let a = adjudicated(TWO);
    let c = rw::draw(&a.variant, &a.after, None, &Style::default(), "position");
    let s = rw::square_size(&a.after, 1024);
    let near = |space: Space, colour: Rgba| {
        let (x, y) = rw::space_centre(&a.after, 1024, space).expect("drawn");
        (0..20)
            .flat_map(|i| (0..20).map(move |j| (x - s * 0.4 + i as f32 * s * 0.04, y - s * 0.4 + j as f32 * s * 0.04)))
            .filter(|&p| px(&c, p) == colour)
            .count()
    };
    let ann = rw::player_colour(0);
    let bo = rw::player_colour(1);
    // Ann's queen on the hub, Bo's rook on Ann's board (it took the knight).
    assert!(near(sp(&a.after, "Ann", "d8"), ann) > 20, "Ann's colour on d8");
    assert!(near(sp(&a.after, "Ann", "d4"), bo) > 20, "Bo's colour on {{Ann}}d4");
    assert_eq!(near(sp(&a.after, "Ann", "f5"), ann) + near(sp(&a.after, "Ann", "f5"), bo), 0, "empty square");
}

fn is_arrow_red(p: Rgba) -> bool {
    p.0 > 170 && p.1 < 110 && p.2 < 110
}

#[test]
fn moves_are_arrows_failures_crossed_takes_struck() {
    let a = adjudicated(TWO);
    let c = rw::draw(&a.variant, &a.before, Some(&a.wheel), &Style::default(), "orders");
    let s = rw::square_size(&a.before, 1024);
    let at = |b: &str, sq: &str| rw::space_centre(&a.before, 1024, sp(&a.before, b, sq)).expect("drawn");
    // The queen's arrow runs up file d from d1 to the hub: red between d5 and d6.
    let (d5, d6) = (at("Ann", "d5"), at("Ann", "d6"));
    let mid = ((d5.0 + d6.0) / 2.0, (d5.1 + d6.1) / 2.0);
    assert!(is_arrow_red(px(&c, mid)), "arrow at {mid:?}: {:?}", px(&c, mid));
    // The king's failed move (out of range) carries a cross on a white disc near its end.
    let (e1, e3) = (at("Ann", "e1"), at("Ann", "e3"));
    let end = (e3.0, e3.1 + (e1.1 - e3.1).signum() * (s * 0.18 + s * 0.45));
    let dark = (0..10)
        .flat_map(|i| {
            (0..10).map(move |j| (end.0 - s * 0.1 + i as f32 * s * 0.02, end.1 - s * 0.1 + j as f32 * s * 0.02))
        })
        .filter(|&p| px(&c, p).luminance() < 0.15)
        .count();
    assert!(dark > 5, "a cross marks the failed move ({dark} dark pixels)");
    // The taken knight on {Ann}d4 is struck out in red along its diagonal.
    let (x, y) = at("Ann", "d4");
    let red = (0..10)
        .map(|i| (x - s * 0.25 + i as f32 * s * 0.05, y - s * 0.25 + i as f32 * s * 0.05))
        .filter(|&p| {
            let q = px(&c, p);
            q.0 > 150 && q.1 < 60 && q.2 < 60
        })
        .count();
    assert!(red >= 6, "taken mark on {{Ann}}d4 ({red})");
}

#[test]
fn eight_players_fit_a_phone_and_a_small_png() {
    let a = adjudicated(&eight());
    let c = rw::draw(&a.variant, &a.before, Some(&a.wheel), &Style::default(), "orders");
    assert_eq!(c.width(), 1024);
    // Tall rather than wide (phones are portrait), and squares big enough to read at 400 px wide.
    assert!(c.height() > c.width() && c.height() < 3 * c.width(), "{}x{}", c.width(), c.height());
    assert!(rw::square_size(&a.before, 400) >= 20.0);
    assert!(c.png().expect("png").len() < 600 * 1024);
}

fn eight() -> String {
    let players = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"];
    format!(
        "variant: chess-wheel\nstate:\n  players: {}\norders:\n  Ann: Q {{Ann}}d1 - d8\n  Bo: Q {{Bo}}d1 - d8\n  Cy: N {{Cy}}g1 - {{Cy}}f3\n  Dee: {{Dee}}e2 - {{Dee}}e3\n  Dee: K {{Dee}}e1 - {{Dee}}e4\n  Eli: R {{Eli}}a1 - a8\n  Fay: B {{Fay}}c1 - {{Fay}}h6\n  Gus: {{Gus}}h2 - {{Gus}}h3\n  Hal: N {{Hal}}b1 - {{Hal}}c3\n",
        players.join(", ")
    )
}

const THREE: &str = "variant: chess-wheel\nstate:\n  players: Ann, Bo, Cy\nposition:\n  Ann: Q d8, R e8, K {Ann}e1, P {Ann}e2, N {Ann}g1\n  Bo: K {Bo}e1, Q {Bo}d1, P {Bo}d2, B {Bo}h4\n  Cy: K {Cy}e1, N {Cy}g5, P {Cy}c7\n\
                     orders:\n  Ann: Q d8 - {Bo}h4\n  Ann: R e8 x {Cy}e1\n  Ann: N {Ann}g1 - {Ann}f3\n  Bo: B {Bo}h4 - {Bo}e7\n  Bo: Q {Bo}d1 - {Bo}d2\n  Cy: N {Cy}g5 - {Cy}e6\n  Cy: {Cy}c7 - c8\n";

#[test]
#[ignore = "writes sample images; set CHESSDIP_WHEEL_SAMPLES to a directory"]
fn write_samples() {
    let Ok(dir) = std::env::var("CHESSDIP_WHEEL_SAMPLES") else { return };
    std::fs::create_dir_all(&dir).expect("dir");
    let twelve = "variant: chess-wheel\nstate:\n  players: A1, B2, C3, D4, E5, F6, G7, H8, I9, J10, K11, L12\n";
    let none = "variant: chess-wheel\nstate:\n  players: Ann, Bo\n  boards: none\nposition:\n";
    for (name, text) in [
        ("two", TWO.to_string()),
        ("three", THREE.to_string()),
        ("eight", eight()),
        ("twelve", twelve.to_string()),
        ("none", none.to_string()),
    ] {
        let a = adjudicated(&text);
        for palette in [Palette::Classic, Palette::ColourBlind] {
            let style = Style { palette, ..Style::default() };
            let suffix = if palette == Palette::Classic { "" } else { "-cb" };
            let orders = rw::draw(&a.variant, &a.before, Some(&a.wheel), &style, "orders");
            std::fs::write(format!("{dir}/{name}-orders{suffix}.png"), orders.png().expect("png")).expect("write");
            // How a phone shows it: scaled to 400 px wide.
            let img = image::load_from_memory(&orders.png().expect("png")).expect("decodes").to_rgb8();
            let h = img.height() * 400 / img.width();
            let small = image::imageops::resize(&img, 400, h, image::imageops::FilterType::Lanczos3);
            small.save(format!("{dir}/{name}-orders{suffix}-400.png")).expect("write");
            let result = rw::draw(&a.variant, &a.after, None, &style, "position");
            std::fs::write(format!("{dir}/{name}-result{suffix}.png"), result.png().expect("png")).expect("write");
        }
    }
}

#[test]
fn any_number_of_boards_is_laid_out_inside_the_image() {
    let v = chessdip::rules::wheel::new(&Default::default()).expect("variant");
    let names: Vec<String> = (0..12).map(|i| format!("Player{i}")).collect();
    for players in [2usize, 3, 5, 8, 12] {
        for boards in [0, 1, players / 2, players] {
            let mut s = State::new(&names[..players], 2, 12).expect("state");
            s.boards = (0..boards as u8).collect();
            for b in 0..boards as u8 {
                for &(role, file, rank) in &chessdip::rules::wheel::START {
                    let space = Space::on(b, file, rank).expect("space");
                    s.pieces.push(chessdip::rules::wheel::Piece { owner: b, role, space });
                }
            }
            let s = s.checked().expect("valid");
            let c = rw::draw(&v, &s, None, &Style::default(), "");
            let size = rw::square_size(&s, 1024);
            for p in &s.pieces {
                let (x, y) = rw::space_centre(&s, 1024, p.space).expect("drawn");
                assert!(x > size / 2.0 && y > size / 2.0, "{players} players, {boards} boards");
                assert!(x < c.width() as f32 - size / 2.0 && y < c.height() as f32 - size / 2.0);
            }
            // Boards never overlap: distinct spaces have distinct centres.
            let mut centres: Vec<(i32, i32)> = (0..boards as u8)
                .flat_map(|b| (0..7).flat_map(move |r| (0..8).map(move |f| Space::on(b, f, r).expect("space"))))
                .filter_map(|sp| rw::space_centre(&s, 1024, sp))
                .map(|(x, y)| (x as i32, y as i32))
                .collect();
            let n = centres.len();
            centres.sort_unstable();
            centres.dedup();
            assert_eq!(centres.len(), n);
        }
    }
}
