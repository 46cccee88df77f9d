//! The windows of a hashed phase as the lifecycle moves it on
//! (`docs/lifecycle.md`): a move window opening after a pause (Chess
//! Wheel+'s Replenish), the commit window closing into the reveal window
//! or, with nothing to reveal, the resolution ([`AfterCommit`]), and a
//! reveal window left with nothing to reveal
//! ([`crate::lifecycle::reveals_done`]).

use std::collections::BTreeSet;

use crate::lifecycle::{AfterCommit, Refusal};
use crate::lifecycle::{GameStatus, Stage};
use crate::store::{self};
use crate::{format_duration, GameError, Reply, Service};

impl Service {
    /// Ends a commit window (exactly once, whoever triggers it), as the
    /// lifecycle's [`AfterCommit`] says: the reveal window opens, closing
    /// after the reveal length or on the calendar; or, when nobody
    /// committed, there is nothing to reveal and the phase resolves at once.
    pub(crate) fn open_reveals(&self, game: i64, seq: i64, why: &str) -> Result<Vec<Reply>, GameError> {
        self.store.write(|c| self.open_reveals_in(c, game, seq, why))
    }

    /// [`Service::open_reveals`] in the caller's transaction.
    pub(crate) fn open_reveals_in(
        &self,
        c: &rusqlite::Connection,
        game: i64,
        seq: i64,
        why: &str,
    ) -> Result<Vec<Reply>, GameError> {
        let now = self.now();
        let Some(g) = store::game(c, game)?.filter(|g| g.status == GameStatus::Active) else {
            return Ok(Vec::new());
        };
        let Some(row) = store::phase(c, game, seq)?.filter(|r| r.open && r.stage == Stage::Commit) else {
            return Ok(Vec::new());
        };
        let settings = crate::settings_of(&g);
        let committed: BTreeSet<String> = store::commitments(c, game, seq)?.into_iter().map(|m| m.power).collect();
        if AfterCommit::of(committed.len(), &settings) == AfterCommit::Resolve {
            let why = format!("{why}; nobody committed, so there was nothing to reveal");
            return self.resolve_in(c, game, seq, &why);
        }
        let deadline = settings.reveal_deadline(now);
        if !crate::lifecycle::change_stage(c, (game, seq), Stage::Commit, Stage::Reveal, Some(deadline))? {
            return Ok(Vec::new());
        }
        let name = row.name;
        let closes = format!("{}{}", format_duration(deadline - now), settings.local_suffix(deadline));
        let text = if committed.is_empty() {
            // Only a calendar game (Chess Wheel+) keeps a reveal window nobody can use: say what it is for.
            let meanwhile = if matches!(crate::kind_of(&g, &settings)?, crate::Game::ChessWheel(_)) {
                "; until then `board create` and `board populate` are still taken"
            } else {
                ""
            };
            format!(
                "The commit window of {name} has closed ({why}); nobody committed, so there is nothing to reveal and no orders are played in {name}. It keeps its calendar: it resolves when its resolve window closes, in {closes}{meanwhile}."
            )
        } else {
            format!(
                "The commit window of {name} has closed ({why}); committed: {}. Reveal your orders now: `reveal` with the exact text you committed. The reveal window closes in {closes}.",
                committed.into_iter().collect::<Vec<_>>().join(", ")
            )
        };
        let mut out = vec![Reply::public(text).due(Some(deadline))];
        out.extend(Self::proposal_windows(c, game, seq, Stage::Reveal)?);
        let out = self.announced_all(c, &g, out)?;
        // Whoever committed is told by direct message to reveal.
        let dms = self.opening_dms(c, game, seq)?;
        self.tell(c, &g, dms)?;
        Ok(out)
    }

