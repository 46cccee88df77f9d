//! The movement resolver: Kruijswijk's guess-and-check algorithm as described
//! in the DATC (v3.0, section 5), generalised to Chess Dip (RULINGS.md 1.2):
//! multi-square orders with implicit convoy orders on their intermediate
//! squares, support-convoys, travel orders, pawn attacks that move only when
//! they dislodge, and coupled orders (castling, en passant) that fail together.
//!
//! [`Ctx`] is the immutable context (the order graph and its indexes);
//! [`Resolver`] the small mutable state (results, guesses, dependency list).
//! Outcomes explain themselves ([`Outcome`]) so replies and images can say why.

use serde::Serialize;

use super::geometry::MoveKind;
use super::order::{Order, OrderKind, Supported};
use super::state::DipState;
use crate::rules::power::PowerId;
use crate::rules::role::Role;
use crate::rules::square::Square;

/// A strength in half points (an unsupported travel order or convoy has 1/2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Strength(pub u32);

impl std::fmt::Display for Strength {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.0 / 2, self.0 % 2) {
            (0, 1) => f.write_str("1/2"),
            (n, 1) => write!(f, "{n} 1/2"),
            (n, _) => write!(f, "{n}"),
        }
    }
}

/// What happened to one order, with the reason.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Outcome {
    /// A piece that did not move and was not dislodged.
    Held,
    /// The piece stayed and was dislodged by the move from `by`.
    Dislodged {
        /// Start square of the dislodging move.
        by: Square,
    },
    /// The move succeeded and the piece moved.
    Moved,
    /// A pawn's attack succeeded but found nothing to capture: the pawn stays.
    Struck {
        /// The attacked square.
        at: Square,
    },
    /// The move failed against a stronger or equal resistance.
    Bounced {
        /// The landing square.
        at: Square,
        /// The move's attack strength.
        attack: Strength,
        /// The strongest resistance.
        against: Strength,
        /// Where the resistance came from: the landing square or a rival's start.
        by: Square,
    },
    /// The move could not dislodge a piece of its own power.
    OwnPiece {
        /// The landing square.
        at: Square,
    },
    /// The order's path failed: the convoy on `at` failed.
    PathBlocked {
        /// The first intermediate square whose convoy failed.
        at: Square,
    },
    /// The other half of a castling or en passant order failed.
    PartnerFailed,
    /// The support was given.
    Given,
    /// The supported piece did not make the supported order.
    Void,
    /// The support was cut by an attack from `by`.
    Cut {
        /// Start of the cutting attack.
        by: Square,
    },
    /// A convoy order succeeded.
    Convoyed,
    /// A convoy order failed: a piece stayed on its square.
    Blocked,
    /// A convoy order failed: a move onto its square from `by` succeeded.
    Broken {
        /// Start of the breaking move.
        by: Square,
    },
    /// A convoy order failed: another convoy order on its square was as strong.
    Contested,
    /// A convoy order failed by the paradox rule (a paradox involving a convoy).
    Paradox,
}

impl Outcome {
    /// Whether the order succeeded (for supports: was given).
    #[must_use]
    pub fn succeeded(self) -> bool {
        matches!(self, Outcome::Held | Outcome::Moved | Outcome::Struck { .. } | Outcome::Given | Outcome::Convoyed)
    }

    /// A short explanation for players ("bounced at d2: strength 1 against 2 from e2").
    #[must_use]
    pub fn reason(self) -> String {
        match self {
            Outcome::Held => "held".into(),
            Outcome::Dislodged { by } => format!("dislodged by the piece from {by}"),
            Outcome::Moved => "moved".into(),
            Outcome::Struck { at } => {
                format!("the attack on {at} succeeded; the pawn stays, nothing to capture")
            }
            Outcome::Bounced { at, attack, against, by } if by == at => {
                format!("bounced at {at}: strength {attack} against {against} holding there")
            }
            Outcome::Bounced { at, attack, against, by } => {
                format!("bounced at {at}: strength {attack} against {against} from {by}")
            }
            Outcome::OwnPiece { at } => format!("cannot dislodge its own power's piece on {at}"),
            Outcome::PathBlocked { at } => format!("the path is blocked at {at}"),
            Outcome::PartnerFailed => "the other half of the coupled order failed".into(),
            Outcome::Given => "support given".into(),
            Outcome::Void => "void: the supported piece did not make that order".into(),
            Outcome::Cut { by } => format!("cut by the attack from {by}"),
            Outcome::Convoyed => "convoy held".into(),
            Outcome::Blocked => "a piece stayed on the square".into(),
            Outcome::Broken { by } => format!("broken by the move from {by}"),
            Outcome::Contested => "another convoy order on the square was as strong".into(),
            Outcome::Paradox => "failed by the paradox rule: the convoy was part of a paradox".into(),
        }
    }
}

