//! The chart of a whole game: `game chart` writes a PNG of each power's
//! supply centers by year (Chess Dip, Chesspolitik), pieces by cycle
//! (Chess Wheel+) or material by turn or move (Diplomacy Chess, Diplomat
//! Chess), in the powers' colours of the game's palette, refused before
//! anything has resolved; rolled-back phases are left out; the
//! announcement that a game has ended carries it; its text reads at 400 px.

use crate::support::diplomat_sample;
use crate::support::pixels;
use crate::support::scratch;
use scratch::{console_at, run, temp_dir, two_players, written};

use std::collections::BTreeMap;

use chessdip::console::Console;
use chessdip_render::canvas::Rgba;
use chessdip_render::chart::{self, Chart};
use chessdip_render::{Palette, Style, MIN_TEXT};
use chessdip_rules::any::{Game, Position};

/// The one chart the console wrote in `out`, decoded.
fn one_chart(out: &str, variant: &str) -> image::RgbImage {
    let files = written(out, &format!("-{variant}-chart.png"));
    assert_eq!(files.len(), 1, "one chart written: {out}");
    let name = files[0].file_name().unwrap().to_string_lossy().into_owned();
    let (number, _) = name.split_once('-').expect("NNN-");
    assert!(number.len() == 3 && number.parse::<u32>().is_ok(), "numbered like every image: {name}");
    image::load_from_memory(&std::fs::read(&files[0]).expect("written")).expect("a PNG").to_rgb8()
}

/// How many pixels of `img` are `colour`, as far as the PNG's 256 colours
/// keep it (within 8 in each channel).
fn pixels_of(img: &image::RgbImage, colour: Rgba) -> usize {
    img.pixels().filter(|p| pixels::within(Rgba::rgb(p.0[0], p.0[1], p.0[2]), colour, 8)).count()
}

/// Each power's supply centers as `status` gives them (`England (e): 7 centers, 6 pieces`).
fn status_centers(c: &mut Console) -> Vec<(String, u32)> {
    c.line("gm game status")
        .lines()
        .filter_map(|l| {
            let (power, rest) = l.trim().split_once(" (")?;
            let n = rest.split_once("): ")?.1.split_once(" center")?.0.parse().ok()?;
            Some((power.to_string(), n))
        })
        .collect()
}

/// The chart's last value of every power, in seat order.
fn last_values(chart: &Chart) -> Vec<(String, u32)> {
    chart.series.iter().map(|(p, v)| (p.clone(), *v.last().expect("a value"))).collect()
}

fn start(id: &str, players: &[&str]) -> Position {
    let players: Vec<String> = players.iter().map(|p| p.to_string()).collect();
    Game::build(id, &BTreeMap::new()).expect("variant").start(&players).expect("starts")
}

