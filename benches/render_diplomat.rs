//! Diplomat Chess rendering benchmark: the busiest README sample
//! (`docs/images/diplomat-suborn.txt`, the seed's game at 13. ... c3=black:
//! 17 pieces, the suborn's arrow and ring) drawn at 1024 px and
//! PNG-encoded, as the orders image (the move on the old position) and as
//! the position image (the last move and the suborned piece derived from
//! the game's history). The scenario is set up and resolved once, outside
//! the timing. `..._draw_only` times the drawing without the PNG encoding.

use std::hint::black_box;
use std::path::Path;

use chessdip::render::{diplomat, Style};
use chessdip::rules::family::{Family, SlotOrder};
use chessdip::scenario::{self, Scenario};
use criterion::{criterion_group, criterion_main, Criterion};

fn bench(c: &mut Criterion) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/images/diplomat-suborn.txt");
    let s = Scenario::from_file(&file).expect("the sample parses");
    let (v, before) = scenario::diplomat::setup(&s).expect("sets up");
    let orders: Vec<(String, Vec<SlotOrder>)> =
        s.orders.iter().map(|(side, text)| (side.clone(), v.submit(&before, side, &[], text).orders)).collect();
    let r = v.resolve(&before, &orders);
    let style = Style::default();
    for (name, state, report) in [("orders", &before, Some(&r.report)), ("position", &r.next, None)] {
        let png = diplomat::draw(&v, state, report, &style, name).png().expect("png");
        eprintln!("diplomat-suborn {name}: PNG {} bytes", png.len());
        c.bench_function(&format!("render_diplomat_1024_{name}"), |b| {
            b.iter(|| diplomat::draw(&v, black_box(state), report, &style, name).png().expect("png"));
        });
        c.bench_function(&format!("render_diplomat_1024_{name}_draw_only"), |b| {
            b.iter(|| diplomat::draw(&v, black_box(state), report, &style, name));
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
