//! Every legal order a power could give now: for a piece in Spring or Fall
//! ([`piece_orders`], [`castling_orders`]) and for a power in Winter
//! ([`adjustment_choices`]). Each movement order is built as the text a
//! player could type and checked by [`validate_movement`] itself, so the
//! lists hold exactly what the rules accept, never an order they refuse.
//! Programs that play (the bots) and tests of the validator use them.

use super::adjust::{balance, buildable_squares, pawns_to_promote};
use super::geometry;
use super::order_text::{ActionText, ConvoyCode, DirectText, MoveCode, OrderText};
use super::state::ChessDipState;
use super::validate::{validate_movement, Validated};
use super::variant::Variant;
use crate::power::PowerId;
use crate::role::Role;
use crate::square::Square;

/// Every legal movement order of the piece on `square`, for its owner:
/// hold, every move it can make (en passant included), every support it can
/// give to a hold or a move of any other piece, and every support-convoy of
/// another piece's multi-square move. Castling, which orders two pieces, is
/// in [`castling_orders`]. Empty if the square is empty or the phase is not
/// a movement phase.
#[must_use]
pub fn piece_orders(variant: &Variant, state: &ChessDipState, square: Square) -> Vec<Validated> {
    let Some(piece) = state.piece(square) else { return Vec::new() };
    if !state.phase.season.is_movement() {
        return Vec::new();
    }
    let power = piece.power;
    let board = variant.board;
    let facing = variant.power(power).facing;
    let mut texts: Vec<ActionText> = vec![ActionText::Hold];
    for to in board.squares() {
        if geometry::reach(board, piece.role, facing, square, to).is_some() {
            texts.push(ActionText::Move { to, code: MoveCode::Plain });
        }
    }
    if piece.role == Role::Pawn {
        for &(from, to) in &state.double_steps {
            let (df, dr) = from.delta(to);
            if let Some(mid) = from.offset(df / 2, dr / 2) {
                texts.push(ActionText::EnPassant { travel: mid, attack: to });
            }
        }
    }
    // Supports go into the squares the piece could attack.
    let landing: Vec<Square> = board
        .squares()
        .filter(|&to| geometry::support_reach(board, piece.role, facing, square, to).is_some())
        .collect();
    for (other, op) in state.pieces().filter(|(s, _)| *s != square) {
        if landing.contains(&other) {
            texts.push(ActionText::Support { role: None, square: other, direct: DirectText::Hold });
        }
        let their_facing = variant.power(op.power).facing;
        for &to in landing.iter().filter(|&&to| to != other) {
            let plain = geometry::reach(board, op.role, their_facing, other, to).is_some();
            let passing = op.role == Role::Pawn && state.double_steps.iter().any(|&(_, passed)| passed == to);
            if plain || passing {
                texts.push(ActionText::Support {
                    role: None,
                    square: other,
                    direct: DirectText::Move { to, code: MoveCode::Plain },
                });
            }
        }
        // Support-convoys: another piece's multi-square move through a square this one attacks.
        for to in board.squares() {
            let Some(r) = geometry::reach(board, op.role, their_facing, other, to) else { continue };
            let code = match r.kind {
                geometry::MoveKind::Attack => ConvoyCode::Move,
                geometry::MoveKind::Travel => ConvoyCode::Travel,
            };
            for via in r.via.iter().filter(|v| landing.contains(v) && *v != square) {
                texts.push(ActionText::Support {
                    role: None,
                    square: via,
                    direct: DirectText::Convoy { from: other, to, code },
                });
            }
        }
    }
    let mut out: Vec<Validated> = Vec::new();
    for action in texts {
        let text = OrderText::Piece { role: Some(piece.role), square, action };
        if let Ok(v) = validate_movement(variant, state, power, &text) {
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// The castling orders `power` may give now (`O-O`, `O-O-O`): each orders
/// its king and a rook together.
#[must_use]
pub fn castling_orders(variant: &Variant, state: &ChessDipState, power: PowerId) -> Vec<Validated> {
    if !variant.castling || !state.phase.season.is_movement() {
        return Vec::new();
    }
    [false, true]
        .into_iter()
        .filter_map(|long| validate_movement(variant, state, power, &OrderText::Castle { long }).ok())
        .collect()
}

/// What a power may order in Winter.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AdjustmentChoices {
    /// Builds allowed (owned centers less pieces; 0 when disbands are due).
    pub builds: usize,
    /// Disbands due (pieces less owned centers; 0 when builds are allowed).
    pub disbands: usize,
    /// The empty owned centers of its build zone: where a build may go.
    pub build_squares: Vec<Square>,
    /// The kinds it may build.
    pub build_roles: Vec<Role>,
    /// Its pieces, any of which it may disband while disbands are due.
    pub pieces: Vec<(Square, Role)>,
    /// Its pawns to promote, each to one of `promotion_roles`.
    pub promotions: Vec<Square>,
    /// The kinds a pawn may promote to.
    pub promotion_roles: Vec<Role>,
}

/// What `power` may order in `state`'s Winter: how many builds or disbands,
/// where and what, and the pawns it promotes. All zero and empty outside
/// Winter.
#[must_use]
pub fn adjustment_choices(variant: &Variant, state: &ChessDipState, power: PowerId) -> AdjustmentChoices {
    if state.phase.season.is_movement() {
        return AdjustmentChoices::default();
    }
    let b = balance(state, power);
    let promotion_roles: Vec<Role> = [Role::Knight, Role::Bishop, Role::Rook]
        .into_iter()
        .filter(|r| variant.has_role(*r) && super::text::promotion_refusal(variant, *r).is_none())
        .collect();
    AdjustmentChoices {
        builds: usize::try_from(b.max(0)).unwrap_or(0),
        disbands: usize::try_from((-b).max(0)).unwrap_or(0),
        build_squares: if b > 0 { buildable_squares(variant, state, power).collect() } else { Vec::new() },
        build_roles: variant.buildable.clone(),
        pieces: state.pieces_of(power).map(|(s, p)| (s, p.role)).collect(),
        promotions: pawns_to_promote(variant, state, power).collect(),
        promotion_roles,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_dip::{
        parse, text, validate_adjustment, Adjustment, AdjustmentKind, Context, Phase, Season, Setup,
    };

    fn sq(s: &str) -> Square {
        s.parse().expect("square")
    }

    /// Every order listed reads back, from its canonical text, to itself.
    fn reads_back(v: &Variant, state: &ChessDipState, power: PowerId, orders: &[Validated]) {
        for o in orders {
            let text = text::order_text(&o.orders().collect::<Vec<_>>());
            let parsed = parse(v.board, &text, Context::Movement).expect("parses");
            let again = validate_movement(v, state, power, &parsed).expect("legal");
            assert_eq!(&again, o, "{text}");
        }
    }

    #[test]
    fn the_chesspolitik_start_knight_holds_moves_and_supports() {
        let v = Variant::builtin("chesspolitik4").expect("variant");
        let s = ChessDipState::start(&v);
        let mughal = v.power_by_name("Mughal").expect("power");
        let orders = piece_orders(&v, &s, sq("b1"));
        let texts: Vec<String> = orders.iter().map(|o| text::order_text(&o.orders().collect::<Vec<_>>())).collect();
        for t in ["N b1 H", "N b1 - a3", "N b1 - c3", "N b1 - d2", "N b1 S K d1 - d2", "N b1 S K e1 - d2"] {
            assert!(texts.iter().any(|x| x == t), "{t} missing from {texts:?}");
        }
        // The knight cannot reach d1, so it cannot support the king holding there.
        assert!(!texts.iter().any(|x| x == "N b1 S K d1 H"), "{texts:?}");
        reads_back(&v, &s, mughal, &orders);
        assert!(castling_orders(&v, &s, mughal).is_empty(), "no castling in Chesspolitik");
    }

    #[test]
    fn every_piece_of_the_chess_dip_start_has_only_legal_orders() {
        let v = Variant::builtin("chessdip").expect("variant");
        let s = ChessDipState::start(&v);
        for (square, piece) in s.pieces() {
            let orders = piece_orders(&v, &s, square);
            assert!(orders.len() > 1, "{square}: {orders:?}");
            reads_back(&v, &s, piece.power, &orders);
        }
        // The bishop on f1 reaches c4 through e2 and d3; the king on e1 may support the convoy on e2.
        let italy = v.power_by_name("Italy").expect("power");
        let texts: Vec<String> =
            piece_orders(&v, &s, sq("e1")).iter().map(|o| text::order_text(&o.orders().collect::<Vec<_>>())).collect();
        assert!(texts.iter().any(|t| t == "K e1 S e2 C f1 - c4"), "{texts:?}");
        assert!(!texts.is_empty() && s.piece(sq("e1")).is_some_and(|p| p.power == italy));
    }

    #[test]
    fn castling_and_en_passant_are_listed_when_the_position_allows_them() {
        let v = Variant::builtin("chessdip").expect("variant");
        let england = v.power_by_name("England").expect("power");
        let france = v.power_by_name("France").expect("power");
        let setup = Setup {
            pieces: vec![
                (england, Role::King, sq("d1"), false),
                (england, Role::Rook, sq("a1"), false),
                (england, Role::Pawn, sq("e5"), true),
                (france, Role::Pawn, sq("d5"), true),
                (france, Role::King, sq("e8"), false),
            ],
            double_steps: vec![(sq("d7"), sq("d5"))],
            ..Setup::default()
        };
        let s = ChessDipState::from_setup(&v, Phase { year: 2, season: Season::Spring }, &setup).expect("setup");
        let castles = castling_orders(&v, &s, england);
        assert_eq!(castles.len(), 1, "{castles:?}");
        // England's king starts on d1: the a1 rook is on its king's side.
        assert_eq!(text::order_text(&castles[0].orders().collect::<Vec<_>>()), "O-O");
        let pawn: Vec<String> =
            piece_orders(&v, &s, sq("e5")).iter().map(|o| text::order_text(&o.orders().collect::<Vec<_>>())).collect();
        assert!(pawn.iter().any(|t| t == "e5 t d6 x d5"), "{pawn:?}");
        reads_back(&v, &s, england, &piece_orders(&v, &s, sq("e5")));
    }

    #[test]
    fn winter_choices_are_accepted_by_the_adjustment_check() {
        let v = Variant::builtin("chessdip").expect("variant");
        let england = v.power_by_name("England").expect("power");
        let mut s = ChessDipState::start(&v);
        s.phase = Phase { year: 1, season: Season::Winter };
        s.set_owner(sq("a1"), Some(england));
        s.set_owner(sq("h1"), Some(england));
        let c = adjustment_choices(&v, &s, england);
        assert_eq!((c.builds, c.disbands), (2, 0));
        assert_eq!(c.build_squares, vec![sq("a1"), sq("h1")]);
        let mut earlier: Vec<Adjustment> = Vec::new();
        for (&square, &role) in c.build_squares.iter().zip(&c.build_roles) {
            let a = validate_adjustment(&v, &s, england, &OrderText::Build { role, square }, &earlier)
                .expect("build accepted");
            earlier.push(a);
        }
        assert!(matches!(earlier[1].kind, AdjustmentKind::Build { .. }));
        // A movement phase has nothing to adjust.
        s.phase = Phase { year: 2, season: Season::Spring };
        assert_eq!(adjustment_choices(&v, &s, england), AdjustmentChoices::default());
    }
}
