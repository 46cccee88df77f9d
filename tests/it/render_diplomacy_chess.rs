//! Diplomacy Chess images: pieces where they stand, White's and Black's
//! arrows told apart by more than colour, failed moves crossed, a king in
//! check on a red square. `CHESSDIP_RENDER_DIR=/tmp` also writes the images.

use crate::support::pixels;
use crate::support::squares;
use pixels::{px, within};
use squares::sq;

use chessdip_render::canvas::{Canvas, Rgba};
use chessdip_render::diplomacy_chess::{self as rs, colours};
use chessdip_render::{Palette, Style};
use chessdip_rules::scenario::{diplomacy_chess::adjudicate, Scenario};

fn image(file: &str, palette: Palette, with_report: bool) -> Canvas {
    let path = format!("{}/tests/scenarios/diplomacy-chess/{file}.txt", env!("CARGO_MANIFEST_DIR"));
    let s = Scenario::from_file(std::path::Path::new(&path)).expect("scenario");
    let a = adjudicate(&s).expect("adjudicates");
    let style = Style { palette, ..Style::default() };
    let c = if with_report {
        rs::draw(&a.variant, &a.before, Some(&a.turn), &style, "orders")
    } else {
        rs::draw(&a.variant, &a.after, None, &style, "position")
    };
    if let Ok(dir) = std::env::var("CHESSDIP_RENDER_DIR") {
        let stage = if with_report { "orders" } else { "position" };
        let out = format!("{dir}/simul-{file}-{stage}-{palette:?}.png");
        std::fs::write(&out, c.png().expect("png")).expect("write");
    }
    c
}

fn near(a: Rgba, b: Rgba) -> bool {
    within(a, b, 40)
}

#[test]
fn pieces_stand_on_their_squares() {
    let c = image("seed-queen-takes-knight", Palette::Classic, false);
    let (light, dark) = rs::SQUARE_COLOURS;
    let s = rs::square_size(1024);
    for (square, piece) in [("c6", true), ("e1", true), ("d4", false), ("a5", false)] {
        let (x, y) = rs::square_centre(1024, sq(square));
        let differs = pixels::non_board(&c, (x, y), s, 0.2, (light, dark));
        assert_eq!(differs > 20, piece, "{square}: {differs} non-board pixels");
    }
}

#[test]
fn white_arrows_are_solid_black_arrows_dashed() {
    // Rh2 (White, a2 to h2) and Bd1 (Black, a4 to d1) meet at c2.
    let c = image("seed-rook-and-bishop-meet-at-c2", Palette::Classic, true);
    let k = colours(Palette::Classic);
    let s = rs::square_size(1024);
    // Along White's shaft (rank 2, between e2 and g2) nearly every sample is White's colour, faded or not.
    let (a, b) = (rs::square_centre(1024, sq("e2")), rs::square_centre(1024, sq("g2")));
    let on = (0..40)
        .map(|i| (a.0 + (b.0 - a.0) * i as f32 / 40.0, a.1))
        .filter(|&p| {
            let q = px(&c, p);
            q.2 > q.0 + 40
        })
        .count();
    assert!(on > 34, "a solid shaft: {on} of 40");
    // Black's shaft (a4 to d1) has gaps: along it some samples are board colours.
    let (a, b) = (rs::square_centre(1024, sq("a4")), rs::square_centre(1024, sq("d1")));
    let samples: Vec<Rgba> = (8..32)
        .map(|i| {
            let t = 0.15 + 0.5 * i as f32 / 40.0;
            px(&c, (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t))
        })
        .collect();
    let reddish = samples.iter().filter(|q| q.0 > q.2 + 40 && q.0 > q.1 + 20).count();
    assert!(reddish > 3 && reddish < samples.len(), "a dashed shaft: {reddish} of {}", samples.len());
    let _ = (k, s);
}

