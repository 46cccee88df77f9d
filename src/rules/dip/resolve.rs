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
//! Outcomes explain themselves ([`Outcome`]) so replies and images can say why.

use serde::{Deserialize, Serialize};

use super::geometry::MoveKind;
use super::order::{Order, OrderKind, Supported};
use super::state::DipState;
use crate::rules::power::PowerId;
use crate::rules::role::Role;
use crate::rules::square::Square;

mod why;

/// A strength in half points (an unsupported travel order or convoy has 1/2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// The move failed against a stronger or equal resistance: the piece
    /// staying on the landing square (`by == at`) or a rival move onto it
    /// (`by` is the rival's start). Of several, the one that prevailed (the
    /// rival that got in, or the piece that stayed and was not dislodged),
    /// else the strongest.
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
    /// The move lost or tied a head-to-head battle: the piece on its landing
    /// square was ordered onto its start, with the defend strength `against`.
    HeadToHead {
        /// The landing square (the opponent's start).
        at: Square,
        /// The move's attack strength.
        attack: Strength,
        /// The opposing move's defend strength.
        against: Strength,
    },
    /// The move failed against the prevent strength of a convoy order on its
    /// landing square (which a multi-square order passes).
    ConvoyPrevented {
        /// The landing square, where the convoy order stands.
        at: Square,
        /// The move's attack strength.
        attack: Strength,
        /// The convoy order's prevent strength.
        against: Strength,
        /// The start of the multi-square order convoyed there.
        of: Square,
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
    Contested {
        /// The start of the order convoyed by that other convoy order.
        by: Square,
    },
    /// A convoy order failed by the paradox rule (a paradox involving a convoy).
    Paradox,
}

impl Outcome {
    /// Whether the order succeeded (for supports: was given).
    #[must_use]
    pub fn succeeded(self) -> bool {
        matches!(self, Outcome::Held | Outcome::Moved | Outcome::Struck { .. } | Outcome::Given | Outcome::Convoyed)
    }

    /// A short explanation that needs no other order ("bounced at d2:
    /// strength 1 against 2 from the piece staying there"). The game's
    /// replies use [`super::text::Explain`], which names the orders involved.
    #[must_use]
    pub fn reason(self) -> String {
        match self {
            Outcome::Held => "held".into(),
            Outcome::Dislodged { by } => format!("dislodged by the move from {by}"),
            Outcome::Moved => "moved".into(),
            Outcome::Struck { at } => {
                format!("the attack on {at} succeeded but dislodged nothing, so the pawn stays")
            }
            Outcome::Bounced { at, attack, against, by } if by == at => {
                format!("bounced at {at}: strength {attack} against {against} from the piece staying there")
            }
            Outcome::Bounced { at, attack, against, by } => {
                format!("bounced at {at}: strength {attack} against {against} from the move from {by}")
            }
            Outcome::HeadToHead { at, attack, against } if attack < against => {
                format!("beaten head to head by the piece from {at}: strength {attack} against {against}")
            }
            Outcome::HeadToHead { at, attack, against } => {
                format!("bounced head to head with the piece from {at}: strength {attack} against {against}")
            }
            Outcome::ConvoyPrevented { at, attack, against, of } => {
                format!(
                    "bounced at {at}: strength {attack} against {against} from the convoy there of the order from {of}"
                )
            }
            Outcome::OwnPiece { at } => format!("bounced at {at}: a power cannot dislodge its own piece"),
            Outcome::PathBlocked { at } => format!("its path failed at {at}: the convoy there failed"),
            Outcome::PartnerFailed => "failed with the other half of its coupled order".into(),
            Outcome::Given => "given".into(),
            Outcome::Void => "void: the supported piece was not ordered that".into(),
            Outcome::Cut { by } => format!("cut by the attack from {by}"),
            Outcome::Convoyed => "convoy held".into(),
            Outcome::Blocked => "a piece stayed on the square".into(),
            Outcome::Broken { by } => format!("broken by the move from {by}"),
            Outcome::Contested { by } => format!("contested by the convoy there of the order from {by}, as strong"),
            Outcome::Paradox => "failed by the paradox rule: the convoy was part of a paradox".into(),
        }
    }
}

