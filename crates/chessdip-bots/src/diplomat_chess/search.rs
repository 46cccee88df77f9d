//! Negamax with alpha-beta pruning, iterative deepening, a transposition
//! table, killer moves and a quiescence search over captures, suborns and
//! promotions. A side with no legal move has lost (checkmate and stalemate
//! both win for the side that delivers them); bare kings and a position
//! repeated on the search path are draws.

use std::collections::HashMap;

use super::eval::{evaluate, value, Keys, WIN};
use crate::limits::Clock;
use chessdip_rules::diplomat_chess::{Kind, Move, Position, SubornRule, Variant};

/// What the table remembers of a searched position.
#[derive(Copy, Clone, Debug)]
struct Entry {
    depth: i32,
    score: i32,
    bound: Bound,
    best: Option<Move>,
}

/// What a stored score says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    /// At least this (a cut-off).
    Lower,
    /// At most this (nothing better found).
    Upper,
}

/// The deepest quiescence search below the nominal depth.
const QUIESCENCE_PLIES: i32 = 8;

/// The most positions the table keeps before it starts again.
const TABLE_SIZE: usize = 400_000;

/// A search over one decision.
#[derive(Debug)]
pub struct Search<'a> {
    v: &'a Variant,
    clock: &'a mut Clock,
    keys: Keys,
    table: HashMap<u64, Entry>,
    killers: Vec<[Option<Move>; 2]>,
    path: Vec<u64>,
    /// Set when the budget ran out: every score after it is unusable.
    pub stopped: bool,
}

impl<'a> Search<'a> {
    /// A search of `v` on `clock`'s budget.
    pub fn new(v: &'a Variant, clock: &'a mut Clock) -> Search<'a> {
        Search {
            v,
            clock,
            keys: Keys::new(),
            table: HashMap::new(),
            killers: vec![[None; 2]; 128],
            path: Vec::new(),
            stopped: false,
        }
    }

    /// Counts a node; true when the budget is spent.
    fn spent(&mut self) -> bool {
        self.clock.tick(1);
        if self.clock.nodes() % 64 == 0 && self.clock.out() {
            self.stopped = true;
        }
        self.stopped
    }

    /// What a move gains at once (for ordering and the quiescence search).
    fn gain(&self, pos: &Position, m: Move) -> i32 {
        match m {
            Move::Step { from, to, promotion } => {
                let victim = pos.piece(to).map_or(0, |p| value(p.kind));
                let mover = pos.piece(from).map_or(0, |p| value(p.kind));
                let promo = promotion.map_or(0, |k| value(k) - value(Kind::Pawn));
                if victim > 0 {
                    victim * 10 - mover / 10 + promo
                } else {
                    promo
                }
            }
            Move::Suborn { target, .. } => {
                let victim = pos.piece(target).map_or(0, |p| value(p.kind));
                match self.v.suborn_rule() {
                    SubornRule::Convert => victim * 20,
                    SubornRule::Remove | SubornRule::Drop => victim * 10,
                }
            }
            Move::Drop { .. } => 0,
        }
    }

    /// `moves` ordered best first: the table's move, gains, killers.
    fn order(&self, pos: &Position, moves: &mut [Move], best: Option<Move>, ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        moves.sort_by_cached_key(|&m| {
            let k = if Some(m) == best {
                1_000_000
            } else if let g @ 1.. = self.gain(pos, m) {
                100_000 + g
            } else if killers.contains(&Some(m)) {
                50_000
            } else {
                0
            };
            -k
        });
    }

    /// The value of `pos` to its side to move, searched `depth` plies.
    pub fn negamax(&mut self, pos: &Position, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if self.spent() {
            return 0;
        }
        if pos.bare_kings() {
            return 0;
        }
        let hash = self.keys.hash(pos);
        if ply > 0 && self.path.contains(&hash) {
            return 0;
        }
        let me = pos.to_move();
        let in_check = pos.in_check(me);
        // A check is searched a ply deeper: mates hide behind checks.
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        let entry = self.table.get(&hash).copied();
        if let Some(e) = entry.filter(|e| e.depth >= depth && ply > 0) {
            match e.bound {
                Bound::Exact => return e.score,
                Bound::Lower if e.score >= beta => return e.score,
                Bound::Upper if e.score <= alpha => return e.score,
                _ => {}
            }
        }
        let mut moves = pos.pseudo_moves(self.v);
        self.order(pos, &mut moves, entry.and_then(|e| e.best), ply);
        let alpha0 = alpha;
        let mut best_score = -WIN - 1;
        let mut best_move = None;
        let mut legal = 0;
        self.path.push(hash);
        for m in moves {
            let (child, _) = pos.play(self.v, m);
            if child.in_check(me) {
                continue;
            }
            legal += 1;
            let score = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha);
            if self.stopped {
                self.path.pop();
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if self.gain(pos, m) == 0 {
                    if let Some(k) = self.killers.get_mut(ply) {
                        if k[0] != Some(m) {
                            k[1] = k[0];
                            k[0] = Some(m);
                        }
                    }
                }
                break;
            }
        }
        self.path.pop();
        if legal == 0 {
            // No legal move: checkmated or stalemated, lost either way.
            return -WIN + i32::try_from(ply).unwrap_or(0);
        }
        let bound = if best_score <= alpha0 {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.table.len() >= TABLE_SIZE {
            self.table.clear();
        }
        self.table.insert(hash, Entry { depth, score: best_score, bound, best: best_move });
        best_score
    }

    /// Captures, suborns and promotions until the position is quiet.
    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize, q: i32) -> i32 {
        if self.spent() {
            return 0;
        }
        let stand = evaluate(pos);
        if stand >= beta || q >= QUIESCENCE_PLIES {
            return stand;
        }
        alpha = alpha.max(stand);
        let me = pos.to_move();
        let mut moves: Vec<Move> = pos.pseudo_moves(self.v).into_iter().filter(|&m| self.gain(pos, m) > 0).collect();
        self.order(pos, &mut moves, None, ply);
        for m in moves {
            let (child, _) = pos.play(self.v, m);
            if child.in_check(me) {
                continue;
            }
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1, q + 1);
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// Puts a position on the search path (the root, before its moves are searched).
    pub fn enter(&mut self, hash: u64) {
        self.path.push(hash);
    }

    /// Takes the last position off the search path.
    pub fn leave(&mut self) {
        self.path.pop();
    }

    /// The hash of a position (for the caller's own repetition checks).
    pub fn hash(&self, pos: &Position) -> u64 {
        self.keys.hash(pos)
    }
}
