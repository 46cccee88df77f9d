//! What a Diplomacy Chess position is worth to one side, both sides being
//! about to move at once.
//!
//! Material (pawn 100, knight 300, bishop 310, rook 500, queen 900), pawns'
//! advance, mobility, and threats as simultaneous play weighs them: a side
//! whose pieces are attacked can save one of them next turn (it moves it
//! away while the attacker's capture lands on an empty square), so it
//! expects to lose a fifth of its most valuable threatened piece and most of
//! the others. A king in check must move next turn or be taken (the piece
//! giving check takes it unless it gets away), so check costs in proportion
//! to how few safe squares the king has. The side well ahead also gains as
//! the enemy king's room shrinks: the game is won by checkmate or by taking
//! the king.

use chessdip_rules::diplomacy_chess::board::{attacks, Position};
use chessdip_rules::diplomacy_chess::movegen::Move;
use chessdip_rules::diplomacy_chess::resolve::{resolve, Return};
use chessdip_rules::diplomacy_chess::state::GameEnd;
use chessdip_rules::diplomacy_chess::turn::judge;
use chessdip_rules::{Role, Side, Square};

/// A draw's utility to the bot: less than an even position, so that it
/// does not take a repetition or a stalemate while it can play on for more
/// (its "contempt"); a side losing by more still welcomes one.
pub const DRAW: f64 = -0.5;

/// A position's utility: a won game 1, a lost one -1, a draw [`DRAW`], an
/// unfinished one a squashed evaluation: mostly the hyperbolic tangent of
/// its evaluation over 600 centipawns (about three chances in four of
/// winning at +600), plus a slower part over 3000 that keeps telling a
/// position far ahead from one further ahead (without it a bot a queen up
/// would see no point in taking a rook). It never reaches a win's 1, so a
/// sure win is worth more than any position, and a gamble on one is
/// weighed against the likely win of playing on.
#[must_use]
pub fn utility(evaluation: i32) -> f64 {
    let v = f64::from(evaluation);
    0.75 * (v / 600.0).tanh() + 0.2 * (v / 3000.0).tanh()
}

/// The value of a piece (the king is priceless and counted apart).
#[must_use]
pub const fn value(role: Role) -> i32 {
    match role {
        Role::King => 0,
        Role::Queen => 900,
        Role::Rook => 500,
        Role::Bishop => 310,
        Role::Knight => 300,
        Role::Pawn => 100,
    }
}

/// The other side.
#[must_use]
pub const fn other(side: Side) -> Side {
    match side {
        Side::White => Side::Black,
        Side::Black => Side::White,
    }
}

const fn index(side: Side) -> usize {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

/// The bits of a mask, as square indexes.
fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(i)
    })
}

/// The value used for the cheapest attacker of a square (a king attacks
/// like a piece too expensive to trade).
const fn attacker_value(role: Role) -> i32 {
    match role {
        Role::King => 2000,
        r => value(r),
    }
}

/// The position's worth to `me`.
#[must_use]
pub fn evaluate(pos: &Position, me: Side) -> i32 {
    let occ = pos.occupied();
    let mut own = [0u64; 2];
    for (sq, p) in pos.pieces() {
        own[index(p.side)] |= 1 << sq.index();
    }
    let mut count = [[0u8; 64]; 2];
    let mut cheapest = [[i32::MAX; 64]; 2];
    let mut score = [0i32; 2];
    let mut material = [0i32; 2];
    let mut king: [Option<Square>; 2] = [None, None];
    let mut king_moves = [0u64; 2];
    for (sq, p) in pos.pieces() {
        let s = index(p.side);
        let a = attacks(sq, p.side, p.role, occ).0;
        for t in bits(a) {
            count[s][t] = count[s][t].saturating_add(1);
            cheapest[s][t] = cheapest[s][t].min(attacker_value(p.role));
        }
        material[s] += value(p.role);
        match p.role {
            Role::King => {
                king[s] = Some(sq);
                king_moves[s] = a;
            }
            Role::Pawn => {
                let advance = match p.side {
                    Side::White => i32::from(sq.rank().index()) - 1,
                    Side::Black => 6 - i32::from(sq.rank().index()),
                };
                score[s] += 4 * advance * advance + if advance >= 5 { 120 } else { 0 };
            }
            _ => score[s] += 4 * (a & !own[s]).count_ones() as i32,
        }
    }
    for side in [Side::White, Side::Black] {
        let (s, t) = (index(side), index(other(side)));
        score[s] += material[s];
        // What the enemy's attacks threaten to win next turn.
        let mut losses: Vec<i32> = Vec::new();
        for (sq, p) in pos.pieces().filter(|(_, p)| p.side == side && p.role != Role::King) {
            let i = sq.index();
            if count[t][i] == 0 {
                continue;
            }
            let v = value(p.role);
            let loss = if count[s][i] > 0 { (v - cheapest[t][i]).max(0) } else { v };
            if loss > 0 {
                losses.push(loss);
            }
        }
        losses.sort_unstable_by(|a, b| b.cmp(a));
        let threat: i32 = losses.iter().enumerate().map(|(k, l)| if k == 0 { l / 5 } else { l * 3 / 4 }).sum();
        score[s] -= threat;
        // A king in check, and how many safe squares it has to go to.
        if let Some(k) = king[s] {
            let escapes = bits(king_moves[s] & !own[s]).filter(|&x| count[t][x] == 0).count();
            if count[t][k.index()] > 0 {
                score[s] -= 300
                    + match escapes {
                        0 => 900,
                        1 => 300,
                        2 => 100,
                        _ => 0,
                    };
            }
            // The side well ahead hunts the king: every square it has left costs it.
            if material[t] - material[s] >= 300 {
                score[s] -= 25 * i32::try_from(escapes).unwrap_or(0);
                let centre = (2 * i32::from(k.file().index()) - 7).abs() + (2 * i32::from(k.rank().index()) - 7).abs();
                score[s] -= 10 * (14 - centre);
            }
        }
    }
    score[index(me)] - score[index(other(me))]
}

