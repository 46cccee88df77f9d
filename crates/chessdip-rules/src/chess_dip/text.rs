//! Orders and outcomes as text: the one place that writes them.
//!
//! - The canonical form of every order ([`order_text`], [`adjustment_text`]):
//!   what replies show, what the game stores and what public results print.
//!   It reads back to the same order. Movement orders: `N g1 - f3`,
//!   `K d1 H`, `N b1 S K d1 - d2`, `N c3 S K d1 H`, pawns without a letter
//!   (`e2 - e4`, `e4 x d5`), `K e1 S e2 C f1 - c4`, `e5 t d6 x d5`, `O-O`,
//!   `O-O-O`. Adjustments: `build K d1`, `disband N c3`, `promote c8 R`,
//!   `waive`.
//! - Public reasons ([`Explain`]): true, in the third person, naming the
//!   orders involved (`beaten head to head by N d4 - c3: strength 1 against
//!   2`). They are read by the whole channel and never say "your".
//! - Private notes and advice for the player who typed an order (how it was
//!   read, which order it replaced, which season takes it); these may say
//!   "you".

use super::adjust::Adjustment;
use super::geometry::MoveKind;
use super::order::{Coupling, Order, OrderKind, Supported};
use super::order_text::{OrderText, Reading};
use super::resolve::{Judgement, Resolution};
use super::state::ChessDipState;
use super::variant::Variant;
use crate::role::Role;
use crate::square::Square;
use crate::words::{join_and, join_or};

/// The canonical text of a checked movement order: one order, or the two
/// coupled halves of castling (`O-O`, `O-O-O`) or en passant (`e5 t d6 x d5`).
#[must_use]
pub fn order_text(orders: &[Order]) -> String {
    match orders {
        [one] => one.to_string(),
        [a, b, ..] => match a.coupling {
            Some(Coupling::Castle { .. }) => {
                // O-O moves the rook two squares, O-O-O three.
                let rook = if a.role == Role::Rook { a } else { b };
                let far = rook.move_target().is_some_and(|to| rook.square.delta(to).0.abs() > 2);
                if far { "O-O-O" } else { "O-O" }.to_string()
            }
            Some(Coupling::EnPassant { pawn }) => {
                let to = |k: MoveKind| {
                    orders.iter().find_map(|o| match o.kind {
                        OrderKind::Move { to, kind, .. } if kind == k => Some(to),
                        _ => None,
                    })
                };
                match (to(MoveKind::Travel), to(MoveKind::Attack)) {
                    (Some(t), Some(x)) => format!("{pawn} t {t} x {x}"),
                    _ => a.to_string(),
                }
            }
            None => a.to_string(),
        },
        [] => String::new(),
    }
}

/// The canonical text of an adjustment: `build K d1`, `disband N c3`,
/// `promote c8 R`, `waive`.
#[must_use]
pub fn adjustment_text(a: &Adjustment) -> String {
    a.to_string()
}

/// A piece as prose names it: `K d2`, `P e6`.
fn piece_name(role: Role, sq: Square) -> String {
    format!("{} {sq}", role.char())
}

/// The name of the adjustment season (`Winter`).
fn winter(v: &Variant) -> &str {
    &v.seasons[2]
}

/// What a movement phase says to an adjustment order (private): `builds
/// come in Winter (the adjustment phase); now pieces hold, move and support`.
#[must_use]
pub fn adjustment_in_movement(v: &Variant, order: &OrderText) -> String {
    let w = winter(v);
    let (what, extra) = match *order {
        OrderText::Build { .. } => ("builds", None),
        OrderText::Disband { .. } => ("disbands", None),
        OrderText::Promote { .. } if !v.promotion => {
            return format!("{} has no promotions (it has no pawns); now pieces hold, move and support", v.name)
        }
        OrderText::Promote { role, .. } => ("promotions", promotion_refusal(v, role)),
        OrderText::Waive => ("waived builds", None),
        OrderText::Piece { .. } | OrderText::Castle { .. } => ("adjustments", None),
    };
    let extra = extra.map_or_else(String::new, |why| format!(", and {why}"));
    format!("{what} come in {w} (the adjustment phase){extra}; now pieces hold, move and support")
}

