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
    /// Squares whose "does the piece leave" question is being asked (a guard
    /// against chains of pawn attacks asking each other).
    asking: u64,
}

impl Resolver<'_> {
    fn resolve(&mut self, nr: usize) -> bool {
        match self.state[nr] {
            State::Resolved => return self.result[nr],
            State::Guessing => {
                if !self.deps.contains(&nr) {
                    self.deps.push(nr);
                }
                return self.result[nr];
            }
            State::Unresolved => {}
        }
        let old = self.deps.len();
        self.result[nr] = false;
        self.state[nr] = State::Guessing;
        let first = self.adjudicate(nr);
        if self.deps.len() == old {
            // No order depended on a guess: the result is final.
            if self.state[nr] != State::Resolved {
                self.result[nr] = first;
                self.state[nr] = State::Resolved;
            }
            return first;
        }
        if self.deps[old] != nr {
            // Depends on another order's guess: keep guessing, report upwards.
            self.deps.push(nr);
            self.result[nr] = first;
            return first;
        }
        // The result depends on its own guess: try the other guess.
        self.reset_from(old);
        self.result[nr] = true;
        self.state[nr] = State::Guessing;
        let second = self.adjudicate(nr);
        if first == second {
            self.reset_from(old);
            self.result[nr] = first;
            self.state[nr] = State::Resolved;
            return first;
        }
        // Two consistent resolutions or none: a cycle the backup rule settles.
        self.backup_rule(old);
        self.resolve(nr)
    }

    fn reset_from(&mut self, old: usize) {
        for &d in &self.deps[old..] {
            self.state[d] = State::Unresolved;
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
            // A pawn moves only when its attack dislodges a piece.
            return self.stays(to);
        }
        true
    }

    /// Whether a piece stands on `sq` and does not leave it.
    fn stays(&mut self, sq: Square) -> bool {
        let bit = 1u64 << sq.index();
        if !self.ctx.occupied(sq) || self.asking & bit != 0 {
            return self.ctx.occupied(sq);
        }
        self.asking |= bit;
        let leaves = self.vacates(sq);
        self.asking &= !bit;
        !leaves
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
    let mut r =
        Resolver { ctx: &ctx, state: vec![State::Unresolved; n], result: vec![false; n], deps: Vec::new(), asking: 0 };
    for i in 0..n {
        r.resolve(i);
    }
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
                } else {
                    r.convoy_outcome(c).unwrap_or(Outcome::Contested)
                },
            }),
            Node::Order(_) => None,
        })
        .collect();
    Resolution { orders, outcomes, convoys, dislodged, moved }
}
