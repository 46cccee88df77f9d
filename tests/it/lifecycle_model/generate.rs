//! Random games and random steps: which variant and settings, who joins,
//! and then what players, outsiders and moderators do, with plausible
//! orders taken from the service's own suggestions.

use std::collections::BTreeMap;

use chessdip_game::hashed::seal::sha256_hex;
use chessdip_game::Caller;

use super::snapshot::Snapshot;
use super::world::{Step, World};

/// A small deterministic generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// Seeded.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 if `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// A number in `lo..=hi`.
    pub fn between(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next_u64() % (hi - lo + 1) as u64) as i64
    }

    /// True `percent` times in a hundred.
    pub fn percent(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// One of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// `n` random lowercase hex digits.
    pub fn hex(&mut self, n: usize) -> String {
        (0..n).map(|_| char::from_digit(self.below(16) as u32, 16).unwrap_or('0')).collect()
    }

    /// `items` in a random order.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// The players a game starts with (first names: short, distinct, and valid Chess Wheel+ board names).
const PLAYERS: [&str; 4] = ["ann", "bo", "cy", "di"];
/// Users who hold no seat at the start: `sub` may be seated later, `x` never asks to be.
const OUTSIDERS: [&str; 2] = ["sub", "x"];

/// How a sequence's game is created.
#[derive(Clone, Debug)]
pub struct Config {
    /// `game create` and its settings.
    pub create: String,
    /// Hashed orders (commit, then reveal).
    pub hashed: bool,
    /// Chess Wheel+: open seats, board actions.
    pub wheel: bool,
}

impl Config {
    /// A random variant with random settings.
    pub fn pick(rng: &mut Rng) -> Config {
        let mut words: Vec<String> = Vec::new();
        let (variant, wheel, mut hashed) = match rng.below(7) {
            5 => {
                words.push("cycle=weekly".into());
                if rng.percent(40) {
                    words.push(format!("timezone={}", rng.pick(&["Europe/Paris", "Asia/Tokyo", "America/New_York"])));
                }
                ("chess-wheel", true, true)
            }
            6 => {
                words.push(format!("cycle={}", rng.pick(&["7h", "70h"])));
                ("chess-wheel", true, true)
            }
            n => (["chessdip", "chesspolitik4", "chesspolitik2", "diplomacy-chess", "diplomat-chess"][n], false, false),
        };
        if !wheel {
            if rng.percent(30) {
                hashed = true;
                words.push("hashed=yes".into());
                if rng.percent(50) {
                    words.push("reveal=12h".into());
                }
            }
            if rng.percent(30) {
                words.push("movement=6h".into());
                words.push("adjustment=3h".into());
            }
            // Fixed-time deadlines: a local time, a zone with daylight saving (or none), some days.
            if rng.percent(25) {
                words.push(format!("deadline-at={}", rng.pick(&["20:00", "08:30", "02:30", "00:00", "23:59"])));
                words.push(format!(
                    "timezone={}",
                    rng.pick(&["Europe/Paris", "America/New_York", "UTC", "Australia/Lord_Howe"])
                ));
                if rng.percent(50) {
                    words.push(format!("days={}", rng.pick(&["mon-fri", "mon,wed,fri", "sat-sun", "fri-mon"])));
                }
            }
            if variant == "diplomacy-chess" && rng.percent(30) {
                words.push(format!("mode={}", rng.pick(&["progressive", "simultaneous-progressive"])));
            }
        }
        if rng.percent(20) {
            words.push("at-deadline=wait".into());
        }
        // Absence: grace (default 1), unseating after phases in civil disorder (default 2), who takes over.
        match rng.below(5) {
            0 => words.push("grace=0".into()),
            1 => words.push(format!("grace=2 grace-length={}", rng.pick(&["2h", "1d"]))),
            _ => {}
        }
        match rng.below(5) {
            0 => words.push("cd-after=off".into()),
            1 => words.push("cd-after=1".into()),
            _ => {}
        }
        if rng.percent(25) {
            words.push("takeover=moderator".into());
        }
        // A game nobody plays ends as abandoned: soon, often enough to be reached, or never.
        match rng.below(5) {
            0 => words.push(format!("abandon-after={}", rng.pick(&["1h", "2d"]))),
            1 => words.push("abandon-after=off".into()),
            _ => {}
        }
        if rng.percent(20) {
            words.push("early=no".into());
        }
        let settings = words.iter().map(|w| format!(" {w}")).collect::<String>();
        Config { create: format!("game create {variant}{settings}"), hashed, wheel }
    }
}

/// The kinds of step, with their weights in plain and in hashed games.
#[derive(Copy, Clone, Debug)]
enum Kind {
    Advance,
    Orders,
    OrdersShow,
    OrdersClear,
    OrdersPreview,
    CommitRight,
    CommitWrong,
    RevealRight,
    RevealWrong,
    Ready,
    Unready,
    DrawYes,
    DrawNo,
    ExtendVote,
    Concede,
    Join,
    Leave,
    Kick,
    Assign,
    Pause,
    Resume,
    Force,
    Extend,
    Deadline,
    Rollback,
    RollbackFresh,
    End,
    Status,
    Board,
    History,
    Export,
    Help,
    BoardAction,
    Proposal,
    Vote,
    Set,
}

/// (kind, weight in a plain game, weight in a hashed game).
const WEIGHTS: &[(Kind, usize, usize)] = &[
    (Kind::Advance, 32, 32),
    (Kind::Orders, 28, 4),
    (Kind::OrdersShow, 4, 4),
    (Kind::OrdersClear, 2, 2),
    (Kind::OrdersPreview, 2, 2),
    (Kind::CommitRight, 2, 20),
    (Kind::CommitWrong, 1, 4),
    (Kind::RevealRight, 2, 20),
    (Kind::RevealWrong, 1, 6),
    (Kind::Ready, 16, 16),
    (Kind::Unready, 4, 4),
    (Kind::DrawYes, 6, 6),
    (Kind::DrawNo, 2, 2),
    (Kind::ExtendVote, 4, 4),
    (Kind::Concede, 2, 2),
    (Kind::Join, 4, 4),
    (Kind::Leave, 2, 2),
    (Kind::Kick, 4, 4),
    (Kind::Assign, 6, 6),
    (Kind::Pause, 6, 6),
    (Kind::Set, 2, 2),
    (Kind::Resume, 6, 6),
    (Kind::Force, 12, 12),
    (Kind::Extend, 4, 4),
    (Kind::Deadline, 4, 4),
    (Kind::Rollback, 4, 4),
    (Kind::RollbackFresh, 2, 2),
    (Kind::End, 2, 2),
    (Kind::Status, 2, 2),
    (Kind::Board, 2, 2),
    (Kind::History, 2, 2),
    (Kind::Export, 2, 2),
    (Kind::Help, 1, 1),
    (Kind::BoardAction, 1, 1),
    (Kind::Proposal, 2, 2),
    (Kind::Vote, 2, 2),
];

/// Makes a sequence's steps, one at a time, from what the store shows.
pub struct Generator {
    rng: Rng,
    config: Config,
    /// The variant's powers (empty for open seats).
    powers: Vec<String>,
    /// The players seated at the start.
    players: Vec<String>,
    /// What each user last committed to (the text to reveal).
    committed: BTreeMap<String, String>,
    /// The service's order suggestions by power, for the position of `suggested_in`.
    suggested: BTreeMap<String, Vec<String>>,
    /// (phase number, phase count) when `suggested` was filled.
    suggested_in: (i64, usize),
}

impl Generator {
    /// A generator for a game created with `config` whose powers are `powers` (empty: open seats).
    pub fn new(rng: Rng, config: Config, powers: Vec<String>) -> Generator {
        Generator {
            rng,
            config,
            powers,
            players: Vec::new(),
            committed: BTreeMap::new(),
            suggested: BTreeMap::new(),
            suggested_in: (0, 0),
        }
    }

    /// The random source (for the number of steps).
    pub fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }

    /// Who joins, and as what: every power or a few (fixed seats), two to four players (open seats).
    pub fn joins(&mut self) -> Vec<Step> {
        if self.powers.is_empty() {
            let n = self.rng.between(2, 4) as usize;
            self.players = PLAYERS[..n].iter().map(|p| p.to_string()).collect();
            return self.players.iter().map(|p| Step::command(p, "join")).collect();
        }
        let mut powers = self.powers.clone();
        self.rng.shuffle(&mut powers);
        let all = powers.len().min(PLAYERS.len());
        let n = if self.rng.percent(70) { all } else { self.rng.between(1, all as i64) as usize };
        self.players = PLAYERS[..n].iter().map(|p| p.to_string()).collect();
        self.players.iter().zip(&powers).map(|(p, power)| Step::command(p, format!("join {power}"))).collect()
    }

    /// Mostly a seated player; sometimes someone who holds no seat.
    fn player(&mut self, now: &Snapshot) -> String {
        let seated: Vec<&String> = now.players.values().collect();
        if !seated.is_empty() && self.rng.percent(85) {
            return (*self.rng.pick(&seated)).clone();
        }
        let everyone: Vec<&str> = self.players.iter().map(String::as_str).chain(OUTSIDERS).collect();
        self.rng.pick(&everyone).to_string()
    }

    /// Mostly a moderator; sometimes a player who is not one.
    fn moderator(&mut self, now: &Snapshot) -> String {
        if self.rng.percent(85) {
            self.rng.pick(&super::world::MODERATORS).to_string()
        } else {
            self.player(now)
        }
    }

    /// The service's suggestions for `user`'s power (asked once per position).
    fn suggestions(&mut self, world: &World, now: &Snapshot, user: &str) -> Vec<String> {
        let Some(power) = now.players.iter().find(|(_, u)| *u == user).map(|(p, _)| p.clone()) else {
            return Vec::new();
        };
        if self.suggested_in != (now.phase_seq, now.phases.len()) {
            self.suggested.clear();
            self.suggested_in = (now.phase_seq, now.phases.len());
        }
        self.suggested
            .entry(power)
            .or_insert_with(|| world.service().order_suggestions(world.channel(), &Caller::player(user), "", 20))
            .clone()
    }

    /// One to three of `user`'s suggested orders, or nonsense.
    fn orders(&mut self, world: &World, now: &Snapshot, user: &str) -> Vec<String> {
        let suggested = self.suggestions(world, now, user);
        if suggested.is_empty() || self.rng.percent(15) {
            let junk = ["K z9 - a1", "hello there", "Q d1 - d8", "build K e1", "N g1 S e1 - e2", "\u{2654} e1 - e2"];
            return vec![self.rng.pick(&junk).to_string()];
        }
        let n = self.rng.between(1, 3) as usize;
        (0..n).map(|_| self.rng.pick(&suggested).clone()).collect()
    }

    /// A text to commit or reveal: a unique salt line, then orders.
    fn salted(&mut self, world: &World, now: &Snapshot, user: &str) -> String {
        let orders = self.orders(world, now, user);
        format!("# salt {}\n{}", self.rng.hex(16), orders.join("\n"))
    }

    fn power(&mut self, now: &Snapshot) -> String {
        if self.powers.is_empty() {
            let names: Vec<String> = now.players.keys().cloned().chain(OUTSIDERS.map(String::from)).collect();
            self.rng.pick(&names).clone()
        } else {
            self.rng.pick(&self.powers).clone()
        }
    }

    /// A duration for `game extend` and `game deadline`, now and then an absurd one.
    fn duration(&mut self) -> String {
        let pool: &[&str] = if self.rng.percent(15) {
            &["9223372036854775807s", "106751991167d", "99999999999d"]
        } else {
            &["10m", "1h", "90m", "6h", "1d", "3d"]
        };
        self.rng.pick(pool).to_string()
    }

    fn advance(&mut self, now: &Snapshot) -> i64 {
        let to_deadline = now.deadline().filter(|d| *d > now.now).map(|d| d - now.now);
        match (self.rng.below(100), to_deadline) {
            (0..=29, _) => self.rng.between(1, 120) * 60,
            (30..=49, _) => self.rng.between(2 * 60, 24 * 60) * 60,
            (50..=64, _) => self.rng.between(24 * 60, 4 * 24 * 60) * 60,
            (65..=84, Some(d)) => d + self.rng.between(0, 600),
            (_, Some(d)) => d + self.rng.between(3600, 3 * 86400),
            (_, None) => self.rng.between(1, 48) * 3600,
        }
    }

    /// The next step, given the store after the last one.
    pub fn next(&mut self, world: &World, now: &Snapshot) -> Step {
        let weight = |w: &(Kind, usize, usize)| if self.config.hashed { w.2 } else { w.1 };
        let total: usize = WEIGHTS.iter().map(weight).sum();
        let mut roll = self.rng.below(total);
        let mut kind = Kind::Advance;
        for w in WEIGHTS {
            if roll < weight(w) {
                kind = w.0;
                break;
            }
            roll -= weight(w);
        }
        let board_action = if self.config.wheel { 12 } else { 0 };
        if self.rng.below(100) < board_action {
            kind = Kind::BoardAction;
        }
        match kind {
            Kind::Advance => Step::Advance(self.advance(now)),
            Kind::Orders => {
                let user = self.player(now);
                let orders = self.orders(world, now, &user);
                Step::command(&user, format!("orders {}", orders.join(", ")))
            }
            Kind::OrdersShow => Step::command(&self.player(now), "orders show"),
            Kind::OrdersClear => Step::command(&self.player(now), "orders clear"),
            Kind::OrdersPreview => Step::command(&self.player(now), "orders preview"),
            Kind::CommitRight => {
                let user = self.player(now);
                let text = self.salted(world, now, &user);
                let hash = sha256_hex(&text);
                self.committed.insert(user.clone(), text);
                Step::command(&user, format!("commit {hash}"))
            }
            Kind::CommitWrong => Step::command(&self.player(now), format!("commit {}", self.rng.hex(64))),
            Kind::RevealRight => {
                let user = self.player(now);
                let text = match self.committed.get(&user) {
                    Some(t) => t.clone(),
                    None => self.salted(world, now, &user),
                };
                Step::command(&user, format!("reveal {text}"))
            }
            Kind::RevealWrong => {
                let user = self.player(now);
                let text = self.salted(world, now, &user);
                Step::command(&user, format!("reveal {text}"))
            }
            Kind::Ready => Step::command(&self.player(now), "ready"),
            Kind::Unready => Step::command(&self.player(now), "unready"),
            Kind::DrawYes => Step::command(&self.player(now), "draw yes"),
            Kind::DrawNo => Step::command(&self.player(now), "draw no"),
            Kind::ExtendVote => {
                let user = self.player(now);
                let line = match self.rng.below(10) {
                    0 => "extend".to_string(),
                    _ => format!("extend vote {}", self.duration()),
                };
                Step::command(&user, line)
            }
            Kind::Concede => Step::command(&self.player(now), "concede"),
            Kind::Join => {
                let everyone: Vec<&str> =
                    OUTSIDERS.iter().copied().chain(self.players.iter().map(String::as_str)).collect();
                let user = self.rng.pick(&everyone).to_string();
                let power = self.power(now);
                Step::command(&user, if self.powers.is_empty() { "join".to_string() } else { format!("join {power}") })
            }
            Kind::Leave => Step::command(&self.player(now), "leave"),
            Kind::Kick => {
                let who = self.player(now);
                Step::command(&self.moderator(now), format!("game kick {who}"))
            }
            Kind::Assign => {
                let everyone: Vec<&str> =
                    OUTSIDERS.iter().copied().chain(self.players.iter().map(String::as_str)).collect();
                let user = self.rng.pick(&everyone).to_string();
                let power = self.power(now);
                let swap = if self.rng.percent(25) { " swap" } else { "" };
                Step::command(&self.moderator(now), format!("game assign {user} {power}{swap}"))
            }
            Kind::Pause => Step::command(&self.moderator(now), "game pause"),
            Kind::Set => {
                let what = *self.rng.pick(&[
                    "animation=no",
                    "animation=yes",
                    "palette=colour-blind",
                    "palette=classic",
                    "movement=1h",
                    "movement-power=4",
                    "movement-power=3",
                ]);
                Step::command(&self.moderator(now), format!("game set {what}"))
            }
            Kind::Resume => Step::command(&self.moderator(now), "game resume"),
            Kind::Force => {
                let named = now.current().map(|p| p.name.clone()).filter(|_| self.rng.percent(20));
                let mut line = named.map_or("game force".to_string(), |n| format!("game force {n}"));
                // A reveal window with commitments not revealed yet resolves only when confirmed.
                if self.rng.percent(40) {
                    line += " confirm";
                }
                Step::command(&self.moderator(now), line)
            }
            Kind::Extend => {
                let d = self.duration();
                Step::command(&self.moderator(now), format!("game extend {d}"))
            }
            Kind::Deadline => {
                let d = self.duration();
                Step::command(&self.moderator(now), format!("game deadline {d}"))
            }
            Kind::Rollback => Step::command(&self.moderator(now), "game rollback"),
            Kind::RollbackFresh => Step::command(&self.moderator(now), "game rollback fresh"),
            Kind::End => Step::command(&self.moderator(now), "game end"),
            Kind::Status => Step::command(&self.player(now), "game status"),
            Kind::Board => Step::command(&self.player(now), "game board"),
            Kind::History => Step::command(&self.player(now), "history"),
            Kind::Export => Step::command(&self.player(now), "game export"),
            Kind::Help => Step::command(&self.player(now), "help"),
            Kind::BoardAction => {
                // The action changes the position the suggestions were made for.
                self.suggested.clear();
                let action = if self.rng.percent(50) { "board create" } else { "board populate" };
                Step::command(&self.player(now), action)
            }
            Kind::Proposal => Step::command(&self.player(now), "proposal submit x"),
            Kind::Vote => Step::command(&self.player(now), "vote 1 yes"),
        }
    }
}
