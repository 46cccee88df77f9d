//! Reliability records: what each user did with the phases they owed
//! orders in (sent in time, after grace, civil disorder) and with the games
//! they sat in (finished, unseated, conceded, left), per server (guild).
//!
//! The game writes a user's game rows at the moments it knows them, each
//! from a one-line hook: `game_ended` (every seated player who had not
//! conceded finished it), `conceded` and `forfeited` (a concession, a
//! forfeit by missed turns), `left` and `replaced` (a moderator's `game
//! kick` or `game assign`). The phase rows are written at each resolution,
//! and in a turn-based game at each missed turn (civil disorder). A rollback takes back the
//! rows of the phases it undoes and the `finished` rows of the end it
//! undoes (`rolled_back`). Games played before records were kept are
//! counted once, from their stored history ([`Service::count_old_records`]).
//!
//! [`Reliability`] counts a record; `profile` shows it and `join` checks
//! it against a game's `min-reliability` (`may_join`).

use crate::store::{self, GameRow, RecordKind, RecordRow, Seat};
use crate::{decode, kind_of, settings_of, Caller, GameError, Live, Service};

/// A user with fewer phases owed than this is new: shown as new, never
/// as unreliable, and let into games with a `min-reliability` unless the
/// game says `min-reliability-new=no`.
pub const NEW_BELOW: u32 = 5;

/// A user's record in one server, counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reliability {
    /// Phases whose orders they sent before the deadline.
    pub in_time: u32,
    /// Phases whose orders they sent only after a grace extension.
    pub after_grace: u32,
    /// Phases they left in civil disorder.
    pub civil_disorder: u32,
    /// Games they sat in to the end.
    pub finished: u32,
    /// Games they were unseated from after phases in civil disorder.
    pub unseated: u32,
    /// Games they conceded.
    pub conceded: u32,
    /// Games they lost by missing `forfeit-after` turns in a row.
    pub forfeited: u32,
    /// Games they left otherwise (replaced or removed by a moderator).
    pub left: u32,
}

impl Reliability {
    /// The counts of `rows`.
    #[must_use]
    pub fn of(rows: &[RecordRow]) -> Reliability {
        let mut r = Reliability::default();
        for row in rows {
            let n = match row.kind {
                RecordKind::InTime => &mut r.in_time,
                RecordKind::AfterGrace => &mut r.after_grace,
                RecordKind::CivilDisorder => &mut r.civil_disorder,
                RecordKind::Finished => &mut r.finished,
                RecordKind::Unseated => &mut r.unseated,
                RecordKind::Conceded => &mut r.conceded,
                RecordKind::Forfeited => &mut r.forfeited,
                RecordKind::Left => &mut r.left,
            };
            *n += 1;
        }
        r
    }

    /// The phases they owed orders in.
    #[must_use]
    pub fn owed(&self) -> u32 {
        self.in_time + self.after_grace + self.civil_disorder
    }

    /// The phases whose orders they sent, in time or after grace.
    #[must_use]
    pub fn sent(&self) -> u32 {
        self.in_time + self.after_grace
    }

    /// Whether they are new: fewer than [`NEW_BELOW`] phases owed.
    #[must_use]
    pub fn is_new(&self) -> bool {
        self.owed() < NEW_BELOW
    }

    /// The reliability, in percent, rounded (half up): the phases sent in
    /// time or after grace of those owed. `None` for a new user.
    #[must_use]
    pub fn percent(&self) -> Option<u32> {
        let owed = u64::from(self.owed());
        if self.is_new() || owed == 0 {
            return None;
        }
        let p = (u64::from(self.sent()) * 200 + owed) / (2 * owed);
        u32::try_from(p).ok()
    }

    /// The reliability in words: `64% (9 of 14 phases in time or after
    /// grace)`, or `new (3 phases so far)`.
    #[must_use]
    pub fn summary(&self) -> String {
        match self.percent() {
            Some(p) => format!("{p}% ({} of {} phases in time or after grace)", self.sent(), self.owed()),
            None => format!("new ({} so far)", phases(self.owed())),
        }
    }
}

/// `1 phase`, `3 phases`.
fn phases(n: u32) -> String {
    chessdip_rules::words::count(n as usize, "phase")
}

