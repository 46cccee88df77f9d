//! Timelapse benchmark: a 40-phase Chess Dip game at the animation width
//! (768 px), one frame a resolved phase, drawn and GIF-encoded; the worst
//! case, every frame a different position of 30 pieces. Prints the size
//! (the target: under 8 MB).

use std::hint::black_box;

use chessdip_render::{anim, any, Style};
use criterion::{criterion_group, criterion_main, Criterion};

#[path = "../tests/it/support/gen.rs"]
mod gen;

fn bench(c: &mut Criterion) {
    let positions = gen::timelapse_positions(40);
    let style = Style { width: anim::WIDTH, ..Style::default() };
    let gif = anim::gif(&any::timelapse(&positions, &style)).expect("gif");
    eprintln!("40-phase timelapse: {} bytes", gif.len());
    let mut group = c.benchmark_group("timelapse");
    group.sample_size(10);
    group.bench_function("timelapse_chessdip_768_40_phases", |b| {
        b.iter(|| anim::gif(&any::timelapse(black_box(&positions), &style)).expect("gif"));
    });
    // As the bot encodes it: frames drawn again rather than all kept.
    group.bench_function("timelapse_chessdip_768_40_phases_redrawn", |b| {
        b.iter(|| any::timelapse_gif(black_box(&positions), &style).expect("gif"));
    });
    group.bench_function("timelapse_chessdip_768_40_phases_draw_only", |b| {
        b.iter(|| any::timelapse(black_box(&positions), &style));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