#[test]
fn failed_moves_are_crossed_and_taken_pieces_marked() {
    let c = image("seed-queen-takes-knight", Palette::ColourBlind, true);
    let k = colours(Palette::ColourBlind);
    let s = rs::square_size(1024);
    // The knight on a5 was taken: a cross in the taken colour over it.
    let (x, y) = rs::square_centre(1024, sq("a5"));
    let marked = (0..10)
        .map(|i| (x - s * 0.25 + i as f32 * s * 0.05, y - s * 0.25 + i as f32 * s * 0.05))
        .filter(|&p| near(px(&c, p), k.taken))
        .count();
    assert!(marked >= 5, "taken mark on a5: {marked}");
    // Its failed move a5-c6 carries a dark cross on a white disc 0.4 squares before the head.
    let (a, b) = (rs::square_centre(1024, sq("a5")), rs::square_centre(1024, sq("c6")));
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    let end = (b.0 - (b.0 - a.0) / len * s * 0.2, b.1 - (b.1 - a.1) / len * s * 0.2);
    let m = (end.0 - (b.0 - a.0) / len * s * 0.4, end.1 - (b.1 - a.1) / len * s * 0.4);
    let dark = (0..12)
        .flat_map(|i| {
            (0..12).map(move |j| (m.0 - s * 0.1 + i as f32 * s * 0.018, m.1 - s * 0.1 + j as f32 * s * 0.018))
        })
        .filter(|&p| px(&c, p).luminance() < 0.15)
        .count();
    assert!(dark > 5, "a cross marks the failed move ({dark} dark pixels)");
}

#[test]
fn a_king_in_check_stands_on_red() {
    let c = image("end-checkmate", Palette::Classic, false);
    let s = rs::square_size(1024);
    let (x, y) = rs::square_centre(1024, sq("h8"));
    let q = px(&c, (x - s * 0.45, y + s * 0.45));
    assert!(q.0 > q.1 + 40 && q.0 > q.2 + 40, "h8 tinted red: {q:?}");
    let (x, y) = rs::square_centre(1024, sq("g1"));
    let q = px(&c, (x - s * 0.45, y + s * 0.45));
    assert!(q == rs::SQUARE_COLOURS.0 || q == rs::SQUARE_COLOURS.1, "g1 plain: {q:?}");
}

#[test]
fn sample_images_for_people() {
    for (file, report) in [
        ("seed-sp-three-pieces-stand-still", true),
        ("seed-sp-queen-takes-returning-rook", true),
        ("castle-queenside", true),
        ("progressive-capture-after-earlier-step", true),
        ("end-checkmate", false),
    ] {
        for palette in [Palette::Classic, Palette::ColourBlind] {
            let c = image(file, palette, report);
            let png = c.png().expect("png");
            assert!(png.len() < 400 * 1024, "{file}: {} bytes", png.len());
        }
    }
}

/// A scenario's orders image and its placement.
fn turn_image(
    path: &str,
    style: &Style,
) -> (Canvas, rs::Placement, chessdip_rules::scenario::diplomacy_chess::Adjudication) {
    let path = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    let s = Scenario::from_file(std::path::Path::new(&path)).expect("scenario");
    let a = adjudicate(&s).expect("adjudicates");
    let c = rs::draw(&a.variant, &a.before, Some(&a.turn), style, "orders");
    if let Ok(dir) = std::env::var("CHESSDIP_RENDER_DIR") {
        let name = path.rsplit('/').next().unwrap_or("x").trim_end_matches(".txt").to_string();
        let out = format!("{dir}/simul-{name}-{}-{:?}.png", style.width, style.palette);
        std::fs::write(&out, c.png().expect("png")).expect("write");
    }
    let p = rs::placement(Some(&a.turn), style);
    (c, p, a)
}

/// How many pixels of a `n` x `n` grid over the rectangle `(x, y, w, h)` are near `colour`.
fn count_near(c: &Canvas, (x, y, w, h): (f32, f32, f32, f32), colour: Rgba, n: usize) -> usize {
    (0..n)
        .flat_map(|i| (0..n).map(move |j| (x + w * (i as f32 + 0.5) / n as f32, y + h * (j as f32 + 0.5) / n as f32)))
        .filter(|&p| near(px(c, p), colour))
        .count()
}

