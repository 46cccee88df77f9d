//! The movement resolver: Kruijswijk's guess-and-check algorithm as described
//! in the DATC (v3.0, section 5), with the DATC's strength definitions and the
//! Chess Dip generalisations (travel orders, strengths in half points).
//!
//! [`Ctx`] is the immutable context (orders and their indexes); [`Resolver`]
//! the small mutable state (results, guesses, the dependency list).
//! Outcomes are explained by [`Outcome`] so replies and images can say why.

use serde::Serialize;

use super::geometry::MoveKind;
use super::order::{Order, OrderKind, Supported};
use super::state::DipState;
use crate::rules::square::Square;

/// A strength in half points (Chess Dip's unsupported travel order has 1/2).
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
    /// A hold (or unordered piece) that was not dislodged.
    Held,
    /// The piece stayed and was dislodged by the move from `by`.
    Dislodged {
        /// Start square of the dislodging move.
        by: Square,
    },
    /// The move succeeded.
    Moved,
    /// The move failed against a stronger or equal resistance.
    Bounced {
        /// The landing square.
        at: Square,
        /// The move's attack strength.
        attack: Strength,
        /// The strongest resistance.
        against: Strength,
        /// Where the resistance came from: the occupant's square or a rival's start.
        by: Square,
    },
    /// The move could not dislodge a piece of its own power.
    OwnPiece {
        /// The landing square.
        at: Square,
    },
    /// The support was given.
    Given,
    /// The supported piece did not make the supported order.
    Void,
    /// The support was cut by an attack from `by`.
    Cut {
        /// Start of the cutting attack.
        by: Square,
    },
}

impl Outcome {
    /// Whether the order succeeded (for supports: was given).
    #[must_use]
    pub fn succeeded(self) -> bool {
        matches!(self, Outcome::Held | Outcome::Moved | Outcome::Given)
    }

    /// A short explanation for players ("bounced at d2: 1 against 2 from e2").
    #[must_use]
    pub fn reason(self) -> String {
        match self {
            Outcome::Held => "held".into(),
            Outcome::Dislodged { by } => format!("dislodged by the piece from {by}"),
            Outcome::Moved => "moved".into(),
            Outcome::Bounced {
                at,
                attack,
                against,
                by,
            } if by == at => {
                format!("bounced at {at}: strength {attack} against {against} holding there")
            }
            Outcome::Bounced {
                at,
                attack,
                against,
                by,
            } => {
                format!("bounced at {at}: strength {attack} against {against} from {by}")
            }
            Outcome::OwnPiece { at } => format!("cannot dislodge its own power's piece on {at}"),
            Outcome::Given => "support given".into(),
            Outcome::Void => "void: the supported piece did not make that order".into(),
            Outcome::Cut { by } => format!("cut by the attack from {by}"),
        }
    }
}

/// The result of a movement phase.
#[derive(Clone, Debug)]
pub struct Resolution {
    /// Every piece's order, unordered pieces as holds, in square order.
    pub orders: Vec<Order>,
    /// Outcome of each order, parallel to `orders`.
    pub outcomes: Vec<Outcome>,
    /// Dislodged pieces: (square, start of the dislodging move).
    pub dislodged: Vec<(Square, Square)>,
}

const NONE: u16 = u16::MAX;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum State {
    Unresolved,
    Guessing,
    Resolved,
}

/// Immutable context: the orders and indexes into them.
struct Ctx {
    orders: Vec<Order>,
    /// Order index of the piece on each square.
    at: [u16; 64],
    /// Move orders landing on each square.
    moves_to: Vec<Vec<u16>>,
    /// Matching support orders of each order.
    supports: Vec<Vec<u16>>,
    /// Supports that match no order.
    void: Vec<bool>,
}

impl Ctx {
    fn new(state: &DipState, given: &[Order]) -> Ctx {
        let mut at = [NONE; 64];
        let mut orders: Vec<Order> = Vec::with_capacity(given.len());
        for (sq, piece) in state.pieces() {
            let o = given
                .iter()
                .find(|o| o.square == sq && o.power == piece.power)
                .copied()
                .unwrap_or_else(|| Order::hold(piece.power, sq, piece.role));
            at[sq.index()] = orders.len() as u16;
            orders.push(o);
        }
        let mut moves_to = vec![Vec::new(); 64];
        for (i, o) in orders.iter().enumerate() {
            if let OrderKind::Move { to, .. } = o.kind {
                moves_to[to.index()].push(i as u16);
            }
        }
        let mut supports = vec![Vec::new(); orders.len()];
        let mut void = vec![false; orders.len()];
        for (i, o) in orders.iter().enumerate() {
            if let OrderKind::Support {
                target, supported, ..
            } = o.kind
            {
                let j = at[target.index()];
                let matched = j != NONE
                    && match (supported, orders[usize::from(j)].kind) {
                        (Supported::Hold, OrderKind::Move { .. }) => false,
                        (Supported::Hold, _) => true,
                        (Supported::Move { to, kind }, OrderKind::Move { to: t, kind: k, .. }) => {
                            to == t && kind.is_none_or(|kind| kind == k)
                        }
                        (Supported::Move { .. }, _) => false,
                    };
                if matched {
                    supports[usize::from(j)].push(i as u16);
                } else {
                    void[i] = true;
                }
            }
        }
        Ctx {
            orders,
            at,
            moves_to,
            supports,
            void,
        }
    }