/// An implicit convoy order and its outcome.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConvoyReport {
    /// The intermediate square.
    pub square: Square,
    /// Index into [`Resolution::orders`] of the convoyed order.
    pub order: usize,
    /// Convoyed, blocked, broken or contested.
    pub outcome: Outcome,
}

/// The result of a movement phase.
#[derive(Clone, Debug)]
pub struct Resolution {
    /// Every order: the given ones, and holds for unordered pieces, by square.
    pub orders: Vec<Order>,
    /// Outcome of each order, parallel to `orders`.
    pub outcomes: Vec<Outcome>,
    /// The implicit convoy orders on intermediate squares.
    pub convoys: Vec<ConvoyReport>,
    /// Dislodged pieces: (square, start of the dislodging move).
    pub dislodged: Vec<(Square, Square)>,
    /// Pieces that moved: (from, to).
    pub moved: Vec<(Square, Square)>,
}

const NONE: u16 = u16::MAX;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum State {
    Unresolved,
    Guessing,
    Resolved,
}

/// A node of the order graph: a piece's order or an implicit convoy order.
#[derive(Copy, Clone, Debug)]
enum Node {
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
struct Ctx {
    nodes: Vec<Node>,
    /// How many nodes are piece orders (they come first).
    n_orders: usize,
    /// Order nodes of the piece on each square (two for en passant).
    piece: [[u16; 2]; 64],
    /// Move nodes landing on each square.
    moves_to: Vec<Vec<u16>>,
    /// Convoy nodes on each square.
    convoys_on: Vec<Vec<u16>>,
    /// Convoy nodes of each order node, in path order.
    convoys_of: Vec<Vec<u16>>,
    /// Matching support nodes of each node.
    supports: Vec<Vec<u16>>,
    /// Supports that match nothing.
    void: Vec<bool>,
    /// The coupled partner of each order node.
    partner: Vec<u16>,
}

impl Ctx {
    fn new(state: &DipState, given: &[Order]) -> Ctx {
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

    fn order(&self, i: usize) -> &Order {
        match &self.nodes[i] {
            Node::Order(o) => o,
            Node::Convoy { of, .. } => self.order(usize::from(*of)),
        }
    }

    fn orders_at(&self, sq: Square) -> impl Iterator<Item = usize> + '_ {
        self.piece[sq.index()].iter().filter(|&&j| j != NONE).map(|&j| usize::from(j))
    }

    fn is_move(&self, i: usize) -> bool {
        matches!(self.nodes[i], Node::Order(Order { kind: OrderKind::Move { .. }, .. }))
    }

    fn occupied(&self, sq: Square) -> bool {
        self.piece[sq.index()][0] != NONE
    }

    fn occupant_power(&self, sq: Square) -> Option<PowerId> {
        self.orders_at(sq).next().map(|j| self.order(j).power)
    }

