//! The two baselines a bot is measured against: `random` (uniformly random
//! legal orders) and `hold` (every piece holds, no builds). Both play every
//! game through the same texts as a person; `random` draws from the rules'
//! own lists of legal orders, so it is refused nothing either.

use super::rng::Rng;
use super::Choice;
use chessdip_rules::any::Position;
use chessdip_rules::chess_dip::legal::{adjustment_choices, castling_orders, piece_orders};
use chessdip_rules::chess_dip::{text, Adjustment, AdjustmentKind, ChessDipState, Variant as DipVariant};
use chessdip_rules::chess_wheel::{self, BoardAction};
use chessdip_rules::diplomacy_chess::movegen::{legal_moves, make, Rules};
use chessdip_rules::diplomacy_chess::notation::san;
use chessdip_rules::diplomacy_chess::{side_of, DiplomacyChessState, Mode, Variant as SimulVariant};
use chessdip_rules::diplomat_chess::{DiplomatChessState, Variant as DiplomatVariant};
use chessdip_rules::{PowerId, Square};

/// Uniformly random legal orders for `power` (which owes orders now).
pub(crate) fn random(position: &Position, power: &str, rng: &mut Rng) -> Choice {
    match position {
        Position::ChessDip { variant: v, state: s } => random_dip(v, s, power, rng),
        Position::DiplomacyChess { variant: v, state: s } => random_simul(v, s, power, rng),
        Position::DiplomatChess { variant: v, state: s } => random_diplomat(v, s, rng),
        Position::ChessWheel { variant: v, state: s } => random_wheel(v, s, power, rng),
    }
}

/// Every piece holds: no orders. In Chess Wheel+ the board is created and
/// populated in the player's first cycle (a player without pieces would
/// not be playing), and never again.
pub(crate) fn hold(position: &Position, power: &str) -> Choice {
    let Position::ChessWheel { variant: v, state: s } = position else { return Choice::default() };
    let Some(seat) = s.seat(power) else { return Choice::default() };
    if s.cycle > 1 {
        return Choice::default();
    }
    let (actions, _) = board_actions(v, s, power, seat);
    Choice { actions, ..Choice::default() }
}

/// One uniformly random legal order per piece (Spring, Fall), or random
/// builds, disbands and promotions (Winter).
fn random_dip(v: &DipVariant, s: &ChessDipState, power: &str, rng: &mut Rng) -> Choice {
    let Some(p) = v.power_by_name(power) else { return Choice::default() };
    if !s.phase.season.is_movement() {
        return random_winter(v, s, p, rng);
    }
    let castles = castling_orders(v, s, p);
    let mut covered: Vec<Square> = Vec::new();
    let mut orders: Vec<(Vec<Square>, String)> = Vec::new();
    let squares: Vec<Square> = s.pieces_of(p).map(|(sq, _)| sq).collect();
    for sq in squares {
        if covered.contains(&sq) {
            continue;
        }
        let mut options = piece_orders(v, s, sq);
        // A castling order is one of the king's options.
        options.extend(castles.iter().filter(|c| c.orders().next().is_some_and(|o| o.square == sq)).copied());
        let Some(chosen) = rng.pick(&options) else { continue };
        let parts: Vec<_> = chosen.orders().collect();
        let squares: Vec<Square> = parts.iter().map(|o| o.square).collect();
        // A castling king takes its rook's order: the rook's earlier order goes.
        orders.retain(|(sqs, _)| !sqs.iter().any(|x| squares.contains(x)));
        covered.extend(&squares);
        orders.push((squares, text::order_text(&parts)));
    }
    Choice::orders(orders.into_iter().map(|(_, t)| t).collect())
}

/// Random Winter orders: every build on a random free square with a random
/// kind, random disbands, a random kind for each promotion.
fn random_winter(v: &DipVariant, s: &ChessDipState, p: PowerId, rng: &mut Rng) -> Choice {
    let c = adjustment_choices(v, s, p);
    let mut out = Vec::new();
    let mut squares = c.build_squares.clone();
    rng.shuffle(&mut squares);
    for &square in squares.iter().take(c.builds) {
        if let Some(&role) = rng.pick(&c.build_roles) {
            out.push(Adjustment { power: p, kind: AdjustmentKind::Build { role, square } });
        }
    }
    let mut pieces = c.pieces.clone();
    rng.shuffle(&mut pieces);
    for &(square, role) in pieces.iter().take(c.disbands) {
        out.push(Adjustment { power: p, kind: AdjustmentKind::Disband { role, square } });
    }
    for &square in &c.promotions {
        if let Some(&role) = rng.pick(&c.promotion_roles) {
            out.push(Adjustment { power: p, kind: AdjustmentKind::Promote { square, role } });
        }
    }
    Choice::orders(out.iter().map(text::adjustment_text).collect())
}

