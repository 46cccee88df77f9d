//! The message: candidate messages resolved against sampled messages of
//! the other players, by the rules' own resolution.

use super::moves::{candidates, worth, Danger};
use crate::limits::Clock;
use crate::rng::Rng;
use chessdip_rules::chess_wheel::{resolve_moves, Move, Seat, Space, State, START};

/// Samples of the other players' messages.
const PROFILES: usize = 6;

/// Candidate messages of the bot's own.
const CANDIDATES: usize = 12;

/// Noise of the bot's own candidates and of the others' samples.
const OWN_NOISE: f64 = 0.8;
const THEIR_NOISE: f64 = 1.0;

/// Up to `power` moves from `ranked` (best first, each worth perturbed by
/// `noise`): different pieces, different destinations, never onto a space
/// one of the chosen moves leaves (a chain could fail).
fn pick(ranked: &[(Move, f64)], power: usize, noise: f64, rng: &mut Rng) -> Vec<Move> {
    let mut scored: Vec<(Move, f64)> = ranked.iter().map(|&(m, w)| (m, w + noise * rng.unit())).collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut out: Vec<Move> = Vec::new();
    for (m, w) in scored {
        if out.len() >= power || w <= 0.0 {
            break;
        }
        let clash = out
            .iter()
            .any(|o| o.piece.space == m.piece.space || o.to == m.to || o.piece.space == m.to || o.to == m.piece.space);
        if !clash {
            out.push(m);
        }
    }
    out
}

/// What the position after a cycle is worth to `me`: its pieces (weighed)
/// and the starting spaces it has free to populate, less the strongest
/// other player's pieces.
fn score(s: &State, me: Seat) -> f64 {
    let mut mine = 0.0;
    let mut best_other: f64 = 0.0;
    let mut others = vec![0.0; s.players.len()];
    for p in &s.pieces {
        if p.owner == me {
            mine += worth(p.role);
        } else if let Some(o) = others.get_mut(usize::from(p.owner)) {
            *o += worth(p.role);
        }
    }
    for &o in &others {
        best_other = best_other.max(o);
    }
    let free = if s.has_board(me) {
        START.iter().filter_map(|&(_, f, r)| Space::on(me, f, r)).filter(|&sp| s.piece(sp).is_none()).count()
    } else {
        0
    };
    mine + 0.7 * free as f64 - 0.5 * best_other
}

/// `me`'s moves for this cycle of `s` (after its board actions).
pub(crate) fn message(s: &State, me: Seat, clock: &mut Clock, rng: &mut Rng) -> Vec<Move> {
    let power = s.movement_power();
    let mine = candidates(s, me, &Danger::new(s, me));
    if mine.is_empty() || power == 0 {
        return Vec::new();
    }
    // The others' likely messages.
    let others: Vec<(Seat, Vec<(Move, f64)>)> =
        s.seats().filter(|&x| x != me).map(|x| (x, candidates(s, x, &Danger::new(s, x)))).collect();
    let profiles: Vec<Vec<(Seat, Move)>> = (0..PROFILES)
        .map(|k| {
            let noise = if k == 0 { 0.0 } else { THEIR_NOISE };
            others.iter().flat_map(|(x, ranked)| pick(ranked, power, noise, rng).into_iter().map(|m| (*x, m))).collect()
        })
        .collect();
    let mut options: Vec<Vec<Move>> = vec![pick(&mine, power, 0.0, rng)];
    for _ in 1..CANDIDATES {
        let c = pick(&mine, power, OWN_NOISE, rng);
        if !options.contains(&c) {
            options.push(c);
        }
    }
    let mut best: (Vec<Move>, f64) = (options[0].clone(), f64::NEG_INFINITY);
    'candidates: for option in options {
        let mut total = 0.0;
        for profile in &profiles {
            if clock.out() {
                break 'candidates;
            }
            clock.tick(1);
            let moves: Vec<(Seat, usize, String, Move)> = option
                .iter()
                .map(|&m| (me, m))
                .chain(profile.iter().copied())
                .enumerate()
                .map(|(i, (x, m))| (x, i, String::new(), m))
                .collect();
            let (after, _, _) = resolve_moves(s, &moves);
            total += score(&after, me);
        }
        let mean = total / PROFILES as f64;
        if mean > best.1 {
            best = (option, mean);
        }
    }
    best.0
}
