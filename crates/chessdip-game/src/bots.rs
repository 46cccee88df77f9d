//! The computer players at play: a bot seated in a game (`seats::bots`)
//! owes a turn whenever a stage of its phase opens that it has something to
//! do in (orders; a hashed game's commit window, then its reveal window),
//! and plays it through the same entry point as a person
//! ([`Service::handle`]): `orders` then `ready`; in a hashed game a sealed
//! text (a random salt line first) committed then `ready`, and in the
//! reveal window that text, kept privately in the store until then; in
//! Chess Wheel+ its board actions first.
//!
//! A turn is owed while no row of `bot_turns` says it was taken, so a bot
//! stopped mid-thought is asked again when the service next looks
//! ([`Service::owed_bot_turns`]). Thinking
//! ([`chessdip_bots::decide`], within the time budget) happens outside
//! every transaction and off every command's path: the front end calls
//! [`Service::play_bot_turn`] where it suits it (the console after each
//! line, the Discord bot on its low-priority threads). What a bot already
//! stored (its orders, its commitment, its ready mark) is never sent twice.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use chessdip_bots::{Decision, Limits};

use crate::lifecycle::{GameStatus, Stage};
use crate::store::{self, BotTurn, TurnPlayed};
use crate::{decode, kind_of, settings_of, Caller, GameError, Position, Request, Service};

/// The default time a bot may think about one decision (`bot_think_ms`).
pub const DEFAULT_THINK: Duration = Duration::from_millis(500);

/// The most turns [`Service::play_bots`] takes in one call.
const MOST_TURNS: usize = 10_000;

/// A person's call with a bot's id is refused: only the service acts as a bot.
///
/// # Errors
/// The caller's id is a bot's (`bot:...`).
pub(crate) fn not_a_bot(caller: &Caller) -> Result<(), GameError> {
    if store::is_bot(&caller.user) {
        return Err(GameError::Invalid(format!(
            "`{}`: user ids beginning `bot:` are the computer players' own; a person plays under another name",
            caller.user
        )));
    }
    Ok(())
}

/// The caller a bot acts as: its seat's user, shown as `bot`, no moderator.
#[must_use]
pub fn bot_caller(power: &str) -> Caller {
    Caller { user: store::bot_user(power), name: store::BOT_NAME.into(), moderator: false }
}

/// The turns this process is playing now: a turn is played once at a time.
#[derive(Debug, Default)]
pub(crate) struct Thinking(Mutex<HashSet<BotTurn>>);

/// A turn claimed by this process, given back when dropped.
#[derive(Debug)]
struct Claim {
    thinking: Arc<Thinking>,
    turn: BotTurn,
}

impl Thinking {
    fn claim(this: &Arc<Thinking>, turn: &BotTurn) -> Option<Claim> {
        let fresh = this.0.lock().unwrap_or_else(PoisonError::into_inner).insert(turn.clone());
        fresh.then(|| Claim { thinking: this.clone(), turn: turn.clone() })
    }

    fn contains(&self, turn: &BotTurn) -> bool {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).contains(turn)
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        self.thinking.0.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.turn);
    }
}

/// A bot's turn claimed and read from the store ([`Service::prepare_bot_turn`]),
/// then thought about ([`PreparedTurn::think`], which touches nothing but the
/// position: run it where thinking may take its time), then sent
/// ([`Service::finish_bot_turn`]). This process plays it once at a time.
#[derive(Debug)]
pub struct PreparedTurn {
    turn: BotTurn,
    plan: Plan,
    decided: Option<Result<Decision, String>>,
    _claim: Claim,
}

impl PreparedTurn {
    /// The turn.
    #[must_use]
    pub fn turn(&self) -> &BotTurn {
        &self.turn
    }

    /// Thinks about the turn's position within `budget`, if it has one to
    /// think about: pure computation, no store, no lock.
    pub fn think(&mut self, budget: Duration) {
        if let Plan::Think { position, .. } = &self.plan {
            self.decided = Some(think(position, &self.turn, budget));
        }
    }
}

/// What a bot's turn asks of it, read from the store before it thinks.
#[derive(Debug)]
enum Plan {
    /// Nothing (the outcome to record).
    Done(&'static str),
    /// Its orders (or commitment) are in: only the ready mark is missing.
    Ready,
    /// Reveal this sealed text.
    Reveal(String),
    /// Think about this position, then give its orders (or commit them)
    /// and mark ready (not in a turn-based phase, which its move ends).
    Think { position: Box<Position>, turn_based: bool },
}

/// The seed of a turn's decision: the same game, phase, stage and power
/// give the same seed, so a turn asked again is decided again the same way
/// (unless the time budget cut the first one short).
fn seed(turn: &BotTurn) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325_u64;
    for b in turn.power.bytes().chain(turn.stage.as_str().bytes()) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    chessdip_bots::rng::mix(h ^ chessdip_bots::rng::mix(turn.game.unsigned_abs() ^ (turn.seq.unsigned_abs() << 32)))
}

