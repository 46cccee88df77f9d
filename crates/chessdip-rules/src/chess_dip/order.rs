//! Validated orders: [`OrderText`](super::OrderText) + position -> [`Order`] or [`IllegalOrder`].
//!
//! Vocabulary (after godip): an order that cannot be read is *invalid*
//! ([`super::order_text::ParseError`]); one that is read but not allowed in
//! the position is *illegal* ([`IllegalOrder`]). Both are rejected before
//! adjudication and the piece holds.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::geometry::{MoveKind, Via};
use crate::power::PowerId;
use crate::role::Role;
use crate::square::Square;

/// A legal movement-phase order of one piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Order {
    /// The ordering power.
    pub power: PowerId,
    /// The piece's square.
    pub square: Square,
    /// The piece's kind.
    pub role: Role,
    /// What it does.
    pub kind: OrderKind,
    /// The other half of a castling or en passant order: both fail together.
    pub coupling: Option<Coupling>,
}

/// Links the two halves of a coupled order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Coupling {
    /// Castling: king and rook travel together.
    Castle {
        /// The king's square.
        king: Square,
        /// The rook's square.
        rook: Square,
    },
    /// En passant: the pawn travels to the passed square and attacks the passed pawn.
    EnPassant {
        /// The capturing pawn's square.
        pawn: Square,
    },
}

/// What a piece does in a movement phase.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OrderKind {
    /// Stay and defend.
    Hold,
    /// Move to `to`.
    Move {
        /// Landing square.
        to: Square,
        /// Attack or travel.
        kind: MoveKind,
        /// Intermediate squares.
        via: Via,
    },
    /// Support the order of the piece on `target`.
    Support {
        /// The supported piece's square.
        target: Square,
        /// The supported piece's kind.
        target_role: Role,
        /// What it is supported to do.
        supported: Supported,
        /// Intermediate squares between supporter and the supported landing square.
        via: Via,
    },
}

/// The supported order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Supported {
    /// Holding (any order that does not move).
    Hold,
    /// Moving to `to`; `kind` if the code named it (`x`/`t`).
    Move {
        /// Landing square.
        to: Square,
        /// Attack or travel, if the order said so.
        kind: Option<MoveKind>,
    },
    /// The implicit convoy order on the supported square (the target) of the
    /// multi-square order of the piece on `from`.
    Convoy {
        /// The convoyed order's piece.
        from: Square,
        /// The convoyed order's landing square (a move's), or for a
        /// multi-square support the supported piece's square or landing square.
        to: Square,
        /// Whether the convoyed order is a support (`S` code).
        support: bool,
    },
}

impl Supported {
    /// The square the support is given into: the held square or the landing square.
    #[must_use]
    pub fn landing(self, target: Square) -> Square {
        match self {
            Supported::Hold | Supported::Convoy { .. } => target,
            Supported::Move { to, .. } => to,
        }
    }
}

impl Order {
    /// A hold order for the piece.
    #[must_use]
    pub fn hold(power: PowerId, square: Square, role: Role) -> Order {
        Order { power, square, role, kind: OrderKind::Hold, coupling: None }
    }

    /// The landing square of a move order.
    #[must_use]
    pub fn move_target(&self) -> Option<Square> {
        match self.kind {
            OrderKind::Move { to, .. } => Some(to),
            _ => None,
        }
    }
}

fn piece_prefix(role: Role, sq: Square) -> String {
    if role == Role::Pawn {
        sq.to_string()
    } else {
        format!("{} {sq}", role.char())
    }
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let me = piece_prefix(self.role, self.square);
        match self.kind {
            OrderKind::Hold => write!(f, "{me} H"),
            OrderKind::Move { to, kind: MoveKind::Travel, .. }
                if self.role != Role::Pawn || self.coupling.is_some() =>
            {
                write!(f, "{me} t {to}")
            }
            OrderKind::Move { to, kind: MoveKind::Attack, .. } if self.role == Role::Pawn => {
                write!(f, "{me} x {to}")
            }
            OrderKind::Move { to, .. } => write!(f, "{me} - {to}"),
            OrderKind::Support { target, target_role, supported, .. } => {
                let them = piece_prefix(target_role, target);
                match supported {
                    Supported::Hold => write!(f, "{me} S {them} H"),
                    Supported::Move { to, kind: Some(MoveKind::Travel) } => write!(f, "{me} S {them} t {to}"),
                    Supported::Move { to, kind: Some(MoveKind::Attack) } => write!(f, "{me} S {them} x {to}"),
                    Supported::Move { to, kind: None } => write!(f, "{me} S {them} - {to}"),
                    Supported::Convoy { from, to, support } => {
                        let code = if support { "S" } else { "-" };
                        write!(f, "{me} S {target} C {from} {code} {to}")
                    }
                }
            }
        }
    }
}