/// The rectangle of square `s` on board `b`, shrunk by `inset` of a square on each side.
fn square_rect(b: &rs::BoardSpot, s: &str, inset: f32) -> (f32, f32, f32, f32) {
    let (x, y) = b.corner(sq(s));
    (x + b.sq * inset, y + b.sq * inset, b.sq * (1.0 - 2.0 * inset), b.sq * (1.0 - 2.0 * inset))
}

#[test]
fn a_progressive_turn_is_drawn_one_board_per_step_on_that_steps_position() {
    // Turn 2: Black's knight goes b8-c6 at step 1; at step 2 White's bishop takes it on c6.
    let style = Style::default();
    let (c, p, _) = turn_image("tests/scenarios/diplomacy-chess/progressive-capture-after-earlier-step.txt", &style);
    assert_eq!(p.boards.iter().map(|b| b.step).collect::<Vec<_>>(), vec![1, 2], "one board per step");
    let (b1, b2) = (p.boards[0], p.boards[1]);
    assert!(b2.x > b1.x + 8.0 * b1.sq || b2.y > b1.y + 8.0 * b1.sq, "the boards do not overlap");
    let (light, dark) = rs::SQUARE_COLOURS;
    let ink = |b: &rs::BoardSpot, s: &str| pixels::non_board(&c, b.centre(sq(s)), b.sq, 0.2, (light, dark));
    // Step 1 starts from the turn's position: the knight on b8, c6 empty.
    assert!(ink(&b1, "b8") > 20 && ink(&b1, "c6") < 8, "step 1: b8 {} c6 {}", ink(&b1, "b8"), ink(&b1, "c6"));
    // Step 2 starts after step 1: the knight on c6, b8 empty.
    assert!(ink(&b2, "c6") > 20 && ink(&b2, "b8") < 8, "step 2: c6 {} b8 {}", ink(&b2, "c6"), ink(&b2, "b8"));
    // The capture is marked on step 2's board, on c6 where the knight stands, not on step 1's.
    let taken = colours(Palette::Classic).taken;
    assert!(count_near(&c, square_rect(&b2, "c6", 0.1), taken, 12) >= 6, "taken mark on c6 at step 2");
    // (An edge pixel of a piece may come near the mark's colour: a mark covers many.)
    assert!(count_near(&c, square_rect(&b1, "c6", 0.0), taken, 12) <= 2, "no taken mark at step 1 (c6)");
    assert!(count_near(&c, square_rect(&b1, "b8", 0.0), taken, 12) <= 2, "no taken mark at step 1 (b8)");
}

#[test]
fn a_one_step_or_simultaneous_turn_is_one_board() {
    for file in ["seed-sp-queen-takes-returning-rook", "seed-queen-takes-knight"] {
        let path = format!("tests/scenarios/diplomacy-chess/{file}.txt");
        let (_, p, _) = turn_image(&path, &Style::default());
        assert_eq!(p.boards.len(), 1, "{file}");
        assert_eq!(p.boards[0].centre(sq("e4")), rs::square_centre(1024, sq("e4")), "{file}");
    }
}