    /// The move node of the piece on `sq` that decides where it goes
    /// (for en passant: the travel half).
    fn leaving_node(&self, sq: Square) -> Option<usize> {
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
    fn head_to_head(&self, i: usize) -> Option<usize> {
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

/// The mutable part: results, guesses and the dependency list.
struct Resolver<'c> {
    ctx: &'c Ctx,
    state: Vec<State>,
    result: Vec<bool>,
    deps: Vec<usize>,
    /// When each order's current guess was made (a logical clock).
    stamp: Vec<u32>,
    clock: u32,
    /// During verification: the node being re-adjudicated, and the reads seen.
    reading: Option<usize>,
    reads: Vec<(usize, usize)>,
}

impl Resolver<'_> {
    fn resolve(&mut self, nr: usize) -> bool {
        match self.state[nr] {
            State::Resolved => {
                if let Some(reader) = self.reading {
                    self.reads.push((reader, nr));
                }
                return self.result[nr];
            }
            State::Guessing => {
                // Record every read of a guess, even one already listed: the
                // reader's result depends on it and must not be taken as final.
                self.deps.push(nr);
                return self.result[nr];
            }
            State::Unresolved => {}
        }
        let old = self.deps.len();
        self.result[nr] = false;
        self.state[nr] = State::Guessing;
        self.stamp[nr] = self.clock;
        self.clock += 1;
        let first = self.adjudicate(nr);
        tracing::trace!(node = %self.describe(nr), first, deps = self.deps.len() - old, "first guess (fails) adjudicated");
        if self.deps.len() == old {
            // No order depended on a guess: the result is final.
            if self.state[nr] != State::Resolved {
                self.result[nr] = first;
                self.state[nr] = State::Resolved;
            }
            return first;
        }
        if !self.deps[old..].contains(&nr) {
            // Depends on other orders' guesses only: keep guessing, report upwards.
            self.deps.push(nr);
            self.result[nr] = first;
            return first;
        }
        // The result depends on its own guess: try the other guess.
        let mut outer = self.outer_guesses(nr, old);
        self.reset_from(old, nr);
        self.result[nr] = true;
        self.state[nr] = State::Guessing;
        let second = self.adjudicate(nr);
        tracing::trace!(node = %self.describe(nr), first, second, "second guess (succeeds) adjudicated");
        for d in self.outer_guesses(nr, old) {
            if !outer.contains(&d) {
                outer.push(d);
            }
        }
        if outer.is_empty() {
            if first == second {
                self.reset_from(old, nr);
                self.result[nr] = first;
                self.state[nr] = State::Resolved;
                return first;
            }
            // Two consistent resolutions or none: a cycle the backup rule settles.
            tracing::trace!(node = nr, cycle = ?self.deps[old..].iter().map(|&d| self.describe(d)).collect::<Vec<_>>(), "backup rule");
            self.backup_rule(old);
            return self.resolve(nr);
        }
        // The cycle also hangs on older guesses: settle it for those guesses
        // only, and stay a guess that is redone when they change.
        let value = if first == second { first } else { self.conditional_backup(nr, old) };
        self.reset_from(old, nr);
        self.deps.extend(outer);
        self.deps.push(nr);
        self.state[nr] = State::Guessing;
        self.result[nr] = value;
        value
    }

    /// Checks the finished resolution: every node re-adjudicated against the
    /// final results must agree with its own. Where some do not (a paradox
    /// the guesses could not see whole), returns the convoys of the cycles
    /// they depend on, not yet in `forced`: those fail by the paradox rule.
    fn paradox_convoys(&mut self, forced: &[usize]) -> Vec<usize> {
        let n = self.ctx.nodes.len();
        self.reads.clear();
        let mut bad = Vec::new();
        for i in 0..n {
            if forced.contains(&i) {
                continue;
            }
            self.reading = Some(i);
            let again = self.adjudicate(i);
            if again != self.result[i] {
                bad.push(i);
            }
        }
        self.reading = None;
        if bad.is_empty() {
            return Vec::new();
        }
        let mut edges = vec![Vec::new(); n];
        for &(a, b) in &self.reads {
            if !edges[a].contains(&b) {
                edges[a].push(b);
            }
        }
        // Nodes reachable from the inconsistent ones.
        let mut reach = vec![false; n];
        let mut stack = bad.clone();
        while let Some(x) = stack.pop() {
            if !reach[x] {
                reach[x] = true;
                stack.extend(edges[x].iter().copied());
            }
        }
        let comp = strongly_connected(&edges);
        let mut size = vec![0usize; n];
        for &c in &comp {
            size[c] += 1;
        }
        let cyclic = |x: usize| size[comp[x]] > 1 || edges[x].contains(&x);
        let mut out: Vec<usize> = (0..n)
            .filter(|&x| reach[x] && cyclic(x) && !forced.contains(&x))
            .filter(|&x| matches!(self.ctx.nodes[x], Node::Convoy { .. }))
            .collect();
        if out.is_empty() {
            // No convoy to blame: fail the convoys the inconsistent orders reach at all.
            out = (0..n)
                .filter(|&x| reach[x] && !forced.contains(&x) && matches!(self.ctx.nodes[x], Node::Convoy { .. }))
                .collect();
        }
        out
    }

    /// The guessing orders read since `old` whose guesses are older than `nr`'s.
    fn outer_guesses(&self, nr: usize, old: usize) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        for &d in &self.deps[old..] {
            if d != nr && self.state[d] == State::Guessing && self.stamp[d] < self.stamp[nr] && !out.contains(&d) {
                out.push(d);
            }
        }
        out
    }