/// Why an order that was read is not allowed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IllegalOrder {
    /// No piece on the square.
    #[error("{power} has no piece on {square}")]
    NoPiece {
        /// The ordering power's name.
        power: String,
        /// The square.
        square: Square,
    },
    /// The piece is someone else's.
    #[error("the {role} on {square} belongs to {owner}, not {power}")]
    NotYours {
        /// Its kind.
        role: Role,
        /// Its square.
        square: Square,
        /// Its owner's name.
        owner: String,
        /// The ordering power's name.
        power: String,
    },
    /// The letter does not match the piece.
    #[error("there is a {actual} on {square}, not a {said}")]
    WrongRole {
        /// The square.
        square: Square,
        /// What the order said.
        said: Role,
        /// What is there.
        actual: Role,
    },
    /// The variant does not have this kind of piece.
    #[error("{variant} has no {role}s: it uses {allowed}")]
    RoleNotInPlay {
        /// The kind.
        role: Role,
        /// The variant's name.
        variant: String,
        /// The kinds in play.
        allowed: String,
    },
    /// A move the piece cannot make.
    #[error("a {role} on {from} cannot reach {to}{hint}")]
    CannotReach {
        /// Its kind.
        role: Role,
        /// Its square.
        from: Square,
        /// Where it was sent.
        to: Square,
        /// "; it can move to ..." or empty.
        hint: String,
    },
    /// Moving onto its own square.
    #[error("the {role} on {square} is already there: to stay, order `{} {square} H`", role.char())]
    MoveToOwnSquare {
        /// Its kind.
        role: Role,
        /// Its square.
        square: Square,
    },
    /// `x` or `t` on a move that is not of that kind.
    #[error("a {role} on {from} moving to {to} makes {actual}, not {said}")]
    WrongMoveKind {
        /// Its kind.
        role: Role,
        /// Start.
        from: Square,
        /// Landing.
        to: Square,
        /// What was written.
        said: &'static str,
        /// What it is.
        actual: &'static str,
    },
    /// A support of a square without a piece.
    #[error("there is no piece on {0} to support")]
    NothingToSupport(Square),
    /// A piece supporting its own order.
    #[error("the {role} on {square} cannot support itself")]
    SelfSupport {
        /// Its kind.
        role: Role,
        /// Its square.
        square: Square,
    },
    /// Supporting a move onto the supporter's own square.
    #[error("the {role} on {square} cannot support a move onto its own square")]
    SupportOntoSelf {
        /// Its kind.
        role: Role,
        /// Its square.
        square: Square,
    },
    /// The supporter cannot reach the square it supports into.
    #[error("a {role} on {from} cannot support into {to}: it cannot reach {to}")]
    SupportCannotReach {
        /// Supporter's kind.
        role: Role,
        /// Supporter's square.
        from: Square,
        /// The square supported into.
        to: Square,
    },
    /// The supported piece cannot make the supported move.
    #[error("the {role} on {from} cannot reach {to}, so there is no such move to support")]
    SupportedCannotReach {
        /// Supported piece's kind.
        role: Role,
        /// Its square.
        from: Square,
        /// The impossible landing square.
        to: Square,
    },
    /// A second order for one piece.
    #[error("the {role} on {square} already has an order: {previous}")]
    AlreadyOrdered {
        /// Its kind.
        role: Role,
        /// Its square.
        square: Square,
        /// The order it has.
        previous: String,
    },
    /// An order kind this variant does not have.
    #[error("{variant} has no {what}: it uses only {roles}")]
    Unavailable {
        /// "castling", "en passant", "convoys to support".
        what: &'static str,
        /// The variant's name.
        variant: String,
        /// The kinds in play.
        roles: String,
    },
    /// A two-square pawn advance away from the power's first two ranks.
    #[error("no two-square move from {0}: pawns advance two squares only from their power's first two ranks")]
    NoTwoSquare(Square),
    /// Castling without the pieces for it.
    #[error("castling {order} needs an unmoved king on {king} and rook on {rook}{detail}")]
    CannotCastle {
        /// `O-O` or `O-O-O`.
        order: &'static str,
        /// The king square.
        king: Square,
        /// The rook's corner.
        rook: Square,
        /// What is missing.
        detail: String,
    },
    /// En passant without a passed pawn.
    #[error("en passant needs a pawn that moved two squares in the last movement phase{detail}")]
    NoEnPassant {
        /// What is missing.
        detail: String,
    },
    /// A support-convoy for a square no order from there passes.
    #[error("{square} is not an intermediate square of {what}")]
    NotOnPath {
        /// The convoy square.
        square: Square,
        /// The order described.
        what: String,
    },
    /// An adjustment order (build, disband, promote, waive) in a movement phase.
    #[error("it is {phase}: {advice}")]
    WrongPhase {
        /// The phase's name.
        phase: String,
        /// When such orders come, and what orders are taken now.
        advice: String,
    },
}

pub(crate) fn kind_word(k: MoveKind) -> &'static str {
    match k {
        MoveKind::Attack => "an attack (`x`)",
        MoveKind::Travel => "a travel order (`t`)",
    }
}
