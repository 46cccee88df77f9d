//! Service benchmarks on a file database (a bench binary: it reports
//! percentiles, which criterion does not).
//!
//! 1. Order submission through the service with 1,000 games stored:
//!    p50 / p99 latency of `submit` (parse, validate, store, reply).
//! 2. Finding and resolving every game whose deadline has passed among
//!    10,000 stored games (1,000 of them due): one `tick`.

use std::sync::Arc;
use std::time::Instant;

use chessdip_game::store::Store;
use chessdip_game::{Caller, ManualClock, Service, Settings};

fn setup(dir: &std::path::Path, games: usize, due_every: usize) -> (Service, Arc<ManualClock>) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).expect("dir");
    let clock = Arc::new(ManualClock::new(1_000_000));
    let service = Service::new(Store::open(&dir.join("bench.db")).expect("store"), clock.clone());
    let gm = Caller::player("gm");
    for g in 0..games {
        let channel = format!("chan{g}");
        // Every `due_every`-th game has a short deadline; the rest are long.
        let settings =
            Settings { movement_secs: if g % due_every == 0 { 3600 } else { 7 * 86400 }, ..Settings::default() };
        service.create(&channel, "guild", &gm, "chesspolitik2", &settings).expect("create");
        service.join(&channel, &Caller::player(&format!("a{g}")), Some("France")).expect("join");
        service.join(&channel, &Caller::player(&format!("b{g}")), Some("England")).expect("join");
        service.start(&channel, &gm).expect("start");
        if g % due_every == 0 {
            service
                .submit(&channel, &Caller::player(&format!("a{g}")), "K c1 - c2, K d1 - d2, N b1 - c3")
                .expect("orders");
        }
    }
    (service, clock)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn main() {
    // cargo bench passes --bench; nothing else to parse.
    let dir = std::env::temp_dir().join("chessdip-bench-service");

    let t = Instant::now();
    let (service, _) = setup(&dir, 1000, 1000);
    eprintln!("set up 1,000 games in {:.1} s", t.elapsed().as_secs_f64());
    let orders = ["K c1 - c2", "K d1 - d2", "N b1 - c3", "K c1 H", "N b1 - a3", "K d1 - e2"];
    let mut lat = Vec::new();
    for i in 0..3000 {
        let g = (i * 7919) % 1000;
        let who = Caller::player(&format!("a{g}"));
        let t = Instant::now();
        let r = service.submit(&format!("chan{g}"), &who, orders[i % orders.len()]).expect("submit");
        lat.push(t.elapsed().as_secs_f64() * 1000.0);
        assert!(r.text.starts_with("Accepted"), "{}", r.text);
    }
    lat.sort_by(f64::total_cmp);
    println!(
        "submit_order (1,000 games stored, 3,000 submissions): p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        percentile(&lat, 0.5),
        percentile(&lat, 0.99),
        lat[lat.len() - 1]
    );

    let t = Instant::now();
    let (service, clock) = setup(&dir, 10_000, 10);
    eprintln!("set up 10,000 games in {:.1} s", t.elapsed().as_secs_f64());
    clock.advance(3601);
    let t = Instant::now();
    let resolved = service.tick().expect("tick");
    let secs = t.elapsed().as_secs_f64();
    assert_eq!(resolved.len(), 1000, "every due game resolved once");
    println!("resolve_due (10,000 games stored, 1,000 due): {:.3} s ({:.2} ms per game)", secs, secs * 1000.0 / 1000.0);
    let _ = std::fs::remove_dir_all(&dir);
}
