//! One bot decision in each game, at the default node budget (with time to
//! spare, so the work is the same on every run), in a position a few
//! phases into a game of random play from a fixed seed: what a seat costs
//! the game master each time a phase opens.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::Duration;

use chessdip_bots as bots;
use chessdip_bots::{Limits, Player};
use chessdip_rules::any::{Game, Position};
use chessdip_rules::family::{Seats, SlotOrder};
use criterion::{criterion_group, criterion_main, Criterion};

/// The position after `phases` phases of random play.
fn position(id: &str, options: &[(&str, &str)], phases: usize) -> Position {
    let o: BTreeMap<String, String> = options.iter().map(|(k, v)| ((*k).to_string(), (*v).to_string())).collect();
    let game = Game::build(id, &o).expect("game");
    let powers: Vec<String> = match game.seats() {
        Seats::Fixed(names) => names,
        Seats::Open { .. } => vec!["Ann".into(), "Bob".into(), "Cyd".into()],
    };
    let mut pos = game.start(&powers).expect("start");
    let limits = Limits::with_time(Duration::from_secs(60));
    for phase in 0..phases {
        let mut orders: Vec<(String, Vec<SlotOrder>)> = Vec::new();
        for power in pos.phase().owing {
            let d = Player::Random.decide(&pos, &power, limits, phase as u64).expect("decision");
            for a in &d.actions {
                pos = pos.act(&power, &a.to_string()).expect("action").0;
            }
            if !d.orders.is_empty() {
                orders.push((power.clone(), pos.submit(&power, &[], &d.message()).orders));
            }
        }
        pos = pos.resolve(&orders).next;
    }
    assert!(!pos.result().is_over(), "{id}: the benchmark position is still in play");
    pos
}

/// A benchmark: its name, the variant id, the creation options, and the
/// phases of random play before the decision.
type Case = (&'static str, &'static str, &'static [(&'static str, &'static str)], usize);

fn decisions(c: &mut Criterion) {
    let cases: [Case; 8] = [
        ("bot_chessdip", "chessdip", &[], 6),
        ("bot_chesspolitik4", "chesspolitik4", &[], 6),
        ("bot_chesspolitik2", "chesspolitik2", &[], 3),
        ("bot_diplomacy_chess_basic", "diplomacy-chess", &[("mode", "basic")], 2),
        ("bot_diplomacy_chess_progressive", "diplomacy-chess", &[("mode", "progressive")], 2),
        ("bot_diplomacy_chess_simultaneous", "diplomacy-chess", &[("mode", "simultaneous-progressive")], 2),
        ("bot_diplomat_chess", "diplomat-chess", &[], 6),
        ("bot_chess_wheel", "chess-wheel", &[], 3),
    ];
    let mut group = c.benchmark_group("bots");
    group.sample_size(10).measurement_time(Duration::from_secs(4));
    for (name, id, options, phases) in cases {
        let pos = position(id, options, phases);
        let power = pos.phase().owing.first().cloned().expect("a power owes orders");
        let limits = Limits::with_time(Duration::from_secs(60));
        group.bench_function(name, |b| {
            b.iter(|| bots::decide(black_box(&pos), black_box(&power), limits, 1).expect("decision"));
        });
    }
    group.finish();
}

criterion_group!(benches, decisions);
criterion_main!(benches);