/// Two years of Chess Dip (the console script's orders), the centers
/// checked against `status` after each year.
#[test]
fn chess_dip_centers_by_year_match_the_status_after_every_year() {
    let d = temp_dir("chessdip");
    let mut c = console_at(&d, &[]);
    run(&mut c, &["gm game create chessdip movement=2d adjustment=1d early=no grace=0 cd-after=off"]);
    let forming = c.line("f game chart");
    assert!(forming.contains("[private to f]") && forming.contains("the game has not started yet"), "{forming}");
    run(&mut c, &["e join England", "i join Italy", "f join France", "s join Scandinavia", "gm game start"]);
    let at_start = status_centers(&mut c);
    assert_eq!(at_start.len(), 4, "{at_start:?}");
    let early = c.line("f game chart");
    assert!(early.contains("no phase of this game has resolved yet: the chart shows"), "{early}");
    assert!(early.contains("ask again once the first phase resolves") && written(&early, ".png").is_empty());
    assert!(c.service().chart_data("console").is_err());

    run(
        &mut c,
        &[
            "e orders c2 - c4, N b1 - a3, K d1 - d2",
            "i orders e2 - e4, B f1 - d3, K e1 H",
            "f orders e7 - e5, N g8 - f6, K e8 - e7",
            "s orders d7 - d5, K d8 - d7",
            "advance 2d",
        ],
    );
    // Within the first year, its point follows the last resolved phase.
    let spring = c.service().chart_data("console").expect("a chart");
    assert_eq!(spring.labels, ["Start", "1"]);
    run(&mut c, &["e orders N a3 - b5, K d2 - c3, c4 H", "advance 2d"]);
    run(&mut c, &["e orders build R b1, build B c2, build K d1", "i orders build R f1", "advance 1d"]);
    let year_one = status_centers(&mut c);
    let chart = c.service().chart_data("console").expect("a chart");
    assert_eq!(chart.labels, ["Start", "1"], "one point a year, after its last resolved phase");
    assert_eq!(last_values(&chart), year_one);
    assert!(chart.series.iter().zip(&at_start).all(|((p, v), s)| *p == s.0 && v[0] == s.1), "{chart:?}");

    run(&mut c, &["e orders K c3 - d4", "advance 2d", "e orders c4 x d5, K d4 S c4 x d5", "advance 2d"]);
    let year_two = status_centers(&mut c);
    let chart = c.service().chart_data("console").expect("a chart");
    assert_eq!(chart.labels, ["Start", "1", "2"]);
    assert_eq!(last_values(&chart), year_two);
    assert_eq!(chart.series[0].1, vec![at_start[0].1, year_one[0].1, year_two[0].1], "England's line");
    assert_eq!(chart.subtitle, "Supply centers at the end of each year");
    assert_eq!((chart.unit.as_str(), chart.axis.as_str()), ("centers", "Year"));
    assert_eq!(chart.result, None, "the game goes on");

    // Anyone may ask; the picture is 1024 x 640, England's red line in it.
    let out = c.line("carol game chart");
    assert!(out.starts_with("[public] Chess Dip: the game so far, supply centers at the end of each year"), "{out}");
    assert!(out.contains("from the start to year 2") && out.contains("Latest centers: England 7,"), "{out}");
    let img = one_chart(&out, "chessdip");
    assert_eq!(img.dimensions(), (1024, 640));
    for (power, colour) in chart::colours(&start("chessdip", &[]), Palette::Classic) {
        let n = pixels_of(&img, colour);
        assert!(n > 300, "{power}'s line in its colour {colour:?}: {n} pixels");
    }

    // A rollback takes the last year's point out.
    assert!(c.line("gm game rollback").contains("Rolled back"));
    let chart = c.service().chart_data("console").expect("a chart");
    assert_eq!(chart.labels, ["Start", "1", "2"], "Spring 2 still resolved");
    assert_eq!(chart.series[0].1[2], year_one[0].1, "England's year 2 point is after Spring 2 again");
}

#[test]
fn the_colour_blind_palette_draws_the_powers_in_its_colours() {
    let d = temp_dir("palette");
    let mut c = console_at(&d, &[]);
    two_players(&mut c, "palette=colour-blind animation=no");
    run(&mut c, &["alice orders K c1 - c2", "gm game force"]);
    let img = one_chart(&c.line("alice game chart"), "chesspolitik2");
    let position = start("chesspolitik2", &[]);
    let blind = chart::colours(&position, Palette::ColourBlind);
    let classic = chart::colours(&position, Palette::Classic);
    assert_eq!(blind.len(), 2);
    for ((power, b), (_, k)) in blind.iter().zip(&classic) {
        assert_ne!(b, k);
        assert!(pixels_of(&img, *b) > 300, "{power} in the colour-blind palette's {b:?}");
        assert_eq!(pixels_of(&img, *k), 0, "{power} not in the classic {k:?}");
    }
    // Set back to classic, the next chart follows.
    run(&mut c, &["gm game set palette=classic"]);
    let img = one_chart(&c.line("alice game chart"), "chesspolitik2");
    assert!(classic.iter().all(|(_, k)| pixels_of(&img, *k) > 300));
}