/// The bot's decision for `turn` in `position`, within `budget`. A bot
/// that fails (its error, or a panic, which is caught: a bot never brings
/// the service down) is asked again with another seed, twice; then why it failed.
fn think(position: &Position, turn: &BotTurn, budget: Duration) -> Result<Decision, String> {
    let mut why = String::new();
    for attempt in 0..3_u64 {
        let limits = Limits::with_time(budget);
        let seed = seed(turn).wrapping_add(attempt);
        let decided =
            std::panic::catch_unwind(|| chessdip_bots::decide(position, &turn.power, limits, seed)).map_err(|p| {
                p.downcast_ref::<&str>()
                    .map(ToString::to_string)
                    .or_else(|| p.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".into())
            });
        match decided {
            Ok(Ok(decision)) => return Ok(decision),
            Ok(Err(e)) => why = e.to_string(),
            Err(panic) => why = format!("it failed: {panic}"),
        }
        tracing::error!(game = turn.game, seq = turn.seq, power = %turn.power, attempt, error = %why, "a bot could not decide");
    }
    Err(why)
}

impl Service {
    /// The turns bots owe now (at most `limit`), oldest game first, leaving
    /// out those this process is playing.
    ///
    /// # Errors
    /// Database errors.
    pub fn owed_bot_turns(&self, limit: usize) -> Result<Vec<BotTurn>, GameError> {
        let turns = self.store.read(|c| store::owed_bot_turns(c, limit))?;
        Ok(turns.into_iter().filter(|t| !self.thinking.contains(t)).collect())
    }

    /// Plays every turn the bots owe, one after another, each within
    /// `budget` of thought, until none is owed (what they set off, a phase
    /// resolved early, may open new ones); how many it took. The console
    /// calls it after every line.
    ///
    /// # Errors
    /// Database errors (a turn that fails otherwise is recorded with why).
    pub fn play_bots(&self, budget: Duration) -> Result<usize, GameError> {
        let mut taken = 0;
        while taken < MOST_TURNS {
            let turns = self.owed_bot_turns(64)?;
            if turns.is_empty() {
                break;
            }
            let before = taken;
            for t in &turns {
                taken += usize::from(self.play_bot_turn(t, budget)?);
            }
            if taken == before {
                break;
            }
        }
        Ok(taken)
    }

    /// Plays `turn` at once ([`Service::prepare_bot_turn`], then its
    /// thought within `budget`, then [`Service::finish_bot_turn`]); `false`
    /// if this process is already playing it.
    ///
    /// # Errors
    /// Database errors.
    pub fn play_bot_turn(&self, turn: &BotTurn, budget: Duration) -> Result<bool, GameError> {
        let Some(mut prepared) = self.prepare_bot_turn(turn)? else { return Ok(false) };
        prepared.think(budget);
        self.finish_bot_turn(prepared)?;
        Ok(true)
    }

    /// Claims `turn` for this process and reads what its bot owes; `None`
    /// if this process is already playing it.
    ///
    /// # Errors
    /// Database errors.
    pub fn prepare_bot_turn(&self, turn: &BotTurn) -> Result<Option<PreparedTurn>, GameError> {
        let Some(claim) = Thinking::claim(&self.thinking, turn) else { return Ok(None) };
        let plan = self.store.read(|c| self.plan(c, turn))?;
        Ok(Some(PreparedTurn { turn: turn.clone(), plan, decided: None, _claim: claim }))
    }

    /// Sends what the bot of `prepared` decided through
    /// [`Service::handle`] as the bot's caller (orders and ready; its board
    /// actions, a sealed commitment and ready; a reveal), then records the
    /// turn as taken. A bot that could not decide holds.
    ///
    /// # Errors
    /// Database errors. A refusal of what the bot sent (which the property
    /// tests rule out) is recorded as the turn's outcome and logged, not
    /// returned: the turn is not asked again.
    pub fn finish_bot_turn(&self, prepared: PreparedTurn) -> Result<(), GameError> {
        let PreparedTurn { turn, plan, decided, _claim } = prepared;
        let turn = &turn;
        let caller = bot_caller(&turn.power);
        let ask = |request: Request| self.handle(&turn.channel, "", &caller, request).map(drop);
        let mut played = TurnPlayed { outcome: "played".into(), ..TurnPlayed::default() };
        let sent = match plan {
            Plan::Done(outcome) => {
                played.outcome = outcome.into();
                Ok(())
            }
            Plan::Ready => ask(Request::Ready),
            Plan::Reveal(text) => ask(Request::Reveal { text }),
            Plan::Think { turn_based, .. } => {
                match decided.unwrap_or_else(|| Err("it was not asked to think".into())) {
                    Ok(decision) => {
                        played.think_ms = i64::try_from(decision.stats.elapsed.as_millis()).ok();
                        played.nodes = i64::try_from(decision.stats.nodes).ok();
                        played.stopped_by_time = Some(decision.stats.stopped_by_time);
                        self.give(turn, &decision, turn_based, &ask)
                    }
                    Err(why) => {
                        // Nothing to send: the power holds (it is ready, so not in civil disorder).
                        played.outcome = format!("no decision ({why}): it held");
                        self.give(turn, &Decision::default(), turn_based, &ask)
                    }
                }
            }
        };
        if let Err(e) = sent {
            // The stage may have closed while it thought (a deadline, a moderator): nothing went wrong then.
            let open = self.store.read(|c| self.still_open(c, turn))?;
            if open {
                tracing::error!(game = turn.game, power = %turn.power, error = %e, "a bot's turn was refused");
                played.outcome = format!("refused: {e}");
            } else {
                played.outcome = "moved on".into();
            }
        }
        let now = self.now();
        self.store.write(|c| store::bot_turn_taken(c, turn, &played, now))?;
        Ok(())
    }

    /// Sends `decision` for `turn`: in the orders stage its orders (none:
    /// every piece holds) then the ready mark (not in a turn-based phase,
    /// where the move ends the phase); in a commit window its board actions,
    /// then the sealed text, kept first, committed, then the ready mark.
    fn give(
        &self,
        turn: &BotTurn,
        decision: &Decision,
        turn_based: bool,
        ask: &dyn Fn(Request) -> Result<(), GameError>,
    ) -> Result<(), GameError> {
        match turn.stage {
            Stage::Commit => {
                for action in &decision.actions {
                    ask(Request::BoardAction { action: action.to_string() })?;
                }
                let now = self.now();
                let hash = self.store.write(|c| {
                    let salt = store::random_salt(c)?;
                    let sealed = crate::hashed::seal(&decision.message(), &salt);
                    let hash = crate::hashed::sha256_hex(&sealed);
                    store::keep_bot_seal(c, turn.game, &turn.power, &hash, &sealed, now)?;
                    Ok::<_, GameError>(hash)
                })?;
                ask(Request::Commit { hash })?;
                ask(Request::Ready)
            }
            _ => {
                if !decision.orders.is_empty() {
                    ask(Request::Submit { orders: decision.message() })?;
                }
                if turn_based {
                    Ok(())
                } else {
                    ask(Request::Ready)
                }
            }
        }
    }

    /// Whether `turn`'s stage is still open with its bot seated.
    fn still_open(&self, c: &rusqlite::Connection, turn: &BotTurn) -> Result<bool, GameError> {
        let Some(g) = store::game(c, turn.game)? else { return Ok(false) };
        let row = store::phase(c, turn.game, turn.seq)?;
        let seated = store::players(c, turn.game)?.iter().any(|(p, u)| *p == turn.power && store::is_bot(u));
        Ok(g.status == GameStatus::Active
            && g.phase_seq == turn.seq
            && row.is_some_and(|r| r.open && r.stage == turn.stage)
            && seated)
    }

    /// What `turn` asks of its bot now.
    fn plan(&self, c: &rusqlite::Connection, turn: &BotTurn) -> Result<Plan, GameError> {
        if !self.still_open(c, turn)? {
            return Ok(Plan::Done("moved on"));
        }
        let Some(g) = store::game(c, turn.game)? else { return Ok(Plan::Done("moved on")) };
        let Some(row) = store::phase(c, turn.game, turn.seq)? else { return Ok(Plan::Done("moved on")) };
        let settings = settings_of(&g);
        let kind = kind_of(&g, &settings)?;
        let position = decode(&kind, &row)?;
        let phase = position.phase();
        let user = store::bot_user(&turn.power);
        if !phase.owing.contains(&turn.power) || store::concessions(c, g.id)?.contains(&turn.power) {
            return Ok(Plan::Done("nothing owed"));
        }
        let ready = store::ready_powers(c, g.id, row.seq)?.contains(&turn.power);
        Ok(match turn.stage {
            Stage::Reveal => {
                let latest = store::commitments(c, g.id, row.seq)?.into_iter().rfind(|m| m.power == turn.power);
                let Some(m) = latest.filter(|m| m.user == user) else { return Ok(Plan::Done("nothing to reveal")) };
                let revealed = store::reveals(c, g.id, row.seq)?
                    .iter()
                    .any(|r| r.power == turn.power && r.matched && r.hash == m.hash);
                match store::bot_seal(c, g.id, &turn.power, &m.hash)? {
                    _ if revealed => Plan::Done("played"),
                    Some(text) => Plan::Reveal(text),
                    None => Plan::Done("its sealed text was not kept"),
                }
            }
            Stage::Commit => {
                let committed =
                    store::commitments(c, g.id, row.seq)?.iter().any(|m| m.power == turn.power && m.user == user);
                match (committed, ready) {
                    (true, true) => Plan::Done("played"),
                    (true, false) => Plan::Ready,
                    (false, _) => Plan::Think { position: Box::new(position), turn_based: false },
                }
            }
            _ => {
                let sent = store::orders(c, g.id, row.seq, Some(&turn.power))?.iter().any(|o| o.submitted_by == user);
                match (sent, ready) {
                    (_, true) => Plan::Done("played"),
                    (true, false) if !phase.resolve_on_submit => Plan::Ready,
                    (true, false) => Plan::Done("played"),
                    (false, _) => Plan::Think { position: Box::new(position), turn_based: phase.resolve_on_submit },
                }
            }
        })
    }
}
