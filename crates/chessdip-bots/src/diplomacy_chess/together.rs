//! A simultaneously progressive turn: up to n moves of different pieces,
//! all starting at the first tick, bounced pieces travelling back.
//!
//! The opponent's possible lists are sampled (random lists of different
//! pieces, and its greediest list); the bot builds its own list one move at
//! a time, adding the move that most improves its mean result against the
//! samples (each list resolved with the samples by the rules' own time
//! model), keeping only lists the rules accept as a whole, and stopping
//! when no move improves the list.

use super::basic;
use super::eval::{after_moves, other};
use crate::limits::Clock;
use crate::rng::Rng;
use chessdip_rules::diplomacy_chess::board::Position;
use chessdip_rules::diplomacy_chess::movegen::Move;
use chessdip_rules::diplomacy_chess::notation::san;
use chessdip_rules::diplomacy_chess::resolve::Return;
use chessdip_rules::diplomacy_chess::{DiplomacyChessState, Variant};
use chessdip_rules::{Side, Square};

/// How many opponent lists the bot plays against.
const SAMPLES: usize = 10;

/// How many candidate moves are weighed again at each addition.
const SHORTLIST: usize = 12;

/// Random lists of up to `n` moves of different pieces from `moves`, and
/// the list of the best moves alone (by `scores`).
fn samples(moves: &[(Move, f64)], n: usize, rng: &mut Rng) -> Vec<Vec<Move>> {
    let mut out = Vec::new();
    let distinct = |order: &mut dyn Iterator<Item = Move>| {
        let mut list: Vec<Move> = Vec::new();
        let mut used: Vec<Square> = Vec::new();
        for m in order {
            if list.len() >= n {
                break;
            }
            if !used.contains(&m.from) {
                used.push(m.from);
                list.push(m);
            }
        }
        list
    };
    out.push(distinct(&mut moves.iter().map(|&(m, _)| m)));
    for _ in 1..SAMPLES {
        let mut shuffled: Vec<Move> = moves.iter().map(|&(m, _)| m).collect();
        rng.shuffle(&mut shuffled);
        out.push(distinct(&mut shuffled.into_iter()));
    }
    out
}

/// The mean worth to `me` of `list` run with each sample.
fn mean_against(
    pos: &Position,
    list: &[Move],
    samples: &[Vec<Move>],
    me: Side,
    seen: &[String],
    clock: &mut Clock,
) -> f64 {
    let mut total = 0.0;
    for sample in samples {
        clock.tick(1);
        let moves: Vec<Move> = list.iter().chain(sample).copied().collect();
        total += after_moves(pos, &moves, Return::Travel, me, seen);
    }
    total / samples.len().max(1) as f64
}

/// `me`'s list for this turn of `s`, as texts.
pub(crate) fn plan(v: &Variant, s: &DiplomacyChessState, me: Side, clock: &mut Clock, rng: &mut Rng) -> Vec<String> {
    let n = v.mode.moves_in(s.turn);
    let pos = &s.position;
    if n <= 1 {
        let first = basic::choose(pos, me, Return::Travel, &s.seen, clock.max_nodes(), clock, rng);
        return first.map(|m| vec![san(pos, &m)]).unwrap_or_default();
    }
    let ours = basic::ordered(pos, me, Return::Travel, &s.seen, clock);
    let theirs = basic::ordered(pos, other(me), Return::Travel, &s.seen, clock);
    let samples = samples(&theirs, n, rng);
    let mut list: Vec<Move> = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    let mut current = mean_against(pos, &list, &samples, me, &s.seen, clock);
    // The first round weighs every move; later rounds the shortlist.
    let mut candidates: Vec<(Move, f64)> = ours
        .iter()
        .map(|&(m, _)| (m, mean_against(pos, &[m], &samples, me, &s.seen, clock) + rng.unit() * 1e-5))
        .collect();
    while list.len() < n && !clock.out() {
        candidates.retain(|(m, _)| !list.iter().any(|x| x.from == m.from));
        candidates.sort_by(|a, b| b.1.total_cmp(&a.1));
        candidates.truncate(SHORTLIST);
        if !list.is_empty() {
            for c in &mut candidates {
                let with: Vec<Move> = list.iter().copied().chain([c.0]).collect();
                c.1 = mean_against(pos, &with, &samples, me, &s.seen, clock) + rng.unit() * 1e-5;
            }
            candidates.sort_by(|a, b| b.1.total_cmp(&a.1));
        }
        let mut added = false;
        for &(m, value) in &candidates {
            if value <= current + 1e-4 {
                break;
            }
            let mut with = texts.clone();
            with.push(san(pos, &m));
            if super::accepted(v, s, me, &with).is_some() {
                list.push(m);
                texts = with;
                current = value;
                added = true;
                break;
            }
        }
        if !added {
            break;
        }
    }
    texts
}
