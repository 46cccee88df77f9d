//! Winter adjustments: builds, disbands, waives and civil disorder.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::geometry;
use super::order_text::OrderText;
use super::state::{ChessDipState, Piece};
use super::variant::Variant;
use crate::power::PowerId;
use crate::role::Role;
use crate::square::Square;
use crate::words::{count, join_and};

/// A legal adjustment order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Adjustment {
    /// The ordering power.
    pub power: PowerId,
    /// What it does.
    pub kind: AdjustmentKind,
}

/// Build, disband or waive.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AdjustmentKind {
    /// Build a piece on an owned, empty center of the build zone.
    Build {
        /// Kind.
        role: Role,
        /// Where.
        square: Square,
    },
    /// Remove one of its pieces.
    Disband {
        /// Kind.
        role: Role,
        /// Where.
        square: Square,
    },
    /// Give up one build.
    Waive,
    /// Promote the pawn on `square` (on its last rank) to `role`.
    Promote {
        /// The pawn's square.
        square: Square,
        /// Knight, bishop or rook.
        role: Role,
    },
}

impl fmt::Display for Adjustment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            AdjustmentKind::Build { role, square } => write!(f, "build {} {square}", role.char()),
            AdjustmentKind::Disband { role, square } => {
                write!(f, "disband {} {square}", role.char())
            }
            AdjustmentKind::Waive => f.write_str("waive"),
            AdjustmentKind::Promote { square, role } => write!(f, "promote {square} {}", role.char()),
        }
    }
}

/// Why an adjustment order is not allowed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IllegalAdjustment {
    /// A movement order in Winter.
    #[error("it is {phase}: {advice}")]
    WrongPhase {
        /// The phase's name.
        phase: String,
        /// What orders are taken now, and when movement orders come.
        advice: String,
    },
    /// Nothing to adjust.
    #[error("{power} has {} and {}: it has nothing to build or disband", count(*.centers, "center"), count(*.pieces, "piece"))]
    NothingToAdjust {
        /// Power name.
        power: String,
        /// Owned centers.
        centers: usize,
        /// Pieces.
        pieces: usize,
    },
    /// Build while disbands are due.
    #[error("{power} has {} and {}: it must disband {due}, not build", count(*.centers, "center"), count(*.pieces, "piece"))]
    MustDisband {
        /// Power name.
        power: String,
        /// Owned centers.
        centers: usize,
        /// Pieces.
        pieces: usize,
        /// How many to disband.
        due: usize,
    },
    /// Disband while builds are due.
    #[error("{power} has {} and {}: it may build {due}, not disband", count(*.centers, "center"), count(*.pieces, "piece"))]
    MayBuild {
        /// Power name.
        power: String,
        /// Owned centers.
        centers: usize,
        /// Pieces.
        pieces: usize,
        /// How many builds it may make.
        due: usize,
    },
    /// More builds (or waives) than allowed.
    #[error(
        "{power} may build only {allowed} this winter and has already ordered {list}: \
         a build on the same square replaces its order, and `orders clear` starts again"
    )]
    TooManyBuilds {
        /// Power name.
        power: String,
        /// Allowed count.
        allowed: usize,
        /// The orders already taken.
        list: String,
    },
    /// More disbands than due.
    #[error(
        "{power} must disband only {due} and has already ordered {list} \
         (an order for the same piece replaces the old one)"
    )]
    TooManyDisbands {
        /// Power name.
        power: String,
        /// Due count.
        due: usize,
        /// The orders already taken.
        list: String,
    },
    /// Not a supply center.
    #[error("{0} is not a supply center: builds go on owned home centers")]
    NotACenter(Square),
    /// Outside the power's build zone.
    #[error("{square} is not a center where {power} may build; {places}")]
    NotInBuildZone {
        /// Square.
        square: Square,
        /// Power name.
        power: String,
        /// Where it can build now: `it can build now on c1 and g1`.
        places: String,
    },
    /// Not owned by the power.
    #[error("{power} does not own {square} ({owner}); {places}")]
    NotOwned {
        /// Square.
        square: Square,
        /// Power name.
        power: String,
        /// "it is neutral" / "Ming Dynasty owns it".
        owner: String,
        /// Where it can build now: `it can build now on c1 and g1`.
        places: String,
    },
    /// Occupied center.
    #[error("{square} is occupied by a {role}: builds need an empty center; {places}")]
    Occupied {
        /// Square.
        square: Square,
        /// What stands there.
        role: Role,
        /// Where it can build now: `it can build now on c1 and g1`.
        places: String,
    },
    /// Two builds on one square.
    #[error("{0} already has a build ordered this winter")]
    AlreadyBuilding(Square),
    /// A kind that may not be built.
    #[error("{variant} does not build {role}s: it builds {allowed}")]
    NotBuildable {
        /// Kind.
        role: Role,
        /// Variant name.
        variant: String,
        /// Buildable kinds.
        allowed: String,
    },
    /// No piece of the power to disband.
    #[error("{power} has no piece on {square} to disband")]
    NoPiece {
        /// Power name.
        power: String,
        /// Square.
        square: Square,
    },
    /// The letter does not match the piece.
    #[error("there is a {actual} on {square}, not a {said}")]
    WrongRole {
        /// Square.
        square: Square,
        /// Written.
        said: Role,
        /// Present.
        actual: Role,
    },
    /// Same piece disbanded twice.
    #[error("the {role} on {square} is already being disbanded")]
    AlreadyDisbanded {
        /// Kind.
        role: Role,
        /// Square.
        square: Square,
    },
    /// Another power's piece.
    #[error("the {role} on {square} belongs to {owner}, not {power}")]
    NotYours {
        /// Kind.
        role: Role,
        /// Square.
        square: Square,
        /// Owner's name.
        owner: String,
        /// The ordering power's name.
        power: String,
    },
    /// A promotion of something that is not the power's pawn on its last rank.
    #[error("{0}")]
    CannotPromote(String),
    /// An order kind the variant does not have (promotions without pawns).
    #[error("{variant} has no {what}")]
    Unavailable {
        /// What.
        what: &'static str,
        /// Variant name.
        variant: String,
    },
}