#[test]
fn diplomat_chess_material_by_move_counts_suborned_pieces_for_the_other_side() {
    let d = temp_dir("diplomat");
    let mut c = console_at(&d, &[]).without_images();
    run(&mut c, &["gm game create diplomat-chess", "w join White", "b join Black", "gm game start"]);
    let moves = diplomat_sample::sample_game();
    for (i, m) in moves.iter().enumerate().take(10) {
        let who = if i % 2 == 0 { "w" } else { "b" };
        assert!(c.line(&format!("{who} orders {m}")).contains("resolved"), "{m}");
    }
    let chart = c.service().chart_data("console").expect("a chart");
    assert_eq!(chart.labels, ["Start", "1", "2", "3", "4", "5"], "one point a move, White's and Black's");
    assert_eq!(chart.axis, "Move");
    assert!(chart.subtitle.contains("D 9"), "{}", chart.subtitle);
    let (white, black) = (&chart.series[0], &chart.series[1]);
    assert_eq!((white.0.as_str(), black.0.as_str()), ("White", "Black"));
    // 4. ..., a3=black: Black's diplomat suborns White's horse (3);
    // 5. bxa3, a3=black: White takes it back with a pawn, which is suborned in turn.
    assert_eq!(white.1, vec![25, 25, 25, 25, 22, 21]);
    assert_eq!(black.1, vec![25, 25, 25, 25, 28, 26]);
    let text = c.line("w game chart");
    assert!(text.contains("Latest material: Black 26, White 21."), "{text}");
    assert!(text.contains("pawn 1, horse 3, bishop 3, rook 5, diplomat 9, kings not counted"), "{text}");
}

#[test]
fn diplomacy_chess_material_by_turn() {
    let d = temp_dir("simul");
    let mut c = console_at(&d, &[]).without_images();
    run(&mut c, &["gm game create diplomacy-chess", "alice join White", "bob join Black", "gm game start"]);
    for (w, b) in [("e4", "d5"), ("exd5", "Nf6")] {
        run(&mut c, &[&format!("alice orders {w}"), &format!("bob orders {b}"), "alice ready", "bob ready"]);
    }
    let chart = c.service().chart_data("console").expect("a chart");
    assert_eq!(chart.labels, ["Start", "1", "2"]);
    assert_eq!(chart.axis, "Turn");
    assert_eq!(chart.series, vec![("White".into(), vec![39, 39, 39]), ("Black".into(), vec![39, 39, 38])]);
    assert!(!chart.from_zero, "close totals: the axis starts below them");
}

#[test]
fn chess_wheel_pieces_by_cycle_count_a_board_populated_in_the_cycle_it_was() {
    let d = temp_dir("wheel");
    let mut c = console_at(&d, &[]);
    run(&mut c, &["gm game create chess-wheel cycle=7h", "ann join", "bo join", "cy join", "gm game start"]);
    for line in ["ann board create", "ann board populate", "bo board create", "bo board populate", "cy board create"] {
        assert!(!c.line(line).contains("[private"), "{line}");
    }
    assert!(c.line("advance 6h").contains("Cycle 1 resolved"));
    // Cy populates in cycle 2: that counts in cycle 2, not in how cycle 1 ended.
    assert!(c.line("cy board populate").contains("placed 16 pieces"));
    let chart = c.service().chart_data("console").expect("a chart");
    assert_eq!(chart.labels, ["1"], "no start point: the boards are made during the game");
    assert_eq!(chart.series, vec![("ann".into(), vec![16]), ("bo".into(), vec![16]), ("cy".into(), vec![0])]);
    assert!(c.line("advance 7h").contains("Cycle 2 resolved"));
    let chart = c.service().chart_data("console").expect("a chart");
    assert_eq!(chart.labels, ["1", "2"]);
    assert_eq!(chart.series[2], ("cy".into(), vec![0, 16]));
    assert_eq!((chart.unit.as_str(), chart.axis.as_str()), ("pieces", "Cycle"));
    let out = c.line("bo game chart");
    let img = one_chart(&out, "chess-wheel");
    assert_eq!(img.dimensions(), (1024, 640));
    for (player, colour) in chart::colours(&start("chess-wheel", &["ann", "bo", "cy"]), Palette::Classic) {
        let n = pixels_of(&img, colour);
        assert!(n > 100, "{player}'s line in {colour:?}: {n} pixels");
    }
}

