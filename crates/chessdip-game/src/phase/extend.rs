//! Players extend a deadline without a moderator: `extend vote <duration>`.
//!
//! A seated power still playing (not conceded, with something left on the
//! board) votes for a duration; the votes are public, each announced in
//! the channel. When two thirds of the powers still playing (rounded up)
//! have voted in the current phase, its deadline moves by the shortest
//! duration voted, from the current deadline (or from now if it has
//! passed), within the bounds of `game extend`; in a game with fixed-time
//! deadlines it lands on the first fixed time at least that long after.
//! A phase is extended by vote at most once; a power may change its
//! duration until then. A vote counts while its power still votes and is
//! held by whoever cast it (a seat that changes hands starts with none);
//! when a power stops voting (it concedes), the votes already cast may be
//! enough, and the extension is made then. `extend` alone shows the votes.

use serde_json::{json, Value};

use crate::lifecycle::{Command, Refusal, State, Timer};
use crate::moderation::deadline_within;
use crate::store::{self, ExtendVote, VoteExtension};
use crate::{format_duration, Bounds, Caller, GameError, Live, Reply, Service};
use chessdip_rules::words::{count, join_and};

/// The powers that vote on an extension, with the user holding each.
struct Voters(Vec<(String, String)>);

impl Voters {
    /// Whether `vote` counts: its power still votes and is held by whoever
    /// cast it (a seat that changed hands starts with no vote).
    fn count(&self, vote: &ExtendVote) -> bool {
        self.0.iter().any(|(p, u)| *p == vote.power && *u == vote.user)
    }
}

/// `2 of 3 needed`; past the threshold (the voters became fewer), `3 votes, 2 needed`.
fn tally(cast: usize, needed: usize) -> String {
    if cast <= needed {
        format!("{cast} of {needed} needed")
    } else {
        format!("{}, {needed} needed", count(cast, "vote"))
    }
}

/// How many of `playing` powers must vote to extend: two thirds, rounded up.
#[must_use]
pub fn votes_needed(playing: usize) -> usize {
    (playing * 2).div_ceil(3)
}

impl Service {
    /// The powers that vote on an extension, with who holds each: seated
    /// by a person (a bot has no use for more time and never votes), not
    /// conceded, and with something left on the board.
    fn extension_voters(c: &rusqlite::Connection, live: &Live) -> Result<Voters, GameError> {
        let (_, position) = Self::current_phase(c, live)?;
        let conceded = store::concessions(c, live.game.id)?;
        let seated = store::players(c, live.game.id)?;
        let all = Self::all_powers(c, live)?;
        Ok(Voters(
            seated
                .into_iter()
                .filter(|(p, u)| all.contains(p) && position.alive(p) && !conceded.contains(p) && !store::is_bot(u))
                .collect(),
        ))
    }

    /// `extend vote <duration>`: the caller's power votes to extend the
    /// current phase by `secs` (or changes its vote). The vote is announced;
    /// when it completes two thirds of the powers still playing, the
    /// deadline moves by the shortest duration voted and that is announced.
    ///
    /// # Errors
    /// Not a player, conceded or out of the game, the game forming, paused,
    /// ended or on a calendar, the phase already extended by vote, the same
    /// vote again, a duration out of bounds, or a deadline that would be too far.
    pub fn vote_extend(&self, channel: &str, caller: &Caller, secs: i64) -> Result<Vec<Reply>, GameError> {
        let secs = Bounds::CHANGE.check(secs, &format_duration(secs))?;
        let now = self.now();
        self.store.write(|c| {
            let live = self.game_for(c, channel, Command::ExtendVote)?;
            let power = Self::playing(c, &live, caller)?;
            let (row, _) = Self::current_phase(c, &live)?;
            let voters = Self::extension_voters(c, &live)?;
            if !voters.0.iter().any(|(p, _)| *p == power) {
                return Err(Refusal::OutOfTheGame { power: &power }.into());
            }
            if let Some(done) = store::vote_extension(c, live.game.id, row.seq)? {
                return Err(Refusal::ExtendedByVote { phase: &row.name, by: &format_duration(done.secs) }.into());
            }
            let vote = ExtendVote { power: power.clone(), user: caller.user.clone(), secs, at: now };
            let before = store::set_extend_vote(c, live.game.id, row.seq, &vote)?;
            if before == Some(secs) {
                return Err(
                    Refusal::ExtendVoteStands { power: &power, phase: &row.name, by: &format_duration(secs) }.into()
                );
            }
            let votes = store::extend_votes(c, live.game.id, row.seq)?;
            let cast = votes.iter().filter(|v| voters.count(v)).count();
            let tally = tally(cast, votes_needed(voters.0.len()));
            let by = format_duration(secs);
            let mut text = match before {
                Some(old) => format!(
                    "{} ({power}) changes their vote: extend {} by {by}, not {}: {tally}.",
                    crate::names::shown(&caller.name),
                    row.name,
                    format_duration(old)
                ),
                None => {
                    format!(
                        "{} ({power}) votes to extend {} by {by}: {tally}.",
                        crate::names::shown(&caller.name),
                        row.name
                    )
                }
            };
            let Some((carried, until)) = self.carry_extension_votes(c, &live)? else {
                text += " `extend vote <duration>` to vote; the shortest duration voted is taken.";
                return Ok(vec![self.announced(c, &live.game, Reply::public(text))?]);
            };
            text += &format!("\n{carried}");
            Ok(vec![self.announced(c, &live.game, Reply::public(text).due(Some(until)))?])
        })
    }

