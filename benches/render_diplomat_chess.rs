//! Diplomat Chess rendering benchmark: the busiest README sample
//! (`docs/images/diplomat-suborn.txt`, the seed's game at 13. ... c3=black:
//! 17 pieces, the suborn's arrow and ring) drawn at 1024 px and
//! PNG-encoded, as the orders image (the move on the old position) and as
//! the position image (the last move and the suborned piece derived from
//! the game's history). The scenario is set up and resolved once, outside
//! the timing. `..._draw_only` times the drawing without the PNG encoding.

use std::hint::black_box;
use std::path::Path;

use chessdip_render::{anim, diplomat_chess, Style};
use chessdip_rules::family::{Family, SlotOrder};
use chessdip_rules::scenario::{self, Scenario};
use criterion::{criterion_group, criterion_main, Criterion};

fn bench(c: &mut Criterion) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/images/diplomat-suborn.txt");
    let s = Scenario::from_file(&file).expect("the sample parses");
    let (v, before) = scenario::diplomat_chess::setup(&s).expect("sets up");
    let orders: Vec<(String, Vec<SlotOrder>)> =
        s.orders.iter().map(|(side, text)| (side.clone(), v.submit(&before, side, &[], text).orders)).collect();
    let r = v.resolve(&before, &orders);
    let style = Style::default();
    for (name, state, report) in [("orders", &before, Some(&r.report)), ("position", &r.next, None)] {
        let png = diplomat_chess::draw(&v, state, report, &style, name).png().expect("png");
        eprintln!("diplomat-suborn {name}: PNG {} bytes", png.len());
        c.bench_function(&format!("render_diplomat_1024_{name}"), |b| {
            b.iter(|| diplomat_chess::draw(&v, black_box(state), report, &style, name).png().expect("png"));
        });
        c.bench_function(&format!("render_diplomat_1024_{name}_draw_only"), |b| {
            b.iter(|| diplomat_chess::draw(&v, black_box(state), report, &style, name));
        });
    }
}

/// The seed's game up to 20. ... b1=Rook, then 21. Bxm2.
const BXM2: &str = "name: 21. Bxm2\nvariant: diplomat-chess\nstate:\n  moves: d3, k3, e3, l3, Ha3, Dn2, d-4, \
                    a3=black, bxa3, a3=black, f-f3, Da2, Dg1, i3, c3, Db3, Kc2, lx4, Dh1, Hj3, Dg2, 4xf3, f3=white, \
                    k-4, Df2, c3=black, De2, a2, Bd2, a1, Kb1, 4xe3, Bxe3, i-4, Ka2, Db2, fx4, Hh2, m3, b1=Rook\n\
                    orders:\n  White: Bxm2\n";

fn bench_animate(c: &mut Criterion) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/images/diplomat-suborn.txt");
    let suborn = Scenario::from_file(&file).expect("the sample parses");
    let slide = Scenario::parse(BXM2, "bxm2").expect("parses");
    let style = Style { width: anim::WIDTH, ..Style::default() };
    for (name, s) in [("suborn", &suborn), ("bxm2", &slide)] {
        let (v, before) = scenario::diplomat_chess::setup(s).expect("sets up");
        let orders: Vec<(String, Vec<SlotOrder>)> =
            s.orders.iter().map(|(side, text)| (side.clone(), v.submit(&before, side, &[], text).orders)).collect();
        let r = v.resolve(&before, &orders);
        let frames = diplomat_chess::animate(&v, &before, &r.report, &style, "orders").expect("a move");
        let gif = anim::gif(&frames).expect("gif");
        eprintln!("diplomat {name}: {} frames, GIF {} bytes", frames.len(), gif.len());
        c.bench_function(&format!("animate_diplomat_768_{name}"), |b| {
            b.iter(|| {
                let frames =
                    diplomat_chess::animate(&v, black_box(&before), &r.report, &style, "orders").expect("a move");
                anim::gif(&frames).expect("gif")
            });
        });
    }
}

criterion_group!(benches, bench, bench_animate);
criterion_main!(benches);
