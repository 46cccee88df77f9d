//! Resolving a turn of the simultaneously progressive mode: turn 10 from the
//! start, 10 moves each (every pawn two squares, both knights out), through
//! `Family::resolve` (reading and checking both lists, the tick-by-tick
//! resolution, the game-end test and the summary).

use std::collections::BTreeMap;
use std::hint::black_box;

use chessdip_rules::diplomacy_chess::{DiplomacyChessState, Variant};
use chessdip_rules::family::Family;
use criterion::{criterion_group, criterion_main, Criterion};

fn bench(c: &mut Criterion) {
    let mut options = BTreeMap::new();
    options.insert("mode".to_string(), "simultaneous-progressive".to_string());
    let v = Variant::new(&options).expect("variant");
    let mut s = DiplomacyChessState::start();
    s.turn = 10;
    let white = v.submit(&s, "White", &[], "a4, b4, c4, d4, e4, f4, g4, h4, Nc3, Nf3");
    let black = v.submit(&s, "Black", &[], "a5, b5, c5, d5, e5, f5, g5, h5, Nc6, Nf6");
    assert!(white.rejected.is_empty() && black.rejected.is_empty());
    let orders = vec![("White".to_string(), white.orders), ("Black".to_string(), black.orders)];
    let r = v.resolve(&s, &orders);
    assert_eq!(r.outcomes.len(), 20);
    c.bench_function("simul_sp_turn_10_moves_each", |b| b.iter(|| v.resolve(black_box(&s), black_box(&orders))));
}

criterion_group!(benches, bench);
criterion_main!(benches);
