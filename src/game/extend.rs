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
//! duration until then. `extend` alone shows the votes.

use super::lifecycle::{Command, Refusal, State, Timer};
use super::moderation::deadline_within;
use super::{format_duration, Bounds, Caller, GameError, Live, Reply, Service};
use serde_json::{json, Value};

use crate::rules::words::join_and;
use crate::store::{self, ExtendVote, VoteExtension};

/// How many of `playing` powers must vote to extend: two thirds, rounded up.
#[must_use]
pub fn votes_needed(playing: usize) -> usize {
    (playing * 2).div_ceil(3)
}

impl Service {
    /// The powers that vote on an extension: seated, not conceded, and
    /// with something left on the board.
    fn extension_voters(c: &rusqlite::Connection, live: &Live) -> Result<Vec<String>, GameError> {
        let (_, position) = Self::current_phase(c, live)?;
        let conceded = store::concessions(c, live.game.id)?;
        let seated = store::players(c, live.game.id)?;
        Ok(Self::all_powers(c, live)?
            .into_iter()
            .filter(|p| position.alive(p) && !conceded.contains(p) && seated.iter().any(|(q, _)| q == p))
            .collect())
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
            if !voters.contains(&power) {
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
            let votes: Vec<ExtendVote> = store::extend_votes(c, live.game.id, row.seq)?
                .into_iter()
                .filter(|v| voters.contains(&v.power))
                .collect();
            let needed = votes_needed(voters.len());
            let by = format_duration(secs);
            let mut text = match before {
                Some(old) => format!(
                    "{} ({power}) changes their vote: extend {} by {by}, not {}: {} of {needed} needed.",
                    caller.name,
                    row.name,
                    format_duration(old),
                    votes.len()
                ),
                None => format!(
                    "{} ({power}) votes to extend {} by {by}: {} of {needed} needed.",
                    caller.name,
                    row.name,
                    votes.len()
                ),
            };
            if votes.len() < needed {
                text += " `extend vote <duration>` to vote; the shortest duration voted is taken.";
                return Ok(vec![self.announced(c, &live.game, Reply::public(text))?]);
            }
            let shortest = votes.iter().map(|v| v.secs).min().unwrap_or(secs);
            let from = match &live.state {
                State::Running(r) => match r.timer {
                    Timer::Due(d) => d.max(now),
                    _ => now,
                },
                _ => now,
            };
            let until = now + deadline_within(live.settings.deadline_after(from, shortest) - now)?;
            store::record_vote_extension(
                c,
                live.game.id,
                &VoteExtension { seq: row.seq, secs: shortest, from, until, at: now },
            )?;
            store::set_deadline(c, live.game.id, row.seq, Some(until), None)?;
            let names: Vec<String> = votes.iter().map(|v| v.power.clone()).collect();
            text += &format!(
                "\n**{} is extended by vote** ({}): by {}, the shortest duration voted. It is now due in {}{}.",
                row.name,
                join_and(&names),
                format_duration(shortest),
                format_duration(until - now),
                live.settings.local_suffix(until)
            );
            Ok(vec![self.announced(c, &live.game, Reply::public(text).due(Some(until)))?])
        })
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
                .filter(|v| voters.contains(&v.power))
                .map(|v| format!("{} {}", v.power, format_duration(v.secs)))
                .collect();
            let needed = votes_needed(voters.len());
            let said = if votes.is_empty() {
                format!("No votes to extend {} yet", row.name)
            } else {
                format!("Votes to extend {}: {}", row.name, join_and(&votes))
            };
            Ok(Reply::private(format!(
                "{said} ({} of {needed} needed, two thirds of the {} powers still playing; the shortest duration voted is taken, once per phase). Vote with `extend vote <duration>`, e.g. `extend vote 24h`.",
                votes.len(),
                voters.len()
            )))
        })
    }
}

/// Phase `seq`'s votes to extend (`power`, `user`, `secs`, `at`) and its
/// extension by vote (`secs`, `from`, `until`, `at`; null without one), for the export.
///
/// # Errors
/// Database errors.
pub(super) fn export_json(c: &rusqlite::Connection, game: i64, seq: i64) -> Result<(Value, Value), GameError> {
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
    use super::votes_needed;

    #[test]
    fn two_thirds_rounded_up() {
        assert_eq!([1, 2, 3, 4, 5, 6, 7].map(votes_needed), [1, 2, 2, 3, 4, 4, 5]);
    }
}