#[test]
fn the_end_announcement_carries_the_chart_between_the_final_position_and_the_timelapse() {
    let d = temp_dir("end");
    let mut c = console_at(&d, &[]);
    two_players(&mut c, "animation=no cd-after=off");
    run(&mut c, &["alice orders K c1 - c2", "gm game force", "gm game force"]);
    let out = c.line("bob concede");
    assert!(out.contains("wins"), "{out}");
    let img = one_chart(&out, "chesspolitik2");
    assert_eq!(img.dimensions(), (1024, 640));
    let (final_png, chart_png, lapse) = (
        out.find("final-position.png").expect("final"),
        out.find("-chart.png").expect("chart"),
        out.find("-timelapse.gif").expect("timelapse"),
    );
    assert!(final_png < chart_png && chart_png < lapse, "stills first: {out}");
    // Asked for afterwards, the whole game, its result by the title.
    let again = c.line("carol game chart");
    assert!(again.contains("the whole game"), "{again}");
    let ended = c.service().chart_data("console").expect("a chart");
    assert_eq!(ended.result.as_deref(), Some("France wins by concession"));
    one_chart(&again, "chesspolitik2");

    // A game ended before any phase resolved has no chart.
    let d = temp_dir("none");
    let mut c = console_at(&d, &[]);
    two_players(&mut c, "");
    let out = c.line("bob concede");
    assert!(written(&out, "-chart.png").is_empty(), "{out}");
    let none = c.line("carol game chart");
    assert!(none.contains("the game ended before its first phase resolved"), "{none}");
}

/// A chart of a long four-power game, twelve players and two sides, drawn
/// at 400 px (as a phone shows it) and at 1024 px (as drawn): no text is
/// smaller than [`MIN_TEXT`] at 400 px, even scaled down from 1024.
#[test]
fn every_chart_reads_at_400_px() {
    let four = start("chessdip", &[]);
    let twelve_names: Vec<String> = (1..=12).map(|i| format!("player number {i}")).collect();
    let twelve_refs: Vec<&str> = twelve_names.iter().map(String::as_str).collect();
    let twelve = start("chess-wheel", &twelve_refs);
    let two = start("diplomacy-chess", &[]);
    let years = |n: u32| -> Vec<String> {
        std::iter::once("Start".to_string()).chain((1..=n).map(|y| (1600 + y).to_string())).collect()
    };
    let series = |p: &Position, n: usize, f: &dyn Fn(usize, usize) -> u32| -> Vec<(String, Vec<u32>)> {
        p.tally().into_iter().enumerate().map(|(j, (name, _))| (name, (0..n).map(|i| f(i, j)).collect())).collect()
    };
    let cases = [
        (&four, years(12), series(&four, 13, &|i, j| (3 + i * (j + 1) / 3) as u32 % 17)),
        (&twelve, (1..=30).map(|i| i.to_string()).collect(), series(&twelve, 30, &|i, j| (16 + i + j) as u32 % 40)),
        (&two, years(40), series(&two, 41, &|i, j| 39 - (i / 4 + j) as u32)),
    ];
    for (position, labels, series) in cases {
        let chart = Chart {
            title: "A game with a long name that goes on".into(),
            subtitle: "Supply centers at the end of each year".into(),
            unit: "centers".into(),
            axis: "Year".into(),
            labels,
            series,
            from_zero: true,
            result: Some("Draw between every power still standing after a long game".into()),
        };
        // Four and two powers keep the legend beside the plot; twelve long
        // names go under it, and the picture grows.
        let size = |width: u32| if chart.series.len() > 4 { None } else { Some((width, chart::height(width))) };
        for palette in [Palette::Classic, Palette::ColourBlind] {
            let small = chart::draw(&chart, position, &Style { width: 400, palette, ..Style::default() });
            assert_eq!(small.width(), 400);
            assert!(size(400).is_none_or(|s| s == (small.width(), small.height())), "{}", small.height());
            assert!(small.height() >= chart::height(400));
            let t = small.smallest_text().expect("text");
            assert!(t >= MIN_TEXT, "{t} px at 400");
            let big = chart::draw(&chart, position, &Style { width: 1024, palette, ..Style::default() });
            assert_eq!(big.width(), 1024);
            assert!(size(1024).is_none_or(|s| s == (big.width(), big.height())), "{}", big.height());
            let t = big.smallest_text().expect("text") * 400.0 / 1024.0;
            assert!(t >= MIN_TEXT - 0.01, "{t} px at 1024 shown at 400");
            // Nothing is cut: every name and the whole result are there.
            for c in [&small, &big] {
                let texts: Vec<&str> = c.texts().iter().map(|(t, _)| t.as_str()).collect();
                assert!(!texts.iter().any(|t| t.contains('\u{2026}')), "{texts:?}");
                let all = texts.join(" ");
                for name in chart.series.iter().map(|(n, _)| n).chain([&chart.title]).chain(&chart.result) {
                    assert!(all.contains(name.as_str()), "{name} in {texts:?}");
                }
            }
            if std::env::var_os("CHESSDIP_WRITE_CHARTS").is_some() {
                let dir = std::env::temp_dir().join("chessdip-charts");
                std::fs::create_dir_all(&dir).expect("dir");
                let n = chart.series.len();
                let png = big.png().expect("png");
                std::fs::write(dir.join(format!("{n}-{palette:?}-1024.png")), &png).expect("write");
                let scaled =
                    image::load_from_memory(&png).expect("png").resize(400, 250, image::imageops::FilterType::Triangle);
                scaled.save(dir.join(format!("{n}-{palette:?}-400.png"))).expect("write");
            }
        }
    }
}

