//! A progressive turn: n moves, run one step at a time, both players' i-th
//! moves together. The first move is chosen as in the basic mode, by the
//! matrix game against every reply ([`super::basic`]). Each later move is
//! chosen, as the rules check it, in the position the bot's own earlier
//! moves leave with the opponent standing still: a move that takes the
//! enemy king at once, else the one whose position evaluates best. A
//! check at one step is usually a capture of the king at the next, since
//! the opponent's move for that step was fixed before the check.

use super::basic;
use super::eval::{evaluate, other};
use crate::limits::Clock;
use crate::rng::Rng;
use chessdip_rules::diplomacy_chess::movegen::{legal_moves, make, Rules};
use chessdip_rules::diplomacy_chess::notation::san;
use chessdip_rules::diplomacy_chess::resolve::Return;
use chessdip_rules::diplomacy_chess::{DiplomacyChessState, Variant};
use chessdip_rules::Side;

/// `me`'s move list for this turn of `s`, as texts read in the positions
/// the rules read them in.
pub(crate) fn plan(v: &Variant, s: &DiplomacyChessState, me: Side, clock: &mut Clock, rng: &mut Rng) -> Vec<String> {
    let n = v.mode.moves_in(s.turn);
    let them = other(me);
    let mut hyp = s.position.clone();
    let mut texts = Vec::new();
    // The first step meets the opponent's first move: the matrix game, with most of the budget.
    let allowance = if n == 1 { clock.max_nodes() } else { clock.max_nodes() * 3 / 4 };
    let Some(first) = basic::choose(&hyp, me, Return::Instant, &s.seen, allowance, clock, rng) else {
        return texts;
    };
    texts.push(san(&hyp, &first));
    hyp = make(&hyp, &first);
    for _ in 2..=n {
        let Some(king) = hyp.king(them) else { break };
        let moves = legal_moves(&hyp, me, Rules::Orders);
        if moves.is_empty() {
            break;
        }
        let chosen = match moves.iter().find(|m| m.to == king) {
            Some(&take) => take,
            None => {
                let mut best = (moves[0], i32::MIN);
                for &m in &moves {
                    clock.tick(1);
                    let v = evaluate(&make(&hyp, &m), me) + i32::try_from(rng.below(4)).unwrap_or(0);
                    if v > best.1 {
                        best = (m, v);
                    }
                }
                best.0
            }
        };
        texts.push(san(&hyp, &chosen));
        hyp = make(&hyp, &chosen);
    }
    texts
}