/// `user`'s record in `guild`.
///
/// # Errors
/// Database errors.
pub(crate) fn record_of(c: &rusqlite::Connection, guild: &str, user: &str) -> Result<Reliability, GameError> {
    Ok(Reliability::of(&store::records(c, guild, user)?))
}

/// The game ended (by a phase's result, a draw vote, a concession or a
/// forfeit that ends it, or a moderator's `game end`): every seated player
/// whose power had not conceded finished it. A game that never started
/// gives nobody a record.
///
/// # Errors
/// Database errors.
pub(crate) fn game_ended(c: &rusqlite::Connection, game: &GameRow, at: i64) -> Result<(), GameError> {
    if game.phase_seq == 0 {
        return Ok(());
    }
    let conceded = store::concessions(c, game.id)?;
    for (power, user) in store::players(c, game.id)?.into_iter().filter(|(p, _)| !conceded.contains(p)) {
        store::record(c, &game.guild, &user, game.id, 0, RecordKind::Finished, &power, at)?;
    }
    Ok(())
}

/// `power`'s player conceded the game.
///
/// # Errors
/// Database errors.
pub(crate) fn conceded(c: &rusqlite::Connection, game: &GameRow, power: &str, at: i64) -> Result<(), GameError> {
    gave_up(c, game, power, at, RecordKind::Conceded)
}

/// `power`'s player forfeited the game by missing `forfeit-after` turns in a row.
///
/// # Errors
/// Database errors.
pub(crate) fn forfeited(c: &rusqlite::Connection, game: &GameRow, power: &str, at: i64) -> Result<(), GameError> {
    gave_up(c, game, power, at, RecordKind::Forfeited)
}

/// Records `kind` (a concession or a forfeit) for `power`'s player.
fn gave_up(c: &rusqlite::Connection, game: &GameRow, power: &str, at: i64, kind: RecordKind) -> Result<(), GameError> {
    if let Some((_, user)) = store::players(c, game.id)?.into_iter().find(|(p, _)| p == power) {
        store::record(c, &game.guild, &user, game.id, 0, kind, power, at)?;
    }
    Ok(())
}

/// `power`'s player missed their turn in the turn-based phase `seq` for
/// the `n`th time in a row: civil disorder in their record, one row per
/// missed turn.
///
/// # Errors
/// Database errors.
pub(crate) fn missed_turn(
    c: &rusqlite::Connection,
    game: &GameRow,
    (seq, n): (i64, i64),
    (power, user): (&str, &str),
    at: i64,
) -> Result<(), GameError> {
    Ok(store::record_missed_turn(c, (&game.guild, user), (game.id, seq, n), power, at)?)
}

/// A moderator removed `seat`'s player from a started game (`game kick`):
/// they left it. Before the start nobody has a record of the game, and a
/// player who conceded keeps that as their game's record.
///
/// # Errors
/// Database errors.
pub(crate) fn left(c: &rusqlite::Connection, game: &GameRow, seat: &Seat, at: i64) -> Result<(), GameError> {
    if game.phase_seq > 0 && !store::concessions(c, game.id)?.contains(&seat.power) {
        store::record(c, &game.guild, &seat.user, game.id, 0, RecordKind::Left, &seat.power, at)?;
    }
    Ok(())
}

/// A moderator gave a seat to someone else (`game assign`): its holder
/// before, if any (`None` when they moved to another seat in a swap), left.
///
/// # Errors
/// Database errors.
pub(crate) fn replaced(
    c: &rusqlite::Connection,
    game: &GameRow,
    before: Option<&Seat>,
    at: i64,
) -> Result<(), GameError> {
    before.map_or(Ok(()), |seat| left(c, game, seat, at))
}

/// A rollback undid phases `from..=to` of `game` (and, if `game` had
/// ended, its end): their phase rows and the `finished` rows of the end
/// are taken back; the phases played again are counted as they resolve.
/// A concession or a departure stands (a rollback does not undo them).
///
/// # Errors
/// Database errors.
pub(crate) fn rolled_back(c: &rusqlite::Connection, game: &GameRow, from: i64, to: i64) -> Result<(), GameError> {
    let reopened = game.status == crate::lifecycle::GameStatus::Ended;
    store::forget_rolled_back(c, game.id, from, to, reopened)?;
    Ok(())
}