/// A uniformly random legal move (basic); in the progressive mode one a
/// step, each legal after the earlier ones; in the simultaneously
/// progressive mode random moves of different pieces, each kept if the
/// rules accept the list with it.
fn random_simul(v: &SimulVariant, s: &DiplomacyChessState, power: &str, rng: &mut Rng) -> Choice {
    let Some(side) = side_of(power) else { return Choice::default() };
    let n = v.mode.moves_in(s.turn);
    let texts: Vec<String> = match v.mode {
        Mode::Basic => {
            let moves = legal_moves(&s.position, side, Rules::Orders);
            rng.pick(&moves).map(|m| vec![san(&s.position, m)]).unwrap_or_default()
        }
        Mode::Progressive => {
            let mut hyp = s.position.clone();
            let mut out = Vec::new();
            for _ in 0..n {
                let moves = legal_moves(&hyp, side, Rules::Orders);
                let Some(m) = rng.pick(&moves).copied() else { break };
                out.push(san(&hyp, &m));
                hyp = make(&hyp, &m);
            }
            out
        }
        Mode::SimultaneousProgressive => {
            let mut moves = legal_moves(&s.position, side, Rules::Orders);
            rng.shuffle(&mut moves);
            let mut chosen: Vec<String> = Vec::new();
            let mut used: Vec<Square> = Vec::new();
            for m in moves {
                if chosen.len() >= n {
                    break;
                }
                if used.contains(&m.from) {
                    continue;
                }
                let mut list = chosen.clone();
                list.push(san(&s.position, &m));
                if super::diplomacy_chess::accepted(v, s, side, &list).is_some() {
                    chosen = list;
                    used.push(m.from);
                }
            }
            chosen
        }
    };
    super::diplomacy_chess::checked(v, s, side, texts)
}

/// A uniformly random legal move.
fn random_diplomat(v: &DiplomatVariant, s: &DiplomatChessState, rng: &mut Rng) -> Choice {
    let moves = s.position.legal_moves(v);
    match rng.pick(&moves) {
        Some(&m) => Choice::orders(vec![s.position.notation(v, m)]),
        None => Choice::default(),
    }
}

/// The board actions a player may take now (create its board if it has
/// none, populate it if it has not this cycle), and the state after them.
pub(crate) fn board_actions(
    v: &chess_wheel::Variant,
    s: &chess_wheel::State,
    power: &str,
    seat: chess_wheel::Seat,
) -> (Vec<BoardAction>, chess_wheel::State) {
    let mut actions = Vec::new();
    let mut state = s.clone();
    for action in [BoardAction::Create, BoardAction::Populate] {
        let wanted = match action {
            BoardAction::Create => !state.has_board(seat),
            BoardAction::Populate => state.has_board(seat) && !state.populated.contains(&seat),
        };
        if wanted {
            if let Ok((next, _)) = v.act(&state, power, action) {
                state = next;
                actions.push(action);
            }
        }
    }
    (actions, state)
}

/// Creates and populates its board whenever it may, then moves as many
/// random pieces as the movement power allows, each to a random space in
/// its range.
fn random_wheel(v: &chess_wheel::Variant, s: &chess_wheel::State, power: &str, rng: &mut Rng) -> Choice {
    let Some(seat) = s.seat(power) else { return Choice::default() };
    let (actions, state) = board_actions(v, s, power, seat);
    let mut pieces: Vec<chess_wheel::Piece> = state.pieces_of(seat).collect();
    rng.shuffle(&mut pieces);
    let mut orders = Vec::new();
    for piece in pieces {
        if orders.len() >= state.movement_power() {
            break;
        }
        let spaces = state.destinations(piece);
        if let Some(&to) = rng.pick(&spaces) {
            orders.push(chess_wheel::Move { piece, to, take: false }.text(&state));
        }
    }
    Choice { orders, actions, withdrawn: 0 }
}
