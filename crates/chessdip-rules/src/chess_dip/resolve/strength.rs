//! Each node's evaluation: the strengths of Diplomacy adjudication (attack,
//! defend, prevent, hold, and a convoy order's prevent strength) and the
//! conditions on which a move, a support and a convoy order succeed, read
//! through [`Resolver::get`] so that bounding stays monotone.

use super::graph::{Node, NONE};
use super::outcome::{Judgement, Strength};
use super::resolver::Resolver;
use crate::chess_dip::geometry::MoveKind;
use crate::chess_dip::order::OrderKind;
use crate::power::PowerId;
use crate::role::Role;
use crate::square::Square;

impl Resolver<'_> {
    /// Whether node `i` succeeds; bounding, its lower (`up` false) or upper bound.
    pub(super) fn adjudicate(&mut self, i: usize, up: bool) -> bool {
        match self.ctx.nodes[i] {
            Node::Convoy { .. } => self.convoy_outcome(i, up).is_none(),
            Node::Order(o) => match o.kind {
                OrderKind::Hold => true,
                OrderKind::Move { .. } => {
                    self.move_outcome(i, up).is_none()
                        && self.partner(i).is_none_or(|p| self.move_outcome(p, up).is_none())
                }
                OrderKind::Support { .. } => self.support_outcome(i, up).is_none(),
            },
        }
    }

    fn partner(&self, i: usize) -> Option<usize> {
        let p = *self.ctx.partner.get(i)?;
        (p != NONE).then_some(usize::from(p))
    }

    /// The first intermediate square whose convoy fails, if any (`up`: the
    /// bound favouring an open path).
    fn path_blocked(&mut self, i: usize, up: bool) -> Option<Square> {
        let ctx = self.ctx;
        for &c in &ctx.convoys_of[i] {
            if !self.get(usize::from(c), up) {
                let Node::Convoy { square, .. } = ctx.nodes[usize::from(c)] else {
                    continue;
                };
                return Some(square);
            }
        }
        None
    }

    /// For a convoy node: the first earlier convoy of the same order that fails.
    fn convoy_path_blocked(&mut self, c: usize, up: bool) -> Option<Square> {
        let ctx = self.ctx;
        let Node::Convoy { of, pos, .. } = ctx.nodes[c] else {
            return None;
        };
        for &e in &ctx.convoys_of[usize::from(of)][..usize::from(pos)] {
            if !self.get(usize::from(e), up) {
                let Node::Convoy { square, .. } = ctx.nodes[usize::from(e)] else {
                    continue;
                };
                return Some(square);
            }
        }
        None
    }

    fn count_supports(&mut self, i: usize, except: Option<PowerId>, up: bool) -> u32 {
        let ctx = self.ctx;
        let mut n = 0;
        for &s in &ctx.supports[i] {
            let s = usize::from(s);
            if except == Some(ctx.order(s).power) {
                continue;
            }
            if self.get(s, up) {
                n += 1;
            }
        }
        n
    }

    /// Whether the piece on `sq` leaves its square.
    pub(super) fn vacates(&mut self, sq: Square, up: bool) -> bool {
        let ctx = self.ctx;
        let Some(i) = ctx.leaving_node(sq) else {
            return false;
        };
        let o = *ctx.order(i);
        let OrderKind::Move { to, kind, .. } = o.kind else {
            return false;
        };
        if !self.get(i, up) {
            return false;
        }
        if o.role == Role::Pawn && kind == MoveKind::Attack && o.coupling.is_none() {
            // A pawn moves only when its attack dislodges a piece. The loser of a
            // head-to-head stays; otherwise ask the target. (Chains of pawn
            // attacks cannot close a cycle except as a head-to-head: pawns of
            // one direction alternate ranks, so a cycle would revisit a square.)
            return ctx.head_to_head(i).is_some() || self.stays(to, up);
        }
        true
    }

    /// Whether a piece stands on `sq` and does not leave it. (Re-entry is safe:
    /// every path back here passes through [`Resolver::get`].)
    pub(super) fn stays(&mut self, sq: Square, up: bool) -> bool {
        self.ctx.occupied(sq) && !self.vacates(sq, !up)
    }

    pub(super) fn attack_strength(&mut self, i: usize, up: bool) -> Strength {
        let ctx = self.ctx;
        let o = *ctx.order(i);
        let OrderKind::Move { to, kind, .. } = o.kind else {
            return Strength(0);
        };
        if self.path_blocked(i, up).is_some() {
            return Strength(0);
        }
        let free = |n: u32| match kind {
            MoveKind::Attack => Strength(2 * (1 + n)),
            MoveKind::Travel if n == 0 => Strength(1),
            MoveKind::Travel => Strength(2 * n),
        };
        let Some(occupant) = ctx.occupant_power(to) else {
            let n = self.count_supports(i, None, up);
            return free(n);
        };
        if ctx.head_to_head(i).is_none() && self.vacates(to, up) {
            let n = self.count_supports(i, None, up);
            return free(n);
        }
        if occupant == o.power {
            return Strength(0);
        }
        let n = self.count_supports(i, Some(occupant), up);
        match kind {
            MoveKind::Attack => Strength(2 * (1 + n)),
            MoveKind::Travel => Strength(2 * n),
        }
    }

    pub(super) fn defend_strength(&mut self, j: usize, up: bool) -> Strength {
        if self.path_blocked(j, up).is_some() {
            return Strength(0);
        }
        let n = self.count_supports(j, None, up);
        match self.ctx.order(j).kind {
            OrderKind::Move { kind: MoveKind::Travel, .. } => Strength(2 * n),
            _ => Strength(2 * (1 + n)),
        }
    }

    pub(super) fn prevent_strength(&mut self, k: usize, up: bool) -> Strength {
        if self.path_blocked(k, up).is_some() {
            return Strength(0);
        }
        if let Some(opp) = self.ctx.head_to_head(k) {
            if self.get(opp, !up) {
                return Strength(0);
            }
        }
        Strength(2 * (1 + self.count_supports(k, None, up)))
    }

    pub(super) fn convoy_prevent_strength(&mut self, c: usize, up: bool) -> Strength {
        if self.convoy_path_blocked(c, up).is_some() {
            return Strength(0);
        }
        match self.count_supports(c, None, up) {
            0 => Strength(1),
            n => Strength(2 * n),
        }
    }

    pub(super) fn hold_strength(&mut self, sq: Square, up: bool) -> Strength {
        let ctx = self.ctx;
        let Some(first) = ctx.orders_at(sq).next() else {
            return Strength(0);
        };
        if ctx.leaving_node(sq).is_some() {
            return if self.vacates(sq, !up) { Strength(0) } else { Strength(2) };
        }
        Strength(2 * (1 + self.count_supports(first, None, up)))
    }

    /// `None` if the move's own conditions hold (the partner is checked by the caller).
    pub(super) fn move_outcome(&mut self, i: usize, up: bool) -> Option<Judgement> {
        let ctx = self.ctx;
        let o = *ctx.order(i);
        let OrderKind::Move { to, .. } = o.kind else {
            return None;
        };
        if let Some(at) = self.path_blocked(i, up) {
            return Some(Judgement::PathBlocked { at });
        }
        let attack = self.attack_strength(i, up);
        if attack == Strength(0) && ctx.occupant_power(to) == Some(o.power) {
            return Some(Judgement::OwnPiece { at: to });
        }
        let (resist, head_to_head) = match ctx.head_to_head(i) {
            Some(j) => (self.defend_strength(j, !up), true),
            None => (self.hold_strength(to, !up), false),
        };
        if attack <= resist {
            return Some(if head_to_head {
                Judgement::HeadToHead { at: to, attack, against: resist }
            } else {
                Judgement::Bounced { at: to, attack, against: resist, by: to }
            });
        }
        for &k in &ctx.moves_to[to.index()] {
            let k = usize::from(k);
            if k != i {
                let p = self.prevent_strength(k, !up);
                if attack <= p {
                    return Some(Judgement::Bounced { at: to, attack, against: p, by: ctx.order(k).square });
                }
            }
        }
        for &c in &ctx.convoys_on[to.index()] {
            let c = usize::from(c);
            let p = self.convoy_prevent_strength(c, !up);
            if attack <= p {
                return Some(Judgement::ConvoyPrevented { at: to, attack, against: p, of: ctx.order(c).square });
            }
        }
        None
    }

    /// `None` if the support is given, else why not.
    pub(super) fn support_outcome(&mut self, i: usize, up: bool) -> Option<Judgement> {
        let ctx = self.ctx;
        if ctx.void[i] {
            return Some(Judgement::Void);
        }
        let o = *ctx.order(i);
        let OrderKind::Support { target, supported, .. } = o.kind else {
            return None;
        };
        if let Some(at) = self.path_blocked(i, up) {
            return Some(Judgement::PathBlocked { at });
        }
        let landing = supported.landing(target);
        for &m in &ctx.moves_to[o.square.index()] {
            let m = usize::from(m);
            let a = *ctx.order(m);
            let OrderKind::Move { via, .. } = a.kind else {
                continue;
            };
            if a.power != o.power
                && a.square != landing
                && !via.contains(landing)
                && self.path_blocked(m, !up).is_none()
            {
                return Some(Judgement::Cut { by: a.square });
            }
        }
        for &m in &ctx.moves_to[o.square.index()] {
            if self.get(usize::from(m), !up) {
                return Some(Judgement::Dislodged { by: ctx.order(usize::from(m)).square });
            }
        }
        None
    }

    /// `None` if the convoy order succeeds, else why not.
    pub(super) fn convoy_outcome(&mut self, c: usize, up: bool) -> Option<Judgement> {
        let ctx = self.ctx;
        let Node::Convoy { square, .. } = ctx.nodes[c] else {
            return None;
        };
        if let Some(at) = self.convoy_path_blocked(c, up) {
            return Some(Judgement::PathBlocked { at });
        }
        if self.stays(square, !up) {
            return Some(Judgement::Blocked);
        }
        for &m in &ctx.moves_to[square.index()] {
            if self.get(usize::from(m), !up) {
                return Some(Judgement::Broken { by: ctx.order(usize::from(m)).square });
            }
        }
        let mine = self.convoy_prevent_strength(c, up);
        for &other in &ctx.convoys_on[square.index()] {
            let other = usize::from(other);
            if other != c && self.convoy_prevent_strength(other, !up) >= mine {
                return Some(Judgement::Contested { by: ctx.order(other).square });
            }
        }
        None
    }
}
