//! Movement-order validation: [`OrderText`] + position -> [`Validated`] orders
//! or an [`IllegalOrder`] that tells the player what is wrong.

use super::geometry::{self, MoveKind};
use super::order::{kind_word, Coupling, IllegalOrder, Order, OrderKind, Supported};
use super::order_text::{ActionText, ConvoyCode, DirectText, MoveCode, OrderText};
use super::state::ChessDipState;
use super::variant::Variant;
use crate::power::PowerId;
use crate::role::Role;
use crate::square::Square;

/// The orders one order text stands for: one, or the two coupled halves of
/// castling or en passant.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Validated {
    /// An ordinary order.
    One(Order),
    /// Coupled orders that succeed or fail together.
    Two(Order, Order),
}

impl Validated {
    /// The orders.
    pub fn orders(&self) -> impl Iterator<Item = Order> {
        let (a, b) = match *self {
            Validated::One(a) => (a, None),
            Validated::Two(a, b) => (a, Some(b)),
        };
        std::iter::once(a).chain(b)
    }
}

/// Finds the ordering power's piece on `square`, checking owner and letter.
fn own_piece(
    variant: &Variant,
    state: &ChessDipState,
    power: PowerId,
    role: Option<Role>,
    square: Square,
) -> Result<Role, IllegalOrder> {
    if let Some(r) = role {
        if !variant.has_role(r) {
            return Err(IllegalOrder::RoleNotInPlay {
                role: r,
                variant: variant.name.clone(),
                allowed: variant.roles_text(),
            });
        }
    }
    let Some(piece) = state.piece(square) else {
        return Err(IllegalOrder::NoPiece { power: variant.power(power).name.clone(), square });
    };
    if piece.power != power {
        return Err(IllegalOrder::NotYours {
            role: piece.role,
            square,
            owner: variant.power(piece.power).name.clone(),
            power: variant.power(power).name.clone(),
        });
    }
    match role {
        // The seed omits the letter for pawns; a bare square orders whatever stands there.
        Some(said) if said != piece.role => Err(IllegalOrder::WrongRole { square, said, actual: piece.role }),
        _ => Ok(piece.role),
    }
}

fn reach_hint(variant: &Variant, state: &ChessDipState, role: Role, from: Square) -> String {
    let facing = state.piece(from).map_or(crate::power::Facing::Up, |p| variant.power(p.power).facing);
    let list: Vec<String> = geometry::targets(variant.board, role, facing, from).map(|s| s.to_string()).collect();
    if list.is_empty() {
        String::new()
    } else {
        format!("; it can move to {}", list.join(", "))
    }
}

fn code_kind(code: MoveCode) -> Option<MoveKind> {
    match code {
        MoveCode::Plain => None,
        MoveCode::Capture => Some(MoveKind::Attack),
        MoveCode::Travel => Some(MoveKind::Travel),
    }
}

/// The en passant captures open to the pawn on `pawn`: (passed square, passed pawn's square).
fn en_passant_options(variant: &Variant, state: &ChessDipState, pawn: Square) -> Vec<(Square, Square)> {
    let Some(p) = state.piece(pawn).filter(|p| p.role == Role::Pawn && variant.en_passant) else {
        return Vec::new();
    };
    let facing = variant.power(p.power).facing;
    state
        .double_steps
        .iter()
        .filter_map(|&(from, to)| {
            let (df, dr) = from.delta(to);
            let mid = from.offset(df / 2, dr / 2)?;
            let passed = state.piece(to)?;
            let attackable = geometry::reach(variant.board, Role::Pawn, facing, pawn, mid)
                .is_some_and(|r| r.kind == MoveKind::Attack);
            (passed.role == Role::Pawn && passed.power != p.power && attackable).then_some((mid, to))
        })
        .collect()
}

/// Whether the piece on `from` could be ordered to `to` (as `kind`, if given):
/// on an empty board, or as a half of an en passant capture.
fn can_make(variant: &Variant, state: &ChessDipState, from: Square, to: Square, kind: Option<MoveKind>) -> bool {
    let Some(p) = state.piece(from) else { return false };
    let facing = variant.power(p.power).facing;
    let plain =
        geometry::reach(variant.board, p.role, facing, from, to).is_some_and(|r| kind.is_none_or(|k| k == r.kind));
    plain
        || en_passant_options(variant, state, from).iter().any(|&(mid, passed)| {
            (to == mid && kind != Some(MoveKind::Attack)) || (to == passed && kind != Some(MoveKind::Travel))
        })
}

