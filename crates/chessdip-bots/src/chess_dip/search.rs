//! A movement phase: the search over sampled order sets.
//!
//! Every other power's orders are unknown, so the bot plays against a
//! handful of *profiles*: in each, every other power plays an order set
//! drawn from the blueprint with noise (and in one, every other piece
//! holds: civil disorder, or a cautious player). Its own candidates are the
//! blueprint's best guess and noisy samples of it; each candidate is
//! adjudicated by the real resolver against every profile and scored
//! ([`super::score`]), the same profiles for every candidate. The best
//! candidate is then improved one piece at a time (another move, a hold, a
//! support) while a change raises its mean against the profiles and the
//! budget lasts: a best response to the sampled field, which is what lets
//! it find the supported attack that dislodges a holding piece.

use super::blueprint::{self, Plan, Side};
use super::options::Kind;
use super::score::score;
use crate::limits::Clock;
use crate::rng::Rng;
use chessdip_rules::chess_dip::{apply_movement, ChessDipState, Order, Variant};

/// Profiles of the other powers' orders.
const PROFILES: usize = 8;

/// Candidate order sets of the bot's own.
const CANDIDATES: usize = 10;

/// The noise of the bot's own candidates, and of the others' samples.
const OWN_NOISE: f64 = 1.2;
const THEIR_NOISE: f64 = 0.8;

/// The search of one movement decision.
pub(crate) struct Search<'a> {
    v: &'a Variant,
    s: &'a ChessDipState,
    me: &'a Side,
    /// The other powers' orders in each profile.
    profiles: Vec<Vec<Order>>,
}

impl<'a> Search<'a> {
    /// A search for `me` against the other `sides`.
    pub(crate) fn new(
        v: &'a Variant,
        s: &'a ChessDipState,
        me: &'a Side,
        others: &[Side],
        rng: &mut Rng,
    ) -> Search<'a> {
        let mut profiles = Vec::with_capacity(PROFILES);
        for k in 0..PROFILES {
            let mut orders = Vec::new();
            for side in others {
                let plan = if k == 0 {
                    blueprint::holds(side)
                } else if k == 1 {
                    blueprint::sample(side, s, 0.0, rng)
                } else {
                    blueprint::sample(side, s, THEIR_NOISE, rng)
                };
                orders.extend(orders_of(side, &plan));
            }
            profiles.push(orders);
        }
        Search { v, s, me, profiles }
    }

    /// The mean worth of `plan` against the profiles; `None` if the budget ran out.
    fn worth(&self, plan: &Plan, clock: &mut Clock) -> Option<f64> {
        let mine = orders_of(self.me, plan);
        let mut total = 0.0;
        for profile in &self.profiles {
            if clock.out() {
                return None;
            }
            clock.tick(1);
            let mut all = mine.clone();
            all.extend_from_slice(profile);
            let (next, _) = apply_movement(self.v, self.s, &all);
            total += score(self.v, &next, self.me.power, &self.me.values);
        }
        Some(total / self.profiles.len().max(1) as f64)
    }

    /// The best plan found within the budget.
    pub(crate) fn run(&self, clock: &mut Clock, rng: &mut Rng) -> Plan {
        let greedy = blueprint::sample(self.me, self.s, 0.0, rng);
        let mut candidates: Vec<Plan> = vec![greedy.clone(), blueprint::holds(self.me)];
        for _ in 2..CANDIDATES {
            let p = blueprint::sample(self.me, self.s, OWN_NOISE, rng);
            if !candidates.contains(&p) {
                candidates.push(p);
            }
        }
        let mut best = (greedy, f64::NEG_INFINITY);
        for plan in candidates {
            let Some(w) = self.worth(&plan, clock) else { return best.0 };
            if w > best.1 {
                best = (plan, w);
            }
        }
        self.improve(best, clock, rng)
    }

    /// Changes one piece's order at a time while that raises the plan's worth.
    fn improve(&self, start: (Plan, f64), clock: &mut Clock, rng: &mut Rng) -> Plan {
        let (mut plan, mut worth) = start;
        let mut pieces: Vec<usize> = (0..self.me.pieces.len()).collect();
        loop {
            let mut improved = false;
            rng.shuffle(&mut pieces);
            for &i in &pieces {
                let piece = &self.me.pieces[i];
                for (c, choice) in piece.choices.iter().enumerate() {
                    if c == plan[i] || !self.worth_trying(plan.as_slice(), i, choice.kind) {
                        continue;
                    }
                    let mut trial = plan.clone();
                    trial[i] = c;
                    let Some(w) = self.worth(&trial, clock) else { return plan };
                    if w > worth + 1e-9 {
                        plan = trial;
                        worth = w;
                        improved = true;
                    }
                }
            }
            if !improved {
                return plan;
            }
        }
    }

    /// Whether piece `i` switching to an order of `kind` is worth an
    /// adjudication: holds and moves always; a support only of an own
    /// piece's order in `plan`.
    fn worth_trying(&self, plan: &[usize], i: usize, kind: Kind) -> bool {
        match kind {
            Kind::Hold | Kind::Move(_) => true,
            Kind::Support { target, to, moving } => self.me.pieces.iter().enumerate().any(|(j, p)| {
                j != i
                    && p.square == target
                    && match p.choices[plan[j]].kind {
                        Kind::Move(x) => moving && x == to,
                        _ => !moving,
                    }
            }),
            Kind::Other => false,
        }
    }
}

/// The orders of `plan`.
pub(crate) fn orders_of(side: &Side, plan: &Plan) -> Vec<Order> {
    side.pieces.iter().zip(plan).flat_map(|(p, &c)| p.choices[c].order.orders()).collect()
}
