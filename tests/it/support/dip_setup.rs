//! Chess Dip and Chesspolitik positions and order sets for the tests that
//! drive the rules through the [`Family`] surface, as the service does.
#![allow(dead_code)]

use chessdip_rules::chess_dip::{self, ChessDipState, Phase, Setup, Variant};
use chessdip_rules::family::{Family, Resolution, SlotOrder};
use chessdip_rules::{Role, Square};

/// Chess Dip.
pub fn chessdip() -> Variant {
    Variant::builtin("chessdip").expect("chessdip")
}

/// Chesspolitik for four players.
pub fn politik() -> Variant {
    Variant::builtin("chesspolitik4").expect("chesspolitik4")
}

/// A position of `variant` in `phase` with `pieces` (`(power, "K d1")`),
/// start center owners, and the last phase's two-square advances.
pub fn position(v: &Variant, phase: &str, pieces: &[(&str, &str)], double_steps: &[(&str, &str)]) -> ChessDipState {
    let mut setup = Setup::default();
    for (power, piece) in pieces {
        let p = v.power_by_name(power).expect("a power");
        let (letter, square) = piece.split_once(' ').expect("`K d1`");
        let role = Role::from_char(letter.chars().next().expect("a letter")).expect("a piece letter");
        setup.pieces.push((p, role, square.parse().expect("a square"), false));
    }
    let sq = |s: &str| -> Square { s.parse().expect("a square") };
    setup.double_steps = double_steps.iter().map(|(a, b)| (sq(a), sq(b))).collect();
    ChessDipState::from_setup(v, Phase::parse(phase).expect("a phase"), &setup).expect("a position")
}

/// A variant's start position in `phase`, with the piece `was` (`(power,
/// "P d7")`) replaced by `now`: every power as many pieces as centers.
pub fn start_but(v: &Variant, phase: &str, was: (&str, &str), now: (&str, &str)) -> ChessDipState {
    let start = ChessDipState::start(v);
    let mut pieces: Vec<(String, String)> = v
        .power_ids()
        .flat_map(|p| {
            start.pieces_of(p).map(move |(sq, piece)| (v.power(p).name.clone(), format!("{} {sq}", piece.role.char())))
        })
        .filter(|(power, piece)| !(power.starts_with(was.0) && piece == was.1))
        .collect();
    pieces.push((now.0.to_string(), now.1.to_string()));
    let listed: Vec<(&str, &str)> = pieces.iter().map(|(p, x)| (p.as_str(), x.as_str())).collect();
    position(v, phase, &listed, &[])
}

/// Submits each power's orders through the family, as a player would, and
/// checks they were all accepted.
pub fn submit_all(v: &Variant, state: &ChessDipState, orders: &[(&str, &str)]) -> Vec<(String, Vec<SlotOrder>)> {
    let mut out: Vec<(String, Vec<SlotOrder>)> = Vec::new();
    for (power, text) in orders {
        let name = v.power(v.power_by_name(power).expect("a power")).name.clone();
        let i = match out.iter().position(|(p, _)| *p == name) {
            Some(i) => i,
            None => {
                out.push((name.clone(), Vec::new()));
                out.len() - 1
            }
        };
        let sub = v.submit(state, &name, &out[i].1, text);
        assert!(sub.rejected.is_empty(), "{text}: {:?}", sub.rejected);
        out[i].1 = sub.orders;
    }
    out
}

/// Resolves `orders` as the service does: each power's orders submitted
/// through the family (all accepted), then the phase resolved.
pub fn resolve(
    v: &Variant,
    state: &ChessDipState,
    orders: &[(&str, &str)],
) -> Resolution<ChessDipState, chess_dip::ChessDipReport> {
    v.resolve(state, &submit_all(v, state, orders))
}

/// The public outcome of `order` (canonical): (succeeded, reason).
pub fn outcome(r: &Resolution<ChessDipState, chess_dip::ChessDipReport>, order: &str) -> (bool, String) {
    let o = r.outcomes.iter().find(|o| o.order == order);
    let o = o.unwrap_or_else(|| panic!("no outcome for `{order}` in:\n{}", r.summary));
    (o.succeeded, o.reason.clone())
}