/// Checks one movement order of `power` against the position.
///
/// # Errors
/// [`IllegalOrder`] saying what is not allowed and, where it helps, what would be.
pub fn validate_movement(
    variant: &Variant,
    state: &ChessDipState,
    power: PowerId,
    text: &OrderText,
) -> Result<Validated, IllegalOrder> {
    let unavailable =
        |what| IllegalOrder::Unavailable { what, variant: variant.name.clone(), roles: variant.roles_text() };
    let (role, square, action) = match *text {
        OrderText::Piece { role, square, action } => (role, square, action),
        OrderText::Castle { long } if variant.castling => return castle(variant, state, power, long),
        OrderText::Castle { .. } => return Err(unavailable("castling")),
        OrderText::Build { .. } | OrderText::Disband { .. } | OrderText::Promote { .. } | OrderText::Waive => {
            return Err(IllegalOrder::WrongPhase {
                phase: state.phase.name(variant),
                advice: super::text::adjustment_in_movement(variant, text),
            })
        }
    };
    let role = own_piece(variant, state, power, role, square)?;
    let facing = variant.power(power).facing;
    let board = variant.board;
    let one = |kind| Ok(Validated::One(Order { power, square, role, kind, coupling: None }));
    match action {
        ActionText::Hold => one(OrderKind::Hold),
        ActionText::Move { to, code } => {
            if to == square {
                return Err(IllegalOrder::MoveToOwnSquare { role, square });
            }
            let Some(r) = geometry::reach(board, role, facing, square, to) else {
                let (df, dr) = square.delta(to);
                let (ff, fr) = facing.forward();
                if role == Role::Pawn && (df, dr) == (2 * ff, 2 * fr) {
                    return Err(IllegalOrder::NoTwoSquare(square));
                }
                return Err(IllegalOrder::CannotReach {
                    role,
                    from: square,
                    to,
                    hint: reach_hint(variant, state, role, square),
                });
            };
            if let Some(said) = code_kind(code).filter(|k| *k != r.kind) {
                return Err(IllegalOrder::WrongMoveKind {
                    role,
                    from: square,
                    to,
                    said: kind_word(said),
                    actual: kind_word(r.kind),
                });
            }
            one(OrderKind::Move { to, kind: r.kind, via: r.via })
        }
        ActionText::EnPassant { .. } if !variant.en_passant => Err(unavailable("en passant")),
        ActionText::EnPassant { travel, attack } => {
            if role != Role::Pawn {
                return Err(IllegalOrder::NoEnPassant {
                    detail: format!(": only pawns capture en passant, not a {role}"),
                });
            }
            let options = en_passant_options(variant, state, square);
            if !options.iter().any(|&(mid, passed)| mid == travel && passed == attack) {
                let detail = match options.first() {
                    Some((mid, passed)) => format!(
                        " passing a square the pawn on {square} attacks; here that is `{square} t {mid} x {passed}`"
                    ),
                    None => {
                        format!(" over a square the pawn on {square} attacks; no enemy pawn reached {attack} that way")
                    }
                };
                return Err(IllegalOrder::NoEnPassant { detail });
            }
            let coupling = Some(Coupling::EnPassant { pawn: square });
            let half = |to, kind| Order {
                power,
                square,
                role,
                kind: OrderKind::Move { to, kind, via: geometry::Via::NONE },
                coupling,
            };
            Ok(Validated::Two(half(travel, MoveKind::Travel), half(attack, MoveKind::Attack)))
        }
        ActionText::Support { role: target_said, square: target, direct } => {
            if target == square {
                return Err(IllegalOrder::SelfSupport { role, square });
            }
            let (supported, target_role) = match direct {
                DirectText::Convoy { from, to, code } => {
                    if !variant.roles.iter().any(|r| matches!(r, Role::Bishop | Role::Rook | Role::Queen | Role::Pawn))
                    {
                        return Err(unavailable("multi-square orders to support-convoy"));
                    }
                    let support = code == ConvoyCode::Support;
                    convoy_target(variant, state, target, from, to, support)?;
                    (Supported::Convoy { from, to, support }, state.piece(from).map_or(Role::Pawn, |p| p.role))
                }
                DirectText::Hold | DirectText::Move { .. } => {
                    let Some(tp) = state.piece(target) else {
                        return Err(IllegalOrder::NothingToSupport(target));
                    };
                    if let Some(said) = target_said.filter(|r| *r != tp.role) {
                        return Err(IllegalOrder::WrongRole { square: target, said, actual: tp.role });
                    }
                    match direct {
                        DirectText::Move { to, code } => {
                            let kind = code_kind(code);
                            if to == square {
                                return Err(IllegalOrder::SupportOntoSelf { role, square });
                            }
                            if !can_make(variant, state, target, to, kind) {
                                return Err(IllegalOrder::SupportedCannotReach { role: tp.role, from: target, to });
                            }
                            (Supported::Move { to, kind }, tp.role)
                        }
                        _ => (Supported::Hold, tp.role),
                    }
                }
            };
            let landing = supported.landing(target);
            let Some(r) = geometry::support_reach(board, role, facing, square, landing) else {
                return Err(IllegalOrder::SupportCannotReach { role, from: square, to: landing });
            };
            one(OrderKind::Support { target, target_role, supported, via: r.via })
        }
    }
}

