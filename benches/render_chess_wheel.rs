//! Draw + PNG-encode the busiest Chess Wheel+ sample at 1024 px.
//!
//! `twelve_orders_1024`: `docs/images/chess-wheel-twelve.txt` (twelve
//! boards, 23 moves, most of them through the hub's lanes), the orders image.
//! `eight_orders_1024`: `docs/images/chess-wheel-eight.txt`, for comparison.
//! `twelve_orders_1024_draw` and `_png`: the drawing and the encoding alone.
//! `animate_twelve_768` and `animate_eight_768`: the resolution animation
//! at the animation width, every frame drawn and the GIF encoded;
//! `animate_twelve_768_frames` and `_gif`: the drawing and the encoding alone.

use std::hint::black_box;
use std::path::Path;

use chessdip_render::anim::{self, Frame};
use chessdip_render::canvas::Canvas;
use chessdip_render::{any, Stage, Style};
use chessdip_rules::scenario::{self, Scenario};
use criterion::{criterion_group, criterion_main, Criterion};

fn sample(name: &str) -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/images").join(format!("chess-wheel-{name}.txt"));
    Scenario::from_file(&path).expect("sample")
}

/// The orders image of `s`, as `chessdip render` draws it: adjudicated, then drawn.
fn draw(s: &Scenario, style: &Style) -> Canvas {
    let r = scenario::run(s).expect("adjudicates");
    any::stage(&r.before, &r.after, &r.phase, Stage::Orders, style)
}

/// The resolution animation of `s`, as `chessdip render --animate` draws it.
fn animate(s: &Scenario, style: &Style) -> Option<Vec<Frame>> {
    let r = scenario::run(s).expect("adjudicates");
    any::animate(&r.before, &r.phase, style, "resolution")
}

fn bench(c: &mut Criterion) {
    let style = Style::default();
    for name in ["twelve", "eight"] {
        let s = sample(name);
        c.bench_function(&format!("{name}_orders_1024"), |b| {
            b.iter(|| {
                let canvas = draw(black_box(&s), &style);
                black_box(canvas.png().expect("png").len())
            });
        });
    }
    // The drawing alone and the encoding alone, to see where the time goes.
    let s = sample("twelve");
    c.bench_function("twelve_orders_1024_draw", |b| {
        b.iter(|| black_box(draw(black_box(&s), &style).width()));
    });
    let canvas = draw(&s, &style);
    c.bench_function("twelve_orders_1024_png", |b| b.iter(|| black_box(canvas.png().expect("png").len())));
    // The animations: a few seconds each, so fewer samples.
    let style = Style { width: anim::WIDTH, ..Style::default() };
    let mut group = c.benchmark_group("animate");
    group.sample_size(10);
    for name in ["twelve", "eight"] {
        let s = sample(name);
        group.bench_function(format!("animate_{name}_768"), |b| {
            b.iter(|| {
                let frames = animate(black_box(&s), &style).expect("something moves");
                black_box(anim::gif(&frames).expect("gif").len())
            });
        });
    }
    // The frames alone and the encoding alone.
    let s = sample("twelve");
    group.bench_function("animate_twelve_768_frames", |b| {
        b.iter(|| black_box(animate(black_box(&s), &style).map(|f| f.len())));
    });
    let frames = animate(&s, &style).expect("something moves");
    group.bench_function("animate_twelve_768_gif", |b| b.iter(|| black_box(anim::gif(&frames).expect("gif").len())));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
