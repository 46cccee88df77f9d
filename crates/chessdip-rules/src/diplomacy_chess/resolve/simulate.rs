//! One run of a resolution, tick by tick: the moving pieces and every
//! piece on the board, their states, the end of each tick written into the
//! trace, en passant after the last tick, and the position afterwards.

use super::outcome::{Fate, Return, StepResult, Taken, Trace, TracedPiece};
use super::tick::{apply, detect, Event};
use crate::diplomacy_chess::board::{rank_of, Piece, Position};
use crate::diplomacy_chess::movegen::{Move, MoveKind};
use crate::Side;
use crate::{Role, Square};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum St {
    Moving,
    Arrived,
    Returning(usize),
    Home,
    Captured,
}

#[derive(Clone, Debug)]
pub(super) struct Mover {
    pub(super) mv: usize,
    pub(super) body: usize,
    pub(super) side: Side,
    pub(super) rank: u8,
    pub(super) from: Square,
    pub(super) path: Vec<Square>,
    pub(super) advance: bool,
    pub(super) st: St,
    pub(super) fate: Fate,
}

impl Mover {
    pub(super) fn at_index(&self, k: usize) -> Square {
        if k == 0 {
            self.from
        } else {
            self.path[(k - 1).min(self.path.len() - 1)]
        }
    }

    pub(super) fn dest(&self) -> Square {
        self.at_index(self.path.len())
    }

    /// Where it is at the end of tick `t` (as far as decided).
    pub(super) fn square(&self, t: usize) -> Option<Square> {
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
pub(super) struct Body {
    pub(super) piece: Piece,
    pub(super) home: Square,
    pub(super) mover: Option<usize>,
    pub(super) alive: bool,
}

pub(super) fn simulate(
    pos: &Position,
    moves: &[Move],
    ret: Return,
    forced: &[Option<Square>],
    mut trace: Option<&mut Trace>,
) -> StepResult {
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
    StepResult { fates, taken, after, ticks: t as u32 }
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
