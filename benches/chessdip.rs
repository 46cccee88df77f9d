//! Chess Dip resolver benchmarks.
//!
//! `chessdip_midgame`: a 24-piece position (kings, knights, bishops, rooks,
//! pawns of all four powers), every piece ordered: multi-square moves, the
//! rest supporting those moves or the convoys on their paths. Parse,
//! validate and resolve.
//! `chessdip_chain/N`: the adversarial phase of `gen::chain` with N rooks
//! and bishops (crossing paths, chains of support-convoys), resolve only,
//! for N = 4, 8, 16, 32: the curve shows how the guess-and-check scales.
//! `chessdip_random_worst/N`: the random positions (of 6000 seeds per size)
//! on which plain recursive guess-and-check did worst, nesting guesses
//! inside guesses (N = 32 took half a second); resolve only.

use std::hint::black_box;

use chessdip_rules::chess_dip::{self, ChessDipState, Context, Order, Variant};
use chessdip_rules::PowerId;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

#[path = "../tests/it/support/gen.rs"]
mod gen;

fn parse_all(v: &Variant, state: &ChessDipState, orders: &[(PowerId, String)]) -> Vec<Order> {
    let mut out = Vec::with_capacity(orders.len() + 8);
    for (p, text) in orders {
        let t = chess_dip::parse(v.board, text, Context::Movement).expect("generated orders parse");
        out.extend(chess_dip::validate_movement(v, state, *p, &t).expect("generated orders are legal").orders());
    }
    out
}

fn bench(c: &mut Criterion) {
    let v = Variant::builtin("chessdip").expect("variant");
    let (state, texts, _) = gen::position(&v, 7, 24, 60);
    assert_eq!(texts.len(), 24, "every piece is ordered");
    c.bench_function("chessdip_midgame", |b| {
        b.iter(|| {
            let orders = parse_all(&v, &state, black_box(&texts));
            chess_dip::resolve(&state, &orders)
        });
    });
    let mut group = c.benchmark_group("chessdip_chain");
    for n in [4, 8, 16, 32] {
        let (state, _, orders) = gen::chain(&v, n);
        group.bench_with_input(BenchmarkId::from_parameter(n), &orders, |b, orders| {
            b.iter(|| chess_dip::resolve(&state, black_box(orders)));
        });
    }
    group.finish();
    let mut group = c.benchmark_group("chessdip_random_worst");
    for (n, seed) in [(16, 2516), (32, 1216)] {
        let (state, _, orders) = gen::position(&v, seed, n, 80);
        group.bench_with_input(BenchmarkId::from_parameter(n), &orders, |b, orders| {
            b.iter(|| chess_dip::resolve(&state, black_box(orders)));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