/// An implicit convoy order and its outcome.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConvoyReport {
    /// The intermediate square.
    pub square: Square,
    /// Index into [`Resolution::orders`] of the convoyed order.
    pub order: usize,
    /// Convoyed, blocked, broken or contested.
    pub outcome: Outcome,
}

/// The result of a movement phase.
#[derive(Clone, Debug, Serialize, Deserialize)]
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

/// The mutable part: each node's bounds and, once decided, its result.
struct Resolver<'c> {
    ctx: &'c Ctx,
    decided: Vec<bool>,
    result: Vec<bool>,
    /// Lower and upper bounds of each node's result (equal once decided).
    lo: Vec<bool>,
    hi: Vec<bool>,
    /// Nodes decided by the backup rule rather than by their own evaluation.
    forced: Vec<bool>,
    /// While bounding: the node being evaluated.
    bounding: Option<usize>,
    /// Reads of undecided nodes made while bounding.
    bound_reads: Vec<usize>,
    /// The undecided nodes each node's last evaluation read, and the reverse.
    reads_of: Vec<Vec<usize>>,
    readers: Vec<Vec<usize>>,
    /// Set when a guess leads to a contradiction.
    conflict: bool,
    /// Guesses left for the cycle being settled.
    budget: u32,
}

/// How many guesses [`Resolver::settle`] may make on one cycle before it
/// gives up looking for a single consistent resolution and applies the
/// backup rule (keeps adversarial order sets polynomial).
const GUESS_BUDGET: u32 = 4096;

/// A saved copy of the resolver's decisions, to undo a guess.
type Snapshot = (Vec<bool>, Vec<bool>, Vec<bool>, Vec<bool>);

