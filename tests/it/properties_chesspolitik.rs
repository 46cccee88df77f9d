//! Property tests: the order parser never panics, and the resolver keeps its
//! invariants on random positions with random legal orders.

use crate::support::cases;
use cases::cases;
use chessdip_rules::chess_dip::{
    self, geometry, ChessDipState, Context, Order, OrderKind, Phase, Season, Setup, Variant,
};
use chessdip_rules::{Board, PowerId, Role, Square};
use proptest::prelude::*;

proptest! {
    #[test]
    fn parser_never_panics(text in "\\PC{0,40}") {
        let _ = chess_dip::parse(Board::MAX, &text, Context::Movement);
        let _ = chess_dip::parse(Board::MAX, &text, Context::Adjustment);
    }

    #[test]
    fn parser_never_panics_on_order_like_text(
        words in proptest::collection::vec(
            prop_oneof![
                "[KNBRPQknbrpq]", "[a-i][0-9]{1,2}", Just("-".to_string()), Just("S".to_string()),
                Just("H".to_string()), Just("C".to_string()), Just("x".to_string()), Just("t".to_string()),
                Just("build".to_string()), Just("=".to_string()), Just("O-O".to_string()),
            ],
            0..8,
        ),
        sep in prop_oneof![Just(" "), Just("")],
    ) {
        let text = words.join(sep);
        for board in [Board::MAX, Board { files: 6, ranks: 6 }] {
            let _ = chess_dip::parse(board, &text, Context::Movement);
            let _ = chess_dip::parse(board, &text, Context::Adjustment);
        }
    }
}

/// A random position: up to 24 pieces of 4 powers, kings and knights, and
/// for each piece a choice of order (hold, a move, or a support).
/// (square, power, is a knight) per piece; (order kind, target pick) per piece.
type Generated = (Vec<(u8, u8, bool)>, Vec<(u8, u8)>);

fn position() -> impl Strategy<Value = Generated> {
    (
        proptest::collection::vec((0u8..64, 0u8..4, any::<bool>()), 2..24),
        proptest::collection::vec((0u8..3, 0u8..64), 24),
    )
}

fn build(v: &Variant, pieces: &[(u8, u8, bool)], choices: &[(u8, u8)]) -> (ChessDipState, Vec<Order>) {
    let mut setup = Setup::default();
    let mut seen = [false; 64];
    for &(sq, p, knight) in pieces {
        if !seen[usize::from(sq)] {
            seen[usize::from(sq)] = true;
            let role = if knight { Role::Knight } else { Role::King };
            setup.pieces.push((PowerId(p), role, Square::from_index(usize::from(sq)).expect("sq"), false));
        }
    }
    let state = ChessDipState::from_setup(v, Phase { year: 1601, season: Season::Spring }, &setup).expect("setup");
    let mut orders = Vec::new();
    for (i, (sq, piece)) in state.pieces().enumerate() {
        let (kind, pick) = choices[i % choices.len()];
        let facing = v.power(piece.power).facing;
        let targets: Vec<Square> = geometry::targets(v.board, piece.role, facing, sq).collect();
        let to = targets[usize::from(pick) % targets.len()];
        let text = match kind {
            0 => format!("{} {sq} H", piece.role.char()),
            1 => format!("{} {sq} - {to}", piece.role.char()),
            _ => match state.piece(to) {
                // Support whatever is there to hold, or support a move into `to` by a neighbour.
                Some(_) => format!("{} {sq} S {to}", piece.role.char()),
                None => {
                    let mover = state.pieces().find(|(s, p)| {
                        *s != sq && geometry::reach(v.board, p.role, v.power(p.power).facing, *s, to).is_some()
                    });
                    match mover {
                        Some((s, _)) => format!("{} {sq} S {s} - {to}", piece.role.char()),
                        None => format!("{} {sq} - {to}", piece.role.char()),
                    }
                }
            },
        };
        let t = chess_dip::parse(v.board, &text, Context::Movement).expect("generated orders parse");
        let o = chess_dip::validate_movement(v, &state, piece.power, &t).expect("generated orders are legal");
        orders.extend(o.orders());
    }
    (state, orders)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(400)))]

    #[test]
    fn resolver_invariants((pieces, choices) in position()) {
        let v = Variant::builtin("chesspolitik4").expect("variant");
        let (state, orders) = build(&v, &pieces, &choices);
        let (next, report) = chess_dip::apply_movement(&v, &state, &orders);
        let res = &report.resolution;
        let before = state.pieces().count();
        prop_assert_eq!(next.pieces().count(), before - res.dislodged.len());
        for &(sq, by) in &res.dislodged {
            let victim = state.piece(sq).expect("dislodged piece existed");
            let attacker = state.piece(by).expect("attacker existed");
            prop_assert_ne!(victim.power, attacker.power, "no self-dislodgement at {}", sq);
        }
        for (o, out) in res.orders.iter().zip(&res.outcomes) {
            if let OrderKind::Move { to, .. } = o.kind {
                if out.succeeded() {
                    let p = next.piece(to).expect("a successful move lands");
                    prop_assert_eq!(p.power, o.power);
                    // No other successful move lands on the same square.
                    let rivals = res.orders.iter().zip(&res.outcomes)
                        .filter(|(r, ro)| r.move_target() == Some(to) && ro.succeeded())
                        .count();
                    prop_assert_eq!(rivals, 1);
                }
            }
        }
        // The order in which orders are given does not matter.
        let mut reversed = orders.clone();
        reversed.reverse();
        let again = chess_dip::resolve(&state, &reversed);
        prop_assert_eq!(&again.outcomes, &res.outcomes);
    }
}
