//! `chessdip arena`: whole games between players (`bot`, `random`, `hold`)
//! in memory, through the same rules and the same submission path as a
//! person's orders (no Discord, no database), and what came of them per
//! seat: wins, draws, losses, how often a seat ended on top, the mean
//! score and centers (or material, or pieces), the orders the rules
//! refused (none, if the bots are right) and the bot's time per decision.
//!
//! Deterministic for a seed: the same command gives the same games (the
//! `games_digest` of the JSON says so) unless the time budget cut a bot's
//! search short on a slow or busy machine, which the output counts.
//! `game.rs` plays one game; `summary.rs` adds the games up and prints them.

mod game;
mod summary;

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};

use chessdip_bots::{Limits, Player};
use chessdip_rules::any::{Game, Kind, OFFERS};
use chessdip_rules::family::Seats;

pub use game::GameRecord;
pub use summary::Summary;

/// What to play, as the command line gives it.
#[derive(Clone, Debug)]
pub struct Request {
    /// The variant id (`chessdip`, `diplomacy-chess`...).
    pub game: String,
    /// Diplomacy Chess's mode.
    pub mode: Option<String>,
    /// Other creation options (`suborn=drop`).
    pub options: Vec<String>,
    /// The seats, comma-separated player kinds.
    pub seats: String,
    /// How many games.
    pub games: u32,
    /// The seed of the first game.
    pub seed: u64,
    /// The length limit in the game's periods (years, turns, moves, cycles).
    pub years: Option<u32>,
    /// The bot's time budget per decision, in milliseconds.
    pub budget_ms: u64,
    /// The bot's node budget per decision (default: the game's own).
    pub nodes: Option<u64>,
    /// Games played side by side.
    pub jobs: usize,
    /// One JSON object on one line instead of the table.
    pub json: bool,
    /// Also print each game: who played what, how it ended, its move list.
    pub verbose: bool,
}

/// A checked request: the game, the players in seat order, the limits.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The game, with its options.
    pub game: Game,
    /// The players, in seat order.
    pub seats: Vec<Player>,
    /// The powers' names, in the game's order (Chess Wheel+: the players' names).
    pub powers: Vec<String>,
    /// How many games.
    pub games: u32,
    /// The first game's seed.
    pub seed: u64,
    /// The length limit, in the game's periods.
    pub limit: u32,
    /// The bot's budget.
    pub limits: Limits,
}

/// Names for Chess Wheel+ players (boards are named after them).
const WHEEL_NAMES: [&str; 12] = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"];

/// The default length limit in the game's periods: years of Chess Dip and
/// Chesspolitik, turns of Diplomacy Chess, moves of Diplomat Chess, cycles
/// of Chess Wheel+.
fn default_limit(kind: Kind) -> u32 {
    match kind {
        Kind::ChessDip => 30,
        Kind::DiplomacyChess => 100,
        Kind::DiplomatChess => 150,
        Kind::ChessWheel => 20,
    }
}

/// What a period is called in `kind`'s games.
pub fn period_word(kind: Kind) -> &'static str {
    match kind {
        Kind::ChessDip => "years",
        Kind::DiplomacyChess => "turns",
        Kind::DiplomatChess => "moves",
        Kind::ChessWheel => "cycles",
    }
}

