//! Time-driven work: resolving the phases whose deadline passed, and
//! reminding players with missing orders before a deadline.

use crate::lifecycle::{GameStatus, Stage};
use crate::orders::slots::by_power;
use crate::store::{self};
use crate::{decode, kind_of, settings_of, AtDeadline, Caller, GameError, Reply, Service};

/// A reminder's text: the phase, its deadline (as a Discord timestamp) and
/// the late players, mentioned.
#[must_use]
pub fn reminder_text(r: &Reminder) -> String {
    let who: Vec<String> = r.missing.iter().map(|(power, user)| format!("<@{user}> ({power})")).collect();
    format!(
        "Reminder: {} is due <t:{}:F> (<t:{}:R>). Still no orders from {}.",
        r.phase,
        r.deadline,
        r.deadline,
        chessdip_rules::words::join_and(&who)
    )
}

/// A reminder to send before a deadline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reminder {
    /// The game's channel.
    pub channel: String,
    /// The phase.
    pub phase: String,
    /// Its deadline (unix seconds).
    pub deadline: i64,
    /// Seated powers that owe orders and have none: (power, user id).
    pub missing: Vec<(String, String)>,
}

/// What ends a phase's window.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Trigger<'a> {
    /// Its deadline passed.
    Deadline,
    /// This moderator forced it (the moderation log records it with what it did).
    Moderator(&'a Caller),
}

impl Trigger<'_> {
    /// How the result says why.
    fn why(self) -> &'static str {
        match self {
            Trigger::Deadline => "the deadline passed",
            Trigger::Moderator(_) => "forced by a moderator",
        }
    }
}

impl Service {
    /// Resolves every active game whose deadline has passed (unless it
    /// waits for a moderator), and ends the games nobody has played for
    /// their `abandon-after`. Returns the replies, with the channel of each game.
    ///
    /// # Errors
    /// Database errors.
    pub fn tick(&self) -> Result<Vec<(String, Reply)>, GameError> {
        let now = self.now();
        let due = self.store.read(|c| Ok::<_, GameError>(store::due_games(c, now)?))?;
        // Games nobody has played for their `abandon-after` end first.
        let mut out = self.end_abandoned()?;
        // Forming games whose start time has come start.
        out.extend(self.start_due()?);
        for g in due {
            let stage = self.store.read(|c| Ok::<_, GameError>(store::phase(c, g.id, g.phase_seq)?.map(|r| r.stage)));
            if settings_of(&g).at_deadline == AtDeadline::Wait {
                // A game that waits for a moderator still gives its late players their grace.
                match stage.and_then(|s| s.map_or(Ok(None), |s| self.grace(g.id, g.phase_seq, s))) {
                    Ok(Some(rs)) => out.extend(rs.into_iter().map(|r| (g.channel.clone(), r))),
                    Ok(None) => {}
                    Err(e) => {
                        tracing::error!(game = g.id, channel = %g.channel, error = %e, "a grace extension failed")
                    }
                }
                continue;
            }
            let done = match stage {
                Ok(Some(stage)) => self.next_window(g.id, g.phase_seq, stage, Trigger::Deadline),
                Ok(None) => Ok(Vec::new()),
                Err(e) => Err(e),
            };
            match done {
                Ok(rs) => out.extend(rs.into_iter().map(|r| (g.channel.clone(), r))),
                // One broken game must not hold up the others.
                Err(e) => tracing::error!(game = g.id, channel = %g.channel, error = %e, "resolving a due game failed"),
            }
        }
        Ok(out)
    }

    /// Ends the current window of a phase in `stage`: a pause opens the
    /// commit window, a commit window opens the reveal window, anything else resolves.
    /// A moderator's force is logged in the same transaction, with what it
    /// did (its announcement's first line) and the phase it forced.
    pub(crate) fn next_window(
        &self,
        game: i64,
        seq: i64,
        stage: Stage,
        trigger: Trigger<'_>,
    ) -> Result<Vec<Reply>, GameError> {
        let why = trigger.why();
        // A late power with grace left extends the stage for everyone (a turn-based game's
        // missed turn counts only once the grace is spent).
        if trigger == Trigger::Deadline {
            if let Some(replies) = self.grace(game, seq, stage)? {
                return Ok(replies);
            }
        }
        if stage == Stage::Orders && trigger == Trigger::Deadline {
            if let Some(replies) = self.missed_turn(game, seq)? {
                return Ok(replies);
            }
        }
        self.store.write(|c| {
            if let Trigger::Moderator(_) = trigger {
                self.force_noted(c, game, seq, stage)?;
            }
            let out = match stage {
                Stage::Wait => self.open_commits_in(c, game, seq, why, matches!(trigger, Trigger::Moderator(_)))?,
                Stage::Commit => self.open_reveals_in(c, game, seq, why)?,
                Stage::Reveal | Stage::Orders | Stage::Sealed => self.resolve_in(c, game, seq, why)?,
            };
            if let (Trigger::Moderator(caller), Some(first)) = (trigger, out.first()) {
                let did = first.text.lines().next().unwrap_or("").replace("**", "");
                self.log_moderator_in(c, game, caller, "force", did, Some(seq))?;
            }
            Ok(out)
        })
    }

