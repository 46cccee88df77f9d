//! The movement resolver: Diplomacy adjudication (DATC v3.0 strengths and
//! rules) generalised to Chess Dip (the revised formal rules in
//! `docs/rules/chessdip.md`): multi-square orders with
//! implicit convoy orders on their intermediate squares, support-convoys,
//! travel orders, pawn attacks that move only when they dislodge, and
//! coupled orders (castling, en passant) that fail together.
//!
//! Every order and convoy is a node whose success is a function of other
//! nodes' results. The resolver works in two steps. First, three-valued
//! propagation: each node keeps bounds (can it still fail? still succeed?)
//! computed from the bounds of what it reads, each read taken at the bound
//! that favours or disfavours it, so the evaluation is monotone; bounds only
//! tighten, which makes this polynomial, and what it decides holds in every
//! consistent resolution. Second, what stays open are cycles (circular
//! movement, paradoxes, or dependencies only a guess untangles): taking a
//! cycle that hangs on nothing else undecided, Kruijswijk's guess-and-check
//! (DATC section 5) guesses a node's result, propagates, checks the guess,
//! tries the other one; exactly one consistent resolution stands, otherwise
//! the backup rule settles the cycle (convoys in a paradox fail, Szykman;
//! circular movement succeeds).
//!
//! `Ctx` is the immutable context (the order graph and its indexes);
//! `Resolver` the small mutable state (bounds, results, who reads whom).
//! Outcomes explain themselves ([`Judgement`]) so replies and images can say why.
//!
//! Layout: `outcome` the result types and their texts, `graph` the order
//! graph, `resolver` the bounds and their propagation, `strength` each
//! node's evaluation, `cycles` guess-and-check and the backup rule, `why`
//! the reasons of failed moves and convoys.

use super::geometry::MoveKind;
use super::order::{Order, OrderKind};
use super::state::ChessDipState;
use crate::role::Role;
use crate::square::Square;

mod cycles;
mod graph;
mod outcome;
mod resolver;
mod strength;
mod why;

use graph::{Ctx, Node};
pub use outcome::{ConvoyReport, Judgement, Resolution, Strength};
use resolver::Resolver;

/// Resolves a movement phase. `orders` are legal orders (at most one per
/// piece, or the two halves of an en passant order); pieces without an order hold.
#[must_use]
pub fn resolve(state: &ChessDipState, orders: &[Order]) -> Resolution {
    let ctx = Ctx::new(state, orders);
    let n = ctx.nodes.len();
    let mut r = Resolver::new(&ctx);
    r.propagate((0..n).rev().collect());
    r.settle();
    #[cfg(debug_assertions)]
    for i in 0..n {
        if !r.forced[i] {
            let (l, h) = r.bounds(i);
            debug_assert!(l == h && l == r.result[i], "inconsistent result for {}", r.describe(i));
        }
    }
    // Every node is resolved now; explain each and work out who moves.
    let mut moved = Vec::new();
    let mut dislodged = Vec::new();
    for (sq, _) in state.pieces() {
        if r.vacates(sq, true) {
            if let Some(OrderKind::Move { to, .. }) = ctx.leaving_node(sq).map(|i| ctx.order(i).kind) {
                moved.push((sq, to));
            }
            continue;
        }
        let by = ctx.moves_to[sq.index()].iter().map(|&m| usize::from(m)).find(|&m| r.result[m]);
        if let Some(m) = by {
            dislodged.push((sq, ctx.order(m).square));
        }
    }
    let by_of = |sq: Square| dislodged.iter().find(|(d, _)| *d == sq).map(|(_, by)| *by);
    let mut outcomes = Vec::with_capacity(ctx.n_orders);
    let mut orders = Vec::with_capacity(ctx.n_orders);
    for i in 0..ctx.n_orders {
        let o = *ctx.order(i);
        let outcome = match o.kind {
            OrderKind::Hold => by_of(o.square).map_or(Judgement::Held, |by| Judgement::Dislodged { by }),
            OrderKind::Move { to, kind, .. } if r.result[i] => {
                let pawn_stays = o.role == Role::Pawn && kind == MoveKind::Attack && !moved.contains(&(o.square, to));
                if pawn_stays {
                    Judgement::Struck { at: to }
                } else {
                    Judgement::Moved
                }
            }
            // A failed move whose own conditions held failed with its partner.
            OrderKind::Move { .. } => r.failed_move(i).unwrap_or(Judgement::PartnerFailed),
            OrderKind::Support { .. } if r.result[i] => Judgement::Given,
            OrderKind::Support { .. } => r.support_outcome(i, true).unwrap_or(Judgement::Void),
        };
        orders.push(o);
        outcomes.push(outcome);
    }
    let convoys = (ctx.n_orders..n)
        .filter_map(|c| match ctx.nodes[c] {
            Node::Convoy { square, of, .. } => Some(ConvoyReport {
                square,
                order: usize::from(of),
                outcome: if r.result[c] {
                    Judgement::Convoyed
                } else if r.forced[c] {
                    Judgement::Paradox
                } else {
                    r.failed_convoy(c).unwrap_or(Judgement::Paradox)
                },
            }),
            Node::Order(_) => None,
        })
        .collect();
    Resolution { orders, outcomes, convoys, dislodged, moved }
}

/// Every consistent resolution of a phase, by brute force, for testing:
/// each assignment of success or failure to the order and convoy nodes in
/// which every node's own evaluation agrees with its value. Node values are
/// in the order of [`Resolution::orders`] then [`Resolution::convoys`].
/// `None` if more than `max_nodes` nodes could vary (holds always succeed).
#[doc(hidden)]
#[must_use]
pub fn consistent_resolutions(state: &ChessDipState, orders: &[Order], max_nodes: usize) -> Option<Vec<Vec<bool>>> {
    let ctx = Ctx::new(state, orders);
    let n = ctx.nodes.len();
    let vars: Vec<usize> =
        (0..n).filter(|&i| !matches!(ctx.nodes[i], Node::Order(o) if o.kind == OrderKind::Hold)).collect();
    if vars.len() > max_nodes.min(24) {
        return None;
    }
    let mut r = Resolver::new(&ctx);
    for i in 0..n {
        r.decide(i, true);
    }
    let mut out = Vec::new();
    for mask in 0u32..(1 << vars.len()) {
        for (k, &v) in vars.iter().enumerate() {
            r.decide(v, mask >> k & 1 == 1);
        }
        if vars.iter().all(|&v| r.bounds(v).0 == r.result[v]) {
            out.push(r.result.clone());
        }
    }
    Some(out)
}
