//! Every order set a bot produces is accepted by the rules exactly as the
//! game master accepts a person's: its board actions are carried out
//! (`Position::act`), then its message is read and checked in one
//! submission (`Position::submit`, the call the service makes), and
//! nothing is refused, nothing is invalid and every text is accepted. The
//! positions are reached by random legal play from the start (players
//! sometimes sitting a phase out, so that Chess Wheel+ boards are left to
//! create and populate), in every game and every mode, and for Chess Dip
//! and Chesspolitik also built at random, Winters with builds, disbands
//! and promotions owed.

use std::collections::BTreeMap;
use std::time::Duration;

use chessdip_bots as bots;
use chessdip_bots::{Limits, Player};
use chessdip_rules::any::{Game, Position};
use chessdip_rules::chess_dip::{ChessDipState, Phase, Season, Setup, Variant};
use chessdip_rules::family::{Seats, SlotOrder};
use chessdip_rules::{PowerId, Role, Square};
use proptest::prelude::*;

/// A small budget: the property is about legality, not strength.
fn limits() -> Limits {
    Limits::with_time(Duration::from_secs(30)).nodes(150)
}

fn game(id: &str, options: &[(&str, &str)]) -> Game {
    let o: BTreeMap<String, String> = options.iter().map(|(k, v)| ((*k).to_string(), (*v).to_string())).collect();
    Game::build(id, &o).expect("game")
}

fn powers(game: &Game, players: usize) -> Vec<String> {
    match game.seats() {
        Seats::Fixed(names) => names,
        Seats::Open { .. } => ["Ann", "Bob", "Cyd", "Dee", "Eve"][..players].iter().map(|s| (*s).to_string()).collect(),
    }
}

/// The position after `phases` phases of random play from the start; each
/// power sits a phase out with chance `absent` in a thousand.
fn reach(game: &Game, powers: &[String], seed: u64, phases: usize, absent: u64) -> Position {
    let mut pos = game.start(powers).expect("start");
    let mut rng = bots::rng::Rng::new(seed);
    for phase in 0..phases {
        if pos.result().is_over() {
            break;
        }
        let owing = pos.phase().owing;
        let mut orders: Vec<(String, Vec<SlotOrder>)> = Vec::new();
        for power in &owing {
            if rng.below(1000) < absent as usize && !pos.phase().resolve_on_submit {
                continue;
            }
            let d = Player::Random.decide(&pos, power, limits(), rng.next_u64() ^ phase as u64).expect("decision");
            for a in &d.actions {
                pos = pos.act(power, &a.to_string()).expect("a random action is accepted").0;
            }
            if !d.orders.is_empty() {
                orders.push((power.clone(), pos.submit(power, &[], &d.message()).orders));
            }
        }
        pos = pos.resolve(&orders).next;
    }
    pos
}

