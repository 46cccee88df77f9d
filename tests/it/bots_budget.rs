//! The bots keep to their budget and say why they cannot decide: a short
//! time budget with no node budget stops every search in time (and the
//! decision says the time stopped it), the same seed and node budget give
//! the same decision, and a power that is not in the game, or a game that
//! is over, gets an error instead of a decision.

use std::collections::BTreeMap;
use std::time::Duration;

use chessdip_bots as bots;
use chessdip_bots::{BotError, Limits};
use chessdip_rules::any::{Game, Position};

fn start(id: &str, mode: Option<&str>, powers: &[&str]) -> Position {
    let mut o = BTreeMap::new();
    if let Some(m) = mode {
        o.insert("mode".to_string(), m.to_string());
    }
    let game = Game::build(id, &o).expect("game");
    game.start(&powers.iter().map(|p| (*p).to_string()).collect::<Vec<_>>()).expect("start")
}

fn games() -> Vec<(Position, &'static str)> {
    vec![
        (start("chessdip", None, &[]), "England"),
        (start("chesspolitik2", None, &[]), "France"),
        (start("diplomacy-chess", Some("basic"), &[]), "White"),
        (start("diplomacy-chess", Some("progressive"), &[]), "Black"),
        (start("diplomat-chess", None, &[]), "White"),
        (start("chess-wheel", None, &["Ann", "Bob", "Cyd"]), "Bob"),
    ]
}

#[test]
fn a_short_time_budget_is_kept_whatever_the_node_budget() {
    let budget = Duration::from_millis(60);
    for (pos, power) in games() {
        let d = bots::decide(&pos, power, Limits::with_time(budget).nodes(u64::MAX), 1).expect("decision");
        // Generous for a debug build on a busy machine; the arena measures release builds.
        assert!(d.stats.elapsed < budget + Duration::from_millis(150), "{power}: {:?}", d.stats.elapsed);
        assert!(!d.orders.is_empty() || !d.actions.is_empty(), "{power}: a decision even in a hurry");
    }
    // The chess searches always have more to do: the time stops them, and they say so.
    let (pos, power) = (start("diplomat-chess", None, &[]), "White");
    let d = bots::decide(&pos, power, Limits::with_time(budget).nodes(u64::MAX), 1).expect("decision");
    assert!(d.stats.stopped_by_time, "{:?}", d.stats);
}

#[test]
fn the_same_seed_and_node_budget_give_the_same_decision() {
    let limits = Limits::with_time(Duration::from_secs(60)).nodes(300);
    for (pos, power) in games() {
        let a = bots::decide(&pos, power, limits, 42).expect("decision");
        let b = bots::decide(&pos, power, limits, 42).expect("decision");
        assert_eq!((&a.orders, &a.actions), (&b.orders, &b.actions), "{power}");
        assert!(!a.stats.stopped_by_time && a.stats.nodes <= 300 + 64, "{power}: {:?}", a.stats);
        assert_eq!(a.stats.withdrawn, 0);
    }
}

#[test]
fn an_unknown_power_or_a_finished_game_is_an_error() {
    let pos = start("chessdip", None, &[]);
    let e = bots::decide(&pos, "Atlantis", Limits::default(), 1).unwrap_err();
    assert!(matches!(e, BotError::NoSuchPower { .. }));
    assert!(e.to_string().contains("`Atlantis`") && e.to_string().contains("Chess Dip"), "{e}");
    // A power that owes nothing this phase (Black, while White moves) gets an empty decision.
    let d = bots::decide(&start("diplomat-chess", None, &[]), "Black", Limits::default(), 1).expect("decision");
    assert!(d.is_empty());
    // Play Diplomacy Chess until a random game ends, then ask again.
    let mut pos = start("diplomacy-chess", Some("basic"), &[]);
    let limits = Limits::with_time(Duration::from_secs(60)).nodes(200);
    for turn in 0..200u64 {
        if pos.result().is_over() {
            break;
        }
        let mut orders = Vec::new();
        for power in pos.phase().owing {
            let player = if power == "White" { bots::Player::Bot } else { bots::Player::Random };
            let d = player.decide(&pos, &power, limits, turn).expect("decision");
            if !d.orders.is_empty() {
                orders.push((power.clone(), pos.submit(&power, &[], &d.message()).orders));
            }
        }
        pos = pos.resolve(&orders).next;
    }
    assert!(pos.result().is_over(), "the bot ends a game against random play");
    let e = bots::decide(&pos, "White", Limits::default(), 1).unwrap_err();
    assert!(matches!(e, BotError::GameOver(_)), "{e}");
}