    /// The open phase of `game`, if it is a reveal window with nothing left
    /// to reveal ([`crate::lifecycle::reveals_done`]) after commitments
    /// stopped counting (a seat changed hands, a power conceded): its number
    /// and why it resolves.
    pub(crate) fn nothing_left_to_reveal(
        c: &rusqlite::Connection,
        game: i64,
    ) -> Result<Option<(i64, &'static str)>, GameError> {
        let Some(g) = store::game(c, game)?.filter(|g| g.status == GameStatus::Active) else { return Ok(None) };
        let Some(row) = store::phase(c, game, g.phase_seq)?.filter(|r| r.open && r.stage == Stage::Reveal) else {
            return Ok(None);
        };
        let counted = crate::hashed::unrevealed::latest(&store::commitments(c, game, row.seq)?).len();
        let unrevealed = crate::hashed::unrevealed::unrevealed(c, game, row.seq)?.len();
        if !crate::lifecycle::reveals_done(counted, unrevealed, &crate::settings_of(&g)) {
            return Ok(None);
        }
        Ok(Some((
            row.seq,
            if counted == 0 {
                "no commitment counts any more, so there is nothing left to reveal"
            } else {
                "every commitment that still counts was revealed"
            },
        )))
    }

    /// Resolves the open phase of `game` in the caller's transaction if
    /// [`Service::nothing_left_to_reveal`] says so, with the announcements.
    pub(crate) fn resolve_if_nothing_left(&self, c: &rusqlite::Connection, game: i64) -> Result<Vec<Reply>, GameError> {
        match Self::nothing_left_to_reveal(c, game)? {
            Some((seq, why)) => self.resolve_in(c, game, seq, why),
            None => Ok(Vec::new()),
        }
    }

    /// Ends a pause before a move window (Chess Wheel+'s Replenish): the
    /// commit window opens (exactly once) if the calendar is in a move window
    /// (or `forced` on the replenish day); otherwise the phase keeps waiting
    /// for the calendar's next move window, and a force says so.
    pub(crate) fn open_commits_in(
        &self,
        c: &rusqlite::Connection,
        game: i64,
        seq: i64,
        why: &str,
        forced: bool,
    ) -> Result<Vec<Reply>, GameError> {
        let now = self.now();
        {
            let Some(g) = store::game(c, game)?.filter(|g| g.status == GameStatus::Active) else {
                return Ok(Vec::new());
            };
            let Some(row) = store::phase(c, game, seq)?.filter(|r| r.open && r.stage == Stage::Wait) else {
                return Ok(Vec::new());
            };
            let settings = crate::settings_of(&g);
            let name = row.name;
            let (stage, deadline) = settings.enter_commit(now, forced);
            if stage == Stage::Wait {
                let when = format!("its calendar time, in {}", format_duration(deadline - now));
                if forced {
                    return Err(Refusal::MoveWindowNotEarly { phase: &name, when: &when }.into());
                }
                if row.deadline == Some(deadline) {
                    return Ok(Vec::new());
                }
                store::set_deadline(c, game, seq, Some(deadline), None)?;
                let text = format!(
                    "The move phase of {name} opens at {when}: its window on the calendar had passed, so it waits for the next one."
                );
                return self.announced_all(c, &g, vec![Reply::public(text).due(Some(deadline))]);
            }
            if !crate::lifecycle::change_stage(c, (game, seq), Stage::Wait, Stage::Commit, Some(deadline))? {
                return Ok(Vec::new());
            }
            let mut out = vec![Reply::public(format!(
                "The move phase of {name} is open ({why}): commit the SHA-256 of your orders with `commit <hash>` within {}.",
                format_duration(deadline - now)
            ))
            .due(Some(deadline))];
            out.extend(Self::proposal_windows(c, game, seq, Stage::Commit)?);
            let out = self.announced_all(c, &g, out)?;
            // The move window is the phase's opening: each player is told by direct message.
            let dms = self.opening_dms(c, game, seq)?;
            self.tell(c, &g, dms)?;
            Ok(out)
        }
    }
}