#[test]
fn a_capture_mark_sits_on_the_taken_piece_never_on_the_capturer() {
    for palette in [Palette::Classic, Palette::ColourBlind] {
        let taken = colours(palette).taken;
        // White's Kxg1 takes the bishop standing on g1: the king on h2 is unmarked.
        let style = Style { palette, ..Style::default() };
        let (c, p, _) = turn_image("docs/images/diplomacy-chess-king-takes.txt", &style);
        let b = p.boards[0];
        assert!(count_near(&c, square_rect(&b, "g1", 0.1), taken, 12) >= 6, "{palette:?}: g1 marked");
        assert_eq!(count_near(&c, square_rect(&b, "h2", 0.0), taken, 16), 0, "{palette:?}: the king on h2 unmarked");
        // King d1-e2 and queen e5-e2 land together: the king takes the queen on e2. The
        // queen is crossed on e5, where she stands; on e2, where the king's arrow ends,
        // only a small crossed queen in the square's upper-right corner.
        let (c, p, a) = turn_image("tests/scenarios/diplomacy-chess/same-square-king-takes-queen.txt", &style);
        assert_eq!(a.turn.captures.len(), 1);
        let b = p.boards[0];
        assert!(count_near(&c, square_rect(&b, "e5", 0.1), taken, 12) >= 6, "{palette:?}: e5 marked");
        assert_eq!(count_near(&c, square_rect(&b, "d1", 0.0), taken, 16), 0, "{palette:?}: the king on d1 unmarked");
        let (x, y) = b.corner(sq("e2"));
        let corner = (x + b.sq * 0.5, y, b.sq * 0.5, b.sq * 0.5);
        let lower_left = (x, y + b.sq * 0.55, b.sq * 0.45, b.sq * 0.45);
        assert!(count_near(&c, corner, taken, 16) >= 4, "{palette:?}: where taken, in e2's corner");
        assert_eq!(count_near(&c, lower_left, taken, 16), 0, "{palette:?}: e2's lower left unmarked");
    }
}

#[test]
fn captions_wrap_and_are_never_cut() {
    for width in [400, 1024] {
        let style = Style { width, ..Style::default() };
        for file in ["docs/images/diplomacy-chess-conditional.txt", "docs/images/diplomacy-chess-orders.txt"] {
            let (c, p, a) = turn_image(file, &style);
            let mut wrapped = 0;
            for m in &a.turn.moves {
                // Every move's line is in the image whole (its step shown by its board, or in the line).
                let whole = m.line(a.turn.mode).summary();
                let short = m.line(chessdip_rules::diplomacy_chess::Mode::Basic).summary();
                let block = p
                    .texts
                    .iter()
                    .find(|t| t.lines.join(" ") == whole || t.lines.join(" ") == short)
                    .unwrap_or_else(|| panic!("{file} at {width}: `{whole}` not drawn whole"));
                for line in &block.lines {
                    assert!(!line.contains('\u{2026}'), "{file}: cut: {line}");
                    let w =
                        chessdip_render::canvas::text_width(line, block.size, chessdip_render::canvas::Face::Regular);
                    assert!(w <= block.w + 0.5, "{file} at {width}: `{line}` is {w} px in {} px", block.w);
                    assert!(block.x + w <= width as f32, "{file} at {width}: `{line}` runs off the image");
                }
                if block.lines.len() > 1 {
                    wrapped += 1;
                    // The continuation line is drawn: light text pixels along its row.
                    let last = block.lines.len() - 1;
                    let y = block.y + last as f32 * block.line_h;
                    let lw = chessdip_render::canvas::text_width(
                        &block.lines[last],
                        block.size,
                        chessdip_render::canvas::Face::Regular,
                    );
                    let rect = (block.x, y + block.line_h * 0.2, lw, block.line_h * 0.6);
                    let lit = (0..60)
                        .flat_map(|i| {
                            (0..6).map(move |j| (rect.0 + rect.2 * i as f32 / 60.0, rect.1 + rect.3 * j as f32 / 6.0))
                        })
                        .filter(|&q| px(&c, q).luminance() > 0.35)
                        .count();
                    assert!(lit > 8, "{file} at {width}: continuation of `{}` drawn ({lit})", block.lines[0]);
                }
            }
            if width == 400 {
                assert!(wrapped > 0, "{file}: long lines wrap at 400 px");
            }
        }
    }
}