impl Resolver<'_> {
    fn new(ctx: &Ctx) -> Resolver<'_> {
        let n = ctx.nodes.len();
        Resolver {
            ctx,
            decided: vec![false; n],
            result: vec![false; n],
            lo: vec![false; n],
            hi: vec![true; n],
            forced: vec![false; n],
            bounding: None,
            bound_reads: Vec::new(),
            reads_of: vec![Vec::new(); n],
            readers: vec![Vec::new(); n],
            conflict: false,
            budget: 0,
        }
    }

    fn describe(&self, i: usize) -> String {
        match self.ctx.nodes[i] {
            Node::Order(o) => o.to_string(),
            Node::Convoy { square, of, .. } => format!("{square} C {}", self.ctx.order(usize::from(of))),
        }
    }

    fn decide(&mut self, i: usize, value: bool) {
        self.decided[i] = true;
        self.result[i] = value;
        self.lo[i] = value;
        self.hi[i] = value;
    }

    fn snapshot(&self) -> Snapshot {
        (self.decided.clone(), self.result.clone(), self.lo.clone(), self.hi.clone())
    }

    fn restore(&mut self, s: Snapshot) {
        (self.decided, self.result, self.lo, self.hi) = s;
    }

    /// Node `i`'s bounds from what it reads now, recording the reads.
    fn bounds(&mut self, i: usize) -> (bool, bool) {
        self.bounding = Some(i);
        self.bound_reads.clear();
        let l = self.adjudicate(i, false);
        let h = self.adjudicate(i, true);
        self.bounding = None;
        self.reads_of[i].clear();
        for k in 0..self.bound_reads.len() {
            let x = self.bound_reads[k];
            if !self.reads_of[i].contains(&x) {
                self.reads_of[i].push(x);
            }
            if !self.readers[x].contains(&i) {
                self.readers[x].push(i);
            }
        }
        debug_assert!(!l || h, "bounds crossed for {}", self.describe(i));
        (l, h)
    }

    /// An order's result as the evaluation in hand sees it. Bounding, it is
    /// the bound that favours (`up`) or disfavours the quantity being
    /// computed: every caller passes `up` flipped where a success of `x`
    /// works against it, so each evaluation is monotone in what it reads.
    /// Otherwise (explaining outcomes, once all is decided) the result.
    fn get(&mut self, x: usize, up: bool) -> bool {
        if self.bounding.is_some() {
            if !self.decided[x] {
                self.bound_reads.push(x);
            }
            return if up { self.hi[x] } else { self.lo[x] };
        }
        debug_assert!(self.decided[x], "read of an undecided node");
        self.result[x]
    }

    /// Whether node `i` succeeds; bounding, its lower (`up` false) or upper bound.
    fn adjudicate(&mut self, i: usize, up: bool) -> bool {
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
    fn vacates(&mut self, sq: Square, up: bool) -> bool {
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
    fn stays(&mut self, sq: Square, up: bool) -> bool {
        self.ctx.occupied(sq) && !self.vacates(sq, !up)
    }

    fn attack_strength(&mut self, i: usize, up: bool) -> Strength {
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

    fn defend_strength(&mut self, j: usize, up: bool) -> Strength {
        if self.path_blocked(j, up).is_some() {
            return Strength(0);
        }
        let n = self.count_supports(j, None, up);
        match self.ctx.order(j).kind {
            OrderKind::Move { kind: MoveKind::Travel, .. } => Strength(2 * n),
            _ => Strength(2 * (1 + n)),
        }
    }

    fn prevent_strength(&mut self, k: usize, up: bool) -> Strength {
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

    fn convoy_prevent_strength(&mut self, c: usize, up: bool) -> Strength {
        if self.convoy_path_blocked(c, up).is_some() {
            return Strength(0);
        }
        match self.count_supports(c, None, up) {
            0 => Strength(1),
            n => Strength(2 * n),
        }
    }

    fn hold_strength(&mut self, sq: Square, up: bool) -> Strength {
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
    fn move_outcome(&mut self, i: usize, up: bool) -> Option<Outcome> {
        let ctx = self.ctx;
        let o = *ctx.order(i);
        let OrderKind::Move { to, .. } = o.kind else {
            return None;
        };
        if let Some(at) = self.path_blocked(i, up) {
            return Some(Outcome::PathBlocked { at });
        }
        let attack = self.attack_strength(i, up);
        if attack == Strength(0) && ctx.occupant_power(to) == Some(o.power) {
            return Some(Outcome::OwnPiece { at: to });
        }
        let (resist, head_to_head) = match ctx.head_to_head(i) {
            Some(j) => (self.defend_strength(j, !up), true),
            None => (self.hold_strength(to, !up), false),
        };
        if attack <= resist {
            return Some(if head_to_head {
                Outcome::HeadToHead { at: to, attack, against: resist }
            } else {
                Outcome::Bounced { at: to, attack, against: resist, by: to }
            });
        }
        for &k in &ctx.moves_to[to.index()] {
            let k = usize::from(k);
            if k != i {
                let p = self.prevent_strength(k, !up);
                if attack <= p {
                    return Some(Outcome::Bounced { at: to, attack, against: p, by: ctx.order(k).square });
                }
            }
        }
        for &c in &ctx.convoys_on[to.index()] {
            let c = usize::from(c);
            let p = self.convoy_prevent_strength(c, !up);
            if attack <= p {
                return Some(Outcome::ConvoyPrevented { at: to, attack, against: p, of: ctx.order(c).square });
            }
        }
        None
    }

    /// `None` if the support is given, else why not.
    fn support_outcome(&mut self, i: usize, up: bool) -> Option<Outcome> {
        let ctx = self.ctx;
        if ctx.void[i] {
            return Some(Outcome::Void);
        }
        let o = *ctx.order(i);
        let OrderKind::Support { target, supported, .. } = o.kind else {
            return None;
        };
        if let Some(at) = self.path_blocked(i, up) {
            return Some(Outcome::PathBlocked { at });
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
                return Some(Outcome::Cut { by: a.square });
            }
        }
        for &m in &ctx.moves_to[o.square.index()] {
            if self.get(usize::from(m), !up) {
                return Some(Outcome::Dislodged { by: ctx.order(usize::from(m)).square });
            }
        }
        None
    }

    /// `None` if the convoy order succeeds, else why not.
    fn convoy_outcome(&mut self, c: usize, up: bool) -> Option<Outcome> {
        let ctx = self.ctx;
        let Node::Convoy { square, .. } = ctx.nodes[c] else {
            return None;
        };
        if let Some(at) = self.convoy_path_blocked(c, up) {
            return Some(Outcome::PathBlocked { at });
        }
        if self.stays(square, !up) {
            return Some(Outcome::Blocked);
        }
        for &m in &ctx.moves_to[square.index()] {
            if self.get(usize::from(m), !up) {
                return Some(Outcome::Broken { by: ctx.order(usize::from(m)).square });
            }
        }
        let mine = self.convoy_prevent_strength(c, up);
        for &other in &ctx.convoys_on[square.index()] {
            let other = usize::from(other);
            if other != c && self.convoy_prevent_strength(other, !up) >= mine {
                return Some(Outcome::Contested { by: ctx.order(other).square });
            }
        }
        None
    }

    /// Three-valued propagation: tightens every undecided node's bounds
    /// (`lo` <= result <= `hi`) from the bounds of what it reads until nothing
    /// changes, deciding the nodes whose bounds meet. Bounds only tighten and
    /// each changes at most once per side, so this costs a polynomial number
    /// of evaluations. Bounds that would cross mean the decisions made so far
    /// (guesses) contradict each other: `conflict` is set.
    fn propagate(&mut self, mut queue: Vec<usize>) {
        let n = self.ctx.nodes.len();
        let mut queued = vec![false; n];
        queue.retain(|&i| !std::mem::replace(&mut queued[i], true));
        while let Some(i) = queue.pop() {
            queued[i] = false;
            if self.decided[i] {
                continue;
            }
            let (l, h) = self.bounds(i);
            let (lo, hi) = (self.lo[i] || l, self.hi[i] && h);
            if lo && !hi {
                self.conflict = true;
                return;
            }
            if (lo, hi) == (self.lo[i], self.hi[i]) {
                continue;
            }
            self.lo[i] = lo;
            self.hi[i] = hi;
            if lo == hi {
                self.decided[i] = true;
                self.result[i] = lo;
            }
            for k in 0..self.readers[i].len() {
                let r = self.readers[i][k];
                if !queued[r] && !self.decided[r] {
                    queued[r] = true;
                    queue.push(r);
                }
            }
        }
    }

    /// Settles what propagation cannot. The undecided nodes are cycles with
    /// two consistent resolutions or none (circular movement, paradoxes) or
    /// one that only guessing finds, and what hangs on them. Takes a cycle
    /// that hangs on no other undecided node and guesses (Kruijswijk's
    /// guess-and-check): if exactly one consistent resolution exists it
    /// stands; otherwise the backup rule decides: a cycle with a convoy is a
    /// paradox and its convoys fail (Szykman), one without is circular
    /// movement and its moves succeed. Then propagates, until all is decided.
    fn settle(&mut self) {
        let n = self.ctx.nodes.len();
        loop {
            let undecided: Vec<usize> = (0..n).filter(|&i| !self.decided[i]).collect();
            if undecided.is_empty() {
                return;
            }
            let mut edges = vec![Vec::new(); n];
            for &i in &undecided {
                edges[i] = self.reads_of[i].iter().copied().filter(|&x| !self.decided[x]).collect();
            }
            let comp = strongly_connected(&edges);
            let leaks = |c: usize| undecided.iter().any(|&i| comp[i] == c && edges[i].iter().any(|&x| comp[x] != c));
            let bottom = undecided.iter().map(|&i| comp[i]).find(|&c| !leaks(c)).unwrap_or(comp[undecided[0]]);
            let members: Vec<usize> = undecided.iter().copied().filter(|&i| comp[i] == bottom).collect();
            self.budget = GUESS_BUDGET;
            let mut solution = None;
            let count = self.search(&members, &mut solution);
            tracing::trace!(cycle = ?members.iter().map(|&d| self.describe(d)).collect::<Vec<_>>(), count, "guess-and-check");
            match solution {
                Some(s) if count == 1 => {
                    self.restore(s);
                    let queue = members.iter().flat_map(|&m| self.readers[m].clone()).collect();
                    self.propagate(queue);
                }
                _ => self.backup_rule(&members),
            }
        }
    }

    /// Counts the consistent resolutions of the undecided `members` (0, 1,
    /// or 2 meaning "more than one"), keeping the first one found.
    fn search(&mut self, members: &[usize], solution: &mut Option<Snapshot>) -> u32 {
        let Some(&x) = members.iter().find(|&&m| !self.decided[m]) else {
            // Everything guessed or derived: each member's own evaluation must agree.
            for &m in members {
                let (l, h) = self.bounds(m);
                if l && !self.result[m] || !h && self.result[m] {
                    return 0;
                }
            }
            if solution.is_none() {
                *solution = Some(self.snapshot());
            }
            return 1;
        };
        let mut count = 0;
        for value in [false, true] {
            if self.budget == 0 {
                return 2;
            }
            self.budget -= 1;
            let saved = self.snapshot();
            self.decide(x, value);
            self.conflict = false;
            let queue = self.readers[x].clone();
            self.propagate(queue);
            if !self.conflict {
                count += self.search(members, solution);
            }
            self.restore(saved);
            if count >= 2 {
                return 2;
            }
        }
        count
    }

    /// No single consistent resolution: convoys in the cycle fail, or, with
    /// no convoy in it, its moves succeed.
    fn backup_rule(&mut self, members: &[usize]) {
        let has_convoy = members.iter().any(|&d| matches!(self.ctx.nodes[d], Node::Convoy { .. }));
        tracing::trace!(cycle = ?members.iter().map(|&d| self.describe(d)).collect::<Vec<_>>(), has_convoy, "backup rule");
        let mut queue = Vec::new();
        for &d in members {
            let settle = if has_convoy {
                matches!(self.ctx.nodes[d], Node::Convoy { .. }).then_some(false)
            } else {
                self.ctx.is_move(d).then_some(true)
            };
            if let Some(v) = settle {
                self.decide(d, v);
                self.forced[d] = true;
                queue.extend(self.readers[d].iter().copied());
            }
        }
        if queue.is_empty() && !members.iter().any(|&d| self.forced[d]) {
            // Cannot happen (a cycle holds a move or a convoy); make progress anyway.
            self.decide(members[0], false);
            self.forced[members[0]] = true;
            queue.extend(self.readers[members[0]].iter().copied());
        }
        self.propagate(queue);
    }
}

/// Resolves a movement phase. `orders` are legal orders (at most one per
/// piece, or the two halves of an en passant order); pieces without an order hold.
#[must_use]
pub fn resolve(state: &DipState, orders: &[Order]) -> Resolution {
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
            OrderKind::Move { .. } => r.failed_move(i).unwrap_or(Outcome::PartnerFailed),
            OrderKind::Support { .. } if r.result[i] => Outcome::Given,
            OrderKind::Support { .. } => r.support_outcome(i, true).unwrap_or(Outcome::Void),
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
                } else if r.forced[c] {
                    Outcome::Paradox
                } else {
                    r.failed_convoy(c).unwrap_or(Outcome::Paradox)
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
pub fn consistent_resolutions(state: &DipState, orders: &[Order], max_nodes: usize) -> Option<Vec<Vec<bool>>> {
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