/// What the game's announcement says of its `min-reliability` (empty without one).
#[must_use]
pub(crate) fn joining_rule(settings: &crate::Settings) -> String {
    let Some(min) = settings.min_reliability else { return String::new() };
    let new = if settings.min_reliability_new {
        "new players are welcome".to_string()
    } else {
        format!("new players (fewer than {NEW_BELOW} phases owed) may not join")
    };
    format!(" Joining asks for a reliability of at least {min}% in this server (`profile` shows yours); {new}.")
}

/// Whether `caller` may join `live` (a first seat, or taking over an open
/// power) by the game's `min-reliability`, with their record in the game's
/// server: [`crate::lifecycle::may_join_with`] decides.
///
/// # Errors
/// Their reliability is below the game's minimum, or they are new and the game takes no new players.
pub(crate) fn may_join(c: &rusqlite::Connection, live: &Live, caller: &Caller) -> Result<(), GameError> {
    if live.settings.min_reliability.is_none() {
        return Ok(());
    }
    let record = record_of(c, &live.game.guild, &caller.user)?;
    crate::lifecycle::may_join_with(&live.settings, &record)
}

impl Service {
    /// Counts, once, the records of games played before records were
    /// kept, from each game's stored history, and remembers that it did
    /// (a fresh database is remembered as counted at once). For each
    /// resolved phase that was not rolled back, each power that owed orders
    /// in it and had not conceded: in time for the user who sent its orders
    /// (or, in a hashed game, its commitment); otherwise civil disorder for
    /// the power's present holder if they held it then. The players table
    /// holds only each seat's present holder: a seat's earlier holders who
    /// sent nothing cannot be known, and nobody's old phases count as after
    /// grace. Each conceded power's holder conceded (or forfeited, if its
    /// missed turns reached `forfeit-after`); every other seated
    /// player of an ended game finished it. Each game in its own
    /// transaction; a game that cannot be read is logged and left. Returns
    /// how many rows this pass wrote.
    ///
    /// A start interrupted while counting (the process killed) leaves the
    /// games it counted counted and the database not marked: the next start
    /// counts again, and a row already written stands. Every pass is
    /// recorded (`reliability_count_passes`: when it began, the games and
    /// rows it counted, in each game's own transaction, and when it
    /// finished), and the mark says the rows of every pass.
    ///
    /// # Errors
    /// Database errors.
    pub fn count_old_records(&self) -> Result<usize, GameError> {
        if self.store.read(|c| Ok::<_, GameError>(store::old_records_counted(c)?))? {
            return Ok(0);
        }
        let games = self.store.read(|c| Ok::<_, GameError>(store::started_games(c)?))?;
        let started = self.now();
        let pass = self.store.write(|c| Ok::<_, GameError>(store::begin_count_pass(c, started)?))?;
        let mut written = 0;
        for id in games {
            let counted = self.store.write(|c| {
                let n = old_game_records(c, id)?;
                store::count_pass_game(c, pass, n)?;
                Ok::<_, GameError>(n)
            });
            match counted {
                Ok(n) => written += n,
                Err(e) => tracing::error!(game = id, error = %e, "could not count this game's reliability records"),
            }
        }
        let now = self.now();
        let all = self.store.write(|c| Ok::<_, GameError>(store::mark_old_records_counted(c, pass, now)?))?;
        if written > 0 {
            tracing::info!(
                rows = written,
                pass,
                rows_of_every_pass = all,
                "counted the reliability records of games played before records were kept"
            );
        }
        Ok(written)
    }
}

