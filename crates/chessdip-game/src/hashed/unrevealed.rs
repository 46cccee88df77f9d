//! Commitments that were never revealed. Orders committed in time are never
//! dropped without a word: a moderator's `game force` of a reveal window
//! that would resolve without some of them names their powers and waits
//! for `game force confirm`; whenever a phase resolves with some of them
//! unrevealed (forced, or its reveal window closed), each of their players
//! is told privately; and the text of such a commitment revealed after its
//! phase resolved is answered with what became of it.

use std::collections::BTreeMap;

use crate::lifecycle::Refusal;
use crate::store::{self, Commitment, PhaseRow};
use crate::{format_duration, Caller, GameError, Reply, Service};
use chessdip_rules::words::join_and;

/// The latest of `commitments` (oldest first) of each power, by power: the
/// one that counts.
pub(crate) fn latest(commitments: &[Commitment]) -> Vec<&Commitment> {
    let by_power: BTreeMap<&str, &Commitment> = commitments.iter().map(|m| (m.power.as_str(), m)).collect();
    by_power.into_values().collect()
}

/// The latest commitment that counts of each power in phase `seq` of
/// `game` that no reveal has matched yet, by power.
///
/// # Errors
/// Database errors.
pub(crate) fn unrevealed(c: &rusqlite::Connection, game: i64, seq: i64) -> Result<Vec<Commitment>, GameError> {
    let commitments = store::commitments(c, game, seq)?;
    let reveals = store::reveals(c, game, seq)?;
    Ok(latest(&commitments)
        .into_iter()
        .filter(|m| !reveals.iter().any(|r| r.power == m.power && r.matched && r.hash == m.hash))
        .cloned()
        .collect())
}

/// Whether a moderator's force of `row` (at `now`) may resolve it: in a
/// reveal window with commitments not revealed yet, only `confirmed`.
///
/// # Errors
/// The powers whose commitments the force would drop, and how to confirm;
/// database errors.
pub(crate) fn may_force(
    c: &rusqlite::Connection,
    game: i64,
    row: &PhaseRow,
    now: i64,
    confirmed: bool,
) -> Result<(), GameError> {
    if confirmed || row.stage != crate::lifecycle::Stage::Reveal {
        return Ok(());
    }
    let pending = unrevealed(c, game, row.seq)?;
    if pending.is_empty() {
        return Ok(());
    }
    let seats = store::seats(c, game)?;
    let powers: Vec<String> = pending
        .iter()
        .map(|m| match seats.iter().find(|s| s.power == m.power && s.user == m.user) {
            // A Chess Wheel+ board is named after its player: the name once.
            Some(s) if s.name != m.power => format!("{} ({})", m.power, crate::names::shown(&s.name)),
            _ => m.power.clone(),
        })
        .collect();
    let closes = row.deadline.filter(|d| *d > now).map(|d| format_duration(d - now));
    let powers = join_and(&powers);
    Err(Refusal::UnrevealedCommitments {
        phase: &row.name,
        count: pending.len(),
        powers: &powers,
        closes: closes.as_deref(),
    }
    .into())
}

/// What tells each player whose commitment in the phase `phase` was not
/// revealed when it resolved (`why`, as the result says) that it was not,
/// privately (the caller announces them); `next` names the phase that
/// follows, if the game goes on.
pub(crate) fn notices(dropped: &[Commitment], phase: &str, why: &str, next: Option<&str>) -> Vec<Reply> {
    dropped
        .iter()
        .map(|m| {
            let next = next.map_or(String::new(), |n| format!(" Your next commitment is for {n}."));
            Reply::to_user(
                &m.user,
                format!(
                    "Your commitment for {power} in {phase} (`{hash}`) was not revealed in time: {phase} was resolved ({why}) before a reveal matched it, so {power} had no orders in it. A commitment cannot be revealed once its phase is resolved.{next}",
                    power = m.power,
                    hash = m.hash
                ),
            )
        })
        .collect()
}

/// If `hash` is the commitment of `user` in the last phase of `game` that
/// resolved (the current phase `seq` if it did, as when it ended the game,
/// otherwise the one before it) and it was still unrevealed then: the
/// sentence that says so, for a reveal of it that comes too late.
///
/// # Errors
/// Database errors.
pub(crate) fn too_late(
    c: &rusqlite::Connection,
    game: i64,
    seq: i64,
    user: &str,
    hash: &str,
) -> Result<Option<String>, GameError> {
    let resolved = |seq: i64| -> Result<Option<PhaseRow>, GameError> {
        Ok(store::phase(c, game, seq)?.filter(|r| !r.open && !r.rolled_back))
    };
    let Some(last) = (match resolved(seq)? {
        Some(row) => Some(row),
        None => resolved(seq - 1)?,
    }) else {
        return Ok(None);
    };
    Ok(unrevealed(c, game, last.seq)?.into_iter().find(|m| m.user == user && m.hash == hash).map(|m| {
        format!(
            "This text is {power}'s commitment for {phase}, which was resolved before it was revealed: {power} had no orders in {phase}, and a commitment cannot be revealed once its phase is resolved.",
            power = m.power,
            phase = last.name
        )
    }))
}

impl Service {
    /// `refused`, the refusal of a reveal of the text hashing to `hash`, with
    /// [`too_late`]'s sentence when that text is the caller's commitment
    /// for a phase that resolved before it was revealed.
    pub(crate) fn late_reveal(&self, channel: &str, caller: &Caller, hash: &str, refused: GameError) -> GameError {
        let GameError::State(why) = &refused else { return refused };
        let note = self.store.read(|c| {
            let live = Self::latest_at(c, channel, self.now())?;
            too_late(c, live.game.id, live.game.phase_seq, &caller.user, hash)
        });
        match note {
            Ok(Some(note)) => GameError::State(format!("{why}. {note}")),
            _ => refused,
        }
    }
}
