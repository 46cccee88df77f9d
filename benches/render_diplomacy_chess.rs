//! Rendering benchmarks for Diplomacy Chess: the busiest README sample
//! (`docs/images/diplomacy-chess-orders.txt`, a progressive turn of four
//! steps: four boards, eight moves, five captures) drawn at 1024 px and
//! PNG-encoded; and a simultaneously progressive turn of ten moves each
//! animated at 768 px and GIF-encoded.

use std::hint::black_box;

use chessdip_render::anim;
use chessdip_render::diplomacy_chess::{animate, draw};
use chessdip_render::Style;
use chessdip_rules::scenario::{diplomacy_chess::adjudicate, Scenario};
use criterion::{criterion_group, criterion_main, Criterion};

fn bench(c: &mut Criterion) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/images/diplomacy-chess-orders.txt");
    let s = Scenario::from_file(&path).expect("sample");
    let a = adjudicate(&s).expect("adjudicates");
    let style = Style::default();
    let png = draw(&a.variant, &a.before, Some(&a.turn), &style, "orders").png().expect("png");
    eprintln!("PNG size: {} bytes", png.len());
    c.bench_function("render_simul_1024_progressive_4_steps", |b| {
        b.iter(|| {
            let canvas = draw(&a.variant, black_box(&a.before), Some(&a.turn), &style, "orders");
            canvas.png().expect("png")
        });
    });
}

/// Turn 10 of a simultaneously progressive game from the start: ten legal
/// moves each, all starting at the first tick (two of each side's meet).
const TEN_EACH: &str = "\
name: ten moves each
variant: diplomacy-chess
mode: simultaneous-progressive
phase: turn 10
position:
  White: K e1, Q d1, R a1, R h1, B c1, B f1, N b1, N g1, P a2, P b2, P c2, P d2, P e2, P f2, P g2, P h2
  Black: K e8, Q d8, R a8, R h8, B c8, B f8, N b8, N g8, P a7, P b7, P c7, P d7, P e7, P f7, P g7, P h7
orders:
  White: e4, d4, Nf3, Nc3, Bc4, Bf4, Qd3, a4, h4, Rh3
  Black: e5, d5, Nf6, Nc6, Bc5, Bf5, Qd6, a5, h5, Rh6
";

fn bench_animate(c: &mut Criterion) {
    let s = Scenario::parse(TEN_EACH, "ten moves each").expect("scenario");
    let a = adjudicate(&s).expect("adjudicates");
    assert_eq!(a.turn.moves.iter().filter(|m| m.tried.is_some()).count(), 20, "twenty legal moves");
    let style = Style { width: anim::WIDTH, ..Style::default() };
    let frames = animate(&a.variant, &a.before, &a.turn, &style, "orders").expect("moves");
    let gif = anim::gif(&frames).expect("gif");
    eprintln!("GIF: {} frames, {} bytes", frames.len(), gif.len());
    c.bench_function("animate_simul_768_sim_progressive_10_each", |b| {
        b.iter(|| {
            let frames = animate(&a.variant, black_box(&a.before), &a.turn, &style, "orders").expect("moves");
            anim::gif(&frames).expect("gif")
        });
    });
}

criterion_group!(benches, bench, bench_animate);
criterion_main!(benches);
