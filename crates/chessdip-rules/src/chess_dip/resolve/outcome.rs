//! What a resolution reports: strengths, each order's outcome with its
//! reason, the implicit convoy orders, and the whole [`Resolution`].

use serde::{Deserialize, Serialize};

use crate::chess_dip::order::Order;
use crate::square::Square;

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
pub enum Judgement {
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

impl Judgement {
    /// Whether the order succeeded (for supports: was given).
    #[must_use]
    pub fn succeeded(self) -> bool {
        matches!(
            self,
            Judgement::Held | Judgement::Moved | Judgement::Struck { .. } | Judgement::Given | Judgement::Convoyed
        )
    }

    /// A short explanation that needs no other order ("bounced at d2:
    /// strength 1 against 2 from the piece staying there"). The game's
    /// replies use [`crate::chess_dip::text::Explain`], which names the orders involved.
    #[must_use]
    pub fn reason(self) -> String {
        match self {
            Judgement::Held => "held".into(),
            Judgement::Dislodged { by } => format!("dislodged by the move from {by}"),
            Judgement::Moved => "moved".into(),
            Judgement::Struck { at } => {
                format!("the attack on {at} succeeded but dislodged nothing, so the pawn stays")
            }
            Judgement::Bounced { at, attack, against, by } if by == at => {
                format!("bounced at {at}: strength {attack} against {against} from the piece staying there")
            }
            Judgement::Bounced { at, attack, against, by } => {
                format!("bounced at {at}: strength {attack} against {against} from the move from {by}")
            }
            Judgement::HeadToHead { at, attack, against } if attack < against => {
                format!("beaten head to head by the piece from {at}: strength {attack} against {against}")
            }
            Judgement::HeadToHead { at, attack, against } => {
                format!("bounced head to head with the piece from {at}: strength {attack} against {against}")
            }
            Judgement::ConvoyPrevented { at, attack, against, of } => {
                format!(
                    "bounced at {at}: strength {attack} against {against} from the convoy there of the order from {of}"
                )
            }
            Judgement::OwnPiece { at } => format!("bounced at {at}: a power cannot dislodge its own piece"),
            Judgement::PathBlocked { at } => format!("its path failed at {at}: the convoy there failed"),
            Judgement::PartnerFailed => "failed with the other half of its coupled order".into(),
            Judgement::Given => "given".into(),
            Judgement::Void => "void: the supported piece was not ordered that".into(),
            Judgement::Cut { by } => format!("cut by the attack from {by}"),
            Judgement::Convoyed => "convoy held".into(),
            Judgement::Blocked => "a piece stayed on the square".into(),
            Judgement::Broken { by } => format!("broken by the move from {by}"),
            Judgement::Contested { by } => format!("contested by the convoy there of the order from {by}, as strong"),
            Judgement::Paradox => "failed by the paradox rule: the convoy was part of a paradox".into(),
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
    pub outcome: Judgement,
}

/// The result of a movement phase.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Resolution {
    /// Every order: the given ones, and holds for unordered pieces, by square.
    pub orders: Vec<Order>,
    /// Judgement of each order, parallel to `orders`.
    pub outcomes: Vec<Judgement>,
    /// The implicit convoy orders on intermediate squares.
    pub convoys: Vec<ConvoyReport>,
    /// Dislodged pieces: (square, start of the dislodging move).
    pub dislodged: Vec<(Square, Square)>,
    /// Pieces that moved: (from, to).
    pub moved: Vec<(Square, Square)>,
}
