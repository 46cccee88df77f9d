//! `chessdip arena`: a few short games of every game through the binary,
//! checking the JSON line, that the rules refused nothing, that the same
//! seed plays the same games (a node budget, with time to spare, makes
//! the bots reproducible), and that bad requests get a clear error.

use std::process::Command;

use serde_json::Value;

fn arena(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chessdip"))
        .arg("arena")
        .args(args)
        .env_remove("CHESSDIP_DATABASE")
        .env("RUST_LOG", "error")
        .output()
        .expect("run chessdip arena");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

/// Runs a small reproducible arena and returns its JSON.
fn run(game: &[&str], seats: &str, games: &str, seed: &str, years: &str) -> Value {
    let mut args: Vec<&str> = game.to_vec();
    args.extend(["--seats", seats, "--games", games, "--seed", seed, "--years", years]);
    args.extend(["--budget-ms", "20000", "--nodes", "120", "--json"]);
    let (ok, out, err) = arena(&args);
    assert!(ok, "{args:?}: {out}{err}");
    assert_eq!(out.lines().count(), 1, "one line of JSON: {out}");
    serde_json::from_str(&out).expect("JSON")
}

#[test]
fn every_game_plays_reproducibly_and_nothing_is_refused() {
    let cases: [(&[&str], &str, &str); 7] = [
        (&["--game", "chessdip"], "bot,random,hold,bot", "4"),
        (&["--game", "chesspolitik4"], "bot,random,random,hold", "4"),
        (&["--game", "chesspolitik2"], "bot,bot", "6"),
        (&["--game", "diplomacy-chess", "--mode", "basic"], "bot,random", "12"),
        (&["--game", "diplomacy-chess", "--mode", "progressive"], "bot,bot", "8"),
        (&["--game", "diplomat-chess"], "bot,random", "30"),
        (&["--game", "chess-wheel"], "bot,random,hold", "5"),
    ];
    for (game, seats, years) in cases {
        let a = run(game, seats, "2", "7", years);
        let b = run(game, seats, "2", "7", years);
        assert_eq!(a["refused"], 0, "{game:?}: {a}");
        assert_eq!(a["withdrawn"], 0, "{game:?}: {a}");
        assert_eq!(a["games"], 2);
        let n = seats.split(',').count();
        let lines = a["seats"].as_array().expect("seats");
        assert_eq!(lines.len(), n);
        for (i, line) in lines.iter().enumerate() {
            assert_eq!(line["seat"], i);
            for key in ["wins", "draws", "losses", "top", "mean_score", "mean_centers"] {
                assert!(line[key].is_number(), "{key} in {line}");
            }
            let wdl = ["wins", "draws", "losses"].iter().map(|k| line[*k].as_u64().unwrap_or(99)).sum::<u64>();
            assert_eq!(wdl, 2, "every game is a win, a draw or a loss: {line}");
        }
        for key in ["median", "p99", "max"] {
            assert!(a["decision_ms"][key].is_number(), "{a}");
        }
        assert_eq!(a["decision_ms"]["stopped_by_time"], 0, "the node budget ran out first: {a}");
        assert_eq!(a["games_digest"], b["games_digest"], "{game:?}: the same seed plays the same games");
        assert_eq!(a["seats"], b["seats"]);
    }
    let c = run(&["--game", "chesspolitik2"], "bot,random", "2", "8", "3");
    let d = run(&["--game", "chesspolitik2"], "bot,random", "2", "9", "3");
    assert_ne!(c["games_digest"], d["games_digest"], "another seed plays other games");
}

#[test]
fn the_table_names_the_seats_and_the_time_per_decision() {
    let (ok, out, err) =
        arena(&["--game", "chesspolitik2", "--seats", "bot,random", "--games", "2", "--years", "3", "--nodes", "100"]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("bot") && out.contains("random") && out.contains("refused: 0"), "{out}");
    assert!(out.contains("bot time per decision: median"), "{out}");
}

#[test]
fn bad_requests_say_what_would_be_right() {
    let cases: [(&[&str], &[&str]); 7] = [
        (&["--game", "chess", "--seats", "bot,random"], &["unknown game `chess`", "chessdip", "diplomacy-chess"]),
        (&["--game", "chessdip", "--seats", "bot,human,random,random"], &["`human`", "`bot`", "`random`", "`hold`"]),
        (
            &["--game", "chessdip", "--seats", "bot,random"],
            &["2 players", "4 powers", "--seats bot,random,random,random"],
        ),
        (&["--game", "chesspolitik2", "--seats", "bot,random", "--games", "0"], &["--games 0", "1 or more"]),
        (&["--game", "chess-wheel", "--seats", "bot"], &["takes 2 to 12"]),
        (&["--game", "chessdip", "--mode", "basic", "--seats", "bot,bot,bot,bot"], &["--mode", "no modes"]),
        (&["--game", "diplomat-chess", "--seats", "bot,hold"], &["no `hold` player"]),
    ];
    for (args, words) in cases {
        let (ok, out, err) = arena(args);
        assert!(!ok, "{args:?} should fail: {out}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        for w in words {
            assert!(err.contains(w), "{args:?}: `{w}` missing from: {err}");
        }
    }
}