    /// The value the backup rule gives `nr` within the cycle `deps[old..]`,
    /// without settling anything for good (the cycle hangs on older guesses).
    fn conditional_backup(&mut self, nr: usize, old: usize) -> bool {
        let stamp = self.stamp[nr];
        let mut cycle: Vec<usize> = Vec::new();
        for &d in &self.deps[old..] {
            if self.state[d] == State::Guessing && self.stamp[d] >= stamp && !cycle.contains(&d) {
                cycle.push(d);
            }
        }
        let has_convoy = cycle.iter().any(|&d| matches!(self.ctx.nodes[d], Node::Convoy { .. }));
        let forced = |ctx: &Ctx, d: usize| -> Option<bool> {
            if has_convoy {
                matches!(ctx.nodes[d], Node::Convoy { .. }).then_some(false)
            } else {
                ctx.is_move(d).then_some(true)
            }
        };
        if let Some(v) = forced(self.ctx, nr) {
            return v;
        }
        // Hold the forced orders at their backup values (as guesses), work out nr.
        self.deps.truncate(old);
        let mut held = Vec::new();
        for &d in &cycle {
            match forced(self.ctx, d) {
                Some(v) => {
                    self.result[d] = v;
                    held.push(d);
                }
                None if d != nr => self.state[d] = State::Unresolved,
                None => {}
            }
        }
        let value = self.adjudicate(nr);
        for d in held {
            self.state[d] = State::Unresolved;
        }
        value
    }

    fn describe(&self, i: usize) -> String {
        match self.ctx.nodes[i] {
            Node::Order(o) => o.to_string(),
            Node::Convoy { square, of, .. } => format!("{square} C {}", self.ctx.order(usize::from(of))),
        }
    }

    /// Forgets the guesses made within `nr`'s evaluation (those read since
    /// `old` and not older than `nr`'s own); older guesses stay as they are.
    fn reset_from(&mut self, old: usize, nr: usize) {
        let stamp = self.stamp[nr];
        for i in old..self.deps.len() {
            let d = self.deps[i];
            if d == nr || self.stamp[d] >= stamp {
                self.state[d] = State::Unresolved;
            }
        }
        self.deps.truncate(old);
    }

    /// A paradox involving a convoy: the convoy orders in it fail (Szykman).
    /// Otherwise the cycle is circular movement: its moves succeed.
    fn backup_rule(&mut self, old: usize) {
        let cycle: Vec<usize> = self.deps[old..].to_vec();
        self.deps.truncate(old);
        let has_convoy = cycle.iter().any(|&d| matches!(self.ctx.nodes[d], Node::Convoy { .. }));
        for d in cycle {
            let settle = if has_convoy {
                matches!(self.ctx.nodes[d], Node::Convoy { .. }).then_some(false)
            } else {
                self.ctx.is_move(d).then_some(true)
            };
            match settle {
                Some(r) => {
                    self.result[d] = r;
                    self.state[d] = State::Resolved;
                }
                None => self.state[d] = State::Unresolved,
            }
        }
    }

    fn adjudicate(&mut self, i: usize) -> bool {
        match self.ctx.nodes[i] {
            Node::Convoy { .. } => self.convoy_outcome(i).is_none(),
            Node::Order(o) => match o.kind {
                OrderKind::Hold => true,
                OrderKind::Move { .. } => {
                    self.move_outcome(i).is_none() && self.partner(i).is_none_or(|p| self.move_outcome(p).is_none())
                }
                OrderKind::Support { .. } => self.support_outcome(i).is_none(),
            },
        }
    }

