//! Every image kind as a phone shows it. Discord shows a posted image about
//! 400 px wide on a phone, so a text of font size `s` on an image `w` px
//! wide reads there as `s * 400 / w` px. Every text the canvas drew
//! ([`Canvas::texts`]) on every kind of image, drawn at the width it is
//! posted at (stills and final images 1024 px, animation and timelapse
//! frames 768 px, charts 1024 px), must be at least [`PHONE_TEXT`] px
//! there, and none may be cut short. `cargo test --test phone_text --
//! --nocapture` prints the smallest text of each kind.

use crate::support::scenes;

use std::path::{Path, PathBuf};

use chessdip_render::canvas::Canvas;
use chessdip_render::chart::{self, Chart};
use chessdip_render::{anim, any, Stage, Style, PHONE_TEXT};
use chessdip_rules::any::Position;
use chessdip_rules::scenario::{self, Scenario};

fn samples() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/images");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("docs/images")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

/// An image kind: its name and the canvases drawn for it.
struct Kind {
    name: String,
    canvases: Vec<Canvas>,
}

fn kinds() -> Vec<Kind> {
    let mut out = Vec::new();
    let big = Style::default();
    for file in samples() {
        let s = Scenario::from_file(&file).expect("parses");
        let stem = file.file_stem().and_then(|x| x.to_str()).unwrap_or_default().to_string();
        let r = scenario::run(&s).expect("runs");
        out.push(Kind { name: format!("{stem} orders"), canvases: vec![scenes::draw(&r, Stage::Orders, &big)] });
        out.push(Kind { name: format!("{stem} result"), canvases: vec![scenes::draw(&r, Stage::Result, &big)] });
        // As the service draws a final image: `Final position`, a long result
        // in the band, every power's score (and a reason) in the legend.
        let marks = r
            .after
            .tally()
            .into_iter()
            .flat_map(|(p, _)| [(p.clone(), "conceded".to_string()), (p, "score \u{2153}".to_string())])
            .collect();
        let fin = Style {
            heading: Some("Final position".into()),
            result: Some("draw between England, France, Italy and Scandinavia by agreement".into()),
            marks,
            ..Style::default()
        };
        out.push(Kind { name: format!("{stem} final"), canvases: vec![any::draw(&r.after, None, &fin, "")] });
        let small = Style { width: anim::WIDTH, ..Style::default() };
        if let Some(frames) = any::animate(&r.before, &r.phase, &small, "resolution") {
            out.push(Kind {
                name: format!("{stem} animation"),
                canvases: frames.into_iter().map(|f| f.canvas).collect(),
            });
        }
        let lapse =
            vec![(r.before.clone(), "After Spring 1401".to_string()), (r.after.clone(), "After Fall 1401".into())];
        let style = Style { width: anim::WIDTH, result: Some("France wins".into()), ..Style::default() };
        out.push(Kind {
            name: format!("{stem} timelapse"),
            canvases: any::timelapse(&lapse, &style).into_iter().map(|f| f.canvas).collect(),
        });
    }
    for (name, chart, position) in charts() {
        out.push(Kind { name: format!("chart {name}"), canvases: vec![chart::draw(&chart, &position, &big)] });
    }
    out
}

fn start(id: &str, players: &[&str]) -> Position {
    let players: Vec<String> = players.iter().map(|p| p.to_string()).collect();
    chessdip_rules::any::Game::build(id, &std::collections::BTreeMap::new())
        .expect("variant")
        .start(&players)
        .expect("starts")
}

fn charts() -> Vec<(String, Chart, Position)> {
    let four = start("chessdip", &[]);
    let five = start("chess-wheel", &["ann", "bo", "cy", "dee", "eve"]);
    let two = start("diplomacy-chess", &[]);
    let series = |p: &Position, n: usize, f: &dyn Fn(usize, usize) -> u32| -> Vec<(String, Vec<u32>)> {
        p.tally().into_iter().enumerate().map(|(j, (name, _))| (name, (0..n).map(|i| f(i, j)).collect())).collect()
    };
    let labels = |n: usize| -> Vec<String> {
        std::iter::once("Start".to_string()).chain((1..n).map(|y| y.to_string())).collect()
    };
    vec![
        (
            "centers".into(),
            Chart {
                title: "Chess Dip".into(),
                subtitle: "Supply centers at the end of each year".into(),
                unit: "centers".into(),
                axis: "Year".into(),
                labels: labels(11),
                series: series(&four, 11, &|i, j| (3 + i * (j + 1) / 3) as u32 % 17),
                from_zero: true,
                result: Some("Draw between England, France and Scandinavia".into()),
            },
            four,
        ),
        (
            "pieces".into(),
            Chart {
                title: "Chess Wheel+".into(),
                subtitle: "Pieces on the boards at the end of each cycle".into(),
                unit: "pieces".into(),
                axis: "Cycle".into(),
                labels: (1..=8).map(|i| i.to_string()).collect(),
                series: series(&five, 8, &|i, j| (16 - i * j / 3) as u32),
                from_zero: true,
                result: None,
            },
            five,
        ),
        (
            "material".into(),
            Chart {
                title: "Diplomacy Chess".into(),
                subtitle: "Material at the end of each turn (P 1, N 3, B 3, R 5, Q 9)".into(),
                unit: "material".into(),
                axis: "Turn".into(),
                labels: labels(30),
                series: series(&two, 30, &|i, j| 39 - (i / 4 + j) as u32),
                from_zero: false,
                result: Some("White wins by checkmate".into()),
            },
            two,
        ),
    ]
}

#[test]
fn every_text_of_every_image_kind_is_8_px_or_more_on_a_phone() {
    let mut problems = Vec::new();
    let mut table = Vec::new();
    for kind in kinds() {
        let mut smallest: Option<(f32, String, u32)> = None;
        for c in &kind.canvases {
            let k = 400.0 / c.width() as f32;
            for (text, size) in c.texts() {
                let at = size * k;
                if smallest.as_ref().is_none_or(|(s, _, _)| at < *s) {
                    smallest = Some((at, text.clone(), c.width()));
                }
            }
        }
        // Nothing a player reads is cut short either.
        for c in &kind.canvases {
            if let Some((t, _)) = c.texts().iter().find(|(t, _)| t.contains('\u{2026}')) {
                problems.push(format!("{}: {t:?} is cut", kind.name));
            }
        }
        let Some((at, text, width)) = smallest else { continue };
        table.push(format!("{:<40} {:>5} px wide: {:>5.1} px at 400 ({text:?})", kind.name, width, at));
        if at + 0.01 < PHONE_TEXT {
            problems.push(format!("{}: {text:?} is {at:.1} px at 400", kind.name));
        }
    }
    eprintln!("{}", table.join("\n"));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
