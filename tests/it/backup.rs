//! `Store::backup` and `chessdip backup`: a consistent copy of a database
//! that another thread (or the bot) keeps writing to.

use crate::support::scratch;
use scratch::temp_dir;

use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use chessdip_game::store::{self, Store, StoreError};

/// Adds game `n` (channel `c{n}`, its settings padded so the database has some size).
fn add_game(s: &Store, n: i64) {
    let settings = format!("{{\"n\": {n}, \"pad\": \"{}\"}}", "x".repeat(1000));
    let id = s
        .write(|c| store::insert_game(c, &format!("c{n}"), "g", "chessdip", &settings, "gm", n))
        .expect("write")
        .expect("a new game");
    assert!(id > 0);
}

/// The games in a database, in order of insertion: their numbers.
fn games(s: &Store) -> Vec<i64> {
    s.read(|c| {
        let mut st = c.prepare("SELECT created_at FROM games ORDER BY id")?;
        let rows = st.query_map([], |r| r.get::<_, i64>(0))?;
        Ok::<_, StoreError>(rows.collect::<Result<Vec<_>, _>>()?)
    })
    .expect("read")
}

#[test]
fn a_backup_taken_while_another_thread_writes_is_a_consistent_copy() {
    let dir = temp_dir("store");
    let live = Arc::new(Store::open(&dir.join("live.db")).expect("open"));
    for n in 0..2000 {
        add_game(&live, n);
    }
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (live, stop) = (live.clone(), stop.clone());
        std::thread::spawn(move || {
            let mut n = 2000;
            while !stop.load(Ordering::Relaxed) {
                add_game(&live, n);
                n += 1;
            }
            n
        })
    };
    let mut copies = Vec::new();
    for i in 0..5 {
        let before = games(&live).len();
        let to = dir.join(format!("copy{i}.db"));
        live.backup(&to).expect("backup");
        let after = games(&live).len();
        copies.push((to, before, after));
    }
    // Over an existing file too (the caller decides whether to allow it).
    let before = games(&live).len();
    live.backup(&copies[0].0).expect("backup over an older copy");
    copies[0].1 = before;
    copies[0].2 = games(&live).len();
    stop.store(true, Ordering::Relaxed);
    let written = writer.join().expect("writer");
    assert!(written > 2000, "the writer went on during the backups");
    assert!(copies.iter().any(|(_, before, after)| after > before), "some games were added during a backup");

    for (to, before, after) in &copies {
        let copy = Store::open(to).expect("the copy opens");
        let found = games(&copy);
        // One snapshot: every game up to some point, none missing, none torn.
        assert!((*before..=*after).contains(&found.len()), "{} games, not in {before}..={after}", found.len());
        assert_eq!(found, (0..found.len() as i64).collect::<Vec<_>>());
        let last = found.len() as i64 - 1;
        let row = copy.read(|c| store::latest_game(c, &format!("c{last}"))).expect("read").expect("the last game");
        assert!(row.settings.contains(&format!("\"n\": {last}")), "{}", row.settings);
        assert!(!Path::new(&format!("{}.partial", to.display())).exists(), "no partial file is left");
    }
}

fn chessdip(args: &[&str], dir: &Path) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chessdip"))
        .args(args)
        .current_dir(dir)
        .env_remove("CHESSDIP_DATABASE")
        .env("RUST_LOG", "error")
        .output()
        .expect("run chessdip");
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

#[test]
fn the_backup_command_copies_the_configured_database_and_keeps_existing_files() {
    let dir = temp_dir("cli");
    let db = dir.join("bot.db");
    {
        let s = Store::open(&db).expect("open");
        for n in 0..3 {
            add_game(&s, n);
        }
    }
    // The database `run` would use: `database` in config.toml.
    std::fs::write(dir.join("config.toml"), "database = \"bot.db\"\n").expect("config");
    let (ok, out) = chessdip(&["backup", "copy.db"], &dir);
    assert!(ok && out.contains("Backed up bot.db to copy.db"), "{out}");
    assert_eq!(games(&Store::open(&dir.join("copy.db")).expect("copy")), vec![0, 1, 2]);

    // An existing file is kept unless --force.
    add_game(&Store::open(&db).expect("open"), 3);
    let (ok, out) = chessdip(&["backup", "copy.db"], &dir);
    assert!(!ok && out.contains("copy.db exists") && out.contains("--force"), "{out}");
    assert_eq!(games(&Store::open(&dir.join("copy.db")).expect("copy")).len(), 3);
    let (ok, out) = chessdip(&["backup", "copy.db", "--force"], &dir);
    assert!(ok, "{out}");
    assert_eq!(games(&Store::open(&dir.join("copy.db")).expect("copy")), vec![0, 1, 2, 3]);

    // Never over the database itself, and never a new empty database.
    let (ok, out) = chessdip(&["backup", "bot.db", "--force"], &dir);
    assert!(!ok && out.contains("is the database itself"), "{out}");
    let (ok, out) = chessdip(&["backup", "other.db", "--db", "absent.db"], &dir);
    assert!(!ok && out.contains("there is no database at absent.db"), "{out}");
    assert!(!dir.join("absent.db").exists());
    // A database of another schema version (a bot not yet upgraded) is not migrated under it.
    let old = dir.join("old.db");
    std::fs::copy(&db, &old).expect("copy");
    rusqlite::Connection::open(&old).and_then(|c| c.pragma_update(None, "user_version", 3)).expect("downgrade");
    let (ok, out) = chessdip(&["backup", "old-copy.db", "--db", "old.db"], &dir);
    assert!(!ok && out.contains("schema older than this chessdip's"), "{out}");
    let version: i64 = rusqlite::Connection::open(&old)
        .and_then(|c| c.pragma_query_value(None, "user_version", |r| r.get(0)))
        .expect("version");
    assert_eq!(version, 3, "left as it was");
    // --db names another database.
    let (ok, out) = chessdip(&["backup", "second.db", "--db", "copy.db"], &dir);
    assert!(ok, "{out}");
    assert_eq!(games(&Store::open(&dir.join("second.db")).expect("copy")).len(), 4);
}