    fn occupant(&self, sq: Square) -> Option<usize> {
        let j = self.at[sq.index()];
        (j != NONE).then_some(usize::from(j))
    }

    /// The move order `j` whose landing square is `i`'s start while `i` lands on `j`'s start.
    fn head_to_head(&self, i: usize) -> Option<usize> {
        let o = &self.orders[i];
        let OrderKind::Move { to, via, .. } = o.kind else {
            return None;
        };
        let j = self.occupant(to)?;
        match self.orders[j].kind {
            OrderKind::Move {
                to: back,
                via: jvia,
                ..
            } if back == o.square && via.is_empty() && jvia.is_empty() => Some(j),
            _ => None,
        }
    }
}

/// The mutable part: results, guesses and the dependency list.
struct Resolver<'c> {
    ctx: &'c Ctx,
    state: Vec<State>,
    result: Vec<bool>,
    deps: Vec<usize>,
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

    /// Circular movement: every move of the cycle succeeds. (A cycle without
    /// convoys can only be circular movement.)
    fn backup_rule(&mut self, old: usize) {
        let cycle: Vec<usize> = self.deps[old..].to_vec();
        self.deps.truncate(old);
        for d in cycle {
            if matches!(self.ctx.orders[d].kind, OrderKind::Move { .. }) {
                self.result[d] = true;
                self.state[d] = State::Resolved;
            } else {
                self.state[d] = State::Unresolved;
            }
        }
    }

    fn adjudicate(&mut self, i: usize) -> bool {
        match self.ctx.orders[i].kind {
            OrderKind::Hold => true,
            OrderKind::Move { .. } => self.move_succeeds(i),
            OrderKind::Support { .. } => self.support_given(i).is_none(),
        }
    }

    /// `None` if the support is given, else the reason it is not.
    fn support_given(&mut self, i: usize) -> Option<Outcome> {
        let ctx = self.ctx;
        if ctx.void[i] {
            return Some(Outcome::Void);
        }
        let o = ctx.orders[i];
        let OrderKind::Support {
            target, supported, ..
        } = o.kind
        else {
            return None;
        };
        let landing = supported.landing(target);
        for &m in &ctx.moves_to[o.square.index()] {
            let a = &ctx.orders[usize::from(m)];
            if a.power != o.power && a.square != landing {
                return Some(Outcome::Cut { by: a.square });
            }
        }
        for &m in &ctx.moves_to[o.square.index()] {
            if self.resolve(usize::from(m)) {
                return Some(Outcome::Dislodged {
                    by: ctx.orders[usize::from(m)].square,
                });
            }
        }
        None
    }

    fn count_supports(
        &mut self,
        i: usize,
        except_power: Option<crate::rules::power::PowerId>,
    ) -> u32 {
        let ctx = self.ctx;
        let mut n = 0;
        for &s in &ctx.supports[i] {
            let s = usize::from(s);
            if except_power == Some(ctx.orders[s].power) {
                continue;
            }
            if self.resolve(s) {
                n += 1;
            }
        }
        n
    }

    /// Whether the piece of order `j` leaves its square.
    fn vacates(&mut self, j: usize) -> bool {
        matches!(self.ctx.orders[j].kind, OrderKind::Move { .. }) && self.resolve(j)
    }

    fn attack_strength(&mut self, i: usize) -> Strength {
        let ctx = self.ctx;
        let o = ctx.orders[i];
        let OrderKind::Move { to, kind, .. } = o.kind else {
            return Strength(0);
        };
        let base = |n: u32| match kind {
            MoveKind::Attack => Strength(2 * (1 + n)),
            MoveKind::Travel if n == 0 => Strength(1),
            MoveKind::Travel => Strength(2 * n),
        };
        let Some(j) = ctx.occupant(to) else {
            let n = self.count_supports(i, None);
            return base(n);
        };
        if ctx.head_to_head(i).is_none() && self.vacates(j) {
            let n = self.count_supports(i, None);
            return base(n);
        }
        let occupant_power = ctx.orders[j].power;
        if occupant_power == o.power {
            return Strength(0);
        }
        let n = self.count_supports(i, Some(occupant_power));
        match kind {
            MoveKind::Attack => Strength(2 * (1 + n)),
            MoveKind::Travel => Strength(2 * n),
        }
    }

    fn defend_strength(&mut self, j: usize) -> Strength {
        let n = self.count_supports(j, None);
        match self.ctx.orders[j].kind {
            OrderKind::Move {
                kind: MoveKind::Travel,
                ..
            } => Strength(2 * n),
            _ => Strength(2 * (1 + n)),
        }
    }

    fn prevent_strength(&mut self, k: usize) -> Strength {
        if let Some(opp) = self.ctx.head_to_head(k) {
            if self.resolve(opp) {
                return Strength(0);
            }
        }
        Strength(2 * (1 + self.count_supports(k, None)))
    }

    fn hold_strength(&mut self, sq: Square) -> Strength {
        let Some(j) = self.ctx.occupant(sq) else {
            return Strength(0);
        };
        if matches!(self.ctx.orders[j].kind, OrderKind::Move { .. }) {
            return if self.resolve(j) {
                Strength(0)
            } else {
                Strength(2)
            };
        }
        Strength(2 * (1 + self.count_supports(j, None)))
    }

    /// `None` if the move succeeds, else why not.
    fn move_outcome(&mut self, i: usize) -> Option<Outcome> {
        let ctx = self.ctx;
        let o = ctx.orders[i];
        let OrderKind::Move { to, .. } = o.kind else {
            return None;
        };
        let attack = self.attack_strength(i);
        if attack == Strength(0) {
            if let Some(j) = ctx.occupant(to) {
                if ctx.orders[j].power == o.power {
                    return Some(Outcome::OwnPiece { at: to });
                }
            }
        }
        let (resist, by) = match ctx.head_to_head(i) {
            Some(j) => (self.defend_strength(j), to),
            None => (self.hold_strength(to), to),
        };
        if attack <= resist {
            return Some(Outcome::Bounced {
                at: to,
                attack,
                against: resist,
                by,
            });
        }
        for &k in &ctx.moves_to[to.index()] {
            let k = usize::from(k);
            if k != i {
                let p = self.prevent_strength(k);
                if attack <= p {
                    return Some(Outcome::Bounced {
                        at: to,
                        attack,
                        against: p,
                        by: ctx.orders[k].square,
                    });
                }
            }
        }
        None
    }

    fn move_succeeds(&mut self, i: usize) -> bool {
        self.move_outcome(i).is_none()
    }
}

