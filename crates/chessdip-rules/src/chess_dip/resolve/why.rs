//! Why a failed move or convoy failed, once every node is decided.
//!
//! While bounding, [`Resolver::move_outcome`] stops at the first resistance
//! the move does not overcome: that is all adjudication needs. A reason must
//! say more: a move can fail to beat several resistances at once (the piece
//! on its landing square and a rival move into it), and the first one found
//! need not be what stopped it. A piece that stayed on the square but was
//! dislodged did not keep the move out: the rival move that dislodged it
//! did. So the reason names, among the resistances the move did not
//! overcome, the one that prevailed (the rival move that got in, the
//! opponent that won the head-to-head, the piece that stayed and was not
//! dislodged, the convoy that held), and only when none did (everything
//! bounced) the strongest, the first of equals.

use super::{Judgement, Node, Resolver, Strength};
use crate::chess_dip::order::OrderKind;
use crate::square::Square;

/// A resistance a failed move did not overcome: the outcome naming it, its
/// strength, and whether its source prevailed.
struct Resistance {
    outcome: Judgement,
    against: Strength,
    prevailed: bool,
}

impl Resolver<'_> {
    /// The explained outcome of the failed move `i` (all nodes decided):
    /// `None` if its own conditions held (it failed with its partner).
    pub(super) fn failed_move(&mut self, i: usize) -> Option<Judgement> {
        let first = self.move_outcome(i, true)?;
        if !matches!(
            first,
            Judgement::Bounced { .. } | Judgement::HeadToHead { .. } | Judgement::ConvoyPrevented { .. }
        ) {
            return Some(first);
        }
        let ctx = self.ctx;
        let o = *ctx.order(i);
        let OrderKind::Move { to, .. } = o.kind else {
            return Some(first);
        };
        let attack = self.attack_strength(i, true);
        let mut found: Vec<Resistance> = Vec::new();
        match ctx.head_to_head(i) {
            Some(j) => {
                let against = self.defend_strength(j, true);
                let prevailed = self.result[j];
                found.push(Resistance {
                    outcome: Judgement::HeadToHead { at: to, attack, against },
                    against,
                    prevailed,
                });
            }
            None => {
                let against = self.hold_strength(to, true);
                if ctx.occupied(to) {
                    let prevailed = self.stays(to, true) && !self.dislodged_on(to, i);
                    let outcome = Judgement::Bounced { at: to, attack, against, by: to };
                    found.push(Resistance { outcome, against, prevailed });
                }
            }
        }
        for &k in &ctx.moves_to[to.index()] {
            let k = usize::from(k);
            if k != i {
                let against = self.prevent_strength(k, true);
                let outcome = Judgement::Bounced { at: to, attack, against, by: ctx.order(k).square };
                found.push(Resistance { outcome, against, prevailed: self.result[k] });
            }
        }
        for &c in &ctx.convoys_on[to.index()] {
            let c = usize::from(c);
            let against = self.convoy_prevent_strength(c, true);
            let outcome = Judgement::ConvoyPrevented { at: to, attack, against, of: ctx.order(c).square };
            found.push(Resistance { outcome, against, prevailed: self.result[c] });
        }
        found.retain(|r| attack <= r.against);
        let pick = |prevailed: bool| {
            found
                .iter()
                .filter(|r| r.prevailed == prevailed)
                .fold(None::<&Resistance>, |best, r| match best {
                    Some(b) if b.against >= r.against => Some(b),
                    _ => Some(r),
                })
                .map(|r| r.outcome)
        };
        Some(pick(true).or_else(|| pick(false)).unwrap_or(first))
    }

    /// Whether a move other than `except` into `sq` succeeded (with a piece
    /// staying there: whether it was dislodged).
    fn dislodged_on(&self, sq: Square, except: usize) -> bool {
        self.ctx.moves_to[sq.index()].iter().map(|&k| usize::from(k)).any(|k| k != except && self.result[k])
    }

    /// The explained outcome of the failed convoy order `c` (all nodes
    /// decided): a piece that stayed on the square but was dislodged did not
    /// block it by itself, the move that dislodged it broke it; of several
    /// rival convoy orders on the square, the one that held (else the
    /// strongest) contested it.
    pub(super) fn failed_convoy(&mut self, c: usize) -> Option<Judgement> {
        let ctx = self.ctx;
        let outcome = self.convoy_outcome(c, true)?;
        let Node::Convoy { square, .. } = ctx.nodes[c] else {
            return Some(outcome);
        };
        match outcome {
            Judgement::Blocked => {
                let by = ctx.moves_to[square.index()].iter().map(|&m| usize::from(m)).find(|&m| self.result[m]);
                Some(by.map_or(outcome, |m| Judgement::Broken { by: ctx.order(m).square }))
            }
            Judgement::Contested { .. } => {
                let mine = self.convoy_prevent_strength(c, true);
                let mut best: Option<(bool, Strength, usize)> = None;
                for &other in &ctx.convoys_on[square.index()] {
                    let other = usize::from(other);
                    let strength = self.convoy_prevent_strength(other, true);
                    if other == c || strength < mine {
                        continue;
                    }
                    let key = (self.result[other], strength, other);
                    if best.is_none_or(|(held, s, _)| (key.0, key.1) > (held, s)) {
                        best = Some(key);
                    }
                }
                Some(best.map_or(outcome, |(_, _, other)| Judgement::Contested { by: ctx.order(other).square }))
            }
            _ => Some(outcome),
        }
    }
}