/// Checks that `square` is an intermediate square of an order the piece on
/// `from` could give towards `to` (a move, or with `support` a support).
fn convoy_target(
    variant: &Variant,
    state: &ChessDipState,
    square: Square,
    from: Square,
    to: Square,
    support: bool,
) -> Result<(), IllegalOrder> {
    let what =
        if support { format!("a support from {from} towards {to}") } else { format!("a move from {from} to {to}") };
    let not_on_path = || IllegalOrder::NotOnPath { square, what: what.clone() };
    let Some(p) = state.piece(from) else {
        return Err(IllegalOrder::NothingToSupport(from));
    };
    let facing = variant.power(p.power).facing;
    let board = variant.board;
    let ok = if support {
        // The support's landing square is `to` or lies beyond it on the same line.
        board.squares().any(|landing| {
            geometry::support_reach(board, p.role, facing, from, landing).is_some_and(|r| {
                let path: Vec<Square> = r.via.iter().chain(std::iter::once(landing)).collect();
                match (path.iter().position(|&s| s == square), path.iter().position(|&s| s == to)) {
                    (Some(i), Some(j)) => i < j && r.via.contains(square),
                    _ => false,
                }
            })
        })
    } else {
        geometry::reach(board, p.role, facing, from, to).is_some_and(|r| r.via.contains(square))
    };
    if ok {
        Ok(())
    } else {
        Err(not_on_path())
    }
}

fn castle(variant: &Variant, state: &ChessDipState, power: PowerId, long: bool) -> Result<Validated, IllegalOrder> {
    let def = variant.power(power);
    let name = if long { "O-O-O" } else { "O-O" };
    let Some(king) = def.king_square else {
        return Err(IllegalOrder::Unavailable {
            what: "king square to castle from",
            variant: variant.name.clone(),
            roles: variant.roles_text(),
        });
    };
    let board = variant.board;
    // The queen square is the king's neighbour on file d or e; the king's side is the other way.
    let queen_dir: i8 = if king.file().index() < board.files / 2 { 1 } else { -1 };
    let dir = if long { queen_dir } else { -queen_dir };
    let corner_file = if dir > 0 { board.files - 1 } else { 0 };
    let rook = Square::from_coords(corner_file, king.rank().index()).filter(|s| board.contains(*s));
    let (Some(rook), Some(king_to)) = (rook, board.offset(king, 2 * dir, 0)) else {
        return Err(IllegalOrder::Unavailable {
            what: "room to castle",
            variant: variant.name.clone(),
            roles: variant.roles_text(),
        });
    };
    // O-O: the rook lands on the square the king passes; O-O-O: on the queen square.
    let Some(rook_to) = board.offset(king, dir, 0) else {
        return Err(IllegalOrder::Unavailable {
            what: "room to castle",
            variant: variant.name.clone(),
            roles: variant.roles_text(),
        });
    };
    let fail = |detail: String| IllegalOrder::CannotCastle { order: name, king, rook, detail };
    let own_unmoved = |sq: Square, role: Role| -> Result<(), IllegalOrder> {
        match state.piece(sq) {
            Some(p) if p.power == power && p.role == role && !p.moved => Ok(()),
            Some(p) if p.power == power && p.role == role => Err(fail(format!("; the {role} on {sq} has moved"))),
            Some(p) if p.power == power => Err(fail(format!("; there is a {} on {sq}", p.role))),
            Some(p) => Err(fail(format!("; {sq} holds a {} of {}", p.role, variant.power(p.power).name))),
            None => Err(fail(format!("; {sq} is empty"))),
        }
    };
    own_unmoved(king, Role::King)?;
    own_unmoved(rook, Role::Rook)?;
    let rook_path = geometry::reach(board, Role::Rook, def.facing, rook, rook_to)
        .ok_or_else(|| fail(String::new()))?
        .via
        .without(king_to);
    let coupling = Some(Coupling::Castle { king, rook });
    let k = Order {
        power,
        square: king,
        role: Role::King,
        kind: OrderKind::Move { to: king_to, kind: MoveKind::Travel, via: geometry::Via::NONE },
        coupling,
    };
    let r = Order {
        power,
        square: rook,
        role: Role::Rook,
        kind: OrderKind::Move { to: rook_to, kind: MoveKind::Travel, via: rook_path },
        coupling,
    };
    Ok(Validated::Two(k, r))
}