/// What an adjustment phase says to a movement order (private): `in Winter
/// you build, disband or promote (or waive a build); movement orders come in
/// Spring and Fall`.
#[must_use]
pub fn movement_in_adjustment(v: &Variant) -> String {
    let doing = if v.promotion { "build, disband or promote" } else { "build or disband" };
    format!(
        "in {} you {doing} (or waive a build); movement orders come in {} and {}",
        winter(v),
        v.seasons[0],
        v.seasons[1]
    )
}

/// Why a pawn may not become `role`, if it may not: `a pawn cannot promote
/// to a king: it promotes to a knight, bishop or rook`.
#[must_use]
pub fn promotion_refusal(v: &Variant, role: Role) -> Option<String> {
    let names: Vec<String> = [Role::Knight, Role::Bishop, Role::Rook]
        .into_iter()
        .filter(|r| v.has_role(*r))
        .map(|r| r.name().to_string())
        .collect();
    let may = if names.is_empty() { "nothing".into() } else { format!("a {}", join_or(&names)) };
    match role {
        Role::Knight | Role::Bishop | Role::Rook if v.has_role(role) => None,
        Role::King | Role::Pawn => Some(format!("a pawn cannot promote to a {role}: it promotes to {may}")),
        _ => Some(format!("{} has no {}s: a pawn promotes to {may}", v.name, role.name())),
    }
}

/// How an order was read, if it used another name for a piece or `B` for
/// `build` (private note): ``read `A d1 - d2` as `K d1 - d2`: `A` (army) is
/// a king``.
#[must_use]
pub fn reading_note(v: &Variant, typed: &str, canonical: &str, readings: &[Reading]) -> Option<String> {
    if readings.is_empty() {
        return None;
    }
    let why: Vec<String> = readings
        .iter()
        .map(|r| match r {
            Reading::BuildLetter => format!("in {} `B` means `build`", winter(v)),
            Reading::Alias { written, role } => {
                let full = match written.as_str() {
                    "a" => Some("army"),
                    "m" => Some("monarch"),
                    "f" => Some("fleet"),
                    "h" => Some("horse"),
                    _ => None,
                };
                match full {
                    Some(full) => format!("`{}` ({full}) is a {role}", written.to_uppercase()),
                    None => format!("`{written}` is a {role}"),
                }
            }
        })
        .collect();
    Some(format!("read `{}` as `{canonical}`: {}", typed.trim(), why.join("; ")))
}

/// The note when an order replaces earlier ones for the same piece or
/// square (private): ``K d1 - d2` replaces `K d1 H`: one order a piece, the
/// last one stands``.
#[must_use]
pub fn replaced_note(new: &str, old: &[String], adjustment: bool) -> String {
    let old: Vec<String> = old.iter().map(|o| format!("`{o}`")).collect();
    let unit = if adjustment { "one order a square" } else { "one order a piece" };
    format!("`{new}` replaces {}: {unit}, the last one stands", join_and(&old))
}

/// The note when a build takes the place of a waive once every build is
/// ordered: ``build K c1` replaces `waive`: France may build 1, and the
/// build uses the one it waived`.
#[must_use]
pub fn build_for_waive_note(build: &str, power: &str, builds: usize) -> String {
    let one = if builds == 1 { "the one it waived" } else { "one it waived" };
    format!("`{build}` replaces `waive`: {power} may build {builds}, and the build uses {one}")
}

/// The note when a waive comes once every build is already ordered or
/// waived, with one waived among them: it changes nothing.
#[must_use]
pub fn waive_again_note(power: &str, builds: usize) -> String {
    let all = if builds == 1 { "its build is" } else { "all its builds are" };
    format!("`waive` changes nothing: {power} may build {builds}, and {all} already ordered or waived")
}

/// Public reasons for the orders of a resolved movement phase, naming the
/// orders involved. Built on the position before the phase and the
/// resolver's result; changes nothing.
#[derive(Debug)]
pub struct Explain<'a> {
    variant: &'a Variant,
    before: &'a ChessDipState,
    res: &'a Resolution,
}

