//! The Diplomat Chess bot: a turn-based search. The moves of the side to
//! move are searched by negamax with alpha-beta pruning, deepening one ply
//! at a time until the budget runs out (`search`), on an evaluation of
//! material, pawn progress, centrality and, for the side ahead, the enemy
//! king's room (`eval`). A move that would repeat a position for the
//! third time is scored as the draw it is. A small random bonus per move,
//! drawn from the seed, varies play between seeds among near-equal moves.

mod eval;
mod search;

use super::limits::Clock;
use super::rng::Rng;
use super::Choice;
use chessdip_rules::diplomat_chess::{Colour, DiplomatChessState, Move, Variant};
use eval::WIN;
use search::Search;

/// Nodes (positions searched) a decision may use by default.
pub const DEFAULT_NODES: u64 = 60_000;

/// The deepest iteration.
const MAX_DEPTH: i32 = 40;

/// The largest random bonus a root move gets (centipawns).
const NOISE: usize = 6;

/// The side a power name stands for.
pub(crate) fn colour_of(power: &str) -> Option<Colour> {
    match power.trim().to_ascii_lowercase().as_str() {
        "white" => Some(Colour::White),
        "black" => Some(Colour::Black),
        _ => None,
    }
}

/// The bot's move for `power`, if it is its move.
pub(crate) fn decide(v: &Variant, s: &DiplomatChessState, power: &str, clock: &mut Clock, rng: &mut Rng) -> Choice {
    if colour_of(power) != Some(s.to_move()) || s.ended().is_some() {
        return Choice::default();
    }
    match best_move(v, s, clock, rng) {
        Some(m) => Choice::orders(vec![s.position.notation(v, m)]),
        None => Choice::default(),
    }
}

/// The move the search prefers.
fn best_move(v: &Variant, s: &DiplomatChessState, clock: &mut Clock, rng: &mut Rng) -> Option<Move> {
    let pos = &s.position;
    let legal = pos.legal_moves(v);
    if legal.len() <= 1 {
        return legal.first().copied();
    }
    // Each root move: its random bonus and whether it repeats a position a third time.
    let mut root: Vec<(Move, i32, bool)> = legal
        .iter()
        .map(|&m| {
            let child = pos.play(v, m).0;
            let third = s.seen.get(&child.key()).copied().unwrap_or(0) >= 2;
            (m, i32::try_from(rng.below(NOISE + 1)).unwrap_or(0), third)
        })
        .collect();
    let mut search = Search::new(v, clock);
    let root_hash = search.hash(pos);
    let mut best = root[0].0;
    for depth in 1..=MAX_DEPTH {
        let mut best_here: Option<(Move, i32)> = None;
        let mut scored: Vec<(usize, i32)> = Vec::new();
        for (i, &(m, bonus, third)) in root.iter().enumerate() {
            let child = pos.play(v, m).0;
            let floor = best_here.map_or(-WIN - 1, |(_, b)| b - i32::try_from(NOISE).unwrap_or(0) - 1);
            let score = if third {
                0
            } else {
                search.enter(root_hash);
                let sc = -search.negamax(&child, depth - 1, 1, -WIN - 1, -floor);
                search.leave();
                sc
            };
            if search.stopped {
                break;
            }
            let total = score.saturating_add(bonus);
            scored.push((i, total));
            if best_here.is_none_or(|(_, b)| total > b) {
                best_here = Some((m, total));
            }
        }
        // A cut iteration still searched the previous best first: its best stands if found.
        if let Some((m, score)) = best_here {
            best = m;
            if score.abs() >= WIN - 200 && !search.stopped {
                break;
            }
        }
        if search.stopped {
            break;
        }
        // Search the best moves first next time.
        scored.sort_by_key(|&(_, sc)| std::cmp::Reverse(sc));
        root = scored.iter().map(|&(i, _)| root[i]).collect();
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::limits::Limits;

    /// Whether `m` leaves the side to move next without a legal move (which wins).
    fn wins_at_once(v: &Variant, s: &DiplomatChessState, m: Move) -> bool {
        s.position.play(v, m).0.legal_moves(v).is_empty()
    }

    #[test]
    fn a_win_in_one_is_always_played() {
        let v = Variant::default();
        let mut found = 0;
        for seed in 0..3u64 {
            let mut rng = Rng::new(seed);
            let mut s = DiplomatChessState::start(&v);
            for _ in 0..80 {
                if s.ended().is_some() {
                    break;
                }
                let legal = s.position.legal_moves(&v);
                let power = if s.to_move() == Colour::White { "White" } else { "Black" };
                if legal.iter().any(|&m| wins_at_once(&v, &s, m)) {
                    found += 1;
                    let mut clock = Clock::new(Limits::with_time(Duration::from_secs(30)), 3_000);
                    let chosen = decide(&v, &s, power, &mut clock, &mut Rng::new(seed));
                    let text = chosen.orders.first().expect("a move");
                    let m = legal.iter().copied().find(|&m| s.position.notation(&v, m) == *text).expect("a legal move");
                    assert!(
                        wins_at_once(&v, &s, m),
                        "seed {seed}: {text} does not win at once in {}",
                        s.position.key()
                    );
                }
                // White plays the bot at a small budget (it heads for the king), Black at random.
                let next = if s.to_move() == Colour::White {
                    let mut clock = Clock::new(Limits::with_time(Duration::from_secs(30)), 600);
                    let mut r = Rng::new(seed);
                    best_move(&v, &s, &mut clock, &mut r)
                } else {
                    rng.pick(&legal).copied()
                };
                let Some(m) = next else { break };
                s = s.play(&v, m).next;
            }
        }
        assert!(found > 0, "some game reached a win in one");
    }

    #[test]
    fn a_power_not_to_move_has_nothing_to_decide() {
        let v = Variant::default();
        let s = DiplomatChessState::start(&v);
        let mut clock = Clock::new(Limits::default(), DEFAULT_NODES);
        assert!(decide(&v, &s, "Black", &mut clock, &mut Rng::new(1)).orders.is_empty());
        assert_eq!(colour_of(" white "), Some(Colour::White));
        assert_eq!(colour_of("red"), None);
    }
}
