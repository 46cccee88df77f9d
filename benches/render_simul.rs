//! Rendering benchmark for Diplomacy Chess: the busiest README sample
//! (`docs/images/diplomacy-chess-orders.txt`, a progressive turn of four
//! steps: four boards, eight moves, five captures) drawn at 1024 px and
//! PNG-encoded.

use std::hint::black_box;

use chessdip::render::simul::draw;
use chessdip::render::Style;
use chessdip::scenario::{simul::adjudicate, Scenario};
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

criterion_group!(benches, bench);
criterion_main!(benches);