/// The bot's decision for every power that owes orders in `pos`, each
/// checked as the service would check it.
fn every_bot_decision_is_accepted(pos: &Position, seed: u64) -> Result<(), TestCaseError> {
    if pos.result().is_over() {
        return Ok(());
    }
    for power in pos.phase().owing {
        let d = bots::decide(pos, &power, limits(), seed).expect("a decision");
        prop_assert_eq!(d.stats.withdrawn, 0, "{}: the bot's own check withdrew orders", power);
        let mut after = pos.clone();
        for a in &d.actions {
            match after.act(&power, &a.to_string()) {
                Ok((next, _)) => after = next,
                Err(e) => prop_assert!(false, "{}: board {} refused: {}", power, a, e),
            }
        }
        if d.orders.is_empty() {
            continue;
        }
        let message = d.message();
        prop_assert!(message.len() <= 16 * 1024);
        let sub = after.submit(&power, &[], &message);
        prop_assert!(sub.rejected.is_empty(), "{}: refused {:?} in\n{}", power, sub.rejected, message);
        prop_assert!(sub.invalid.is_none(), "{}: invalid {:?}:\n{}", power, sub.invalid, message);
        prop_assert_eq!(sub.accepted.len(), d.orders.len(), "{}: not all accepted: {:?}", power, sub.accepted);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn chess_dip_and_chesspolitik_orders_are_accepted(variant in 0usize..3, seed in any::<u64>(), phases in 0usize..24) {
        let g = game(["chessdip", "chesspolitik4", "chesspolitik2"][variant], &[]);
        let pos = reach(&g, &powers(&g, 0), seed, phases, 100);
        every_bot_decision_is_accepted(&pos, seed)?;
    }

    #[test]
    fn diplomacy_chess_orders_are_accepted_in_every_mode(mode in 0usize..3, seed in any::<u64>(), turns in 0usize..30) {
        let g = game("diplomacy-chess", &[("mode", ["basic", "progressive", "simultaneous-progressive"][mode])]);
        let pos = reach(&g, &powers(&g, 0), seed, turns, 0);
        every_bot_decision_is_accepted(&pos, seed)?;
    }

    #[test]
    fn diplomat_chess_moves_are_accepted(suborn in 0usize..3, seed in any::<u64>(), moves in 0usize..60) {
        let g = game("diplomat-chess", &[("suborn", ["convert", "remove", "drop"][suborn])]);
        let pos = reach(&g, &powers(&g, 0), seed, moves, 0);
        every_bot_decision_is_accepted(&pos, seed)?;
    }

    #[test]
    fn chess_wheel_actions_and_messages_are_accepted(players in 2usize..6, seed in any::<u64>(), cycles in 0usize..8) {
        let g = game("chess-wheel", &[]);
        let pos = reach(&g, &powers(&g, players), seed, cycles, 300);
        every_bot_decision_is_accepted(&pos, seed)?;
    }

    /// Random Chess Dip and Chesspolitik positions in any season: pieces of
    /// every power anywhere (pawns on their last rank included), centers
    /// owned at random, so that Winters owe builds, disbands and promotions.
    #[test]
    fn built_positions_with_builds_disbands_and_promotions_owed(
        variant in 0usize..3,
        season in 0usize..3,
        cells in proptest::collection::vec((0u8..64, 0u8..4, 0usize..5), 0..28),
        owners in proptest::collection::vec(0u8..5, 32),
        seed in any::<u64>(),
    ) {
        let v = Variant::builtin(["chessdip", "chesspolitik4", "chesspolitik2"][variant]).expect("variant");
        let n = u8::try_from(v.powers.len()).expect("few powers");
        let mut setup = Setup::default();
        for (cell, power, role) in cells {
            let sq = Square::from_coords(cell % 8, cell / 8).expect("square");
            let role = v.roles[role % v.roles.len()];
            if v.board.contains(sq) && !setup.pieces.iter().any(|p| p.2 == sq) {
                setup.pieces.push((PowerId(power % n), role, sq, true));
            }
        }
        for (c, &o) in v.centers.iter().zip(&owners) {
            setup.owners.push((c, (o < n).then_some(PowerId(o))));
        }
        let season = [Season::Spring, Season::Fall, Season::Winter][season];
        let Ok(s) = ChessDipState::from_setup(&v, Phase { year: v.first_year + 2, season }, &setup) else {
            return Ok(());
        };
        let g = Game::build(&v.id, &BTreeMap::new()).expect("game");
        let Game::ChessDip(arc) = g else { unreachable!("a Diplomacy-style game") };
        let pos = Position::ChessDip { variant: arc, state: s };
        every_bot_decision_is_accepted(&pos, seed)?;
    }
}

#[test]
fn a_winter_with_a_pawn_to_promote_and_a_disband_owed_is_decided() {
    let v = Variant::builtin("chessdip").expect("variant");
    let england = v.power_by_name("England").expect("England");
    let sq = |t: &str| t.parse::<Square>().expect("square");
    let setup = Setup {
        pieces: vec![
            (england, Role::Pawn, sq("c8"), true),
            (england, Role::King, sq("d1"), true),
            (england, Role::Knight, sq("f5"), true),
        ],
        owners: vec![(sq("d1"), Some(england)), (sq("c8"), Some(england)), (sq("b1"), None), (sq("c2"), None)],
        ..Setup::default()
    };
    let s = ChessDipState::from_setup(&v, Phase { year: 3, season: Season::Winter }, &setup).expect("setup");
    let pos = Position::ChessDip { variant: std::sync::Arc::new(v), state: s };
    let d = bots::decide(&pos, "England", limits(), 1).expect("decision");
    assert!(d.orders.iter().any(|o| o.starts_with("promote c8")), "{:?}", d.orders);
    assert!(d.orders.iter().any(|o| o.starts_with("disband")), "{:?}", d.orders);
    let sub = pos.submit("England", &[], &d.message());
    assert!(sub.rejected.is_empty() && sub.accepted.len() == d.orders.len(), "{sub:?}");
}
