//! Property tests for Chess Dip: random positions with random legal orders
//! (multi-square moves, supports, support-convoys) never panic, terminate,
//! keep the board consistent and do not depend on the order of the orders.

use crate::support::cases;
use crate::support::gen;
use cases::cases;

use chessdip_rules::chess_dip::{self, OrderKind, Variant};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(300), timeout: 5_000, ..ProptestConfig::default() })]

    /// Where a phase has exactly one consistent resolution (found by trying
    /// every assignment of success and failure), the resolver returns it.
    #[test]
    fn a_unique_consistent_resolution_is_found(seed in any::<u64>(), n in 2usize..9, bias in 20usize..95) {
        let v = Variant::builtin("chessdip").expect("variant");
        let (state, _, orders) = gen::position(&v, seed, n, bias);
        let Some(all) = chess_dip::resolve::consistent_resolutions(&state, &orders, 14) else {
            return Ok(());
        };
        let res = chess_dip::resolve(&state, &orders);
        if let [only] = all.as_slice() {
            let got: Vec<bool> = res
                .orders
                .iter()
                .zip(&res.outcomes)
                .map(|(o, out)| o.kind == OrderKind::Hold || out.succeeded())
                .chain(res.convoys.iter().map(|c| c.outcome.succeeded()))
                .collect();
            prop_assert_eq!(&got, only);
        } else {
            // None or several: the backup rule must have decided something.
            let backup = res.convoys.iter().any(|c| c.outcome == chess_dip::Judgement::Paradox)
                || res.orders.iter().zip(&res.outcomes).any(|(o, out)| matches!(o.kind, OrderKind::Move { .. }) && out.succeeded());
            prop_assert!(backup, "{} consistent resolutions, but no backup rule applied", all.len());
        }
    }

    #[test]
    fn random_phases_are_consistent(seed in any::<u64>(), n in 2usize..40, bias in 20usize..90) {
        let v = Variant::builtin("chessdip").expect("variant");
        let (state, _, orders) = gen::position(&v, seed, n, bias);
        let (next, report) = chess_dip::apply_movement(&v, &state, &orders);
        let res = &report.resolution;
        prop_assert_eq!(next.pieces().count(), state.pieces().count() - res.dislodged.len());
        for &(sq, by) in &res.dislodged {
            let victim = state.piece(sq).expect("victim");
            let attacker = state.piece(by).expect("attacker");
            prop_assert_ne!(victim.power, attacker.power, "self-dislodgement at {}", sq);
        }
        for &(from, to) in &res.moved {
            prop_assert_eq!(next.piece(to).map(|p| p.power), state.piece(from).map(|p| p.power));
        }
        // A successful move or support has an intact path.
        for (i, (o, out)) in res.orders.iter().zip(&res.outcomes).enumerate() {
            if out.succeeded() && matches!(o.kind, OrderKind::Move { .. } | OrderKind::Support { .. }) {
                prop_assert!(res.convoys.iter().filter(|c| c.order == i).all(|c| c.outcome.succeeded()));
            }
        }
        // The order of the orders does not matter.
        let mut shuffled = orders.clone();
        shuffled.reverse();
        let again = chess_dip::resolve(&state, &shuffled);
        prop_assert_eq!(&again.outcomes, &res.outcomes);
        prop_assert_eq!(&again.dislodged, &res.dislodged);
    }
}
