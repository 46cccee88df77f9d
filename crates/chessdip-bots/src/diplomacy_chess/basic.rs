//! One simultaneous move against another: the matrix game of a basic turn.
//!
//! Every legal move of each side is first scored alone (the other side
//! standing still) to order them; then every pair of the best of them is
//! resolved by the rules' own time model and the position it leads to
//! evaluated ([`super::eval::after_moves`]). The most promising of the
//! bot's moves are then looked at a turn deeper: each position they lead
//! to is worth what the bot's best next move wins on average against every
//! reply there (so a check that wins the king next turn whatever the
//! opponent does is seen as the win it is). Regret matching finds the
//! opponent's equilibrium mix over its moves; the bot plays the move with
//! the best payoff against a blend of that mix and of every opponent move
//! alike (which is what a random or careless opponent plays). The budget
//! decides how many pairs are resolved: the best-ordered first.

use super::eval::{after_moves, other, step, Step};
use crate::limits::Clock;
use crate::matrix::Matrix;
use crate::rng::Rng;
use chessdip_rules::diplomacy_chess::board::Position;
use chessdip_rules::diplomacy_chess::movegen::{legal_moves, Move, Rules};
use chessdip_rules::diplomacy_chess::resolve::Return;
use chessdip_rules::Side;

/// Regret-matching rounds for the matrix game.
const ROUNDS: usize = 600;

/// How much the equilibrium mix counts against the uniform one.
const EQUILIBRIUM_WEIGHT: f64 = 0.75;

/// A turn deeper, how much the opponent's best reply counts against the
/// mean of its replies (a careless opponent's).
const WORST_WEIGHT: f64 = 0.75;

/// Moves whose payoff is within this of the best are all good enough: the
/// bot plays one of them at random (from the seed), so that two bots do
/// not play the same game every time and the bot is harder to predict.
const GOOD_ENOUGH: f64 = 0.02;

/// How many of the bot's best moves are looked at a turn deeper.
const DEEPER_ROWS: usize = 6;

/// At the deeper turn: the bot's moves tried, and the opponent's replies
/// each is met with.
const DEEPER_OURS: usize = 8;
const DEEPER_THEIRS: usize = 16;

/// `side`'s legal moves in `pos`, best alone first, with their utilities.
pub(crate) fn ordered(pos: &Position, side: Side, ret: Return, seen: &[String], clock: &mut Clock) -> Vec<(Move, f64)> {
    let mut out: Vec<(Move, f64)> = legal_moves(pos, side, Rules::Orders)
        .into_iter()
        .map(|m| {
            clock.tick(1);
            (m, after_moves(pos, &[m], ret, side, seen))
        })
        .collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}

/// What `pos` is worth to `me` a turn on: the best mean, over `me`'s best
/// moves, against the opponent's replies (a sample of them when there are
/// many). `None` if the budget ran out.
fn next_turn(pos: &Position, me: Side, ret: Return, seen: &[String], clock: &mut Clock) -> Option<f64> {
    let ours = ordered(pos, me, ret, seen, clock);
    let all: Vec<Move> = legal_moves(pos, other(me), Rules::Orders);
    // Every reply that takes the king, then an even spread of the others (deterministic).
    let king = pos.king(me);
    let mut theirs: Vec<Move> = all.iter().copied().filter(|m| Some(m.to) == king).collect();
    let rest: Vec<Move> = all.iter().copied().filter(|m| Some(m.to) != king).collect();
    let want = DEEPER_THEIRS.saturating_sub(theirs.len()).max(1);
    if rest.len() > want {
        let step = rest.len() as f64 / want as f64;
        theirs.extend((0..want).map(|k| rest[(k as f64 * step) as usize]));
    } else {
        theirs.extend(rest);
    }
    let mut best: Option<f64> = None;
    for &(mine, _) in ours.iter().take(DEEPER_OURS) {
        let mut total = 0.0;
        let mut worst = f64::INFINITY;
        for &reply in &theirs {
            if clock.out() {
                return None;
            }
            clock.tick(1);
            let v = after_moves(pos, &[mine, reply], ret, me, seen);
            total += v;
            worst = worst.min(v);
        }
        let value = if theirs.is_empty() {
            after_moves(pos, &[mine], ret, me, seen)
        } else {
            // Half what a careless reply gives, half what the best reply does.
            (1.0 - WORST_WEIGHT) * total / theirs.len() as f64 + WORST_WEIGHT * worst
        };
        best = Some(best.map_or(value, |b: f64| b.max(value)));
    }
    // Without a move of its own the position stands as it is.
    best.or_else(|| Some(after_moves(pos, &[], ret, me, seen)))
}

