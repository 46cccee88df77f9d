//! The Diplomacy Chess bot, in every mode: each turn is a simultaneous
//! game, and every move it weighs is resolved together with the opponent's
//! by the rules' own time model ([`chessdip_rules::diplomacy_chess::resolve`]) and the
//! result judged as a turn's end is ([`chessdip_rules::diplomacy_chess::turn::judge`]).
//!
//! - Basic (`basic`): the matrix of its moves against the opponent's,
//!   each pair resolved and evaluated (`eval`); regret matching finds the
//!   opponent's equilibrium mix; the bot plays its best move against a blend
//!   of that mix and of every reply alike.
//! - Progressive (`progressive`): the first move as in the basic mode,
//!   then each step's move in the position its earlier moves leave (taking
//!   the king when it can: a check at one step is a capture at the next).
//! - Simultaneously progressive (`together`): a list built a move at a
//!   time against sampled opponent lists, each resolved as the mode does.
//!
//! Every list is put through the rules' own check ([`plan`]) before it is
//! written, in the canonical form it is stored in.

mod basic;
mod eval;
mod progressive;
mod together;

use super::limits::Clock;
use super::rng::Rng;
use super::Choice;
use chessdip_rules::diplomacy_chess::notation::san;
use chessdip_rules::diplomacy_chess::plan::plan;
use chessdip_rules::diplomacy_chess::resolve::Return;
use chessdip_rules::diplomacy_chess::{side_of, DiplomacyChessState, Mode, Variant};
use chessdip_rules::Side;

/// Nodes (move sets resolved and evaluated) a decision may use by default.
pub const DEFAULT_NODES: u64 = 15_000;

/// The bot's move list for `power` this turn.
pub(crate) fn decide(v: &Variant, s: &DiplomacyChessState, power: &str, clock: &mut Clock, rng: &mut Rng) -> Choice {
    let Some(me) = side_of(power) else { return Choice::default() };
    if s.ended().is_some() {
        return Choice::default();
    }
    let texts = match v.mode {
        Mode::Basic => {
            let pos = &s.position;
            let all = clock.max_nodes();
            basic::choose(pos, me, Return::Instant, &s.seen, all, clock, rng)
                .map(|m| vec![san(pos, &m)])
                .unwrap_or_default()
        }
        Mode::Progressive => progressive::plan(v, s, me, clock, rng),
        Mode::SimultaneousProgressive => together::plan(v, s, me, clock, rng),
    };
    checked(v, s, me, texts)
}

/// The canonical texts of `texts` as `side`'s list, if the rules accept
/// every one of them.
pub(crate) fn accepted(v: &Variant, s: &DiplomacyChessState, side: Side, texts: &[String]) -> Option<Vec<String>> {
    let list: Vec<(usize, String)> = texts.iter().cloned().enumerate().map(|(i, t)| (i + 1, t)).collect();
    let p = plan(v.mode, s, side, &list);
    (p.rejected.is_empty() && p.planned.len() == texts.len())
        .then(|| p.planned.into_iter().map(|x| x.canonical).collect())
}

/// `texts` as `side`'s list, checked by the rules: each in its canonical
/// form; a text the rules refuse is withdrawn (a `pass` keeps its place in
/// a progressive list) and counted.
pub(crate) fn checked(v: &Variant, s: &DiplomacyChessState, side: Side, texts: Vec<String>) -> Choice {
    let list: Vec<(usize, String)> = texts.iter().cloned().enumerate().map(|(i, t)| (i + 1, t)).collect();
    let p = plan(v.mode, s, side, &list);
    let withdrawn = texts.len().saturating_sub(p.planned.len());
    let orders = if v.mode == Mode::Progressive {
        (1..=texts.len())
            .map(|slot| {
                p.planned.iter().find(|x| x.slot == slot).map_or_else(|| "pass".to_string(), |x| x.canonical.clone())
            })
            .collect()
    } else {
        p.planned.into_iter().map(|x| x.canonical).collect()
    };
    Choice { orders, withdrawn, ..Choice::default() }
}