    /// A turn-based phase whose deadline passed without the move: the turn
    /// waits another phase length, and after `forfeit_after` missed turns in
    /// a row the player forfeits. Each missed turn is civil disorder, in the
    /// game's history and in the player's record, and the announcement
    /// pings the player who missed it. `None` if the phase is not such a case.
    fn missed_turn(&self, game: i64, seq: i64) -> Result<Option<Vec<Reply>>, GameError> {
        let now = self.now();
        self.store.write(|c| {
            let Some(g) = store::game(c, game)? else { return Ok(None) };
            let Some(row) = store::phase(c, game, seq)? else { return Ok(None) };
            let settings = settings_of(&g);
            let kind = kind_of(&g, &settings)?;
            let position = decode(&kind, &row)?;
            let phase = position.phase();
            if !row.open || !phase.resolve_on_submit {
                return Ok(None);
            }
            // Someone else already handled this deadline (the claim is the deadline moving on).
            if row.deadline.is_none_or(|d| d > now) || g.status != GameStatus::Active {
                return Ok(Some(Vec::new()));
            }
            let orders = store::orders(c, game, seq, None)?;
            let seated = store::players(c, game)?;
            let late: Vec<String> =
                Self::acting(c, game, &phase)?.into_iter().filter(|p| !orders.iter().any(|o| &o.power == p)).collect();
            let Some(power) = late.first() else { return Ok(None) };
            let missed = store::miss_turn(c, game, power)?;
            let user = seated.iter().find(|(p, _)| p == power).map(|(_, u)| u.clone()).unwrap_or_default();
            store::add_missed_turn(c, (game, seq, missed), power, Some(&user), now)?;
            crate::seats::reliability::missed_turn(c, &g, (seq, missed), (power, &user), now)?;
            let limit = i64::from(settings.forfeit_after);
            let who = format!("{power} (<@{user}>) missed the deadline for {}", row.name);
            if limit > 0 && missed >= limit {
                store::concede(c, game, power, now, seq)?;
                crate::seats::reliability::forfeited(c, &g, power, now)?;
                let others: Vec<String> =
                    seated.iter().map(|(p, _)| p.clone()).filter(|p| p != power && position.alive(p)).collect();
                let (text, ending) = match others.as_slice() {
                    [winner] => (
                        format!("{winner} wins: {power} forfeits after {missed} missed turns"),
                        crate::standings::scores::Ending::Solo(winner.clone()),
                    ),
                    _ => (
                        format!("{power} forfeits after {missed} missed turns"),
                        crate::standings::scores::Ending::Draw,
                    ),
                };
                let mut reply = crate::moderation::game_over(
                    c,
                    &g,
                    Some(&position),
                    &settings,
                    (&text, now, &ending),
                    format!("{who}. **Game over: {text}.**"),
                )?;
                reply.mentions = vec![user];
                store::set_deadline(c, game, seq, None, None)?;
                return Ok(Some(self.announced_all(c, &g, vec![reply])?));
            }
            let deadline = settings.deadline_after(now, settings.phase_secs(phase.kind));
            store::set_deadline(c, game, seq, Some(deadline), None)?;
            let warning = if limit > 0 {
                format!(" ({missed} of {limit} missed turns in a row: at {limit} {power} forfeits)")
            } else {
                String::new()
            };
            let text = format!("{who}{warning}. The move is due in {}.", crate::format_duration(deadline - now));
            let mut reply = Reply::public(text).due(Some(deadline));
            reply.mentions = vec![user];
            Ok(Some(self.announced_all(c, &g, vec![reply])?))
        })
    }

    /// The next moment something is due: a deadline, or a reminder `ahead`
    /// seconds before one (0: no reminders).
    ///
    /// # Errors
    /// Database errors.
    pub fn next_wake(&self, ahead: i64) -> Result<Option<i64>, GameError> {
        let now = self.now();
        let next = self.store.read(|c| Ok::<_, GameError>(store::next_wake(c, now, ahead)?))?;
        let start = self.next_start()?;
        Ok(match (next, start) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        })
    }

    /// The reminders due now (deadline within `ahead` seconds), each phase
    /// once; phases where nobody is missing orders are claimed silently.
    ///
    /// # Errors
    /// Database errors.
    pub fn due_reminders(&self, ahead: i64) -> Result<Vec<Reminder>, GameError> {
        if ahead <= 0 {
            return Ok(Vec::new());
        }
        let now = self.now();
        self.store.write(|c| {
            let mut out = Vec::new();
            for (g, seq) in store::claim_reminders(c, now, ahead)? {
                let settings = settings_of(&g);
                let Ok(kind) = kind_of(&g, &settings) else { continue };
                let Some(row) = store::phase(c, g.id, seq)? else { continue };
                let position = decode(&kind, &row)?;
                let owing = position.phase().owing;
                let orders = by_power(&store::orders(c, g.id, seq, None)?);
                let missing: Vec<(String, String)> = store::players(c, g.id)?
                    .into_iter()
                    .filter(|(p, u)| {
                        owing.contains(p) && !store::is_bot(u) && !orders.iter().any(|(q, o)| q == p && !o.is_empty())
                    })
                    .collect();
                if !missing.is_empty() {
                    let r = Reminder {
                        channel: g.channel.clone(),
                        phase: row.name.clone(),
                        deadline: row.deadline.unwrap_or(now),
                        missing,
                    };
                    // Announced with the claim: a reminder is sent once, pinging only the late players.
                    let mut reply = Reply::public(reminder_text(&r));
                    reply.mentions = r.missing.iter().map(|(_, u)| u.clone()).collect();
                    self.announced(c, &g, reply)?;
                    // And by direct message to each late player who asked for it (the default).
                    let dms = self.reminder_dms(c, &g, &row, &r.missing)?;
                    self.tell(c, &g, dms)?;
                    out.push(r);
                }
            }
            Ok(out)
        })
    }
}
