//! What happens within one tick: the clashes found between the moving
//! pieces and the standing ones (`detect`), and their effects (`apply`):
//! a failed piece sent back, a piece taken, a castling's other half failed.

use super::outcome::{Fate, Return, Taken};
use super::simulate::{Body, Mover, St};
use crate::Square;

pub(super) enum Event {
    Fail(usize, Fate),
    TakenBy(usize, usize, Square),
    Takes(usize, Target, Square),
}

#[derive(Clone, Copy)]
pub(super) enum Target {
    Body(usize),
    Mover(usize),
}

fn same_group(movers: &[Mover], a: usize, b: usize) -> bool {
    movers[a].mv == movers[b].mv
}

pub(super) fn detect(t: usize, movers: &[Mover], bodies: &[Body], prev: &[Option<Square>]) -> Vec<Event> {
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

pub(super) fn apply(
    e: &Event,
    t: usize,
    ret: Return,
    movers: &mut [Mover],
    bodies: &mut [Body],
    taken: &mut Vec<Taken>,
) -> bool {
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