/// How many builds (positive) or disbands (negative) a power has this winter.
#[must_use]
pub fn balance(state: &ChessDipState, power: PowerId) -> i64 {
    state.centers_of(power).len() as i64 - state.piece_count(power) as i64
}

/// Whether the power has an adjustment to make: a disband due, or a build
/// due with somewhere to build.
#[must_use]
pub fn has_adjustments(variant: &Variant, state: &ChessDipState, power: PowerId) -> bool {
    let b = balance(state, power);
    b < 0
        || (b > 0 && buildable_squares(variant, state, power).next().is_some())
        || pawns_to_promote(variant, state, power).next().is_some()
}

/// The power's pawns standing on its last rank (promoted in Winter).
pub fn pawns_to_promote<'a>(
    variant: &'a Variant,
    state: &'a ChessDipState,
    power: PowerId,
) -> impl Iterator<Item = Square> + 'a {
    let facing = variant.power(power).facing;
    state.pieces_of(power).filter_map(move |(sq, p)| {
        (variant.promotion && p.role == Role::Pawn && geometry::on_last_rank(variant.board, facing, sq)).then_some(sq)
    })
}

/// The empty, owned centers of the power's build zone.
pub fn buildable_squares<'a>(
    variant: &'a Variant,
    state: &'a ChessDipState,
    power: PowerId,
) -> impl Iterator<Item = Square> + 'a {
    let zone = state.build_zone(variant, power);
    zone.iter().filter(move |&sq| state.owner(sq) == Some(power) && state.piece(sq).is_none())
}

/// Where the power can build now, for a refused build: `it can build now on
/// c1 and g1` (its own empty centers in its build zone, and nothing else).
fn build_places(variant: &Variant, state: &ChessDipState, power: PowerId) -> String {
    let places: Vec<String> = buildable_squares(variant, state, power).map(|s| s.to_string()).collect();
    match places.len() {
        0 => "none of its own centers in its build zone is empty now".into(),
        1 => format!("it can build now only on {}", places[0]),
        _ => format!("it can build now on {}", join_and(&places)),
    }
}

