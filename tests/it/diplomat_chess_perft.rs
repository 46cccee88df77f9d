//! Move-generation counts for Diplomat Chess (`tests/data/diplomat-perft.txt`):
//! the number of move sequences of a given length from a position.

use chessdip_rules::diplomat_chess::{parse_piece, Colour, Position, Setup, Variant};

fn perft(p: &Position, v: &Variant, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = p.legal_moves(v);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.into_iter().map(|m| perft(&p.play(v, m).0, v, depth - 1)).sum()
}

fn position(text: &str) -> Position {
    if text.trim() == "start" {
        return Position::start();
    }
    let mut setup = Setup::default();
    for part in text.split(';').map(str::trim) {
        if let Some((side, pieces)) = part.split_once(':') {
            let colour = if side.trim() == "White" { Colour::White } else { Colour::Black };
            for piece in pieces.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                let (kind, cell) = parse_piece(piece).unwrap_or_else(|e| panic!("{e}"));
                setup.pieces.push((colour, kind, cell));
            }
        } else if part.starts_with("Black") {
            setup.to_move = Colour::Black;
        }
    }
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn perft_counts() {
    let v = Variant::default();
    let data = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/diplomat-perft.txt"))
        .expect("perft file");
    let quick = std::env::var("DIPLOMAT_PERFT_FULL").is_err();
    let mut failures = Vec::new();
    let mut checked = 0;
    for line in data.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [name, depth, nodes, pos] = fields.as_slice() else { panic!("bad line: {line}") };
        let depth: u32 = depth.parse().expect("depth");
        let nodes: u64 = nodes.parse().expect("nodes");
        if quick && nodes > 100_000 {
            continue;
        }
        let got = perft(&position(pos), &v, depth);
        checked += 1;
        if got != nodes {
            failures.push(format!("{name} depth {depth}: expected {nodes}, got {got}"));
        }
    }
    assert!(checked >= 20, "only {checked} lines checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
