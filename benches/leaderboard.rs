//! Leaderboard benchmark: `leaderboard chessdip` and `leaderboard` (every
//! game) in a server with 10,000 finished, rated games (6,000 four-player
//! Chess Dip games and 4,000 two-player Diplomat Chess games among 300
//! players, each with its scores, from which the Chess Dip table counts
//! the players' placings), beside another server's 2,000 games. The
//! target: under 50 ms.
//! The rows are written straight into the store, as the games' ends write
//! them: the query does not depend on how the numbers were reached.

use std::hint::black_box;
use std::sync::Arc;

use chessdip_game::store::Store;
use chessdip_game::{Caller, ManualClock, Service};
use criterion::{criterion_group, criterion_main, Criterion};
use rusqlite::{params, Connection};

#[path = "../tests/it/support/gen.rs"]
#[allow(dead_code)]
mod gen;
use gen::Lcg;

const PLAYERS: usize = 300;

/// `games` finished games of `variant` with `seats` rated players each in `guild`, and every player's rating.
fn fill(db: &mut Connection, rng: &mut Lcg, guild: &str, variant: &str, games: u64, seats: u64) {
    let tx = db.transaction().expect("tx");
    let mut record = std::collections::HashMap::<usize, (f64, i64, i64, i64, i64, i64)>::new();
    for ord in 0..games {
        tx.execute(
            "INSERT INTO games (channel_id, guild_id, variant, settings, status, created_by, created_at, ended, ended_at)
             VALUES (?1, ?2, ?3, '{}', 'ended', 'gm', 0, 'a solo', ?4)",
            params![format!("{guild}-{ord}"), guild, variant, i64::try_from(ord).expect("small")],
        )
        .expect("game");
        let game = tx.last_insert_rowid();
        let mut seated = Vec::new();
        while (seated.len() as u64) < seats {
            let p = rng.below(PLAYERS);
            if !seated.contains(&p) {
                seated.push(p);
            }
        }
        for (i, p) in seated.iter().enumerate() {
            let r = record.entry(*p).or_insert((1500.0, 0, 0, 0, 0, 0));
            let (outcome, delta) = if i == 0 { ("win", 12.0) } else { ("loss", -4.0) };
            let score = if i == 0 { 1.0 } else { 0.0 };
            tx.execute(
                "INSERT INTO scores (game_id, power, user_id, score, shown, how, ord) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![game, format!("P{i}"), format!("u{p}"), score, format!("{score}"), if i == 0 { "solo" } else { "loss" }, i as i64],
            )
            .expect("score");
            tx.execute(
                "INSERT INTO rating_changes (game_id, guild_id, variant, user_id, power, ord, outcome, score, before, after, state)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, '{}')",
                params![game, guild, variant, format!("u{p}"), format!("P{i}"), ord as i64, outcome, if i == 0 { 1.0 } else { 0.0 }, r.0, r.0 + delta],
            )
            .expect("change");
            r.0 += delta;
            r.1 += 1;
            if i == 0 {
                r.2 += 1
            } else {
                r.4 += 1
            }
            r.5 = game;
        }
    }
    for (p, (rating, games, w, d, l, last)) in record {
        tx.execute(
            "INSERT INTO ratings (guild_id, variant, user_id, rating, deviation, state, games, wins, draws, losses, last_game)
             VALUES (?1, ?2, ?3, ?4, 60.0, '{}', ?5, ?6, ?7, ?8, ?9)",
            params![guild, variant, format!("u{p}"), rating, games, w, d, l, last],
        )
        .expect("rating");
    }
    tx.commit().expect("commit");
}

fn bench(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("chessdip-bench-leaderboard-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("g.db");
    let service = Service::new(Store::open(&path).expect("store"), Arc::new(ManualClock::new(1_800_000_000)));
    let mut db = Connection::open(&path).expect("db");
    let mut rng = Lcg::new(7);
    fill(&mut db, &mut rng, "server", "chessdip", 6_000, 4);
    fill(&mut db, &mut rng, "server", "diplomat-chess", 4_000, 2);
    fill(&mut db, &mut rng, "elsewhere", "chessdip", 2_000, 4);
    drop(db);
    let caller = Caller::player("u7");
    let one = service.command("c", "server", &caller, "leaderboard chessdip");
    assert!(one[0].text.contains("6,000 rated games") || one[0].text.contains("6000 rated games"), "{}", one[0].text);
    let mut group = c.benchmark_group("leaderboard");
    group.bench_function("leaderboard_one_game_10000_games", |b| {
        b.iter(|| service.command("c", "server", &caller, black_box("leaderboard chessdip")));
    });
    group.bench_function("leaderboard_every_game_10000_games", |b| {
        b.iter(|| service.command("c", "server", &caller, black_box("leaderboard")));
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