/// Checks one adjustment order given the power's orders accepted before it.
///
/// # Errors
/// [`IllegalAdjustment`] saying what is wrong.
pub fn validate_adjustment(
    variant: &Variant,
    state: &ChessDipState,
    power: PowerId,
    text: &OrderText,
    earlier: &[Adjustment],
) -> Result<Adjustment, IllegalAdjustment> {
    let name = variant.power(power).name.clone();
    let centers = state.centers_of(power).len();
    let pieces = state.piece_count(power);
    let b = balance(state, power);
    let mine: Vec<&Adjustment> = earlier.iter().filter(|a| a.power == power).collect();
    let counted = mine.iter().filter(|a| !matches!(a.kind, AdjustmentKind::Promote { .. })).count();
    let list = || mine.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(", ");
    let kind = match *text {
        OrderText::Piece { .. } | OrderText::Castle { .. } => {
            return Err(IllegalAdjustment::WrongPhase {
                phase: state.phase.name(variant),
                advice: super::text::movement_in_adjustment(variant),
            })
        }
        OrderText::Promote { .. } if !variant.promotion => {
            return Err(IllegalAdjustment::Unavailable { what: "pawns to promote", variant: variant.name.clone() })
        }
        OrderText::Promote { square, role } => {
            let facing = variant.power(power).facing;
            let bad = |m: String| Err(IllegalAdjustment::CannotPromote(m));
            if let Some(why) = super::text::promotion_refusal(variant, role) {
                return bad(why);
            }
            match state.piece(square) {
                None => return bad(format!("{name} has no pawn on {square} to promote")),
                Some(p) if p.power != power => {
                    return bad(format!(
                        "the {} on {square} belongs to {}, not {name}",
                        p.role,
                        variant.power(p.power).name
                    ))
                }
                Some(p) if p.role != Role::Pawn => {
                    return bad(format!("the piece on {square} is a {}, not a pawn", p.role))
                }
                Some(_) if !geometry::on_last_rank(variant.board, facing, square) => {
                    return bad(format!("the pawn on {square} has not reached {name}'s last rank"))
                }
                Some(_) => {}
            }
            if mine.iter().any(|a| matches!(a.kind, AdjustmentKind::Promote { square: s, .. } if s == square)) {
                return bad(format!("the pawn on {square} already has a promotion order"));
            }
            AdjustmentKind::Promote { square, role }
        }
        OrderText::Waive | OrderText::Build { .. } if b < 0 => {
            return Err(IllegalAdjustment::MustDisband { power: name, centers, pieces, due: (-b) as usize })
        }
        OrderText::Waive | OrderText::Build { .. } if b == 0 => {
            return Err(IllegalAdjustment::NothingToAdjust { power: name, centers, pieces })
        }
        OrderText::Waive | OrderText::Build { .. } if counted >= b as usize => {
            let builds: Vec<String> = mine
                .iter()
                .filter(|a| matches!(a.kind, AdjustmentKind::Build { .. } | AdjustmentKind::Waive))
                .map(|a| a.to_string())
                .collect();
            return Err(IllegalAdjustment::TooManyBuilds {
                power: name,
                allowed: b as usize,
                list: crate::words::join_and(&builds),
            });
        }
        OrderText::Waive => AdjustmentKind::Waive,
        OrderText::Build { role, square } => {
            if !variant.buildable.contains(&role) {
                let allowed = variant.buildable.iter().map(|r| format!("{}s", r.name())).collect::<Vec<_>>();
                return Err(IllegalAdjustment::NotBuildable {
                    role,
                    variant: variant.name.clone(),
                    allowed: crate::words::join_and(&allowed),
                });
            }
            if !variant.centers.contains(square) {
                return Err(IllegalAdjustment::NotACenter(square));
            }
            let zone = state.build_zone(variant, power);
            if !zone.contains(square) {
                return Err(IllegalAdjustment::NotInBuildZone {
                    square,
                    power: name,
                    places: build_places(variant, state, power),
                });
            }
            if state.owner(square) != Some(power) {
                let owner = match state.owner(square) {
                    Some(o) => format!("{} owns it", variant.power(o).name),
                    None => "it is neutral".into(),
                };
                return Err(IllegalAdjustment::NotOwned {
                    square,
                    power: name,
                    owner,
                    places: build_places(variant, state, power),
                });
            }
            if let Some(p) = state.piece(square) {
                return Err(IllegalAdjustment::Occupied {
                    square,
                    role: p.role,
                    places: build_places(variant, state, power),
                });
            }
            if mine.iter().any(|a| matches!(a.kind, AdjustmentKind::Build { square: s, .. } if s == square)) {
                return Err(IllegalAdjustment::AlreadyBuilding(square));
            }
            AdjustmentKind::Build { role, square }
        }
        OrderText::Disband { role, square } => {
            if b > 0 {
                return Err(IllegalAdjustment::MayBuild { power: name, centers, pieces, due: b as usize });
            }
            if b == 0 {
                return Err(IllegalAdjustment::NothingToAdjust { power: name, centers, pieces });
            }
            let Some(piece) = state.piece(square) else {
                return Err(IllegalAdjustment::NoPiece { power: name, square });
            };
            if piece.power != power {
                return Err(IllegalAdjustment::NotYours {
                    role: piece.role,
                    square,
                    owner: variant.power(piece.power).name.clone(),
                    power: name,
                });
            }
            if let Some(said) = role.filter(|r| *r != piece.role) {
                return Err(IllegalAdjustment::WrongRole { square, said, actual: piece.role });
            }
            if mine.iter().any(|a| matches!(a.kind, AdjustmentKind::Disband { square: s, .. } if s == square)) {
                return Err(IllegalAdjustment::AlreadyDisbanded { role: piece.role, square });
            }
            if counted >= (-b) as usize {
                return Err(IllegalAdjustment::TooManyDisbands { power: name, due: (-b) as usize, list: list() });
            }
            AdjustmentKind::Disband { role: piece.role, square }
        }
    };
    Ok(Adjustment { power, kind })
}

