//! The time model: simultaneous moves resolved tick by tick.
//!
//! Every moving piece enters one square of its line per tick (a knight's
//! jump takes one tick and touches only its landing square; castling moves
//! king and rook together, each one square per tick). Within a tick:
//! - two pieces entering one square, or swapping squares, both fail — except
//!   two enemies both *landing* there: equal rank both fail, otherwise the
//!   higher rank (K>Q>R>B=N>P) takes the lower;
//! - a piece entering a square held by a piece that stands (never moved,
//!   or failed and is back) fails, unless it lands there and takes it; a
//!   pawn moving straight never takes;
//! - a piece entering a square where a piece has already landed fails,
//!   unless it lands there too: then the rank rule decides;
//! - a piece meeting a bounced piece on its way back fails.
//!
//! A failed piece goes back to its square: at once ([`Return::Instant`],
//! basic and progressive modes: "a failed piece stays where it was"), or
//! travelling back along its line at the same speed, turning round at the
//! moment it would have entered the square where it failed
//! ([`Return::Travel`], the simultaneously progressive mode). A bounced
//! piece is never stopped on its way back; an enemy that landed on its
//! square meanwhile takes it when it gets there.
//!
//! After the last tick, a king that landed on a square attacked in the new
//! position fails: it is then treated as if it had never left (its move
//! fails at the first tick) and the turn is resolved again, until no king
//! lands on an attacked square. En passant takes the pawn beside the
//! landing square if that pawn is still there at the end.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{opponent, rank_of, Piece, Position};
use super::movegen::{Move, MoveKind};
use crate::rules::Side;
use crate::rules::{Role, Square};

/// How a failed piece gets back to its square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Return {
    /// At once: from the tick its move fails it stands on its square again.
    Instant,
    /// Back along its line, one square per tick.
    Travel,
}

/// What happened to one move (indexes name other moves of the same resolution).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fate {
    /// It was carried out.
    Moved,
    /// A piece that stands (or has already landed) was in the way.
    Blocked {
        /// Where.
        at: Square,
    },
    /// It met another moving piece on a square at the same tick.
    Met {
        /// Where.
        at: Square,
        /// The other move.
        other: usize,
    },
    /// It tried to swap squares with another moving piece.
    Swapped {
        /// The other move.
        other: usize,
    },
    /// Another piece of equal rank landed on the same square.
    EqualRank {
        /// Where.
        at: Square,
        /// The other move.
        other: usize,
    },
    /// A higher-ranked piece landing on the same square took it.
    TakenBy {
        /// Where.
        at: Square,
        /// The other move.
        other: usize,
    },
    /// It met a piece travelling back after its own move failed.
    MetReturning {
        /// Where.
        at: Square,
        /// The bounced piece's move.
        other: usize,
    },
    /// A king's landing square would be attacked after the turn.
    KingInCheck {
        /// The landing square.
        on: Square,
    },
    /// The other half of a castling failed.
    Partner,
}

impl Fate {
    /// Whether the move was carried out.
    #[must_use]
    pub fn succeeded(self) -> bool {
        self == Fate::Moved
    }
}

/// A piece taken during the resolution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Taken {
    /// The piece.
    pub piece: Piece,
    /// Its square when the resolution started.
    pub home: Square,
    /// Where it was taken.
    pub at: Square,
    /// The move that took it.
    pub by: usize,
}

/// The result of resolving a set of simultaneous moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Per move, what happened.
    pub fates: Vec<Fate>,
    /// Pieces taken, in the order it happened.
    pub taken: Vec<Taken>,
    /// The position afterwards (castling rights updated, two-square
    /// advances of this resolution recorded).
    pub after: Position,
    /// How many ticks it took.
    pub ticks: u32,
}