    /// Extends the current phase if the votes cast in it are enough now
    /// (two thirds of the powers still playing, who may have become fewer
    /// since the votes were cast) and it was not extended by vote yet:
    /// records the extension, moves the deadline, and returns what to
    /// announce and the new deadline. The caller announces it, in its transaction.
    ///
    /// # Errors
    /// A deadline that would be too far; database errors.
    pub(crate) fn carry_extension_votes(
        &self,
        c: &rusqlite::Connection,
        live: &Live,
    ) -> Result<Option<(String, i64)>, GameError> {
        let now = self.now();
        let Ok((row, _)) = Self::current_phase(c, live) else { return Ok(None) };
        let State::Running(running) = &live.state else { return Ok(None) };
        if live.settings.cycle.is_calendar() || store::vote_extension(c, live.game.id, row.seq)?.is_some() {
            return Ok(None);
        }
        let voters = Self::extension_voters(c, live)?;
        let votes: Vec<ExtendVote> =
            store::extend_votes(c, live.game.id, row.seq)?.into_iter().filter(|v| voters.count(v)).collect();
        let Some(shortest) = votes.iter().map(|v| v.secs).min() else { return Ok(None) };
        if votes.len() < votes_needed(voters.0.len()) {
            return Ok(None);
        }
        let from = match running.timer {
            Timer::Due(d) => d.max(now),
            Timer::WaitingForModerator { .. } | Timer::Paused { .. } => now,
        };
        let until = now + deadline_within(live.settings.deadline_after(from, shortest) - now)?;
        store::record_vote_extension(
            c,
            live.game.id,
            &VoteExtension { seq: row.seq, secs: shortest, from, until, at: now },
        )?;
        store::set_deadline(c, live.game.id, row.seq, Some(until), None)?;
        let names: Vec<String> = votes.iter().map(|v| v.power.clone()).collect();
        let text = format!(
            "**{} is extended by vote** ({}): by {}, the shortest duration voted. It is now due in {}{}.",
            row.name,
            join_and(&names),
            format_duration(shortest),
            format_duration(until - now),
            live.settings.local_suffix(until)
        );
        Ok(Some((text, until)))
    }

    /// After `power` stopped voting (it conceded, or lost its seat): the
    /// sentence to add to that announcement if the votes already cast now
    /// carry the extension, and the new deadline. An extension that would
    /// put the deadline too far away is not made (the next vote says why).
    ///
    /// # Errors
    /// Database errors.
    pub(crate) fn extension_after_leaving(
        &self,
        c: &rusqlite::Connection,
        live: &Live,
        power: &str,
    ) -> Result<Option<(String, i64)>, GameError> {
        match self.carry_extension_votes(c, live) {
            Ok(Some((text, until))) => {
                Ok(Some((format!("With {power} no longer voting, the votes cast are enough: {text}"), until)))
            }
            Ok(None) | Err(GameError::Invalid(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// `extend`: the votes to extend the current phase, how many are
    /// needed, and whether it was extended by vote already.
    ///
    /// # Errors
    /// No game, the game not started or ended.
    pub fn extend_votes(&self, channel: &str) -> Result<Reply, GameError> {
        self.store.read(|c| {
            let live = self.latest(c, channel)?;
            live.state.started()?;
            let (row, _) = Self::current_phase(c, &live)?;
            if let Some(done) = store::vote_extension(c, live.game.id, row.seq)? {
                return Ok(Reply::private(format!(
                    "{} was extended by vote by {}{}: the players extend a phase once; a moderator can still `game extend`.",
                    row.name,
                    format_duration(done.secs),
                    live.settings.local_time(done.until).map(|l| format!(", to {l}")).unwrap_or_default()
                )));
            }
            let voters = Self::extension_voters(c, &live)?;
            let votes: Vec<String> = store::extend_votes(c, live.game.id, row.seq)?
                .into_iter()
                .filter(|v| voters.count(v))
                .map(|v| format!("{} {}", v.power, format_duration(v.secs)))
                .collect();
            let needed = votes_needed(voters.0.len());
            let said = if votes.is_empty() {
                format!("No votes to extend {} yet", row.name)
            } else {
                format!("Votes to extend {}: {}", row.name, join_and(&votes))
            };
            Ok(Reply::private(format!(
                "{said} ({}, two thirds of the {} still playing; the shortest duration voted is taken, once per phase). Vote with `extend vote <duration>`, e.g. `extend vote 24h`.",
                tally(votes.len(), needed),
                count(voters.0.len(), "power")
            )))
        })
    }
}

/// Phase `seq`'s votes to extend (`power`, `user`, `secs`, `at`) and its
/// extension by vote (`secs`, `from`, `until`, `at`; null without one), for the export.
///
/// # Errors
/// Database errors.
pub(crate) fn export_json(c: &rusqlite::Connection, game: i64, seq: i64) -> Result<(Value, Value), GameError> {
    let votes: Vec<Value> = store::extend_votes(c, game, seq)?
        .into_iter()
        .map(|v| json!({"power": v.power, "user": v.user, "secs": v.secs, "at": v.at}))
        .collect();
    let extension = store::vote_extension(c, game, seq)?
        .map_or(Value::Null, |e| json!({"secs": e.secs, "from": e.from, "until": e.until, "at": e.at}));
    Ok((Value::Array(votes), extension))
}

#[cfg(test)]
mod tests {
    use super::{tally, votes_needed};

    #[test]
    fn two_thirds_rounded_up() {
        assert_eq!([1, 2, 3, 4, 5, 6, 7].map(votes_needed), [1, 2, 2, 3, 4, 4, 5]);
    }

    #[test]
    fn the_count_reads_past_the_threshold() {
        assert_eq!(tally(1, 2), "1 of 2 needed");
        assert_eq!(tally(3, 2), "3 votes, 2 needed");
    }
}
