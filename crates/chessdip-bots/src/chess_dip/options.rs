//! Every legal order of every piece, from the rules' own list
//! ([`chessdip_rules::chess_dip::legal::piece_orders`]), sorted into what a planner
//! needs: where a move lands, what a support helps.

use chessdip_rules::chess_dip::legal::piece_orders;
use chessdip_rules::chess_dip::{text, ChessDipState, OrderKind, Supported, Validated, Variant};
use chessdip_rules::{PowerId, Square};

/// What one legal order does, for planning.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Stays.
    Hold,
    /// Moves to the square.
    Move(Square),
    /// Supports the piece on `target` holding (`to == target`) or moving to `to`.
    Support {
        /// The supported piece.
        target: Square,
        /// Where the support goes: the held square or the landing square.
        to: Square,
        /// Whether it supports a move (else a hold).
        moving: bool,
    },
    /// Anything else (a support-convoy).
    Other,
}

/// One legal order of a piece.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Choice {
    /// The order, as the rules validated it.
    pub(crate) order: Validated,
    /// What it does.
    pub(crate) kind: Kind,
}

/// A piece with its legal orders (the hold first).
#[derive(Clone, Debug)]
pub(crate) struct PieceOptions {
    /// Where it stands.
    pub(crate) square: Square,
    /// Its orders.
    pub(crate) choices: Vec<Choice>,
}

impl PieceOptions {
    /// The index of the hold.
    pub(crate) fn hold(&self) -> usize {
        self.choices.iter().position(|c| c.kind == Kind::Hold).unwrap_or(0)
    }

    /// The index of the order that supports the piece on `target` moving to `to` (or holding when `to == target`).
    pub(crate) fn support_for(&self, target: Square, to: Square) -> Option<usize> {
        self.choices.iter().position(|c| {
            matches!(c.kind, Kind::Support { target: t, to: x, moving } if t == target && x == to && moving == (to != target))
        })
    }
}

/// The legal orders of every piece of `power` (castling left out: the bot
/// orders its king and rooks one by one).
pub(crate) fn of_power(v: &Variant, s: &ChessDipState, power: PowerId) -> Vec<PieceOptions> {
    s.pieces_of(power)
        .map(|(square, _)| {
            let mut choices: Vec<Choice> =
                piece_orders(v, s, square).into_iter().map(|order| Choice { order, kind: kind_of(&order) }).collect();
            if !choices.iter().any(|c| c.kind == Kind::Hold) {
                // The rules always list the hold; keep the planner's invariant anyway.
                choices.clear();
            }
            PieceOptions { square, choices }
        })
        .filter(|p| !p.choices.is_empty())
        .collect()
}

/// What `order` does.
fn kind_of(order: &Validated) -> Kind {
    let first = order.orders().next();
    let Some(o) = first else { return Kind::Other };
    match o.kind {
        OrderKind::Hold => Kind::Hold,
        OrderKind::Move { to, .. } => Kind::Move(to),
        OrderKind::Support { target, supported: Supported::Hold, .. } => {
            Kind::Support { target, to: target, moving: false }
        }
        OrderKind::Support { target, supported: Supported::Move { to, .. }, .. } => {
            Kind::Support { target, to, moving: true }
        }
        OrderKind::Support { .. } => Kind::Other,
    }
}

/// The canonical text of `order`.
pub(crate) fn text_of(order: &Validated) -> String {
    text::order_text(&order.orders().collect::<Vec<_>>())
}
