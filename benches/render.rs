//! Rendering benchmark: a 1024 px Chess Dip board with 30 pieces, every one
//! ordered (multi-square moves, supports, support-convoys), resolved and
//! drawn with its outcomes, then PNG-encoded (the target: under 10 ms);
//! and the two halves apart, drawing and encoding, to see where time goes.
//! The same phase animated at 768 px and GIF-encoded (the target: under
//! 250 ms and 2 MB), all frames drawn then encoded, and encoded as drawn
//! (as the bot does).

use std::hint::black_box;

use chessdip_render::anim;
use chessdip_render::chess_dip::{animate, animate_into, draw, Overlay};
use chessdip_render::Style;
use chessdip_rules::chess_dip::{self, Variant};
use criterion::{criterion_group, criterion_main, Criterion};

#[path = "../tests/it/support/gen.rs"]
mod gen;

fn bench(c: &mut Criterion) {
    let v = Variant::builtin("chessdip").expect("variant");
    let (state, texts, orders) = gen::position(&v, 11, 30, 60);
    assert_eq!(texts.len(), 30, "30 orders");
    let res = chess_dip::resolve(&state, &orders);
    let (after, _) = chess_dip::carry_out(&v, &state, &res);
    let style = Style::default();
    let png = draw(&v, &state, Overlay::Movement(&res, &orders), &style, "orders").png().expect("png");
    eprintln!("PNG size: {} bytes", png.len());
    c.bench_function("render_chessdip_1024_30_orders", |b| {
        b.iter(|| {
            let canvas = draw(&v, black_box(&state), Overlay::Movement(&res, &orders), &style, "orders");
            canvas.png().expect("png")
        });
    });
    c.bench_function("render_chessdip_1024_30_orders_draw_only", |b| {
        b.iter(|| draw(&v, black_box(&state), Overlay::Movement(&res, &orders), &style, "orders"));
    });
    let canvas = draw(&v, &state, Overlay::Movement(&res, &orders), &style, "orders");
    c.bench_function("render_chessdip_1024_30_orders_encode_only", |b| {
        b.iter(|| black_box(&canvas).png().expect("png"));
    });
    let small = Style { width: anim::WIDTH, ..Style::default() };
    let frames =
        animate(&v, &state, Overlay::Movement(&res, &orders), &after, &small, "orders").expect("something moves");
    let gif = anim::gif(&frames).expect("gif");
    eprintln!("GIF: {} bytes, {} frames", gif.len(), frames.len());
    c.bench_function("animate_chessdip_768_30_orders", |b| {
        b.iter(|| {
            let frames = animate(&v, black_box(&state), Overlay::Movement(&res, &orders), &after, &small, "orders");
            anim::gif(&frames.expect("frames")).expect("gif")
        });
    });
    // As the bot draws it: each frame encoded as it is drawn, none kept.
    c.bench_function("animate_chessdip_768_30_orders_streamed", |b| {
        b.iter(|| {
            let mut gif = anim::Gif::new();
            let overlay = Overlay::Movement(&res, &orders);
            assert!(animate_into(&v, (black_box(&state), &after), overlay, &small, "orders", &mut gif));
            gif.finish().expect("gif")
        });
    });
    c.bench_function("animate_chessdip_768_30_orders_frames_only", |b| {
        b.iter(|| animate(&v, black_box(&state), Overlay::Movement(&res, &orders), &after, &small, "orders"));
    });
    c.bench_function("animate_chessdip_768_30_orders_gif_only", |b| {
        b.iter(|| anim::gif(black_box(&frames)).expect("gif"));
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