#[test]
fn a_chart_draws_true_values_and_tells_lines_that_meet_apart_by_markers_and_stripes() {
    let position = start("chessdip", &[]);
    let chart = Chart {
        title: "Chess Dip".into(),
        subtitle: "Supply centers at the end of each year".into(),
        unit: "centers".into(),
        axis: "Year".into(),
        labels: vec!["Start".into(), "1".into(), "2".into(), "3".into()],
        series: vec![
            ("England".into(), vec![3, 4, 4, 5]),
            ("Italy".into(), vec![3, 4, 4, 4]),
            ("France".into(), vec![3, 3, 4, 14]),
            ("Scandinavia".into(), vec![3, 3, 2, 1]),
        ],
        from_zero: true,
        result: Some("Draw between England, France and Scandinavia".into()),
    };
    let style = Style::default();
    let c = chart::draw(&chart, &position, &style);
    // True values: every point on one straight scale, equal values at one
    // place (1 center at 1, 14 at 14, not shifted apart).
    let at = |j: usize, i: usize| chart::point(&chart, &style, j, i).expect("a point");
    let (y3, y4) = (at(0, 0).1, at(0, 1).1);
    let per = y3 - y4;
    assert!(per > 10.0, "a center is {per} px");
    for (j, (name, values)) in chart.series.iter().enumerate() {
        for (i, &v) in values.iter().enumerate() {
            let want = y3 - per * (v as f32 - 3.0);
            assert!((at(j, i).1 - want).abs() < 0.01, "{name} at {i}: {} drawn at {}, want {want}", v, at(j, i).1);
            assert_eq!(at(j, i).0, at(0, i).0, "one x a period");
        }
    }
    assert_eq!(at(0, 0), at(3, 0), "four powers with 3 centers share one point");
    let colours: Vec<Rgba> = chart::colours(&position, Palette::Classic).into_iter().map(|(_, c)| c).collect();
    let near = |p: Rgba, c: Rgba| pixels::within(p, c, 12);
    // Where the four meet, each one's marker shows round the ones over it.
    let (x, y) = at(0, 0);
    for (power, &colour) in chart.series.iter().map(|(n, _)| n).zip(&colours) {
        let seen = (-30..=30)
            .flat_map(|dx| (-30..=30).map(move |dy| (x + dx as f32, y + dy as f32)))
            .filter(|&(px, py)| c.pixel(px as u32, py as u32).is_some_and(|p| near(p, colour)))
            .count();
        assert!(seen >= 6, "{power}'s marker at the start: {seen} pixels");
    }
    // A stretch two lines share is striped in both colours: England and
    // Italy from 3 to 4, France and Scandinavia along 3.
    for (a, b) in [(0, 1), (2, 3)] {
        let (from, to) = (at(a, 0), at(a, 1));
        let along: Vec<Rgba> = (8..=32)
            .map(|k| {
                let t = k as f32 / 40.0;
                let p = (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t);
                c.pixel(p.0.round() as u32, p.1.round() as u32).expect("on the picture")
            })
            .collect();
        for j in [a, b] {
            let n = along.iter().filter(|&&p| near(p, colours[j])).count();
            assert!(n >= 3, "{}'s stripes on the shared stretch: {n} of {}", chart.series[j].0, along.len());
        }
    }
    // Nothing is cut: the result goes under the title, the names whole.
    let texts: Vec<&str> = c.texts().iter().map(|(t, _)| t.as_str()).collect();
    assert!(texts.contains(&"Draw between England, France and Scandinavia"), "{texts:?}");
    assert!(!texts.iter().any(|t| t.contains('\u{2026}')), "{texts:?}");
    assert_eq!(c.height(), chart::height(1024), "four powers keep the legend beside the plot");
}