    fn partner(&self, i: usize) -> Option<usize> {
        let p = *self.ctx.partner.get(i)?;
        (p != NONE).then_some(usize::from(p))
    }

    /// The first intermediate square whose convoy fails, if any.
    fn path_blocked(&mut self, i: usize) -> Option<Square> {
        let ctx = self.ctx;
        for &c in &ctx.convoys_of[i] {
            if !self.resolve(usize::from(c)) {
                let Node::Convoy { square, .. } = ctx.nodes[usize::from(c)] else {
                    continue;
                };
                return Some(square);
            }
        }
        None
    }

    /// For a convoy node: the first earlier convoy of the same order that fails.
    fn convoy_path_blocked(&mut self, c: usize) -> Option<Square> {
        let ctx = self.ctx;
        let Node::Convoy { of, pos, .. } = ctx.nodes[c] else {
            return None;
        };
        for &e in &ctx.convoys_of[usize::from(of)][..usize::from(pos)] {
            if !self.resolve(usize::from(e)) {
                let Node::Convoy { square, .. } = ctx.nodes[usize::from(e)] else {
                    continue;
                };
                return Some(square);
            }
        }
        None
    }

    fn count_supports(&mut self, i: usize, except: Option<PowerId>) -> u32 {
        let ctx = self.ctx;
        let mut n = 0;
        for &s in &ctx.supports[i] {
            let s = usize::from(s);
            if except == Some(ctx.order(s).power) {
                continue;
            }
            if self.resolve(s) {
                n += 1;
            }
        }
        n
    }

    /// Whether the piece on `sq` leaves its square.
    fn vacates(&mut self, sq: Square) -> bool {
        let ctx = self.ctx;
        let Some(i) = ctx.leaving_node(sq) else {
            return false;
        };
        let o = *ctx.order(i);
        let OrderKind::Move { to, kind, .. } = o.kind else {
            return false;
        };
        if !self.resolve(i) {
            return false;
        }
        if o.role == Role::Pawn && kind == MoveKind::Attack && o.coupling.is_none() {
            // A pawn moves only when its attack dislodges a piece. The loser of a
            // head-to-head stays; otherwise ask the target. (Chains of pawn
            // attacks cannot close a cycle except as a head-to-head: pawns of
            // one direction alternate ranks, so a cycle would revisit a square.)
            return ctx.head_to_head(i).is_some() || self.stays(to);
        }
        true
    }

    /// Whether a piece stands on `sq` and does not leave it. (Re-entry is safe:
    /// every path back here passes through [`Resolver::resolve`], which tracks guesses.)
    fn stays(&mut self, sq: Square) -> bool {
        self.ctx.occupied(sq) && !self.vacates(sq)
    }

    fn attack_strength(&mut self, i: usize) -> Strength {
        let ctx = self.ctx;
        let o = *ctx.order(i);
        let OrderKind::Move { to, kind, .. } = o.kind else {
            return Strength(0);
        };
        if self.path_blocked(i).is_some() {
            return Strength(0);
        }
        let free = |n: u32| match kind {
            MoveKind::Attack => Strength(2 * (1 + n)),
            MoveKind::Travel if n == 0 => Strength(1),
            MoveKind::Travel => Strength(2 * n),
        };
        let Some(occupant) = ctx.occupant_power(to) else {
            let n = self.count_supports(i, None);
            return free(n);
        };
        if ctx.head_to_head(i).is_none() && self.vacates(to) {
            let n = self.count_supports(i, None);
            return free(n);
        }
        if occupant == o.power {
            return Strength(0);
        }
        let n = self.count_supports(i, Some(occupant));
        match kind {
            MoveKind::Attack => Strength(2 * (1 + n)),
            MoveKind::Travel => Strength(2 * n),
        }
    }

    fn defend_strength(&mut self, j: usize) -> Strength {
        if self.path_blocked(j).is_some() {
            return Strength(0);
        }
        let n = self.count_supports(j, None);
        match self.ctx.order(j).kind {
            OrderKind::Move { kind: MoveKind::Travel, .. } => Strength(2 * n),
            _ => Strength(2 * (1 + n)),
        }
    }

