//! The games added up per seat, printed as a table or one line of JSON.

use std::time::Duration;

use serde::Serialize;
use sha2::{Digest, Sha256};

use chessdip_rules::any::Kind;
use chessdip_rules::tally::Counted;

use super::{period_word, GameRecord, Setup};

/// One seat's results over every game.
#[derive(Clone, Debug, Serialize)]
pub struct SeatLine {
    /// The seat (0 first).
    pub seat: usize,
    /// Its player: `bot`, `random` or `hold`.
    pub player: String,
    /// Games it won.
    pub wins: usize,
    /// Games nobody won that it ended in the game.
    pub draws: usize,
    /// The others.
    pub losses: usize,
    /// Games it won or ended with the most centers (material, pieces),
    /// ties shared.
    pub top: f64,
    /// Games it ended with strictly more centers (material, pieces) than
    /// every other seat, whoever won.
    pub ahead: usize,
    /// Its mean score: 1 a win, a draw's 1 shared by the powers still in it.
    pub mean_score: f64,
    /// Its mean centers at the end (material in Diplomacy Chess and
    /// Diplomat Chess, pieces in Chess Wheel+).
    pub mean_centers: f64,
    /// The 95% (Wilson) interval of its win rate.
    pub win_ci95: [f64; 2],
}

/// The time per decision of the `bot` seats, in milliseconds.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Timing {
    /// Decisions timed.
    pub count: usize,
    /// The median.
    pub median: f64,
    /// The 99th percentile.
    pub p99: f64,
    /// The longest.
    pub max: f64,
    /// Decisions the time budget cut short (so not reproducible to the node).
    pub stopped_by_time: usize,
}

/// A whole arena run.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The game's id.
    pub game: String,
    /// Diplomacy Chess's mode.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    /// Games played.
    pub games: usize,
    /// The seed.
    pub seed: u64,
    /// The length limit.
    pub limit: u32,
    /// What the limit counts: years, turns, moves or cycles.
    pub periods: String,
    /// What `mean_centers` counts: centers, material or pieces.
    pub counted: String,
    /// The bot's time budget per decision.
    pub budget_ms: u64,
    /// The bot's node budget per decision, if one was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Seat by seat.
    pub seats: Vec<SeatLine>,
    /// Orders and board actions the rules refused.
    pub refused: usize,
    /// Orders the bots' own checks withdrew.
    pub withdrawn: usize,
    /// The first refusals, word for word.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub refusals: Vec<String>,
    /// The bot's time per decision.
    pub decision_ms: Timing,
    /// Games the length limit ended.
    pub limit_reached: usize,
    /// How the games ended, counted by kind (`won by checkmate`, `draw (stalemate)`, `the limit`).
    pub ends: std::collections::BTreeMap<String, usize>,
    /// The mean number of periods a game lasted.
    pub mean_periods: f64,
    /// SHA-256 of every game's orders, actions and results: the same
    /// command gives the same digest.
    pub games_digest: String,
    /// Wall time of the run, in seconds.
    pub wall_s: f64,
}

/// The value at quantile `q` of sorted `xs`.
fn quantile(xs: &[f64], q: f64) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let i = ((xs.len() - 1) as f64 * q).round() as usize;
    xs[i.min(xs.len() - 1)]
}

/// The 95% Wilson interval of `k` successes in `n`.
fn wilson(k: usize, n: usize) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let d = 1.0 + z * z / n;
    [round3((centre - spread) / d), round3((centre + spread) / d)]
}