/// Resolves a movement phase. `orders` are legal orders (at most one per
/// piece; the first counts); pieces without an order hold.
#[must_use]
pub fn resolve(state: &DipState, orders: &[Order]) -> Resolution {
    let ctx = Ctx::new(state, orders);
    let n = ctx.orders.len();
    let mut r = Resolver {
        ctx: &ctx,
        state: vec![State::Unresolved; n],
        result: vec![false; n],
        deps: Vec::new(),
    };
    for i in 0..n {
        r.resolve(i);
    }
    // Every order is resolved now; explain each.
    let mut dislodged = Vec::new();
    for i in 0..n {
        if let OrderKind::Move { to, .. } = ctx.orders[i].kind {
            if r.result[i] {
                if let Some(j) = ctx.occupant(to) {
                    if !r.vacates(j) {
                        dislodged.push((to, ctx.orders[i].square));
                    }
                }
            }
        }
    }
    let by_of = |sq: Square| dislodged.iter().find(|(d, _)| *d == sq).map(|(_, by)| *by);
    let mut outcomes = Vec::with_capacity(n);
    for i in 0..n {
        let o = ctx.orders[i];
        let outcome = match o.kind {
            OrderKind::Hold => match by_of(o.square) {
                Some(by) => Outcome::Dislodged { by },
                None => Outcome::Held,
            },
            OrderKind::Move { .. } if r.result[i] => Outcome::Moved,
            OrderKind::Move { .. } => r.move_outcome(i).unwrap_or(Outcome::Moved),
            OrderKind::Support { .. } if r.result[i] => Outcome::Given,
            OrderKind::Support { .. } => r.support_given(i).unwrap_or(Outcome::Given),
        };
        outcomes.push(outcome);
    }
    Resolution {
        orders: ctx.orders,
        outcomes,
        dislodged,
    }
}