/// `me`'s move in `pos` against the other side's simultaneous move, using at
/// most `allowance` nodes; `None` without a legal move.
pub(crate) fn choose(
    pos: &Position,
    me: Side,
    ret: Return,
    seen: &[String],
    allowance: u64,
    clock: &mut Clock,
    rng: &mut Rng,
) -> Option<Move> {
    let start = clock.nodes();
    let ours = ordered(pos, me, ret, seen, clock);
    if ours.len() <= 1 {
        return ours.first().map(|&(m, _)| m);
    }
    let theirs = ordered(pos, other(me), ret, seen, clock);
    // A third of the budget for the matrix, the rest for looking deeper.
    let left = (allowance / 3).saturating_sub(clock.nodes() - start).max(1);
    let cols = theirs.len().max(1);
    let mut rows = ours.len().min(usize::try_from(left / cols as u64).unwrap_or(usize::MAX)).max(2);
    let cols = if rows < ours.len().min(8) {
        // Too little for every reply: a square of the best of both.
        let side = (left as f64).sqrt().floor() as usize;
        rows = ours.len().min(side.max(2));
        cols.min(side.max(1))
    } else {
        cols
    };
    let mut m = Matrix::new(rows, cols);
    let mut filled = 0;
    'rows: for (r, &(mine, _)) in ours.iter().take(rows).enumerate() {
        for c in 0..cols {
            if clock.out() {
                break 'rows;
            }
            clock.tick(1);
            let moves: Vec<Move> = std::iter::once(mine).chain(theirs.get(c).map(|t| t.0)).collect();
            m.set(r, c, after_moves(pos, &moves, ret, me, seen));
        }
        filled = r + 1;
    }
    if filled == 0 {
        return ours.first().map(|&(m, _)| m);
    }
    let mut done = Matrix::new(filled, cols);
    for r in 0..filled {
        for c in 0..cols {
            done.set(r, c, m.get(r, c));
        }
    }
    let blend = |mx: &Matrix, mix: &[f64], r: usize| {
        EQUILIBRIUM_WEIGHT * mx.row_value(r, mix) + (1.0 - EQUILIBRIUM_WEIGHT) * mx.row_mean(r)
    };
    let (_, their_mix) = done.solve(ROUNDS);
    let mut scored: Vec<(usize, f64)> = (0..filled).map(|r| (r, blend(&done, &their_mix, r))).collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    // A turn deeper for the best rows: each unfinished cell becomes the next turn's worth.
    let deep_rows: Vec<usize> = scored.iter().take(DEEPER_ROWS).map(|&(r, _)| r).collect();
    let mut deep = Matrix::new(deep_rows.len(), cols);
    let mut complete = 0;
    'deep: for (k, &r) in deep_rows.iter().enumerate() {
        for c in 0..cols {
            let moves: Vec<Move> = std::iter::once(ours[r].0).chain(theirs.get(c).map(|t| t.0)).collect();
            let value = match step(pos, &moves, ret, me, seen) {
                Step::Ended(ended) => ended,
                Step::On(after) => match next_turn(&after, me, ret, seen, clock) {
                    Some(v) => v,
                    None => break 'deep,
                },
            };
            deep.set(k, c, value);
        }
        complete = k + 1;
    }
    let best = if complete >= 2 {
        // The deeper values decide among the rows looked at in full.
        let mut sub = Matrix::new(complete, cols);
        for k in 0..complete {
            for c in 0..cols {
                sub.set(k, c, deep.get(k, c));
            }
        }
        let (_, mix) = sub.solve(ROUNDS);
        let values: Vec<(usize, f64)> = (0..complete).map(|k| (deep_rows[k], blend(&sub, &mix, k))).collect();
        one_of_the_best(&values, rng)
    } else {
        one_of_the_best(&scored, rng)
    };
    Some(ours[best].0)
}

/// One of the rows whose value is within [`GOOD_ENOUGH`] of the best,
/// uniformly from the seed (row 0 if there are none).
fn one_of_the_best(values: &[(usize, f64)], rng: &mut Rng) -> usize {
    let top = values.iter().map(|v| v.1).fold(f64::NEG_INFINITY, f64::max);
    let good: Vec<usize> = values.iter().filter(|v| v.1 >= top - GOOD_ENOUGH).map(|v| v.0).collect();
    rng.pick(&good).copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pick_is_among_the_best_and_varies_with_the_seed() {
        let values = [(0, 0.10), (1, 0.50), (2, 0.49), (3, 0.2)];
        let mut seen = [false; 4];
        for seed in 0..40 {
            let r = one_of_the_best(&values, &mut Rng::new(seed));
            assert!(r == 1 || r == 2, "{r}");
            seen[r] = true;
        }
        assert!(seen[1] && seen[2], "both near-best rows are played");
        assert_eq!(one_of_the_best(&[], &mut Rng::new(1)), 0);
    }
}
