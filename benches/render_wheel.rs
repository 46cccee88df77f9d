//! Draw + PNG-encode the busiest Chess Wheel+ sample at 1024 px.
//!
//! `twelve_orders_1024`: `docs/images/chess-wheel-twelve.txt` (twelve
//! boards, 23 moves, most of them through the hub's lanes), the orders image.
//! `eight_orders_1024`: `docs/images/chess-wheel-eight.txt`, for comparison.
//! `twelve_orders_1024_draw` and `_png`: the drawing and the encoding alone.

use std::hint::black_box;
use std::path::Path;

use chessdip::render::{Stage, Style};
use chessdip::scenario::{self, Scenario};
use criterion::{criterion_group, criterion_main, Criterion};

fn sample(name: &str) -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/images").join(format!("chess-wheel-{name}.txt"));
    Scenario::from_file(&path).expect("sample")
}

fn bench(c: &mut Criterion) {
    let style = Style::default();
    for name in ["twelve", "eight"] {
        let s = sample(name);
        c.bench_function(&format!("{name}_orders_1024"), |b| {
            b.iter(|| {
                let canvas = scenario::draw(black_box(&s), Stage::Orders, &style).expect("draws");
                black_box(canvas.png().expect("png").len())
            });
        });
    }
    // The drawing alone and the encoding alone, to see where the time goes.
    let s = sample("twelve");
    c.bench_function("twelve_orders_1024_draw", |b| {
        b.iter(|| black_box(scenario::draw(black_box(&s), Stage::Orders, &style).expect("draws").width()));
    });
    let canvas = scenario::draw(&s, Stage::Orders, &style).expect("draws");
    c.bench_function("twelve_orders_1024_png", |b| b.iter(|| black_box(canvas.png().expect("png").len())));
}

criterion_group!(benches, bench);
criterion_main!(benches);
