//! Parse + validate + resolve a whole movement phase.
//!
//! `chesspolitik4_full_phase`: the four-player start position after a year of
//! play, every unit ordered, with supports, bounces and a dislodgement.
//! `board_64_units`: an 8x8 board with a king on every square, every unit
//! ordered (rings of circular movement, supported attacks, cut supports).

use std::hint::black_box;

use chessdip_rules::chess_dip::{self, ChessDipState, Context, Order, Phase, Season, Setup, Variant};
use chessdip_rules::{PowerId, Role, Square};
use criterion::{criterion_group, criterion_main, Criterion};

fn sq(s: &str) -> Square {
    s.parse().expect("square")
}

fn parse_all(v: &Variant, state: &ChessDipState, orders: &[(PowerId, String)]) -> Vec<Order> {
    let mut out = Vec::with_capacity(orders.len());
    for (p, text) in orders {
        let valid = chess_dip::parse(v.board, text, Context::Movement)
            .map_err(|e| e.to_string())
            .and_then(|t| chess_dip::validate_movement(v, state, *p, &t).map_err(|e| e.to_string()));
        match valid {
            Ok(valid) => out.extend(valid.orders()),
            Err(e) => eprintln!("{text}: {e}"),
        }
    }
    out
}

fn chesspolitik_phase(v: &Variant) -> (ChessDipState, Vec<(PowerId, String)>) {
    let p = |n: &str| v.power_by_name(n).expect("power");
    let (mu, mi, ru, ot) = (p("Mughal"), p("Ming"), p("Russia"), p("Ottoman"));
    let pieces = [
        (mu, Role::King, "d3"),
        (mu, Role::King, "e3"),
        (mu, Role::Knight, "c3"),
        (mu, Role::Knight, "f3"),
        (mi, Role::King, "f4"),
        (mi, Role::King, "g5"),
        (mi, Role::Knight, "h2"),
        (mi, Role::Knight, "f6"),
        (ru, Role::King, "d6"),
        (ru, Role::King, "e6"),
        (ru, Role::Knight, "c6"),
        (ru, Role::Knight, "g8"),
        (ot, Role::King, "b4"),
        (ot, Role::King, "b5"),
        (ot, Role::Knight, "a2"),
        (ot, Role::Knight, "a7"),
    ];
    let setup = Setup { pieces: pieces.iter().map(|&(pw, r, s)| (pw, r, sq(s), false)).collect(), ..Setup::default() };
    let state = ChessDipState::from_setup(v, Phase { year: 1602, season: Season::Fall }, &setup).expect("setup");
    let orders = [
        (mu, "K d3 - d4"),
        (mu, "K e3 S K d3 - d4"),
        (mu, "N c3 - b5"),
        (mu, "N f3 S K d3 - d4"),
        (mi, "K f4 - e4"),
        (mi, "K g5 - f5"),
        (mi, "N h2 - g4"),
        (mi, "N f6 S K f4 - e4"),
        (ru, "K d6 - d5"),
        (ru, "K e6 - e5"),
        (ru, "N c6 S K e6 - e5"),
        (ru, "N g8 - f6"),
        (ot, "K b4 - c4"),
        (ot, "K b5 S K b4 - c4"),
        (ot, "N a2 - c3"),
        (ot, "N a7 - b5"),
    ];
    (state, orders.iter().map(|&(p, o)| (p, o.to_string())).collect())
}

fn full_board(v: &Variant) -> (ChessDipState, Vec<(PowerId, String)>) {
    let mut setup = Setup::default();
    let mut orders = Vec::new();
    for sq in v.board.squares() {
        let (f, r) = (sq.file().index(), sq.rank().index());
        let power = PowerId(u8::from(f >= 4) + 2 * u8::from(r >= 4));
        setup.pieces.push((power, Role::King, sq, false));
        // Each 2x2 block rotates (circular movement); every fourth block's
        // first piece is instead supported into a neighbour's square.
        let (bf, br) = (f % 2, r % 2);
        let next = match (bf, br) {
            (0, 0) => sq.offset(1, 0),
            (1, 0) => sq.offset(0, 1),
            (1, 1) => sq.offset(-1, 0),
            _ => sq.offset(0, -1),
        }
        .expect("in the block");
        let block = (f / 2 + r / 2) % 4;
        let text = if block == 3 && (bf, br) == (0, 1) {
            format!("K {sq} S K {} - {}", sq.offset(0, -1).expect("below"), sq.offset(1, -1).expect("right"))
        } else if block == 2 && (bf, br) == (1, 1) && f + 1 < 8 {
            format!("K {sq} - {}", sq.offset(1, 0).expect("right"))
        } else {
            format!("K {sq} - {next}")
        };
        orders.push((power, text));
    }
    let state = ChessDipState::from_setup(v, Phase { year: 1605, season: Season::Spring }, &setup).expect("setup");
    (state, orders)
}

fn bench(c: &mut Criterion) {
    let v = Variant::builtin("chesspolitik4").expect("variant");
    let (state, orders) = chesspolitik_phase(&v);
    assert_eq!(parse_all(&v, &state, &orders).len(), 16, "every order is legal");
    c.bench_function("chesspolitik4_full_phase", |b| {
        b.iter(|| {
            let parsed = parse_all(&v, &state, black_box(&orders));
            chess_dip::resolve(&state, &parsed)
        });
    });
    let (state, orders) = full_board(&v);
    assert_eq!(parse_all(&v, &state, &orders).len(), 64, "every order is legal");
    c.bench_function("board_64_units", |b| {
        b.iter(|| {
            let parsed = parse_all(&v, &state, black_box(&orders));
            chess_dip::resolve(&state, &parsed)
        });
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