/// The result of an adjustment phase.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AdjustmentReport {
    /// The orders carried out, in order.
    pub carried_out: Vec<Adjustment>,
    /// Disbands chosen by the civil-disorder rule: (power, role, square).
    pub civil_disorder: Vec<(PowerId, Role, Square)>,
    /// Builds neither ordered nor waived: (power, count).
    pub unused_builds: Vec<(PowerId, usize)>,
    /// Pawns promoted without an order (they become knights): (power, square).
    pub default_promotions: Vec<(PowerId, Square)>,
}

/// Pieces of `power` in civil-disorder order: farthest (king moves) from its
/// nearest home center first, ties by square name.
#[must_use]
pub fn civil_disorder_order(variant: &Variant, state: &ChessDipState, power: PowerId) -> Vec<(Square, Piece)> {
    let homes = state.homes(variant, power);
    let dist = |sq: Square| homes.iter().map(|h| h.distance(sq)).min().unwrap_or(0);
    let mut pieces: Vec<(Square, Piece)> = state.pieces_of(power).collect();
    pieces.sort_by(|(a, _), (b, _)| dist(*b).cmp(&dist(*a)).then_with(|| a.to_string().cmp(&b.to_string())));
    pieces
}

/// Carries out legal adjustment orders, then the civil-disorder defaults.
/// The record of the last movement phase's two-square advances is kept for
/// the next movement phase, less the pawns disbanded or promoted here.
#[must_use]
pub fn apply_adjustments(
    variant: &Variant,
    state: &ChessDipState,
    orders: &[Adjustment],
) -> (ChessDipState, AdjustmentReport) {
    let mut next = state.clone();
    let mut report = AdjustmentReport {
        carried_out: Vec::new(),
        civil_disorder: Vec::new(),
        unused_builds: Vec::new(),
        default_promotions: Vec::new(),
    };
    for power in variant.power_ids() {
        let b = balance(state, power);
        let mine: Vec<Adjustment> = orders
            .iter()
            .filter(|a| a.power == power && !matches!(a.kind, AdjustmentKind::Promote { .. }))
            .copied()
            .collect();
        if b > 0 {
            let mut used = 0;
            for a in mine.iter().take(b as usize) {
                match a.kind {
                    AdjustmentKind::Build { role, square } if next.piece(square).is_none() => {
                        next.put(square, Piece { power, role, moved: false });
                        report.carried_out.push(*a);
                        used += 1;
                    }
                    AdjustmentKind::Waive => {
                        report.carried_out.push(*a);
                        used += 1;
                    }
                    _ => {}
                }
            }
            if used < b as usize && buildable_squares(variant, &next, power).next().is_some() {
                report.unused_builds.push((power, b as usize - used));
            }
        } else if b < 0 {
            let due = (-b) as usize;
            let mut done = 0;
            for a in &mine {
                if let AdjustmentKind::Disband { square, .. } = a.kind {
                    if done < due && next.piece(square).is_some_and(|p| p.power == power) {
                        next.take(square);
                        report.carried_out.push(*a);
                        done += 1;
                    }
                }
            }
            for (sq, p) in civil_disorder_order(variant, &next, power).into_iter().take(due - done) {
                next.take(sq);
                report.civil_disorder.push((power, p.role, sq));
            }
        }
    }
    // Promotions last, for the pawns still on the board.
    for power in variant.power_ids() {
        let pawns: Vec<Square> = pawns_to_promote(variant, &next, power).collect();
        for sq in pawns {
            let ordered = orders
                .iter()
                .find(|a| a.power == power && matches!(a.kind, AdjustmentKind::Promote { square, .. } if square == sq));
            let role = match ordered.map(|a| a.kind) {
                Some(AdjustmentKind::Promote { role, .. }) => role,
                _ => Role::Knight,
            };
            match ordered {
                Some(a) => report.carried_out.push(*a),
                None => report.default_promotions.push((power, sq)),
            }
            next.put(sq, Piece { power, role, moved: true });
            if variant.centers.contains(sq) {
                next.promoted_homes.insert(sq, power);
            }
        }
    }
    next.phase = state.phase.next();
    // The record of last movement phase's two-square advances outlives the
    // adjustments (en passant is against the last *movement* phase), but not
    // the pawns themselves: a pawn disbanded or promoted here can no longer be
    // taken en passant, whatever stands on its square later.
    let removed: Vec<Square> = report
        .carried_out
        .iter()
        .filter_map(|a| match a.kind {
            AdjustmentKind::Disband { square, .. } | AdjustmentKind::Promote { square, .. } => Some(square),
            AdjustmentKind::Build { .. } | AdjustmentKind::Waive => None,
        })
        .chain(report.civil_disorder.iter().map(|&(_, _, sq)| sq))
        .chain(report.default_promotions.iter().map(|&(_, sq)| sq))
        .collect();
    next.double_steps.retain(|(_, to)| !removed.contains(to));
    (next, report)
}