/// The records of game `id` that its stored history tells: see
/// [`Service::count_old_records`]. Returns how many rows it wrote.
fn old_game_records(c: &rusqlite::Connection, id: i64) -> Result<usize, GameError> {
    let Some(g) = store::game(c, id)? else { return Ok(0) };
    let settings = settings_of(&g);
    let kind = kind_of(&g, &settings)?;
    let conceded = store::concessions_timed(c, id)?;
    let forfeited = crate::seats::absence::forfeits(c, id, &settings)?;
    let seats = store::seated_since(c, id)?;
    let mut n = 0;
    let mut put = |user: &str, seq: i64, kind: RecordKind, power: &str, at: i64| -> Result<(), GameError> {
        // A row the game already wrote (at a resolution) stands as it is.
        if kind.is_phase() && store::has_phase_row(c, user, id, seq)? {
            return Ok(());
        }
        if store::record(c, &g.guild, user, id, seq, kind, power, at)? {
            n += 1;
        }
        Ok(())
    };
    for row in store::phases(c, id)?.iter().filter(|r| !r.open && !r.rolled_back) {
        let position = decode(&kind, row)?;
        let at = row.resolved_at.or(row.deadline).unwrap_or(g.created_at);
        let orders = store::orders(c, id, row.seq, None)?;
        let commitments = if settings.hashed { store::commitments(c, id, row.seq)? } else { Vec::new() };
        for power in &position.phase().owing {
            if conceded.iter().any(|k| &k.power == power && k.seq.is_some_and(|s| s <= row.seq)) {
                continue;
            }
            let sender = orders
                .iter()
                .find(|o| &o.power == power)
                .map(|o| o.submitted_by.clone())
                .or_else(|| commitments.iter().find(|m| &m.power == power).map(|m| m.user.clone()));
            match sender {
                Some(user) => put(&user, row.seq, RecordKind::InTime, power, at)?,
                None => {
                    // Only a holder who held the seat when the phase resolved sent nothing in it.
                    if let Some((_, user, _)) = seats.iter().find(|(p, _, since)| p == power && *since <= at) {
                        put(user, row.seq, RecordKind::CivilDisorder, power, at)?;
                    }
                }
            }
        }
    }
    let ended_at = g.ended_at.unwrap_or(g.created_at);
    for (power, user, _) in &seats {
        let concession = conceded.iter().find(|k| &k.power == power);
        if let Some(k) = concession {
            let kind = if forfeited.contains(power) { RecordKind::Forfeited } else { RecordKind::Conceded };
            put(user, 0, kind, power, k.at.unwrap_or(ended_at))?;
        } else if g.status == crate::lifecycle::GameStatus::Ended {
            put(user, 0, RecordKind::Finished, power, ended_at)?;
        }
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::may_join_with;

    fn record(in_time: u32, after_grace: u32, civil_disorder: u32) -> Reliability {
        Reliability { in_time, after_grace, civil_disorder, ..Reliability::default() }
    }

    #[test]
    fn the_percentage_is_rounded_half_up_and_new_players_have_none() {
        assert_eq!(record(9, 0, 5).summary(), "64% (9 of 14 phases in time or after grace)");
        assert_eq!(record(4, 1, 3).percent(), Some(63), "5 of 8 is 62.5%");
        assert_eq!(record(1, 0, 5).percent(), Some(17));
        assert_eq!(record(0, 0, 5).percent(), Some(0));
        assert_eq!(record(3, 2, 0).percent(), Some(100), "after grace counts as sent");
        assert_eq!(record(2, 1, 1).percent(), None, "4 phases: new");
        assert_eq!(record(2, 1, 1).summary(), "new (4 phases so far)");
        assert_eq!(record(0, 0, 1).summary(), "new (1 phase so far)");
    }

    #[test]
    fn the_minimum_lets_in_those_at_or_above_it_and_new_players_unless_told() {
        let mut s = crate::Settings { min_reliability: Some(80), ..crate::Settings::default() };
        assert!(may_join_with(&s, &record(8, 0, 2)).is_ok());
        let e = may_join_with(&s, &record(9, 0, 5)).unwrap_err().to_string();
        assert!(e.starts_with("your reliability in this server is 64% (9 of 14 phases in time or after grace); this game asks for 80%"), "{e}");
        assert!(may_join_with(&s, &record(0, 0, 4)).is_ok());
        s.min_reliability_new = false;
        let e = may_join_with(&s, &record(0, 0, 4)).unwrap_err().to_string();
        assert!(e.contains("takes no new players") && e.contains("4 phases"), "{e}");
        s.min_reliability = None;
        assert!(may_join_with(&s, &record(0, 0, 9)).is_ok(), "no minimum: anyone");
    }
}