impl fmt::Display for Fate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fate::Moved => f.write_str("moved"),
            Fate::Blocked { at } => write!(f, "blocked at {at}"),
            Fate::Met { at, .. } => write!(f, "met another piece at {at}"),
            Fate::Swapped { .. } => f.write_str("ran head-on into a piece coming the other way"),
            Fate::EqualRank { at, .. } => write!(f, "conflict at {at} (equal rank)"),
            Fate::TakenBy { at, .. } => write!(f, "taken on {at}"),
            Fate::MetReturning { at, .. } => write!(f, "met a piece returning to its square at {at}"),
            Fate::KingInCheck { on } => write!(f, "king would be in check on {on}"),
            Fate::Partner => f.write_str("the other half of the castling failed"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum St {
    Moving,
    Arrived,
    Returning(usize),
    Home,
    Captured,
}

#[derive(Clone, Debug)]
struct Mover {
    mv: usize,
    body: usize,
    side: Side,
    rank: u8,
    from: Square,
    path: Vec<Square>,
    advance: bool,
    st: St,
    fate: Fate,
}

impl Mover {
    fn at_index(&self, k: usize) -> Square {
        if k == 0 {
            self.from
        } else {
            self.path[(k - 1).min(self.path.len() - 1)]
        }
    }

    fn dest(&self) -> Square {
        self.at_index(self.path.len())
    }

    /// Where it is at the end of tick `t` (as far as decided).
    fn square(&self, t: usize) -> Option<Square> {
        match self.st {
            St::Moving => Some(self.at_index(t)),
            St::Arrived => Some(self.dest()),
            St::Returning(j) => Some(self.at_index(j)),
            St::Home => Some(self.from),
            St::Captured => None,
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Body {
    piece: Piece,
    home: Square,
    mover: Option<usize>,
    alive: bool,
}

enum Event {
    Fail(usize, Fate),
    TakenBy(usize, usize, Square),
    Takes(usize, Target, Square),
}

#[derive(Clone, Copy)]
enum Target {
    Body(usize),
    Mover(usize),
}

/// Resolves `moves` (legal in `pos`, any number per side) together.
#[must_use]
pub fn resolve(pos: &Position, moves: &[Move], ret: Return) -> Outcome {
    match forced_kings(pos, moves, ret) {
        (Some(out), _) => out,
        (None, forced) => simulate(pos, moves, ret, &forced, None),
    }
}

/// Runs the resolution until no king lands on an attacked square, forcing
/// such kings home: the settled outcome (`None` when the runs never
/// settled) and the kings forced home.
fn forced_kings(pos: &Position, moves: &[Move], ret: Return) -> (Option<Outcome>, Vec<Option<Square>>) {
    let mut forced: Vec<Option<Square>> = vec![None; moves.len()];
    for _ in 0..=moves.len() {
        let out = simulate(pos, moves, ret, &forced, None);
        let mut again = false;
        for (i, m) in moves.iter().enumerate() {
            if m.role == Role::King && out.fates[i] == Fate::Moved && out.after.is_attacked(m.to, opponent(m.side)) {
                forced[i] = Some(m.to);
                again = true;
            }
        }
        if !again {
            return (Some(out), forced);
        }
    }
    (None, forced)
}

/// Where every moving piece of a resolution was, tick by tick: a read-only
/// record of the same run [`resolve`] makes (for pictures of it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trace {
    /// The moving pieces (castling has two), in the order of their moves.
    pub pieces: Vec<TracedPiece>,
    /// For each entry of [`Outcome::taken`], the tick it was taken at (en
    /// passant, which is judged after the last tick: the last tick).
    pub taken_at: Vec<u32>,
}

/// One moving piece of a [`Trace`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TracedPiece {
    /// Index of its move.
    pub mv: usize,
    /// The piece (a promoting pawn is a pawn).
    pub piece: Piece,
    /// Its square at the start.
    pub from: Square,
    /// The squares it enters, one per tick (its line).
    pub path: Vec<Square>,
    /// Where it is at the end of every tick, from tick 0 (the start) to the
    /// last tick; `None` once it has been taken.
    pub at: Vec<Option<Square>>,
    /// The tick at which it turned back (its move failed): 0 for a king
    /// whose landing square is attacked after the turn (it never leaves).
    pub turned: Option<u32>,
}

/// [`resolve`], with the [`Trace`] of its run.
#[must_use]
pub fn resolve_traced(pos: &Position, moves: &[Move], ret: Return) -> (Outcome, Trace) {
    let (_, forced) = forced_kings(pos, moves, ret);
    let mut trace = Trace::default();
    let out = simulate(pos, moves, ret, &forced, Some(&mut trace));
    (out, trace)
}

fn simulate(
    pos: &Position,
    moves: &[Move],
    ret: Return,
    forced: &[Option<Square>],
    mut trace: Option<&mut Trace>,
) -> Outcome {
    let mut bodies: Vec<Body> =
        pos.pieces().map(|(s, piece)| Body { piece, home: s, mover: None, alive: true }).collect();
    let body_at = |bodies: &[Body], s: Square| bodies.iter().position(|b| b.home == s);
    let mut movers: Vec<Mover> = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let mut parts = vec![(m.from, m.path(), m.role)];
        if let Some((rf, rp)) = m.rook_path() {
            parts.push((rf, rp, Role::Rook));
        }
        for (from, path, role) in parts {
            let Some(b) = body_at(&bodies, from) else { continue };
            if bodies[b].mover.is_some() || path.is_empty() {
                continue;
            }
            bodies[b].mover = Some(movers.len());
            let (st, fate) = match forced[i] {
                Some(on) => (St::Home, if role == Role::King { Fate::KingInCheck { on } } else { Fate::Partner }),
                None => (St::Moving, Fate::Moved),
            };
            movers.push(Mover {
                mv: i,
                body: b,
                side: m.side,
                rank: rank_of(role),
                from,
                path,
                advance: role == Role::Pawn && m.from.file() == m.to.file(),
                st,
                fate,
            });
        }
    }
    let mut taken: Vec<Taken> = Vec::new();
    let mut t = 0usize;
    if let Some(tr) = trace.as_deref_mut() {
        tr.pieces = movers
            .iter()
            .map(|m| TracedPiece {
                mv: m.mv,
                piece: bodies[m.body].piece,
                from: m.from,
                path: m.path.clone(),
                at: vec![Some(m.from)],
                turned: (m.st == St::Home).then_some(0),
            })
            .collect();
    }
    while movers.iter().any(|m| matches!(m.st, St::Moving | St::Returning(_))) && t < 64 {
        t += 1;
        let was: Vec<St> = if trace.is_some() { movers.iter().map(|m| m.st).collect() } else { Vec::new() };
        let prev: Vec<Option<Square>> = movers.iter().map(|m| m.square(t - 1)).collect();
        for m in &mut movers {
            if let St::Returning(j) = m.st {
                m.st = if j <= 1 { St::Home } else { St::Returning(j - 1) };
            }
        }
        // Failures first, until none; then captures; then failures again if any appear.
        loop {
            let events = detect(t, &movers, &bodies, &prev);
            let fails: Vec<&Event> =
                events.iter().filter(|e| matches!(e, Event::Fail(..) | Event::TakenBy(..))).collect();
            let chosen: Vec<&Event> = if fails.is_empty() { events.iter().collect() } else { fails };
            if chosen.is_empty() {
                break;
            }
            let mut changed = false;
            for e in chosen {
                changed |= apply(e, t, ret, &mut movers, &mut bodies, &mut taken);
            }
            if !changed {
                break;
            }
        }
        for m in &mut movers {
            if m.st == St::Moving && t >= m.path.len() {
                m.st = St::Arrived;
            }
        }
        if let Some(tr) = trace.as_deref_mut() {
            record(tr, &movers, &was, t, taken.len());
        }
    }
    // En passant: the pawn beside the landing square, if it is still there.
    let landed: Vec<(usize, Square)> = movers
        .iter()
        .filter(|m| m.st == St::Arrived)
        .filter_map(|m| match moves[m.mv].kind {
            MoveKind::EnPassant { captured } => Some((m.mv, captured)),
            _ => None,
        })
        .collect();
    for (mv, captured) in landed {
        let Some(v) = body_at(&bodies, captured) else { continue };
        let still = bodies[v].alive && bodies[v].mover.is_none_or(|k| movers[k].st == St::Home);
        if still {
            bodies[v].alive = false;
            if let Some(k) = bodies[v].mover {
                movers[k].st = St::Captured;
            }
            taken.push(Taken { piece: bodies[v].piece, home: captured, at: captured, by: mv });
        }
    }
    if let Some(tr) = trace {
        tr.taken_at.resize(taken.len(), t as u32);
    }
    // Moves: the worst fate of their pieces (castling: a partner's own reason first).
    let mut fates = vec![Fate::Moved; moves.len()];
    for (i, f) in fates.iter_mut().enumerate() {
        let mine: Vec<Fate> = movers.iter().filter(|m| m.mv == i).map(|m| m.fate).collect();
        *f = mine
            .iter()
            .copied()
            .find(|x| !x.succeeded() && *x != Fate::Partner)
            .or_else(|| mine.iter().copied().find(|x| !x.succeeded()))
            .unwrap_or(Fate::Moved);
    }
    let after = final_position(pos, moves, &movers, &bodies, &taken);
    Outcome { fates, taken, after, ticks: t as u32 }
}

/// Writes the end of tick `t` into the trace: each piece's square, the
/// pieces that turned back at it, and the tick of the captures made in it.
fn record(tr: &mut Trace, movers: &[Mover], was: &[St], t: usize, taken: usize) {
    for ((p, m), before) in tr.pieces.iter_mut().zip(movers).zip(was) {
        p.at.push(m.square(t));
        let out = matches!(before, St::Moving | St::Arrived);
        if out && matches!(m.st, St::Returning(_) | St::Home) {
            p.turned = Some(t as u32);
        }
    }
    tr.taken_at.resize(taken, t as u32);
}

fn final_position(pos: &Position, moves: &[Move], movers: &[Mover], bodies: &[Body], taken: &[Taken]) -> Position {
    let mut after = Position::empty();
    after.castling = pos.castling;
    for b in bodies.iter().filter(|b| b.alive) {
        match b.mover.map(|k| &movers[k]) {
            None => after.set(b.home, Some(b.piece)),
            Some(m) if m.st == St::Home => after.set(b.home, Some(b.piece)),
            _ => {}
        }
    }
    for m in movers.iter().filter(|m| m.st == St::Arrived) {
        let b = bodies[m.body];
        let mv = &moves[m.mv];
        let piece = if b.piece.role == Role::Pawn {
            Piece::new(b.piece.side, mv.promotion.unwrap_or(Role::Pawn))
        } else {
            b.piece
        };
        after.set(m.dest(), Some(piece));
        after.castling.touch(m.from);
        if mv.kind == MoveKind::DoubleStep {
            after.double_steps.push((mv.from, mv.to));
        }
    }
    for t in taken {
        after.castling.touch(t.at);
        after.castling.touch(t.home);
    }
    // Rights also need the king and rook on their squares.
    after.drop_lost_castling();
    after
}

fn same_group(movers: &[Mover], a: usize, b: usize) -> bool {
    movers[a].mv == movers[b].mv
}

fn detect(t: usize, movers: &[Mover], bodies: &[Body], prev: &[Option<Square>]) -> Vec<Event> {
    let mut events = Vec::new();
    let mut extra = Vec::new();
    for (i, m) in movers.iter().enumerate() {
        if m.st != St::Moving {
            continue;
        }
        let x = m.at_index(t);
        let y = m.at_index(t - 1);
        let lands = t == m.path.len();
        let mut fail: Option<Fate> = None;
        let mut taken_by: Option<usize> = None;
        let mut takes: Option<Target> = None;
        // Pieces that stand on x: never moved, or back home.
        for (bi, b) in bodies.iter().enumerate() {
            if !b.alive || b.home != x {
                continue;
            }
            let standing = match b.mover {
                None => true,
                Some(k) => movers[k].st == St::Home && k != i,
            };
            if !standing {
                continue;
            }
            if lands && b.piece.side != m.side && !m.advance {
                takes = Some(match b.mover {
                    Some(k) => Target::Mover(k),
                    None => Target::Body(bi),
                });
            } else {
                // A piece back home after its own move failed: name it.
                let f = match b.mover {
                    Some(k) if !matches!(movers[k].fate, Fate::KingInCheck { .. }) => {
                        Fate::MetReturning { at: x, other: movers[k].mv }
                    }
                    _ => Fate::Blocked { at: x },
                };
                fail.get_or_insert(f);
            }
        }
        for (k, n) in movers.iter().enumerate() {
            if k == i || same_group(movers, i, k) {
                continue;
            }
            match n.st {
                St::Arrived if n.dest() == x => {
                    if !lands || n.side == m.side {
                        fail.get_or_insert(Fate::Blocked { at: x });
                    } else {
                        rank_rule(m, n, k, x, &mut fail, &mut taken_by, &mut takes);
                        if m.rank == n.rank {
                            extra.push(Event::Fail(k, Fate::EqualRank { at: x, other: m.mv }));
                        }
                    }
                }
                St::Moving if n.at_index(t) == x => {
                    let both_land = lands && t == n.path.len() && n.side != m.side;
                    if both_land {
                        rank_rule(m, n, k, x, &mut fail, &mut taken_by, &mut takes);
                    } else {
                        fail.get_or_insert(Fate::Met { at: x, other: n.mv });
                    }
                }
                St::Returning(j) if n.at_index(j) == x => {
                    fail.get_or_insert(Fate::MetReturning { at: x, other: n.mv });
                }
                _ => {}
            }
            // Swaps: n goes from x to y while m goes from y to x.
            if prev[k] == Some(x) && n.square(t) == Some(y) && n.st != St::Captured {
                fail.get_or_insert(if n.st == St::Moving {
                    Fate::Swapped { other: n.mv }
                } else {
                    Fate::MetReturning { at: x, other: n.mv }
                });
            }
        }
        if let Some(f) = fail {
            events.push(Event::Fail(i, f));
        } else if let Some(k) = taken_by {
            events.push(Event::TakenBy(i, k, x));
        } else if let Some(target) = takes {
            events.push(Event::Takes(i, target, x));
        }
    }
    events.append(&mut extra);
    // A bounced piece back home where an enemy has landed is taken by it; an
    // own piece that landed there fails.
    for (i, h) in movers.iter().enumerate() {
        if h.st != St::Home || !bodies[h.body].alive {
            continue;
        }
        for (k, a) in movers.iter().enumerate() {
            if k != i && a.st == St::Arrived && a.dest() == h.from && !same_group(movers, i, k) {
                if a.side == h.side {
                    events.push(Event::Fail(k, Fate::Blocked { at: h.from }));
                } else if !a.advance {
                    events.push(Event::Takes(k, Target::Mover(i), h.from));
                } else {
                    events.push(Event::Fail(k, Fate::Blocked { at: h.from }));
                }
            }
        }
    }
    events
}

/// Two enemies landing on `x`: equal rank both fail, else the higher takes the lower.
fn rank_rule(
    m: &Mover,
    n: &Mover,
    k: usize,
    x: Square,
    fail: &mut Option<Fate>,
    taken_by: &mut Option<usize>,
    takes: &mut Option<Target>,
) {
    match m.rank.cmp(&n.rank) {
        std::cmp::Ordering::Equal => {
            fail.get_or_insert(Fate::EqualRank { at: x, other: n.mv });
        }
        std::cmp::Ordering::Greater => *takes = Some(Target::Mover(k)),
        std::cmp::Ordering::Less => *taken_by = Some(k),
    }
}

/// Sends a failed mover back (at once or along its line).
fn bounce(m: &mut Mover, t: usize, ret: Return, fate: Fate) {
    let j = match (ret, m.st) {
        (Return::Instant, _) => 0,
        (Return::Travel, St::Moving) => t.saturating_sub(2),
        (Return::Travel, _) => m.path.len().saturating_sub(1),
    };
    m.st = if j == 0 { St::Home } else { St::Returning(j) };
    m.fate = fate;
}

fn apply(e: &Event, t: usize, ret: Return, movers: &mut [Mover], bodies: &mut [Body], taken: &mut Vec<Taken>) -> bool {
    match *e {
        Event::Fail(i, fate) => {
            if !matches!(movers[i].st, St::Moving | St::Arrived) {
                return false;
            }
            bounce(&mut movers[i], t, ret, fate);
            let group = movers[i].mv;
            for p in movers.iter_mut() {
                if p.mv == group && matches!(p.st, St::Moving | St::Arrived) {
                    bounce(p, t, ret, Fate::Partner);
                }
            }
            true
        }
        Event::TakenBy(i, k, at) => {
            if matches!(movers[i].st, St::Captured) || !matches!(movers[k].st, St::Moving | St::Arrived) {
                return false;
            }
            let other = movers[k].mv;
            capture_mover(movers, bodies, taken, i, at, other);
            movers[i].fate = Fate::TakenBy { at, other };
            fail_partners(movers, i, t, ret);
            true
        }
        Event::Takes(i, target, at) => {
            if !matches!(movers[i].st, St::Moving | St::Arrived) {
                return false;
            }
            let by = movers[i].mv;
            match target {
                Target::Body(b) => {
                    if !bodies[b].alive {
                        return false;
                    }
                    bodies[b].alive = false;
                    taken.push(Taken { piece: bodies[b].piece, home: bodies[b].home, at, by });
                }
                Target::Mover(k) => {
                    if movers[k].st == St::Captured {
                        return false;
                    }
                    let was = movers[k].st;
                    capture_mover(movers, bodies, taken, k, at, by);
                    if matches!(was, St::Moving | St::Arrived) {
                        movers[k].fate = Fate::TakenBy { at, other: by };
                        fail_partners(movers, k, t, ret);
                    }
                }
            }
            true
        }
    }
}

fn capture_mover(movers: &mut [Mover], bodies: &mut [Body], taken: &mut Vec<Taken>, k: usize, at: Square, by: usize) {
    let b = movers[k].body;
    bodies[b].alive = false;
    movers[k].st = St::Captured;
    taken.push(Taken { piece: bodies[b].piece, home: bodies[b].home, at, by });
}

fn fail_partners(movers: &mut [Mover], k: usize, t: usize, ret: Return) {
    let group = movers[k].mv;
    for (j, p) in movers.iter_mut().enumerate() {
        if j != k && p.mv == group && matches!(p.st, St::Moving | St::Arrived) {
            bounce(p, t, ret, Fate::Partner);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::simul::movegen::{pseudo_from, Rules};

    fn sq(s: &str) -> Square {
        s.parse().expect("square")
    }

    fn pos(fen: &str) -> Position {
        let mut p = Position::from_fen_board(fen).expect("fen");
        p.validate().expect("valid");
        p
    }

    fn mv(p: &Position, from: &str, to: &str) -> Move {
        pseudo_from(p, sq(from), Rules::Orders).into_iter().find(|m| m.to == sq(to)).expect("move")
    }

    #[test]
    fn paths_are_one_square_a_tick() {
        let p = pos("4k3/8/8/8/8/8/8/R3K1N1");
        assert_eq!(mv(&p, "a1", "a4").path(), vec![sq("a2"), sq("a3"), sq("a4")]);
        assert_eq!(mv(&p, "g1", "f3").path(), vec![sq("f3")], "a knight's jump touches only its landing square");
        assert_eq!(mv(&p, "e1", "d2").path(), vec![sq("d2")]);
    }

    #[test]
    fn meeting_swapping_and_following() {
        // Rooks a4 and h4 run at each other: they swap d4/e4 at tick 4.
        let p = pos("7k/8/8/8/R6r/8/8/K7");
        let out = resolve(&p, &[mv(&p, "a4", "h4"), mv(&p, "h4", "a4")], Return::Instant);
        assert!(matches!(out.fates[0], Fate::Swapped { other: 1 }));
        assert!(matches!(out.fates[1], Fate::Swapped { other: 0 }));
        assert_eq!(out.after, p.clone().tap_clear_ep());
        // a4-d4 and h4-e4: they stop side by side, no conflict.
        let out = resolve(&p, &[mv(&p, "a4", "d4"), mv(&p, "h4", "e4")], Return::Instant);
        assert_eq!(out.fates, vec![Fate::Moved, Fate::Moved]);
        // a4-f4 and h4-e4: they meet... e4 at tick 4 for White, tick 3 for Black: Black arrived first.
        let out = resolve(&p, &[mv(&p, "a4", "f4"), mv(&p, "h4", "e4")], Return::Instant);
        assert_eq!(out.fates[0], Fate::Blocked { at: sq("e4") });
        assert_eq!(out.fates[1], Fate::Moved);
        assert_eq!(out.ticks, 4);
    }

    #[test]
    fn ranks_decide_a_shared_landing_square() {
        // Queen a8-c6 (2 ticks), knight a5-c6 (1 tick): the queen takes the knight.
        let p = pos("Q7/4k3/8/n7/8/8/8/4K3");
        let out = resolve(&p, &[mv(&p, "a8", "c6"), mv(&p, "a5", "c6")], Return::Instant);
        assert_eq!(out.fates[0], Fate::Moved);
        assert_eq!(out.fates[1], Fate::TakenBy { at: sq("c6"), other: 0 });
        assert_eq!(out.taken.len(), 1);
        assert_eq!(out.taken[0].home, sq("a5"));
    }

    #[test]
    fn travel_back_versus_instant_return() {
        // The rook bounces off the pawn on a5 at tick 4; the bishop lands on a3 at tick 4.
        let p = pos("7k/4b3/8/p7/8/8/8/R6K");
        let moves = [mv(&p, "a1", "a6"), mv(&p, "e7", "a3")];
        let instant = resolve(&p, &moves, Return::Instant);
        assert_eq!(instant.fates, vec![Fate::Blocked { at: sq("a5") }, Fate::Moved]);
        let travel = resolve(&p, &moves, Return::Travel);
        assert_eq!(travel.fates[0], Fate::Blocked { at: sq("a5") });
        assert_eq!(travel.fates[1], Fate::MetReturning { at: sq("a3"), other: 0 });
        assert_eq!(travel.after.get(sq("a1")).map(|p| p.role), Some(Role::Rook));
    }

    #[test]
    fn king_landing_in_check_is_undone() {
        // Qf1-c4 makes b3 attacked after the turn: Ka2-b3 fails and the king stays.
        let p = pos("8/8/8/8/8/8/k7/5Q1K");
        let out = resolve(&p, &[mv(&p, "f1", "c4"), mv(&p, "a2", "b3")], Return::Instant);
        assert_eq!(out.fates, vec![Fate::Moved, Fate::KingInCheck { on: sq("b3") }]);
        assert_eq!(out.after.king(Side::Black), Some(sq("a2")));
    }

    #[test]
    fn the_trace_follows_the_pieces_tick_by_tick() {
        // As above: the rook bounces off a5 at tick 4 and travels back; the bishop meets it on a3.
        let p = pos("7k/4b3/8/p7/8/8/8/R6K");
        let moves = [mv(&p, "a1", "a6"), mv(&p, "e7", "a3")];
        let (out, trace) = resolve_traced(&p, &moves, Return::Travel);
        assert_eq!(out.fates, resolve(&p, &moves, Return::Travel).fates);
        let rook = &trace.pieces[0];
        let squares: Vec<Option<Square>> = ["a1", "a2", "a3", "a4", "a3", "a2", "a1"].map(|s| Some(sq(s))).to_vec();
        assert_eq!(rook.at, squares);
        assert_eq!(rook.turned, Some(4));
        let bishop = &trace.pieces[1];
        assert_eq!(bishop.turned, Some(4), "it meets the rook coming back at a3 at tick 4");
        assert_eq!(bishop.at.last(), Some(&Some(sq("e7"))));
        assert!(trace.taken_at.is_empty());
    }

    impl Position {
        fn tap_clear_ep(mut self) -> Position {
            self.double_steps.clear();
            self
        }
    }
}