fn round3(x: f64) -> f64 {
    // `+ 0.0` turns a negative zero into zero.
    (x * 1000.0).round() / 1000.0 + 0.0
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

impl Summary {
    /// Adds up `records`, played from `setup` in `wall` time.
    #[must_use]
    pub fn new(setup: &Setup, records: &[GameRecord], wall: Duration) -> Summary {
        let n = setup.seats.len();
        let mut seats: Vec<SeatLine> = setup
            .seats
            .iter()
            .enumerate()
            .map(|(seat, p)| SeatLine {
                seat,
                player: p.name().to_string(),
                wins: 0,
                draws: 0,
                losses: 0,
                top: 0.0,
                ahead: 0,
                mean_score: 0.0,
                mean_centers: 0.0,
                win_ci95: [0.0, 1.0],
            })
            .collect();
        let mut times: Vec<f64> = Vec::new();
        let mut digest = Sha256::new();
        let mut timing = Timing::default();
        for r in records {
            digest.update(r.digest);
            times.extend(r.bot_times.iter().copied().map(ms));
            timing.stopped_by_time += r.stopped_by_time;
            let alive = r.alive.iter().filter(|a| **a).count().max(1) as f64;
            let best = r.tally.iter().copied().max().unwrap_or(0);
            let tied = r.tally.iter().filter(|&&t| t == best).count().max(1) as f64;
            for (seat, line) in seats.iter_mut().enumerate().take(n) {
                let alive_here = r.alive.get(seat).copied().unwrap_or(false);
                match r.winner {
                    Some(w) if w == seat => {
                        line.wins += 1;
                        line.mean_score += 1.0;
                        line.top += 1.0;
                    }
                    Some(_) => line.losses += 1,
                    None if alive_here => {
                        line.draws += 1;
                        line.mean_score += 1.0 / alive;
                    }
                    None => line.losses += 1,
                }
                let t = r.tally.get(seat).copied().unwrap_or(0);
                if r.winner.is_none() && t == best {
                    line.top += 1.0 / tied;
                }
                if t == best && tied <= 1.0 {
                    line.ahead += 1;
                }
                line.mean_centers += f64::from(t);
            }
        }
        let games = records.len().max(1) as f64;
        for line in &mut seats {
            line.mean_score = round3(line.mean_score / games);
            line.mean_centers = round3(line.mean_centers / games);
            line.top = round3(line.top);
            line.win_ci95 = wilson(line.wins, records.len());
        }
        times.sort_by(f64::total_cmp);
        timing.count = times.len();
        timing.median = round3(quantile(&times, 0.5));
        timing.p99 = round3(quantile(&times, 0.99));
        timing.max = round3(times.last().copied().unwrap_or(0.0));
        let kind = Kind::of(setup.game.id());
        let counted = match setup.game.start(&setup.powers).map(|p| p.counted()) {
            Ok(Counted::Centers) => "centers",
            Ok(Counted::Material) => "material",
            Ok(Counted::Pieces) => "pieces",
            Err(_) => "",
        };
        let mut refusals: Vec<String> = Vec::new();
        for r in records {
            refusals.extend(r.refusals.iter().take(5usize.saturating_sub(refusals.len())).cloned());
        }
        Summary {
            game: setup.game.id().to_string(),
            mode: setup.game.mode().map(str::to_string),
            games: records.len(),
            seed: setup.seed,
            limit: setup.limit,
            periods: kind.map_or("periods", period_word).to_string(),
            counted: counted.to_string(),
            budget_ms: u64::try_from(setup.limits.time.as_millis()).unwrap_or(u64::MAX),
            nodes: setup.limits.nodes,
            seats,
            refused: records.iter().map(|r| r.refused).sum(),
            withdrawn: records.iter().map(|r| r.withdrawn).sum(),
            refusals,
            decision_ms: timing,
            limit_reached: records.iter().filter(|r| r.limit_reached).count(),
            ends: records.iter().fold(std::collections::BTreeMap::new(), |mut m, r| {
                *m.entry(r.how.clone()).or_insert(0) += 1;
                m
            }),
            mean_periods: round3(records.iter().map(|r| f64::from(r.periods)).sum::<f64>() / games),
            games_digest: digest.finalize().iter().map(|b| format!("{b:02x}")).collect(),
            wall_s: round3(wall.as_secs_f64()),
        }
    }

    /// One JSON object on one line.
    ///
    /// # Errors
    /// Serialisation failed (it does not for these types).
    pub fn json(&self) -> serde_json::Result<String> {
        serde_json::to_string(self)
    }

    /// The readable table.
    #[must_use]
    pub fn table(&self) -> String {
        let mode = self.mode.as_ref().map_or(String::new(), |m| format!(" ({m})"));
        let nodes = self.nodes.map_or(String::new(), |n| format!(", {n} nodes"));
        let mut t = format!(
            "{}{mode}: {} games, seed {}, at most {} {}, bot budget {} ms{nodes}\n",
            self.game, self.games, self.seed, self.limit, self.periods, self.budget_ms
        );
        t += &format!(
            "{:<5} {:<7} {:>5} {:>6} {:>7} {:>7} {:>6} {:>6} {:>9}  {}\n",
            "seat", "player", "wins", "draws", "losses", "top", "ahead", "score", self.counted, "win rate (95%)"
        );
        for s in &self.seats {
            t += &format!(
                "{:<5} {:<7} {:>5} {:>6} {:>7} {:>7.1} {:>6} {:>6.3} {:>9.2}  {:.2} [{:.2}, {:.2}]\n",
                s.seat,
                s.player,
                s.wins,
                s.draws,
                s.losses,
                s.top,
                s.ahead,
                s.mean_score,
                s.mean_centers,
                s.wins as f64 / self.games.max(1) as f64,
                s.win_ci95[0],
                s.win_ci95[1]
            );
        }
        t += &format!("refused: {} (withdrawn by the bots' own checks: {})\n", self.refused, self.withdrawn);
        for r in &self.refusals {
            t += &format!("  {r}\n");
        }
        let d = &self.decision_ms;
        if d.count > 0 {
            t += &format!(
                "bot time per decision: median {:.1} ms, p99 {:.1} ms, max {:.1} ms over {} decisions ({} cut short by the time budget)\n",
                d.median, d.p99, d.max, d.count, d.stopped_by_time
            );
        }
        let ends: Vec<String> = self.ends.iter().map(|(how, n)| format!("{how}: {n}")).collect();
        t += &format!("ends: {}\n", ends.join(", "));
        t += &format!(
            "mean {} played: {:.1}; wall time {:.1} s\ndigest {}",
            self.periods, self.mean_periods, self.wall_s, self.games_digest
        );
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_and_intervals() {
        let xs = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert!((quantile(&xs, 0.5) - 3.0).abs() < 1e-9);
        assert!((quantile(&xs, 0.99) - 5.0).abs() < 1e-9);
        assert!(quantile(&[], 0.5).abs() < 1e-9);
        let [lo, hi] = wilson(95, 100);
        assert!(lo > 0.88 && lo < 0.90 && hi > 0.97 && hi < 0.99, "{lo} {hi}");
        assert_eq!(wilson(0, 0), [0.0, 1.0]);
    }
}
