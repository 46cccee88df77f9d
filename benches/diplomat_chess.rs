//! Diplomat Chess move generation: every legal move of a mid-game position
//! of the seed's sample game (after 13. ... c3=black), and reading a move
//! in notation there (which generates and matches the moves).

use std::hint::black_box;

use chessdip_rules::diplomat_chess::{DiplomatChessState, Variant};
use criterion::{criterion_group, criterion_main, Criterion};

const OPENING: &str = "d3, k3, e3, l3, Ha3, Dn2, d-4, a3=black, bxa3, a3=black, f-f3, Da2, Dg1, i3, c3, Db3, \
                       Kc2, lx4, Dh1, Hj3, Dg2, 4xf3, f3=white, k-4, Df2, c3=black";

fn bench(c: &mut Criterion) {
    let v = Variant::default();
    let mut s = DiplomatChessState::start(&v);
    for m in OPENING.split(", ") {
        let mv = s.position.read_move(&v, m).expect("a move of the sample game");
        s = s.play(&v, mv).next;
    }
    let p = s.position;
    assert_eq!(p.legal_moves(&v).len(), 19);
    c.bench_function("diplomat_legal_moves_midgame", |b| b.iter(|| black_box(&p).legal_moves(&v)));
    c.bench_function("diplomat_read_move_midgame", |b| b.iter(|| black_box(&p).read_move(&v, "De2")));
}

criterion_group!(benches, bench);
criterion_main!(benches);
