//! The sample game of the published Diplomat Chess rules
//! (`tests/data/diplomat-sample-game.txt`), shared by the tests that replay it.
#![allow(dead_code)]

/// The game's moves in order, White's and Black's alternately: comment
/// lines, parenthesised remarks and `...` placeholders dropped.
pub fn sample_game() -> Vec<String> {
    let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/diplomat-sample-game.txt"));
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('#') || line.starts_with('(') {
            continue;
        }
        let Some((num, rest)) = line.split_once(". ") else { continue };
        if num.parse::<u32>().is_err() {
            continue;
        }
        out.extend(rest.split(',').map(str::trim).filter(|m| !m.is_empty() && *m != "...").map(String::from));
    }
    out
}