#[test]
fn the_legend_explains_line_styles_failures_and_captures() {
    use rs::LegendKind as K;
    for palette in [Palette::Classic, Palette::ColourBlind] {
        for width in [400, 1024] {
            let style = Style { width, palette, ..Style::default() };
            let (c, p, _) = turn_image("docs/images/diplomacy-chess-orders.txt", &style);
            let k = colours(palette);
            let kinds: Vec<K> = p.legend.iter().map(|i| i.kind).collect();
            for want in [K::White, K::Black, K::Failed, K::Taken] {
                assert!(kinds.contains(&want), "{palette:?} {width}: {want:?} in {kinds:?}");
            }
            let item = |kind: K| p.legend.iter().find(|i| i.kind == kind).expect("item");
            // Below every board and inside the image.
            let board_bottom = p.boards.iter().map(|b| b.y + 8.0 * b.sq).fold(0.0, f32::max);
            for i in &p.legend {
                assert!(i.icon.1 > board_bottom && i.icon.1 + i.icon.3 <= p.height as f32, "{:?} placed", i.kind);
                assert!(i.at.0 + 20.0 < width as f32, "{:?} label inside", i.kind);
            }
            // White's sample is solid in White's colour, Black's dashed in Black's.
            let along = |kind: K, colour: Rgba| {
                let (x, y, w, h) = item(kind).icon;
                (0..30)
                    .filter(|i| near(px(&c, (x + w * (0.35 + 0.35 * *i as f32 / 30.0), y + h / 2.0)), colour))
                    .count()
            };
            assert!(along(K::White, k.white) >= 28, "{palette:?} {width}: White solid: {}", along(K::White, k.white));
            let b = along(K::Black, k.black);
            assert!((8..=24).contains(&b), "{palette:?} {width}: Black dashed: {b}");
            // The failure sample: a dark cross on a white disc; the taken sample: the taken colour.
            let (x, y, w, h) = item(K::Failed).icon;
            assert!(px(&c, (x + w * 0.5, y + h / 2.0)).luminance() < 0.2, "{palette:?} {width}: failure cross");
            assert!(
                count_near(&c, (x + w * 0.5 - h * 0.3, y + h * 0.2, h * 0.6, h * 0.6), WHITE, 8) >= 8,
                "white disc"
            );
            assert!(count_near(&c, item(K::Taken).icon, k.taken, 12) >= 6, "{palette:?} {width}: taken sample");
            // And the labels say it.
            assert!(item(K::White).label.contains("solid") && item(K::Black).label.contains("dashed"));
        }
    }
}

const WHITE: Rgba = Rgba(0xFF, 0xFF, 0xFF, 0xFF);

#[test]
fn both_palettes_colour_the_arrows_and_the_taken_marks() {
    for palette in [Palette::Classic, Palette::ColourBlind] {
        let k = colours(palette);
        let style = Style { palette, ..Style::default() };
        let (c, p, _) = turn_image("docs/images/diplomacy-chess-orders.txt", &style);
        // Step 4: White's Bxf7 (c4 to f7) solid in White's colour; Black's Nxd1 (c3 to d1)
        // in Black's; the queen taken on d1.
        let b = p.boards[3];
        let (a, e) = (b.centre(sq("c4")), b.centre(sq("f7")));
        let on = (0..20)
            .filter(|i| {
                let t = 0.3 + 0.4 * *i as f32 / 20.0;
                near(px(&c, (a.0 + (e.0 - a.0) * t, a.1 + (e.1 - a.1) * t)), k.white)
            })
            .count();
        assert!(on >= 18, "{palette:?}: White's arrow {on}");
        let (a, e) = (b.centre(sq("c3")), b.centre(sq("d1")));
        let on = (0..20)
            .filter(|i| {
                let t = 0.3 + 0.3 * *i as f32 / 20.0;
                near(px(&c, (a.0 + (e.0 - a.0) * t, a.1 + (e.1 - a.1) * t)), k.black)
            })
            .count();
        assert!((4..20).contains(&on), "{palette:?}: Black's dashed arrow {on}");
        assert!(count_near(&c, square_rect(&b, "d1", 0.1), k.taken, 12) >= 6, "{palette:?}: d1 taken");
    }
}

