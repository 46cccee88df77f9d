//! The architecture as `docs/architecture.md` draws it, held against the
//! code: the crates' dependency arrows, a renderer that only reads, a
//! console that reaches the store only through the service, and a map that
//! names every crate and top-level module.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The names in a manifest's `[dependencies]` table.
fn dependencies(manifest: &Path) -> Vec<String> {
    let text = read(manifest);
    let mut out = Vec::new();
    let mut inside = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == "[dependencies]" || line.starts_with("[target.") && line.ends_with(".dependencies]");
            continue;
        }
        if inside && !line.is_empty() && !line.starts_with('#') {
            if let Some(name) = line.split(['=', '.', ' ']).next() {
                out.push(name.trim().to_string());
            }
        }
    }
    out
}

/// Every crate of the workspace under `crates/`, by directory name.
fn crates() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("crates"))
        .expect("crates/")
        .filter_map(Result::ok)
        .filter(|e| e.path().join("Cargo.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The modules a crate root declares (`mod x;`, `pub mod x;`).
fn modules(lib: &Path) -> Vec<String> {
    read(lib)
        .lines()
        .filter_map(|l| {
            let l = l.trim_start();
            let l = l.strip_prefix("pub(crate) ").or_else(|| l.strip_prefix("pub ")).unwrap_or(l);
            l.strip_prefix("mod ")?.strip_suffix(';').map(str::to_string)
        })
        .collect()
}

/// The Rust files under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("a source folder").filter_map(Result::ok) {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out
}

#[test]
fn the_crates_depend_only_on_the_layers_below_them() {
    let project = |deps: &[String]| deps.iter().filter(|d| d.starts_with("chessdip")).cloned().collect::<Vec<_>>();
    let manifest = |c: &str| root().join("crates").join(c).join("Cargo.toml");
    let rules = dependencies(&manifest("chessdip-rules"));
    assert!(project(&rules).is_empty(), "the rules use no other crate of the project: {rules:?}");
    for banned in ["rusqlite", "tokio", "serenity", "poise", "axum", "reqwest", "image", "tiny-skia"] {
        assert!(!rules.iter().any(|d| d == banned), "the rules do not use {banned}");
    }
    let render = dependencies(&manifest("chessdip-render"));
    assert_eq!(project(&render), vec!["chessdip-rules"], "the pictures use the rules only");
    for banned in ["rusqlite", "tokio", "serenity", "poise", "axum", "reqwest"] {
        assert!(!render.iter().any(|d| d == banned), "the pictures do not use {banned}");
    }
    let bots = dependencies(&manifest("chessdip-bots"));
    assert_eq!(project(&bots), vec!["chessdip-rules"], "the bots use the rules only");
    for banned in ["rusqlite", "tokio", "serenity", "poise", "axum", "reqwest", "image", "tiny-skia"] {
        assert!(!bots.iter().any(|d| d == banned), "the bots do not use {banned}");
    }
    let game = dependencies(&manifest("chessdip-game"));
    assert_eq!(
        project(&game),
        vec!["chessdip-rules", "chessdip-render", "chessdip-bots"],
        "the game master uses the rules, the pictures and the bots that take seats"
    );
    for banned in ["tokio", "serenity", "poise", "axum", "reqwest"] {
        assert!(!game.iter().any(|d| d == banned), "the game master does not use {banned}");
    }
    assert_eq!(
        crates(),
        ["chessdip-bots", "chessdip-game", "chessdip-render", "chessdip-rules"],
        "a new crate is placed here and on the map"
    );
}

#[test]
fn the_renderer_never_changes_a_position() {
    // The rules' functions that play a move, resolve a phase or apply one's result.
    let changing = [".play(", "resolve(", "resolve_turn(", "carry_out(", ".apply(", "::apply(", ".after(", "winner("];
    for file in sources(&root().join("crates/chessdip-render/src")) {
        let text = read(&file);
        for call in changing {
            assert!(!text.contains(call), "{} calls `{call}`: a picture reads the report instead", file.display());
        }
    }
}

#[test]
fn the_console_reaches_the_store_only_through_the_service() {
    let text = read(&root().join("src/console.rs"));
    for name in ["store::", "Store", "StoreError", ".store()", "rusqlite"] {
        assert!(!text.contains(name), "src/console.rs names `{name}`");
    }
    for file in sources(&root().join("src/discord")) {
        let text = read(&file);
        for name in ["chessdip_game::store", ".store()", "rusqlite"] {
            assert!(!text.contains(name), "{} names `{name}`", file.display());
        }
    }
}

#[test]
fn the_map_names_every_crate_and_top_level_module() {
    let map = read(&root().join("docs/architecture.md"));
    let named = |what: &str| map.contains(&format!("`{what}`"));
    let mut missing = Vec::new();
    for c in crates() {
        if !named(&c) {
            missing.push(c.clone());
        }
        for m in modules(&root().join("crates").join(&c).join("src/lib.rs")) {
            if !named(&m) && !map.contains(&format!("`{m}`,")) {
                missing.push(format!("{c}::{m}"));
            }
        }
    }
    for lib in ["src/lib.rs", "src/main.rs"] {
        for m in modules(&root().join(lib)) {
            if !named(&m) {
                missing.push(format!("chessdip::{m}"));
            }
        }
    }
    assert!(missing.is_empty(), "docs/architecture.md does not name: {missing:?}");
}