impl<'a> Explain<'a> {
    /// Explains `res`, resolved from `before`.
    #[must_use]
    pub fn new(variant: &'a Variant, before: &'a ChessDipState, res: &'a Resolution) -> Explain<'a> {
        Explain { variant, before, res }
    }

    fn orders(&self) -> &[Order] {
        &self.res.orders
    }

    /// The indexes of the orders of the piece on `sq` (two for en passant).
    fn at(&self, sq: Square) -> Vec<usize> {
        (0..self.orders().len()).filter(|&i| self.orders()[i].square == sq).collect()
    }

    /// The move from `from` landing on `to`.
    fn move_from(&self, from: Square, to: Square) -> Option<usize> {
        (0..self.orders().len())
            .find(|&i| self.orders()[i].square == from && self.orders()[i].move_target() == Some(to))
    }

    /// The move from `from` onto `to`, named: `N f3 - d2`.
    fn mover(&self, from: Square, to: Square) -> String {
        self.move_from(from, to).map_or_else(|| format!("the move from {from}"), |m| self.orders()[m].to_string())
    }

    fn piece(&self, sq: Square) -> String {
        self.before.piece(sq).map_or_else(|| format!("the piece on {sq}"), |p| piece_name(p.role, sq))
    }

    fn given(&self, s: usize) -> bool {
        self.res.outcomes[s] == Judgement::Given
    }

    /// The given supports of order `i` (hold or move supports), as the resolver matches them.
    fn supports_of(&self, i: usize) -> Vec<usize> {
        let o = self.orders()[i];
        (0..self.orders().len())
            .filter(|&s| self.given(s))
            .filter(|&s| match self.orders()[s].kind {
                OrderKind::Support { target, supported: Supported::Hold, .. } => {
                    target == o.square && !self.at(target).iter().any(|&j| self.orders()[j].move_target().is_some())
                }
                OrderKind::Support { target, supported: Supported::Move { to, kind }, .. } => {
                    target == o.square
                        && matches!(o.kind, OrderKind::Move { to: t, kind: k, .. }
                            if t == to && kind.is_none_or(|kind| kind == k))
                }
                _ => false,
            })
            .collect()
    }

    /// The given support-convoys of the convoy order on `square` of order `of`.
    fn convoy_supports(&self, square: Square, of: usize) -> Vec<usize> {
        let o = self.orders()[of];
        (0..self.orders().len())
            .filter(|&s| self.given(s))
            .filter(|&s| match self.orders()[s].kind {
                OrderKind::Support { target, supported: Supported::Convoy { from, to, support }, .. } => {
                    target == square
                        && from == o.square
                        && match o.kind {
                            OrderKind::Move { to: t, .. } => !support && t == to,
                            OrderKind::Support { target: st, supported: ss, .. } => {
                                support && (st == to || ss.landing(st) == to)
                            }
                            OrderKind::Hold => false,
                        }
                }
                _ => false,
            })
            .collect()
    }

    /// `, supported by N b1 and K e1` (or nothing).
    fn supported_by(&self, supports: &[usize], word: &str) -> String {
        if supports.is_empty() {
            return String::new();
        }
        let names: Vec<String> = supports.iter().map(|&s| self.piece(self.orders()[s].square)).collect();
        format!(", {word} by {}", join_and(&names))
    }

    /// Order `i` with its given supports: `K c1 - d2, supported by N b1`.
    fn with_supports(&self, i: usize) -> String {
        format!("{}{}", self.orders()[i], self.supported_by(&self.supports_of(i), "supported"))
    }

    /// What held the landing square `at`: `P d5 holding there, supported by
    /// B c6`, or `K d2, whose move K d2 - d3 failed`.
    fn staying(&self, at: Square) -> String {
        let here = self.at(at);
        match here.iter().find(|&&j| self.orders()[j].move_target().is_some()) {
            Some(&j) if self.res.outcomes[j].succeeded() => {
                format!("{}, whose attack {} dislodged nothing, so it did not move", self.piece(at), self.orders()[j])
            }
            Some(&j) => format!("{}, whose move {} failed", self.piece(at), self.orders()[j]),
            None => match here.first() {
                Some(&j) => {
                    format!("{} holding there{}", self.piece(at), self.supported_by(&self.supports_of(j), "supported"))
                }
                None => self.piece(at),
            },
        }
    }

    /// Why the convoy order on `at` of order `i` failed, for the order's own reason.
    fn path(&self, i: usize, at: Square) -> String {
        let report = self.res.convoys.iter().find(|c| c.square == at && c.order == i);
        let why = match report.map(|c| c.outcome) {
            Some(Judgement::Blocked) => self.stayed(at),
            Some(Judgement::Broken { by }) => match self.move_from(by, at) {
                Some(m) if matches!(self.res.outcomes[m], Judgement::Struck { .. }) => {
                    format!("{} struck there", self.orders()[m])
                }
                Some(m) => format!("{} moved in", self.orders()[m]),
                None => format!("the move from {by} landed there"),
            },
            Some(Judgement::Contested { by }) => {
                let rival = self.res.convoys.iter().find(|c| c.square == at && self.orders()[c.order].square == by);
                match rival {
                    Some(r) => {
                        let supports = self.supported_by(&self.convoy_supports(at, r.order), "support-convoyed");
                        let strong = if r.outcome == Judgement::Convoyed { "stronger" } else { "as strong" };
                        format!(
                            "contested by the convoy there for {}{supports}, which was {strong}",
                            self.orders()[r.order]
                        )
                    }
                    None => format!("contested by the convoy there for the order from {by}"),
                }
            }
            Some(Judgement::Paradox) => {
                "the convoy there failed by the paradox rule: a convoy in a paradox fails".into()
            }
            _ => "the convoy there failed".into(),
        };
        format!("its path failed at {at}: {why}")
    }

    /// `N c3 stayed there`, with its failed move if it had one.
    fn stayed(&self, sq: Square) -> String {
        match self.at(sq).into_iter().find(|&j| self.orders()[j].move_target().is_some()) {
            Some(j) if self.res.outcomes[j].succeeded() => {
                format!(
                    "{} stayed there: its attack {} dislodged nothing, so it did not move",
                    self.piece(sq),
                    self.orders()[j]
                )
            }
            Some(j) => format!("{} stayed there: its move {} failed", self.piece(sq), self.orders()[j]),
            None => format!("{} stayed there", self.piece(sq)),
        }
    }

    /// The public reason of order `i`, without what happened to its piece afterwards.
    fn base_reason(&self, i: usize) -> String {
        let o = self.orders()[i];
        match self.res.outcomes[i] {
            Judgement::Held => "held".into(),
            Judgement::Dislodged { by } => format!("dislodged by {}", self.mover(by, o.square)),
            Judgement::Moved => {
                let taken: Vec<String> = self
                    .res
                    .dislodged
                    .iter()
                    .filter(|(_, by)| *by == o.square)
                    .map(|&(sq, _)| self.piece(sq))
                    .collect();
                if taken.is_empty() {
                    "moved".into()
                } else {
                    format!("moved, dislodging {}", join_and(&taken))
                }
            }
            Judgement::Struck { at } => format!(
                "the attack on {at} succeeded but dislodged nothing; an attacking pawn moves only when it \
                 dislodges, so the pawn stays on {}",
                o.square
            ),
            Judgement::Bounced { at, attack, against, by } if by == at => {
                let note = if attack.0 == 0 && matches!(o.kind, OrderKind::Move { kind: MoveKind::Travel, .. }) {
                    ": an advance dislodges only with support"
                } else {
                    ""
                };
                format!("bounced at {at} against {}: strength {attack} against {against}{note}", self.staying(at))
            }
            Judgement::Bounced { at, attack, against, by } => {
                let rival =
                    self.move_from(by, at).map_or_else(|| format!("the move from {by}"), |m| self.with_supports(m));
                format!("bounced at {at} against {rival}: strength {attack} against {against}")
            }
            Judgement::HeadToHead { at, attack, against } => {
                let opp = self.move_from(at, o.square).map_or_else(|| self.piece(at), |m| self.with_supports(m));
                if attack < against {
                    format!("beaten head to head by {opp}: strength {attack} against {against}")
                } else {
                    format!("bounced head to head with {opp}: strength {attack} against {against}")
                }
            }
            Judgement::ConvoyPrevented { at, attack, against, of } => {
                let convoy =
                    match self.res.convoys.iter().find(|c| c.square == at && self.orders()[c.order].square == of) {
                        Some(c) => format!(
                            "the convoy there for {}{}",
                            self.orders()[c.order],
                            self.supported_by(&self.convoy_supports(at, c.order), "support-convoyed")
                        ),
                        None => format!("the convoy there for the order from {of}"),
                    };
                format!("bounced at {at} against {convoy}: strength {attack} against {against}")
            }
            Judgement::OwnPiece { at } => {
                let mut t = format!(
                    "bounced at {at} against its own power's {}: a power cannot dislodge its own piece",
                    self.piece(at)
                );
                // The own piece stayed, but another power's move got in anyway.
                if let Some(&(_, by)) = self.res.dislodged.iter().find(|(d, _)| *d == at) {
                    t += &format!("; {} got in, dislodging it", self.mover(by, at));
                }
                t
            }
            Judgement::PathBlocked { at } => self.path(i, at),
            Judgement::PartnerFailed => "failed with the other half of its coupled order".into(),
            Judgement::Given => self.given_reason(i),
            Judgement::Void => self.void_reason(i),
            Judgement::Cut { by } => format!("cut by {}", self.mover(by, o.square)),
            other => other.reason(),
        }
    }

    /// `given`, or why a given support did not count.
    fn given_reason(&self, s: usize) -> String {
        let o = self.orders()[s];
        let OrderKind::Support { target, supported: Supported::Move { to, .. }, .. } = o.kind else {
            return "given".into();
        };
        let Some(m) = (0..self.orders().len()).find(|&m| self.supports_of(m).contains(&s)) else {
            return "given".into();
        };
        if matches!(self.res.outcomes[m], Judgement::OwnPiece { .. }) {
            return "given, but it did not count: a power cannot dislodge its own piece".into();
        }
        let Some(occupant) = self.before.piece(to) else { return "given".into() };
        let left = self.res.moved.iter().any(|&(from, _)| from == to);
        let head_to_head = self.move_from(to, target).is_some();
        if occupant.power == o.power && self.orders()[m].power != o.power && (!left || head_to_head) {
            return format!(
                "given, but it did not count: a power's support does not count against its own piece, here {}",
                self.piece(to)
            );
        }
        "given".into()
    }

    /// Why a support matched no order.
    fn void_reason(&self, s: usize) -> String {
        let OrderKind::Support { target, supported, .. } = self.orders()[s].kind else {
            return Judgement::Void.reason();
        };
        if let Supported::Convoy { from, .. } = supported {
            let theirs: Vec<Order> = self.at(from).into_iter().map(|j| self.orders()[j]).collect();
            return format!(
                "void: no such order passes {target}; {} was ordered {}",
                self.piece(from),
                order_text(&theirs)
            );
        }
        let theirs: Vec<Order> = self.at(target).into_iter().map(|j| self.orders()[j]).collect();
        match theirs.as_slice() {
            [] => Judgement::Void.reason(),
            [one] if one.kind == OrderKind::Hold => format!("void: {} held", self.piece(target)),
            _ => format!("void: {} was ordered {}", self.piece(target), order_text(&theirs)),
        }
    }

    /// `; dislodged by N f3 - d2` for the pieces of `squares` that were
    /// dislodged (naming the piece when there are several).
    fn dislodged_suffix(&self, squares: &[Square]) -> String {
        let mut out = String::new();
        for &sq in squares {
            if let Some(&(_, by)) = self.res.dislodged.iter().find(|(d, _)| *d == sq) {
                if squares.len() == 1 {
                    out += &format!("; dislodged by {}", self.mover(by, sq));
                } else {
                    out += &format!("; {} dislodged by {}", self.piece(sq), self.mover(by, sq));
                }
            }
        }
        out
    }

    /// The public reason of order `i` (one of [`Resolution::orders`]).
    #[must_use]
    pub fn reason(&self, i: usize) -> String {
        let sq = self.orders()[i].square;
        let dislodger = self.res.dislodged.iter().find(|(d, _)| *d == sq).map(|&(_, by)| by);
        match self.res.outcomes[i] {
            Judgement::Dislodged { .. } => self.base_reason(i),
            Judgement::Cut { by } if dislodger == Some(by) => format!("cut and dislodged by {}", self.mover(by, sq)),
            _ => format!("{}{}", self.base_reason(i), self.dislodged_suffix(&[sq])),
        }
    }

    /// Whether an order text (one order, or two coupled halves) succeeded,
    /// and why, for the public results.
    #[must_use]
    pub fn line(&self, orders: &[Order]) -> (bool, String) {
        let idx: Vec<usize> = orders.iter().filter_map(|o| self.orders().iter().position(|x| x == o)).collect();
        let ok = idx.iter().all(|&i| self.res.outcomes[i].succeeded());
        match idx.as_slice() {
            [] => (ok, String::new()),
            [one] => (ok, self.reason(*one)),
            _ => (ok, self.coupled(&idx, ok)),
        }
    }

    fn coupled(&self, idx: &[usize], ok: bool) -> String {
        let first = self.orders()[idx[0]];
        let mut squares: Vec<Square> = idx.iter().map(|&i| self.orders()[i].square).collect();
        squares.dedup();
        if ok {
            return match first.coupling {
                Some(Coupling::EnPassant { pawn }) => {
                    let travel = idx.iter().find_map(|&i| match self.orders()[i].kind {
                        OrderKind::Move { to, kind: MoveKind::Travel, .. } => Some(to),
                        _ => None,
                    });
                    let taken: Vec<String> = self
                        .res
                        .dislodged
                        .iter()
                        .filter(|(_, by)| *by == pawn)
                        .map(|&(sq, _)| self.piece(sq))
                        .collect();
                    match (travel, taken.is_empty()) {
                        (Some(t), false) => format!("moved to {t}, capturing {} en passant", join_and(&taken)),
                        _ => "moved".into(),
                    }
                }
                _ => {
                    let moves: Vec<String> = idx
                        .iter()
                        .filter_map(|&i| {
                            let o = self.orders()[i];
                            o.move_target().map(|to| format!("{} to {to}", self.piece(o.square)))
                        })
                        .collect();
                    format!("castled: {}", join_and(&moves))
                }
            };
        }
        let failed = idx.iter().copied().find(|&i| {
            let out = self.res.outcomes[i];
            !out.succeeded() && out != Judgement::PartnerFailed
        });
        let suffix = self.dislodged_suffix(&squares);
        let Some(f) = failed else {
            return format!("failed with the other half of its coupled order{suffix}");
        };
        let o = self.orders()[f];
        let label = match (o.coupling, o.kind) {
            (Some(Coupling::EnPassant { .. }), OrderKind::Move { kind: MoveKind::Attack, .. }) => "the capture",
            (Some(Coupling::EnPassant { .. }), _) => "the advance",
            (_, _) if o.role == Role::King => "the king's move",
            _ => "the rook's move",
        };
        format!("{label} {o} failed: {}, so both halves fail{suffix}", self.base_reason(f))
    }

    /// The pieces removed, for the public results: `P d5 (Scandinavia, by c4 x d5)`.
    #[must_use]
    pub fn removed(&self) -> Vec<String> {
        self.res
            .dislodged
            .iter()
            .filter_map(|&(sq, by)| {
                let p = self.before.piece(sq)?;
                Some(format!(
                    "{} ({}, by {})",
                    piece_name(p.role, sq),
                    self.variant.power(p.power).name,
                    self.mover(by, sq)
                ))
            })
            .collect()
    }
}

/// The public reason of an adjustment order: `carried out`, or why not.
#[must_use]
pub fn adjustment_reason(done: bool, why_not: Option<&str>) -> String {
    match (done, why_not) {
        (true, _) => "carried out".into(),
        (false, Some(why)) => format!("not carried out: {why}"),
        (false, None) => "not carried out".into(),
    }
}