#[test]
fn both_palettes_keep_sides_and_marks_apart_under_colour_vision_deficiencies() {
    use chessdip_render::vision::{delta_e, simulate, Vision};
    for palette in [Palette::Classic, Palette::ColourBlind] {
        let k = colours(palette);
        for vision in [Vision::Normal, Vision::Deuteranopia, Vision::Protanopia] {
            let see = |c: Rgba| simulate(c, vision);
            // White's arrows against Black's, and the taken cross against both.
            let pairs = [
                ("White/Black", k.white, k.black),
                ("taken/White", k.taken, k.white),
                ("taken/Black", k.taken, k.black),
            ];
            for (what, a, b) in pairs {
                let d = delta_e(see(a), see(b));
                eprintln!("{palette:?} {vision:?} {what}: {d:.1}");
                assert!(d > 20.0, "{palette:?} {vision:?}: {what} only {d:.1} apart");
            }
            // Arrows read on both square colours, and the badge's white number on both sides' colours.
            for (what, c) in [("White", k.white), ("Black", k.black)] {
                for (sq_name, s) in [("light", rs::SQUARE_COLOURS.0), ("dark", rs::SQUARE_COLOURS.1)] {
                    let d = delta_e(see(c), see(s));
                    assert!(d > 15.0, "{palette:?} {vision:?}: {what} on {sq_name} squares only {d:.1}");
                }
                let d = delta_e(see(c), see(WHITE));
                assert!(d > 25.0, "{palette:?} {vision:?}: a badge's number on {what} only {d:.1}");
            }
        }
    }
}

#[test]
fn the_step_boards_replay_every_progressive_scenario_to_its_end() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/diplomacy-chess");
    let mut checked = 0;
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("dir").filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.push(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/images/diplomacy-chess-orders.txt"));
    for path in files {
        let s = Scenario::from_file(&path).expect("scenario");
        if s.mode.as_deref() != Some("progressive") {
            continue;
        }
        let a = adjudicate(&s).expect("adjudicates");
        let steps = rs::step_positions(&a.turn);
        let (_, first) = &steps[0];
        let (_, last) = steps.last().expect("positions");
        assert_eq!(first.fen_board(), a.turn.before.fen_board(), "{path:?}: the first board is the turn's start");
        assert_eq!(last.fen_board(), a.turn.after.fen_board(), "{path:?}: the replay ends where the turn did");
        // One board per step with moves, each step's position in order.
        let with_moves: std::collections::BTreeSet<usize> = a.turn.moves.iter().map(|m| m.step).collect();
        let shown: Vec<usize> = steps[..steps.len() - 1].iter().map(|(k, _)| *k).collect();
        assert_eq!(shown, with_moves.into_iter().collect::<Vec<_>>(), "{path:?}");
        checked += 1;
    }
    assert!(checked >= 6, "progressive scenarios checked: {checked}");
}

#[test]
fn the_result_banner_opens_above_the_step_boards_and_moves_every_caption_down_whole() {
    let plain = Style::default();
    let done = Style { result: Some("White wins".into()), ..Style::default() };
    let (without, p, _) = turn_image("docs/images/diplomacy-chess-orders.txt", &plain);
    let (with, _, _) = turn_image("docs/images/diplomacy-chess-orders.txt", &done);
    let (_, y, _, _) = p.banner;
    let first = p.boards.first().expect("boards");
    assert!((y - p.title_h).abs() < 0.5 && y <= first.y, "under the title, above the boards: {:?}", p.banner);
    let band = (with.height() - without.height()) as f32;
    assert!(band >= 40.0, "a band of {band} px");
    // The band is dark; every caption line is the same, a band lower.
    let mid = (p.width as f32 / 2.0 + 1.0, y + 2.0);
    assert!(px(&with, mid).luminance() < 0.2, "a dark band at {mid:?}");
    for t in p.texts.iter().filter(|t| !t.heading) {
        for i in 0..t.lines.len() {
            for k in 0..8 {
                let q = (t.x + t.w * k as f32 / 8.0, t.y + (i as f32 + 0.5) * t.line_h);
                let moved = (q.0, q.1 + band);
                assert_eq!(px(&with, moved), px(&without, q), "caption `{}` moved down whole at {q:?}", t.lines[i]);
            }
        }
    }
}
