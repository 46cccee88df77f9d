//! Chess Wheel+ images: pixels that matter (hub and board squares, pieces in
//! their owner's colour, arrows, failure and take marks), and sample images
//! written to a directory on request:
//! `CHESSDIP_WHEEL_SAMPLES=/tmp/wheel cargo test --no-default-features --test render_chess_wheel -- --ignored`.

use crate::support::pixels;
use crate::support::squares;
use crate::support::wheel_scenario;
use pixels::{px, within};
use squares::sp;
use wheel_scenario::adjudicated;

use chessdip_render::canvas::Rgba;
use chessdip_render::chess_wheel::{self as rw, BOARD_SQUARES, HUB_SQUARES};
use chessdip_render::{Palette, Style};
use chessdip_rules::chess_wheel::action::act;
use chessdip_rules::chess_wheel::{BoardAction, Space, State};

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

fn close(p: Rgba, q: Rgba) -> bool {
    within(p, q, 12)
}

#[test]
fn moves_are_arrows_failures_crossed_takes_struck() {
    let a = adjudicated(TWO);
    let c = rw::draw(&a.variant, &a.before, Some(&a.wheel), &Style::default(), "orders");
    let s = rw::square_size(&a.before, 1024);
    let at = |b: &str, sq: &str| rw::space_centre(&a.before, 1024, sp(&a.before, b, sq)).expect("drawn");
    // The queen's arrow runs up file d from d1 to the hub in Ann's colour,
    // outlined in a dark line on both sides.
    let (d5, d6) = (at("Ann", "d5"), at("Ann", "d6"));
    let mid = ((d5.0 + d6.0) / 2.0, (d5.1 + d6.1) / 2.0);
    assert!(close(px(&c, mid), rw::player_colour(0)), "arrow at {mid:?}: {:?}", px(&c, mid));
    for side in [-1.0, 1.0] {
        let edge = (mid.0 + side * s * 0.07, mid.1);
        assert!(px(&c, edge).luminance() < 0.2, "outline at {edge:?}: {:?}", px(&c, edge));
    }
    // Bo's rook's arrow on Ann's board is in Bo's colour.
    let (a4, d4) = (at("Ann", "a4"), at("Ann", "d4"));
    let mid = ((a4.0 + d4.0) / 2.0, a4.1);
    assert!(close(px(&c, mid), rw::player_colour(1)), "Bo's arrow at {mid:?}: {:?}", px(&c, mid));
    // The king's failed move (out of range) carries a cross on a white disc
    // halfway along, clear of both pieces.
    let (e1, e3) = (at("Ann", "e1"), at("Ann", "e3"));
    let end = (e3.0, (e1.1 + s * 0.2 * (e3.1 - e1.1).signum() + e3.1 + s * 0.18 * (e1.1 - e3.1).signum()) / 2.0);
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
    let v = chessdip_rules::chess_wheel::new(&Default::default()).expect("variant");
    let names: Vec<String> = (0..12).map(|i| format!("Player{i}")).collect();
    for players in [2usize, 3, 5, 8, 12] {
        for boards in [0, 1, players / 2, players] {
            let mut s = State::new(&names[..players], 2, 12).expect("state");
            s.boards = (0..boards as u8).collect();
            for b in 0..boards as u8 {
                for &(role, file, rank) in &chessdip_rules::chess_wheel::START {
                    let space = Space::on(b, file, rank).expect("space");
                    s.pieces.push(chessdip_rules::chess_wheel::Piece { owner: b, role, space });
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

/// A state of `players` players whose boards were created in seat order,
/// each with its starting pieces.
fn created(players: usize) -> State {
    let names: Vec<String> = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu"]
        .iter()
        .take(players)
        .map(|n| (*n).to_string())
        .collect();
    let mut s = State::new(&names, 2, 12).expect("state");
    for seat in 0..players as u8 {
        s.created.clear();
        s = act(&s, seat, BoardAction::Create).expect("created").0;
    }
    s
}

/// Whether the segment a-b passes through the inside of rectangle r (Liang-Barsky).
fn crosses(a: (f32, f32), b: (f32, f32), (x, y, w, h): (f32, f32, f32, f32)) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for (p, q) in [(-dx, a.0 - x), (dx, x + w - a.0), (-dy, a.1 - y), (dy, y + h - a.1)] {
        if p.abs() < 1e-6 {
            if q <= 0.0 {
                return false;
            }
            continue;
        }
        let r = q / p;
        if p < 0.0 {
            t0 = t0.max(r);
        } else {
            t1 = t1.min(r);
        }
        if t0 >= t1 {
            return false;
        }
    }
    true
}

#[test]
fn no_arrow_crosses_a_board_it_does_not_belong_to() {
    for players in 2..=12usize {
        let s = created(players);
        for width in [400, 1024] {
            // Each board's squares, with its frame (the arrow's own width aside).
            let rects: Vec<(u8, (f32, f32, f32, f32))> = (0..players as u8)
                .map(|b| {
                    let (x, y, w, h) = rw::board_rect(&s, width, b).expect("board");
                    (b, (x - 1.0, y - 1.0, w + 2.0, h + 2.0))
                })
                .collect();
            let mut spaces: Vec<Space> = (0..8).map(|file| Space::Hub { file }).collect();
            for b in 0..players as u8 {
                for (file, rank) in [(0, 0), (7, 0), (3, 3), (0, 6), (7, 6), (4, 1)] {
                    spaces.push(Space::on(b, file, rank).expect("space"));
                }
            }
            let mut checked = 0;
            for &from in &spaces {
                for &to in &spaces {
                    if from == to {
                        continue;
                    }
                    for lane in 0..5 {
                        let path = rw::arrow_path(&s, width, from, to, lane).expect("path");
                        assert!(path.len() >= 2);
                        for w in path.windows(2) {
                            for &(b, r) in &rects {
                                if Some(b) == from.board() || Some(b) == to.board() {
                                    continue;
                                }
                                assert!(
                                    !crosses(w[0], w[1], r),
                                    "{players} players at {width} px: {from:?} -> {to:?} crosses board {b}: {path:?}"
                                );
                            }
                        }
                        checked += 1;
                    }
                }
            }
            assert!(checked > 1000);
        }
    }
    // The checker itself: a segment through a rectangle crosses it, one beside it does not.
    assert!(crosses((0.0, 5.0), (20.0, 5.0), (5.0, 0.0, 5.0, 10.0)));
    assert!(!crosses((0.0, 11.0), (20.0, 11.0), (5.0, 0.0, 5.0, 10.0)));
}

#[test]
fn arrows_leaving_a_board_are_routed_through_the_lanes() {
    let s = created(5);
    let hub = rw::space_centre(&s, 1024, Space::Hub { file: 3 }).expect("hub");
    // Eli's board (the fifth) is above the hub, beyond Ann's: its path turns at least three times.
    let from = Space::on(4, 3, 0).expect("{Eli}d1");
    let path = rw::arrow_path(&s, 1024, from, Space::Hub { file: 3 }, 2).expect("path");
    assert!(path.len() >= 5, "{path:?}");
    assert_eq!(path.last().copied(), Some(hub));
    // Segments are horizontal or vertical.
    assert!(path.windows(2).all(|w| (w[0].0 - w[1].0).abs() < 0.01 || (w[0].1 - w[1].1).abs() < 0.01), "{path:?}");
    // Two boards only: straight, the boards are in line with the hub.
    let two = created(2);
    let path = rw::arrow_path(&two, 1024, Space::on(0, 3, 0).expect("d1"), Space::Hub { file: 6 }, 0).expect("path");
    assert_eq!(path.len(), 2);
}

#[test]
fn half_the_boards_above_the_hub_and_half_below() {
    for players in 1..=12usize {
        let mut s = if players >= 2 { created(players) } else { created(2) };
        if players == 1 {
            s.boards.remove(&1);
        }
        let hub = rw::space_centre(&s, 1024, Space::Hub { file: 0 }).expect("hub").1;
        let above = (0..players as u8).filter(|&b| rw::board_rect(&s, 1024, b).expect("board").1 < hub).count();
        assert_eq!(above, players.div_ceil(2), "{players} boards");
    }
}

#[test]
fn boards_keep_their_places_when_boards_are_added() {
    // Created out of seat order: Cy, Ann, Lu, ...; each board's place
    // relative to the hub never changes once there are two columns.
    let names: Vec<String> = (0..12).map(|i| format!("P{i}")).collect();
    let order: [u8; 12] = [2, 0, 11, 5, 7, 1, 3, 9, 4, 6, 8, 10];
    let mut s = State::new(&names, 2, 12).expect("state");
    let mut seen: Vec<(u8, (f32, f32))> = Vec::new();
    for (k, &seat) in order.iter().enumerate() {
        s.created.clear();
        s = act(&s, seat, BoardAction::Create).expect("created").0;
        let hub = rw::space_centre(&s, 1024, Space::Hub { file: 0 }).expect("hub");
        let place = |b: u8| {
            let (x, y, _, _) = rw::board_rect(&s, 1024, b).expect("board");
            (x - hub.0, y - hub.1)
        };
        if k >= 3 {
            for &(b, was) in &seen {
                let now = place(b);
                assert!(
                    (now.0 - was.0).abs() < 1.5 && (now.1 - was.1).abs() < 1.5,
                    "board {b} moved when board {seat} was created: {was:?} -> {now:?}"
                );
            }
        }
        if k >= 2 {
            // Once the layout has its two columns, remember every board's place.
            seen = s.board_order().iter().map(|&b| (b, place(b))).collect();
        }
        // The creation order is the slot order: the first board is above the hub, the second below.
        assert_eq!(s.board_order()[..=k], order[..=k]);
    }
    let hub = rw::space_centre(&s, 1024, Space::Hub { file: 0 }).expect("hub").1;
    assert!(rw::board_rect(&s, 1024, 2).expect("Cy").1 < hub && rw::board_rect(&s, 1024, 0).expect("Ann").1 > hub);
}

#[test]
fn player_colours_stay_apart_for_colour_blind_eyes() {
    use chessdip_render::vision::{closest_pair, delta_e, Vision};
    let mut report = Vec::new();
    for palette in [Palette::Classic, Palette::ColourBlind] {
        let colours = rw::player_colours(palette);
        let normal = (0..12)
            .flat_map(|i| (i + 1..12).map(move |j| (i, j)))
            .map(|(i, j)| delta_e(colours[i], colours[j]))
            .fold(f32::MAX, f32::min);
        report.push(format!("{palette:?}: normal {normal:.1}"));
        assert!(normal > 20.0 || palette == Palette::ColourBlind && normal > 10.0, "{palette:?}: {normal}");
        for vision in [Vision::Deuteranopia, Vision::Protanopia] {
            let (d, i, j) = closest_pair(colours, vision).expect("pair");
            report.push(format!("{palette:?} {vision:?}: {d:.1} (seats {i} and {j})"));
            assert!(d > 12.0, "{palette:?} {vision:?}: seats {i} and {j} at {d}");
        }
    }
    println!("{}", report.join("\n"));
}

#[test]
fn invalid_and_unrevealed_messages_are_noted_in_amber_in_the_legend() {
    // Hal has no piece on {Hal}d4: his message is invalid as a whole.
    let text = format!("{}  Hal: Q {{Hal}}d4 - d8\n", eight());
    let a = adjudicated(&text);
    assert!(a.wheel.invalid.iter().any(|(s, _)| *s == 7), "Hal's message is invalid: {:?}", a.wheel.invalid);
    let amber = |c: &chessdip_render::canvas::Canvas| {
        let h = c.height();
        (h * 3 / 4..h)
            .flat_map(|y| (0..c.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                c.pixel(x, y).is_some_and(|p| p.0 >= 235 && (160..180).contains(&p.1) && (45..75).contains(&p.2))
            })
            .count()
    };
    let style = Style { width: 400, ..Style::default() };
    let c = rw::draw(&a.variant, &a.before, Some(&a.wheel), &style, "orders");
    assert!(amber(&c) > 15, "amber note at 400 px: {}", amber(&c));
    assert!(c.smallest_text().is_some_and(|t| t >= 10.0), "{:?}", c.smallest_text());
    // A hashed phase's notes (not revealed, no message) show the same way; none without notes.
    let quiet = adjudicated(&eight());
    let plain = rw::draw(&quiet.variant, &quiet.before, None, &style, "position");
    assert_eq!(amber(&plain), 0);
    let marked = Style { marks: vec![("Bo".into(), "not revealed".into())], ..style };
    let c = rw::draw(&quiet.variant, &quiet.before, None, &marked, "position");
    assert!(amber(&c) > 15, "{}", amber(&c));
}

#[test]
fn pieces_off_their_owners_board_carry_the_owners_code() {
    let a = adjudicated(TWO);
    for palette in [Palette::Classic, Palette::ColourBlind] {
        let style = Style { palette, ..Style::default() };
        let c = rw::draw(&a.variant, &a.after, None, &style, "position");
        let s = rw::square_size(&a.after, 1024);
        // Bo's rook on {Ann}d4: a plate in Bo's colour across the bottom of the square.
        let (x, y) = rw::space_centre(&a.after, 1024, sp(&a.after, "Ann", "d4")).expect("drawn");
        let bo = rw::player_colour_in(1, palette);
        let plate = (0..20).filter(|i| px(&c, (x - s * 0.3 + *i as f32 * s * 0.03, y + s * 0.4)) == bo).count();
        assert!(plate >= 4, "{palette:?}: plate {plate}");
        // Ann's king at home on {Ann}e1 (its move failed) has no plate.
        let (x, y) = rw::space_centre(&a.after, 1024, sp(&a.after, "Ann", "e1")).expect("drawn");
        let ann = rw::player_colour_in(0, palette);
        let low = (0..20).filter(|i| px(&c, (x - s * 0.3 + *i as f32 * s * 0.03, y + s * 0.45)) == ann).count();
        assert_eq!(low, 0, "{palette:?}: no plate at home");
    }
}

#[test]
fn a_final_image_carries_the_result_banner() {
    let a = adjudicated(&eight());
    let count = |style: &Style| {
        let c = rw::draw(&a.variant, &a.after, None, style, "position");
        (0..c.height())
            .filter(|&y| c.pixel(3, y).is_some_and(|p| p.0 > 230 && (160..180).contains(&p.1) && p.2 < 80))
            .count()
    };
    let over = Style { result: Some("Ann wins".into()), ..Style::default() };
    // The banner's amber rules cross the left edge, over the boards; nothing amber there otherwise.
    assert!(count(&over) >= 2, "{}", count(&over));
    assert_eq!(count(&Style::default()), 0);
}

/// Five boards (two columns, the smallest board squares) with pieces on the hub.
fn five() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/images/chess-wheel-five.txt")).expect("sample")
}

#[test]
fn hub_pieces_stand_as_large_as_the_hub_squares_allow() {
    let a = adjudicated(&five());
    let c = rw::draw(&a.variant, &a.before, None, &Style::default(), "position");
    let (s, hub) = (rw::square_size(&a.before, 1024), rw::hub_square_size(&a.before, 1024));
    assert!(hub >= 1.9 * s, "hub squares of {hub} px beside board squares of {s} px");
    // The owner's colour on a square, above the foot where a plate would be.
    let ink = |space: Space, colour: Rgba| {
        let side = if matches!(space, Space::Hub { .. }) { hub } else { s };
        let (x, y) = rw::space_centre(&a.before, 1024, space).expect("drawn");
        let (x0, y0) = ((x - side / 2.0) as u32, (y - side / 2.0) as u32);
        (x0..x0 + side as u32)
            .flat_map(|px| (y0..(y + side * 0.17) as u32).map(move |py| (px, py)))
            .filter(|&(px, py)| c.pixel(px, py).is_some_and(|p| close(p, colour)))
            .count()
    };
    // Eli's rook on the hub's a8 (on a plate with Eli's code) against Bo's
    // rook at home on {Bo}a1 (no plate): the hub's is the larger.
    let (eli, bo) = (rw::player_colour(4), rw::player_colour(1));
    let on_hub = ink(sp(&a.before, "Eli", "a8"), eli);
    let at_home = ink(sp(&a.before, "Bo", "a1"), bo);
    assert!(on_hub * 10 >= at_home * 13, "the rook on the hub ({on_hub} px) against one at home ({at_home} px)");
}

#[test]
fn a_crowded_hub_square_keeps_its_capture_cross_failure_mark_and_arrowhead_apart() {
    // On the hub's d8: Ann's rook, whose move to e8 fails (Cy's rook
    // wants e8 too), is taken by Bo's rook coming up from Bo's board.
    let a = adjudicated(
        "variant: chess-wheel\nstate:\n  players: Ann, Bo, Cy\nposition:\n  Ann: R d8, K {Ann}e1\n  \
         Bo: R {Bo}d1, K {Bo}e1\n  Cy: R f8, K {Cy}e1\norders:\n  Ann: R d8 - e8\n  Bo: R {Bo}d1 x d8\n  \
         Cy: R f8 - e8\n",
    );
    assert_eq!(a.wheel.taken.len(), 1, "Bo takes Ann's rook");
    for width in [1024, 400] {
        let c = rw::draw(&a.variant, &a.before, Some(&a.wheel), &Style { width, ..Style::default() }, "orders");
        let marks = rw::move_marks(&a.before, &a.wheel, width);
        let side = rw::hub_square_size(&a.before, width);
        let (x, y) = rw::space_centre(&a.before, width, sp(&a.before, "Ann", "d8")).expect("drawn");
        // The cross over the taken rook shows along both its arms.
        let red = [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)]
            .iter()
            .filter(|(dx, dy)| {
                let q = px(&c, (x + dx * side * 0.22, y + dy * side * 0.22));
                q.0 > 150 && q.1 < 60 && q.2 < 60
            })
            .count();
        assert_eq!(red, 4, "at {width}: the cross's four arms");
        // Bo's arrow head is whole, in Bo's colour.
        let bo = marks[1].as_ref().expect("Bo's arrow");
        let n = bo.path.len();
        let (tip, from) = (bo.path[n - 1], bo.path[n - 2]);
        let len = ((tip.0 - from.0).powi(2) + (tip.1 - from.1).powi(2)).sqrt();
        let base = (tip.0 + (from.0 - tip.0) * bo.head / len, tip.1 + (from.1 - tip.1) * bo.head / len);
        let centroid = ((tip.0 + 2.0 * base.0) / 3.0, (tip.1 + 2.0 * base.1) / 3.0);
        assert!(close(px(&c, centroid), rw::player_colour(1)), "at {width}: Bo's head {:?}", px(&c, centroid));
        // Each failed move's mark is whole (a white rim all round), off the
        // cross's arms and off every head.
        for (k, m) in marks.iter().enumerate() {
            let Some((centre, r)) = m.as_ref().and_then(|m| m.failure) else { continue };
            for i in (0..8).filter(|_| width == 1024) {
                // Between the arms of its own cross, inside its dark rim (at
                // 400 px the mark is too small to sample so).
                let t = (i as f32 + 0.5) * std::f32::consts::TAU / 8.0;
                let p = px(&c, (centre.0 + r * 0.72 * t.cos(), centre.1 + r * 0.72 * t.sin()));
                // White, or grey where its own small cross is smoothed: nothing coloured or dark over it.
                let spread = p.0.max(p.1).max(p.2) - p.0.min(p.1).min(p.2);
                assert!(p.luminance() > 0.45 && spread < 25, "at {width}: move {k}'s mark is covered at {t:.1}: {p:?}");
            }
            // The nearest point of either arm of the cross.
            for dir in [(1.0f32, 1.0f32), (1.0, -1.0)] {
                let norm = std::f32::consts::SQRT_2;
                let along = ((centre.0 - x) * dir.0 + (centre.1 - y) * dir.1) / norm;
                let along = along.clamp(-side * 0.3 * norm, side * 0.3 * norm);
                let near = (x + along * dir.0 / norm, y + along * dir.1 / norm);
                let d = ((centre.0 - near.0).powi(2) + (centre.1 - near.1).powi(2)).sqrt();
                assert!(d > r + side * 0.065, "at {width}: move {k}'s mark on the cross ({d:.1} px)");
            }
            for (j, other) in marks.iter().enumerate() {
                let Some(o) = other else { continue };
                let tip = o.path[o.path.len() - 1];
                let d = ((centre.0 - tip.0).powi(2) + (centre.1 - tip.1).powi(2)).sqrt();
                assert!(d > r + o.head * 0.5, "at {width}: move {k}'s mark on move {j}'s head ({d:.1} px)");
            }
        }
    }
}