    fn prevent_strength(&mut self, k: usize) -> Strength {
        if self.path_blocked(k).is_some() {
            return Strength(0);
        }
        if let Some(opp) = self.ctx.head_to_head(k) {
            if self.resolve(opp) {
                return Strength(0);
            }
        }
        Strength(2 * (1 + self.count_supports(k, None)))
    }

    fn convoy_prevent_strength(&mut self, c: usize) -> Strength {
        if self.convoy_path_blocked(c).is_some() {
            return Strength(0);
        }
        match self.count_supports(c, None) {
            0 => Strength(1),
            n => Strength(2 * n),
        }
    }

    fn hold_strength(&mut self, sq: Square) -> Strength {
        let ctx = self.ctx;
        let Some(first) = ctx.orders_at(sq).next() else {
            return Strength(0);
        };
        if ctx.leaving_node(sq).is_some() {
            return if self.vacates(sq) { Strength(0) } else { Strength(2) };
        }
        Strength(2 * (1 + self.count_supports(first, None)))
    }

    /// `None` if the move's own conditions hold (the partner is checked by the caller).
    fn move_outcome(&mut self, i: usize) -> Option<Outcome> {
        let ctx = self.ctx;
        let o = *ctx.order(i);
        let OrderKind::Move { to, .. } = o.kind else {
            return None;
        };
        if let Some(at) = self.path_blocked(i) {
            return Some(Outcome::PathBlocked { at });
        }
        let attack = self.attack_strength(i);
        if attack == Strength(0) && ctx.occupant_power(to) == Some(o.power) {
            return Some(Outcome::OwnPiece { at: to });
        }
        let resist = match ctx.head_to_head(i) {
            Some(j) => self.defend_strength(j),
            None => self.hold_strength(to),
        };
        if attack <= resist {
            return Some(Outcome::Bounced { at: to, attack, against: resist, by: to });
        }
        for &k in &ctx.moves_to[to.index()] {
            let k = usize::from(k);
            if k != i {
                let p = self.prevent_strength(k);
                if attack <= p {
                    return Some(Outcome::Bounced { at: to, attack, against: p, by: ctx.order(k).square });
                }
            }
        }
        for &c in &ctx.convoys_on[to.index()] {
            let c = usize::from(c);
            let p = self.convoy_prevent_strength(c);
            if attack <= p {
                return Some(Outcome::Bounced { at: to, attack, against: p, by: ctx.order(c).square });
            }
        }
        None
    }

    /// `None` if the support is given, else why not.
    fn support_outcome(&mut self, i: usize) -> Option<Outcome> {
        let ctx = self.ctx;
        if ctx.void[i] {
            return Some(Outcome::Void);
        }
        let o = *ctx.order(i);
        let OrderKind::Support { target, supported, .. } = o.kind else {
            return None;
        };
        if let Some(at) = self.path_blocked(i) {
            return Some(Outcome::PathBlocked { at });
        }
        let landing = supported.landing(target);
        for &m in &ctx.moves_to[o.square.index()] {
            let m = usize::from(m);
            let a = *ctx.order(m);
            let OrderKind::Move { via, .. } = a.kind else {
                continue;
            };
            if a.power != o.power && a.square != landing && !via.contains(landing) && self.path_blocked(m).is_none() {
                return Some(Outcome::Cut { by: a.square });
            }
        }
        for &m in &ctx.moves_to[o.square.index()] {
            if self.resolve(usize::from(m)) {
                return Some(Outcome::Dislodged { by: ctx.order(usize::from(m)).square });
            }
        }
        None
    }