impl Request {
    /// Checks the request, saying what would be right where it is wrong.
    ///
    /// # Errors
    /// An unknown game or option, a seat that is not `bot`, `random` or
    /// `hold`, the wrong number of seats, no games.
    pub fn check(&self) -> Result<Setup> {
        let Some(kind) = Kind::of(&self.game) else {
            let ids: Vec<&str> = OFFERS.iter().map(|o| o.id).collect();
            bail!("unknown game `{}`: --game takes one of {}", self.game, ids.join(", "));
        };
        let mut options = BTreeMap::new();
        if let Some(mode) = &self.mode {
            if kind != Kind::DiplomacyChess {
                bail!(
                    "--mode is Diplomacy Chess's (basic, progressive, simultaneous-progressive); {} has no modes",
                    self.game
                );
            }
            options.insert("mode".to_string(), mode.clone());
        }
        for o in &self.options {
            let Some((k, v)) = o.split_once('=') else {
                bail!("--option `{o}`: write key=value, e.g. --option suborn=drop");
            };
            options.insert(k.trim().to_string(), v.trim().to_string());
        }
        let game = Game::build(&self.game, &options).map_err(|e| anyhow::anyhow!("{e}"))?;
        let seats: Vec<Player> = self
            .seats
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| s.parse::<Player>().map_err(|e| anyhow::anyhow!("--seats: {e}")))
            .collect::<Result<_>>()?;
        let powers: Vec<String> = match game.seats() {
            Seats::Fixed(names) => {
                if seats.len() != names.len() {
                    bail!(
                        "--seats names {} for {}, which has {} powers ({}): give one player per power, e.g. --seats {}",
                        count(seats.len(), "player"),
                        game.name(),
                        names.len(),
                        names.join(", "),
                        std::iter::once("bot")
                            .chain(std::iter::repeat_n("random", names.len() - 1))
                            .collect::<Vec<_>>()
                            .join(",")
                    );
                }
                names
            }
            Seats::Open { min, max } => {
                let max = max.min(WHEEL_NAMES.len());
                if seats.len() < min || seats.len() > max {
                    bail!(
                        "--seats names {} for {}, which takes {min} to {max}: e.g. --seats bot,random,random",
                        count(seats.len(), "player"),
                        game.name()
                    );
                }
                WHEEL_NAMES[..seats.len()].iter().map(|s| (*s).to_string()).collect()
            }
        };
        if kind == Kind::DiplomatChess && seats.contains(&Player::Hold) {
            bail!("--seats: Diplomat Chess has no `hold` player: it is turn-based, and a side to move must move (use bot or random)");
        }
        if self.games == 0 {
            bail!("--games 0 plays nothing: give 1 or more games, e.g. --games 100");
        }
        if self.jobs == 0 {
            bail!("--jobs 0 plays nothing: give 1 or more games at a time (this machine has {})", available_jobs());
        }
        let limit = match self.years {
            Some(0) => bail!("--years 0 plays nothing: give 1 or more {}", period_word(kind)),
            Some(y) => y,
            None => default_limit(kind),
        };
        if self.budget_ms == 0 {
            bail!("--budget-ms 0 gives the bot no time at all: give 1 or more milliseconds (the default is 500)");
        }
        if self.nodes == Some(0) {
            bail!("--nodes 0 gives the bot no work at all: give 1 or more, or leave it out for the game's default");
        }
        let mut limits = Limits::with_time(Duration::from_millis(self.budget_ms));
        if let Some(n) = self.nodes {
            limits = limits.nodes(n);
        }
        Ok(Setup { game, seats, powers, games: self.games, seed: self.seed, limit, limits })
    }
}

/// What `setup`'s game counts its length in.
fn period_word_of(setup: &Setup) -> &'static str {
    Kind::of(setup.game.id()).map_or("periods", period_word)
}

/// `n thing` or `n things`.
fn count(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// The cores this machine offers.
fn available_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// Plays every game of `setup`, `jobs` at a time; the records in game order.
pub fn play_all(setup: &Setup, jobs: usize) -> Vec<GameRecord> {
    let next = AtomicUsize::new(0);
    let records: Mutex<Vec<Option<GameRecord>>> = Mutex::new(vec![None; setup.games as usize]);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1).min(setup.games as usize) {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::SeqCst);
                if g >= setup.games as usize {
                    break;
                }
                let record = game::play(setup, g);
                if let Ok(mut all) = records.lock() {
                    all[g] = Some(record);
                }
            });
        }
    });
    records.into_inner().unwrap_or_default().into_iter().flatten().collect()
}

/// `chessdip arena`: plays the games and prints the summary. Exits 1 if the
/// rules refused any order (a bot broke the rules), else 0.
///
/// # Errors
/// A bad request, or standard output could not be written.
pub fn arena(request: &Request) -> Result<ExitCode> {
    let setup = request.check()?;
    let started = Instant::now();
    let records = play_all(&setup, request.jobs);
    let summary = Summary::new(&setup, &records, started.elapsed());
    if request.verbose {
        for (g, r) in records.iter().enumerate() {
            let who: Vec<String> = setup.seats.iter().zip(&r.powers).map(|(p, power)| format!("{p} {power}")).collect();
            say!("game {}: {}: {}, {} {}", g + 1, who.join(", "), r.end, r.periods, period_word_of(&setup));
            for line in &r.refusals {
                say!("  refused: {line}");
            }
            if let Some(t) = &r.transcript {
                say!("{t}");
            }
        }
    }
    if request.json {
        say!("{}", summary.json()?);
    } else {
        say!("{}", summary.table());
    }
    Ok(if summary.refused == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
