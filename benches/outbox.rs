//! The outbox's cost per resolution, on a file database.
//!
//! `outbox_write_resolution_item`: writing one resolution-sized announcement
//! (about 1 KB of text and two image specs) in a write transaction, which is
//! what a resolution adds to its own transaction.
//! `force_resolution_with_outbox`: a whole forced resolution of a
//! two-player Chesspolitik phase through the service (claim, resolve,
//! record, open the next phase, announce), for scale.

use std::hint::black_box;
use std::sync::Arc;

use chessdip_game::store::{self, NewItem, Store, StoreError};
use chessdip_game::{Caller, ManualClock, Service, Settings};
use criterion::{criterion_group, criterion_main, Criterion};

fn bench(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("chessdip-bench-outbox-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let s = Store::open(&dir.join("outbox.db")).expect("store");
    let text = "**Spring 1401 resolved** (forced by a moderator).\nFrance:\n  ✓ K c1 - c2 (moved)\n".repeat(12);
    let images = r#"[{"name":"spring-1401-orders","source":{"from":"orders","seq":1},"caption":"orders","heading":null},{"name":"spring-1401-result","source":{"from":"phase","seq":2},"caption":"position","heading":null}]"#;
    c.bench_function("outbox_write_resolution_item", |b| {
        b.iter(|| {
            s.write(|c| {
                let item = NewItem {
                    channel: "4000000000000100",
                    user: None,
                    game: Some(1),
                    text: &text,
                    deadline: Some(1_000_000),
                    images,
                    mentions: "[]",
                    components: "[]",
                    edits: None,
                };
                Ok::<_, StoreError>(black_box(store::push_outbox(c, &item, 1_000_000)?))
            })
            .expect("write")
        });
    });

    let clock = Arc::new(ManualClock::new(1_000_000));
    let service = Service::new(Store::open(&dir.join("service.db")).expect("store"), clock);
    let gm = Caller::player("gm");
    service.create("chan", "guild", &gm, "chesspolitik2", &Settings::default()).expect("create");
    service.join("chan", &Caller::player("a"), Some("France")).expect("join");
    service.join("chan", &Caller::player("b"), Some("England")).expect("join");
    service.start("chan", &gm).expect("start");
    c.bench_function("force_resolution_with_outbox", |b| {
        b.iter(|| black_box(service.force("chan", &gm, None, false).expect("force")));
    });
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