    /// `None` if the convoy order succeeds, else why not.
    fn convoy_outcome(&mut self, c: usize) -> Option<Outcome> {
        let ctx = self.ctx;
        let Node::Convoy { square, .. } = ctx.nodes[c] else {
            return None;
        };
        if let Some(at) = self.convoy_path_blocked(c) {
            return Some(Outcome::PathBlocked { at });
        }
        if self.stays(square) {
            return Some(Outcome::Blocked);
        }
        for &m in &ctx.moves_to[square.index()] {
            if self.resolve(usize::from(m)) {
                return Some(Outcome::Broken { by: ctx.order(usize::from(m)).square });
            }
        }
        let mine = self.convoy_prevent_strength(c);
        for &other in &ctx.convoys_on[square.index()] {
            let other = usize::from(other);
            if other != c && self.convoy_prevent_strength(other) >= mine {
                return Some(Outcome::Contested);
            }
        }
        None
    }
}

/// Resolves a movement phase. `orders` are legal orders (at most one per
/// piece, or the two halves of an en passant order); pieces without an order hold.
#[must_use]
pub fn resolve(state: &DipState, orders: &[Order]) -> Resolution {
    let ctx = Ctx::new(state, orders);
    let n = ctx.nodes.len();
    // Convoys made to fail by the paradox rule, grown until the result is consistent.
    let mut forced: Vec<usize> = Vec::new();
    let mut r = loop {
        let mut r = Resolver {
            ctx: &ctx,
            state: vec![State::Unresolved; n],
            result: vec![false; n],
            deps: Vec::new(),
            stamp: vec![0; n],
            clock: 0,
            reading: None,
            reads: Vec::new(),
        };
        for &c in &forced {
            r.state[c] = State::Resolved;
        }
        for i in 0..n {
            r.resolve(i);
        }
        let more = r.paradox_convoys(&forced);
        if more.is_empty() {
            break r;
        }
        tracing::debug!(convoys = ?more.iter().map(|&c| r.describe(c)).collect::<Vec<_>>(), "paradox: convoys fail");
        forced.extend(more);
    };
    // Every node is resolved now; explain each and work out who moves.
    let mut moved = Vec::new();
    let mut dislodged = Vec::new();
    for (sq, _) in state.pieces() {
        if r.vacates(sq) {
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
            OrderKind::Hold => by_of(o.square).map_or(Outcome::Held, |by| Outcome::Dislodged { by }),
            OrderKind::Move { to, kind, .. } if r.result[i] => {
                let pawn_stays = o.role == Role::Pawn && kind == MoveKind::Attack && !moved.contains(&(o.square, to));
                if pawn_stays {
                    Outcome::Struck { at: to }
                } else {
                    Outcome::Moved
                }
            }
            // A failed move whose own conditions held failed with its partner.
            OrderKind::Move { .. } => r.move_outcome(i).unwrap_or(Outcome::PartnerFailed),
            OrderKind::Support { .. } if r.result[i] => Outcome::Given,
            OrderKind::Support { .. } => r.support_outcome(i).unwrap_or(Outcome::Void),
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
                    Outcome::Convoyed
                } else if forced.contains(&c) {
                    Outcome::Paradox
                } else {
                    r.convoy_outcome(c).unwrap_or(Outcome::Paradox)
                },
            }),
            Node::Order(_) => None,
        })
        .collect();
    Resolution { orders, outcomes, convoys, dislodged, moved }
}

/// Tarjan's strongly connected components (iterative): a component id per node.
fn strongly_connected(edges: &[Vec<usize>]) -> Vec<usize> {
    let n = edges.len();
    let (mut index, mut low, mut comp) = (vec![usize::MAX; n], vec![0; n], vec![usize::MAX; n]);
    let mut on_stack = vec![false; n];
    let (mut stack, mut next, mut ncomp) = (Vec::new(), 0, 0);
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut k)) = work.last_mut() {
            if *k == 0 {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = edges[v].get(*k) {
                *k += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    comp[w] = ncomp;
                    if w == v {
                        break;
                    }
                }
                ncomp += 1;
            }
        }
    }
    comp
}

#[cfg(test)]
mod tests {
    use super::strongly_connected;

    #[test]
    fn components() {
        // 0 -> 1 -> 2 -> 0, 2 -> 3, 3 alone, 4 -> 4.
        let edges = vec![vec![1], vec![2], vec![0, 3], vec![], vec![4]];
        let c = strongly_connected(&edges);
        assert!(c[0] == c[1] && c[1] == c[2]);
        assert_ne!(c[2], c[3]);
        assert_ne!(c[3], c[4]);
    }
}