/// The utility to `me` of the position `moves` (legal in `pos`, of either
/// side) lead to when run together, judged as a turn's end is: a king taken,
/// checkmate, stalemate, bare kings, and a position seen twice before
/// (`seen`: the keys of the positions the game's turns began from).
#[must_use]
pub fn after_moves(pos: &Position, moves: &[Move], ret: Return, me: Side, seen: &[String]) -> f64 {
    let out = resolve(pos, moves, ret);
    let kings: Vec<Side> = out.taken.iter().filter(|t| t.piece.role == Role::King).map(|t| t.piece.side).collect();
    terminal(&out.after, &kings, me, seen).unwrap_or_else(|| utility(evaluate(&out.after, me)))
}

/// Where moves run together lead.
#[derive(Clone, Debug)]
pub enum Step {
    /// The game ended: its utility to the side asking.
    Ended(f64),
    /// The position the game goes on from.
    On(Position),
}

/// Where `moves` run together lead: a finished game's utility to `me`, or
/// the position the game goes on from.
#[must_use]
pub fn step(pos: &Position, moves: &[Move], ret: Return, me: Side, seen: &[String]) -> Step {
    let out = resolve(pos, moves, ret);
    let kings: Vec<Side> = out.taken.iter().filter(|t| t.piece.role == Role::King).map(|t| t.piece.side).collect();
    match terminal(&out.after, &kings, me, seen) {
        Some(v) => Step::Ended(v),
        None => Step::On(out.after),
    }
}

/// The utility of a finished game in `pos` for `me`, if `pos` ends it.
#[must_use]
pub fn terminal(pos: &Position, kings_taken: &[Side], me: Side, seen: &[String]) -> Option<f64> {
    match judge(pos, kings_taken) {
        Some(GameEnd::Won { winner, .. }) => Some(if winner == me { 1.0 } else { -1.0 }),
        Some(GameEnd::Drawn { .. }) => Some(DRAW),
        None => {
            if seen.len() >= 2 {
                let key = pos.key();
                if seen.iter().filter(|k| **k == key).count() >= 2 {
                    return Some(DRAW);
                }
            }
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chessdip_rules::diplomacy_chess::movegen::{pseudo_from, Rules};

    fn pos(fen: &str) -> Position {
        let mut p = Position::from_fen_board(fen).expect("fen");
        p.validate().expect("valid");
        p
    }

    #[test]
    fn the_start_is_even_and_a_hanging_queen_costs() {
        assert_eq!(evaluate(&Position::start(), Side::White), 0);
        // White's queen on d5 attacked by a black pawn on e6, undefended.
        let p = pos("4k3/8/4p3/3Q4/8/8/8/4K3");
        let hanging = evaluate(&p, Side::White);
        let safe = evaluate(&pos("4k3/8/4p3/8/8/8/8/3QK3"), Side::White);
        assert!(safe > hanging, "{safe} vs {hanging}");
        assert_eq!(evaluate(&p, Side::Black), -hanging);
    }

    #[test]
    fn taking_the_king_wins_and_a_king_in_check_costs() {
        // White's rook on e1 gives check to the black king on e8.
        let p = pos("4k3/8/8/8/8/8/8/K3R3");
        let check = evaluate(&p, Side::Black);
        let quiet = evaluate(&pos("3k4/8/8/8/8/8/8/K3R3"), Side::Black);
        assert!(quiet > check + 200, "{quiet} vs {check}");
        let take = pseudo_from(&p, "e1".parse().expect("e1"), Rules::Orders)
            .into_iter()
            .find(|m| m.to == "e8".parse().expect("e8"))
            .expect("the rook takes the king");
        assert!((after_moves(&p, &[take], Return::Instant, Side::White, &[]) - 1.0).abs() < 1e-9);
        assert!(utility(900) < 1.0 && utility(900) > utility(300) && utility(-300) > DRAW && utility(-700) < DRAW);
    }
}
