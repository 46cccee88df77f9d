//! The order graph: a node for every piece's order and every implicit
//! convoy order, and the indexes the resolver reads it through (`Ctx`).

use crate::chess_dip::geometry::MoveKind;
use crate::chess_dip::order::{Order, OrderKind, Supported};
use crate::chess_dip::state::ChessDipState;
use crate::power::PowerId;
use crate::square::Square;

pub(super) const NONE: u16 = u16::MAX;

/// A node of the order graph: a piece's order or an implicit convoy order.
#[derive(Copy, Clone, Debug)]
pub(super) enum Node {
    Order(Order),
    Convoy {
        square: Square,
        /// The convoyed order node.
        of: u16,
        /// Position on the convoyed order's path (0 = nearest its start).
        pos: u8,
    },
}

/// Immutable context: the order graph and indexes into it.
pub(super) struct Ctx {
    pub(super) nodes: Vec<Node>,
    /// How many nodes are piece orders (they come first).
    pub(super) n_orders: usize,
    /// Order nodes of the piece on each square (two for en passant).
    pub(super) piece: [[u16; 2]; 64],
    /// Move nodes landing on each square.
    pub(super) moves_to: Vec<Vec<u16>>,
    /// Convoy nodes on each square.
    pub(super) convoys_on: Vec<Vec<u16>>,
    /// Convoy nodes of each order node, in path order.
    pub(super) convoys_of: Vec<Vec<u16>>,
    /// Matching support nodes of each node.
    pub(super) supports: Vec<Vec<u16>>,
    /// Supports that match nothing.
    pub(super) void: Vec<bool>,
    /// The coupled partner of each order node.
    pub(super) partner: Vec<u16>,
}

impl Ctx {
    pub(super) fn new(state: &ChessDipState, given: &[Order]) -> Ctx {
        let mut piece = [[NONE; 2]; 64];
        let mut nodes: Vec<Node> = Vec::with_capacity(given.len() + 8);
        for (sq, p) in state.pieces() {
            let mut k = 0;
            for o in given.iter().filter(|o| o.square == sq && o.power == p.power).take(2) {
                piece[sq.index()][k] = nodes.len() as u16;
                nodes.push(Node::Order(*o));
                k += 1;
            }
            if k == 0 {
                piece[sq.index()][0] = nodes.len() as u16;
                nodes.push(Node::Order(Order::hold(p.power, sq, p.role)));
            }
        }
        let n_orders = nodes.len();
        let mut convoys_of = vec![Vec::new(); n_orders];
        let mut convoys_on = vec![Vec::new(); 64];
        for i in 0..n_orders {
            let Node::Order(o) = nodes[i] else { continue };
            let via = match o.kind {
                OrderKind::Move { via, .. } | OrderKind::Support { via, .. } => via,
                OrderKind::Hold => continue,
            };
            for (pos, square) in via.iter().enumerate() {
                let c = nodes.len() as u16;
                nodes.push(Node::Convoy { square, of: i as u16, pos: pos as u8 });
                convoys_of[i].push(c);
                convoys_on[square.index()].push(c);
            }
        }
        let mut moves_to = vec![Vec::new(); 64];
        let mut partner = vec![NONE; n_orders];
        for i in 0..n_orders {
            let Node::Order(o) = nodes[i] else { continue };
            if let OrderKind::Move { to, .. } = o.kind {
                moves_to[to.index()].push(i as u16);
            }
            if let Some(c) = o.coupling {
                partner[i] = (0..n_orders)
                    .find(|&j| j != i && matches!(nodes[j], Node::Order(p) if p.coupling == Some(c)))
                    .map_or(NONE, |j| j as u16);
            }
        }
        let mut ctx = Ctx {
            nodes,
            n_orders,
            piece,
            moves_to,
            convoys_on,
            convoys_of,
            supports: Vec::new(),
            void: Vec::new(),
            partner,
        };
        let n = ctx.nodes.len();
        ctx.supports = vec![Vec::new(); n];
        ctx.void = vec![false; n];
        for i in 0..ctx.n_orders {
            let Node::Order(o) = ctx.nodes[i] else {
                continue;
            };
            let OrderKind::Support { target, supported, .. } = o.kind else {
                continue;
            };
            match ctx.supported_node(target, supported) {
                Some(j) => ctx.supports[j].push(i as u16),
                None => ctx.void[i] = true,
            }
        }
        ctx
    }

    /// The node a support is given to, if the supported order exists.
    fn supported_node(&self, target: Square, supported: Supported) -> Option<usize> {
        match supported {
            Supported::Hold => {
                let first = self.orders_at(target).next()?;
                (!self.orders_at(target).any(|j| self.is_move(j))).then_some(first)
            }
            Supported::Move { to, kind } => self.orders_at(target).find(|&j| {
                matches!(self.order(j).kind, OrderKind::Move { to: t, kind: k, .. }
                    if t == to && kind.is_none_or(|kind| kind == k))
            }),
            Supported::Convoy { from, to, support } => {
                self.convoys_on[target.index()].iter().map(|&c| usize::from(c)).find(|&c| {
                    let Node::Convoy { of, .. } = self.nodes[c] else {
                        return false;
                    };
                    let o = self.order(usize::from(of));
                    o.square == from
                        && match o.kind {
                            OrderKind::Move { to: t, .. } => !support && t == to,
                            OrderKind::Support { target: st, supported: ss, .. } => {
                                support && (st == to || ss.landing(st) == to)
                            }
                            OrderKind::Hold => false,
                        }
                })
            }
        }
    }

    pub(super) fn order(&self, i: usize) -> &Order {
        match &self.nodes[i] {
            Node::Order(o) => o,
            Node::Convoy { of, .. } => self.order(usize::from(*of)),
        }
    }

    pub(super) fn orders_at(&self, sq: Square) -> impl Iterator<Item = usize> + '_ {
        self.piece[sq.index()].iter().filter(|&&j| j != NONE).map(|&j| usize::from(j))
    }

    pub(super) fn is_move(&self, i: usize) -> bool {
        matches!(self.nodes[i], Node::Order(Order { kind: OrderKind::Move { .. }, .. }))
    }

    pub(super) fn occupied(&self, sq: Square) -> bool {
        self.piece[sq.index()][0] != NONE
    }

    pub(super) fn occupant_power(&self, sq: Square) -> Option<PowerId> {
        self.orders_at(sq).next().map(|j| self.order(j).power)
    }

    /// The move node of the piece on `sq` that decides where it goes
    /// (for en passant: the travel half).
    pub(super) fn leaving_node(&self, sq: Square) -> Option<usize> {
        let mut found = None;
        for j in self.orders_at(sq) {
            if let OrderKind::Move { kind, .. } = self.order(j).kind {
                if found.is_none() || kind == MoveKind::Travel {
                    found = Some(j);
                }
            }
        }
        found
    }

    /// The opposing move of a head-to-head battle: the piece on `i`'s landing
    /// square is ordered onto `i`'s start, neither move having intermediate squares.
    pub(super) fn head_to_head(&self, i: usize) -> Option<usize> {
        let o = self.order(i);
        let OrderKind::Move { to, via, .. } = o.kind else {
            return None;
        };
        if !via.is_empty() {
            return None;
        }
        self.orders_at(to).find(|&j| {
            matches!(self.order(j).kind, OrderKind::Move { to: back, via: jv, .. } if back == o.square && jv.is_empty())
        })
    }
}
